import Foundation
import NotioCore

/// What a quiz is asked for.
public struct QuizRequest: Sendable {
    public var analysis: NoteAnalysis
    public var pages: [SourcePage]
    public var difficulty: Difficulty
    public var count: Int
    /// Prompts already asked on this note: not to be asked again.
    public var avoidPrompts: [String]
    /// The prompts of `avoidPrompts` asked at this level, by level when the caller knows them:
    /// a sentence asked at 하 may still be asked at 상 in 상's own form, so taking one level's
    /// questions never empties another's. nil: every earlier prompt counts.
    public var levelPrompts: [Difficulty: [String]]?
    /// Varies the offline generator's choices between quizzes, deterministically.
    public var seed: UInt64
    public init(analysis: NoteAnalysis, pages: [SourcePage], difficulty: Difficulty, count: Int, avoidPrompts: [String] = [], seed: UInt64 = 0) {
        self.analysis = analysis; self.pages = pages; self.difficulty = difficulty; self.count = count
        self.avoidPrompts = avoidPrompts; self.seed = seed
    }

    /// The earlier prompts whose sentences this level does not ask again.
    public var promptsAtThisLevel: [String] { levelPrompts.map { $0[difficulty] ?? [] } ?? avoidPrompts }
}

/// A failure a user can understand ("the API key was refused", "the model's answer was cut off").
public struct AnalysisError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Progress of an analysis, 0...1, reported as chunks finish.
public typealias AnalysisProgress = @Sendable (Double) -> Void

/// One way of turning text into a note and a note into questions: `offline`, `gemini`, `openai`.
/// Cancellation: implementations check `Task.isCancelled` between steps and let it reach requests.
public protocol AnalysisProvider: Sendable {
    var name: String { get }
    func analyse(_ document: ExtractedDocument, progress: @escaping AnalysisProgress) async throws -> NoteAnalysis
    func makeQuestions(_ request: QuizRequest) async throws -> [Question]
    /// How many questions `makeQuestions` gives for `request` at the most a quiz asks
    /// (`OfflineQuizGenerator.maximumCount`), when that can be known without asking a service:
    /// the quiz sheet says it before the user asks. nil when only asking would tell.
    func questionSupply(_ request: QuizRequest) -> Int?
}

extension AnalysisProvider {
    public func questionSupply(_ request: QuizRequest) -> Int? { nil }
}
