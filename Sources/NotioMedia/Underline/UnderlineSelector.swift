import Foundation
import NotioCore

/// Picks the words a reader underlined on a photo, and makes the sentence they form.
///
/// Each stroke is split into mostly horizontal runs (a stroke under the end of one line that
/// goes on under the start of the next is two runs and a move between them). For each run, a
/// word is a candidate when the run covers at least 30% of its width and the stroke passes near
/// its bottom edge: from half a word height above it (through the lower half of the letters) to
/// 0.9 of a word height below it. Of the candidates, only those on the one text line closest to
/// the run are kept, so that a stroke between two lines never takes both.
///
/// Pure: OCR words and strokes in, words out; so every rule is tested without tesseract.
public enum UnderlineSelector {
    /// Share of a word's width a run must cover.
    static let minimumOverlap = 0.3
    /// How far the stroke may be above a word's bottom edge, in word heights.
    static let maximumAbove = 0.5
    /// How far the stroke may be below a word's bottom edge, in word heights.
    static let maximumBelow = 0.9
    /// In a stroke with several runs, a run that climbs or falls more than this (in word
    /// heights, along the text's own slant) is the hand moving to another line, not an underline.
    static let maximumRunRise = 1.0

    /// The underline on an OCR'd photo: strokes are fitted to the image (see `Stroke.fitted`),
    /// the words selected and joined. Throws `strokes_outside_image`.
    public static func underline(_ page: OCRPage, strokes: [Stroke]) throws -> UnderlineResult {
        let fitted = try Stroke.fitted(strokes, width: page.imageWidth, height: page.imageHeight)
        let words = select(page.words, strokes: fitted)
        return UnderlineResult(text: text(of: words), words: words,
                               imageWidth: page.imageWidth, imageHeight: page.imageHeight)
    }

    /// The words under the strokes, in reading order (line, then left to right).
    public static func select(_ words: [OCRWord], strokes: [Stroke]) -> [OCRWord] {
        let layout = WordLayout(words)
        guard layout.typicalHeight > 0 else { return [] }
        var selected = [Bool](repeating: false, count: words.count)
        for stroke in strokes {
            for run in StrokeRun.runs(of: stroke, scale: layout.typicalHeight, skew: layout.skew) {
                for index in wordsOnClosestLine(to: run, words: words, layout: layout) {
                    selected[index] = true
                }
            }
        }
        let order = words.indices.sorted { (words[$0].line, words[$0].box.x, $0) < (words[$1].line, words[$1].box.x, $1) }
        selectMarksBetweenSelectedWords(&selected, words: words, order: order)
        return order.filter { selected[$0] }.map { words[$0] }
    }

    /// A mark standing as a word of its own ("-", "·", "—") between two selected words in
    /// reading order, also at the end of a line whose selection goes on at the start of the
    /// next, is part of the span. A mark is a few pixels wide, so how much of it a stroke covers
    /// is noise: a stroke under "LibreOffice -" that went on to the next line covered 3 px of
    /// the dash's 10. A mark at either end of the span stays out: there a stroke reaching a
    /// little too far would pull in the next sentence's dash.
    static func selectMarksBetweenSelectedWords(_ selected: inout [Bool], words: [OCRWord], order: [Int]) {
        var position = 0
        while position < order.count {
            guard !selected[order[position]], isMark(words[order[position]].text) else { position += 1; continue }
            var end = position
            while end < order.count, !selected[order[end]], isMark(words[order[end]].text) { end += 1 }
            if position > 0, end < order.count, selected[order[position - 1]], selected[order[end]],
               words[order[end]].line - words[order[position - 1]].line <= 1 {
                for index in order[position..<end] { selected[index] = true }
            }
            position = end
        }
    }

    /// Text without a letter or a digit: punctuation or a symbol standing alone.
    static func isMark(_ text: String) -> Bool {
        !text.isEmpty && !text.unicodeScalars.contains(where: KoreanText.isLetterOrDigit)
    }

