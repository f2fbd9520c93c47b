import Foundation

/// How well the OCR path reads a scan of real pages: the pages are rasterised into an
/// image-only PDF (as a scanner would give them), read back by `PDFExtractor`, and compared
/// with the source PDF's own text layer. Used by the scan test and by `make bench`, so both
/// count errors the same way.
public enum ScanQuality {
    /// One page read back.
    public struct Page: Sendable {
        public var number: Int
        /// Edits (insertions, deletions, substitutions) from the text layer to what OCR read.
        public var errors: Int
        /// Characters of the text layer.
        public var length: Int
        /// Lines of the text layer without Hangul (code, formulas, English), and those of them
        /// found verbatim in what OCR read.
        public var latinLines: [String]
        public var missingLatinLines: [String]
        public var read: String
        public var reference: String

        public var characterErrorRate: Double { length == 0 ? 0 : Double(errors) / Double(length) }
    }

    /// Pages `first...last` of `source` (1-based) scanned at `dpi` into `scanPath`, read back
    /// with `options`. Also returns the milliseconds of the extraction alone.
    public static func measure(source: Data, pages: ClosedRange<Int>, dpi: Double, scanPath: String,
                               options: PDFExtractionOptions = PDFExtractionOptions()) throws -> (pages: [Page], ms: Double) {
        let pdf = try PDFText(data: source)
        try pdf.writeScannedCopy(pages: pages, dpi: dpi, to: scanPath)
        let scan = try Data(contentsOf: URL(fileURLWithPath: scanPath))
        let started = DispatchTime.now()
        let document = try PDFExtractor.extract(data: scan, options: options)
        let ms = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
        let read = zip(pages, document.pages).map { number, page in
            compare(read: page.text, reference: pdf.rawText(page: number - 1), page: number)
        }
        return (read, ms)
    }

    /// Compares what OCR read with the text layer of the same page.
    public static func compare(read: String, reference: String, page: Int) -> Page {
        let expected = characters(reference)
        let found = characters(read)
        let latin = reference.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { line in
                line.unicodeScalars.contains { $0.isASCII && CharacterSet.letters.contains($0) }
                    && !line.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
            }
        let readLines = read.split(whereSeparator: \.isNewline).map { String(characters(String($0))) }
        let whole = String(found)
        let missing = latin.filter { line in
            let wanted = String(characters(line))
            return !readLines.contains(wanted) && !whole.contains(wanted)
        }
        return Page(number: page, errors: editDistance(expected, found), length: expected.count,
                    latinLines: latin, missingLatinLines: missing, read: read, reference: reference)
    }

    /// The characters compared: compatibility forms folded (ligatures, full-width letters),
    /// whitespace left out (line breaks and the spaces of Korean spacing differ between a text
    /// layer and any reading of the picture), and marks on Hangul syllables left out: Korean
    /// takes no diacritics, and a layer's dots above syllables (U+0307, ko.TeX's 드러냄표) are
    /// emphasis, as bold is, not letters a reader would type.
    public static func characters(_ text: String) -> [Character] {
        var kept = String.UnicodeScalarView()
        var onSyllable = false
        for scalar in text.precomposedStringWithCompatibilityMapping.unicodeScalars {
            let mark = scalar.properties.generalCategory == .nonspacingMark
            if onSyllable, mark { continue }
            onSyllable = (0xAC00...0xD7A3).contains(scalar.value)
            kept.append(scalar)
        }
        return Array(String(kept).filter { !$0.isWhitespace })
    }

    /// Levenshtein distance, one row at a time.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] : 1 + min(previous[j - 1], previous[j], current[j - 1])
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
