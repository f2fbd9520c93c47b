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

    /// On pages of documents, pieces without Hangul that hold symbols rather than letters
    /// ("※×", "»7x" for the LaTeX logo; "×" for TeX) are Latin the Hangul model could not read:
    /// they are re-read by the Latin model too, and kept only if it reads letters.
    static func markMisreadLatin(_ pieces: inout [OCRPiece]) {
        for index in pieces.indices {
            let scalars = pieces[index].recognised.unicodeScalars
            if !scalars.contains(where: OCRPiece.isHangul), scalars.contains(where: isForeignMark) {
                pieces[index].isMisreadLatin = true
            }
        }
    }

    /// A mark that is small in print (a period, a comma, a dash), read as a guess on ink half as
    /// tall as the line's syllables or taller, is letters the Hangul model could not read ("Le"
    /// of "Le Monde" on a photo turned 2° read "." at confidence 0, on a box 30 px tall among
    /// syllables of 40): it is re-read like a foreign word, and kept only if the English model
    /// reads two letters or more.
    static func markMarksOfLetterHeight(_ pieces: inout [OCRPiece], syllableHeights: [Int: Double]) {
        for index in pieces.indices {
            let piece = pieces[index]
            guard piece.confidence < unsureConfidence, !piece.recognised.isEmpty, piece.recognised.unicodeScalars.allSatisfy(smallMarks.contains),
                  let height = syllableHeights[piece.line], Double(piece.box.height) >= 0.5 * height else { continue }
            pieces[index].isMisreadLatin = true
        }
    }

    /// Marks whose ink is a small part of a line's height.
    static let smallMarks: Set<Unicode.Scalar> = [".", ",", "-", "_", "~", "·", "'", "`", "…"]

    /// On pages of documents, a syllable the Hangul model was not sure of at all, first in a
    /// word whose next piece is Latin, is the Latin word's first letters read as Hangul ("Li" of
    /// "TEX Live에선" read 느, then "ve"): it is re-read with the word. A Korean word does not
    /// run on into Latin letters without a space, and a syllable read right is rarely so unsure.
    static func markUnsureSyllablesBeforeLatin(_ pieces: inout [OCRPiece], lineTexts: [Int: String]) {
        for word in EojeolMerger.words(pieces, lineTexts: lineTexts) {
            guard let latin = word.first(where: { pieces[$0].needsLatinReread }), latin > word.lowerBound else { continue }
            let before = word.lowerBound..<latin
            guard pieces[before].allSatisfy({ $0.confidence < unsureConfidence && $0.recognised.unicodeScalars.allSatisfy(OCRPiece.isHangul) })
            else { continue }
            for index in before { pieces[index].isMisreadLatin = true }
        }
    }

    /// Below this confidence (Tesseract's 0–100) a syllable is a guess.
    static let unsureConfidence = 10.0

    /// Symbols and guillemets: what Korean prose rarely holds but the Hangul model emits for
    /// letters it does not know. (Quotation marks, brackets and ordinary punctuation are not.)
    static func isForeignMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .mathSymbol, .otherSymbol, .modifierSymbol, .currencySymbol: return true
        default: return "«»※".unicodeScalars.contains(scalar)
        }
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
        defer { TessBaseAPISetPageSegMode(latin, Self.latinMode) }
        TessBaseAPISetRectangle(latin, Int32(left), Int32(top), Int32(right - left), Int32(bottom - top))
        guard TessBaseAPIRecognize(latin, nil) == 0, let iterator = TessBaseAPIGetIterator(latin) else { return nil }
        defer { TessResultIteratorDelete(iterator) }
        let pageIterator = TessResultIteratorGetPageIterator(iterator)
        var words: [OCRPiece] = []
        repeat {
            guard let wordBox = boundingBox(pageIterator, RIL_WORD) else { continue }
            let text = wordText(iterator).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
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

    /// The current word's text without phantom symbols: the LSTM sometimes emits a letter and
    /// then the symbol it really saw at the same place ("\includef{" for `\include{`; "{" read as
    /// "f"). A phantom sits mostly on its neighbours' boxes and is less sure than both.
    private func wordText(_ iterator: OpaquePointer) -> String {
        guard let symbols = TessResultIteratorCopy(iterator) else { return utf8(iterator, RIL_WORD) }
        defer { TessResultIteratorDelete(symbols) }
        let page = TessResultIteratorGetPageIterator(symbols)
        var read: [(text: String, box: PixelRect, confidence: Double)] = []
        while true {
            if let box = boundingBox(page, RIL_SYMBOL) {
                read.append((utf8(symbols, RIL_SYMBOL), box, Double(TessResultIteratorConfidence(symbols, RIL_SYMBOL))))
            }
            if TessPageIteratorIsAtFinalElement(page, RIL_WORD, RIL_SYMBOL) != 0 { break }
            guard TessResultIteratorNext(symbols, RIL_SYMBOL) != 0 else { break }
        }
        var text = ""
        for (index, symbol) in read.enumerated() {
            let neighbours = [index - 1, index + 1].filter(read.indices.contains).map { read[$0] }
            let covered = neighbours.reduce(0) { $0 + Self.overlap(symbol.box, $1.box) }
            let phantom = neighbours.count == 2 && symbol.box.width > 0 && covered * 2 > symbol.box.width
                && neighbours.allSatisfy { symbol.confidence < $0.confidence - Self.phantomDoubt }
            if !phantom { text += symbol.text }
        }
        return text
    }

    /// How much less sure (in Tesseract's 0–100 confidence) a phantom is than its neighbours.
    static let phantomDoubt = 3.0

    /// The columns two boxes share.
    static func overlap(_ a: PixelRect, _ b: PixelRect) -> Int {
        max(0, min(a.x + a.width, b.x + b.width) - max(a.x, b.x))
    }

    /// Brackets that open or close an argument, an option list, a call.
    private static let brackets = Set("[]{}()")

    /// Tesseract puts a space wherever a gap looks wide, and in a code font the cells around a
    /// narrow bracket leave one (`\documentclass [options] {class}`). Inside brackets nothing is
    /// spaced (an italic argument's overhang only looks apart); elsewhere a space next to a
    /// bracket or after a backslash is kept only if the gap is at least two thirds of a letter's
    /// width: a real space is a whole letter's cell in a code font, and about three quarters of a
    /// letter in a proportional one.
    static func spaceBefore(_ word: OCRPiece, after previous: OCRPiece, pitch: Double) -> Bool {
        guard let end = previous.text.last, let start = word.text.first else { return true }
        if "[{(".contains(end) || "]})".contains(start) { return false }
        guard brackets.contains(end) || brackets.contains(start) || end == "\\" else { return true }
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
