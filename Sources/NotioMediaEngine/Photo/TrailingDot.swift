import Foundation
import NotioMedia

/// A period or comma after a word, found in the ink: the last glyph before the next word, when
/// it is a dot at the foot of the line.
///
/// The Hangul model sometimes leaves such a dot out of a band it reads (the band around a
/// stroke, whose top edge cuts the line above) though it reads it on the whole page: "10년이
/// 걸렸다." came back "걸렸다" with no piece for the period at all.
enum TrailingDot {
    /// A dot is at most this share of its word's ink height wide and tall: a period is about a
    /// fifth of a Hangul syllable, a comma with its tail a little taller.
    static let largest = 0.35
    /// ...and at least this share: smaller specks are noise of the photo.
    static let smallest = 0.08
    /// How far past the word's box a dot is looked for, in word heights.
    static let reach = 0.5

    /// Where the dot after the word whose ink is in `box` of `gray` (rows tightened to the
    /// ink) is, before column `limit` (the next word's first); nil when the word's last glyph
    /// there is no dot low on the line.
    static func box(after box: PixelRect, before limit: Int, in gray: GrayImage) -> PixelRect? {
        let height = box.height
        let left = max(0, box.x), right = min(gray.width, limit, box.x + box.width + Int(reach * Double(height)))
        // A quarter of the word's height below it: a comma's tail hangs under the line.
        let top = max(0, box.y), bottom = min(gray.height, box.y + box.height + height / 4)
        // A word under 8 px tall has a dot of a pixel or two, which is noise as likely as ink.
        guard height >= 8, right - left >= 4, bottom - top >= 4 else { return nil }
        let threshold = gray.pixels.withUnsafeBufferPointer { pixels in
            WordBoxes.inkThreshold(gray: pixels.baseAddress!, bytesPerLine: gray.bytesPerLine, columns: left..<right, rows: top..<bottom)
        }
        guard let threshold else { return nil }

        // Glyphs as runs of columns holding ink, with the rows their ink spans.
        var glyphs: [(columns: Range<Int>, rows: ClosedRange<Int>)] = []
        var previousInked = false
        for x in left..<right {
            var first: Int?, last = 0
            for y in top..<bottom where gray.pixels[y * gray.bytesPerLine + x] < threshold {
                if first == nil { first = y }
                last = y
            }
            guard let first else { previousInked = false; continue }
            if previousInked, let glyph = glyphs.last {
                glyphs[glyphs.count - 1] = (glyph.columns.lowerBound..<(x + 1),
                                            min(glyph.rows.lowerBound, first)...max(glyph.rows.upperBound, last))
            } else {
                glyphs.append((x..<(x + 1), first...last))
            }
            previousInked = true
        }
        guard glyphs.count >= 2, let dot = glyphs.last else { return nil }
        let size = Double(height)
        let width = Double(dot.columns.count), tall = Double(dot.rows.count)
        guard (smallest * size...largest * size).contains(width), (smallest * size...largest * size).contains(tall),
              // In the lowest third of the word's ink: not a middle dot, a hyphen or a quote.
              Double(dot.rows.lowerBound) >= Double(box.y) + 2 * size / 3 else { return nil }
        return PixelRect(x: dot.columns.lowerBound, y: dot.rows.lowerBound, width: dot.columns.count, height: dot.rows.count)
    }
}
