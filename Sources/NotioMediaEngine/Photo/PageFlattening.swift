import Foundation
import NotioMedia

/// Flattens the text lines of a page that still bend once it is straightened: the spine's curl,
/// and what a projective shear leaves of a page taken steeply from one side. Each column of the
/// image is moved up or down by its own amount, so that every text line comes out level; the
/// reader's strokes move by the same amounts.
///
/// The lines are traced on the page itself: in narrow vertical strips the rows' ink shows a
/// peak per line, and peaks of neighbouring strips that continue each other are one line. A
/// line's level is its median height (the flat part of a page that curls at one side). Per
/// strip, how far the lines there stand off their levels is fitted linearly down the page
/// (`offset` + `slope` × level), which a curl that deepens towards the page's foot follows, and
/// is interpolated between strips.
///
/// Leptonica's dewarping (`dewarpBuildPageModel`) was tried first on the law's photos: it found
/// a model on two photos in six (it wants long lines, and a paragraph's last line is short), and
/// binarising, building and applying it took 310–370 ms, most of the underline answer's budget.
struct PageFlattening {
    /// The lines are traced on the gray image reduced this many times each way: a line is still
    /// 15 reduced rows tall on a page photo read at 1,800–2,400 px.
    static let reduction = 2
    /// Strips across the page: narrow enough for a curl's steepest part (about 14° near the
    /// spine) to stay within a line's height across a strip, wide enough to hold a few syllables.
    static let strips = 24
    /// How much darker than its tile's paper a pixel must be to count as ink.
    static let inkShare = 0.7
    /// Below this largest shift (a share of the line pitch) the lines count as level: tracing
    /// moves a line's peak by a few rows from strip to strip on a flat page, and resampling it
    /// would only soften the letters.
    static let levelShare = 0.2
    /// A line traced through fewer strips than this is left out of the fit.
    static let minStripsPerLine = 5
    /// A column's fit needs this many lines.
    static let minLinesPerStrip = 3

    /// Per column of the gray image: a point at height y on the flattened page was at
    /// y + offset[x] + slope[x] · y on the straightened one (gray pixels).
    let offset: [Double]
    let slope: [Double]
    /// Full-size photo pixels per gray pixel.
    let scaleX: Double
    let scaleY: Double

