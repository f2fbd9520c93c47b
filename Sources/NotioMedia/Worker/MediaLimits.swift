import Foundation

/// Limits on untrusted documents, enforced by `MediaWorkerClient` and the worker.
public struct MediaLimits: Sendable, Equatable {
    /// Larger files are refused before a worker starts.
    public var maxBytes: Int
    /// Documents with more pages are refused before their text is read.
    public var maxPages: Int
    /// The worker is killed when a document takes longer.
    public var timeoutSeconds: Double
    /// A page with fewer non-space characters (and something drawn on it) is read by OCR.
    public var ocrMinChars: Int
    /// Resolution for rendering pages to OCR.
    public var ocrDPI: Int
    /// Whether scanned pages are read by OCR at all.
    public var ocr: Bool
    /// Pages recognised at once in the worker; 0 = one per core.
    public var ocrThreads: Int
    /// Texts to tag go to one worker in batches of about this many UTF-8 bytes (a longer text
    /// goes alone). 1 MB, a third of a 300-page book, is tagged in about a second.
    public var taggingBatchBytes: Int
    /// More text than this in one `tag` call is refused (`too_large`): 16 MB is eight times the
    /// text of a 500-page book (`NOTIO_PDF_MAX_PAGES`), and a text longer than a batch goes alone.
    public var taggingMaxBytes: Int
    /// One batch's worker is killed when it takes longer.
    public var taggingTimeoutSeconds: Double

    public init(maxBytes: Int = 50_000_000, maxPages: Int = 500, timeoutSeconds: Double = 600,
                ocrMinChars: Int = 20, ocrDPI: Int = 300, ocr: Bool = true, ocrThreads: Int = 0,
                taggingBatchBytes: Int = 1 << 20, taggingMaxBytes: Int = 16 << 20, taggingTimeoutSeconds: Double = 120) {
        self.maxBytes = maxBytes; self.maxPages = maxPages; self.timeoutSeconds = timeoutSeconds
        self.ocrMinChars = ocrMinChars; self.ocrDPI = ocrDPI; self.ocr = ocr; self.ocrThreads = ocrThreads
        self.taggingBatchBytes = taggingBatchBytes; self.taggingMaxBytes = taggingMaxBytes
        self.taggingTimeoutSeconds = taggingTimeoutSeconds
    }
}
