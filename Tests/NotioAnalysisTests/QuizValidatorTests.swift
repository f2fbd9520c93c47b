import Testing
import NotioCore
@testable import NotioAnalysis

struct QuizValidatorTests {
    func choice(_ prompt: String, _ options: [String], index: Int?, answer: String, alternatives: [String] = []) -> Question {
        Question(id: "q", kind: .choice, form: .name, prompt: prompt, options: options, correctIndex: index,
                 answer: answer, alternatives: alternatives, conceptId: "c", conceptName: "개념", page: 1)
    }

    let prompt = "다음 설명에 해당하는 개념은? 둘 이상의 프로세스가 서로의 자원을 기다리며 멈춘 상태"
    let options = ["세마포어", "교착 상태", "페이징", "스레드"]

    @Test func wrongIndexIsRepairedFromTheAnswerText() {
        let out = QuestionValidator.validated([choice(prompt, options, index: 3, answer: "교착 상태")], avoiding: [])
        #expect(out.count == 1 && out[0].correctIndex == 1 && out[0].answer == "교착 상태")
    }

    @Test func absentIndexIsFoundAndSpacingCaseAndPunctuationDoNotMatter() {
        let out = QuestionValidator.validated([choice(prompt, [" 세마포어 ", "교착 상태.", "페이징", "스레드"], index: nil, answer: "교착상태")], avoiding: [])
        #expect(out.count == 1 && out[0].correctIndex == 1)
        #expect(out[0].options[0] == "세마포어")
    }

    @Test func lenientMatchWhenExactlyOneOptionFits() {
        let out = QuestionValidator.validated([choice(prompt, ["세마포어", "교착 상태(Deadlock)", "페이징", "스레드"], index: 0, answer: "deadlock")], avoiding: [])
        #expect(out.count == 1 && out[0].correctIndex == 1 && out[0].answer == "교착 상태(Deadlock)")
    }

    @Test func answerAbsentOrAmbiguousIsDropped() {
        #expect(QuestionValidator.validated([choice(prompt, options, index: 1, answer: "뮤텍스")], avoiding: []).isEmpty)
        // "교착상태" matches two options leniently: neither can be trusted.
        let twice = choice(prompt, ["교착 상태(Deadlock)", "교착상태 (deadlock)", "페이징", "스레드"], index: 0, answer: "교착상태")
        #expect(QuestionValidator.validated([twice], avoiding: []).isEmpty)
    }

    @Test func optionsMustBeFourAndDistinct() {
        #expect(QuestionValidator.validated([choice(prompt, ["세마포어", "교착 상태", "페이징"], index: 1, answer: "교착 상태")], avoiding: []).isEmpty)
        #expect(QuestionValidator.validated([choice(prompt, ["세마포어", "교착 상태", "세마 포어", "스레드"], index: 1, answer: "교착 상태")], avoiding: []).isEmpty)
        #expect(QuestionValidator.validated([choice(prompt, ["세마포어", "교착 상태", "", "스레드"], index: 1, answer: "교착 상태")], avoiding: []).isEmpty)
        #expect(QuestionValidator.validated([choice(prompt, options + ["뮤텍스"], index: 1, answer: "교착 상태")], avoiding: []).isEmpty)
    }

    @Test func withoutAnswerTextAValidIndexIsTrusted() {
        let out = QuestionValidator.validated([choice(prompt, options, index: 2, answer: "")], avoiding: [])
        #expect(out.count == 1 && out[0].answer == "페이징")
        #expect(QuestionValidator.validated([choice(prompt, options, index: 7, answer: "")], avoiding: []).isEmpty)
    }

    @Test func promptThatGivesTheAnswerAwayIsDropped() {
        let leaky = choice("교착 상태란 무엇인가? 다음 중 교착 상태를 고르시오.", options, index: 1, answer: "교착 상태")
        #expect(QuestionValidator.validated([leaky], avoiding: []).isEmpty)
        let short = Question(kind: .short, form: .cloze, prompt: "____는 프로세스 안의 실행 흐름이다. (스레드)", answer: "스레드", conceptName: "스레드")
        #expect(QuestionValidator.validated([short], avoiding: []).isEmpty)
    }

    @Test func shortAnswersNeedAnAnswer() {
        let empty = Question(kind: .short, form: .name, prompt: "다음 설명에 해당하는 개념을 쓰시오.", answer: "  ", conceptName: "x")
        #expect(QuestionValidator.validated([empty], avoiding: []).isEmpty)
        let good = Question(kind: .short, form: .name, prompt: "다음 설명에 해당하는 개념을 쓰시오.", options: ["a"], correctIndex: 0, answer: "스레드", conceptName: "x")
        let out = QuestionValidator.validated([good], avoiding: [])
        #expect(out.count == 1 && out[0].options.isEmpty && out[0].correctIndex == nil)
    }

    @Test func repeatsOfEarlierPromptsAndOfTheBatchAreDropped() {
        let q = choice(prompt, options, index: 1, answer: "교착 상태")
        #expect(QuestionValidator.validated([q], avoiding: ["  다음 설명에 해당하는 개념은?  둘 이상의 프로세스가 서로의 자원을 기다리며 멈춘 상태!"]).isEmpty)
        let other = choice("다음 중 동기화 도구는?", ["세마포어", "교착 상태", "페이징", "스레드"], index: 0, answer: "세마포어")
        let out = QuestionValidator.validated([q, other, q], avoiding: [])
        #expect(out.map(\.answer) == ["교착 상태", "세마포어"])
    }
}

