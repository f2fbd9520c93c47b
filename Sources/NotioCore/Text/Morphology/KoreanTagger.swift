import Foundation

/// A Korean morphological analyser: cuts texts into eojeols and morphemes with parts of speech.
///
/// Two implementations: `MeCabTagger` (NotioMediaEngine) in the process that loads MeCab, i.e.
/// `notio-worker` and tests, and `WarmKoreanTagger` on the server, which asks the OCR pool's warm
/// workers, so that the server never maps MeCab or its 100 MB dictionary.
public protocol KoreanTagger: Sendable {
    /// One answer per text, in order: the text's eojeols (`TaggedWord.words(of:morphemes:)`),
    /// offsets in UTF-8 into that text. An empty or all-space text has no words.
    /// The worker client throws `MediaError` (`tagger_unavailable`, `too_large`, `timeout`,
    /// `worker_crashed`, ...) and `CancellationError`.
    func tag(_ texts: [String]) async throws -> [[TaggedWord]]
}
