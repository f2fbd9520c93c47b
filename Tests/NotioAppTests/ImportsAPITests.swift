import Foundation
import Testing
import NotioTestSupport
@testable import NotioApp

/// Imports of the real export samples: books and sentences, nothing twice, bad files refused.
@Suite struct ImportsAPITests {
    static func sample(_ name: String) throws -> Data { try FakeServices.fixture(name) }

    @Test func kindleTwiceAddsNothingTheSecondTime() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let file = try Self.sample("kindle/my_clippings_en_highlights_notes.txt")
        let first = try await c.multipart("/api/v1/imports", files: [("file", "My Clippings.txt", "text/plain", file)])
        #expect(first.status == 201, "\(first.text)")
        #expect(first.json["format"] as? String == "kindle")
        let counts = try #require(first.json["counts"] as? [String: Any])
        #expect(counts["booksAdded"] as? Int == 2)
        let added = try #require(counts["sentencesAdded"] as? Int)
        #expect(added > 20)
        let books = try await c.get("/api/v1/books").json["items"] as? [[String: Any]] ?? []
        #expect(books.count == 2)
        #expect((try await c.get("/api/v1/sentences?limit=200").json["items"] as? [Any])?.count == added)

        let again = try await c.multipart("/api/v1/imports", files: [("file", "My Clippings.txt", "text/plain", file)])
        let second = try #require(again.json["counts"] as? [String: Any])
        #expect(second["booksAdded"] as? Int == 0)
        #expect(second["booksMatched"] as? Int == 2)
        #expect(second["sentencesAdded"] as? Int == 0)
        #expect(second["sentencesDuplicate"] as? Int == added)
        #expect((try await c.get("/api/v1/books").json["items"] as? [Any])?.count == 2)
    }

    @Test func goodreadsAndReadwiseMeetTheSameShelf() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let goodreads = try await c.multipart("/api/v1/imports", files: [("file", "goodreads.csv", "text/csv", try Self.sample("goodreads/goodreads_library_export.csv"))])
        #expect(goodreads.status == 201)
        #expect((goodreads.json["counts"] as? [String: Any])?["booksAdded"] as? Int == 3)
        let books = try await c.get("/api/v1/books").json["items"] as? [[String: Any]] ?? []
        #expect(Set(books.compactMap { $0["status"] as? String }).isSubset(of: ["reading", "finished", "wishlist"]))
        let dry = try await c.multipart("/api/v1/imports?dryRun=true", files: [("file", "readwise.csv", "text/csv", try Self.sample("readwise/readwise_export.csv"))])
        let dryCounts = try #require(dry.json["counts"] as? [String: Any])
        #expect((dryCounts["sentencesAdded"] as? Int ?? 0) > 0)
        #expect((try await c.get("/api/v1/sentences").json["items"] as? [Any])?.isEmpty == true, "a dry run stores nothing")
        let readwise = try await c.multipart("/api/v1/imports", fields: [("format", "readwise")], files: [("file", "readwise.csv", "text/csv", try Self.sample("readwise/readwise_export.csv"))])
        #expect(readwise.status == 201)
        #expect((readwise.json["counts"] as? [String: Any])?["sentencesAdded"] as? Int == dryCounts["sentencesAdded"] as? Int)
    }

    @Test func badFilesChangeNothing() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let cases: [(Data, String, Int)] = [
            (Data(), "empty.txt", 422),
            (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]), "photo.png", 422),
            (Data("name,age\nkim,20\n".utf8), "people.csv", 422),
            (Data("Title,Author,\"unclosed\n".utf8), "broken.csv", 422),
        ]
        for (data, name, status) in cases {
            let r = try await c.multipart("/api/v1/imports", files: [("file", name, "text/plain", data)])
            #expect(r.status == status, "\(name): \(r.status) \(r.text)")
            #expect((r.json["error"] as? [String: Any])?["message"] as? String != nil)
        }
        #expect(try await c.multipart("/api/v1/imports", fields: [("format", "pdf")], files: [("file", "x.txt", "text/plain", Data("x".utf8))]).status == 422)
        #expect(try await c.multipart("/api/v1/imports", files: []).status == 422)
        #expect(try await c.multipart("/api/v1/imports", files: [("file", "big.txt", "text/plain", Data(count: (10 << 20) + 10))]).status == 413)
        #expect((try await c.get("/api/v1/books").json["items"] as? [Any])?.isEmpty == true)

        // The page shows the reason instead of an error page.
        let page = try await c.multipart("/reading/import", fields: [("csrf_token", c.csrfToken ?? "")], files: [("file", "people.csv", "text/csv", Data("name,age\nkim,20\n".utf8))], csrf: false)
        #expect(page.status == 422)
        #expect(page.text.contains("id=\"import-error\""))
        let ok = try await c.multipart("/reading/import", fields: [("csrf_token", c.csrfToken ?? "")], files: [("file", "goodreads.csv", "text/csv", try Self.sample("goodreads/goodreads_library_export.csv"))], csrf: false)
        #expect(ok.status == 200)
        #expect(ok.text.contains("data-books-added=\"3\""))
    }
}
