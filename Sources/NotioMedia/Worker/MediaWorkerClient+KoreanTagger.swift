import Foundation
import NotioCore

/// The server's Korean tagger: MeCab runs in `notio-worker` children, never in the server.
extension MediaWorkerClient: KoreanTagger {
    /// Tags the texts in batches of about `limits.taggingBatchBytes`, one child process each
    /// (started in some 10 ms, the dictionary mapped in under 1 ms), one after the other, so a long
    /// document never holds more than a batch's answer at once in either process.
    ///
    /// Throws `too_large` past `limits.taggingMaxBytes` (before any child starts), `tagger_unavailable` when the worker finds
    /// no dictionary, `timeout` when a batch takes longer than `limits.taggingTimeoutSeconds`,
    /// `worker_crashed`, `worker_failed`, or `CancellationError` (the child is killed).
    public func tag(_ texts: [String]) async throws -> [[TaggedWord]] {
        let total = texts.reduce(0) { $0 + $1.utf8.count }
        guard total <= limits.taggingMaxBytes else { throw MediaError.tooMuchToTag(bytes: total, limit: limits.taggingMaxBytes) }
        var words: [[TaggedWord]] = []
        words.reserveCapacity(texts.count)
        for batch in Self.batches(of: texts, bytes: limits.taggingBatchBytes) {
            let asked = Array(texts[batch])
            // Texts with no word need no worker (the common empty section).
            guard asked.contains(where: { text in text.unicodeScalars.contains { !TaggedWord.isSeparator($0) } }) else {
                words += asked.map { _ in [] }
                continue
            }
            let request = WorkerRequest(op: "tagKorean", dictionary: koreanDictionary, texts: asked)
            let run = WorkerRun(executable: executable, request: try JSONEncoder().encode(request) + Data([0x0A]),
                                timeout: limits.taggingTimeoutSeconds, documentName: "korean-tagging", launched: launched)
            let line = try await withTaskCancellationHandler {
                try await run.start(progress: { _ in })
            } onCancel: {
                run.cancel()
            }
            guard let tagged = line.tagged, tagged.texts.count == asked.count else { throw MediaError.taggingFailed }
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
