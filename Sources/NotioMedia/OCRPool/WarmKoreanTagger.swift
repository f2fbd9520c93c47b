import Foundation
import NotioCore

/// The server's Korean tagger: MeCab runs in the OCR pool's warm workers (`serve-ocr`), never in
/// the server, so a note's analysis pays neither a process start nor the dictionary's first page
/// faults (together some 30 ms, as much as the whole analysis of a six-page bill).
public struct WarmKoreanTagger: KoreanTagger {
    public let pool: OCRPool
    /// mecab-ko-dic's folder (`KoreanDictionary.resolve`); the worker keeps it loaded.
    public let dictionary: String
    /// Texts go to a worker in batches of about this many UTF-8 bytes (a longer text goes
    /// alone): 256 KB is tagged in about a quarter second, so an underline photo asked meanwhile
    /// waits no longer than that behind a long document.
    public let batchBytes: Int
    /// More text than this in one `tag` call is refused (`too_large`): 16 MB is eight times the
    /// text of a 500-page book (`NOTIO_PDF_MAX_PAGES`).
    public let maxBytes: Int

    public init(pool: OCRPool, dictionary: String = KoreanDictionary.resolve(""), batchBytes: Int = 256 << 10, maxBytes: Int = 16 << 20) {
        self.pool = pool; self.dictionary = dictionary; self.batchBytes = batchBytes; self.maxBytes = maxBytes
    }

    /// Tags the texts a batch at a time, each batch one request to the pool, so a long document
    /// never holds more than a batch's answer at once in either process.
    ///
    /// Throws `too_large` past `maxBytes` (before any worker is asked), `tagger_unavailable` when
    /// the worker finds no dictionary, what the pool throws (`timeout`, `worker_crashed`, `busy`,
    /// `ocr_unavailable`), `worker_failed` for an answer that does not fit the texts, or
    /// `CancellationError`.
    public func tag(_ texts: [String]) async throws -> [[TaggedWord]] {
        let total = texts.reduce(0) { $0 + $1.utf8.count }
        guard total <= maxBytes else { throw MediaError.tooMuchToTag(bytes: total, limit: maxBytes) }
        var words: [[TaggedWord]] = []
        words.reserveCapacity(texts.count)
        for batch in Self.batches(of: texts, bytes: batchBytes) {
            let asked = Array(texts[batch])
            // Texts with no word need no worker (the common empty section).
            guard asked.contains(where: { text in text.unicodeScalars.contains { !TaggedWord.isSeparator($0) } }) else {
                words += asked.map { _ in [] }
                continue
            }
            let answer = try await pool.perform(.tagKorean(asked, dictionary: dictionary))
            guard let tagged = answer.tagged, tagged.texts.count == asked.count else { throw MediaError.taggingFailed }
            for (index, text) in asked.enumerated() {
                words.append(TaggedWord.words(of: text, morphemes: try tagged.morphemes(of: text, at: index)))
            }
            try Task.checkCancellation()
        }
        return words
    }

    /// Consecutive ranges of `texts` of at most `bytes` UTF-8 bytes each, or of one longer text.
    package static func batches(of texts: [String], bytes: Int) -> [Range<Int>] {
        var batches: [Range<Int>] = []
        var start = 0, size = 0
        for (index, text) in texts.enumerated() {
            let count = text.utf8.count
            if index > start && size + count > bytes {
                batches.append(start..<index)
                start = index
                size = 0
            }
            size += count
        }
        if start < texts.count { batches.append(start..<texts.count) }
        return batches
    }
}
