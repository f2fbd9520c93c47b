import Foundation
import Testing
import CGdkPixbuf
import NotioCodecs
@testable import NotioApp

/// Underline capture through HTTP, on pages rendered by `notio-testpages` (real fonts, true
/// word boxes and strokes) and read by the real tesseract in the warm worker pool.
@Suite(.serialized) struct OCRAPITests {
    struct Page {
        var image: Data
        var strokes: String
        var span: String
        var kind: String
        var width: Int
        var height: Int
    }

    /// Five clean pages with seed 3, rendered once per run. The renderer runs on its own
    /// thread: waiting for a process on the tests' few cooperative threads would stall them all.
    static let rendering = Task<[Page], Never> {
        await withCheckedContinuation { done in
            Thread { done.resume(returning: render()) }.start()
        }
    }

    static func pages() async -> [Page] { await rendering.value }

    private static func render() -> [Page] {
        let dir = NSTemporaryDirectory() + "notio-ocr-pages-" + UUID().uuidString
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: TestServer.packageRoot + "/.build/debug/notio-testpages")
        tool.arguments = ["generate", "--out", dir, "--count", "5", "--variants", "clean", "--seed", "3"]
        tool.standardOutput = FileHandle.nullDevice
        try? tool.run()
        tool.waitUntilExit()
        return (0..<5).compactMap { i in
            let base = "\(dir)/p00\(i)-clean"
            guard let image = FileManager.default.contents(atPath: base + ".png"),
                  let strokes = FileManager.default.contents(atPath: base + ".strokes.json"),
                  let truth = FileManager.default.contents(atPath: base + ".truth.json"),
                  let t = try? JSONSerialization.jsonObject(with: truth) as? [String: Any] else { return nil }
            return Page(image: image, strokes: String(decoding: strokes, as: UTF8.self), span: t["span"] as? String ?? "",
                        kind: t["strokeKind"] as? String ?? "", width: t["imageWidth"] as? Int ?? 0, height: t["imageHeight"] as? Int ?? 0)
        }
    }

    /// Letters only (Hangul and Latin): the comparison ignores spacing, digits and punctuation,
    /// where OCR differences are not about which words were underlined.
    static func letters(_ s: String) -> String {
        String(s.unicodeScalars.filter { (0xAC00...0xD7A3).contains($0.value) || ("a"..."z").contains($0) || ("A"..."Z").contains($0) }.map(Character.init))
    }

    func underline(_ c: Client, _ image: Data, strokes: String, type: String = "image/png") async throws -> Reply {
        try await c.multipart("/api/v1/ocr/underline", fields: [("strokes", strokes)], files: [("image", "page.png", type, image)])
    }

    @Test func underlinedWordsComeBackInReadingOrder() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let pages = await Self.pages()
        #expect(pages.count == 5, "notio-testpages did not render the pages")
        for page in pages {
            let r = try await underline(c, page.image, strokes: page.strokes)
            #expect(r.status == 200, "\(page.kind): \(r.text)")
            let text = r.json["text"] as? String ?? ""
            #expect(Self.letters(text) == Self.letters(page.span), "\(page.kind): \(text) ≠ \(page.span)")
            #expect(r.json["imageWidth"] as? Int == page.width && r.json["imageHeight"] as? Int == page.height)
            let words = r.json["words"] as? [[String: Any]] ?? []
            #expect(!words.isEmpty && words.allSatisfy { ($0["box"] as? [String: Any])?["w"] is Int })
        }
        // The two-line kinds are among them: a span across a line break comes back joined.
        #expect(Set(pages.map(\.kind)).isSuperset(of: ["two-strokes", "hooked"]))
    }

    @Test func aStrokeUnderNothingIsAnEmptyAnswerNotAnError() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let page = try #require(await Self.pages().first)
        // Across the top margin, above the first line.
        let r = try await underline(c, page.image, strokes: "[[{\"x\":100,\"y\":8},{\"x\":900,\"y\":10}]]")
        #expect(r.status == 200)
        #expect(r.json["text"] as? String == "")
        #expect((r.json["message"] as? String)?.isEmpty == false)
        let words = try await c.multipart("/api/v1/ocr/words", files: [("image", "page.png", "image/png", page.image)])
        #expect(words.status == 200)
        #expect((words.json["words"] as? [Any])?.count ?? 0 > 50)
    }

    @Test func badPhotosAndStrokesGetTheRightStatus() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let page = try #require(await Self.pages().first)
        let line = "[[{\"x\":100,\"y\":300},{\"x\":600,\"y\":300}]]"
        #expect(try await underline(c, Data("just some text, not a photo".utf8), strokes: line, type: "text/plain").status == 415)
        // A JPEG cut in half.
        let jpeg = try Self.jpeg()
        let cut = try await underline(c, jpeg.prefix(jpeg.count / 2), strokes: line, type: "image/jpeg")
        #expect(cut.status == 422, "\(cut.text)")
        // A PNG whose header claims 10,000 × 10,000 pixels (100 MP).
        let big = try await underline(c, Self.pngHeader(width: 10_000, height: 10_000), strokes: line)
        #expect(big.status == 413, "\(big.text)")
        #expect(try await underline(c, page.image, strokes: "[[{\"x\":99999,\"y\":99999},{\"x\":99990,\"y\":99999}]]").status == 422)
        #expect(try await underline(c, page.image, strokes: "not json at all").status == 400)
        #expect(try await underline(c, page.image, strokes: "[[{\"x\":\"a\",\"y\":1}]]").status == 400)
        #expect(try await c.multipart("/api/v1/ocr/underline", fields: [("strokes", line)], files: []).status == 422)
        let huge = try await underline(c, Data(count: (20 << 20) + 1), strokes: line)
        #expect(huge.status == 413)
        // Signed out: no reading at all.
        let stranger = Client(server)
        // (A cross-site form cannot even get that far: without a session or the form token it is 403.)
        #expect([401, 403].contains(try await stranger.multipart("/api/v1/ocr/words", files: [("image", "p.png", "image/png", page.image)], csrf: false).status))
        #expect(try await c.get("/healthz").status == 200)
    }

    /// A real JPEG (512 × 512 of stripes), encoded by gdk-pixbuf.
    static func jpeg() throws -> Data {
        let pixbuf = try #require(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 512, 512))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), pixels = try #require(gdk_pixbuf_get_pixels(pixbuf))
        for y in 0..<512 { for x in 0..<512 { for ch in 0..<3 { pixels[y * stride + x * 3 + ch] = UInt8((x * 7 + y * 3 + ch * 50) % 256) } } }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "jpeg", nil, nil, &error) != 0, let buffer else {
            throw CancellationError()
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    /// A PNG that declares a size in a valid IHDR and holds a tiny IDAT: enough for a header
    /// check; decoding it would fail.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        func bigEndian(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(CRC32.checksum(Data(body)))
        }
        let raw = [UInt8](repeating: 0, count: 16)
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let zlib: [UInt8] = [0x78, 0x01, 0x01, 0x10, 0x00, 0xEF, 0xFF] + raw + bigEndian(b << 16 | a)
        let header = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", []))
    }
}
