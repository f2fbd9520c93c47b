import Foundation
import NotioMedia

/// A piece of a word as tesseract's word level gave it, possibly re-read by another model.
struct OCRPiece: Sendable, Equatable {
    /// The text to keep (after a re-read).
    var text: String
    /// What the main model read: this is what the line text is made of.
    var recognised: String
    var box: PixelRect
    var confidence: Double
    var line: Int

    init(text: String, recognised: String? = nil, box: PixelRect, confidence: Double, line: Int) {
        self.text = text; self.recognised = recognised ?? text; self.box = box
        self.confidence = confidence; self.line = line
    }
}

/// Tesseract's word level often splits Korean words into syllables ("자", "신", "과" for
/// 자신과). Its line text still has spaces only between real words, so aligning the pieces
/// against the line text tells which belong together.
enum EojeolMerger {
    /// Merges `pieces` (in reading order) that have no space between them in their line's text.
    /// `lineTexts[n]` is the main model's text of line `n`.
    static func merge(_ pieces: [OCRPiece], lineTexts: [Int: String]) -> [OCRWord] {
        var merged: [OCRWord] = []
        var currentLine = -1
        var cursor: [Character] = []
        var position = 0

        for piece in pieces {
            if piece.line != currentLine {
                currentLine = piece.line
                cursor = Array(lineTexts[piece.line] ?? "")
                position = 0
            }
            var spaced = position == 0
            while position < cursor.count, cursor[position].isWhitespace {
                spaced = true
                position += 1
            }
            let recognised = Array(piece.recognised)
            let matches = position + recognised.count <= cursor.count
                && Array(cursor[position..<position + recognised.count]) == recognised
            if matches {
                position += recognised.count
            } else {
                // The line text disagrees with the pieces: trust piece boundaries from here on.
                spaced = true
                position = cursor.count
            }

            if !spaced, let last = merged.last, last.line == piece.line {
                let lengthBefore = Double(last.text.count), length = Double(piece.text.count)
                merged[merged.count - 1] = OCRWord(
                    text: last.text + piece.text,
                    box: last.box.union(piece.box),
                    confidence: (last.confidence * lengthBefore + piece.confidence * length) / max(1, lengthBefore + length),
                    line: piece.line)
            } else {
                merged.append(OCRWord(text: piece.text, box: piece.box, confidence: piece.confidence, line: piece.line))
            }
        }
        return merged
    }

    /// The page text from words: one line per text line, words separated by one space.
    static func text(of words: [OCRWord]) -> String {
        var lines: [String] = []
        var current: [String] = []
        var line = words.first?.line ?? 0
        for word in words {
            if word.line != line {
                lines.append(current.joined(separator: " "))
                current = []
                line = word.line
            }
            current.append(word.text)
        }
        if !current.isEmpty { lines.append(current.joined(separator: " ")) }
        return lines.joined(separator: "\n")
    }
}
