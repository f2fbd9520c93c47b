import Foundation
import Testing
@testable import NotioMediaEngine

struct LineGapsTests {
    /// Paper 1,000 wide and 200 tall with lines of ink (a third of the columns between 100
    /// and 900, as letters ink them) on the rows of `lines`.
    func page(lines: [Range<Int>]) -> GrayImage {
        var pixels = [UInt8](repeating: 235, count: 1000 * 200)
        for line in lines {
            for y in line { for x in stride(from: 100, to: 900, by: 3) { pixels[y * 1000 + x] = 40 } }
        }
        return GrayImage(width: 1000, height: 200, bytesPerLine: 1000, pixels: pixels)
    }

    @Test func anEdgeThatCutsALineMovesPastIt() {
        // Lines at 20..<40, 60..<80, 100..<120, 140..<160; a band from the middle of the first
        // to the middle of the third.
        let gray = page(lines: [20..<40, 60..<80, 100..<120, 140..<160])
        let band = LineGaps.widened(30..<110, in: gray, reach: 30, margin: 6)
        // From 6 rows above the first paper row over the first line, to 6 below the first
        // under the third.
        #expect(band == 13..<127)
    }

    @Test func anEdgeInAGapSettlesAMarginFromTheLetters() {
        let gray = page(lines: [20..<40, 60..<80, 100..<120])
        // Edges deep in the paper between lines: a margin from the letters they face.
        #expect(LineGaps.widened(45..<90, in: gray, reach: 30, margin: 6) == 53..<87)
        // A gap narrower than twice the margin (rows 40...43): its middle.
        let tight = page(lines: [20..<40, 44..<60])
        #expect(LineGaps.widened(50..<100, in: tight, reach: 30, margin: 6).lowerBound == 41)
    }

    @Test func anEdgeWithoutAGapWithinReachStays() {
        // A picture: ink on every row from 0 to 150.
        let gray = page(lines: [0..<150])
        #expect(LineGaps.widened(40..<100, in: gray, reach: 30, margin: 6) == 40..<100)
        // The image's own edges stay where they are.
        #expect(LineGaps.widened(0..<200, in: page(lines: [20..<40]), reach: 30, margin: 6) == 0..<200)
    }

    @Test func aBottomEdgeThatCutsALineMovesAboveIt() {
        let gray = page(lines: [20..<40, 60..<80, 100..<120])
        // The edge cuts the third line, the stroke is under the second (row 84): the band ends
        // 6 rows under the stroke's row, the gap above it being the stroke's own.
        #expect(LineGaps.narrowedBottom(10..<110, in: gray, above: 84, margin: 6) == 10..<92)
        // Where the lowest stroke point is in the cut line itself, the edge stays.
        #expect(LineGaps.narrowedBottom(10..<110, in: gray, above: 101, margin: 6) == 10..<110)
        // No gap at all (a picture): it stays.
        #expect(LineGaps.narrowedBottom(10..<110, in: page(lines: [0..<150]), above: 50, margin: 6) == 10..<110)
    }

    @Test func specksAndShadowsAreNotInk() {
        var gray = page(lines: [])
        // A speck of dust, and paper a lamp left darker on one side (the row's median is the paper).
        gray.pixels[50 * 1000 + 20] = 0
        for x in 0..<400 { gray.pixels[70 * 1000 + x] = 200 }
        #expect(LineGaps.isBlank(50, in: gray) && LineGaps.isBlank(70, in: gray))
        #expect(!LineGaps.isBlank(30, in: page(lines: [20..<40])))
    }
}
