import CPoppler
import Foundation

/// One character of a page's text with its box and type style, as poppler reports them.
struct Glyph {
    var scalar: Unicode.Scalar
    /// Box in points from the page's top-left corner.
    var x0: Double, y0: Double, x1: Double, y1: Double
    var size: Double
    var bold: Bool
}

/// The characters of a page (in the order of `poppler_page_get_text`) and the page's size.
struct PageGlyphs {
    var glyphs: [Glyph]
    var width: Double
    var height: Double
}

extension PDFText {
    /// The page's characters with boxes and styles, or nil when poppler gives no layout that
    /// matches its text (then the page is read as plain text).
    func glyphs(page index: Int) -> PageGlyphs? {
        withPage(index) { page -> PageGlyphs? in
            var width = 0.0, height = 0.0
            poppler_page_get_size(page, &width, &height)
            guard let raw = poppler_page_get_text(page) else { return nil }
            let scalars = Array(String(cString: raw).unicodeScalars)
            g_free(raw)
            guard !scalars.isEmpty else { return nil }

            // One rectangle per character of poppler_page_get_text's text, same order.
            var rects: UnsafeMutablePointer<PopplerRectangle>?
            var count: guint = 0
            guard poppler_page_get_text_layout(page, &rects, &count) != 0, let rects else { return nil }
            defer { g_free(rects) }
            guard Int(count) == scalars.count else { return nil }

            var sizes = [Double](repeating: 0, count: scalars.count)
            var bold = [Bool](repeating: false, count: scalars.count)
            if let list = poppler_page_get_text_attributes(page) {
                defer { poppler_page_free_text_attributes(list) }
                var node: UnsafeMutablePointer<GList>? = list
                var boldByName: [String: Bool] = [:]
                while let current = node {
                    if let data = current.pointee.data {
                        let attributes = data.assumingMemoryBound(to: PopplerTextAttributes.self).pointee
                        let name = attributes.font_name.map { String(cString: $0) } ?? ""
                        let isBold = boldByName[name] ?? Self.isBoldFont(name)
                        boldByName[name] = isBold
                        // start_index and end_index are character offsets, both inclusive.
                        let low = max(0, Int(attributes.start_index)), high = min(scalars.count - 1, Int(attributes.end_index))
                        if low <= high {
                            for i in low...high { sizes[i] = attributes.font_size; bold[i] = isBold }
                        }
                    }
                    node = current.pointee.next
                }
            }
            var glyphs: [Glyph] = []
            glyphs.reserveCapacity(scalars.count)
            for (i, scalar) in scalars.enumerated() {
                let r = rects[i]
                glyphs.append(Glyph(scalar: scalar, x0: min(r.x1, r.x2), y0: min(r.y1, r.y2), x1: max(r.x1, r.x2), y1: max(r.y1, r.y2),
                                    size: sizes[i], bold: bold[i]))
            }
            return PageGlyphs(glyphs: glyphs, width: width, height: height)
        } ?? nil
    }

    /// Whether a font's name says it is bold: "NotoSansCJKkr-Bold", "Arial-BoldMT", "…-Black",
    /// "…-Heavy", "SemiBold", a weight of 600 or more ("Pretendard-700"), TeX's bold extended faces
    /// ("CMBX10", "SFSX1095") and the Korean TeX fonts' bold series ("nanummjb…", "nanumgtb…").
    static func isBoldFont(_ fontName: String) -> Bool {
        // "ABCDEF+Name": the six letters mark a subset and say nothing of the face.
        var name = Substring(fontName.lowercased())
        if let plus = name.firstIndex(of: "+"), name.distance(from: name.startIndex, to: plus) == 6 { name = name[name.index(after: plus)...] }
        for word in ["bold", "black", "heavy", "demi", "semibold", "extrab", "ultrab"] where name.contains(word) { return true }
        for weight in ["600", "700", "800", "900"] {
            if let range = name.range(of: weight) {
                let before = range.lowerBound == name.startIndex ? nil : name[name.index(before: range.lowerBound)]
                let after = range.upperBound == name.endIndex ? nil : name[range.upperBound]
                if before.map({ !$0.isNumber }) ?? true, after.map({ !$0.isNumber }) ?? true { return true }
            }
        }
        if name.hasPrefix("nanummjb") || name.hasPrefix("nanumgtb") { return true }
        // TeX font names: family letters, a series ("bx", "sx", "b"), then the design size.
        for family in ["cm", "sf", "ec", "tc", "lm"] where name.hasPrefix(family) {
            let letters = name.dropFirst(family.count).prefix { $0.isLetter }
            let rest = name.dropFirst(family.count + letters.count)
            guard rest.first?.isNumber == true else { continue }
            if letters.hasSuffix("bx") || letters.hasSuffix("sx") || letters == "b" || letters == "ssbx" { return true }
        }
        return false
    }
}
