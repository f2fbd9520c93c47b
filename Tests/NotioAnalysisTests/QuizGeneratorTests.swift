import Foundation
import Testing
import NotioCore
@testable import NotioAnalysis

struct QuizGeneratorTests {
    let generator = OfflineQuizGenerator()
    let matcher = AnswerMatcher()

    /// The rules every generated quiz keeps, whatever the level, count or seed.
    func checkRules(_ questions: [Question], note: NoteAnalysis, sourceLocation: SourceLocation = #_sourceLocation) {
        var pairs = Set<String>()
        var prompts = Set<String>()
        for q in questions {
            let concept = note.concepts.first { $0.id == q.conceptId }
            #expect(concept != nil, "no concept for \(q.prompt)", sourceLocation: sourceLocation)
            #expect(q.conceptName == concept?.name, sourceLocation: sourceLocation)
            #expect(q.page == concept?.pages.first, sourceLocation: sourceLocation)
            #expect(!QuizText.reveals(prompt: q.prompt, answer: q.answer), "answer in prompt: \(q.prompt) → \(q.answer)", sourceLocation: sourceLocation)
            #expect(!KoreanText.compact(q.prompt).contains(AnswerMatcher.stem(q.answer)), sourceLocation: sourceLocation)
            #expect(KoreanText.containsHangul(q.prompt), "prompts are Korean", sourceLocation: sourceLocation)
            #expect(pairs.insert(KoreanText.compact(q.prompt) + "|" + KoreanText.compact(q.answer)).inserted, sourceLocation: sourceLocation)
            #expect(prompts.insert(KoreanText.compact(q.prompt)).inserted, "repeated prompt \(q.prompt)", sourceLocation: sourceLocation)
            switch q.kind {
            case .choice:
                #expect(q.options.count == 4, sourceLocation: sourceLocation)
                // Masking is the same in every option: none carries the ○○ mask, so none stands out.
                #expect(!q.options.contains { $0.contains(QuizText.nameMask) }, "masked option: \(q.options)", sourceLocation: sourceLocation)
                #expect(Set(q.options.map(AnswerMatcher.normalized)).count == 4, "options not distinct: \(q.options)", sourceLocation: sourceLocation)
                #expect(q.correctIndex.map { q.options[$0] } == q.answer, sourceLocation: sourceLocation)
                let right = q.options.indices.filter { matcher.isCorrect(given: q.options[$0], answer: q.answer, alternatives: q.alternatives) }
                #expect(right == [q.correctIndex!], "more than one right option: \(q.options)", sourceLocation: sourceLocation)
            case .short:
                #expect(q.options.isEmpty && q.correctIndex == nil && !q.answer.isEmpty, sourceLocation: sourceLocation)
                #expect(matcher.isCorrect(given: q.answer, answer: q.answer, alternatives: q.alternatives), sourceLocation: sourceLocation)
            }
        }
        // What the generator makes passes the validator unchanged.
        #expect(QuestionValidator.validated(questions, avoiding: []) == questions, sourceLocation: sourceLocation)
    }

    @Test("rules hold", arguments: Difficulty.allCases, [1, 5, 12, 30])
    func rulesHold(level: Difficulty, count: Int) {
        for seed: UInt64 in [0, 1, 42, 9_999] {
            let questions = generator.questions(for: QuizFixtures.request(level, count: count, seed: seed))
            #expect(questions.count == count, "\(level) × \(count), seed \(seed): \(questions.count)")
            checkRules(questions, note: QuizFixtures.operatingSystems)
        }
    }

    @Test func englishNoteGivesKoreanPromptsOverEnglishContent() {
        for level in Difficulty.allCases {
            let questions = generator.questions(for: QuizFixtures.request(level, count: 10, analysis: QuizFixtures.englishNetworks))
            #expect(questions.count == 10, "\(level): \(questions.count)")
            checkRules(questions, note: QuizFixtures.englishNetworks)
            #expect(questions.contains { q in q.answer.unicodeScalars.contains { $0.properties.isAlphabetic && $0.isASCII } })
        }
    }

    @Test func sameRequestSameQuiz() {
        let request = QuizFixtures.request(.medium, count: 12, seed: 5)
        #expect(generator.questions(for: request) == generator.questions(for: request))
    }

    @Test func seedsRotateConceptsAndForms() {
        let a = generator.questions(for: QuizFixtures.request(.easy, count: 8, seed: 1))
        let b = generator.questions(for: QuizFixtures.request(.easy, count: 8, seed: 2))
        #expect(Set(a.map(\.prompt)) != Set(b.map(\.prompt)))
    }

