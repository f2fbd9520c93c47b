import Foundation

/// Tesseract's word level often splits Korean words into syllables ("자", "신", "과" for
/// 자신과). Its line text still has spaces only between real words, so aligning the words
/// against the line text tells which pieces belong together.
enum EojeolMerger {
    /// Merges `words` (in reading order) that have no space between them in their line's text.
    /// `lineTexts[n]` is the text of line `n`.
    static func merge(_ words: [OCRWord], lineTexts: [Int: String]) -> [OCRWord] {
        var merged: [OCRWord] = []
        var currentLine = -1
        var cursor: [Character] = []
        var position = 0

        for word in words {
            if word.line != currentLine {
                currentLine = word.line
                cursor = Array(lineTexts[word.line] ?? "")
                position = 0
            }
            var spaced = position == 0
            while position < cursor.count, cursor[position].isWhitespace {
                spaced = true
                position += 1
            }
            let piece = Array(word.text)
            let matches = position + piece.count <= cursor.count
                && Array(cursor[position..<position + piece.count]) == piece
            if matches {
                position += piece.count
            } else {
                // The line text disagrees with the words: trust word boundaries from here on.
                spaced = true
                position = cursor.count
            }

            if !spaced, let last = merged.last, last.line == word.line {
                let lengthBefore = Double(last.text.count), length = Double(word.text.count)
                merged[merged.count - 1] = OCRWord(
                    text: last.text + word.text,
                    box: last.box.union(word.box),
                    confidence: (last.confidence * lengthBefore + word.confidence * length) / (lengthBefore + length),
                    line: word.line)
            } else {
                merged.append(word)
            }
        }
        return merged
    }
}
