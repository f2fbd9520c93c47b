import Foundation

/// A point of a stroke, in pixels of the oriented photo (origin top left, y down).
public struct StrokePoint: Codable, Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x; self.y = y
    }
}

/// One stroke a reader drew on the photo, points in drawing order. In JSON a plain array of
/// points, `[{"x":1,"y":2}, ...]`, as the browser sends it.
public struct Stroke: Codable, Sendable, Hashable {
    public var points: [StrokePoint]

    public init(_ points: [StrokePoint]) {
        self.points = points
    }

    public init(from decoder: any Decoder) throws {
        points = try decoder.singleValueContainer().decode([StrokePoint].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(points)
    }
}

extension Stroke {
    /// At most this many strokes in one underline request.
    public static let maxStrokes = 50
    /// At most this many points over all strokes (a long stroke at 120 Hz for a minute is less).
    public static let maxPoints = 10_000
    /// The `strokes` field is refused unread above this size.
    public static let maxJSONBytes = 1_000_000

    /// Parses the `strokes` form field, `[[{"x":1,"y":2},...],...]`.
    ///
    /// Throws `MediaError` `bad_strokes` for anything else: not that JSON shape, numbers that are
    /// not finite, no point at all, more than `maxStrokes` strokes or `maxPoints` points.
    /// Empty strokes are dropped.
    public static func parseList(json: Data) throws -> [Stroke] {
        guard json.count <= maxJSONBytes else { throw MediaError.badStrokes("it is too long") }
        let strokes: [Stroke]
        do {
            strokes = try JSONDecoder().decode([Stroke].self, from: json)
        } catch {
            throw MediaError.badStrokes("expected a list of strokes, each a list of points {\"x\": …, \"y\": …}")
        }
        guard strokes.count <= maxStrokes else {
            throw MediaError.badStrokes("\(strokes.count) strokes, at most \(maxStrokes) are allowed")
        }
        let pointCount = strokes.reduce(0) { $0 + $1.points.count }
        guard pointCount <= maxPoints else {
            throw MediaError.badStrokes("\(pointCount) points, at most \(maxPoints) are allowed")
        }
        guard strokes.allSatisfy({ $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }) else {
            throw MediaError.badStrokes("a coordinate is not a finite number")
        }
        let drawn = strokes.filter { !$0.points.isEmpty }
        guard !drawn.isEmpty else { throw MediaError.badStrokes("no stroke was drawn") }
        return drawn
    }

    /// `parseList(json:)` for the text of a form field.
    public static func parseList(json: String) throws -> [Stroke] {
        try parseList(json: Data(json.utf8))
    }

    /// The strokes that touch a `width` × `height` image, their points clamped to its edges
    /// (a finger often starts or ends a stroke just off the picture).
    ///
    /// Throws `strokes_outside_image` when no stroke has a point on the image: the browser then
    /// sent coordinates of another size (the displayed one), and guessing would select nonsense;
    /// `bad_strokes` when there is no stroke at all.
    public static func fitted(_ strokes: [Stroke], width: Int, height: Int) throws -> [Stroke] {
        guard strokes.contains(where: { !$0.points.isEmpty }) else { throw MediaError.badStrokes("no stroke was drawn") }
        let maxX = Double(width), maxY = Double(height)
        let inside = strokes.filter { stroke in
            stroke.points.contains { $0.x >= 0 && $0.x <= maxX && $0.y >= 0 && $0.y <= maxY }
        }
        guard !inside.isEmpty else { throw MediaError.strokesOutsideImage }
        return inside.map { stroke in
            Stroke(stroke.points.map { StrokePoint(x: min(max($0.x, 0), maxX), y: min(max($0.y, 0), maxY)) })
        }
    }
}
