import Foundation

/// 진행중 / 완료 of a note.
public enum StudyStatus: String, Codable, Sendable {
    case inProgress = "in_progress"
    case done

    public var label: String { self == .done ? "완료" : "진행중" }
}

/// The score of one quiz attempt.
public struct AttemptScore: Codable, Sendable, Hashable {
    public var correct: Int
    public var total: Int
    /// A quiz made on demand from the note. A retry of wrong answers or a review round asks only
    /// what the reader has already seen, so it counts as practice but not towards mastery.
    public var isFullQuiz: Bool
    public init(correct: Int, total: Int, isFullQuiz: Bool = true) { self.correct = correct; self.total = total; self.isFullQuiz = isFullQuiz }

    public init(_ attempt: Attempt) {
        self.init(correct: attempt.correctCount, total: attempt.total, isFullQuiz: attempt.origin == .new)
    }

    /// correct / total, 0 for an empty attempt.
    public var accuracy: Double { total > 0 ? Double(correct) / Double(total) : 0 }
}

/// What a note's card and history show: learning rate (best accuracy), status, totals.
public struct StudyProgress: Codable, Sendable, Hashable {
    /// A note is 완료 once one attempt reaches this accuracy.
    public static let doneThreshold = 0.8

    public var attempts: Int
    /// Best accuracy over full quizzes, 0…1; nil before the first one. Retries of wrong answers
    /// do not count: 3 of 3 on three questions once missed says nothing of the whole note.
    public var learningRate: Double?
    public var status: StudyStatus
    public var questionsSolved: Int
    public var wrongCount: Int
    /// Accuracy over every answer ever given, 0…1; nil before the first attempt.
    public var overallAccuracy: Double?

    public init(attempts scores: [AttemptScore]) {
        let counted = scores.filter { $0.total > 0 }
        attempts = counted.count
        let full = counted.filter(\.isFullQuiz)
        learningRate = full.map(\.accuracy).max()
        // Compared in whole answers so that 4 of 5 (0.8 in floating point) counts as 80 %.
        status = full.contains { Double($0.correct) * 10 >= Double($0.total) * Self.doneThreshold * 10 - 1e-9 } ? .done : .inProgress
        questionsSolved = counted.reduce(0) { $0 + $1.total }
        wrongCount = counted.reduce(0) { $0 + ($1.total - $1.correct) }
        overallAccuracy = questionsSolved > 0 ? Double(questionsSolved - wrongCount) / Double(questionsSolved) : nil
    }

    /// The learning rate as a whole percentage for display ("87%"), nil before the first attempt.
    public var learningPercent: Int? { learningRate.map { Int(($0 * 100).rounded()) } }
}
