import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// The rules a document page's reading follows after the Hangul model, on drawn ink and made-up
/// pieces (no Tesseract): the scans themselves are read in `ScanTests`.
@Suite struct DocumentPageReadingTests {
    func piece(_ text: String, x: Int, width: Int, line: Int = 0) -> OCRPiece {
        OCRPiece(text: text, box: PixelRect(x: x, y: 10, width: width, height: 40), confidence: 80, line: line)
    }

    @Test func lettersReadForLookalikeDigitsWin() {
        #expect(OCREngine.spellsLookalikes(".log", of: ".108"))
        #expect(OCREngine.spellsLookalikes("ilg", of: "118"))
        // A number read as a number, or letters of another shape, are no such case.
        #expect(!OCREngine.spellsLookalikes("108", of: "108"))
        #expect(!OCREngine.spellsLookalikes("ins", of: "108"))
        #expect(!OCREngine.spellsLookalikes("l2", of: "12"))
    }

    @Test func lettersWinOverADigitTooNarrowForItsInk() {
        // LaTeX's logo, 2.3 em wide, read "6" by the Hangul model; a real 6 is half an em.
        #expect(OCREngine.lettersWin("IATEX", over: "6", syllableHeight: 40, inkWidth: 100))
        #expect(!OCREngine.lettersWin("IATEX", over: "6", syllableHeight: 40, inkWidth: 24))
        #expect(!OCREngine.lettersWin("x", over: "6", syllableHeight: 40, inkWidth: 100))
        #expect(OCREngine.lettersWin(".log", over: ".108", syllableHeight: 40, inkWidth: 60))
    }

    @Test func plainTokensOfLettersAndDigitsAreKnown() {
        #expect(OCREngine.isLettersAndDigits("a4paper,"))
        #expect(OCREngine.isLettersAndDigits("11pt"))
        #expect(!OCREngine.isLettersAndDigits("letterpaper"))
        #expect(!OCREngine.isLettersAndDigits("108"))
        #expect(!OCREngine.isLettersAndDigits("7X") && !OCREngine.isLettersAndDigits(".10t"))
        #expect(!OCREngine.isLettersAndDigits("1ㄷa※"))
    }

    @Test func aReReadStopsWhereTheNextWordStarts() {
        #expect(OCREngine.clipped(100..<400, before: 320) == 100..<320)
        #expect(OCREngine.clipped(100..<400, before: nil) == 100..<400)
        // A next word that starts after the columns, or before them, changes nothing.
        #expect(OCREngine.clipped(100..<400, before: 420) == 100..<400)
        #expect(OCREngine.clipped(100..<400, before: 90) == 100..<400)
    }

    @Test func aKoreanWordBoxedWiderThanItsSyllablesHasUnreadInk() {
        // "LATEX은" read as 은 alone, boxed over the logo: 145 px for one syllable of 41 px.
        let wide = [piece("한다.", x: 100, width: 90), piece("은", x: 355, width: 145), piece("세", x: 520, width: 40)]
        #expect(OCREngine.unreadColumns(of: 1, in: wide, syllableHeight: 41) == 355..<500)
        // The box of a word whose first syllable's box spans the word, overlapped by the others.
        let spanning = [piece("폰", x: 676, width: 113), piece("트", x: 727, width: 38), piece("의", x: 764, width: 26)]
        #expect(OCREngine.unreadColumns(of: 0, in: spanning, syllableHeight: 40) == nil)
        // Two syllables in their own width.
        #expect(OCREngine.unreadColumns(of: 0, in: [piece("기본", x: 588, width: 90)], syllableHeight: 40) == nil)
    }

    @Test func theVowelJamoAloneIsADash() {
        #expect(OCREngine.isReadDash("\u{1173}"))
        #expect(OCREngine.isReadDash("-\u{1173}-"))
        #expect(OCREngine.isReadDash("ㅡ"))
        #expect(!OCREngine.isReadDash("-"))
        #expect(!OCREngine.isReadDash("\u{1173}가"))
    }

    /// A page 200 px wide with shapes drawn in ink (0) on paper (235).
    func isBullet(_ draw: (Int, Int) -> Bool, box: PixelRect) -> Bool {
        let width = 200, height = 100
        var pixels = [UInt8](repeating: 235, count: width * height)
        for y in 0..<height { for x in 0..<width where draw(x, y) { pixels[y * width + x] = 0 } }
        return pixels.withUnsafeBufferPointer { gray in
            OCREngine.isBullet(box, syllableHeight: 40, page: InkPage(gray: gray.baseAddress!, width: width, height: height, bytesPerLine: width))
        }
    }

    @Test func aBulletIsASmallFilledDisc() {
        let box = PixelRect(x: 40, y: 40, width: 20, height: 20)
        func distance(_ x: Int, _ y: Int) -> Double { Double((x - 50) * (x - 50) + (y - 50) * (y - 50)).squareRoot() }
        #expect(isBullet({ distance($0, $1) <= 8 }, box: box))
        // A ring (ㅇ, °, o), a period and a dash are not.
        #expect(!isBullet({ (5...8).contains(distance($0, $1)) }, box: box))
        #expect(!isBullet({ distance($0, $1) <= 2.5 }, box: box))
        #expect(!isBullet({ (40..<60).contains($0) && (48..<52).contains($1) }, box: box))
    }

