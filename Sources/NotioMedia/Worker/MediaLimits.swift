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

    public init(maxBytes: Int = 50_000_000, maxPages: Int = 500, timeoutSeconds: Double = 600,
                ocrMinChars: Int = 20, ocrDPI: Int = 300, ocr: Bool = true, ocrThreads: Int = 0) {
        self.maxBytes = maxBytes; self.maxPages = maxPages; self.timeoutSeconds = timeoutSeconds
        self.ocrMinChars = ocrMinChars; self.ocrDPI = ocrDPI; self.ocr = ocr; self.ocrThreads = ocrThreads
    }
}
