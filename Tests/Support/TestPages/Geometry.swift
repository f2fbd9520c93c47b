import Foundation

/// A point in image pixels (x right, y down; pixel (i, j) covers [i, i+1) × [j, j+1)).
struct Point: Codable, Equatable {
    var x: Double
    var y: Double

    /// Tenths of a pixel are plenty, and short numbers keep the JSON files readable.
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode((x * 10).rounded() / 10, forKey: .x)
        try container.encode((y * 10).rounded() / 10, forKey: .y)
    }
}

/// An axis-aligned rectangle in image pixels, encoded as the OCR output encodes word boxes.
struct PixelRect: Codable, Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var maxX: Double { x + width }
    var maxY: Double { y + height }
    var corners: [Point] {
        [Point(x: x, y: y), Point(x: maxX, y: y), Point(x: maxX, y: maxY), Point(x: x, y: maxY)]
    }

    init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest rectangle holding all `points`.
    init(bounding points: [Point]) {
        let xs = points.map(\.x), ys = points.map(\.y)
        x = xs.min()!
        y = ys.min()!
        width = xs.max()! - x
        height = ys.max()! - y
    }

    func union(_ other: PixelRect) -> PixelRect {
        PixelRect(bounding: corners + other.corners)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        for (key, value) in [(CodingKeys.x, x), (.y, y), (.width, width), (.height, height)] {
            try container.encode((value * 10).rounded() / 10, forKey: key)
        }
    }
}

/// A plane projective transform (3×3, row-major, h[8] normalised to 1): rotation, keystone and
/// their composition are all one of these, so image, word boxes and strokes move together.
struct Homography {
    var m: [Double]

    static let identity = Homography(m: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    static func rotation(degrees: Double, about center: Point) -> Homography {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        return Homography(m: [c, -s, center.x - c * center.x + s * center.y,
                              s, c, center.y - s * center.x - c * center.y,
                              0, 0, 1])
    }

    static func translation(dx: Double, dy: Double) -> Homography {
        Homography(m: [1, 0, dx, 0, 1, dy, 0, 0, 1])
    }

    /// The transform taking each `from[i]` to `to[i]` (four points, no three collinear), by
    /// solving the usual 8×8 linear system.
    static func mapping(_ from: [Point], to: [Point]) -> Homography {
        var a = [[Double]]()
        for (p, q) in zip(from, to) {
            a.append([p.x, p.y, 1, 0, 0, 0, -q.x * p.x, -q.x * p.y, q.x])
            a.append([0, 0, 0, p.x, p.y, 1, -q.y * p.x, -q.y * p.y, q.y])
        }
        // Gauss–Jordan with partial pivoting on the augmented matrix.
        for col in 0..<8 {
            let pivot = (col..<8).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            a.swapAt(col, pivot)
            for row in 0..<8 where row != col {
                let f = a[row][col] / a[col][col]
                for k in col..<9 { a[row][k] -= f * a[col][k] }
            }
        }
        return Homography(m: (0..<8).map { a[$0][8] / a[$0][$0] } + [1])
    }

    /// `self` applied after `first`.
    func after(_ first: Homography) -> Homography {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 {
                r[3 * i + j] = (0..<3).reduce(0) { $0 + m[3 * i + $1] * first.m[3 * $1 + j] }
            }
        }
        return Homography(m: r.map { $0 / r[8] })
    }

    var inverse: Homography {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let co = [e * i - f * h, c * h - b * i, b * f - c * e,
                  f * g - d * i, a * i - c * g, c * d - a * f,
                  d * h - e * g, b * g - a * h, a * e - b * d]
        return Homography(m: co.map { $0 / co[8] })
    }

    func apply(_ p: Point) -> Point {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        return Point(x: (m[0] * p.x + m[1] * p.y + m[2]) / w, y: (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }

    /// The axis-aligned box around the transformed corners: what a word box becomes.
    func apply(_ rect: PixelRect) -> PixelRect {
        PixelRect(bounding: rect.corners.map(apply))
    }
}
