import CKiwi
import Foundation
import Synchronization
import NotioCore
import NotioMedia

/// Korean sentence likelihoods by Kiwi 0.24's language model (CoNg, a contextual n-gram model
/// trained on a large Korean corpus; `scripts/build-korean-model.sh`).
///
/// Kiwi scores each analysis of a sentence by its morphemes' likelihood in context; the best
/// analysis's score is how likely the sentence is. It knows which words Korean writes together
/// ("국무총리의 제청으로 … 임명한다"), which is what a blank's options are judged by.
///
/// Loaded without Kiwi's typo and multi-word dictionaries: they change no likelihood that matters
/// here and cost 1.5 s and 200 MB more (`../shared/C-LIBRARIES.md`: 0.87 s, 320 MB without them).
public final class KiwiLanguageModel: KoreanLanguageModel, @unchecked Sendable {
    /// `kiwi_h`: read-only once built.
    private let kiwi: OpaquePointer
    public let folder: String

    /// Longer sentences are scored on their first this many UTF-8 bytes: a quiz's sentence is a
    /// few hundred, and Kiwi's lattice grows with its input.
    public static let sentenceBytes = 4 << 10

    /// Loads the model from `folder` (`KoreanModelFolder.resolve`). Throws
    /// `language_model_unavailable` when it is missing or Kiwi refuses it.
    public init(folder: String = KoreanModelFolder.resolve("")) throws {
        self.folder = folder
        guard FileManager.default.isReadableFile(atPath: folder + "/cong.mdl") else {
            throw MediaError.languageModelUnavailable(folder)
        }
        let options = Int32(KIWI_BUILD_INTEGRATE_ALLOMORPH | KIWI_BUILD_LOAD_DEFAULT_DICT | KIWI_BUILD_MODEL_TYPE_CONG)
        guard let kiwi = kiwi_init(folder, 1, options, Int32(KIWI_DIALECT_STANDARD)) else {
            let reason = kiwi_error().map { String(cString: $0) } ?? "unknown"
            kiwi_clear_error()
            FileHandle.standardError.write(Data("Kiwi could not load \(folder): \(reason)\n".utf8))
            throw MediaError.languageModelUnavailable(folder)
        }
        self.kiwi = kiwi
    }

    deinit { kiwi_close(kiwi) }

    public func logLikelihoods(_ sentences: [String]) async throws -> [Double] {
        try logLikelihoods(concurrently: sentences)
    }

    /// The sentences' log-likelihoods, scored on every core at once (a quiz's 270 sentences
    /// are one request, which a reader waits for): Kiwi's analysis only reads its model.
    public func logLikelihoods(concurrently sentences: [String]) throws -> [Double] {
        let lanes = max(1, min(ProcessInfo.processInfo.activeProcessorCount, sentences.count / 16))
        guard lanes > 1 else { return try sentences.map { try logLikelihood(of: $0) } }
        // Each lane scores every lanes-th sentence; a failed one is NaN.
        let scored = Mutex([[Double]](repeating: [], count: lanes))
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            let values = stride(from: lane, to: sentences.count, by: lanes).map { (try? logLikelihood(of: sentences[$0])) ?? .nan }
            scored.withLock { $0[lane] = values }
        }
        let lanesValues = scored.withLock { $0 }
        let results = sentences.indices.map { lanesValues[$0 % lanes][$0 / lanes] }
        guard !results.contains(where: \.isNaN) else { throw MediaError.taggerFailed }
        return results
    }

    /// The log-likelihood of the best analysis of `sentence`; 0 for a sentence with no letters.
    public func logLikelihood(of sentence: String) throws -> Double {
        let text = Self.prefix(of: sentence, bytes: Self.sentenceBytes)
        guard text.contains(where: { !$0.isWhitespace }) else { return 0 }
        let option = kiwi_analyze_option_t(match_options: Int32(KIWI_MATCH_ALL_WITH_NORMALIZING), blocklist: nil, open_ending: 0,
                                           allowed_dialects: Int32(KIWI_DIALECT_STANDARD), dialect_cost: 3,
                                           typo_transformer: nil, typo_threshold: 2.5)
        guard let result = kiwi_analyze(kiwi, text, 1, option, nil) else {
            kiwi_clear_error()
            throw MediaError.taggerFailed
        }
        defer { kiwi_res_close(result) }
        return Double(kiwi_res_prob(result, 0))
    }

    /// The longest prefix of `text` of at most `bytes` UTF-8 bytes that ends on a character.
    static func prefix(of text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var end = text.startIndex
        var size = 0
        for index in text.indices {
            let next = String(text[index]).utf8.count
            if size + next > bytes { break }
            size += next
            end = text.index(after: index)
        }
        return String(text[..<end])
    }
}
