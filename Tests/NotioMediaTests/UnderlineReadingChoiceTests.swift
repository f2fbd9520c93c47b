import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// Which readings of an underline `PhotoReader.underline` looks at again, and which it keeps.
struct UnderlineReadingChoiceTests {
    private func result(_ confidences: [Double]) -> UnderlineResult {
        UnderlineResult(text: "", words: confidences.map {
            OCRWord(text: "말", box: PixelRect(x: 0, y: 0, width: 10, height: 10), confidence: $0, line: 0)
        }, imageWidth: 10, imageHeight: 10)
    }

    @Test func onlyAnUnsureReadingIsReadAgain() {
        #expect(!PhotoReader.isUnsure(result([96, 93, 91])))
        #expect(PhotoReader.isUnsure(result([96, 93, 65])))
        #expect(!PhotoReader.isUnsure(result([])))
    }

    /// The whole photo is read only for a band reading far below the sure ones.
    @Test func onlyADoubtfulReadingIsReadOnTheWholePhoto() {
        #expect(!PhotoReader.isDoubtful(result([96, 93, 65])))
        #expect(PhotoReader.isDoubtful(result([33, 53])))
        #expect(!PhotoReader.isDoubtful(result([])))
    }

    /// The surer reading is kept, whatever its count of words: a misread splits words.
    @Test func theSurerReadingIsKept() {
        #expect(PhotoReader.isSurer(result([96, 96]), than: result([33, 53])))
        #expect(PhotoReader.isSurer(result([96, 91, 88, 94]), than: result([91, 66, 88, 88, 94])))
        #expect(!PhotoReader.isSurer(result([60, 60]), than: result([65, 65])))
    }
}
