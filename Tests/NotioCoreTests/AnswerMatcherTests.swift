import Foundation
import Testing
@testable import NotioCore

struct AnswerMatcherTests {
    let matcher = AnswerMatcher()

    @Test("accepts what a fair teacher accepts", arguments: [
        ("프로세스", "프로세스", [String]()),
        ("  프로세스.  ", "프로세스", []),
        ("프로세스입니다", "프로세스", []),
        ("프로세스예요", "프로세스", []),
        ("스레드이다", "스레드", []),
        ("스레드요", "스레드", []),
        ("세마포어를", "세마포어", []),
        ("교착상태", "교착 상태(Deadlock)", []),
        ("교착 상태", "교착 상태(Deadlock)", []),
        ("deadlock", "교착 상태(Deadlock)", []),
        ("DEADLOCK!", "교착 상태(Deadlock)", []),
        ("the deadlock", "교착 상태(Deadlock)", []),
        ("교착 상태(Deadlock)", "교착 상태(Deadlock)", []),
        ("가상메모리", "가상 메모리", []),
        ("가상 메모리는", "가상 메모리", []),
        ("ＣＰＵ　스케줄링", "CPU 스케줄링", []),
        ("cpu scheduling", "CPU 스케줄링", ["CPU scheduling"]),
        ("PCB", "프로세스 제어 블록", ["PCB"]),
        ("세마포아", "세마포어", []),             // one syllable off in four
        ("페이지 테이브", "페이지 테이블", []),    // one off in six
        ("round robbin", "Round Robin", []),     // one off in ten letters
        ("rund robbin", "Round Robin", []),      // two off in ten letters
        ("3", "3", []),
        ("３", "3", []),
        ("3개", "3", []),
        ("세 개", "3", []),
        ("three", "3", []),
        ("32", "32비트", []),
        ("32 비트", "32비트", []),
        ("4가지", "4가지", []),
        ("네 가지", "4가지", []),
        ("\u{1111}\u{1166}\u{110B}\u{1175}\u{110C}\u{1175}\u{11BC}", "페이징", []), // NFD input
        ("스레드 (경량 프로세스)", "스레드", []),
        ("PDF 파일", "PDF", []),                  // the answer plus a generic head noun
        ("PDF파일이요", "PDF", []),
        ("라운드 로빈 방식", "라운드 로빈", []),
        ("python language", "Python", []),
    ])
    func accepts(given: String, answer: String, alternatives: [String]) {
        #expect(matcher.isCorrect(given: given, answer: answer, alternatives: alternatives), "\(given) for \(answer)")
    }

    @Test("rejects what a fair teacher rejects", arguments: [
        ("", "프로세스"),
        ("   ", "프로세스"),
        ("64비트", "32비트"),
        ("33비트", "32비트"),
        ("4", "3"),
        ("30", "3"),
        ("3바이트", "3비트"),
        ("비선점형", "선점형"),
        ("선점형", "비선점형"),
        ("non-preemptive", "preemptive"),
        ("unsafe", "safe"),
        ("불안정", "안정"),
        ("UDP", "TCP"),
        ("TCB", "TCP"),
        ("LRU", "LFU"),
        ("프로세스가 아닌 스레드", "프로세스"),
        ("프로세스 말고 스레드", "프로세스"),
        ("not deadlock", "deadlock"),
        ("스레드", "프로세스"),
        ("프로세스 스레드 교착 상태", "프로세스"),
        ("세그먼트", "세그멘테이션"),
        ("뮤텍스", "세마포어"),
        ("세마", "세마포어"),
        ("내부 단편화", "외부 단편화"),
        ("페이지 테이블", "세그먼트 테이블"),
        ("deadlocks happen", "deadlock"),
        ("비선점 방식", "선점"),                    // a head noun does not bridge a negation
        ("파일", "PDF"),
        ("UDP 프로토콜", "TCP"),
    ])
    func rejects(given: String, answer: String) {
        #expect(!matcher.isCorrect(given: given, answer: answer, alternatives: []), "\(given) for \(answer)")
    }

    @Test func listedAlternativesCount() {
        #expect(matcher.isCorrect(given: "lightweight process", answer: "스레드", alternatives: ["Thread", "lightweight process"]))
        #expect(matcher.isCorrect(given: "thread", answer: "스레드", alternatives: ["Thread"]))
        #expect(!matcher.isCorrect(given: "process", answer: "스레드", alternatives: ["Thread"]))
    }

    /// A key written in hanja is the key (the readings from libhangul's table, which make
    /// installs); a wrong character or another word in hanja is not.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: HanjaReadings.tablePath)))
    func aKeyWrittenInHanjaIsTheKey() {
        #expect(matcher.isCorrect(given: "大統領", answer: "대통령"))
        #expect(matcher.isCorrect(given: "大統領이", answer: "대통령"))
        // 領 reads 령 inside a word and 영 at its start: both are its readings.
        #expect(matcher.isCorrect(given: "領土", answer: "영토"))
        #expect(matcher.isCorrect(given: "國會", answer: "의회", alternatives: ["국회"]))
        #expect(matcher.verdict(given: "大統領", answer: "대통령") == AnswerVerdict(isCorrect: true, reason: .otherSpelling("대통령")))
        #expect(!matcher.isCorrect(given: "國會", answer: "정부"))
        #expect(!matcher.isCorrect(given: "大統", answer: "대통령"))
        #expect(!matcher.verdict(given: "小統領", answer: "대통령").isCorrect)
    }