/// The one validator refuses a question whose label (the text shown with it before answering)
/// gives the answer away, and options that are no term or statement.
struct QuizValidatorLabelAndJunkTests {
    let options = ["FCFS", "SJF", "라운드 로빈", "우선순위"]

    func question(form: QuestionForm, conceptName: String, answer: String = "라운드 로빈", options: [String]? = nil, alternatives: [String] = []) -> Question {
        Question(kind: .choice, form: form, prompt: "다음 중 시간 할당량을 돌아가며 쓰는 스케줄링 방식은?", options: options ?? self.options,
                 correctIndex: 2, answer: answer, alternatives: alternatives, conceptName: conceptName)
    }

    @Test func aLabelThatNamesTheAnswerIsRefused() {
        // A detail question is shown with its concept's name: here the name is the answer.
        #expect(QuestionValidator.validated([question(form: .detail, conceptName: "라운드 로빈 스케줄링")], avoiding: []).isEmpty)
        // An alternative in the label leaks too ("Round Robin" for 라운드 로빈).
        #expect(QuestionValidator.validated([question(form: .comparison, conceptName: "Round Robin", alternatives: ["Round Robin"])], avoiding: []).isEmpty)
        // A name question shows no label: its concept name is its answer by design.
        #expect(QuestionValidator.validated([question(form: .name, conceptName: "라운드 로빈")], avoiding: []).count == 1)
        // A label about another concept is fine.
        let fine = QuestionValidator.validated([question(form: .detail, conceptName: "CPU 스케줄링")], avoiding: [])
        #expect(fine.count == 1 && fine[0].label == "CPU 스케줄링")
    }

    @Test func junkOptionsAreRefused() {
        for junk in ["것이", "있나요", "모두 정답", "none of the above", "○○", "너무"] {
            let q = question(form: .name, conceptName: "라운드 로빈", options: ["FCFS", junk, "라운드 로빈", "우선순위"])
            #expect(QuestionValidator.validated([q], avoiding: []).isEmpty, "\(junk)")
        }
        // Statements end in verbs by nature: they are options, not junk.
        #expect(!QuizText.isJunkOption("실행 중인 프로세스에서 CPU를 회수할 수 있어요"))
        #expect(!QuizText.isJunkOption("없음"), "a comparison table's cell")
        #expect(!QuizText.isJunkOption("None"), "Python's None is a term")
        #expect(QuizText.isJunkOption("검토할") && QuizText.isJunkOption("사용된"), "verb forms")
        #expect(!QuizText.isJunkOption("역할") && !QuizText.isJunkOption("권한"), "nouns ending alike")
    }

    @Test func contentTermsAndParticles() {
        #expect(QuizText.isContentTerm("라운드 로빈"))
        #expect(!QuizText.isContentTerm("파일"), "a generic head noun")
        #expect(!QuizText.isContentTerm("사용"))
        #expect(!QuizText.isContentTerm("큐에", knownTerms: ["큐"]))
        #expect(QuizText.hasFinalConsonant("프로세스") == false)
        #expect(QuizText.hasFinalConsonant("스택") == true)
        #expect(QuizText.hasFinalConsonant("RAM") == true)
        #expect(QuizText.hasFinalConsonant("CPU") == false)
        #expect(QuizText.hasFinalConsonant("Linux") == nil)
        #expect(QuizText.particleAfterBlank("____는 실행 흐름이다.")! == ("은", "는"))
        #expect(QuizText.particleAfterBlank("____은행") == nil)
        #expect(QuizText.withNeutralParticle("____는 실행 흐름이다.") == "____은(는) 실행 흐름이다.")
        #expect(QuizText.withNeutralParticle("값을 ____으로 바꾼다.") == "값을 ____(으)로 바꾼다.")
    }
}

struct QuizTextDetailTests {
    @Test func theMaskReadAsThisTakesAgreeingParticles() {
        #expect(QuizText.withoutNameMask("“Jury” ○○는 “Law” ○○와 같은 카운터를 쓴다.") == "“Jury” 이것은 “Law” 이것과 같은 카운터를 쓴다.")
        #expect(QuizText.withoutNameMask("운영체제가 ○○를 관리한다.") == "운영체제가 이것을 관리한다.")
    }

    @Test func bareNumbersAreDetailsOnlyInsideAKoreanPhrase() {
        #expect(NumberBlank("P 연산은 값을 1 감소시킨다.")?.answer == "1")
        #expect(NumberBlank("pashto 14 [역주] 아랍어 알파벳의 연결부를 늘린다.") == nil, "a footnote mark")
        #expect(NumberBlank("6 [역주] 한 행의 베이스라인까지의 거리") == nil)
        #expect(NumberBlank("주소는 32비트이다.")?.answer == "32비트")
    }
}

struct WholeWordAtBlankTests {
    /// The key 선거관리 blanked inside 선거관리위원회: the whole word is right too, and grading
    /// takes it; a particle after the blank cuts no word.
    @Test func aWordTheBlankCutsIsAcceptedWhole() {
        let prompt = "빈칸에 들어갈 말을 쓰시오.\n\n각급 ____위원회는 선거인명부의 작성에 관하여 지시를 할 수 있다."
        #expect(QuizText.wholeWordsAtBlanks(prompt, answer: "선거관리") == ["선거관리위원회는"])
        #expect(AnswerMatcher().isCorrect(given: "선거관리위원회", answer: "선거관리", alternatives: QuizText.wholeWordsAtBlanks(prompt, answer: "선거관리")))
        #expect(QuizText.wholeWordsAtBlanks("____은(는) 국가를 대표한다.", answer: "대통령").isEmpty)
        #expect(QuizText.wholeWordsAtBlanks("모든 ____이 평등하다.", answer: "국민").isEmpty)
    }
}