    /// Indices of the candidate words of `run` that sit on the line closest to it.
    static func wordsOnClosestLine(to run: StrokeRun, words: [OCRWord], layout: WordLayout) -> [Int] {
        // Per line: the sum of the candidates' distances (0 at the bottom edge, 1 at the
        // tolerance's end) and the candidates.
        var lines: [Int: (distance: Double, indices: [Int])] = [:]
        for (index, word) in words.enumerated() where word.box.width > 0 {
            let left = max(Double(word.box.x), run.minX)
            let right = min(Double(word.box.x + word.box.width), run.maxX)
            guard right - left >= minimumOverlap * Double(word.box.width) else { continue }
            let height = layout.lineHeight[word.line] ?? layout.typicalHeight
            let below = run.y(at: (left + right) / 2) - Double(word.box.y + word.box.height)
            guard below >= -maximumAbove * height, below <= maximumBelow * height else { continue }
            let distance = below >= 0 ? below / (maximumBelow * height) : -below / (maximumAbove * height)
            lines[word.line, default: (0, [])].distance += distance
            lines[word.line, default: (0, [])].indices.append(index)
        }
        let closest = lines.min { a, b in
            (a.value.distance / Double(a.value.indices.count), a.key) < (b.value.distance / Double(b.value.indices.count), b.key)
        }
        return closest?.value.indices ?? []
    }

    /// Selected words as one sentence: words joined by single spaces (OCR words are Korean
    /// eojeol, so Korean spacing is kept), lines joined by a space, and an English word broken
    /// with a hyphen at a line end re-joined ("Foun-" + "dation" → "Foundation").
    /// `words` must be in reading order.
    public static func text(of words: [OCRWord]) -> String {
        var text = ""
        var line: Int?
        for word in words where !word.text.isEmpty {
            if text.isEmpty {
                text = word.text
            } else if word.line == line {
                text += " " + word.text
            } else if endsWithBrokenWord(text), startsWithLowercaseLatin(word.text) {
                text.removeLast()
                text += word.text
            } else {
                text += " " + word.text
            }
            line = word.line
        }
        return text
    }

    /// Hyphen, Unicode hyphen or soft hyphen right after a Latin letter.
    static func endsWithBrokenWord(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars.suffix(2))
        guard scalars.count == 2, ["-", "\u{2010}", "\u{00AD}"].contains(scalars[1]) else { return false }
        return isLatinLetter(scalars[0])
    }

    static func startsWithLowercaseLatin(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return isLatinLetter(first) && first.properties.isLowercase
    }

    /// Basic Latin through Latin Extended-B: English and other European words.
    static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x0250 && scalar.properties.isAlphabetic
    }
}

/// What the selection needs to know about the text on the photo: how tall words are, per line
/// and overall, and how much the lines slant (a photo is rarely taken square to the page).
struct WordLayout {
    /// Median word height per line.
    var lineHeight: [Int: Double] = [:]
    /// Median word height over the photo: the scale of the stroke analysis.
    var typicalHeight: Double = 0
    /// The text lines' slope, dy/dx (positive: lines fall to the right).
    var skew: Double = 0

    init(_ words: [OCRWord]) {
        var byLine: [Int: [OCRWord]] = [:]
        for word in words where word.box.height > 0 { byLine[word.line, default: []].append(word) }
        typicalHeight = Self.median(words.filter { $0.box.height > 0 }.map { Double($0.box.height) }) ?? 0
        var slopes: [Double] = []
        for (line, lineWords) in byLine {
            lineHeight[line] = Self.median(lineWords.map { Double($0.box.height) })
            if let slope = Self.slope(of: lineWords, typicalHeight: typicalHeight) { slopes.append(slope) }
        }
        skew = min(max(Self.median(slopes) ?? 0, -0.2), 0.2)
    }

    /// Least-squares slope of the word bottoms along a line with enough words spread widely
    /// enough for it to mean something.
    static func slope(of words: [OCRWord], typicalHeight: Double) -> Double? {
        guard words.count >= 3 else { return nil }
        let xs = words.map { Double($0.box.x) + Double($0.box.width) / 2 }
        let ys = words.map { Double($0.box.y + $0.box.height) }
        guard let lowest = xs.min(), let highest = xs.max(), highest - lowest >= 5 * typicalHeight else { return nil }
        let meanX = xs.reduce(0, +) / Double(xs.count), meanY = ys.reduce(0, +) / Double(ys.count)
        var covariance = 0.0, variance = 0.0
        for (x, y) in zip(xs, ys) {
            covariance += (x - meanX) * (y - meanY)
            variance += (x - meanX) * (x - meanX)
        }
        return variance > 0 ? covariance / variance : nil
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
