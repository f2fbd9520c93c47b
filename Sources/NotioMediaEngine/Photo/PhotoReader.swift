import Foundation
import NotioCore
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
        let photo = try Self.decoded(path: path, limits: limits)
        let (upright, geometry) = PageGeometry.undone(photo)
        var page = read(upright)
        page.words = geometry.onPhoto(page.words, width: photo.width, height: photo.height)
        return page
    }

    /// The words under `strokes` on the photo at `path`. Strokes that miss the photo entirely
    /// are refused (`strokes_outside_image`) before the OCR is spent.
    ///
    /// Only a band of the photo around the strokes is read first: a reader underlines a line or
    /// two of a page, and reading the whole page costs several times more. The band ends above
    /// the line its bottom edge would cut (`withoutCutLineBelow`), and only words under the
    /// strokes are read again by the Latin model (`wantedAreas`). When the band is
    /// too narrow for the text (a close-up) or the strokes touch nothing in it, the whole
    /// photo is read after all; so it is when the band's reading is doubtful (see
    /// `underline(_:strokes:)`).
    ///
    /// Uneven light is evened out first (`PageLight`). The page's geometry is then undone
    /// (`PageGeometry`: straightened, its bending lines flattened), the strokes with it, so that
    /// the words are chosen on level lines; the chosen words' boxes are then mapped back onto
    /// the photo.
    public func underline(inImageAt path: String, strokes: [Stroke], limits: PhotoLimits) throws -> UnderlineResult {
        let photo = try Self.decoded(path: path, limits: limits)
        let strokes = try Stroke.fitted(strokes, width: photo.width, height: photo.height)
        let (upright, geometry) = PageGeometry.undone(photo)
        var result = try underline(upright, strokes: geometry.onPage(strokes))
        result.words = geometry.onPhoto(result.words, width: photo.width, height: photo.height)
        return result
    }

    /// The photo at `path` as it is read: decoded (`PhotoDecoder`), its light evened out
    /// (`PageLight`) before anything measures lines or ink on it.
    static func decoded(path: String, limits: PhotoLimits) throws -> DecodedPhoto {
        var photo = try PhotoDecoder.decode(path: path, limits: limits)
        photo.gray = PageLight.evened(photo.gray)
        return photo
    }

    /// The underline on an upright (or straightened) photo.
    ///
    /// Where the Hangul model is unsure of the underlined words (`isUnsure`), the band is read a
    /// second time with its edges in the gaps between lines (`LineGaps`), and the surer reading
    /// of the two is kept. The model's slips come and go with the rows it is given: a band whose
    /// edge cut the tops of a line read "끝없이 펼쳐졌다" two lines above as "곰없이 결청저다"
    /// (confidence 39–53), and a band taking a whole line more read "10년이" where the first
    /// read "10노이" (72). Where even the surer band reading is doubtful (`doubtfulConfidence`),
    /// the whole photo is read as well, and again the surer reading is kept. A period or comma
    /// the reading left out after an underlined word is then looked for in the ink
    /// (`withLostDots`).
    func underline(_ photo: DecodedPhoto, strokes: [Stroke]) throws -> UnderlineResult {
        if let reach = Self.band(around: strokes, in: photo) {
            let band = Self.withoutCutLineBelow(reach, strokes: strokes, in: photo)
            var page = read(photo, rows: band, strokes: strokes)
            var result = try UnderlineSelector.underline(page, strokes: strokes)
            var rows = band
            if Self.isUnsure(result) {
                let height = Double(photo.gray.height)
                let whole = LineGaps.widened(reach, in: photo.gray, reach: Int(Self.bandAbove * height), margin: Int(0.01 * height))
                if whole != band, Double(whole.count) < Self.largestBand * height {
                    let wholeLines = read(photo, rows: whole, strokes: strokes)
                    let second = try UnderlineSelector.underline(wholeLines, strokes: strokes)
                    if Self.isSurer(second, than: result) { (result, rows, page) = (second, whole, wholeLines) }
                }
            }
            if !result.words.isEmpty && !Self.cut(result.words, by: rows, in: photo) {
                if Self.isDoubtful(result) {
                    let wholePhoto = read(photo, strokes: strokes)
                    let third = try UnderlineSelector.underline(wholePhoto, strokes: strokes)
                    if Self.isSurer(third, than: result) { (result, page) = (third, wholePhoto) }
                }
                return withLostDots(result, on: page, in: photo)
            }
        }
        let page = read(photo, strokes: strokes)
        return withLostDots(try UnderlineSelector.underline(page, strokes: strokes), on: page, in: photo)
    }

    /// The underlined words with the period or comma the reading left out after them
    /// (`TrailingDot`), where the main model, reading the word and the dot on their own, reads
    /// the word as before and the dot as that mark.
    func withLostDots(_ result: UnderlineResult, on page: OCRPage, in photo: DecodedPhoto) -> UnderlineResult {
        var result = result
        for index in result.words.indices {
            let word = result.words[index]
            guard let last = word.text.unicodeScalars.last, KoreanText.isLetterOrDigit(last) else { continue }
            let box = photo.onGray(word.box)
            let next = page.words.filter { $0.line == word.line && $0.box.x > word.box.x }.map { photo.onGray($0.box).x }.min()
            guard let dot = TrailingDot.box(after: box, before: next ?? photo.gray.width, in: photo.gray),
                  let reading = engine.readWord(box.union(dot), in: photo.gray, dpi: Self.assumedDPI),
                  let mark = Self.dotMarks.first(where: { reading.text == word.text + $0 }) else { continue }
            result.words[index].text += mark
            result.words[index].box = word.box.union(photo.fullSize(dot))
        }
        result.text = UnderlineSelector.text(of: result.words)
        return result
    }

    /// What a dot after a word is read as.
    static let dotMarks = [".", ","]

    /// Below this mean confidence of the underlined words the reading is worth a second look:
    /// words read right score 88–97, slips mostly lower.
    static let sureConfidence = 90.0
    /// Below this mean confidence a band reading is mostly wrong, whatever its edges: on the
    /// underline bench's pages of seeds 2 and 3, every span read below it was a miss ("그는 한동안"
    /// read "그들 안용안" at 33–53 on a tilted page, where the whole page reads it right at 96).
    /// About one photo in seventy comes under it, so the whole-page read it costs is rare.
    static let doubtfulConfidence = 70.0

    static func isUnsure(_ result: UnderlineResult) -> Bool {
        !result.words.isEmpty && meanConfidence(result) < sureConfidence
    }

    static func isDoubtful(_ result: UnderlineResult) -> Bool {
        !result.words.isEmpty && meanConfidence(result) < doubtfulConfidence
    }

    /// Whether another reading of the same strokes is to be kept over `current`: it is surer of
    /// the underlined words. The count of words is no guide: a misread often splits a word
    /// ("Hemingway의" read "lemin mingway의" at 66–91 on a page taken from one side, and right
    /// at 96 by the band with whole lines), so asking for as many words lost such spans.
    static func isSurer(_ candidate: UnderlineResult, than current: UnderlineResult) -> Bool {
        meanConfidence(candidate) > meanConfidence(current)
    }

    /// The underlined words' mean confidence, each word counting once; 0 for none.
    static func meanConfidence(_ result: UnderlineResult) -> Double {
        result.words.isEmpty ? 0 : result.words.reduce(0) { $0 + $1.confidence } / Double(result.words.count)
    }

    /// Share of the photo's height read above the highest stroke point and below the lowest:
    /// on a photo of a page the line above a stroke is a few hundredths of the height tall.
    static let bandAbove = 0.08, bandBelow = 0.03
    /// A band taller than this share of the photo is not worth cutting out: the whole is read.
    static let largestBand = 0.6

    /// Rows of `photo.gray` around the strokes, or nil when that is most of the photo anyway.
    static func band(around strokes: [Stroke], in photo: DecodedPhoto) -> Range<Int>? {
        let ys = strokes.flatMap { $0.points.map(\.y) }
        guard let highest = ys.min(), let lowest = ys.max() else { return nil }
        let fullHeight = Double(photo.height), scale = Double(photo.gray.height) / fullHeight
        let top = max(0, Int(((highest - bandAbove * fullHeight) * scale).rounded(.down)))
        let bottom = min(photo.gray.height, Int(((lowest + bandBelow * fullHeight) * scale).rounded(.up)))
        guard bottom > top, Double(bottom - top) < largestBand * Double(photo.gray.height) else { return nil }
        return top..<bottom
    }

    /// `band` ending above the line its bottom edge cuts (`LineGaps.narrowedBottom`), never
    /// above the lowest stroke point. The top edge stays: the lines above are read as they were
    /// (narrowing the top as well changed the reading of a span in 165 on both of the table's
    /// seeds, for 5% less time).
    static func withoutCutLineBelow(_ band: Range<Int>, strokes: [Stroke], in photo: DecodedPhoto) -> Range<Int> {
        guard let lowest = strokes.flatMap({ $0.points.map(\.y) }).max() else { return band }
        let stroke = Int((lowest * Double(photo.gray.height) / Double(photo.height)).rounded(.up))
        guard stroke < band.upperBound - 1 else { return band }
        return LineGaps.narrowedBottom(band, in: photo.gray, above: stroke, margin: Int(0.01 * Double(photo.gray.height)))
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

    /// Where on `rows` of `photo.gray` (their first row 0) the words under `strokes` can be:
    /// around each stroke, from a band's reach above it to below it (`bandAbove`, `bandBelow`),
    /// and a twentieth of the width to either side of it, for a word that the stroke only
    /// begins or ends under.
    static func wantedAreas(around strokes: [Stroke], in photo: DecodedPhoto, rows: Range<Int>) -> [PixelRect] {
        let scaleX = Double(photo.gray.width) / Double(photo.width), scaleY = Double(photo.gray.height) / Double(photo.height)
        let width = Double(photo.gray.width), height = Double(photo.gray.height)
        return strokes.compactMap { stroke in
            let xs = stroke.points.map { $0.x * scaleX }, ys = stroke.points.map { $0.y * scaleY }
            guard let left = xs.min(), let right = xs.max(), let top = ys.min(), let bottom = ys.max() else { return nil }
            let x = Int(left - 0.05 * width), y = Int(top - bandAbove * height) - rows.lowerBound
            return PixelRect(x: x, y: y, width: Int(right + 0.05 * width) - x,
                             height: Int(bottom + bandBelow * height) - rows.lowerBound - y)
        }
    }

    /// OCR of the whole photo, or of `rows` of it; boxes in the full-size photo's pixels.
    /// With `strokes`, only the words that they can choose are read again where they hold
    /// numbers or foreign letters (`OCREngine.recognise(…, wanted:)`).
    func read(_ photo: DecodedPhoto, rows: Range<Int>? = nil, strokes: [Stroke]? = nil) -> OCRPage {
        let gray = photo.gray
        let rows = rows ?? 0..<gray.height
        let result = gray.pixels.withUnsafeBufferPointer { pixels in
            engine.recognise(gray: pixels.baseAddress! + rows.lowerBound * gray.bytesPerLine, width: gray.width,
                             height: rows.count, bytesPerLine: gray.bytesPerLine, dpi: Self.assumedDPI,
                             wanted: strokes.map { Self.wantedAreas(around: $0, in: photo, rows: rows) })
        }
        let words = WordBoxes.clippedToTheirLines(result.words.compactMap { word in
            var word = word
            word.box.y += rows.lowerBound
            guard WordBoxes.holdsInk(word.box, in: gray) else { return nil }
            word.box = WordBoxes.tightened(word.box, in: gray)
            return word
        })
        return OCRPage(words: words.map { word in
            OCRWord(text: word.text, box: photo.fullSize(word.box), confidence: word.confidence, line: word.line)
        }, imageWidth: photo.width, imageHeight: photo.height)
    }
}
