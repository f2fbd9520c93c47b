import Foundation
import NotioCore

/// The default provider: built in, deterministic, no network.
public struct OfflineAnalyser: AnalysisProvider {
    public init() {}
    public var name: String { "offline" }

    public func analyse(_ document: ExtractedDocument, progress: @escaping AnalysisProgress) async throws -> NoteAnalysis {
        NoteAnalysis(title: document.metadataTitle ?? "", concepts: [], keywords: [])
    }

    public func makeQuestions(_ request: QuizRequest) async throws -> [Question] {
        OfflineQuizGenerator().questions(for: request)
    }
}
