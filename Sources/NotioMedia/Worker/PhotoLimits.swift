import Foundation

/// Limits on untrusted photos, enforced by `OCRPool` and the worker.
public struct PhotoLimits: Codable, Sendable, Equatable {
    /// Larger files are refused before a worker sees them.
    public var maxBytes: Int
    /// Pictures whose header declares more pixels are refused before they are decoded.
    public var maxPixels: Int
    /// Photos are read by OCR at most this long on their longest side: a 12 MP phone photo
    /// of a page has letters far taller than tesseract needs, and reading it whole is several
    /// times slower. Boxes are still given in the photo's full-size pixels.
    public var maxRecognitionSide: Int

    public init(maxBytes: Int = 20_000_000, maxPixels: Int = 40_000_000, maxRecognitionSide: Int = 2400) {
        self.maxBytes = maxBytes; self.maxPixels = maxPixels; self.maxRecognitionSide = maxRecognitionSide
    }
}
