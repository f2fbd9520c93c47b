import Foundation

/// The words a reader underlined on a photo and the sentence they make.
///
/// `text` is empty when the strokes touched no word: not an error, the app asks to draw again.
public struct UnderlineResult: Codable, Sendable, Hashable {
    /// The selected words in reading order, joined as a sentence.
    public var text: String
    /// The selected words, in reading order, boxes in the oriented photo's pixels.
    public var words: [OCRWord]
    public var imageWidth: Int
    public var imageHeight: Int

    public init(text: String, words: [OCRWord], imageWidth: Int, imageHeight: Int) {
        self.text = text; self.words = words; self.imageWidth = imageWidth; self.imageHeight = imageHeight
    }
}
