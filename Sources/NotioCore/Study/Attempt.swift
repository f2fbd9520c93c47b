import Foundation

/// A quiz as made: its questions with their answers (the client gets them without).
public struct QuizRecord: Sendable, Hashable {
    /// `new` for a quiz on demand, `wrong` for "틀린 문제만 다시 풀기", `review` for the review queue.
    public enum Origin: String, Codable, Sendable, CaseIterable { case new, wrong, review }
    public var id: String
    public var noteId: String
    public var difficulty: Difficulty
    public var origin: Origin
    public var createdAt: Date
    public var questions: [Question]
    /// For questions copied from earlier ones (retries): question id → the original's id.
    public var originals: [String: String]
    public var attemptId: String?

    public init(id: String, noteId: String, difficulty: Difficulty, origin: Origin, createdAt: Date, questions: [Question],
                originals: [String: String] = [:], attemptId: String? = nil) {
        self.id = id; self.noteId = noteId; self.difficulty = difficulty; self.origin = origin; self.createdAt = createdAt
        self.questions = questions; self.originals = originals; self.attemptId = attemptId
    }

    /// The question a notebook entry and a review card are kept for.
    public func originalId(of questionId: String) -> String { originals[questionId] ?? questionId }
}

/// One answer as given and graded.
public struct GradedAnswer: Codable, Sendable, Hashable {
    public var questionId: String
    /// What was given, as text (the chosen option's text for choice questions; "" when skipped).
    public var given: String
    public var choice: Int?
    public var isCorrect: Bool
    public init(questionId: String, given: String, choice: Int?, isCorrect: Bool) {
        self.questionId = questionId; self.given = given; self.choice = choice; self.isCorrect = isCorrect
    }
}

/// A finished attempt at a quiz.
public struct Attempt: Sendable, Hashable {
    public var id: String
    public var quizId: String
    public var noteId: String
    public var difficulty: Difficulty
    public var origin: QuizRecord.Origin
    public var correctCount: Int
    public var total: Int
    public var createdAt: Date
    public var answers: [GradedAnswer]
    public init(id: String, quizId: String, noteId: String, difficulty: Difficulty, origin: QuizRecord.Origin, correctCount: Int, total: Int,
                createdAt: Date, answers: [GradedAnswer] = []) {
        self.id = id; self.quizId = quizId; self.noteId = noteId; self.difficulty = difficulty; self.origin = origin
        self.correctCount = correctCount; self.total = total; self.createdAt = createdAt; self.answers = answers
    }
    public var accuracy: Double { total > 0 ? Double(correctCount) / Double(total) : 0 }
}

/// An entry of the wrong-answer notebook: a question answered wrong and not since answered right.
public struct WrongAnswer: Sendable, Hashable {
    public var question: Question
    public var noteId: String
    public var noteTitle: String
    public var lastGiven: String
    public var wrongCount: Int
    public var addedAt: Date
    public var lastWrongAt: Date
    public init(question: Question, noteId: String, noteTitle: String, lastGiven: String, wrongCount: Int, addedAt: Date, lastWrongAt: Date) {
        self.question = question; self.noteId = noteId; self.noteTitle = noteTitle; self.lastGiven = lastGiven
        self.wrongCount = wrongCount; self.addedAt = addedAt; self.lastWrongAt = lastWrongAt
    }
}

/// Grades answers against a quiz's questions.
public struct QuizGrader: Sendable {
    public struct Given: Sendable { public var questionId: String; public var choice: Int?; public var text: String?
        public init(questionId: String, choice: Int? = nil, text: String? = nil) { self.questionId = questionId; self.choice = choice; self.text = text }
    }
    let matcher = AnswerMatcher()
    public init() {}

    /// One graded answer per question, in the quiz's order; a question without an answer is wrong.
    public func grade(_ questions: [Question], _ given: [Given]) -> [GradedAnswer] {
        let byId = Dictionary(given.map { ($0.questionId, $0) }, uniquingKeysWith: { a, _ in a })
        return questions.map { q in
            let g = byId[q.id]
            switch q.kind {
            case .choice:
                guard let choice = g?.choice, q.options.indices.contains(choice) else {
                    return GradedAnswer(questionId: q.id, given: g?.text ?? "", choice: nil, isCorrect: false)
                }
                return GradedAnswer(questionId: q.id, given: q.options[choice], choice: choice, isCorrect: choice == q.correctIndex)
            case .short:
                let text = (g?.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                let ok = !text.isEmpty && matcher.isCorrect(given: text, answer: q.answer, alternatives: q.alternatives)
                return GradedAnswer(questionId: q.id, given: text, choice: nil, isCorrect: ok)
            }
        }
    }
}
