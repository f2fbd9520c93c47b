import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// The second read of a band the Hangul model was unsure of (`PhotoReader.underline`), on a page
/// of `notio-testpages` where the first read fails.
@Suite(.enabled(if: GeneratedPages.haveTool, "run swift build before swift test"))
struct UnsureUnderlineTests {

    /// Page 14 of seed 2 taken from one side ("angled"); a hooked stroke under "끝없이 펼쳐졌다."
    /// and on under "선생님은 칠판에". The band around it ends in the tops of the line below,
    /// and it read "곰없이 결청저다. 성님은 칠핀에" (confidence 39–53); the band with whole lines
    /// reads it right.
    @Test func aBandReadUnsurelyIsReadAgainWithWholeLines() throws {
        let (span, strokes, path) = try GeneratedPages.page(seed: 2, index: 14, variant: "angled")
        let result = try PhotoReader(engine: try OCREngine()).underline(inImageAt: path, strokes: strokes, limits: PhotoLimits())
        #expect(result.text == span)
    }

    @Test func onlyAnUnsureReadingIsReadAgain() {
        func result(_ confidences: [Double]) -> UnderlineResult {
            UnderlineResult(text: "", words: confidences.map {
                OCRWord(text: "말", box: PixelRect(x: 0, y: 0, width: 10, height: 10), confidence: $0, line: 0)
            }, imageWidth: 10, imageHeight: 10)
        }
        #expect(!PhotoReader.isUnsure(result([96, 93, 91])))
        #expect(PhotoReader.isUnsure(result([96, 93, 65])))
        #expect(!PhotoReader.isUnsure(result([])))
    }
}
