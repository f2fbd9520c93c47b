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
                           "ko.TEX", "ε-TEX", "BibTEX", "ConTEXt", "MiKTEX"]

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

    /// The logo whose letters `reading` gives but for one misread, lost or added letter (two in
    /// a reading of five letters or more, where the lowered and the raised letter are both
    /// misread), letter case aside ("TeX"); a reading that holds the logo whole and more is
    /// another name ("HLATEX"). Of two logos as near, the one with more letters in common, then
    /// the one that begins as the reading does ("lkoTEX": ko.TEX; "Xalex": XETEX). The letters
    /// from the logo's last T on are capitals; those before it are the logo's, or capitals where
    /// the reading has them in capitals only ("PDFLATEX" in small capitals). Nil when no logo
    /// is that near, or two are.
    static func logo(reading: String) -> String? {
        let read = Array(reading.lowercased())
        let allowed = read.count >= 5 ? 2 : 1
        let near = texLogos
            .map { (logo: $0, distance: ScanQuality.editDistance(Array($0.lowercased()), read),
                    shared: commonLetters(Array($0.lowercased()), read), sameStart: $0.first?.lowercased() == reading.first?.lowercased()) }
            .filter { $0.distance <= allowed }
            .sorted { ($0.distance, -$0.shared, $0.sameStart ? 0 : 1) < ($1.distance, -$1.shared, $1.sameStart ? 0 : 1) }
        guard let best = near.first, best.distance == 0 || !reading.lowercased().contains(best.logo.lowercased()) else { return nil }
        if near.count > 1, near[1].distance == best.distance, near[1].shared == best.shared, near[1].sameStart == best.sameStart { return nil }
        let logo = best.logo
        let core = logo.lastIndex(of: "T") ?? logo.startIndex
        let readPrefix = reading.prefix(logo.distance(from: logo.startIndex, to: core))
        let smallCapitals = !readPrefix.isEmpty && !readPrefix.contains(where: \.isLowercase)
        return (smallCapitals ? logo[..<core].uppercased() : String(logo[..<core])) + logo[core...]
    }

    /// The length of the longest run of letters both words hold in the same order.
    private static func commonLetters(_ a: [Character], _ b: [Character]) -> Int {
        var previous = [Int](repeating: 0, count: b.count + 1)
        for letter in a {
            var current = [0]
            for (j, other) in b.enumerated() { current.append(letter == other ? previous[j] + 1 : max(previous[j + 1], current[j])) }
            previous = current
        }
        return previous[b.count]
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
