import Foundation
import Testing
@testable import NotioApp

/// The browser-facing policies on real answers of the real server: pages, errors, static files
/// (also 304), JSON, images, and the embeddable widget.
@Suite struct SecurityHeadersTests {
    static func directives(_ policy: String?) -> [String: String] {
        var all: [String: String] = [:]
        for part in (policy ?? "").split(separator: ";") {
            let words = part.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1).map(String.init)
            if let name = words.first { all[name] = words.count > 1 ? words[1] : "" }
        }
        return all
    }

    @Test func everyKindOfAnswerCarriesThePolicies() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        let login = try await c.get("/login")
        let css = try #require(login.text.range(of: #"/static/css/app\.[0-9a-f]+\.css"#, options: .regularExpression).map { String(login.text[$0]) })
        let etag = try #require(try await c.get(css).header("ETag"))
        let answers: [(String, Reply)] = [
            ("page", login),
            ("missing page", try await c.get("/no-such-page")),
            ("static", try await c.get(css)),
            ("static 304", try await c.get(css, headers: ["If-None-Match": etag])),
            ("service worker", try await c.get("/sw.js")),
            ("JSON error", try await c.get("/api/v1/notes")),
            ("wrong method", try await c.request("DELETE", "/login")),
        ]
        #expect(answers.map(\.1.status) == [200, 404, 200, 304, 200, 401, 405])
        for (what, r) in answers {
            #expect(r.header("X-Content-Type-Options") == "nosniff", "\(what)")
            #expect(r.header("Referrer-Policy") == "same-origin", "\(what)")
            let csp = Self.directives(r.header("Content-Security-Policy"))
            #expect(csp["frame-ancestors"] == "'none'", "\(what)")
            #expect(csp["object-src"] == "'none'" && csp["base-uri"] == "'self'" && csp["form-action"] == "'self'", "\(what)")
            let scripts = try #require(csp["script-src"], "\(what)")
            #expect(!scripts.contains("unsafe-inline") && !scripts.contains("unsafe-eval") && !scripts.contains("*"), "\(what)")
        }
    }

    /// The one inline script, the import map, is allowed by the hash of the bytes the page sends.
    @Test func importMapHashMatchesThePage() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let page = try await Client(server).get("/signup")
        let open = #"<script type="importmap">"#
        let start = try #require(page.text.range(of: open)).upperBound
        let end = try #require(page.text.range(of: "</script>", range: start..<page.text.endIndex)).lowerBound
        let hash = Crypto.sha256(String(page.text[start..<end])).base64EncodedString()
        let scripts = try #require(Self.directives(page.header("Content-Security-Policy"))["script-src"])
        #expect(scripts == "'self' 'sha256-\(hash)'")
        // No other inline script: every other script element names a file, or is the catalog's
        // JSON data block (never run, so outside script-src).
        let elements = page.text.components(separatedBy: "<script").dropFirst()
        #expect(elements.count >= 2)
        for element in elements where !element.hasPrefix(#" type="importmap""#) && !element.hasPrefix(#" type="application/json" id="l10n">{"#) {
            #expect(element.hasPrefix(#" type="module" src="/static/js/"#), "\(element.prefix(80))")
        }
    }

    /// The widget may be framed by any page (widget tools embed it), sends no referrer (its URL
    /// holds the token) and may run nothing.
    @Test func theWidgetIsEmbeddableAndInert() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let token = try #require(try await c.request("POST", "/api/v1/widget/token").json["token"] as? String)
        for path in ["/widget/sentence?token=\(token)", "/widget/sentence?token=revoked"] {
            let r = try await Client(server).get(path)
            let csp = Self.directives(r.header("Content-Security-Policy"))
            #expect(csp["frame-ancestors"] == "*", "\(path)")
            #expect(csp["default-src"] == "'none'" && csp["script-src"] == nil, "\(path)")
            #expect(r.header("Referrer-Policy") == "no-referrer")
            #expect(r.header("X-Content-Type-Options") == "nosniff")
            #expect(!r.text.contains("<script") && !r.text.contains("<a ") && !r.text.contains("<form"))
        }
    }

    /// Catalog thumbnails are shown over https only, as `img-src` allows.
    @Test func outsideImagesAreHTTPS() {
        #expect(SecurityHeaders.outsideImage("http://image.aladin.co.kr/a/b.jpg") == "https://image.aladin.co.kr/a/b.jpg")
        #expect(SecurityHeaders.outsideImage("https://covers.openlibrary.org/b/id/1-M.jpg") == "https://covers.openlibrary.org/b/id/1-M.jpg")
        #expect(SecurityHeaders.outsideImage("javascript:alert(1)") == nil)
        #expect(SecurityHeaders.outsideImage("data:image/png;base64,AAAA") == nil)
        #expect(SecurityHeaders.outsideImage("//evil.example/x.png") == nil)
    }
}
