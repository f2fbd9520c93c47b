import Testing
@testable import NotioCore

@Suite struct AccountRulesTests {
    @Test(arguments: ["a@b.io", "study@notio.io", "first.last+tag@mail.example.co.kr"])
    func acceptsRealEmails(_ email: String) { #expect(AccountRules.isValidEmail(email)) }

    @Test(arguments: ["", "a", "a@", "@b.io", "a@b", "a b@c.io", "a@b.c", "a@@b.io", "a@-b.io"])
    func rejectsOthers(_ email: String) { #expect(!AccountRules.isValidEmail(email)) }

    @Test func strengthHint() {
        #expect(AccountRules.strength(of: "abc") == .weak)
        #expect(AccountRules.strength(of: "abcdefgh") == .weak)
        #expect(AccountRules.strength(of: "abcdefg1") == .fair)
        #expect(AccountRules.strength(of: "Abcdefg1!xyz") == .strong)
    }

    @Test func signupProblemsNameEachField() {
        #expect(AccountRules.signupProblems(email: "a@b.io", password: "12345678", name: "민아", agreeTerms: true).isEmpty)
        let p = AccountRules.signupProblems(email: "x", password: "1234567", name: "  ", agreeTerms: false)
        #expect(Set(p.keys) == ["email", "password", "name", "agreeTerms"])
    }

    @Test func particlesAreStripped() {
        #expect(KoreanText.stripParticle("운영체제는") == "운영체제")
        #expect(KoreanText.stripParticle("CPU는") == "CPU")
        #expect(KoreanText.stripParticle("국가") == "국가")
        #expect(KoreanText.stripParticle("프로세스를") == "프로세스")
    }
}
