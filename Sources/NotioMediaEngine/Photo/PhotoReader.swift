import Foundation
import NotioMedia

/// Reads photos of book pages with one warm OCR engine: every word with its box, or the words
/// a reader underlined. Boxes are in the upright full-size photo's pixels, whatever size the
/// photo was read at.
///
/// Owns an `OCREngine`: one thread at a time.
public final class PhotoReader {
    public let engine: OCREngine

    /// Photos have no meaningful resolution; this one keeps tesseract from guessing per photo.
    static let assumedDPI = 300

    public init(engine: OCREngine) {
        self.engine = engine
    }

    /// Every word on the photo at `path`. Throws what `PhotoDecoder.decode` throws.
    public func words(inImageAt path: String, limits: PhotoLimits) throws -> OCRPage {
        let photo = try PhotoDecoder.decode(path: path, limits: limits)
        return read(photo)
    }

    /// The words under `strokes` on the photo at `path`. Strokes that miss the photo entirely
    /// are refused (`strokes_outside_image`) before the OCR is spent.
    ///
    /// Only a band of the photo around the strokes is read first: a reader underlines a line or
    /// two of a page, and reading the whole page costs several times more. When the band is
    /// too narrow for the text (a close-up) or the strokes touch nothing in it, the whole
    /// photo is read after all.
    public func underline(inImageAt path: String, strokes: [Stroke], limits: PhotoLimits) throws -> UnderlineResult {
        let photo = try PhotoDecoder.decode(path: path, limits: limits)
        let strokes = try Stroke.fitted(strokes, width: photo.width, height: photo.height)
        if let band = Self.band(around: strokes, in: photo) {
            let result = try UnderlineSelector.underline(read(photo, rows: band), strokes: strokes)
            if !result.words.isEmpty && !Self.cut(result.words, by: band, in: photo) { return result }
        }
        return try UnderlineSelector.underline(read(photo), strokes: strokes)
    }

    /// Share of the photo's height read above the highest stroke point and below the lowest:
    /// on a photo of a page the line above a stroke is a few hundredths of the height tall.
    static let bandAbove = 0.08, bandBelow = 0.03

    /// Rows of `photo.gray` around the strokes, or nil when that is most of the photo anyway.
    static func band(around strokes: [Stroke], in photo: DecodedPhoto) -> Range<Int>? {
        let ys = strokes.flatMap { $0.points.map(\.y) }
        guard let highest = ys.min(), let lowest = ys.max() else { return nil }
        let fullHeight = Double(photo.height), scale = Double(photo.gray.height) / fullHeight
        let top = max(0, Int(((highest - bandAbove * fullHeight) * scale).rounded(.down)))
        let bottom = min(photo.gray.height, Int(((lowest + bandBelow * fullHeight) * scale).rounded(.up)))
        guard bottom > top, Double(bottom - top) < 0.6 * Double(photo.gray.height) else { return nil }
        return top..<bottom
    }

    /// Whether a selected word touches an edge of the band that is not the photo's own: its
    /// line was cut, and what was read of it cannot be trusted.
    static func cut(_ words: [OCRWord], by band: Range<Int>, in photo: DecodedPhoto) -> Bool {
        let scale = Double(photo.height) / Double(photo.gray.height)
        let top = Double(band.lowerBound) * scale, bottom = Double(band.upperBound) * scale
        let slack = 3 * scale
        return words.contains { word in
            (band.lowerBound > 0 && Double(word.box.y) <= top + slack)
                || (band.upperBound < photo.gray.height && Double(word.box.y + word.box.height) >= bottom - slack)
        }
    }

    /// OCR of the whole photo, or of `rows` of it; boxes in the full-size photo's pixels.
    func read(_ photo: DecodedPhoto, rows: Range<Int>? = nil) -> OCRPage {
        let gray = photo.gray
        let rows = rows ?? 0..<gray.height
        let result = gray.pixels.withUnsafeBufferPointer { pixels in
            engine.recognise(gray: pixels.baseAddress! + rows.lowerBound * gray.bytesPerLine, width: gray.width,
                             height: rows.count, bytesPerLine: gray.bytesPerLine, dpi: Self.assumedDPI)
        }
        let words = result.words.map { word in
            var box = word.box
            box.y += rows.lowerBound
            box = Self.tightened(box, in: gray)
            return OCRWord(text: word.text, box: photo.fullSize(box), confidence: word.confidence, line: word.line)
        }
        return OCRPage(words: words, imageWidth: photo.width, imageHeight: photo.height)
    }

    /// The box with the rows above and below the word's ink cut off.
    ///
    /// Tesseract's LSTM engine gives some words a box twice as tall as their letters (half a
    /// line above and below). Such a box looks wrong on the drawing screen, and its bottom edge
    /// is far under the letters, where a stroke touching them would seem half a word too high.
    /// The ink is what is clearly darker than the paper in the box; of the runs of inked rows
    /// (gaps up to a sixth of the box bridged, as between the dot and the stem of an i) the one
    /// with the most ink is the word, not a neighbouring line's letters reaching into the box.
    static func tightened(_ box: PixelRect, in gray: GrayImage) -> PixelRect {
        let left = max(0, box.x), right = min(gray.width, box.x + box.width)
        let top = max(0, box.y), bottom = min(gray.height, box.y + box.height)
        guard right > left, bottom - top >= 4 else { return box }

        var histogram = [Int](repeating: 0, count: 256)
        for y in top..<bottom {
            for x in left..<right { histogram[Int(gray.pixels[y * gray.bytesPerLine + x])] += 1 }
        }
        let total = (right - left) * (bottom - top)
        func percentile(_ share: Double) -> Int {
            var seen = 0
            for value in 0..<256 {
                seen += histogram[value]
                if Double(seen) >= share * Double(total) { return value }
            }
            return 255
        }
        let ink = percentile(0.05), paper = percentile(0.95)
        guard paper - ink >= 40 else { return box }
        let threshold = UInt8((ink + paper) / 2)

        let minimumInk = max(1, (right - left) / 50)
        var inkPerRow = [Int](repeating: 0, count: bottom - top)
        for y in top..<bottom {
            var count = 0
            for x in left..<right where gray.pixels[y * gray.bytesPerLine + x] < threshold { count += 1 }
            inkPerRow[y - top] = count >= minimumInk ? count : 0
        }

        // Runs of inked rows, bridging gaps up to a sixth of the box's height.
        let bridge = max(1, (bottom - top) / 6)
        var best: (start: Int, end: Int, ink: Int)?
        var current: (start: Int, end: Int, ink: Int)?
        var gap = 0
        for (row, count) in inkPerRow.enumerated() {
            if count > 0 {
                if let run = current, gap <= bridge {
                    current = (run.start, row, run.ink + count)
                } else {
                    current = (row, row, count)
                }
                gap = 0
                if let run = current, run.ink > best?.ink ?? 0 { best = run }
            } else {
                gap += 1
            }
        }
        guard let word = best else { return box }
        return PixelRect(x: box.x, y: top + word.start, width: box.width, height: word.end - word.start + 1)
    }
}