    @Test func aReadingOfATeXLogoWithItsShiftedLettersMisreadIsTheLogo() {
        #expect(OCREngine.logo(reading: "TpX") == "TEX")
        #expect(OCREngine.logo(reading: "IATRX") == "LATEX")
        #expect(OCREngine.logo(reading: "LuaTpx") == "LuaTEX")
        // Of LATEX and XETEX, as near, the one that begins as read; small capitals stay.
        #expect(OCREngine.logo(reading: "Xalex") == "XETEX")
        #expect(OCREngine.logo(reading: "PDFEATEX") == "PDFLATEX")
        #expect(OCREngine.logo(reading: "LualsTex") == "LuaLATEX")
        // Of ko.TEX and LuaTEX, as near, the one with more letters in common.
        #expect(OCREngine.logo(reading: "lkoTEX") == "ko.TEX")
        // A logo read with its E in small letters is that logo, not a longer one.
        #expect(OCREngine.logo(reading: "TeX") == "TEX")
        #expect(OCREngine.logo(reading: "LATEX") == "LATEX")
        // A name that holds a logo whole is another name.
        #expect(OCREngine.logo(reading: "HLATEX") == nil)
        // Words further off, or short ones two letters off, are no logos.
        #expect(OCREngine.logo(reading: "kotexutf") == nil)
        #expect(OCREngine.logo(reading: "box") == nil)
        #expect(OCREngine.logo(reading: "Apex") == nil)
    }

    /// A page 120 px wide with three letters drawn as blocks (T, E, X), the middle one set
    /// `lowered` px below the line, and one piece read over them.
    func restoredLogo(_ read: String, lowered: Int) -> String {
        let width = 120, height = 100
        var pixels = [UInt8](repeating: 235, count: width * height)
        for (columns, top) in [(10..<30, 20), (35..<55, 20 + lowered), (60..<80, 20)] {
            for y in top..<(top + 40) { for x in columns { pixels[y * width + x] = 0 } }
        }
        var pieces = [OCRPiece(text: read, box: PixelRect(x: 10, y: 20, width: 70, height: 40 + lowered), confidence: 80, line: 0)]
        pixels.withUnsafeBufferPointer { gray in
            OCREngine.restoreLogos(&pieces, page: InkPage(gray: gray.baseAddress!, width: width, height: height, bytesPerLine: width))
        }
        return pieces[0].text
    }

    @Test func aLogoIsPutBackOnlyWhereALetterIsSetBelowTheLine() {
        #expect(restoredLogo("TpX", lowered: 12) == "TEX")
        #expect(restoredLogo("(TpX,", lowered: 12) == "(TEX,")
        // Letters that all stand on the line, or a word read in small letters, stay as read.
        #expect(restoredLogo("TpX", lowered: 0) == "TpX")
        #expect(restoredLogo("text", lowered: 12) == "text")
    }

    /// A line 300 px wide: a disc at columns 40–60 (or a block, a letter's stem), a Latin word
    /// drawn as a block from column 90 to 200, and a syllable; the Hangul model's first piece
    /// runs from the disc to the word's end.
    func splitBullet(disc: Bool, read: String = " nsecjktifont]") -> [OCRPiece] {
        let width = 300, height = 100
        var pixels = [UInt8](repeating: 235, count: width * height)
        func distance(_ x: Int, _ y: Int) -> Double { Double((x - 50) * (x - 50) + (y - 50) * (y - 50)).squareRoot() }
        for y in 0..<height {
            for x in 0..<width where (disc ? distance(x, y) <= 8 : (44..<56).contains(x) && (32..<70).contains(y))
                || (90..<200).contains(x) && (32..<70).contains(y) || (230..<268).contains(x) && (31..<71).contains(y) {
                pixels[y * width + x] = 0
            }
        }
        var pieces = [OCRPiece(text: read, box: PixelRect(x: 42, y: 30, width: 158, height: 41), confidence: 0, line: 0),
                      OCRPiece(text: "옵", box: PixelRect(x: 230, y: 31, width: 38, height: 40), confidence: 90, line: 0)]
        pixels.withUnsafeBufferPointer { gray in
            OCREngine.splitLeadingBullets(&pieces, page: InkPage(gray: gray.baseAddress!, width: width, height: height, bytesPerLine: width))
        }
        return pieces
    }

    @Test func aBulletReadIntoTheLatinWordAfterItBecomesAPieceOfItsOwn() {
        let pieces = splitBullet(disc: true)
        #expect(pieces.map(\.text) == ["•", "nsecjktifont]", "옵"])
        #expect(pieces[1].box.x == 90 && pieces[1].box.x + pieces[1].box.width == 200)
        #expect(pieces[0].box.x + pieces[0].box.width <= 60)
        // A letter's stem before a gap, or a piece with Hangul, is no bullet.
        #expect(splitBullet(disc: false).count == 2)
        #expect(splitBullet(disc: true, read: "옵션").count == 2)
    }

    @Test func anUnsureSyllableRunningOnIntoALatinWordIsReadWithIt() {
        func marked(_ first: OCRPiece, line text: String) -> Bool {
            var pieces = [first, piece("ve", x: 632, width: 50), piece("에선", x: 683, width: 62)]
            OCREngine.markUnsureSyllablesBeforeLatin(&pieces, lineTexts: [0: text])
            return pieces[0].isMisreadLatin && pieces[0].needsLatinReread
        }
        var unsure = piece("느", x: 609, width: 21)
        unsure.confidence = 0
        #expect(marked(unsure, line: "느ve에선"))
        // A syllable read surely, or a word of its own before the Latin one, stays Korean.
        #expect(!marked(piece("느", x: 609, width: 21), line: "느ve에선"))
        #expect(!marked(unsure, line: "느 ve에선"))
    }
}
