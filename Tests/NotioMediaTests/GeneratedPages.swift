import Foundation
import Testing
@testable import NotioMedia

/// Pages of `notio-testpages` (our generator), read from the command line tool that `swift build`
/// leaves beside the tests.
enum GeneratedPages {
    static let tool = TestFiles.root.appendingPathComponent(".build/debug/notio-testpages").path
    static var haveTool: Bool { FileManager.default.isExecutableFile(atPath: tool) }

    /// Page `index` of `seed` photographed as `variant`: its underlined span, its strokes and the
    /// photo's path. The generator writes pages from the first, so `index + 1` pages are made.
    static func page(seed: Int, index: Int, variant: String) throws -> (span: String, strokes: [Stroke], path: String) {
        let directory = try TestFiles.temporaryDirectory()
        let generate = Process()
        generate.executableURL = URL(fileURLWithPath: tool)
        generate.arguments = ["generate", "--out", directory.path, "--seed", "\(seed)", "--count", "\(index + 1)", "--variants", variant]
        generate.standardOutput = FileHandle.nullDevice
        try generate.run()
        generate.waitUntilExit()
        let name = String(format: "p%03d-%@", index, variant)
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent(name + ".truth.json"))) as? [String: Any]
        let span = try #require(truth?["span"] as? String)
        let image = try #require(truth?["image"] as? String)
        let strokes = try Stroke.parseList(json: Data(contentsOf: directory.appendingPathComponent(name + ".strokes.json")))
        return (span, strokes, directory.appendingPathComponent(image).path)
    }
}
