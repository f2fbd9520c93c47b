import CGdkPixbuf
import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// Each stage a page photo goes through before it is read, on a photo of its kind: pages of the
/// Constitution set in a Myeongjo, a Batang and a Gothic face by the second renderer
/// (scripts/render_tilted_pages.py --text law, seed 1), photographed as phones take them.
@Suite(.serialized, .enabled(if: TiltedPages.haveRenderer, "needs python3 with Pillow and numpy, fonts-nanum, fonts-unfonts-core: scripts/deps.sh test"))
struct PhotoStagesTests {
    /// Page `index` of the law's pages, seed 1, photographed as `variant`.
    static func lawPage(_ index: Int, _ variant: String) throws -> (TiltedPages.Page, [Stroke], String) {
        let directory = try TestFiles.temporaryDirectory()
        try #require(TiltedPages.render(into: directory, ["--text", "law", "--seed", "1", "--first", "\(index)", "--count", "1",
                                                          "--variants", variant]), "the renderer failed")
        return try TiltedPages.load(String(format: "l%03d-%@", index, variant), in: directory)
    }

    /// A lamp's gradient, a vignette and a shadow band (the light multiplied by 0.45) whose edge
    /// crosses the underlined words: read as on flat paper once the light is evened out. Read
    /// as it was photographed, each of these spans came out wrong.
    @Test(arguments: [0, 5, 12])
    func aShadowBandReadsLikeFlatPaper(index: Int) throws {
        let (page, strokes, path) = try Self.lawPage(index, "light")
        let result = try PhotoReader(engine: try OCREngine()).underline(inImageAt: path, strokes: strokes, limits: PhotoLimits())
        #expect(result.text == page.span, "\(page.image)")
    }

    /// The page's geometry as a hand-held phone gives it, undone before the band around the
    /// stroke is cut (`PageStraightening`), the strokes moved with the page: turned 6° against
    /// the clock, taken from one side with the far edge 20% shorter, and bending and crowding
    /// towards the spine.
    @Test(arguments: [("tilt-6", 9), ("tilt-6", 12), ("angled20", 5), ("angled20", 13), ("curl", 3), ("curl", 2)])
    func aPageTurnedTakenFromOneSideOrCurledReadsLikeAFlatOne(variant: String, index: Int) throws {
        let (page, strokes, path) = try Self.lawPage(index, variant)
        let result = try PhotoReader(engine: try OCREngine()).underline(inImageAt: path, strokes: strokes, limits: PhotoLimits())
        #expect(result.text == page.span, "\(page.image)")
    }

    /// Lines that still bend once the page is straightened, flattened before the band around
    /// the stroke is cut (`PageFlattening`), the strokes moved with them: the spine's curl, a
    /// page taken from one side with its far edge 20% shorter, and all of a phone's faults at
    /// once. Read without it, each of these spans came out wrong ("위원희의", "@® 공고하여야",
    /// "국회에서 선줄하는").
    @Test(arguments: [("curl", 8), ("curl", 9), ("angled20", 1), ("at-once", 8), ("at-once", 10)])
    func bendingLinesAreFlattenedBeforeTheBandIsCut(variant: String, index: Int) throws {
        let (page, strokes, path) = try Self.lawPage(index, variant)
        let photo = try PhotoReader.decoded(path: path, limits: PhotoLimits())
        let (_, geometry) = PageGeometry.undone(photo)
        #expect(geometry.flattening != nil, "the lines were found level")
        let result = try PhotoReader(engine: try OCREngine()).underline(inImageAt: path, strokes: strokes, limits: PhotoLimits())
        #expect(result.text == page.span, "\(page.image)")
    }

    /// A page photographed square to it is not resampled: its lines are level already.
    @Test(arguments: [0, 6, 9])
    func levelLinesAreLeftAsTheyAre(index: Int) throws {
        let (_, _, path) = try Self.lawPage(index, "flat")
        let photo = try PhotoReader.decoded(path: path, limits: PhotoLimits())
        #expect(PageFlattening.measure(photo) == nil)
    }

    /// A circled clause number (②) is read as printed, not as the "@" the Hangul model makes of
    /// its ring (in the Batang face, whose pages hold the clause numbers of seed 1), flat and
    /// under uneven light.
    @Test(arguments: [("flat", 4), ("flat", 13), ("light", 9)])
    func aCircledClauseNumberReadsAsPrinted(variant: String, index: Int) throws {
        let (page, strokes, path) = try Self.lawPage(index, variant)
        #expect(page.span.unicodeScalars.contains { (0x2460...0x2473).contains($0.value) }, "the span holds a circled number")
        let result = try PhotoReader(engine: try OCREngine()).underline(inImageAt: path, strokes: strokes, limits: PhotoLimits())
        #expect(result.text == page.span, "\(page.image)")
    }

    /// A phone's 12 MP photo of the page (the law's page, flat, enlarged to 12 MP and saved as a
    /// JPEG, as a phone saves it): libjpeg reads it at half its size, and the span under the
    /// stroke (ending in "제81조") is read as on the photo the renderer drew.
    @Test(arguments: [6, 9])
    func aTwelveMegapixelPhotoIsReadAtHalfItsSize(index: Int) throws {
        let (page, strokes, path) = try Self.lawPage(index, "flat")
        let drawn = try #require(gdk_pixbuf_new_from_file(path, nil))
        defer { g_object_unref(UnsafeMutableRawPointer(drawn)) }
        let width = Double(gdk_pixbuf_get_width(drawn)), height = Double(gdk_pixbuf_get_height(drawn))
        let scale = (12e6 / (width * height)).squareRoot()
        let large = try #require(gdk_pixbuf_scale_simple(drawn, Int32(width * scale), Int32(height * scale), GDK_INTERP_BILINEAR))
        defer { g_object_unref(UnsafeMutableRawPointer(large)) }
        let largePath = try PhotoFixtures.file(PhotoFixtures.encode(large, format: "jpeg"), named: "phone.jpg")
        let largeWidth = Int(gdk_pixbuf_get_width(large)), largeHeight = Int(gdk_pixbuf_get_height(large))

        let photo = try PhotoDecoder.decode(path: largePath, limits: PhotoLimits())
        #expect((photo.width, photo.height) == (largeWidth, largeHeight))
        // Half its size, or 2,400 px on its long side where half is larger still.
        let half = (largeWidth + 1) / 2
        #expect(photo.gray.width == min(half, PhotoLimits().maxRecognitionSide))
        let enlarged = strokes.map { Stroke($0.points.map { StrokePoint(x: $0.x * scale, y: $0.y * scale) }) }
        let result = try PhotoReader(engine: try OCREngine()).underline(inImageAt: largePath, strokes: enlarged, limits: PhotoLimits())
        #expect(result.text == page.span, "\(page.image)")
    }

    /// The band read around a stroke ends above the next line where its bottom edge would cut
    /// it, with paper between, and the span is read exactly from it.
    @Test(arguments: [("flat", 6), ("flat", 9), ("curl", 3)])
    func theBandEndsAboveTheLineItsEdgeCuts(variant: String, index: Int) throws {
        let (page, strokes, path) = try Self.lawPage(index, variant)
        let photo = try PhotoReader.decoded(path: path, limits: PhotoLimits())
        let reach = try #require(PhotoReader.band(around: strokes, in: photo))
        #expect(!LineGaps.isBlank(reach.upperBound - 1, in: photo.gray), "the band's edge cuts a line")
        let band = PhotoReader.withoutCutLineBelow(reach, strokes: strokes, in: photo)
        #expect(band.upperBound < reach.upperBound && LineGaps.isBlank(band.upperBound - 1, in: photo.gray))
        let result = try PhotoReader(engine: try OCREngine()).underline(inImageAt: path, strokes: strokes, limits: PhotoLimits())
        #expect(result.text == page.span, "\(page.image)")
    }

    /// The paper's shading is divided out, the ink kept: paper in the shadow and in the light come
    /// out alike, and ink stays darker than either.
    @Test func evenedLightMakesShadowedPaperWhite() throws {
        let (_, _, path) = try Self.lawPage(0, "light")
        let photo = try PhotoDecoder.decode(path: path, limits: PhotoLimits())
        let evened = PageLight.evened(photo.gray)
        func paper(_ image: GrayImage) -> (darkest: Int, brightest: Int) {
            // The brightest pixel of each 64-pixel tile is paper; over the tiles, its range.
            var values: [Int] = []
            for top in stride(from: 0, to: image.height - 64, by: 64) {
                for left in stride(from: 0, to: image.width - 64, by: 64) {
                    var brightest = 0
                    for y in top..<(top + 64) { for x in left..<(left + 64) { brightest = max(brightest, Int(image.pixels[y * image.bytesPerLine + x])) } }
                    values.append(brightest)
                }
            }
            values.sort()
            return (values[values.count / 20], values[values.count - 1 - values.count / 20])
        }
        let before = paper(photo.gray), after = paper(evened)
        #expect(Double(before.darkest) / Double(before.brightest) < 0.7, "the photo is unevenly lit: \(before)")
        #expect(Double(after.darkest) / Double(after.brightest) > 0.9, "the evened page is not: \(after)")
    }

    /// Under even light the photo is read as it is: nothing to divide out.
    @Test func evenLightIsLeftAsItIs() throws {
        let (_, _, path) = try Self.lawPage(0, "flat")
        let photo = try PhotoDecoder.decode(path: path, limits: PhotoLimits())
        #expect(PageLight.evened(photo.gray).pixels == photo.gray.pixels)
    }
}
