import Foundation

/// A rectangle in image pixels, origin at the top left. In JSON `{x, y, w, h}`, as the API
/// gives word boxes.
public struct PixelRect: Codable, Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    enum CodingKeys: String, CodingKey {
        case x, y, width = "w", height = "h"
    }

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Whether the two share a pixel.
    public func overlaps(_ other: PixelRect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// One word as a reader sees it (a Korean eojeol, an English word) with where it is on the image.
public struct OCRWord: Codable, Sendable, Hashable {
    public var text: String
    public var box: PixelRect
    /// Tesseract's confidence, 0–100.
    public var confidence: Double
    /// 0-based text line the word sits on, in reading order.
    public var line: Int

    public init(text: String, box: PixelRect, confidence: Double, line: Int) {
        self.text = text; self.box = box; self.confidence = confidence; self.line = line
    }
}

/// What OCR read on one image: its text (lines as tesseract laid them out) and its words.
public struct OCRResult: Codable, Sendable, Hashable {
    public var text: String
    public var words: [OCRWord]

    public init(text: String, words: [OCRWord]) {
        self.text = text; self.words = words
    }
}
