import Foundation

/// Blocks of a scanned page set side by side: a listing of code beside what it prints (lshort-ko's
/// "This is an % stupid" box and its output), a figure's two halves. Their lines sit at
/// different heights, so no paper row runs between them, and tesseract, reading the page as one
/// block (`PSM_SINGLE_BLOCK`), took each row across both sides: the code and its output came out
/// interleaved and half garbled (lshort-ko page 18 at 13% CER against its text layer, which holds
/// the left block, then the right one).
///
/// A page is cut at the paper rows between its lines into stripes; a stripe taller than two
/// lines with a wide paper column inside it is two sides, read left then right. Every other
/// stripe is read as before, with its neighbours.
enum PageSides {
    /// Darker than this is ink.
    static let inkBelow: UInt8 = 128
    /// A paper column this wide (in inches) between two sides: a tenth of an inch is the widest
    /// word space of justified text, a running header's page number stands further from its
    /// title but on one line.
    static let minimumGutterInches = 0.5
    /// A stripe this many times as tall as the page's typical line holds several lines.
    static let minimumLines = 2.0

    /// What `read` makes of the page, side-by-side stripes read a side at a time: the readings
    /// joined by line breaks, in reading order.
    static func read(_ image: GrayImage, dpi: Double, with read: (GrayImage) -> String) -> String {
        let pieces = self.pieces(of: image, dpi: dpi)
        guard pieces.count > 1 else { return read(image) }
        return pieces.map { read(crop(image, $0)) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The parts of the page read on their own, in reading order: the whole page when it has no
    /// side-by-side stripe.
    static func pieces(of image: GrayImage, dpi: Double) -> [PixelBox] {
        let stripes = self.stripes(image)
        let heights = stripes.map(\.count).sorted()
        guard let typical = heights.isEmpty ? nil : heights[heights.count / 2], typical > 0 else { return [whole(image)] }
        let gutter = Int(minimumGutterInches * dpi)
        var pieces: [PixelBox] = []
        var start = 0, index = 0
        while index < stripes.count {
            defer { index += 1 }
            let stripe = stripes[index]
            guard Double(stripe.count) >= minimumLines * Double(typical),
                  let split = gutterMiddle(image, rows: stripe, minimum: gutter) else { continue }
            // The lines just above and below that keep to one side belong to the sides too (the
            // listing's last line, below its output).
            let gutterColumns = max(0, split - gutter / 2)..<min(image.width, split + gutter / 2)
            func oneSided(_ other: Int, after near: Int) -> Bool {
                let gap = other > near ? stripes[other].lowerBound - stripes[near].upperBound
                                       : stripes[near].lowerBound - stripes[other].upperBound
                return gap <= typical && !hasInk(image, rows: stripes[other], columns: gutterColumns)
            }
            var first = index, last = index
            while first > 0, stripes[first - 1].lowerBound >= start, oneSided(first - 1, after: first) { first -= 1 }
            while last + 1 < stripes.count, oneSided(last + 1, after: last) { last += 1 }
            // Cut in the paper between the sides' stripes and their neighbours.
            let top = first == 0 ? 0 : (stripes[first - 1].upperBound + stripes[first].lowerBound) / 2
            let bottom = last == stripes.count - 1 ? image.height : (stripes[last].upperBound + stripes[last + 1].lowerBound) / 2
            if top > start { pieces.append(PixelBox(columns: 0..<image.width, rows: start..<top)) }
            pieces.append(PixelBox(columns: 0..<split, rows: top..<bottom))
            pieces.append(PixelBox(columns: split..<image.width, rows: top..<bottom))
            start = bottom
            index = last
        }
        guard !pieces.isEmpty else { return [whole(image)] }
        if start < image.height { pieces.append(PixelBox(columns: 0..<image.width, rows: start..<image.height)) }
        return pieces
    }

    struct PixelBox: Equatable {
        var columns: Range<Int>
        var rows: Range<Int>
    }

    static func whole(_ image: GrayImage) -> PixelBox { PixelBox(columns: 0..<image.width, rows: 0..<image.height) }

    /// Runs of rows holding ink, between rows of paper.
    static func stripes(_ image: GrayImage) -> [Range<Int>] {
        var stripes: [Range<Int>] = []
        var start: Int?
        for y in 0..<image.height {
            let row = image.pixels[(y * image.bytesPerLine)..<(y * image.bytesPerLine + image.width)]
            let inked = row.contains { $0 < inkBelow }
            if inked, start == nil { start = y }
            if !inked, let first = start { stripes.append(first..<y); start = nil }
        }
        if let first = start { stripes.append(first..<image.height) }
        return stripes
    }

    /// The middle of the widest paper column of `rows` between their first and last ink, when
    /// it is at least `minimum` wide.
    static func gutterMiddle(_ image: GrayImage, rows: Range<Int>, minimum: Int) -> Int? {
        var inked = [Bool](repeating: false, count: image.width)
        for y in rows {
            let row = y * image.bytesPerLine
            for x in 0..<image.width where image.pixels[row + x] < inkBelow { inked[x] = true }
        }
        guard let first = inked.firstIndex(of: true), let last = inked.lastIndex(of: true) else { return nil }
        var best: Range<Int>?
        var x = first
        while x < last {
            guard !inked[x] else { x += 1; continue }
            let start = x
            while x < last, !inked[x] { x += 1 }
            if x - start > (best?.count ?? 0) { best = start..<x }
        }
        guard let best, best.count >= minimum else { return nil }
        return (best.lowerBound + best.upperBound) / 2
    }

    static func hasInk(_ image: GrayImage, rows: Range<Int>, columns: Range<Int>) -> Bool {
        rows.contains { y in columns.contains { image.pixels[y * image.bytesPerLine + $0] < inkBelow } }
    }

    /// The part `box` of `image`, as an image of its own.
    static func crop(_ image: GrayImage, _ box: PixelBox) -> GrayImage {
        var pixels = [UInt8](repeating: 255, count: box.columns.count * box.rows.count)
        for (line, y) in box.rows.enumerated() {
            let from = y * image.bytesPerLine + box.columns.lowerBound
            pixels.replaceSubrange((line * box.columns.count)..<((line + 1) * box.columns.count),
                                   with: image.pixels[from..<(from + box.columns.count)])
        }
        return GrayImage(width: box.columns.count, height: box.rows.count, bytesPerLine: box.columns.count, pixels: pixels)
    }
}
