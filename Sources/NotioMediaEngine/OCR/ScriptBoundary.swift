import Foundation
import NotioMedia

/// Where a foreign word ends and the Korean particle after it begins ("Amsterdam|의"), found in
/// the ink.
///
/// The Hangul model's boxes for the letters of a foreign word run on over the syllables after
/// it (the last letter of "Amsterdam의" got a box over both "m" and "의"). An English re-read
/// on that box sees the syllable too and reads it as "2|", "!" or "&|". Hangul syllables are
/// set on a square grid, one em each, so the last `n` syllables of a word take the last `n` ems
/// of its ink; the letters end at the gap between glyphs nearest to that point.
enum ScriptBoundary {
    /// A Hangul syllable's ink is about this share of its em (Noto CJK, Nanum, Batang alike).
    static let inkShareOfEm = 0.9

    /// The first column after the letters of the word whose ink starts at `latin.x`, when
    /// `syllables` Hangul syllables follow them up to `right` (exclusive), or nil when the ink
    /// does not show it. `syllableHeight` is the ink height of a Hangul syllable on this line;
    /// rows are those of `latin`.
    static func latinEnd(gray: UnsafePointer<UInt8>, bytesPerLine: Int, width: Int, height: Int,
                         latin: PixelRect, right: Int, syllables: Int, syllableHeight: Double) -> Int? {
        latinEnds(gray: gray, bytesPerLine: bytesPerLine, width: width, height: height, latin: latin,
                  right: right, syllables: syllables, syllableHeight: syllableHeight).first
    }

    /// `latinEnd`, then a later column where the letters may end as well: the next gap in the
    /// ink near the expected point, or that point itself. Syllables such as 의 or 이 leave
    /// more paper after their last stroke than the grid assumes, and a last letter may touch
    /// the syllable ("f의"): both put the expected point a little early.
    static func latinEnds(gray: UnsafePointer<UInt8>, bytesPerLine: Int, width: Int, height: Int,
                          latin: PixelRect, right: Int, syllables: Int, syllableHeight: Double) -> [Int] {
        let left = max(0, latin.x), right = min(width, right)
        guard syllables > 0, syllableHeight > 0,
              let ink = inkPerColumn(gray: gray, bytesPerLine: bytesPerLine, height: height,
                                     columns: left..<right, rows: latin.y..<(latin.y + latin.height)),
              let lastInk = ink.lastIndex(where: { $0 > 0 }) else { return [] }
        let inked = ink.map { $0 > 0 }

        // Where the syllables' ink should begin: n ems before the end, less the side bearing
        // of the first syllable.
        let em = syllableHeight / inkShareOfEm
        let expected = Double(lastInk) - (Double(syllables) - (1 - inkShareOfEm)) * em
        guard expected >= 0.3 * em else { return [] }
        // Runs of blank columns, as (first, end) offsets from `left`.
        var gaps: [(first: Int, end: Int)] = []
        var index = 0
        while index < lastInk {
            if inked[index] { index += 1; continue }
            let first = index
            while index < lastInk, !inked[index] { index += 1 }
            gaps.append((first, index))
        }
        let nearest = gaps.filter { $0.first > 0 }.min { a, b in
            abs(Double(a.first + a.end) / 2 - expected) < abs(Double(b.first + b.end) / 2 - expected)
        }
        func near(_ gap: (first: Int, end: Int), within ems: Double) -> Bool {
            abs(Double(gap.first + gap.end) / 2 - expected) <= ems * em
        }
        guard let gap = nearest, near(gap, within: 0.35) else { return [left + Int(expected.rounded())] }
        if let later = gaps.first(where: { $0.first > gap.first && near($0, within: 0.5) }) {
            return [left + gap.first, left + later.first]
        }
        guard expected > Double(gap.end) else { return [left + gap.first] }
        // A last letter that touches the syllable ("f의") leaves no gap, and the expected point
        // may fall inside the letter: where they join, the ink is thinnest.
        let point = Int(expected.rounded())
        let reach = (point + 1)...min(lastInk, point + Int((0.35 * em).rounded()))
        if !reach.isEmpty, let joint = reach.min(by: { (ink[$0], $0) < (ink[$1], $1) }), ink[joint] < ink[point] {
            return [left + gap.first, left + point, left + joint]
        }
        return [left + gap.first, left + point]
    }

