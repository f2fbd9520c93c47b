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

@Suite struct EmailLookAlikeTests {
    @Test func compatibilityFormsAreTheSameEmail() {
        #expect(AccountRules.normalisedEmail("ｓｔｕｄｙ@notio.io") == "study@notio.io")
        #expect(AccountRules.normalisedEmail("𝐬𝐭𝐮𝐝𝐲@ＮＯＴＩＯ.io") == "study@notio.io")
        #expect(AccountRules.emailProblem(AccountRules.normalisedEmail("ｓｔｕｄｙ@notio.io")) == nil)
    }

    @Test(arguments: ["stu\u{00AD}dy@notio.io", "stu\u{200B}dy@notio.io", "study\u{200D}@notio.io", "\u{202E}study@notio.io",
                      "st\u{2066}udy@notio.io", "\u{FEFF}study@notio.io", "study@no\u{034F}tio.io", "stu\u{3164}dy@notio.io",
                      "stu\u{0007}dy@notio.io", "study@notio\u{2060}.io"])
    func invisibleCharactersAreRefused(_ email: String) {
        #expect(AccountRules.emailProblem(AccountRules.normalisedEmail(email)) == "email_invisible_characters")
    }

    @Test(arguments: ["\u{0455}tudy@notio.io", "stud\u{0443}@notio.io", "study@n\u{043E}tio.io", "\u{03BF}pen@notio.io", "p\u{0561}ss@notio.io"])
    func lookAlikeLettersFromAnotherAlphabetAreRefused(_ email: String) {
        #expect(AccountRules.emailProblem(AccountRules.normalisedEmail(email)) == "email_mixed_scripts")
    }

    @Test(arguments: ["иван@почта.рф", "θεός@example.gr", "민아@example.kr", "mina민아@example.kr", "café@example.fr", "first.last+tag@mail.example.co.kr"])
    func oneAlphabetPerPartIsFine(_ email: String) {
        #expect(AccountRules.emailProblem(AccountRules.normalisedEmail(email)) == nil)
    }

    /// `victiḿ@example.com` beside `victim@example.com`: a mark added to a letter of the local
    /// part, typed as a combining mark or as one precomposed letter, is a look-alike.
    @Test(arguments: ["victim\u{0301}@example.com", "victi\u{1E3F}@example.com", "m\u{0302}ina@example.com",
                      "nguy\u{1EC5}n@example.vn", "stu\u{0308}\u{0308}dy@notio.io", "\u{0301}study@notio.io", "학생\u{0301}@example.kr"])
    func marksAddedToLettersOfTheLocalPartAreRefused(_ email: String) {
        #expect(AccountRules.emailProblem(AccountRules.normalisedEmail(email)) == "email_combining_marks")
    }

    @Test(arguments: ["victim@example.com", "café@example.fr", "cafe\u{0301}@example.fr", "józef.ő@example.hu", "йога@почта.рф",
                      "θεός@example.gr", "학생@example.kr", "がくせい@example.jp", "study@bu\u{0308}cher.de"])
    func lettersOfTheAlphabetsPeopleTypeStay(_ email: String) {
        #expect(AccountRules.emailProblem(AccountRules.normalisedEmail(email)) == nil)
    }

    @Test func signupNamesTheEmailProblem() {
        let p = AccountRules.signupProblems(email: "stu\u{00AD}dy@notio.io", password: "12345678", name: "x", agreeTerms: true)
        #expect(p == ["email": "email_invisible_characters"])
    }
}
