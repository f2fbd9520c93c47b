import Foundation
import NotioMedia

/// Word boxes as a reader sees them: around the letters.
///
/// Tesseract's LSTM engine gives some words a box much taller than their letters (up to half
/// a line above and below). Such a box looks wrong on the drawing screen, and its bottom edge
/// is far under the letters, where a stroke touching them would seem half a word too high.
enum WordBoxes {
    /// The gray level halfway between the ink and the paper of an area (its 5th and 95th
    /// percentiles), or nil when the area has no clear ink (less than 40 levels between them).
    static func inkThreshold(gray: UnsafePointer<UInt8>, bytesPerLine: Int, columns: Range<Int>, rows: Range<Int>) -> UInt8? {
        var histogram = [Int](repeating: 0, count: 256)
        for y in rows {
            for x in columns { histogram[Int(gray[y * bytesPerLine + x])] += 1 }
        }
        let total = columns.count * rows.count
        func percentile(_ share: Double) -> Int {
            var seen = 0
            for value in 0..<256 {
                seen += histogram[value]
                if Double(seen) >= share * Double(total) { return value }
            }
            return 255
        }
        let ink = percentile(0.05), paper = percentile(0.95)
        guard paper - ink >= 40 else { return nil }
        return UInt8((ink + paper) / 2)
    }

    /// Whether `box` holds anything clearly darker than its paper (`inkThreshold`). On a
    /// justified line with wide word spaces the Hangul model reads marks ("." or "ㆍ" at
    /// confidence 0–50) in gaps that hold no ink at all.
    static func holdsInk(_ box: PixelRect, in gray: GrayImage) -> Bool {
        let left = max(0, box.x), right = min(gray.width, box.x + box.width)
        let top = max(0, box.y), bottom = min(gray.height, box.y + box.height)
        guard right > left, bottom > top else { return false }
        return gray.pixels.withUnsafeBufferPointer { pixels in
            inkThreshold(gray: pixels.baseAddress!, bytesPerLine: gray.bytesPerLine, columns: left..<right, rows: top..<bottom)
        } != nil
    }

    /// The box with the rows above and below the word's ink cut off. The ink is what is clearly
    /// darker than the paper in the box; of the runs of inked rows (gaps up to an eighth of the
    /// box bridged, as between the dot and the stem of an i) the one with the most ink is the
    /// word, not a neighbouring line's letters reaching into the box.
    static func tightened(_ box: PixelRect, in gray: GrayImage) -> PixelRect {
        let left = max(0, box.x), right = min(gray.width, box.x + box.width)
        let top = max(0, box.y), bottom = min(gray.height, box.y + box.height)
        guard right > left, bottom - top >= 4 else { return box }

        let found = gray.pixels.withUnsafeBufferPointer { pixels in
            Self.inkThreshold(gray: pixels.baseAddress!, bytesPerLine: gray.bytesPerLine, columns: left..<right, rows: top..<bottom)
        }
        guard let threshold = found else { return box }

        let minimumInk = max(1, (right - left) / 50)
        var inkPerRow = [Int](repeating: 0, count: bottom - top)
        for y in top..<bottom {
            var count = 0
            for x in left..<right where gray.pixels[y * gray.bytesPerLine + x] < threshold { count += 1 }
            inkPerRow[y - top] = count >= minimumInk ? count : 0
        }

        // Runs of inked rows, bridging gaps up to an eighth of the box's height.
        let bridge = max(1, (bottom - top) / 8)
        var best: (start: Int, end: Int, ink: Int)?
        var current: (start: Int, end: Int, ink: Int)?
        var gap = 0
        for (row, count) in inkPerRow.enumerated() {
            if count > 0 {
                if let run = current, gap <= bridge {
                    current = (run.start, row, run.ink + count)
                } else {
                    current = (row, row, count)
                }
                gap = 0
                if let run = current, run.ink > best?.ink ?? 0 { best = run }
            } else {
                gap += 1
            }
        }
        guard let word = best else { return box }
        return PixelRect(x: box.x, y: top + word.start, width: box.width, height: word.end - word.start + 1)
    }

    /// Boxes still much taller than the other words of their line (the letters of the next
    /// line reached into them, too close to trim) are cut to the height of their neighbours.
    /// `words` in reading order.
    static func clippedToTheirLines(_ words: [OCRWord]) -> [OCRWord] {
        var byLine: [Int: [Int]] = [:]
        for index in words.indices { byLine[words[index].line, default: []].append(index) }
        var clipped = words
        for indices in byLine.values {
            let heights = indices.map { words[$0].box.height }.sorted()
            let typical = Double(heights[heights.count / 2])
            let normal = indices.filter { Double(words[$0].box.height) <= 1.2 * typical }
            for index in indices where Double(words[index].box.height) > 1.4 * typical {
                // The nearest normal words before and after it on the line.
                let neighbours = [normal.last(where: { $0 < index }), normal.first(where: { $0 > index })].compactMap { $0 }
                guard !neighbours.isEmpty else { continue }
                let count = Double(neighbours.count), margin = 0.15 * typical
                let top = neighbours.reduce(0.0) { $0 + Double(words[$1].box.y) } / count - margin
                let bottom = neighbours.reduce(0.0) { $0 + Double(words[$1].box.y + words[$1].box.height) } / count + margin
                let box = words[index].box
                let newTop = max(box.y, Int(top.rounded(.down)))
                let newBottom = min(box.y + box.height, Int(bottom.rounded(.up)))
                guard newBottom > newTop else { continue }
                clipped[index].box = PixelRect(x: box.x, y: newTop, width: box.width, height: newBottom - newTop)
            }
        }
        return clipped
    }
}
