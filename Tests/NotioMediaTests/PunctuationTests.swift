import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// Punctuation at the edges of words, which the Hangul model, the English re-read and the
/// selection each could drop, on pages set by pango in the book font and read by tesseract.
@Suite struct PunctuationTests {
    /// A closing parenthesis between a company's name and the particle after it: the English
    /// re-read of the name stops its reading at the last letter, where the particle's ink is
    /// often read as marks.
    @Test func aClosingBracketBetweenAForeignWordAndItsParticleStays() throws {
        let picture = PhotoFixtures.text(["OpenGL은 SGI(Silicon Graphics Inc)에서 처음 개발한 3D 그래픽 언어입니다."])
        let path = try PhotoFixtures.file(picture.file, named: "page.png")
        let page = try PhotoReader(engine: try OCREngine()).words(inImageAt: path, limits: PhotoLimits())
        let texts = page.words.map(\.text)
        #expect(texts.contains("Inc)에서"), "\(texts)")
    }
}
