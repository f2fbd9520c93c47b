import Foundation

/// The rows between the text lines of an upright (or straightened) page: where a band of the
/// photo can be cut off with whole lines in it and some paper around them.
enum LineGaps {
    /// How much darker than its row's paper (the row's median) a pixel must be to count as ink:
    /// print is 150 levels and more darker than paper on a photo, sensor noise a few levels.
    static let inkContrast = 60
    /// A row with at most this share of its pixels inked still counts as blank (a speck of dust).
    static let speckShare = 0.002

    /// Whether row `y` of `gray` holds no ink.
    static func isBlank(_ y: Int, in gray: GrayImage) -> Bool {
        let row = y * gray.bytesPerLine
        var histogram = [Int](repeating: 0, count: 256)
        for x in 0..<gray.width { histogram[Int(gray.pixels[row + x])] += 1 }
        var seen = 0, paper = 255
        for value in 0..<256 {
            seen += histogram[value]
            if 2 * seen >= gray.width { paper = value; break }
        }
        let inked = histogram[0..<max(0, paper - inkContrast)].reduce(0, +)
        return Double(inked) <= speckShare * Double(gray.width)
    }

    /// `rows` with each edge that is not the image's own moved to the gap between lines nearest
    /// it outwards (the gap it is in, or the one beyond the line it cuts, no further than `reach`
    /// rows), and there to `margin` rows past the gap's first paper row beside the letters it
    /// borders, or to the gap's middle where the gap is narrower. An edge with no gap within
    /// reach (a picture, a dark border beyond the page on the row) stays.
    static func widened(_ rows: Range<Int>, in gray: GrayImage, reach: Int, margin: Int) -> Range<Int> {
        var top = rows.lowerBound, bottom = rows.upperBound
        if top > 0, let gap = gap(from: top, step: -1, in: gray, reach: reach) {
            top = gap.upperBound - min(margin, gap.count / 2)
        }
        if bottom < gray.height, let gap = gap(from: bottom - 1, step: 1, in: gray, reach: reach) {
            bottom = gap.lowerBound + min(margin, gap.count / 2) + 1
        }
        return top..<bottom
    }

    /// `rows` with its bottom edge (where it is not the image's own) moved up, past the line
    /// it cuts, to the gap above that line, and there to `margin` rows below the letters above
    /// the gap (or the gap's middle); never up to row `above`. An edge already in a gap settles
    /// the same way; one with no gap below `above` (a picture, lines still bent) stays.
    ///
    /// A line cut by a band's bottom edge shows the tops of its letters, which cost as much to
    /// read as a whole line and read as Latin garbage ("71) UGHIOL AAI ~ AIALATI"); its words
    /// cannot be chosen anyway (`PhotoReader.cut`).
    static func narrowedBottom(_ rows: Range<Int>, in gray: GrayImage, above: Int, margin: Int) -> Range<Int> {
        guard rows.upperBound < gray.height, rows.upperBound - 1 > above else { return rows }
        var row = rows.upperBound - 1
        while row > above, !isBlank(row, in: gray) { row -= 1 }
        guard row > above else { return rows }
        var top = row
        while top - 1 > above, isBlank(top - 1, in: gray) { top -= 1 }
        return rows.lowerBound..<(top + min(margin, (row - top + 1) / 2) + 1)
    }

    /// The gap first met from row `start` going `step` (up -1, down 1), `start`'s own if it is
    /// blank: the blank rows around it as far as they go, but no more than `reach` rows back
    /// towards the band and twice that away from it.
    static func gap(from start: Int, step: Int, in gray: GrayImage, reach: Int) -> ClosedRange<Int>? {
        var row = start
        while !isBlank(row, in: gray) {
            row += step
            guard abs(row - start) <= reach, (0..<gray.height).contains(row) else { return nil }
        }
        var near = row, far = row
        while (0..<gray.height).contains(near - step), abs(near - step - start) <= reach, isBlank(near - step, in: gray) { near -= step }
        while (0..<gray.height).contains(far + step), abs(far + step - start) <= 2 * reach, isBlank(far + step, in: gray) { far += step }
        return min(near, far)...max(near, far)
    }
}
