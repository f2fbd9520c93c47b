import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// Pages drawn and photographed by the second renderer (scripts/render_tilted_pages.py: Pillow,
/// its own fonts, text, margins and warp), not by notio-testpages, so that straightening is
/// checked on a drawing it was not written against.
enum TiltedPages {
    struct Page: Decodable {
        var image: String
        var strokes: String
        var variant: String
        var span: String
        /// The strokes as drawn on the page, before the photo turned them.
        var pageStrokes: [[StrokePoint]]
    }

    static let haveRenderer: Bool = {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", "import PIL"]
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }()

    /// Three pages (one stroke under one line, two strokes across a line break, one hooked
    /// stroke), each flat, turned 2° clockwise, 4° the other way and taken from one side.
    static let directory: URL? = {
        guard let directory = try? TestFiles.temporaryDirectory(),
              render(into: directory, ["--seed", "5", "--count", "3", "--variants", "flat,tilt+2,tilt-4,angled"]) else { return nil }
        return directory
    }()

    /// Runs the renderer with `arguments`, writing into `directory`; whether it succeeded.
    static func render(into directory: URL, _ arguments: [String]) -> Bool {
        let render = Process()
        render.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        render.arguments = ["python3", TestFiles.root.appendingPathComponent("scripts/render_tilted_pages.py").path,
                            "--out", directory.path] + arguments
        render.standardOutput = FileHandle.nullDevice
        guard (try? render.run()) != nil else { return false }
        render.waitUntilExit()
        return render.terminationStatus == 0
    }

    /// One page of the renderer, `index` of `seed`, photographed as `variant`, as the truth
    /// file describes it, with its strokes and the photo's path.
    static func page(seed: Int, index: Int, variant: String) throws -> (Page, [Stroke], String) {
        let directory = try TestFiles.temporaryDirectory()
        try #require(render(into: directory, ["--seed", "\(seed)", "--first", "\(index)", "--count", "1", "--variants", variant]),
                     "the renderer failed")
        return try load(String(format: "q%03d-%@", index, variant), in: directory)
    }

    /// The page `name` in `directory`: its truth file, its strokes and the photo's path.
    static func load(_ name: String, in directory: URL) throws -> (Page, [Stroke], String) {
        let page = try JSONDecoder().decode(Page.self, from: Data(contentsOf: directory.appendingPathComponent(name + ".truth.json")))
        let strokes = try Stroke.parseList(json: Data(contentsOf: directory.appendingPathComponent(page.strokes)))
        return (page, strokes, directory.appendingPathComponent(page.image).path)
    }

    static func pages(_ variant: String) throws -> [(Page, [Stroke], String)] {
        let directory = try #require(directory, "the renderer failed")
        return try (0..<3).map { try load(String(format: "q%03d-%@", $0, variant), in: directory) }
    }
}

@Suite(.serialized, .enabled(if: TiltedPages.haveRenderer, "needs python3 with Pillow: scripts/deps.sh test"))
struct TiltedPhotoTests {
    @Test(arguments: ["tilt+2", "tilt-4", "angled"])
    func theUnderlinedSpanComesOutOfATiltedPhoto(variant: String) throws {
        let reader = PhotoReader(engine: try OCREngine())
        for (page, strokes, path) in try TiltedPages.pages(variant) {
            let result = try reader.underline(inImageAt: path, strokes: strokes, limits: PhotoLimits())
            #expect(result.text.split(separator: " ").joined(separator: " ") == page.span, "\(page.image)")
            // The boxes are handed back on the photo as it was sent, not on the straightened page.
            #expect(result.words.allSatisfy { $0.box.x >= 0 && $0.box.x + $0.box.width <= result.imageWidth })
        }
    }

    /// "LibreOffice에서는" on a page turned 4°: where the English word ends before the particle
    /// is found in the ink at two places; cut at the first, the English model reads
    /// "LibreOffic" (confidence 92), at the second "LibreOffice" (91). The whole word wins.
    @Test func aForeignWordBeforeAParticleKeepsItsLastLetter() throws {
        let (page, strokes, path) = try TiltedPages.page(seed: 2, index: 6, variant: "tilt+4")
        try #require(page.span.contains("LibreOffice에서는"))
        let result = try PhotoReader(engine: try OCREngine()).underline(inImageAt: path, strokes: strokes, limits: PhotoLimits())
        #expect(result.text == page.span)
    }

    /// Mapped by the same transform as the image, a stroke has the slant it had on the page
    /// (the finger's own, within ±1°), not the photo's; whatever the OCR reads.
    @Test(arguments: ["tilt+2", "tilt-4", "angled"])
    func strokesAreStraightenedWithThePage(variant: String) throws {
        for (page, strokes, path) in try TiltedPages.pages(variant) {
            let photo = try PhotoDecoder.decode(path: path, limits: PhotoLimits())
            // Not #require(measure(photo)): its message would print the photo's pixels.
            let measured = PageStraightening.measure(photo)
            try #require(measured != nil, "\(page.image) is measured as slanted")
            let straightening = measured!
            for (index, straight) in straightening.straightened(strokes).enumerated() {
                let drawn = Self.degrees(page.pageStrokes[index]), onPhoto = Self.degrees(strokes[index].points)
                if variant != "angled" { #expect(abs(onPhoto - drawn) > 1.5, "\(page.image): the photo turns the stroke") }
                #expect(abs(Self.degrees(straight.points) - drawn) < 0.4, "\(page.image): \(drawn)° drawn, \(onPhoto)° on the photo")
            }
        }
    }

    /// The least-squares slant of a stroke's first rightward stretch (a hooked stroke then
    /// sweeps back to the next line), in degrees.
    static func degrees(_ points: [StrokePoint]) -> Double {
        var run = [points[0]]
        for point in points.dropFirst() {
            guard point.x > run[run.count - 1].x - 1 else { break }
            run.append(point)
        }
        let meanX = run.map(\.x).reduce(0, +) / Double(run.count), meanY = run.map(\.y).reduce(0, +) / Double(run.count)
        let covariance = run.reduce(0) { $0 + ($1.x - meanX) * ($1.y - meanY) }
        let variance = run.reduce(0) { $0 + ($1.x - meanX) * ($1.x - meanX) }
        return atan(covariance / variance) * 180 / .pi
    }

    @Test func aPagePhotographedSquareIsReadAsItIs() throws {
        for (page, _, path) in try TiltedPages.pages("flat") {
            let photo = try PhotoDecoder.decode(path: path, limits: PhotoLimits())
            let measured = PageStraightening.measure(photo)
            #expect(measured == nil, "\(page.image)")
        }
    }
}
