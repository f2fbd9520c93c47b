import Foundation

/// Every word OCR found on a photo, with boxes in the pixels of the photo as the browser shows
/// it: EXIF orientation applied, at its full size (even when it was read at a smaller size).
public struct OCRPage: Codable, Sendable, Hashable {
    public var words: [OCRWord]
    public var imageWidth: Int
    public var imageHeight: Int

    public init(words: [OCRWord], imageWidth: Int, imageHeight: Int) {
        self.words = words; self.imageWidth = imageWidth; self.imageHeight = imageHeight
    }
}
