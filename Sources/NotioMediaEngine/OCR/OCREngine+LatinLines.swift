import CTesseract
import Foundation
import NotioMedia

/// Lines of a page in which the Hangul model found no Hangul syllable: displayed code
/// (`\documentclass[options]{class}`), formulas, English sentences. The Hangul model reads Latin
/// letters poorly ("1088" for *class*) and breaks a code font's lines into pieces; re-reading
/// each piece alone loses what joins them. Such a line is read again whole by the English model
/// in single-line mode, and its pieces are replaced by that reading.
extension OCREngine {
    func rereadLatinLines(_ pieces: inout [OCRPiece], lineTexts: inout [Int: String], with latin: OpaquePointer,
                          page: InkPage) {
        var byLine: [Int: [Int]] = [:]
        for index in pieces.indices { byLine[pieces[index].line, default: []].append(index) }
        var replaced: [Int: [OCRPiece]] = [:]
        for (line, indices) in byLine {
            let linePieces = indices.map { pieces[$0] }
            guard !linePieces.contains(where: { $0.recognised.unicodeScalars.contains(where: OCRPiece.isHangul) }),
                  linePieces.contains(where: \.needsLatinReread) else { continue }
            let box = linePieces.dropFirst().reduce(linePieces[0].box) { $0.union($1.box) }
            guard let words = readLine(box, line: line, with: latin, page: page), !words.isEmpty else { continue }
            replaced[line] = words
            lineTexts[line] = Self.joinedText(words)
        }
        guard !replaced.isEmpty else { return }
        var result: [OCRPiece] = []
        var done = Set<Int>()
        for piece in pieces {
            if let words = replaced[piece.line] {
                if done.insert(piece.line).inserted { result += words }
            } else {
                result.append(piece)
            }
        }
        pieces = result
    }

    /// The English model's words on `box` (widened a little: the main model's boxes hug the
    /// ink), as pieces of `line`. Words that touch with no real space between them are one
    /// piece (see `spaceBefore`).
    private func readLine(_ box: PixelRect, line: Int, with latin: OpaquePointer, page: InkPage) -> [OCRPiece]? {
        let margin = max(2, box.height / 4)
        let left = max(0, box.x - margin), top = max(0, box.y - margin)
        let right = min(page.width, box.x + box.width + margin), bottom = min(page.height, box.y + box.height + margin)
        guard right > left, bottom > top else { return nil }
        TessBaseAPISetPageSegMode(latin, PSM_SINGLE_LINE)
        defer { TessBaseAPISetPageSegMode(latin, PSM_SINGLE_WORD) }
        TessBaseAPISetRectangle(latin, Int32(left), Int32(top), Int32(right - left), Int32(bottom - top))
        guard TessBaseAPIRecognize(latin, nil) == 0, let iterator = TessBaseAPIGetIterator(latin) else { return nil }
        defer { TessResultIteratorDelete(iterator) }
        let pageIterator = TessResultIteratorGetPageIterator(iterator)
        var words: [OCRPiece] = []
        repeat {
            let text = utf8(iterator, RIL_WORD).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, let wordBox = boundingBox(pageIterator, RIL_WORD) else { continue }
            var piece = OCRPiece(text: text, box: wordBox, confidence: Double(TessResultIteratorConfidence(iterator, RIL_WORD)),
                                 line: line)
            piece.isLatinLine = true
            words.append(piece)
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        let pitch = Self.letterPitch(words)
        var joined: [OCRPiece] = []
        for word in words {
            if let last = joined.last, !Self.spaceBefore(word, after: last, pitch: pitch) {
                joined[joined.count - 1].text += word.text
                joined[joined.count - 1].recognised += word.recognised
                joined[joined.count - 1].box = last.box.union(word.box)
                joined[joined.count - 1].confidence = min(last.confidence, word.confidence)
            } else {
                joined.append(word)
            }
        }
        return joined
    }

    /// Brackets that open or close an argument, an option list, a call.
    private static let brackets = Set("[]{}()")

    /// Tesseract puts a space wherever a gap looks wide, and in a code font the cells around a
    /// narrow bracket leave one (`\documentclass [options] {class}`). A space is kept unless a
    /// bracket meets the gap and the gap is narrower than two thirds of a letter's width: a real
    /// space is a whole letter's cell in a code font, and about three quarters of a letter in
    /// a proportional one.
    static func spaceBefore(_ word: OCRPiece, after previous: OCRPiece, pitch: Double) -> Bool {
        guard let end = previous.text.last, let start = word.text.first,
              brackets.contains(end) || brackets.contains(start) || end == "\\" else { return true }
        let gap = Double(word.box.x - (previous.box.x + previous.box.width))
        return gap >= 0.66 * pitch
    }

    /// The width of a letter on the line: the words' widths over their letters.
    static func letterPitch(_ words: [OCRPiece]) -> Double {
        let letters = words.reduce(0) { $0 + $1.text.count }
        return letters == 0 ? 0 : Double(words.reduce(0) { $0 + $1.box.width }) / Double(letters)
    }

    /// A line's text as the merger aligns pieces with it: the pieces, a space between each.
    static func joinedText(_ pieces: [OCRPiece]) -> String {
        pieces.map(\.recognised).joined(separator: " ")
    }
}
