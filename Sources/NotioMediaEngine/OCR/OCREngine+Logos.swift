import Foundation
import NotioMedia

/// The logos of the TeX family (TeX, LaTeX, XeTeX, LuaTeX, ko.TeX…), which manuals and notes
/// typeset with TeX name on every other line. Their E is set half an ex below the line (XeTeX's
/// first E mirrored too) and LaTeX's A small and raised; neither model knows such letters, and
/// "TEX" comes back as "TpX", "LuaTpx", "IATRX", "Xalex". A document page's word whose ink goes
/// below the line, and whose reading is a logo's letters with the lowered or the raised one
/// misread, is that logo, spelled as the PDF's own text layer spells it (the macros draw the
/// letters T, E, X).
extension OCREngine {
    /// The logos as TeX sets them, in capitals where TeX draws capitals.
    static let texLogos = ["TEX", "LATEX", "XETEX", "XELATEX", "LuaTEX", "LuaLATEX", "pdfTEX", "pdfLATEX",
                           "ko.TEX", "BibTEX", "ConTEXt", "MiKTEX"]

    /// Puts back the logos of a document page's Latin pieces.
    static func restoreLogos(_ pieces: inout [OCRPiece], page: InkPage) {
        for index in pieces.indices where !pieces[index].text.unicodeScalars.contains(where: OCRPiece.isHangul) {
            let text = pieces[index].text
            // Brackets and punctuation around the word stay as read: "(LATEX", "TEX,".
            let core = text.drop { !$0.isLetter && !$0.isNumber }
            let word = String(core.reversed().drop { !$0.isLetter && !$0.isNumber }.reversed())
            // A logo's capitals come back as capitals in part at least; a word read all in
            // small letters is a word ("text", "later", "context").
            guard word.contains(where: \.isUppercase), let logo = logo(reading: word), logo != word,
                  reachesBelowLine(pieces[index].box, page: page) else { continue }
            let lead = text.prefix { !$0.isLetter && !$0.isNumber }
            let tail = text.dropFirst(lead.count + word.count)
            pieces[index].text = lead + logo + tail
        }
    }

    /// The logo whose letters `reading` gives but for one misread letter (two in a reading of
    /// five letters or more, where the lowered and the raised letter are both misread), letter
    /// case aside. The letters of the logo's "TEX" are capitals; those before them keep the
    /// case read ("PDFLATEX" of small capitals). Nil when no logo is that near, or two are.
    static func logo(reading: String) -> String? {
        let read = Array(reading)
        let allowed = read.count >= 5 ? 2 : 1
        let near = texLogos.map { ($0, ScanQuality.editDistance(Array($0.lowercased()), Array(reading.lowercased()))) }.filter { $0.1 <= allowed }
        guard let nearest = near.map(\.1).min() else { return nil }
        var nearestLogos = near.filter { $0.1 == nearest }.map(\.0)
        // Of two as near, the one that begins as the reading does ("Xalex": XETEX, not LATEX).
        if nearestLogos.count > 1 { nearestLogos = nearestLogos.filter { $0.first?.lowercased() == reading.first?.lowercased() } }
        guard nearestLogos.count == 1 else { return nil }
        // Letters before the logo's T keep the reading's case where the reading has them.
        let logo = Array(nearestLogos[0])
        let core = logo.lastIndex(of: "T") ?? 0
        var spelled = ""
        for (position, letter) in logo.enumerated() {
            if position < core, position < read.count, read[position].lowercased() == letter.lowercased() {
                spelled.append(read[position])
            } else {
                spelled.append(letter)
            }
        }
        return spelled
    }

    /// Whether some of the ink of `box` goes well below the line the rest stands on: TeX's
    /// lowered E (kerned into its neighbours, it shares columns with them but not its bottom),
    /// or a descender of p, g, y. A name that only spells like a logo ("kotex", "luatexko") has
    /// none.
    static func reachesBelowLine(_ box: PixelRect, page: InkPage) -> Bool {
        let columns = max(0, box.x)..<min(page.width, box.x + box.width)
        let rows = max(0, box.y - 2)..<min(page.height, box.y + box.height + 2)
        guard columns.count >= 4, rows.count >= 8,
              let threshold = WordBoxes.inkThreshold(gray: page.gray, bytesPerLine: page.bytesPerLine, columns: columns, rows: rows)
        else { return false }
        var tops: [Int] = [], bottoms: [Int] = []
        for x in columns {
            let inked = rows.filter { page.gray[$0 * page.bytesPerLine + x] < threshold }
            guard let top = inked.first, let bottom = inked.last else { continue }
            tops.append(top); bottoms.append(bottom)
        }
        guard bottoms.count >= 4, let top = tops.min() else { return false }
        let line = bottoms.sorted()[bottoms.count / 2]
        return bottoms.contains { Double($0 - line) >= 0.2 * Double(line - top) }
    }
}
