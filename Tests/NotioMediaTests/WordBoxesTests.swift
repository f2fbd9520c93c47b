import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

struct WordBoxesTests {
    /// White 100 × 100 with black rows `inked` across columns 10..<90.
    func image(inked rows: [Range<Int>]) -> GrayImage {
        var pixels = [UInt8](repeating: 250, count: 100 * 100)
        for range in rows {
            for y in range { for x in 10..<90 { pixels[y * 100 + x] = 20 } }
        }
        return GrayImage(width: 100, height: 100, bytesPerLine: 100, pixels: pixels)
    }

    @Test func aBoxIsTrimmedToItsLettersNotTheNextLines() {
        // Letters in rows 40..<60, the line below starting at 75: a box from 20 to 85.
        let gray = image(inked: [40..<60, 75..<100])
        let box = PixelRect(x: 5, y: 20, width: 90, height: 65)
        #expect(WordBoxes.tightened(box, in: gray) == PixelRect(x: 5, y: 40, width: 90, height: 20))
        // A dot above the letters, close by, stays with them.
        let dotted = image(inked: [36..<39, 42..<60])
        #expect(WordBoxes.tightened(PixelRect(x: 5, y: 30, width: 90, height: 40), in: dotted)
                == PixelRect(x: 5, y: 36, width: 90, height: 24))
        // Nothing clearly darker than the paper: left alone.
        #expect(WordBoxes.tightened(box, in: image(inked: [])) == box)
    }

    /// A word the model read in a blank word space is no word.
    @Test func onlyABoxWithInkHoldsAWord() {
        let gray = image(inked: [40..<60])
        #expect(WordBoxes.holdsInk(PixelRect(x: 20, y: 30, width: 30, height: 40), in: gray))
        #expect(!WordBoxes.holdsInk(PixelRect(x: 92, y: 30, width: 6, height: 40), in: gray))
        #expect(!WordBoxes.holdsInk(PixelRect(x: 20, y: 30, width: 0, height: 40), in: gray))
    }

    @Test func aBoxTallerThanItsLineIsCutToItsNeighbours() {
        let words = [
            OCRWord(text: "앞", box: PixelRect(x: 0, y: 100, width: 30, height: 30), confidence: 90, line: 0),
            OCRWord(text: "큰", box: PixelRect(x: 40, y: 90, width: 30, height: 70), confidence: 90, line: 0),
            OCRWord(text: "뒤", box: PixelRect(x: 80, y: 102, width: 30, height: 30), confidence: 90, line: 0),
            OCRWord(text: "혼자", box: PixelRect(x: 0, y: 200, width: 30, height: 70), confidence: 90, line: 1),
        ]
        let clipped = WordBoxes.clippedToTheirLines(words)
        // Neighbours span 101...131 on average; 15% of 30 px more on each side.
        #expect(clipped[1].box == PixelRect(x: 40, y: 96, width: 30, height: 40))
        #expect(clipped[0] == words[0] && clipped[2] == words[2] && clipped[3] == words[3])
    }
}

/// Marks the Hangul model reads in blank word spaces, on a page of `notio-testpages`.
@Suite(.enabled(if: GeneratedPages.haveTool, "run swift build before swift test"))
struct BlankWordSpaceTests {
    /// Page 8 of seed 5 turned by -2°: a justified line with wide word spaces, underlined from
    /// "마치" on to "좋아하는" on the next line. The model read "." at confidence 10 in the blank
    /// space after "생생하게", and the stroke took it in.
    @Test func aMarkReadInABlankWordSpaceIsNoWord() throws {
        let (span, strokes, path) = try GeneratedPages.page(seed: 5, index: 8, variant: "tilt-2")
        let result = try PhotoReader(engine: try OCREngine()).underline(inImageAt: path, strokes: strokes, limits: PhotoLimits())
        #expect(result.text == span)
    }
}