    /// The flattening of `photo`, or nil when its lines are level already or could not be traced.
    static func measure(_ photo: DecodedPhoto) -> PageFlattening? {
        let gray = photo.gray
        let ink = inkMask(gray)
        let width = gray.width / reduction, height = gray.height / reduction
        guard width >= strips * 8, height >= 64 else { return nil }
        let stripWidth = width / strips
        let profiles = (0..<strips).map { strip in
            var profile = [Double](repeating: 0, count: height)
            for y in 0..<height {
                var count = 0
                for x in (strip * stripWidth)..<((strip + 1) * stripWidth) where ink[y * width + x] { count += 1 }
                profile[y] = Double(count)
            }
            return profile
        }
        guard let pitch = linePitch(profiles, height: height) else { return nil }
        let peaks = profiles.map { Self.peaks(smoothed($0, radius: max(1, Int(pitch / 6))), pitch: pitch) }
        let centres = (0..<strips).map { (Double($0) + 0.5) * Double(stripWidth) }
        let lines = traced(peaks, centres: centres, pitch: pitch).filter { $0.count >= minStripsPerLine }
        guard lines.count >= minLinesPerStrip else { return nil }

        // Per strip, the lines' shifts from their levels against those levels.
        var fits: [(offset: Double, slope: Double)?] = Array(repeating: nil, count: strips)
        let levels = lines.map { line in median(Array(line.values)) }
        for strip in 0..<strips {
            var pairs = lines.indices.compactMap { i in lines[i][strip].map { (levels[i], $0 - levels[i]) } }
            guard pairs.count >= minLinesPerStrip, var fit = linearFit(pairs) else { continue }
            // One pass without the lines the fit misses by more than a third of a line: a peak
            // of the line above or below taken for this one.
            pairs = pairs.filter { abs(fit.offset + fit.slope * $0.0 - $0.1) < pitch / 3 }
            if pairs.count >= minLinesPerStrip, let refit = linearFit(pairs) { fit = refit }
            fits[strip] = fit
        }
        let top = levels.min()!, bottom = levels.max()!
        // From the middle outwards, a strip whose fit moves the top or the bottom line by more
        // than a third of a pitch from the last strip kept is left out: a page bends gently
        // from strip to strip, and a jump is lines traced into their neighbours (ragged line
        // ends at a margin, where a line's last slope leads astray).
        for step in [1, -1] {
            var kept: (offset: Double, slope: Double)?
            for strip in stride(from: strips / 2, to: step > 0 ? strips : -1, by: step) {
                guard let fit = fits[strip] else { continue }
                if let kept, max(abs(fit.offset + fit.slope * top - kept.offset - kept.slope * top),
                                 abs(fit.offset + fit.slope * bottom - kept.offset - kept.slope * bottom)) > pitch / 3 {
                    fits[strip] = nil
                } else {
                    kept = fit
                }
            }
        }
        let known = fits.indices.filter { fits[$0] != nil }
        guard known.count >= strips / 2 else { return nil }

        let largest = known.map { strip -> Double in
            let fit = fits[strip]!
            return max(abs(fit.offset + fit.slope * top), abs(fit.offset + fit.slope * bottom))
        }.max()!
        guard largest >= levelShare * pitch else { return nil }

        // Per gray column, interpolated between strip centres, kept beyond the outermost ones.
        var offset = [Double](repeating: 0, count: gray.width), slope = offset
        for column in 0..<gray.width {
            let x = Double(column) / Double(reduction)
            let after = known.first { centres[$0] >= x }, before = known.last { centres[$0] <= x }
            let (o, s): (Double, Double)
            switch (before, after) {
            case let (b?, a?) where a != b:
                let t = (x - centres[b]) / (centres[a] - centres[b])
                o = fits[b]!.offset * (1 - t) + fits[a]!.offset * t
                s = fits[b]!.slope * (1 - t) + fits[a]!.slope * t
            case let (b?, _): (o, s) = fits[b]!
            case let (_, a?): (o, s) = fits[a]!
            default: (o, s) = (0, 0)
            }
            offset[column] = o * Double(reduction)
            slope[column] = s
        }
        return PageFlattening(offset: offset, slope: slope,
                              scaleX: Double(photo.width) / Double(gray.width), scaleY: Double(photo.height) / Double(gray.height))
    }

