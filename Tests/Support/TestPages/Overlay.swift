/// Word boxes (underlined ones red, others blue) and strokes (green) drawn over a page, to check a
/// set by eye.
enum Overlay {
    static func draw(on image: PixelImage, truth: PageTruth, strokes: [[Point]]) -> PixelImage {
        var out = image
        let span = Set(truth.spanWords)
        for (i, word) in truth.words.enumerated() {
            let color: [Float] = span.contains(i) ? [220, 30, 30] : [60, 90, 220]
            let c = word.box.corners
            for k in 0..<4 { line(&out, from: c[k], to: c[(k + 1) % 4], color: color) }
        }
        for stroke in strokes {
            for (a, b) in zip(stroke, stroke.dropFirst()) { line(&out, from: a, to: b, color: [20, 170, 40], thick: true) }
        }
        return out
    }

    private static func line(_ image: inout PixelImage, from a: Point, to b: Point, color: [Float], thick: Bool = false) {
        let steps = max(1, Int((max(abs(b.x - a.x), abs(b.y - a.y)) * 2).rounded(.up)))
        for i in 0...steps {
            let t = Double(i) / Double(steps)
            let x = Int(a.x + (b.x - a.x) * t), y = Int(a.y + (b.y - a.y) * t)
            for (dx, dy) in thick ? [(0, 0), (1, 0), (0, 1), (1, 1)] : [(0, 0)] {
                let px = x + dx, py = y + dy
                guard px >= 0, py >= 0, px < image.width, py < image.height else { continue }
                for ch in 0..<3 { image.samples[(py * image.width + px) * 3 + ch] = color[ch] }
            }
        }
    }
}
