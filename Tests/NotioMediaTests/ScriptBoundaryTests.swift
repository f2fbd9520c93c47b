import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// A line drawn with bars: letters are narrow bars a little apart, a Hangul syllable is one em
/// of ink with a gap inside (의: ㅇ/ㅡ, then ㅣ).
@Suite struct ScriptBoundaryTests {
    static let em = 40, width = 400, height = 60

    /// Ink (0) on paper (240) in `columns`, rows 10..<46.
    func page(_ columns: [Range<Int>]) -> [UInt8] {
        var pixels = [UInt8](repeating: 240, count: Self.width * Self.height)
        for range in columns {
            for y in 10..<46 { for x in range { pixels[y * Self.width + x] = 0 } }
        }
        return pixels
    }

    /// Five letters 14 px wide, 4 px apart, from x = 40 to 126, then 의 from 130 to 166.
    let letters = stride(from: 40, to: 130, by: 18).map { $0..<($0 + 14) }
    let particle = [130..<152, 158..<166]

    @Test func findsWhereTheLettersEndBeforeAParticle() {
        let pixels = page(letters + particle)
        let end = pixels.withUnsafeBufferPointer { gray in
            ScriptBoundary.latinEnd(gray: gray.baseAddress!, bytesPerLine: Self.width, width: Self.width, height: Self.height,
                                    latin: PixelRect(x: 40, y: 10, width: 140, height: 36), right: 180,
                                    syllables: 1, syllableHeight: 36)
        }
        #expect(end == 126)
    }

    @Test func offersTheNextGapWhenTheParticleLeavesPaperAfterItsLastStroke() {
        // A narrow 의 ending at 154: one em before its end falls between the last two letters.
        let pixels = page(letters + [130..<146, 150..<155])
        let ends = pixels.withUnsafeBufferPointer { gray in
            ScriptBoundary.latinEnds(gray: gray.baseAddress!, bytesPerLine: Self.width, width: Self.width, height: Self.height,
                                     latin: PixelRect(x: 40, y: 10, width: 140, height: 36), right: 180,
                                     syllables: 1, syllableHeight: 36)
        }
        #expect(ends == [108, 126])
    }

    @Test func offersWhereALastLetterTouchingTheParticleJoinsIt() {
        // "f의": a wide last letter (112..<128) joined to a narrow 의 (131..<156) by a thin
        // stroke (rows 20..<23): no gap between them, and one em before the end falls in the f.
        var pixels = page(Array(letters.dropLast()) + [112..<128, 131..<147, 151..<156])
        for y in 20..<23 { for x in 128..<131 { pixels[y * Self.width + x] = 0 } }
        let ends = pixels.withUnsafeBufferPointer { gray in
            ScriptBoundary.latinEnds(gray: gray.baseAddress!, bytesPerLine: Self.width, width: Self.width, height: Self.height,
                                     latin: PixelRect(x: 40, y: 10, width: 140, height: 36), right: 180,
                                     syllables: 1, syllableHeight: 36)
        }
        #expect(ends == [108, 119, 128])
    }

    @Test func tellsLettersApartFromAWordSpace() {
        // Letters 4 px apart (a tenth of an em); a word space of 10 px (a quarter em).
        let oneWord = page(letters), twoWords = page([15..<30] + letters)
        func hasWordSpace(_ pixels: [UInt8], _ columns: Range<Int>) -> Bool {
            pixels.withUnsafeBufferPointer { gray in
                ScriptBoundary.hasWordSpace(gray: gray.baseAddress!, bytesPerLine: Self.width, height: Self.height,
                                            columns: columns, rows: 10..<46, syllableHeight: 36)
            }
        }
        #expect(!hasWordSpace(oneWord, 30..<140))
        #expect(hasWordSpace(twoWords, 10..<140))
    }

    @Test func widensABoxThatStartsInsideTheWordButNotIntoTheWordBefore() {
        // The word before ends at 30: a word space of 10 px (a quarter em) before the letters.
        let pixels = page([15..<30] + letters)
        let columns = pixels.withUnsafeBufferPointer { gray in
            ScriptBoundary.widened(64..<100, rows: 10..<46, extendLeft: true, extendRight: true,
                                   gray: gray.baseAddress!, bytesPerLine: Self.width, width: Self.width, height: Self.height,
                                   syllableHeight: 36)
        }
        #expect(columns == 40..<126)
    }
}

@Suite struct LatinRunTests {
    func piece(_ text: String, x: Int) -> OCRPiece {
        OCRPiece(text: text, box: PixelRect(x: x, y: 10, width: 20, height: 30), confidence: 80, line: 0)
    }

    @Test func joinsAForeignWordReadAsLettersAndSyllablesButNotItsParticle() {
        let pieces = [piece("그는", x: 0), piece("F", x: 60), piece("타", x: 80), piece("nstein", x: 100), piece("의", x: 120)]
        let joined = EojeolMerger.joiningLatinRuns(pieces, lineTexts: [0: "그는 F타nstein의"])
        #expect(joined.map(\.recognised) == ["그는", "F타nstein", "의"])
        #expect(joined[1].needsLatinReread)
        #expect(joined[1].box == PixelRect(x: 60, y: 10, width: 60, height: 30))
        #expect(EojeolMerger.words(joined, lineTexts: [0: "그는 F타nstein의"]) == [0..<1, 1..<3])
    }
}
