import Foundation

/// How the finger went under the span.
enum StrokeKind: String, Codable, CaseIterable {
    /// One roughly straight stroke under words of one line.
    case straight
    /// One stroke under one line with a sinusoidal wobble of a few pixels.
    case wobbly
    /// One straight stroke tilted 3–5° against the line.
    case slanted
    /// A span across a line break, one stroke per line.
    case twoStrokes = "two-strokes"
    /// A span across a line break drawn in one go: along the first line, back to the start of
    /// the next, along it.
    case hooked
}

/// A span of consecutive words and the strokes a reader would draw under it.
struct Underline {
    var wordIndices: [Int]
    var kind: StrokeKind
    var strokes: [[Point]]

    func span(in words: [PageWord]) -> String {
        wordIndices.map { words[$0].text }.joined(separator: " ")
    }
}

/// Chooses spans and draws strokes under them the way a finger does: starting a little before or
/// inside the first word, ending a little short of or past the last, a few pixels under the text.
struct UnderlineMaker {
    let words: [PageWord]
    let fontPx: Double
    let lineHeight: Double
    /// Word indices per line, in reading order.
    let lines: [[Int]]
    /// The median ink bottom per line: where the eye sees the line end, ignoring descenders.
    let lineBottoms: [Double]

    init(page: RenderedPage) {
        words = page.words
        fontPx = page.style.fontPx
        lineHeight = page.style.fontPx * page.style.lineSpacing
        let count = (words.map(\.line).max() ?? -1) + 1
        var lines = [[Int]](repeating: [], count: count)
        for (i, word) in words.enumerated() { lines[word.line].append(i) }
        self.lines = lines
        lineBottoms = lines.map { line in
            let bottoms = line.map { page.words[$0].box.maxY }.sorted()
            return bottoms[bottoms.count / 2]
        }
    }

    /// A span drawn with strokes of `kind`; with `latin`, a span holding a Latin word (when the
    /// page allows within a few tries), otherwise one without.
    func make(kind: StrokeKind, latin wantLatin: Bool, using random: inout SeededRandom) -> Underline {
        var span = chooseSpan(kind: kind, using: &random)
        var tries = 1
        while span.contains(where: { hasLatin(words[$0].text) }) != wantLatin, tries < 80 {
            span = chooseSpan(kind: kind, using: &random)
            tries += 1
        }
        return Underline(wordIndices: span, kind: kind, strokes: strokes(kind: kind, span: span, using: &random))
    }

    private func hasLatin(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    private func chooseSpan(kind: StrokeKind, using random: inout SeededRandom) -> [Int] {
        switch kind {
        case .straight, .wobbly:
            let line = lines[random.int(0...(lines.count - 1))]
            if random.chance(0.25) {
                // A line part: from some word (or the first) to the end of the line.
                let start = random.chance(0.4) ? 0 : random.int(0...(line.count - 1))
                return Array(line[start...])
            }
            // Mostly phrases of two to six eojeol, sometimes a single word.
            let start = random.int(0...(line.count - 1))
            let end = min(line.count - 1, start + (random.chance(0.15) ? 0 : random.int(1...5)))
            return Array(line[start...end])
        case .slanted:
            // A tilted stroke drifts tan(angle) × length off the line; past ~0.45 line heights it
            // would run into the next line, and readers tilt only short strokes that much.
            let line = lines[random.int(0...(lines.count - 1))]
            let maxWidth = 0.45 * lineHeight / tan(5 * Double.pi / 180)
            let start = random.int(0...(line.count - 1))
            var end = start
            let wanted = random.int(0...3)
            while end + 1 < line.count, end - start < wanted,
                  words[line[end + 1]].box.maxX - words[line[start]].box.x <= maxWidth {
                end += 1
            }
            return Array(line[start...end])
        case .twoStrokes, .hooked:
            // Across a line break inside a paragraph; nobody underlines into the next paragraph.
            let breaks = (0..<(lines.count - 1)).filter { words[lines[$0][0]].paragraph == words[lines[$0 + 1][0]].paragraph }
            let l = breaks.isEmpty ? random.int(0...(lines.count - 2)) : random.pick(breaks)
            let first = lines[l], second = lines[l + 1]
            let start = first.count - random.int(1...min(4, first.count))
            let end = random.int(0...min(3, second.count - 1))
            return Array(first[start...]) + Array(second[...end])
        }
    }

    private func strokes(kind: StrokeKind, span: [Int], using random: inout SeededRandom) -> [[Point]] {
        let byLine = Dictionary(grouping: span, by: { words[$0].line }).sorted { $0.key < $1.key }.map(\.value)
        switch kind {
        case .straight:
            return [segment(byLine[0], shape: .straight(tilt: random.signed(0...0.8)), using: &random)]
        case .wobbly:
            return [segment(byLine[0], shape: wobble(using: &random), using: &random)]
        case .slanted:
            return [segment(byLine[0], shape: .straight(tilt: random.signed(3...5)), using: &random)]
        case .twoStrokes:
            return byLine.map { segment($0, shape: random.chance(0.5) ? .straight(tilt: random.signed(0...0.8)) : wobble(using: &random), using: &random) }
        case .hooked:
            let shape = random.chance(0.5) ? StrokeShape.straight(tilt: random.signed(0...0.8)) : wobble(using: &random)
            let first = segment(byLine[0], shape: shape, using: &random)
            let second = segment(byLine[1], shape: shape, using: &random)
            // The return sweep goes diagonally through the next line's text; a selector has to
            // ignore it.
            let a = first.last!, b = second.first!
            let sweep = (1..<8).map { i -> Point in
                let t = Double(i) / 8
                return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t + random.gaussian() * 0.8)
            }
            return [first + sweep + second]
        }
    }

    private enum StrokeShape {
        case straight(tilt: Double)
        case wobbly(amplitude: Double, wavelength: Double, phase: Double, tilt: Double)
    }

    private func wobble(using random: inout SeededRandom) -> StrokeShape {
        .wobbly(amplitude: random.uniform(0.06...0.12) * fontPx, wavelength: random.uniform(2...4) * fontPx,
                phase: random.uniform(0...(2 * .pi)), tilt: random.signed(0...0.8))
    }

    /// One stroke under consecutive words of one line.
    private func segment(_ span: [Int], shape: StrokeShape, using random: inout SeededRandom) -> [Point] {
        let first = words[span.first!].box, last = words[span.last!].box
        let gap = 0.25 * fontPx
        let startX = first.x + random.uniform(-0.6 * gap...0.15 * first.width)
        let endX = last.maxX - random.uniform(-0.6 * gap...0.15 * last.width)
        let baseY = lineBottoms[words[span[0]].line] + random.uniform(0.05...0.3) * fontPx
        let midX = (startX + endX) / 2
        let count = max(2, Int((endX - startX) / 6))
        return (0...count).map { i in
            let x = startX + (endX - startX) * Double(i) / Double(count)
            var y = baseY + random.gaussian() * 0.6
            switch shape {
            case .straight(let tilt):
                y += tan(tilt * .pi / 180) * (x - midX)
            case .wobbly(let amplitude, let wavelength, let phase, let tilt):
                y += amplitude * sin(2 * .pi * (x - startX) / wavelength + phase) + tan(tilt * .pi / 180) * (x - midX)
            }
            return Point(x: x, y: y)
        }
    }
}
