import Foundation
import Testing
@testable import NotioHTTP

@Suite struct StaticFilesTests {
    @Test func hashedURLsETagsAnd304() throws {
        let dir = NSTemporaryDirectory() + "notio-static-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir + "/css", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("body { color: red }".utf8).write(to: URL(fileURLWithPath: dir + "/css/app.css"))
        try Data("self.addEventListener('fetch', () => {})".utf8).write(to: URL(fileURLWithPath: dir + "/sw.js"))
        let files = try StaticFiles(directory: dir)
        let url = files.url(for: "css/app.css")
        let hash = StaticFiles.hash(Data("body { color: red }".utf8))
        #expect(url == "/static/css/app.\(hash).css")
        #expect(hash.count == 10)
        #expect(files.url(for: "missing.js") == "/static/missing.js")
        #expect(files.file("sw.js")?.contentType == "text/javascript; charset=utf-8")

        let server = try startServer([
            Route("GET", "/static/{path...}", .sync { r in
                guard let response = files.response(for: r, path: try r[PathParameter("path")]) else { throw HTTPError.notFound() }
                return response
            }),
        ])
        defer { server.stop() }
        let hashed = try fetch(server.port, "GET", url)
        #expect(hashed.status == 200)
        #expect(hashed.text == "body { color: red }")
        #expect(hashed.header("Content-Type") == "text/css; charset=utf-8")
        #expect(hashed.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(hashed.header("ETag") == "\"\(hash)\"")
        let revalidated = try fetch(server.port, "GET", url, headers: ["If-None-Match: \"\(hash)\""])
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)
        let plain = try fetch(server.port, "GET", "/static/css/app.css")
        #expect(plain.status == 200)
        #expect(plain.header("Cache-Control") == "no-cache")
        #expect(try fetch(server.port, "GET", "/static/nope.css").status == 404)
    }
}