    @Test func earlierPromptsAreNotAskedAgain() {
        var asked: [String] = []
        for round: UInt64 in 0..<3 {
            let questions = generator.questions(for: QuizFixtures.request(.hard, count: 8, seed: round, avoid: asked))
            #expect(questions.count == 8, "round \(round)")
            let keys = Set(asked.map(KoreanText.compact))
            #expect(questions.allSatisfy { !keys.contains(KoreanText.compact($0.prompt)) })
            asked += questions.map(\.prompt)
        }
        // The same item asked as a short answer or as a choice is the same question: its body
        // (the description or sentence after the instruction) does not come back in the other kind.
        func item(_ q: Question) -> String { "\(q.form)|\(q.answer)|\(q.prompt.components(separatedBy: "\n\n").last ?? "")" }
        let first = generator.questions(for: QuizFixtures.request(.medium, count: 12, seed: 3))
        #expect(first.contains { $0.kind == .short })
        let again = generator.questions(for: QuizFixtures.request(.medium, count: 12, seed: 3, avoid: first.map(\.prompt)))
        #expect(again.count == 12)
        #expect(Set(first.map(item)).isDisjoint(with: again.map(item)))
    }

    @Test func levelsAskDifferentForms() {
        let easy = generator.questions(for: QuizFixtures.request(.easy, count: 10))
        let medium = generator.questions(for: QuizFixtures.request(.medium, count: 10))
        let hard = generator.questions(for: QuizFixtures.request(.hard, count: 10))
        #expect(easy.allSatisfy { [.name, .definition].contains($0.form) })
        #expect(medium.allSatisfy { [.cloze, .application].contains($0.form) })
        // 상: comparisons, two-step applications and numeric details, not 중's cloze.
        #expect(hard.allSatisfy { [.detail, .comparison, .application].contains($0.form) })
        #expect(hard.contains { $0.form == .comparison } && hard.contains { $0.form == .application })
        #expect(medium.contains { $0.form == .cloze } && medium.contains { $0.form == .application })
    }

    @Test func levelsAreMeasurablyDifferentOnTheSameNote() {
        for seed: UInt64 in [0, 7, 123] {
            let easy = QuizProfile(generator.questions(for: QuizFixtures.request(.easy, count: 30, seed: seed)))
            let medium = QuizProfile(generator.questions(for: QuizFixtures.request(.medium, count: 30, seed: seed)))
            let hard = QuizProfile(generator.questions(for: QuizFixtures.request(.hard, count: 30, seed: seed)))
            #expect(hard.meanDistractorSimilarity > medium.meanDistractorSimilarity, "seed \(seed): \(hard) \(medium)")
            // 중 draws at random among options of the answer's kind, 하 takes the least alike: on a note
            // where few options share letters with the key both may come to about nothing.
            #expect(medium.meanDistractorSimilarity >= easy.meanDistractorSimilarity - 0.02, "seed \(seed): \(medium) \(easy)")
            #expect(hard.shortShare > medium.shortShare && medium.shortShare > easy.shortShare, "seed \(seed)")
            #expect(easy.definitionShare > medium.definitionShare && easy.definitionShare > hard.definitionShare, "seed \(seed)")
            // 상 aims at 40% short answers; its two-step questions have sentences for answers and
            // stay multiple choice, so fewer may be writable.
            #expect(abs(easy.shortShare - 0.1) < 0.05 && abs(medium.shortShare - 0.25) < 0.05 && hard.shortShare >= 0.3 && hard.shortShare < 0.45,
                    "seed \(seed): \(easy.shortShare) \(medium.shortShare) \(hard.shortShare)")
        }
    }

    @Test func easyNameDistractorsAreUnrelatedAndHardOnesNear() {
        // The same concept's name question at both levels: 하 picks the least alike names, 상 the nearest.
        let note = QuizFixtures.twentyConcepts
        func distractors(_ level: Difficulty, for name: String) -> [String] {
            var maker = QuizMaker(request: QuizFixtures.request(level, count: 1, analysis: note))
            let candidate = maker.conceptCandidates(.name, note.concepts.firstIndex { $0.name == name }!)[0]
            return maker.distractors(for: candidate)!
        }
        #expect(distractors(.hard, for: "CPU 스케줄링").contains("디스크 스케줄링"))
        #expect(!distractors(.easy, for: "CPU 스케줄링").contains("디스크 스케줄링"))
        // 페이징 and 세그멘테이션 share a comparison table: neighbours, though their names share no letters.
        #expect(distractors(.hard, for: "세그멘테이션").contains("페이징"))
        #expect(!distractors(.easy, for: "세그멘테이션").contains("페이징"))
        let mean = { (names: [String], answer: String) in names.map { KoreanText.similarity($0, answer) }.reduce(0, +) / 3 }
        #expect(mean(distractors(.hard, for: "CPU 스케줄링"), "CPU 스케줄링") > mean(distractors(.easy, for: "CPU 스케줄링"), "CPU 스케줄링"))
    }

    @Test func clozeBlanksATermThatOccursInTheSentence() {
        let questions = generator.questions(for: QuizFixtures.request(.medium, count: 30))
        for q in questions where q.form == .cloze || q.form == .detail {
            #expect(q.prompt.contains(QuizText.blank))
        }
        for q in questions where q.form == .application || q.form == .name {
            #expect(!q.prompt.contains(q.conceptName))
        }
    }

    @Test func countIsClampedAndSmallNotesGiveWhatTheyCan() {
        #expect(generator.questions(for: QuizFixtures.request(.easy, count: 0)).count == 1)
        #expect(generator.questions(for: QuizFixtures.request(.easy, count: 99)).count == 30)
        let tiny = NoteAnalysis(title: "작은 노트", concepts: [
            Concept(id: "a", name: "스택", summary: "스택은 후입선출 구조이다.", definition: "스택은 나중에 넣은 것을 먼저 꺼내는 후입선출 자료구조이다.", pages: [1]),
            Concept(id: "b", name: "큐", summary: "큐는 선입선출 구조이다.", definition: "큐는 먼저 넣은 것을 먼저 꺼내는 선입선출 자료구조이다.", pages: [2]),
        ], keywords: [])
        let questions = generator.questions(for: QuizFixtures.request(.hard, count: 30, analysis: tiny))
        #expect(!questions.isEmpty && questions.count < 30)
        checkRules(questions, note: tiny)
        #expect(generator.questions(for: QuizFixtures.request(.easy, count: 5, analysis: NoteAnalysis(title: "", concepts: [], keywords: []))).isEmpty)
    }

    @Test func thirtyQuestionsOnTwentyConceptsAreMade() {
        let note = QuizFixtures.twentyConcepts
        let start = Date()
        for level in Difficulty.allCases {
            let questions = generator.questions(for: QuizFixtures.request(level, count: 30, analysis: note))
            #expect(questions.count == 30)
        }
        let elapsed = Date().timeIntervalSince(start) / 3
        // Timing is make bench's (target 200 ms in a release build), not a test's: printed only.
        print("offline quiz: 30 questions on 20 concepts in \(Int(elapsed * 1000)) ms per level")
    }
}

