import Foundation
import NotioMedia

/// Marks of lecture notes that the Hangul model has no letter for: the bullet that opens a list
/// item, read as "e", ".", "*", "°", "ᄋ" or ">", and the em dash between two phrases, read as the
/// vowel jamo ᅳ (alone, or between hyphens: "-ᅳ-"). On a document page they are put back by
/// their shape: a bullet is a small filled disc first on its line, apart from the word after it;
/// a jamo never stands alone as a word.
extension OCREngine {
    static func restoreListMarks(_ pieces: inout [OCRPiece], syllableHeights: [Int: Double], page: InkPage) {
        var firstOfLine = Set<Int>()
        var seenLines = Set<Int>()
        for index in pieces.indices where seenLines.insert(pieces[index].line).inserted { firstOfLine.insert(index) }
        for index in pieces.indices {
            let piece = pieces[index]
            if isReadDash(piece.text) {
                pieces[index].text = "—"
                // The dash's ends, read as hyphens of their own, are part of it.
                for side in [index - 1, index + 1] where pieces.indices.contains(side) && pieces[side].line == piece.line
                    && pieces[side].text == "-" && abs(pieces[side].box.x - piece.box.x) < Int(2 * (syllableHeights[piece.line] ?? 0)) {
                    pieces[side].text = ""
                }
                continue
            }
            guard firstOfLine.contains(index), piece.text != "•", let height = syllableHeights[piece.line],
                  !piece.recognised.unicodeScalars.contains(where: OCRPiece.isHangul),
                  isBullet(piece.box, syllableHeight: height, page: page) else { continue }
            // The next piece of the line starts after a gap: the disc is a word of its own.
            if pieces.indices.contains(index + 1), pieces[index + 1].line == piece.line,
               Double(pieces[index + 1].box.x - (piece.box.x + piece.box.width)) < 0.2 * height { continue }
            pieces[index].text = "•"
        }
    }

    /// The Hangul model's reading of an em or en dash: the jamo ᅳ (or ㅡ), alone or with hyphens.
    static func isReadDash(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        return scalars.contains { $0 == "\u{1173}" || $0 == "\u{3161}" }
            && scalars.allSatisfy { "\u{1173}\u{3161}-–—".unicodeScalars.contains($0) }
    }

    /// Whether the ink in `box` is one small filled disc: as wide as tall, between a fifth and
    /// three fifths of a syllable's height (a period is smaller), filling most of its square.
    static func isBullet(_ box: PixelRect, syllableHeight: Double, page: InkPage) -> Bool {
        let margin = max(2, Int(syllableHeight / 4))
        let columns = max(0, box.x - margin)..<min(page.width, box.x + box.width + margin)
        let rows = max(0, box.y - margin)..<min(page.height, box.y + box.height + margin)
        guard columns.count >= 4, rows.count >= 4,
              let threshold = WordBoxes.inkThreshold(gray: page.gray, bytesPerLine: page.bytesPerLine, columns: columns, rows: rows)
        else { return false }
        var left = Int.max, right = Int.min, top = Int.max, bottom = Int.min, ink = 0
        for y in rows {
            for x in columns where page.gray[y * page.bytesPerLine + x] < threshold {
                left = min(left, x); right = max(right, x); top = min(top, y); bottom = max(bottom, y)
                ink += 1
            }
        }
        guard ink > 0 else { return false }
        let width = Double(right - left + 1), height = Double(bottom - top + 1)
        guard (0.2...0.6).contains(height / syllableHeight), (0.2...0.6).contains(width / syllableHeight),
              abs(width - height) <= 0.3 * max(width, height) else { return false }
        // A disc fills π/4 of its square; a ring (ㅇ, °, o) or a star much less.
        return Double(ink) >= 0.6 * width * height
    }

    /// A bullet before a Latin word ("• [cjk] 옵션을", "• ko.TEX과") is read by the Hangul model
    /// as part of that word, one piece from the disc to the word's end (" nsecjktifont]" for
    /// "• [usecjk1font]"), and the word's re-read then starts on the disc. Where a piece first on
    /// its line, without Hangul, begins with a disc apart from the ink after it, the disc becomes
    /// a piece of its own and the word's box starts after the gap.
    static func splitLeadingBullets(_ pieces: inout [OCRPiece], page: InkPage) {
        let heights = syllableHeights(pieces)
        var seenLines = Set<Int>()
        var index = 0
        while index < pieces.count {
            defer { index += 1 }
            let piece = pieces[index]
            guard seenLines.insert(piece.line).inserted, let height = heights[piece.line],
                  !piece.recognised.unicodeScalars.contains(where: OCRPiece.isHangul),
                  let (disc, rest) = leadingDisc(piece.box, syllableHeight: height, page: page),
                  isBullet(disc, syllableHeight: height, page: page) else { continue }
            var word = piece
            let right = piece.box.x + piece.box.width
            word.box = PixelRect(x: rest, y: piece.box.y, width: right - rest, height: piece.box.height)
            word.recognised = piece.recognised.trimmingCharacters(in: .whitespaces)
            word.text = word.recognised
            let bullet = OCRPiece(text: "•", recognised: "", box: disc, confidence: piece.confidence, line: piece.line)
            pieces[index] = word
            pieces.insert(bullet, at: index)
            index += 1
        }
    }

    /// The first blob of ink in `box` (its columns, and its rows) and the column where the ink
    /// after it starts, when a gap of at least a fifth of a syllable's height parts them.
    static func leadingDisc(_ box: PixelRect, syllableHeight: Double, page: InkPage) -> (PixelRect, Int)? {
        let rows = max(0, box.y)..<min(page.height, box.y + box.height)
        let columns = max(0, box.x)..<min(page.width, box.x + box.width)
        guard !rows.isEmpty, columns.count >= 4,
              let threshold = WordBoxes.inkThreshold(gray: page.gray, bytesPerLine: page.bytesPerLine, columns: columns, rows: rows)
        else { return nil }
        func inked(_ x: Int) -> [Int] { rows.filter { page.gray[$0 * page.bytesPerLine + x] < threshold } }
        guard let start = columns.first(where: { !inked($0).isEmpty }) else { return nil }
        var end = start, top = Int.max, bottom = Int.min
        while end < columns.upperBound, case let ink = inked(end), let first = ink.first, let last = ink.last {
            top = min(top, first); bottom = max(bottom, last)
            end += 1
        }
        guard let next = (end..<columns.upperBound).first(where: { !inked($0).isEmpty }),
              Double(next - end) >= 0.2 * syllableHeight else { return nil }
        return (PixelRect(x: start, y: top, width: end - start, height: bottom - top + 1), next)
    }
}