    /// `photo`'s gray image straightened by `straightening` (when there is one) and flattened,
    /// sampled once: sampling the straightened image again softened the letters, and spans the
    /// straightened page read exactly came out with a letter wrong ("Le Mond를"). Interpolated,
    /// not sampled: sampling leaves jagged letter edges. What comes from outside the photo is paper.
    func flattened(_ photo: DecodedPhoto, straightening: PageStraightening?) -> DecodedPhoto {
        let gray = photo.gray
        let backward = straightening?.backward.map(Double.init)
        var pixels = [UInt8](repeating: 255, count: gray.width * gray.height)
        gray.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                for y in 0..<gray.height {
                    for x in 0..<gray.width {
                        var sourceX = Double(x), sourceY = Double(y) + offset[x] + slope[x] * Double(y)
                        if let c = backward {
                            // PageStraightening.apply, inlined: it runs for every pixel.
                            let denominator = c[6] * sourceX + c[7] * sourceY + 1
                            (sourceX, sourceY) = ((c[0] * sourceX + c[1] * sourceY + c[2]) / denominator,
                                                  (c[3] * sourceX + c[4] * sourceY + c[5]) / denominator)
                        }
                        let column = Int(sourceX.rounded(.down)), row = Int(sourceY.rounded(.down))
                        guard column >= 0, row >= 0, column + 1 < gray.width, row + 1 < gray.height else { continue }
                        let tx = sourceX - Double(column), ty = sourceY - Double(row)
                        let at = row * gray.bytesPerLine + column
                        let top = Double(source[at]) + (Double(source[at + 1]) - Double(source[at])) * tx
                        let below = at + gray.bytesPerLine
                        let bottom = Double(source[below]) + (Double(source[below + 1]) - Double(source[below])) * tx
                        out[y * gray.width + x] = UInt8((top + (bottom - top) * ty).rounded())
                    }
                }
            }
        }
        var flat = photo
        flat.gray = GrayImage(width: gray.width, height: gray.height, bytesPerLine: gray.width, pixels: pixels)
        return flat
    }

    /// A point of the (straightened) full-size photo on the flattened page.
    func flattened(_ point: StrokePoint) -> StrokePoint {
        let column = min(offset.count - 1, max(0, Int(point.x / scaleX)))
        return StrokePoint(x: point.x, y: (point.y / scaleY - offset[column]) / (1 + slope[column]) * scaleY)
    }

    func flattened(_ strokes: [Stroke]) -> [Stroke] {
        strokes.map { Stroke($0.points.map(flattened)) }
    }

    /// A box on the flattened page (full-size pixels) on the page before it: the rows its
    /// columns came from, within `height`.
    func unflattened(_ box: PixelRect, height: Int) -> PixelRect {
        let first = min(offset.count - 1, max(0, Int(Double(box.x) / scaleX)))
        let last = min(offset.count - 1, max(first, Int(Double(box.x + box.width) / scaleX)))
        let top = Double(box.y) / scaleY, bottom = Double(box.y + box.height) / scaleY
        var lowest = Double.infinity, highest = -Double.infinity
        for column in first...last {
            lowest = min(lowest, top + offset[column] + slope[column] * top)
            highest = max(highest, bottom + offset[column] + slope[column] * bottom)
        }
        let y = max(0, Int((lowest * scaleY).rounded(.down))), end = min(height, Int((highest * scaleY).rounded(.up)))
        return PixelRect(x: box.x, y: y, width: box.width, height: max(0, end - y))
    }

    /// Ink on `gray` reduced `reduction` times (a pixel per block, the block's mean): darker than
    /// `inkShare` of the paper of its 32-pixel tile (the tile's brightest but a few pixels), so
    /// that light still uneven after `PageLight` does not read as ink.
    static func inkMask(_ gray: GrayImage) -> [Bool] {
        let width = gray.width / reduction, height = gray.height / reduction
        var reduced = [UInt8](repeating: 255, count: width * height)
        gray.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    var sum = 0
                    for dy in 0..<reduction {
                        let row = (y * reduction + dy) * gray.bytesPerLine + x * reduction
                        for dx in 0..<reduction { sum += Int(pixels[row + dx]) }
                    }
                    reduced[y * width + x] = UInt8(sum / (reduction * reduction))
                }
            }
        }
        let tile = 32
        var ink = [Bool](repeating: false, count: width * height)
        for top in stride(from: 0, to: height, by: tile) {
            for left in stride(from: 0, to: width, by: tile) {
                var histogram = [Int](repeating: 0, count: 256), count = 0
                for y in top..<min(height, top + tile) {
                    for x in left..<min(width, left + tile) { histogram[Int(reduced[y * width + x])] += 1; count += 1 }
                }
                // The 95th percentile: the paper, whatever share of the tile the letters ink.
                var seen = 0, paper = 255
                for value in (0..<256).reversed() {
                    seen += histogram[value]
                    if seen * 20 >= count { paper = value; break }
                }
                let threshold = Int(Double(paper) * inkShare)
                for y in top..<min(height, top + tile) {
                    for x in left..<min(width, left + tile) where Int(reduced[y * width + x]) < threshold { ink[y * width + x] = true }
                }
            }
        }
        return ink
    }

    /// The distance between text lines: the lag at which the strips' profiles match themselves
    /// best, between a 60th and a 6th of the page's height.
    static func linePitch(_ profiles: [[Double]], height: Int) -> Double? {
        let shortest = max(4, height / 60), longest = height / 6
        guard longest > shortest else { return nil }
        var scores = [Double](repeating: 0, count: longest + 1)
        for profile in profiles {
            let mean = profile.reduce(0, +) / Double(profile.count)
            let centred = profile.map { $0 - mean }
            for lag in shortest...longest {
                var sum = 0.0
                for y in 0..<(height - lag) { sum += centred[y] * centred[y + lag] }
                scores[lag] += sum / Double(height - lag)
            }
        }
        // The first lag that beats its neighbours: a multiple of the pitch scores as well.
        let best = (shortest...longest).max { scores[$0] < scores[$1] }!
        guard scores[best] > 0 else { return nil }
        let first = (shortest + 1..<longest).first { lag in
            scores[lag] >= scores[lag - 1] && scores[lag] >= scores[lag + 1] && scores[lag] > 0.6 * scores[best]
        }
        return Double(first ?? best)
    }

    static func smoothed(_ profile: [Double], radius: Int) -> [Double] {
        var sums = [0.0]
        for value in profile { sums.append(sums.last! + value) }
        return profile.indices.map { y in
            let from = max(0, y - radius), to = min(profile.count, y + radius + 1)
            return (sums[to] - sums[from]) / Double(to - from)
        }
    }

    /// The rows of a strip's text lines: maxima of its profile, each the highest within half a
    /// pitch, at least a quarter of the strip's highest peak.
    static func peaks(_ profile: [Double], pitch: Double) -> [Double] {
        guard let highest = profile.max(), highest > 0 else { return [] }
        let reach = max(1, Int(pitch / 2))
        return profile.indices.compactMap { y -> Double? in
            let value = profile[y]
            guard value >= 0.25 * highest else { return nil }
            let from = max(0, y - reach), to = min(profile.count - 1, y + reach)
            for other in from...to where profile[other] > value || (profile[other] == value && other < y) { return nil }
            return Double(y)
        }
    }

    /// Text lines as rows per strip: from the strip with most peaks, each peak followed to
    /// either side into the next strip's nearest peak within a third of a pitch of where the
    /// line's last slope leads, over at most one strip without one.
    static func traced(_ peaks: [[Double]], centres: [Double], pitch: Double) -> [[Int: Double]] {
        guard let start = peaks.indices.max(by: { peaks[$0].count < peaks[$1].count }) else { return [] }
        var lines = peaks[start].map { [start: $0] }
        for step in [1, -1] {
            for index in lines.indices {
                var strip = start, missed = 0
                while true {
                    let next = strip + step
                    guard peaks.indices.contains(next) else { break }
                    let known = lines[index].keys.sorted(by: step > 0 ? (<) : (>)).suffix(2)
                    let last = known.last!, y = lines[index][last]!
                    var predicted = y
                    if known.count == 2, let previous = known.first {
                        predicted += (y - lines[index][previous]!) / Double(last - previous) * Double(next - last)
                    }
                    if let nearest = peaks[next].min(by: { abs($0 - predicted) < abs($1 - predicted) }),
                       abs(nearest - predicted) < pitch / 3 {
                        lines[index][next] = nearest
                        missed = 0
                    } else {
                        missed += 1
                        if missed > 1 { break }
                    }
                    strip = next
                }
            }
        }
        // A peak two lines reached is one line's: the other strayed into it, from there on
        // following the wrong line (a page's lines still turned, a paragraph's short last line).
        // Neither keeps it.
        for strip in peaks.indices {
            var claims: [Double: Int] = [:]
            for line in lines { if let y = line[strip] { claims[y, default: 0] += 1 } }
            for index in lines.indices where claims[lines[index][strip] ?? -1, default: 0] > 1 { lines[index][strip] = nil }
        }
        return lines
    }

    static func linearFit(_ pairs: [(Double, Double)]) -> (offset: Double, slope: Double)? {
        let n = Double(pairs.count)
        let meanX = pairs.reduce(0) { $0 + $1.0 } / n, meanY = pairs.reduce(0) { $0 + $1.1 } / n
        let sxx = pairs.reduce(0) { $0 + ($1.0 - meanX) * ($1.0 - meanX) }
        guard sxx > 0 else { return nil }
        let slope = pairs.reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) } / sxx
        return (meanY - slope * meanX, slope)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