/// Terms the document itself writes in two scripts are alternatives of each other in grading.
struct ScriptPairsTests {
    @Test func pairsWrittenInTheDocumentAreFound() {
        let text = """
        운영체제의 핵심은 커널(kernel)이다. 스케줄링에는 라운드 로빈(Round Robin) 방식이 있고,
        Python(파이썬)으로 예제를 작성한다. 문맥 교환(context switch)은 비용이 든다.
        도착 순서대로 처리하는 방식으로(FIFO) 동작한다. 자세한 내용은 (예: 3장) 참고.
        """
        let pairs = ScriptPairs.find(in: [SourcePage(number: 1, text: text)])
        #expect(pairs["커널"] == ["kernel"])
        #expect(pairs["kernel"] == ["커널"])
        #expect(pairs["라운드로빈"] == ["Round Robin"])
        #expect(pairs["python"] == ["파이썬"])
        #expect(pairs["문맥교환"] == ["context switch"])
        #expect(pairs["fifo"] == nil, "a particle before the parenthesis is a phrase, not a name")
        #expect(pairs["3장"] == nil)
    }

    @Test func aShortAnswerInTheOtherScriptIsRight() {
        let page = SourcePage(number: 1, text: "리눅스(Linux)는 널리 쓰이는 운영체제이다. 커널(kernel)은 자원을 관리한다.")
        let material = QuizMaterial(analysis: NoteAnalysis(title: "t", concepts: [], keywords: []), pages: [page])
        let alternatives = material.withScriptPairs("리눅스", [])
        #expect(alternatives == ["Linux"])
        #expect(AnswerMatcher().isCorrect(given: "linux", answer: "리눅스", alternatives: alternatives))
    }
}

/// Options are written the same way, so none stands out by its mask.
struct OptionMaskTests {
    @Test func aDescriptionLosesItsMaskedSubject() {
        #expect(QuizText.withoutNameMask("○○는 실행 중인 프로그램이다.") == "실행 중인 프로그램이다.")
        #expect(QuizText.withoutNameMask("○○이란 CPU를 나누어 쓰는 방식이다.") == "CPU를 나누어 쓰는 방식이다.")
        #expect(!QuizText.withoutNameMask("운영체제가 ○○의 상태를 관리한다.").contains(QuizText.nameMask))
        #expect(QuizText.withoutNameMask("CPU를 나누어 쓴다.") == "CPU를 나누어 쓴다.")
    }
}
