import Foundation
import NotioMedia

/// Letters the Hangul model left out of a Korean word: on a page it sometimes boxes a foreign
/// word and the particle after it as one piece but reads only the particle (the LaTeX logo
/// before 은, "LATEX은" read "은"), and the letters vanish from the text. Such a piece's box
/// is wider than its syllables by an em or more, and no other piece covers that ink.
extension OCREngine {
    /// Unexplained ink at least this wide (in ems) is read again: a Korean word's box is its
    /// syllables' width, give or take the side bearings and a mark.
    static let unreadInkEms = 1.2

    /// Reads the ink before the syllables of such pieces with the English model and puts the
    /// letters it reads before them.
    func readUnreadLetters(_ pieces: inout [OCRPiece], syllableHeights: [Int: Double], with latin: OpaquePointer,
                           page: InkPage) {
        for index in pieces.indices {
            let piece = pieces[index]
            let syllables = piece.recognised.unicodeScalars
            guard !syllables.isEmpty, syllables.allSatisfy(OCRPiece.isHangul), piece.text == piece.recognised,
                  let height = syllableHeights[piece.line], height > 0,
                  let columns = Self.unreadColumns(of: index, in: pieces, syllableHeight: height) else { continue }
            // Where the letters end and the syllables begin, seen in the ink.
            guard let end = ScriptBoundary.latinEnd(
                gray: page.gray, bytesPerLine: page.bytesPerLine, width: page.width, height: page.height,
                latin: piece.box, right: columns.upperBound, syllables: syllables.count, syllableHeight: height),
                end - columns.lowerBound >= Int(height) else { continue }
            let rows = piece.box.y..<(piece.box.y + piece.box.height)
            guard let reading = readWord(columns.lowerBound..<end, rows: rows, margin: Self.paperMargin(piece.box.height),
                                         with: latin, page: page) else { continue }
            let letters = reading.letters.filter { !$0.isWhitespace }
            guard letters.filter(\.isLetter).count >= 2 else { continue }
            pieces[index].text = letters + piece.text
        }
    }

    /// The columns of the piece at `index`, when they hold at least `unreadInkEms` more than its
    /// syllables take and no other piece of its line lies on their left part.
    static func unreadColumns(of index: Int, in pieces: [OCRPiece], syllableHeight: Double) -> Range<Int>? {
        let piece = pieces[index]
        let em = syllableHeight / ScriptBoundary.inkShareOfEm
        let syllables = Double(piece.recognised.unicodeScalars.count)
        let unexplained = Double(piece.box.width) - syllables * em
        guard unexplained >= unreadInkEms * em else { return nil }
        let left = piece.box.x..<(piece.box.x + Int(unexplained.rounded()))
        // A neighbour's box may touch the edge; one that reaches a third of an em in read that ink.
        let covered = pieces.indices.contains { other in
            other != index && pieces[other].line == piece.line
                && Double(min(left.upperBound, pieces[other].box.x + pieces[other].box.width) - max(left.lowerBound, pieces[other].box.x)) > em / 3
        }
        return covered ? nil : piece.box.x..<(piece.box.x + piece.box.width)
    }
}

/// Words the Hangul model did not see at all: a short Latin word between two Korean words
/// ("와 a 같은", "뒤에서 Le Monde를" on photos turned 4°) is left out of its pieces, and only
/// the wide gap between their boxes shows it. Ink in such a gap, clear of both neighbours by a
/// word space, is read with the English model, and a sure reading of letters is put in as a word.
extension OCREngine {
    /// A gap this wide (in ems) holds a word space on either side and a letter between.
    static let wordGapEms = 0.9

    func readUnseenWords(_ pieces: inout [OCRPiece], lineTexts: inout [Int: String], syllableHeights: [Int: Double],
                         with latin: OpaquePointer, page: InkPage) {
        for index in pieces.indices.dropFirst().reversed() {
            let before = pieces[index - 1], after = pieces[index]
            guard before.line == after.line, let height = syllableHeights[after.line], height > 0 else { continue }
            let em = height / ScriptBoundary.inkShareOfEm
            let gapLeft = before.box.x + before.box.width
            guard Double(after.box.x - gapLeft) >= Self.wordGapEms * em else { continue }
            let gap = gapLeft..<after.box.x
            // The rows of the neighbours that stand on the line like syllables.
            let level = [before.box, after.box].filter { Double($0.height) <= 1.3 * height }
            guard let first = level.first else { continue }
            let box = level.dropFirst().reduce(first) { $0.union($1) }
            let rows = box.y..<(box.y + box.height)
            guard let ink = ScriptBoundary.inkedColumns(gray: page.gray, bytesPerLine: page.bytesPerLine, height: page.height,
                                                        columns: gap, rows: rows),
                  let left = ink.firstIndex(of: true), let right = ink.lastIndex(of: true) else { continue }
            let space = ScriptBoundary.letterGap * em
            guard Double(left) >= space, Double(ink.count - 1 - right) >= space, Double(right + 1 - left) >= 0.2 * em else { continue }
            let columns = (gap.lowerBound + left)..<(gap.lowerBound + right + 1)
            guard let reading = readWord(columns, rows: rows, margin: Self.paperMargin(box.height), with: latin, page: page),
                  !reading.text.isEmpty, reading.text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
                  reading.confidence >= PhotoReader.sureConfidence else { continue }
            var word = OCRPiece(text: reading.text, box: PixelRect(x: columns.lowerBound, y: box.y, width: columns.count, height: box.height),
                                confidence: reading.confidence, line: after.line)
            word.isLatinLine = true
            guard let inserted = EojeolMerger.inserting(word, before: index, in: pieces, lineTexts: lineTexts) else { continue }
            (pieces, lineTexts) = inserted
        }
    }
}
