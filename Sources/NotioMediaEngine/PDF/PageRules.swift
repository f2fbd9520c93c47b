import Foundation

/// Ruled lines on a scanned page: the frames around displayed code (lshort-ko's
/// `\documentclass[options]{class}`), table rules, the rule under a running header.
///
/// Tesseract reads a page as one uniform block (`PSM_SINGLE_BLOCK`); a frame's outline then
/// encloses the text inside it as holes of one big blob, and the whole framed line is dropped
/// (as the header above a rule is). Whitening thin rules before recognition gives those lines
/// back; glyph strokes that cross a rule (a descender through an underline) are kept, because
/// only pixels of a thin dark run across the rule are whitened.
enum PageRules {
    /// Darker than this is ink (rendered rules are anti-aliased to gray at their edges).
    static let inkBelow: UInt8 = 160
    /// A horizontal rule is at least this long, in inches: longer than any glyph's stroke, even
    /// a large heading's ㅡ, shorter than a framed `\foo` is rare.
    static let minimumRuleInches = 0.5
    /// A rule is at most this thick, in inches (≈ 2 pt; book rules are 0.4–1 pt).
    static let maximumThicknessInches = 0.03
    /// A frame's side is at least this tall, in inches, and touches a rule at both ends.
    static let minimumSideInches = 0.05

    /// Whitens the thin horizontal rules of `image` and the vertical lines that are long or
    /// join two rules (a frame's sides, a table's column lines). Returns how many pixels it
    /// whitened.
    @discardableResult
    static func whiten(_ image: inout GrayImage, dpi: Double) -> Int {
        let width = image.width, height = image.height, stride = image.bytesPerLine
        guard width > 0, height > 0, dpi > 0 else { return 0 }
        let minimumRule = max(8, Int(dpi * minimumRuleInches))
        let thickest = max(2, Int((dpi * maximumThicknessInches).rounded(.up)))
        let shortestSide = max(3, Int(dpi * minimumSideInches))
        // A rule's anti-aliased fringe is paler than ink but still not paper: it goes too, or
        // Sauvola thresholding brings the frame back.
        let fringeBelow = UInt8(clamping: Int(paper(image)) - fringeContrast)
        return image.pixels.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let pixels = buffer.baseAddress else { return 0 }
            let ink = { (x: Int, y: Int) -> Bool in pixels[y * stride + x] < inkBelow }
            let marked = { (x: Int, y: Int) -> Bool in pixels[y * stride + x] < fringeBelow }
            var rule = [Bool](repeating: false, count: width * height)

            // Rows: dark runs long enough to be a rule; of them, the pixels whose marked run
            // across the rule (up and down, fringe included) is thin.
            for y in 0..<height {
                var x = 0
                while x < width {
                    guard ink(x, y) else { x += 1; continue }
                    let start = x
                    while x < width, ink(x, y) { x += 1 }
                    guard x - start >= minimumRule else { continue }
                    let acrosses = (start..<x).map { column in run(from: y, limit: thickest, count: height) { marked(column, $0) } }
                    let band = ruleBand(acrosses.filter { $0.count <= thickest })
                    for (column, across) in zip(start..<x, acrosses) {
                        if across.count <= thickest {
                            for row in across { rule[row * width + column] = true }
                        } else if let band {
                            // Ink that makes the rule thick here but only touches it, from above
                            // or from below, is a letter against a box drawn tight around its word
                            // (a link's border) or against a rule under it: the rule's rows go, or
                            // the letter keeps them as a stroke of its own ("7 License" in a link's
                            // border read ">?*52-"). A stroke that crosses the rule (a descender
                            // through an underline) goes on past it on both sides and is kept.
                            let above = band.lowerBound > 0 && marked(column, band.lowerBound - 1)
                            let below = band.upperBound < height && marked(column, band.upperBound)
                            guard above != below else { continue }
                            for row in band { rule[row * width + column] = true }
                        }
                    }
                }
            }

            // Columns: long thin vertical lines, and shorter ones that join two rules (a frame's
            // sides, often only a pale line at a scan's resolution), corners included. A side
            // joins them where they end, at a corner: a letter's stem that a frame drawn tight
            // around its word touches (or nearly) has the rule going on on both sides of it.
            var side = [Int]()
            for x in 0..<width {
                var y = 0
                while y < height {
                    guard marked(x, y) else { y += 1; continue }
                    let start = y
                    while y < height, marked(x, y) { y += 1 }
                    let length = y - start
                    guard length >= shortestSide else { continue }
                    let across = run(from: x, limit: thickest, count: width) { marked($0, (start + y) / 2) }
                    guard across.count <= thickest else { continue }
                    let joins = endsRule(rule, width, height, beside: across, y: start, reach: thickest)
                        && endsRule(rule, width, height, beside: across, y: y - 1, reach: thickest)
                    guard length >= minimumRule || joins else { continue }
                    for row in start..<y {
                        for column in across { side.append(row * width + column) }
                    }
                }
            }
            for index in side { rule[index] = true }

            var whitened = 0
            for y in 0..<height {
                for x in 0..<width where rule[y * width + x] {
                    pixels[y * stride + x] = 255
                    whitened += 1
                }
            }
            return whitened
        }
    }

    /// The rows a rule takes where nothing touches it: the most common thin run across it.
    static func ruleBand(_ thinRuns: [Range<Int>]) -> Range<Int>? {
        var counts: [Range<Int>: Int] = [:]
        for run in thinRuns { counts[run, default: 0] += 1 }
        return counts.max { ($0.value, $1.key.lowerBound) < ($1.value, $0.key.lowerBound) }?.key
    }

    /// Paper is this much lighter than a rule's fringe.
    static let fringeContrast = 8

    /// The paper's gray: the most common level among the lighter half (scans are rarely white).
    static func paper(_ image: GrayImage) -> UInt8 {
        var counts = [Int](repeating: 0, count: 256)
        for y in Swift.stride(from: 0, to: image.height, by: 4) {
            for x in Swift.stride(from: 0, to: image.width, by: 4) { counts[Int(image.pixels[y * image.bytesPerLine + x])] += 1 }
        }
        return UInt8((128...255).max { counts[$0] < counts[$1] } ?? 255)
    }

    /// The run of positions around `position` (along one axis, `0..<count`) for which
    /// `marked` holds, stopping once it is longer than `limit`.
    private static func run(from position: Int, limit: Int, count: Int, _ marked: (Int) -> Bool) -> Range<Int> {
        var low = position, high = position + 1
        while low > 0, marked(low - 1), high - low <= limit { low -= 1 }
        while high < count, marked(high), high - low <= limit { high += 1 }
        return low..<high
    }

    /// Whether a rule near row `y` ends at `columns`: it has pixels within `reach` of them on
    /// one side only (on both, it runs on past them).
    private static func endsRule(_ rule: [Bool], _ width: Int, _ height: Int, beside columns: Range<Int>, y: Int, reach: Int) -> Bool {
        func hasRule(_ range: Range<Int>) -> Bool {
            for row in max(0, y - reach)...min(height - 1, y + reach) {
                for column in range where rule[row * width + column] { return true }
            }
            return false
        }
        return hasRule(max(0, columns.lowerBound - reach)..<columns.lowerBound)
            != hasRule(columns.upperBound..<min(width, columns.upperBound + reach))
    }
}
