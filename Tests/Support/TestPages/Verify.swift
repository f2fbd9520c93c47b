import Foundation

/// Checks a generated folder: boxes hug the ink on clean images, everything lies inside the
/// image, and the strokes pick exactly the span by the documented selection rule, so a miss in
/// the benchmark is the OCR's, not an ambiguous stroke's.
enum Verifier {
    /// Returns the problems found, one line each; empty when the set is sound.
    static func verify(directory: String) throws -> (checked: Int, problems: [String]) {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".truth.json") }.sorted()
        var problems = [String]()
        for name in names {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
            let truth = try JSONDecoder().decode(PageTruth.self, from: Data(contentsOf: url))
            let strokes = try JSONDecoder().decode([[Point]].self, from: Data(contentsOf: url.deletingLastPathComponent().appendingPathComponent(truth.strokes)))
            let image = try PixelImage.read(url.deletingLastPathComponent().appendingPathComponent(truth.image).path)
            let report = { (message: String) in problems.append("\(truth.image): \(message)") }

            if image.width != truth.imageWidth || image.height != truth.imageHeight {
                report("image is \(image.width)×\(image.height), truth says \(truth.imageWidth)×\(truth.imageHeight)")
            }
            let frame = PixelRect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
            for word in truth.words where !contains(frame, word.box) {
                report("box of \(word.text) leaves the image")
            }
            for point in strokes.joined() where !contains(frame, PixelRect(x: point.x, y: point.y, width: 0, height: 0)) {
                report("stroke point \(point) leaves the image")
            }
            // Paper and ink keep their rendered values only without light, blur, noise or JPEG;
            // turned boxes are axis-aligned around turned ink, so only clean ones must be tight.
            if [.clean, .rotate, .perspective].contains(truth.variant) {
                problems += coverage(image, truth: truth, tight: truth.variant == .clean).map { "\(truth.image): \($0)" }
            }
            if truth.span != truth.spanWords.map({ truth.words[$0].text }).joined(separator: " ") {
                report("span is not the text of its words")
            }
            let picked = StrokeRule.select(strokes: strokes, words: truth.words, fontPx: truth.style.fontPx)
            if picked != truth.spanWords {
                let text = picked.map { truth.words[$0].text }.joined(separator: " ")
                report("\(truth.strokeKind.rawValue) strokes pick \"\(text)\", span is \"\(truth.span)\"")
            }
        }
        return (names.count, problems)
    }

    private static func contains(_ outer: PixelRect, _ inner: PixelRect) -> Bool {
        inner.x >= outer.x && inner.y >= outer.y && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY
    }

    /// Every clearly inked pixel lies in some word box; with `tight`, every box edge touches ink.
    private static func coverage(_ image: PixelImage, truth: PageTruth, tight: Bool) -> [String] {
        let style = truth.style
        let paper = 0.299 * style.paper[0] + 0.587 * style.paper[1] + 0.114 * style.paper[2]
        let darkness = image.luminance().map { (paper - $0) / (paper - style.ink) }
        let w = image.width
        var problems = [String]()
        var covered = [Bool](repeating: false, count: darkness.count)
        for word in truth.words {
            let x0 = Int(word.box.x), y0 = Int(word.box.y)
            let x1 = Int(word.box.maxX.rounded(.up)) - 1, y1 = Int(word.box.maxY.rounded(.up)) - 1
            for y in y0...y1 { for x in x0...x1 { covered[y * w + x] = true } }
            let edges = [(x0...x1).map { darkness[y0 * w + $0] }, (x0...x1).map { darkness[y1 * w + $0] },
                         (y0...y1).map { darkness[$0 * w + x0] }, (y0...y1).map { darkness[$0 * w + x1] }]
            if tight, edges.contains(where: { ($0.max() ?? 0) <= 0.25 }) {
                problems.append("box of \(word.text) is not tight")
            }
        }
        let stray = zip(darkness, covered).filter { $0.0 > 0.5 && !$0.1 }.count
        if stray > 0 { problems.append("\(stray) inked pixels outside every word box") }
        return problems
    }
}

/// The underline selection rule the OCR side implements (see C-LIBRARIES.md, "Underline
/// selection"), run on the true boxes: split strokes into mostly horizontal runs; a word is
/// picked when a run covers ≥ 30% of its width and its bottom edge lies between 0.9 × its
/// height above the stroke and 0.5 × below; per run only the line nearest the stroke counts.
enum StrokeRule {
    static func select(strokes: [[Point]], words: [PageWord], fontPx: Double) -> [Int] {
        var picked = Set<Int>()
        for run in strokes.flatMap(horizontalRuns) where run.last!.x - run.first!.x >= 0.5 * fontPx {
            let lo = run.first!.x, hi = run.last!.x
            var byLine = [Int: [(index: Int, distance: Double)]]()
            for (i, word) in words.enumerated() {
                let overlap = min(hi, word.box.maxX) - max(lo, word.box.x)
                guard overlap >= 0.3 * word.box.width else { continue }
                let strokeY = y(of: run, at: min(max(word.box.x + word.box.width / 2, lo), hi))
                let below = word.box.maxY - strokeY  // > 0: the word's bottom is under the stroke
                guard below <= 0.5 * word.box.height, -below <= 0.9 * word.box.height else { continue }
                byLine[word.line, default: []].append((i, abs(below)))
            }
            let nearest = byLine.min { a, b in
                a.value.map(\.distance).reduce(0, +) / Double(a.value.count) < b.value.map(\.distance).reduce(0, +) / Double(b.value.count)
            }
            picked.formUnion(nearest?.value.map(\.index) ?? [])
        }
        return picked.sorted()
    }

    /// Maximal stretches whose steps go rightwards at less than 30° from the horizontal.
    private static func horizontalRuns(_ stroke: [Point]) -> [[Point]] {
        var runs = [[Point]](), current = [Point]()
        for (a, b) in zip(stroke, stroke.dropFirst()) {
            if b.x > a.x, abs(b.y - a.y) < tan(30 * Double.pi / 180) * (b.x - a.x) {
                if current.isEmpty { current = [a] }
                current.append(b)
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    private static func y(of run: [Point], at x: Double) -> Double {
        for (a, b) in zip(run, run.dropFirst()) where x <= b.x {
            return a.y + (b.y - a.y) * (x - a.x) / max(b.x - a.x, 1e-9)
        }
        return run.last!.y
    }
}
