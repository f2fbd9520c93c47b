import Foundation

/// A mostly horizontal part of a stroke: what lies under one stretch of one text line.
struct StrokeRun {
    var points: [StrokePoint]
    var minX: Double
    var maxX: Double

    init(points: [StrokePoint]) {
        self.points = points
        minX = points.map(\.x).min() ?? 0
        maxX = points.map(\.x).max() ?? 0
    }

    /// The stroke's height at `x`: the mean over the segments that span `x` (a wobbly hand can
    /// pass the same x more than once), else the nearest end's.
    func y(at x: Double) -> Double {
        var sum = 0.0, count = 0
        for (a, b) in zip(points, points.dropFirst()) where min(a.x, b.x) <= x && x <= max(a.x, b.x) {
            let t = b.x == a.x ? 0.5 : (x - a.x) / (b.x - a.x)
            sum += a.y + t * (b.y - a.y)
            count += 1
        }
        if count > 0 { return sum / Double(count) }
        guard let first = points.first, let last = points.last else { return 0 }
        return abs(first.x - x) <= abs(last.x - x) ? first.y : last.y
    }

    /// Splits a stroke into runs. `scale` is a typical word height (pixels); `skew` the text
    /// lines' slope, so that "horizontal" means along the lines of a photo taken at an angle.
    ///
    /// Points are first thinned to about a third of a word height apart, so that the tremor of
    /// a finger does not make steep little segments. Segments steeper than 45° to the lines
    /// belong to no run; between two pieces of one direction, a short piece going the other way
    /// is a wobble and joins them, and so is a steep piece of any length that ends about where
    /// it began while moving on the same way (a hand trembling up and down under a word, whose
    /// steep zig-zag would otherwise cut the word out of the stroke). Of a stroke with several runs, a run is dropped as the move
    /// from one line to the next when it climbs or falls more than a word height along the
    /// lines, or when it goes against the runs before and after it and those are on different
    /// lines (back to the start of the next line). Going back and forth on one level, as when
    /// scribbling under a word, stays.
    static func runs(of stroke: Stroke, scale: Double, skew: Double) -> [StrokeRun] {
        let points = thinned(stroke.points, spacing: max(1, 0.35 * scale))
        guard points.count >= 2 else { return [] }

        var pieces: [Piece] = []
        for index in 0..<(points.count - 1) {
            let dx = points[index + 1].x - points[index].x, dy = points[index + 1].y - points[index].y
            let alongLines = dy - skew * dx
            let direction = abs(alongLines) <= abs(dx) ? (dx > 0 ? 1 : -1) : 0
            let segment = Piece(direction: direction, start: index, end: index + 1,
                                length: (dx * dx + dy * dy).squareRoot(), advance: dx, rise: alongLines)
            if let last = pieces.last, last.direction == direction {
                pieces[pieces.count - 1].append(segment)
            } else {
                pieces.append(segment)
            }
        }
        pieces = smoothed(pieces, shortLength: 0.8 * scale, flatRise: 0.5 * scale)

        let runs = pieces.filter { $0.direction != 0 }.map { piece in
            (direction: piece.direction, run: StrokeRun(points: Array(points[piece.start...piece.end])))
        }
        guard runs.count > 1 else { return runs.map(\.run) }
        func height(_ point: StrokePoint) -> Double { point.y - skew * point.x }
        func level(_ index: Int) -> Double {
            runs[index].run.points.reduce(0) { $0 + height($1) } / Double(runs[index].run.points.count)
        }
        // A flick of the pen is no neighbour: between it and a way back, an underline would
        // look like a way back itself.
        let substantial = runs.indices.filter { runs[$0].run.maxX - runs[$0].run.minX >= 0.8 * scale }
        return runs.indices.filter { index in
            // The climb from one line to the next is a trend; a trembling hand only scatters
            // points around one level. Compare the run's first and last thirds, not its extremes.
            let heights = runs[index].run.points.map(height)
            let third = max(1, heights.count / 3)
            let rise = abs(heights.suffix(third).reduce(0, +) / Double(third) - heights.prefix(third).reduce(0, +) / Double(third))
            if rise > UnderlineSelector.maximumRunRise * scale { return false }
            guard let before = substantial.last(where: { $0 < index }), let after = substantial.first(where: { $0 > index }),
                  runs[before].direction != runs[index].direction, runs[after].direction != runs[index].direction else {
                return true
            }
            return abs(level(after) - level(before)) < 0.5 * scale
        }.map { runs[$0].run }
    }

    /// A stretch of segments going one way: 1 right, -1 left, 0 up or down.
    struct Piece: Equatable {
        var direction: Int
        var start: Int
        var end: Int
        var length: Double
        /// Horizontal progress, signed (pixels).
        var advance: Double
        /// Climb or fall along the text lines from start to end, signed (pixels).
        var rise: Double

        mutating func append(_ next: Piece) {
            end = next.end
            length += next.length
            advance += next.advance
            rise += next.rise
        }
    }

    /// Joins wobbles into the runs around them, until nothing changes: a piece shorter than
    /// `shortLength` going another way, or a steep piece that climbs or falls less than
    /// `flatRise` in all and moves on the way its neighbours go.
    static func smoothed(_ pieces: [Piece], shortLength: Double, flatRise: Double) -> [Piece] {
        var pieces = pieces
        while let index = pieces.indices.dropFirst().dropLast().first(where: { index in
            let piece = pieces[index], before = pieces[index - 1].direction, after = pieces[index + 1].direction
            guard before != 0, before == after, piece.direction != before else { return false }
            let tremor = piece.direction == 0 && abs(piece.rise) < flatRise && piece.advance * Double(before) > 0
            return piece.length < shortLength || tremor
        }) {
            pieces[index].direction = pieces[index - 1].direction
            // Neighbours going the same way become one piece.
            var merged: [Piece] = []
            for piece in pieces {
                if let previous = merged.last, previous.direction == piece.direction {
                    merged[merged.count - 1].append(piece)
                } else {
                    merged.append(piece)
                }
            }
            pieces = merged
        }
        return pieces
    }

    /// Keeps the first point, then each point at least `spacing` from the last kept, and the
    /// stroke's end.
    static func thinned(_ points: [StrokePoint], spacing: Double) -> [StrokePoint] {
        guard var kept = points.first.map({ [$0] }) else { return [] }
        for point in points.dropFirst() {
            let last = kept[kept.count - 1]
            let dx = point.x - last.x, dy = point.y - last.y
            if dx * dx + dy * dy >= spacing * spacing { kept.append(point) }
        }
        if let end = points.last, end != kept[kept.count - 1] {
            // A last point closer than `spacing` replaces the last kept one unless that is the start.
            if kept.count > 1 { kept[kept.count - 1] = end } else { kept.append(end) }
        }
        return kept
    }
}
