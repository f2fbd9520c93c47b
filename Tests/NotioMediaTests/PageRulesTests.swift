import Testing
@testable import NotioMediaEngine

/// Ruled lines whitened before a scanned page is read, on drawn pages (300 dpi, ink 0 on paper
/// 255): the scans themselves are read in `ScanTests`.
@Suite struct PageRulesTests {
    /// A link's border drawn tight around a bold word: the rules run from column 20 to 300 on
    /// rows 20–23 and 60–63, the sides on columns 20–23 and 297–300. Inside, a letter's stem
    /// (columns 40–46) touches both rules, one (columns 80–85) stands on the bottom rule, and a
    /// descender (columns 150–155) crosses it.
    func framedWord() -> GrayImage {
        let width = 340, height = 90
        var pixels = [UInt8](repeating: 255, count: width * height)
        func fill(_ columns: Range<Int>, _ rows: Range<Int>) {
            for y in rows { for x in columns { pixels[y * width + x] = 0 } }
        }
        fill(20..<301, 20..<24); fill(20..<301, 60..<64)
        fill(20..<24, 20..<64); fill(297..<301, 20..<64)
        fill(40..<47, 24..<60); fill(47..<60, 54..<60)
        fill(80..<86, 36..<60)
        fill(150..<156, 40..<76)
        return GrayImage(width: width, height: height, bytesPerLine: width, pixels: pixels)
    }

    @Test func aBorderTouchingItsWordGoesAndTheLettersStay() {
        var image = framedWord()
        PageRules.whiten(&image, dpi: 300)
        func ink(_ x: Int, _ y: Int) -> Bool { image.pixels[y * image.width + x] < 128 }
        // The rules and the sides go, also under and over the letters that touch them.
        #expect(!ink(120, 21) && !ink(120, 62) && !ink(21, 40) && !ink(298, 40))
        #expect(!ink(82, 62) && !ink(43, 62) && !ink(43, 21))
        // The letters stay: a stem that the frame touches at both ends is no side of it.
        #expect(ink(43, 40) && ink(82, 45) && ink(55, 57))
        // A stroke that crosses a rule keeps its ink where it crosses.
        #expect(ink(152, 62) && ink(152, 70))
    }
}