    /// Blank space narrower than this (in ems) is between letters of one word; a word space
    /// (a quarter em and the side bearings) is wider.
    static let letterGap = 0.18

    /// Whether blank space as wide as a word space lies between ink of `columns` in `rows`.
    static func hasWordSpace(gray: UnsafePointer<UInt8>, bytesPerLine: Int, height: Int,
                             columns: Range<Int>, rows: Range<Int>, syllableHeight: Double) -> Bool {
        let em = syllableHeight / inkShareOfEm
        guard em > 0, let inked = inkedColumns(gray: gray, bytesPerLine: bytesPerLine, height: height, columns: columns, rows: rows),
              let first = inked.firstIndex(of: true), let last = inked.lastIndex(of: true) else { return false }
        var blank = 0
        for isInk in inked[first...last] {
            blank = isInk ? 0 : blank + 1
            if Double(blank) > letterGap * em { return true }
        }
        return false
    }

    /// The columns `columns` widened to the ink that continues past their ends without a word
    /// space, at most an em each way. The Hangul model's box of a foreign word sometimes starts
    /// inside its first letter or ends inside its last ("\wo" for the left half of "Woolf").
    /// `extendLeft`/`extendRight` say which ends are free (not against another piece).
    static func widened(_ columns: Range<Int>, rows: Range<Int>, extendLeft: Bool, extendRight: Bool,
                        gray: UnsafePointer<UInt8>, bytesPerLine: Int, width: Int, height: Int,
                        syllableHeight: Double) -> Range<Int> {
        let em = syllableHeight / inkShareOfEm
        guard em > 0 else { return columns }
        let reach = Int(em.rounded())
        let outer = max(0, columns.lowerBound - (extendLeft ? reach : 0))..<min(width, columns.upperBound + (extendRight ? reach : 0))
        guard let inked = inkedColumns(gray: gray, bytesPerLine: bytesPerLine, height: height, columns: outer, rows: rows) else {
            return columns
        }
        let maximumGap = max(1, Int((letterGap * em).rounded()))
        func reachedInk(from start: Int, step: Int, limit: Int) -> Int {
            var edge = start, gap = 0, x = start + step
            while x != limit {
                if inked[x - outer.lowerBound] {
                    edge = x
                    gap = 0
                } else {
                    gap += 1
                    if gap >= maximumGap { break }
                }
                x += step
            }
            return edge
        }
        let left = extendLeft ? reachedInk(from: columns.lowerBound, step: -1, limit: outer.lowerBound - 1) : columns.lowerBound
        let right = extendRight ? reachedInk(from: columns.upperBound - 1, step: 1, limit: outer.upperBound) + 1 : columns.upperBound
        return left..<max(left + 1, right)
    }

    /// Whether each of `columns` holds ink in `rows`: pixels darker than halfway between the
    /// ink and the paper of that area. Nil when the area has no clear ink.
    static func inkedColumns(gray: UnsafePointer<UInt8>, bytesPerLine: Int, height: Int,
                             columns: Range<Int>, rows: Range<Int>) -> [Bool]? {
        inkPerColumn(gray: gray, bytesPerLine: bytesPerLine, height: height, columns: columns, rows: rows)?.map { $0 > 0 }
    }

    /// How many rows of each column are ink.
    static func inkPerColumn(gray: UnsafePointer<UInt8>, bytesPerLine: Int, height: Int,
                             columns: Range<Int>, rows: Range<Int>) -> [Int]? {
        let rows = max(0, rows.lowerBound)..<min(height, rows.upperBound)
        guard columns.count >= 4, rows.count >= 4 else { return nil }
        guard let threshold = WordBoxes.inkThreshold(gray: gray, bytesPerLine: bytesPerLine, columns: columns, rows: rows) else { return nil }
        return columns.map { x in rows.reduce(0) { $0 + (gray[$1 * bytesPerLine + x] < threshold ? 1 : 0) } }
    }
}
