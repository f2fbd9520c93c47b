import Foundation
import NotioCore

/// The server's language model of Korean: Kiwi runs in the OCR pool's warm workers
/// (`serve-ocr`), never in the server, which would otherwise map its 300 MB.
public struct WarmKoreanLanguageModel: KoreanLanguageModel {
    public let pool: OCRPool
    /// Kiwi's model folder (`KoreanModelFolder.resolve`); the worker keeps it loaded.
    public let folder: String
    /// More sentences than this in one call are refused (`too_large`): a quiz of 30 asks about
    /// 30 × 9 of them.
    public let maxSentences: Int

    /// How long its pool waits for an answer: loading the model takes 1.8 s on an idle machine,
    /// many times that on a busy one, and a worker stopped at a timeout would load it again.
    public static let timeoutSeconds = 120.0

    public init(pool: OCRPool, folder: String = KoreanModelFolder.resolve(""), maxSentences: Int = 4096) {
        self.pool = pool; self.folder = folder; self.maxSentences = maxSentences
    }

    /// Throws `too_large` past `maxSentences` (before any worker is asked),
    /// `language_model_unavailable` when the worker finds no model, what the pool throws
    /// (`timeout`, `worker_crashed`, `busy`, `ocr_unavailable`), `worker_failed` for an answer
    /// that does not fit the sentences, or `CancellationError`.
    public func logLikelihoods(_ sentences: [String]) async throws -> [Double] {
        guard !sentences.isEmpty else { return [] }
        guard sentences.count <= maxSentences else { throw MediaError.tooManyToScore(sentences.count, limit: maxSentences) }
        let answer = try await pool.perform(.scoreKorean(sentences, model: folder))
        guard let likelihoods = answer.likelihoods, likelihoods.count == sentences.count else { throw MediaError.scoringFailed }
        return likelihoods
    }
}