    @Test func typoAllowanceGrowsWithLength() {
        // ≤ 3 letters: none. 4–7: one. ≥ 8: two.
        #expect(!matcher.isCorrect(given: "abd", answer: "abc", alternatives: []))
        #expect(matcher.isCorrect(given: "abcx", answer: "abcd", alternatives: []))
        #expect(!matcher.isCorrect(given: "abxy", answer: "abcd", alternatives: []))
        #expect(matcher.isCorrect(given: "semaphroe", answer: "semaphore", alternatives: []))
        #expect(!matcher.isCorrect(given: "smaphroe", answer: "semaphore", alternatives: []))
        // A Hangul typo is one letter (jamo) of a syllable; a wholly different syllable changes the word.
        #expect(matcher.isCorrect(given: "스케쥴링", answer: "스케줄링", alternatives: []))
        #expect(!matcher.isCorrect(given: "동적 할당", answer: "정적 할당", alternatives: []))
    }

    @Test func normalisationFoldsFormCaseSpacingPunctuation() {
        #expect(AnswerMatcher.normalized("  교착 상태 (Deadlock)! ") == "교착상태deadlock")
        #expect(AnswerMatcher.normalized("ＴＣＰ／ＩＰ") == "tcpip")
        #expect(AnswerMatcher.stem("스레드입니다.") == "스레드")
        #expect(AnswerMatcher.stem("가상 메모리를") == "가상메모리")
    }

    /// Speed is measured by `make bench`; here, a thousand answers in a row grade the same.
    @Test func gradingManyAnswersGivesTheSameVerdicts() {
        let answers = ["교착 상태(Deadlock)", "세마포어", "가상 메모리", "CPU 스케줄링", "32비트", "Round Robin"]
        let givens = ["교착상태", "세마포아", "가상 메모리는", "cpu 스케쥴링", "64비트", "round robbin"]
        let start = Date()
        var accepted = 0
        for i in 0..<1000 where matcher.isCorrect(given: givens[i % 6], answer: answers[i % 6], alternatives: []) { accepted += 1 }
        let elapsed = Date().timeIntervalSince(start)
        print("answer matcher: 1,000 short answers in \(Int(elapsed * 1000)) ms")
        #expect(accepted == 834) // all but the 64비트 for 32비트 (167 of them)
    }
}

extension AnswerMatcherTests {
    @Test func numbersCompareByValueOfTheirDigits() {
        #expect(AnswerMatcher.digitRuns("007bond0x10") == ["7", "0", "10"])
        #expect(matcher.isCorrect(given: "0", answer: "0", alternatives: []))
        #expect(!matcher.isCorrect(given: "0", answer: "10", alternatives: []))
        #expect(matcher.isCorrect(given: "07", answer: "7", alternatives: []))
    }
}

/// The reason shown with a graded answer agrees with the grade and names the allowance used.
struct AnswerVerdictTests {
    let matcher = AnswerMatcher()

    func reason(_ given: String, _ answer: String, _ alternatives: [String] = []) -> AnswerVerdict.Reason {
        let verdict = matcher.verdict(given: given, answer: answer, alternatives: alternatives)
        #expect(verdict.isCorrect == matcher.isCorrect(given: given, answer: answer, alternatives: alternatives), "\(given) / \(answer)")
        return verdict.reason
    }

    @Test func acceptedAnswersSayWhy() {
        #expect(reason("라운드 로빈", "라운드 로빈") == .exact)
        #expect(reason("라운드로빈", "라운드 로빈") == .spacingOrCase)
        #expect(reason("linux", "Linux") == .spacingOrCase)
        #expect(reason("스레드입니다.", "스레드") == .particle)
        #expect(reason("Linux", "리눅스", ["Linux"]) == .otherSpelling("Linux"))
        #expect(reason("deadlock", "교착 상태(Deadlock)") == .otherSpelling("Deadlock"))
        #expect(reason("교착 상태", "교착 상태(Deadlock)") == .exact)
        #expect(reason("PDF 파일", "PDF") == .headNoun("파일"))
        #expect(reason("세 개", "3개") == .spelledNumber("3개"))
        #expect(reason("세마포오", "세마포어") == .typo)
    }

    @Test func refusedAnswersSayWhy() {
        #expect(reason("", "스레드") == .blank)
        #expect(reason("   ", "스레드") == .blank)
        #expect(reason("비선점형", "선점형") == .opposite)
        #expect(reason("선점형이 아닌 방식", "선점형") == .opposite)
        #expect(reason("64비트", "32비트") == .otherNumber)
        #expect(reason("프로세스", "스레드") == .different)
    }

    @Test func choicesAndStoredGrades() {
        let q = Question(kind: .choice, form: .name, prompt: "p", options: ["a", "b", "c", "d"], correctIndex: 1, answer: "b", conceptName: "x")
        #expect(AnswerVerdict.of(q, given: "b", choice: 1).reason == .rightOption)
        #expect(AnswerVerdict.of(q, given: "c", choice: 2).reason == .otherOption)
        #expect(AnswerVerdict.of(q, given: "c", choice: nil, stored: false).reason == .otherOption, "the notebook keeps the option's text")
        #expect(AnswerVerdict.of(q, given: "", choice: nil).reason == .blank)
        let short = Question(kind: .short, form: .name, prompt: "p", answer: "스레드", conceptName: "x")
        // A grade stored before the matcher changed wins; the reason then is the plain one.
        #expect(AnswerVerdict.of(short, given: "스레드", choice: nil, stored: false) == AnswerVerdict(isCorrect: false, reason: .different))
        #expect(AnswerVerdict.of(short, given: "스레드", choice: nil, stored: true).reason == .exact)
        #expect(AnswerVerdict.Reason.headNoun("파일").code == "head_noun")
    }
}
