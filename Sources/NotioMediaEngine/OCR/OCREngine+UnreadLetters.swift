import Foundation

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
            guard let reading = readWord(columns.lowerBound..<end, rows: rows, margin: max(2, piece.box.height / 6),
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
