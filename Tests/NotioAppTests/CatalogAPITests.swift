import Foundation
import Testing
import NotioTestSupport
@testable import NotioApp

/// Book search and covers through the app, against the fake Aladin and Open Library.
@Suite struct CatalogAPITests {
    static func server(_ fake: FakeServices, queue: String, providers: String = "aladin,openlibrary") async throws -> TestServer {
        try await TestServer.start(seedDemo: false) { c in
            c.catalogProviders = providers
            c.aladinKey = "test-key"
            c.aladinBaseURL = fake.baseURL(queue).appendingPathComponent("aladin/").absoluteString
            c.openLibraryBaseURL = fake.baseURL(queue).appendingPathComponent("openlibrary/").absoluteString
            c.catalogTimeoutSeconds = 2
            c.coversFromPrivateHosts = true
        }
    }

    @Test func searchAddWithCoverAndRecommendations() async throws {
        let fake = try await FakeServices.shared()
        let queue = "app-search-\(UUID().uuidString.prefix(6))"
        let server = try await Self.server(fake, queue: queue)
        let c = Client(server)
        try await c.signUp()
        let r = try await c.get("/api/v1/catalog/search?q=" + "소년".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(r.status == 200, "\(r.text)")
        #expect(r.json["provider"] as? String == "aladin")
        #expect(r.json["attribution"] as? String == "도서 DB 제공 : 알라딘 인터넷서점")
        let items = r.json["items"] as? [[String: Any]] ?? []
        #expect(!items.isEmpty)
        #expect(items.allSatisfy { ($0["title"] as? String)?.isEmpty == false })
        let first = try #require(items.first { $0["isbn13"] is String })

        // The page offers each result with a form; adding it stores the book.
        let page = try await c.get("/books/new?q=" + "소년".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(page.status == 200)
        #expect(page.text.contains("id=\"catalog-results\""))
        #expect(page.text.contains("알라딘 인터넷서점"))

        // A cover served by the fake is downloaded once and served by us.
        let coverURL = fake.root.appendingPathComponent("covers/tiny.png").absoluteString
        let added = try await c.request("POST", "/api/v1/books", json: ["title": first["title"] as? String ?? "", "author": first["author"] as? String ?? "",
                                                                        "isbn13": first["isbn13"] as? String ?? "", "coverUrl": coverURL])
        #expect(added.status == 201)
        let id = try #require((added.json["book"] as? [String: Any])?["id"] as? String)
        var cover: Reply?
        for _ in 0..<100 {
            let book = try await c.get("/api/v1/books/\(id)").json
            if (book["coverUrl"] as? String)?.hasPrefix("/api/v1/books/") == true { cover = try await c.get("/api/v1/books/\(id)/cover"); break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let image = try #require(cover, "the cover was never stored")
        #expect(image.status == 200)
        #expect(image.header("Content-Type") == "image/png")
        #expect(image.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))

        let recommended = try await c.get("/api/v1/catalog/recommended")
        #expect(recommended.status == 200)
        #expect((recommended.json["items"] as? [Any])?.isEmpty == false)
    }

    @Test func anUnreachableCatalogIs503AndThePageOffersManualEntry() async throws {
        let server = try await TestServer.start(seedDemo: false) { c in
            c.catalogProviders = "openlibrary"
            c.openLibraryBaseURL = "http://127.0.0.1:9/"
            c.catalogTimeoutSeconds = 1
        }
        let c = Client(server)
        try await c.signUp()
        let r = try await c.get("/api/v1/catalog/search?q=walden")
        #expect(r.status == 503)
        #expect(r.errorCode == "catalog_unavailable")
        #expect((r.json["error"] as? [String: Any])?["message"] as? String != nil)
        let page = try await c.get("/books/new?q=walden")
        #expect(page.status == 200)
        #expect(page.text.contains("data-code=\"catalog_unavailable\""))
        #expect(page.text.contains("id=\"manual-book\" open"))
        #expect(page.text.contains("value=\"walden\""), "the query is carried into the manual title")
    }

    @Test func malformedAnswersAndBadQueries() async throws {
        let fake = try await FakeServices.shared()
        let queue = "app-bad-\(UUID().uuidString.prefix(6))"
        let server = try await Self.server(fake, queue: queue, providers: "aladin")
        let c = Client(server)
        try await c.signUp()
        try await fake.script([["status": 200, "body": "{\"item\": [ {\"title\": "]], queue: queue)
        let broken = try await c.get("/api/v1/catalog/search?q=abc")
        #expect(broken.status == 503)
        #expect(try await c.get("/api/v1/catalog/search?q=").status == 400)
        #expect(try await c.get("/api/v1/catalog/search?q=abc&provider=amazon").status == 400)
        #expect(try await c.get("/api/v1/catalog/search?q=" + String(repeating: "a", count: 300)).status == 400)
        // The server is still there.
        #expect(try await c.get("/healthz").status == 200)
    }

    /// Refused covers leave the book without one and nothing in the covers folder: a page that is
    /// no image, HTML declared as JPEG, a body past the limit, and (with the production policy)
    /// `localhost` and the machine's own name, the latter pointing at the server's own port.
    @Test func refusedCoversAreNotStored() async throws {
        let fake = try await FakeServices.shared()
        let port = try #require(fake.root.port)
        let intranet = try await Self.server(fake, queue: "app-covers-\(UUID().uuidString.prefix(6))", providers: "none")
        let strict = try await TestServer.start(seedDemo: false)
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, name.count)
        let machine = String(cString: name)
        for (server, url) in [(intranet, fake.root.appendingPathComponent("covers/page.html").absoluteString),
                              (intranet, fake.root.appendingPathComponent("covers/html-as.jpg").absoluteString),
                              (intranet, fake.root.appendingPathComponent("covers/big-unsized.jpg").absoluteString),
                              (strict, "http://localhost:\(port)/covers/tiny.png"),
                              (strict, "http://\(machine):\(strict.app.server.port)/static/icons/icon-192.png")] {
            let c = Client(server)
            try await c.signUp()
            let added = try await c.request("POST", "/api/v1/books", json: ["title": "표지 없는 책", "coverUrl": url])
            #expect(added.status == 201, "\(added.text)")
            let id = try #require((added.json["book"] as? [String: Any])?["id"] as? String)
            for _ in 0..<200 where !server.app.context.reading.covers.pending.isIdle { try await Task.sleep(for: .milliseconds(25)) }
            #expect(server.app.context.reading.covers.pending.isIdle)
            let book = try await c.get("/api/v1/books/\(id)").json
            #expect((book["coverUrl"] as? String)?.hasPrefix("/api/v1/books/") != true, "\(url)")
            #expect(try await c.get("/api/v1/books/\(id)/cover").status == 404, "\(url)")
            let stored = (try? FileManager.default.contentsOfDirectory(atPath: server.dataDirectory + "/files/covers")) ?? []
            #expect(stored.isEmpty, "\(url): \(stored)")
        }
    }
}

