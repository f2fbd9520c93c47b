import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// Punctuation at the edges of words, which the Hangul model, the English re-read and the
/// selection each could drop, on pages set by pango in the book font and read by tesseract.
@Suite struct PunctuationTests {
    /// A closing parenthesis between a company's name and the particle after it: the English
    /// re-read of the name stops its reading at the last letter, where the particle's ink is
    /// often read as marks. (An opening one before a Korean gloss, on a drawn page:
    /// `LatinInHangulTests`.)
    @Test func aClosingBracketBetweenAForeignWordAndItsParticleStays() throws {
        let picture = PhotoFixtures.text(["OpenGL은 SGI(Silicon Graphics Inc)에서 처음 개발한 3D 그래픽 언어입니다."])
        let path = try PhotoFixtures.file(picture.file, named: "page.png")
        let page = try PhotoReader(engine: try OCREngine()).words(inImageAt: path, limits: PhotoLimits())
        let texts = page.words.map(\.text)
        #expect(texts.contains("Inc)에서"), "\(texts)")
    }

    /// A sentence's period that the reading of the band around a stroke left out (it read
    /// "걸렸다" where the whole page reads "걸렸다."), found as a dot after the word and read
    /// again with the word.
    @Test func aPeriodTheReadingLeftOutIsReadBackWithItsWord() throws {
        let picture = PhotoFixtures.text(["그 단순함에 이르기까지 10년이 걸렸다. 그의 논문은 짧았다"])
        let path = try PhotoFixtures.file(picture.file, named: "page.png")
        let photo = try PhotoDecoder.decode(path: path, limits: PhotoLimits())
        let reader = PhotoReader(engine: try OCREngine())
        var page = reader.read(photo)
        let index = try #require(page.words.firstIndex { $0.text == "걸렸다." }, "\(page.words.map(\.text))")
        page.words[index].text = "걸렸다"

        let lost = try UnderlineSelector.underline(page, strokes: [PhotoFixtures.stroke(under: picture, line: 0, words: 3...4)])
        #expect(lost.text == "10년이 걸렸다")
        #expect(reader.withLostDots(lost, on: page, in: photo).text == "10년이 걸렸다.")
        // Words with no dot after them stay as they were read.
        let none = try UnderlineSelector.underline(page, strokes: [PhotoFixtures.stroke(under: picture, line: 0, words: 5...7)])
        #expect(reader.withLostDots(none, on: page, in: photo).text == "그의 논문은 짧았다")
    }
}

/// Dots after words, on a line drawn with bars: a syllable is a block of ink 30 px tall.
@Suite struct TrailingDotTests {
    static let width = 200, height = 60

    /// Ink (0) on paper (240) in each rectangle (columns, rows).
    func image(_ blocks: [(Range<Int>, Range<Int>)]) -> GrayImage {
        var pixels = [UInt8](repeating: 240, count: Self.width * Self.height)
        for (columns, rows) in blocks {
            for y in rows { for x in columns { pixels[y * Self.width + x] = 0 } }
        }
        return GrayImage(width: Self.width, height: Self.height, bytesPerLine: Self.width, pixels: pixels)
    }

    let word = PixelRect(x: 20, y: 10, width: 62, height: 30)
    let syllables = [(20..<48, 10..<40), (54..<82, 10..<40)]

    @Test func aDotAtTheFootOfTheLineAfterTheWordIsFound() {
        let dot = TrailingDot.box(after: word, before: 150, in: image(syllables + [(86..<92, 34..<40)]))
        #expect(dot == PixelRect(x: 86, y: 34, width: 6, height: 6))
    }

    @Test func marksHigherOnTheLineOrPastTheNextWordAreNoDots() {
        // A middle dot, a hyphen.
        #expect(TrailingDot.box(after: word, before: 150, in: image(syllables + [(86..<92, 22..<28)])) == nil)
        #expect(TrailingDot.box(after: word, before: 150, in: image(syllables + [(86..<96, 24..<27)])) == nil)
        // The next word's first syllable is where the dot would be.
        #expect(TrailingDot.box(after: word, before: 86, in: image(syllables + [(86..<92, 34..<40)])) == nil)
        // A wide last stroke low on the line is part of the syllable (ㅡ of 으).
        #expect(TrailingDot.box(after: word, before: 150, in: image(syllables + [(86..<112, 34..<40)])) == nil)
        // A speck of the photo.
        #expect(TrailingDot.box(after: word, before: 150, in: image(syllables + [(86..<87, 36..<37)])) == nil)
    }
}

/// Quote marks on a line drawn with bars: ticks 3 px wide and 10 px tall.
@Suite struct DoubleQuoteTests {
    static let width = 120, height = 40

    func pieces(_ text: String, ticks: [Range<Int>], read: (inout [OCRPiece], InkPage) -> Void) -> [String] {
        var pixels = [UInt8](repeating: 240, count: Self.width * Self.height)
        // The mark, then a syllable after it.
        for columns in ticks + [(60..<90)] {
            for y in 10..<(columns.count > 3 ? 40 : 20) { for x in columns { pixels[y * Self.width + x] = 0 } }
        }
        var pieces = [OCRPiece(text: text, box: PixelRect(x: 50, y: 10, width: 9, height: 10), confidence: 50, line: 0),
                      OCRPiece(text: "외", box: PixelRect(x: 60, y: 10, width: 30, height: 30), confidence: 93, line: 0)]
        pixels.withUnsafeBufferPointer { gray in
            read(&pieces, InkPage(gray: gray.baseAddress!, width: Self.width, height: Self.height, bytesPerLine: Self.width))
        }
        return pieces.map(\.text)
    }

    @Test func aSingleQuoteWhoseBoxHoldsTwoTicksIsADoubleQuote() {
        #expect(pieces("'", ticks: [50..<53, 56..<59], read: OCREngine.restoreDoubleQuotes) == ["\"", "외"])
        #expect(pieces("\u{2018}", ticks: [50..<53, 56..<59], read: OCREngine.restoreDoubleQuotes) == ["\u{201C}", "외"])
    }

    @Test func aSingleQuoteWithOneTickStaysSingle() {
        #expect(pieces("'", ticks: [53..<56], read: OCREngine.restoreDoubleQuotes) == ["'", "외"])
    }
}
