import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

private let pagesTool = TestFiles.root.appendingPathComponent(".build/debug/notio-testpages").path

/// The second read of a band the Hangul model was unsure of (`PhotoReader.underline`), on a page
/// of `notio-testpages` where the first read fails.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: pagesTool), "run swift build before swift test"))
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
        let (directory, span) = try generatedPage(seed: seed, page: page, variant: variant)
        let name = String(format: "p%03d-%@", page, variant)
        let strokes = try Stroke.parseList(json: Data(contentsOf: directory.appendingPathComponent("\(name).strokes.json")))
        let result = try PhotoReader(engine: try OCREngine()).underline(
            inImageAt: directory.appendingPathComponent("\(name).jpg").path, strokes: strokes, limits: PhotoLimits())
        #expect(result.text == span)
    }

    /// Pages 0 to `page` of `notio-testpages` for `seed` in one variant; the folder and the
    /// truth of page `page`'s span.
    private func generatedPage(seed: Int, page: Int, variant: String) throws -> (URL, String) {
        let directory = try TestFiles.temporaryDirectory()
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: pagesTool)
        tool.arguments = ["generate", "--out", directory.path, "--seed", String(seed), "--count", String(page + 1), "--variants", variant]
        tool.standardOutput = FileHandle.nullDevice
        try tool.run()
        tool.waitUntilExit()
        let name = String(format: "p%03d-%@", page, variant)
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("\(name).truth.json"))) as? [String: Any]
        return (directory, try #require(truth?["span"] as? String))
    }
}
