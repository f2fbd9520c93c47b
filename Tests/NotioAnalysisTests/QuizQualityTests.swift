import Foundation
import Testing
import NotioCore
@testable import NotioAnalysis

/// What a teacher checks in a question (issue 13, point 5): options of the answer's type, blanks
/// on content terms, particles that do not point at the answer, one question per sentence, and a
/// 상 that is measurably harder than 중 and 하.
struct QuizQualityTests {
    let generator = OfflineQuizGenerator()
    let notes = [QuizFixtures.operatingSystems, QuizFixtures.twentyConcepts, QuizFixtures.englishNetworks]

    func quizzes() -> [(Difficulty, [Question])] {
        var out: [(Difficulty, [Question])] = []
        for note in notes {
            for level in Difficulty.allCases {
                for seed: UInt64 in [0, 3, 11] {
                    out.append((level, generator.questions(for: QuizFixtures.request(level, count: 30, seed: seed, analysis: note))))
                }
            }
        }
        return out
    }

    /// Term questions (names and blanks): every distractor of the answer's script and a real term.
    @Test func distractorsAreOfTheAnswersType() {
        for (level, questions) in quizzes() {
            for q in questions where q.kind == .choice && [.name, .cloze].contains(q.form) {
                let script = OptionType(q.answer).script
                for option in q.options {
                    #expect(OptionType(option).script == script, "\(level): \(option) vs \(q.answer) in \(q.options)")
                    #expect(QuizText.isContentTerm(option), "\(level): \(option) is no term")
                }
            }
            for q in questions where q.kind == .choice && q.form == .detail {
                guard let unit = NumberBlank("x \(q.answer)")?.unit, !unit.isEmpty else { continue }
                #expect(q.options.allSatisfy { $0.hasSuffix(unit) }, "numbers with the same unit: \(q.options)")
            }
        }
    }

    @Test func blanksAreContentTermsAndParticlesDoNotGiveTheAnswer() {
        var checked = 0
        for (_, questions) in quizzes() {
            for q in questions where q.prompt.contains(QuizText.blank) {
                #expect(QuizText.isContentTerm(q.answer) || q.form == .detail, "blank on \(q.answer)")
                guard q.kind == .choice, QuizText.particleAfterBlank(q.prompt) != nil else { continue }
                // Either written both ways ("은(는)") or every option takes the particle as the answer does.
                let neutral = q.prompt.contains("(는)") || q.prompt.contains("(가)") || q.prompt.contains("(를)") || q.prompt.contains("(와)")
                    || q.prompt.contains("(으)") || q.prompt.contains("(이)")
                let finals = Set(q.options.map { QuizText.hasFinalConsonant($0).map { $0 ? "c" : "v" } ?? "?" })
                #expect(neutral || (finals.count == 1 && !finals.contains("?")), "\(q.prompt) \(q.options)")
                checked += 1
            }
        }
        #expect(checked > 10, "blanks followed by particles were checked: \(checked)")
    }

    /// A note whose concepts each have one sentence: every form would come from that sentence, so
    /// a quiz holds one question per concept at most.
    @Test func noTwoQuestionsFromOneSentence() {
        let names = ["스택", "큐", "트리", "그래프", "해시 테이블", "힙"]
        let sentences = ["스택은 나중에 넣은 자료를 먼저 꺼내는 후입선출 자료구조이다.", "큐는 먼저 넣은 자료를 먼저 꺼내는 선입선출 자료구조이다.",
                         "트리는 사이클이 없는 연결 그래프로 계층을 나타내는 자료구조이다.", "그래프는 정점과 간선의 집합으로 관계를 나타내는 자료구조이다.",
                         "해시 테이블은 해시 함수로 키를 버킷에 대응시켜 평균 상수 시간에 찾는 자료구조이다.", "힙은 부모가 자식보다 항상 크거나 작은 완전 이진 트리 자료구조이다."]
        let note = NoteAnalysis(title: "자료구조", concepts: zip(names, sentences).enumerated().map { i, pair in
            Concept(id: "c\(i)", name: pair.0, summary: pair.1, definition: pair.1, keyPoints: [pair.1], pages: [i + 1])
        }, keywords: [])
        for level in Difficulty.allCases {
            let questions = generator.questions(for: QuizFixtures.request(level, count: 30, analysis: note))
            let concepts = questions.compactMap(\.conceptId)
            #expect(!questions.isEmpty)
            #expect(Set(concepts).count == concepts.count, "\(level): two questions from one sentence: \(questions.map(\.prompt))")
        }
    }

