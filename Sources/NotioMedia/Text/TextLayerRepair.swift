/// Mends a broken text layer (see `TextLayerJudge`) with what OCR read on the same pages. A broken
/// font maps each glyph to one wrong code point — a substitution, the same on every page — so
/// lining the layer's text up with the OCR text teaches the substitution where both agree around
/// it ("줲줰줲줱년" beside "2021년": 줲→2, 줰→0, 줱→1). Decoding the layer then gives the text exactly
/// as printed, where OCR alone misreads logos and code ("ko.TEX" read as "67x").
public struct TextLayerRepair: Sendable {
    /// Rare syllable → the character it stands for: decoded wherever it stands.
    public private(set) var mapping: [Unicode.Scalar: Unicode.Scalar] = [:]
    /// Syllables real Korean uses too (쥔, 쥘, 중…) that the broken font also produced: decoded only
    /// beside a Latin character or digit of the same word ("ko.쥔E쥘" → "ko.TEX", "쥐" alone stays).
    public private(set) var inLatinWords: [Unicode.Scalar: Unicode.Scalar] = [:]

    /// A substitution is believed when OCR read it at least twice and mostly the same way.
    static let minimumVotes = 2
    static let minimumAgreement = 0.6
    /// Fonts exported with a shifted code table map every glyph by one offset (kotex-doc.pdf:
    /// U+C900 + ASCII). When most learned pairs share an offset, it decodes the glyphs OCR never
    /// lined up too.
    static let minimumShifted = 5
    static let shiftAgreement = 0.75

    /// `pages`: each broken page's layer text and the OCR text of the same page.
    public init(pages: [(layer: String, ocr: String)]) {
        var votes: [Unicode.Scalar: [Unicode.Scalar: Int]] = [:]
        for page in pages { Self.vote(layer: page.layer, ocr: page.ocr, into: &votes) }
        for (rare, readings) in votes {
            let total = readings.values.reduce(0, +)
            guard let (best, count) = readings.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key.value > $1.key.value) }),
                  count >= Self.minimumVotes, Double(count) >= Self.minimumAgreement * Double(total) else { continue }
            if TextLayerJudge.isRare(rare) { mapping[rare] = best } else { inLatinWords[rare] = best }
        }
        var offsets: [Int: Int] = [:]
        for (rare, plain) in mapping { offsets[Int(rare.value) - Int(plain.value), default: 0] += 1 }
        if let (offset, count) = offsets.max(by: { $0.value < $1.value }), count >= Self.minimumShifted,
           Double(count) >= Self.shiftAgreement * Double(mapping.count) {
            mapping = [:]
            inLatinWords = [:]
            for code in 0x21...0x7E {
                guard let plain = Unicode.Scalar(code), let glyph = Unicode.Scalar(code + offset),
                      (0xAC00...0xD7A3).contains(glyph.value) else { continue }
                if TextLayerJudge.isRare(glyph) { mapping[glyph] = plain } else { inLatinWords[glyph] = plain }
            }
        }
    }

    /// The layer's text decoded, or nil when rare glyphs are left that the map cannot decode (the
    /// page is then better read by OCR).
    public func decode(_ text: String) -> String? {
        var scalars = text.unicodeScalars.map { mapping[$0] ?? $0 }
        // A common syllable inside a Latin word; each pass reaches one glyph further ("쥘E쥔E쥘").
        var changed = !inLatinWords.isEmpty
        var passes = 0
        while changed, passes < 8 {
            changed = false
            passes += 1
            for i in scalars.indices {
                guard let plain = inLatinWords[scalars[i]] else { continue }
                let before = i > scalars.startIndex ? scalars[i - 1] : nil
                let after = i + 1 < scalars.endIndex ? scalars[i + 1] : nil
                if [before, after].contains(where: { $0.map(Self.isPrintable) ?? false }) {
                    scalars[i] = plain
                    changed = true
                }
            }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        let decoded = String(view)
        return TextLayerJudge.judge(decoded).isBroken ? nil : decoded
    }

    /// Counts, for each rare syllable of the layer, what OCR read in its place: the two texts are
    /// aligned (spaces aside) on the characters they share, and between two shared characters a
    /// stretch of the layer and a stretch of OCR of the same length are read glyph for glyph.
    static func vote(layer: String, ocr: String, into votes: inout [Unicode.Scalar: [Unicode.Scalar: Int]]) {
        let a = Array(layer.unicodeScalars.filter { !$0.properties.isWhitespace })
        let b = Array(ocr.unicodeScalars.filter { !$0.properties.isWhitespace })
        let difference = b.difference(from: a)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var fromLayer: [Unicode.Scalar] = [], fromOCR: [Unicode.Scalar] = []
        func read() {
            if fromLayer.count == fromOCR.count {
                for (glyph, plain) in zip(fromLayer, fromOCR) where (0xAC00...0xD7A3).contains(glyph.value) && isPrintable(plain) {
                    votes[glyph, default: [:]][plain, default: 0] += 1
                }
            }
            fromLayer.removeAll(keepingCapacity: true); fromOCR.removeAll(keepingCapacity: true)
        }
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, removed.contains(i) { fromLayer.append(a[i]); i += 1; continue }
            if j < b.count, inserted.contains(j) { fromOCR.append(b[j]); j += 1; continue }
            read()
            i += 1; j += 1
        }
        read()
    }

    /// What a broken Latin font stands in for: printable ASCII.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool { (0x21...0x7E).contains(scalar.value) }
}
