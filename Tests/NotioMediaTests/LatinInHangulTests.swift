import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// Latin words inside Korean lines on photographed pages: what the Hangul model makes of their
/// letters, and of the Korean word after them, and how the English re-read puts it right. Each
/// case is a page (seed, index, variant) on which the underlined span, holding the fragment, came
/// out wrong without the rule named.
@Suite(.serialized)
struct LatinInHangulTests {
    /// Pages of the Pillow renderer (`TiltedPages`).
    static let drawnPages: [(Int, Int, String, String)] = [
        // A capital standing alone: the Hangul model reads the W of "예를 들어 W 와 a" as "\"
        // (confidence 82–93; `OCRPiece.letterLookalikes`).
        (3, 0, "flat", "W 와"),
        // The same W read "\w", which the Hangul model's own word split joined to 와 ("\w와"), a
        // word space (15 px) after it: taken as one word, the W came with 와
        // (`EojeolMerger.isSpacedAfterLatin`).
        (4, 4, "tilt+2", "와 a"),
        // Marks after the particle: the box of "LibreOffice" runs on over "은(는)", and with the
        // brackets counted as a syllable's ink the letters seemed to end inside 은, read "s"
        // (`OCREngine.particle`).
        (3, 1, "tilt+4", "LibreOffice은(는)"),
        // A capital read as a syllable: "Li" read 나 (confidence 0), the rest "breOffice"
        // (`readCapitalsReadAsSyllables`).
        (3, 1, "flat", "LibreOffice은(는)"),
        // An unsure re-read: the first SQL, read with a few rows of paper around it, came back
        // "Sor"; with more paper, "SQL" (`surerReading`).
        (3, 7, "tilt+4", "SQL "),
        // The word after a foreign word: after the letters of "Draw" the Hangul model read 문 as
        // 분 or "5" (confidence 27–58); alone, the word reads right (`rereadWordsAfterLatin`).
        (3, 4, "tilt+2", "Draw 문서에"),
        (2, 1, "tilt+4", "Draw 문서에서"),
        // An opening bracket between a foreign word and the Korean gloss after it, read by both
        // models but left out with the marks the English model makes of Korean ink
        // (`WordReading.bracketsBeforeParticle`).
        (5, 22, "flat", "Embedding(개체"),
        // An end inside the last letter: the em grid put one end of "Calc에서는" inside the c,
        // read "Cal" (96) over "Calc" (88); read back from there, the particle begins with what
        // is left of the c ("<에서는"), not with 에 (`OCREngine.particleBegins`).
        (1, 16, "tilt-4", "Calc에서는"),
        (4, 6, "tilt+4", "LibreOffice에서"),
        // A word split by the English model where a capital follows: "Libre Office" for the ink
        // of LibreOffice, which has no word space (`ScriptBoundary.hasWordSpace`).
        (4, 6, "flat", "LibreOffice에서"),
    ]

    /// Pages of `notio-testpages`.
    static let generatedPages: [(Int, Int, String, String)] = [
        // One digit on ink wider than a figure: the Hangul model boxed the e of "Le" alone and
        // read it "2" (confidence 0–36; `OCREngine.hasLetterProportions`).
        (3, 10, "jpeg", "Le Monde를"),
        // A small mark on ink as tall as letters: the same "Le", turned, read "." (confidence 0;
        // `OCREngine.markMarksOfLetterHeight`).
        (3, 10, "rotate", "Le Monde를"),
        // A word not seen at all: turned 4°, "Le" has no piece, only a gap of 71 px between the
        // boxes of 뒤에서 and Monde (`OCREngine.readUnseenWords`).
        (3, 10, "tilt-4", "Le Monde를"),
        // A particle read twice: "Amsterdam" boxed over 의, and 의 read once more as a word of
        // its own (confidence 0) on the ink the English re-read took as the particle.
        (3, 9, "blur", "Amsterdam의"),
        // A foreign word split in two: "Py" and "t601" for Python, the first re-read "Pyth", the
        // second, widened over the ink before it, "Python".
        (1, 9, "mild", "학생은 Python"),
        // A somewhat unsure word after a foreign word: 카 of "Nikon 카메라로" read 가 (88).
        (2, 3, "tilt+4", "Nikon 카메라로"),
    ]

    @Test(.enabled(if: TiltedPages.haveRenderer, "needs python3 with Pillow: scripts/deps.sh test"), arguments: drawnPages)
    func theSpanOfADrawnPageIsRead(seed: Int, index: Int, variant: String, fragment: String) throws {
        let (page, strokes, path) = try TiltedPages.page(seed: seed, index: index, variant: variant)
        try expectSpan(page.span, holding: fragment, strokes: strokes, path: path)
    }

    @Test(.enabled(if: GeneratedPages.haveTool, "run swift build before swift test"), arguments: generatedPages)
    func theSpanOfAGeneratedPageIsRead(seed: Int, index: Int, variant: String, fragment: String) throws {
        let (span, strokes, path) = try GeneratedPages.page(seed: seed, index: index, variant: variant)
        try expectSpan(span, holding: fragment, strokes: strokes, path: path)
    }

    func expectSpan(_ span: String, holding fragment: String, strokes: [Stroke], path: String) throws {
        try #require(span.contains(fragment))
        let result = try PhotoReader(engine: try OCREngine()).underline(inImageAt: path, strokes: strokes, limits: PhotoLimits())
        #expect(result.text == span)
    }

    /// A figure is about half an em wide and as tall as a capital: syllables 38 px tall make an
    /// em of 42 px, a figure about 21 × 26 px.
    @Test func lettersAreToldFromAFigureByTheirInk() {
        func reading(_ text: String) -> WordReading { WordReading(text: text, confidence: 90) }
        #expect(OCREngine.hasLetterProportions(reading("Le"), inkWidth: 41, inkHeight: 29, syllableHeight: 38))
        #expect(!OCREngine.hasLetterProportions(reading("Le"), inkWidth: 22, inkHeight: 29, syllableHeight: 38))
        // "a" read "3": a small letter is about half a syllable tall.
        #expect(OCREngine.hasLetterProportions(reading("a"), inkWidth: 11, inkHeight: 19, syllableHeight: 38))
        #expect(!OCREngine.hasLetterProportions(reading("a"), inkWidth: 15, inkHeight: 27, syllableHeight: 38))
        #expect(!OCREngine.hasLetterProportions(reading("l"), inkWidth: 8, inkHeight: 19, syllableHeight: 38))
    }
}