    /// 상 is harder by the proxies `make bench` prints: closer distractors, more two-step
    /// questions; distractors as long as the answer at every level; and 상 is not made of 중's cloze.
    @Test func hardIsMeasurablyHarder() {
        for note in [QuizFixtures.operatingSystems, QuizFixtures.twentyConcepts] {
            for seed: UInt64 in [0, 7, 123] {
                let profile = { (level: Difficulty) in QuizProfile(generator.questions(for: QuizFixtures.request(level, count: 30, seed: seed, analysis: note))) }
                let (easy, medium, hard) = (profile(.easy), profile(.medium), profile(.hard))
                #expect(hard.meanDistractorSimilarity > medium.meanDistractorSimilarity && medium.meanDistractorSimilarity > easy.meanDistractorSimilarity,
                        "seed \(seed): \(easy) \(medium) \(hard)")
                #expect(hard.twoStepShare > medium.twoStepShare && hard.twoStepShare > easy.twoStepShare, "seed \(seed): \(hard.twoStepShare)")
                #expect(hard.twoStepShare >= 0.3, "seed \(seed): \(hard.twoStepShare)")
                // Distractors as long as the answer, at every level.
                #expect([easy, medium, hard].allSatisfy { $0.sameLengthShare >= 0.6 }, "seed \(seed): \(easy.sameLengthShare) \(medium.sameLengthShare) \(hard.sameLengthShare)")
            }
            let hard = generator.questions(for: QuizFixtures.request(.hard, count: 10, analysis: note))
            #expect(hard.filter { $0.form == .cloze }.isEmpty, "상 asks no cloze while it has other forms")
        }
    }

    /// Two-step application: the concept is described, the right option is another of its facts.
    @Test func twoStepQuestionsDescribeOneConceptAndAskAnotherFact() {
        let questions = generator.questions(for: QuizFixtures.request(.hard, count: 30))
        let twoStep = questions.filter { $0.form == .application && $0.prompt.hasPrefix("다음 설명에 해당하는 개념에 대한 설명으로") }
        #expect(twoStep.count >= 3)
        for q in twoStep {
            let concept = QuizFixtures.operatingSystems.concepts.first { $0.id == q.conceptId }!
            let body = q.prompt.components(separatedBy: "\n\n").last ?? ""
            #expect(!QuizText.reveals(prompt: body, answer: concept.name) || concept.name.contains("("), "\(body)")
            // The right option is one of the concept's own key points, names masked.
            #expect(concept.keyPoints.contains { KoreanText.similarity($0, q.answer) > 0.5 }, "\(q.answer)")
            #expect(q.label == nil, "the concept is the first step's answer: no label")
        }
    }

    /// The sheet's count is generation's count: for any count up to it, a quiz has that many.
    @Test func supplyIsWhatGenerationGives() {
        for note in notes {
            for level in Difficulty.allCases {
                for avoid in [[], generator.questions(for: QuizFixtures.request(level, count: 12, analysis: note)).map(\.prompt)] {
                    let request = QuizFixtures.request(level, count: 1, seed: UInt64(avoid.count), avoid: avoid, analysis: note)
                    let supply = OfflineAnalyser().questionSupply(request)!
                    var full = request
                    full.count = 30
                    #expect(supply == generator.questions(for: full).count)
                    for count in [1, max(1, supply / 2), supply] where supply > 0 {
                        var r = request
                        r.count = count
                        #expect(generator.questions(for: r).count == count, "\(level) \(count) of \(supply)")
                    }
                }
            }
        }
    }
}
