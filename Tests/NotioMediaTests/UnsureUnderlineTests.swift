import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// The second read of a band the Hangul model was unsure of (`PhotoReader.underline`), on a page
/// of `notio-testpages` where the first read fails.
@Suite(.enabled(if: GeneratedPages.haveTool, "run swift build before swift test"))
struct UnsureUnderlineTests {

    /// A page of `notio-testpages` whose first band reading fails, and what saves it:
    /// - page 14 of seed 2 taken from one side ("angled"), a hooked stroke under "끝없이 펼쳐졌다."
    ///   and on under "선생님은 칠판에". The band around it ends in the tops of the line below and
    ///   read "곰없이 결청저다. 성님은 칠핀에" (confidence 39–53); the band with whole lines reads it
    ///   right.
    /// - page 2 of seed 3 tilted by -4°, a stroke under "그는 한동안" on the first line. Both band
    ///   readings give "그들 안용안" or worse (33–53); the whole page reads it right.
    @Test(arguments: [(2, 14, "angled"), (3, 2, "tilt-4")])
    func anUnsureBandIsReadAgain(seed: Int, page: Int, variant: String) throws {
        let (span, strokes, path) = try GeneratedPages.page(seed: seed, index: page, variant: variant)
        let result = try PhotoReader(engine: try OCREngine()).underline(inImageAt: path, strokes: strokes, limits: PhotoLimits())
        #expect(result.text == span)
    }
}
