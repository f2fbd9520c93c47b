import Foundation
import Testing
@testable import NotioApp

/// The bookshelf and sentences through the JSON API, on the real server.
@Suite struct ReadingAPITests {
    static func addBook(_ c: Client, _ fields: [String: Any]) async throws -> [String: Any] {
        let r = try await c.request("POST", "/api/v1/books", json: fields)
        #expect(r.status == 201, "\(r.text)")
        return r.json["book"] as? [String: Any] ?? [:]
    }

    @Test func addListChangeAndDeleteABook() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let book = try await Self.addBook(c, ["title": "  소년이 온다 ", "author": "한강", "isbn13": "978-89-364-3412-0",
                                              "publisher": "창비", "genre": "소설", "status": "finished"])
        let id = try #require(book["id"] as? String)
        #expect(book["title"] as? String == "소년이 온다")
        #expect(book["isbn13"] as? String == "9788936434120")
        #expect(book["status"] as? String == "finished")
        // Labels in the reader's language (this client's account reads English), Korean once set so.
        #expect(book["statusLabel"] as? String == "Finished")
        #expect(try await c.request("PATCH", "/api/v1/me", json: ["language": "ko"]).status == 200)
        #expect(try await c.get("/api/v1/books/\(id)").json["statusLabel"] as? String == "완독")
        #expect(try await c.request("PATCH", "/api/v1/me", json: ["language": "en"]).status == 200)
        #expect(book["sentenceCount"] as? Int == 0)

        let list = try await c.get("/api/v1/books").json["items"] as? [[String: Any]] ?? []
        #expect(list.map { $0["id"] as? String } == [id])
        #expect((try await c.get("/api/v1/books?status=wishlist").json["items"] as? [Any])?.isEmpty == true)
        #expect(try await c.get("/api/v1/books?status=lost").status == 422)

        let patched = try await c.request("PATCH", "/api/v1/books/\(id)", json: ["status": "reading", "publisher": NSNull(), "title": "소년이 온다 (개정판)"])
        #expect(patched.status == 200)
        #expect(patched.json["status"] as? String == "reading")
        #expect(patched.json["publisher"] == nil)
        #expect(patched.json["title"] as? String == "소년이 온다 (개정판)")
        #expect(patched.json["author"] as? String == "한강", "a field left out stays as it was")
        #expect(try await c.request("PATCH", "/api/v1/books/\(id)", json: ["title": ""]).status == 422)
        #expect(try await c.request("PATCH", "/api/v1/books/\(id)", json: ["status": 3]).status == 422)
        #expect(try await c.request("PATCH", "/api/v1/books/\(id)", body: Data("{nope".utf8), contentType: "application/json").status == 400)

        #expect(try await c.request("DELETE", "/api/v1/books/\(id)").status == 204)
        #expect(try await c.get("/api/v1/books/\(id)").status == 404)
        #expect(try await c.request("DELETE", "/api/v1/books/\(id)").status == 404)
    }

    @Test func badBooksAreRefusedWithTheFieldNamed() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let empty = try await c.request("POST", "/api/v1/books", json: ["title": "   "])
        #expect(empty.status == 422)
        #expect((empty.json["error"] as? [String: Any]).flatMap { $0["fields"] as? [String: String] }?["title"] != nil)
        let isbn = try await c.request("POST", "/api/v1/books", json: ["title": "책", "isbn13": "9788936434735"])
        #expect(isbn.status == 422, "a wrong check digit")
        #expect((isbn.json["error"] as? [String: Any]).flatMap { $0["fields"] as? [String: String] }?["isbn13"] != nil)
        #expect(try await c.request("POST", "/api/v1/books", json: ["title": "책", "status": "lost"]).status == 422)
        #expect(try await c.request("POST", "/api/v1/books", json: ["title": "책", "coverUrl": "file:///etc/passwd"]).status == 422)
        #expect(try await c.request("POST", "/api/v1/books", json: ["author": "누구"]).status == 422)
        #expect(try await c.request("POST", "/api/v1/books", body: Data("[]".utf8), contentType: "application/json").status == 422)
        // The same ISBN twice: a conflict naming the book already there; ISBN-10 is the same book.
        let first = try await Self.addBook(c, ["title": "채식주의자", "author": "한강", "isbn13": "9788936433598"])
        let again = try await c.request("POST", "/api/v1/books", json: ["title": "채식주의자", "isbn13": "89-364-3359-8"])
        #expect(again.status == 409)
        #expect(again.errorCode == "book_exists")
        #expect((again.json["error"] as? [String: Any]).flatMap { $0["fields"] as? [String: String] }?["id"] == first["id"] as? String)
        #expect((try await c.get("/api/v1/books").json["items"] as? [Any])?.count == 1)
    }

    @Test func sentencesWithPageEmotionMemoAndSearch() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let a = try #require(try await Self.addBook(c, ["title": "데미안", "author": "헤르만 헤세", "genre": "고전"])["id"] as? String)
        let b = try #require(try await Self.addBook(c, ["title": "Walden", "author": "Henry David Thoreau"])["id"] as? String)

        let r = try await c.request("POST", "/api/v1/books/\(a)/sentences", json: [
            "text": "새는 알에서 나오려고 투쟁한다. 알은 세계이다.", "page": 123, "emotion": "insight", "memo": "다시 읽고 싶은 장면"])
        #expect(r.status == 201)
        let s = try #require(r.json["sentence"] as? [String: Any])
        #expect(s["bookTitle"] as? String == "데미안")
        #expect(s["emotionLabel"] as? String == "Insight")
        #expect(s["emotionEmoji"] as? String == "💡")
        #expect(s["page"] as? Int == 123)
        let sid = try #require(s["id"] as? String)
        _ = try await c.request("POST", "/api/v1/books/\(a)/sentences", json: ["text": "누구나 자기 자신에게로 가는 길이다.", "emotion": "comfort"])
        _ = try await c.request("POST", "/api/v1/books/\(b)/sentences", json: ["text": "I went to the woods because I wished to live deliberately.", "page": 90, "emotion": "courage"])

        func texts(_ query: String) async throws -> [String] {
            (try await c.get("/api/v1/sentences\(query)").json["items"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        }
        #expect(try await texts("").count == 3)
        // Korean substrings: three characters and more through the index, one or two by scanning.
        #expect(try await texts("?q=" + "투쟁한".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!) == ["새는 알에서 나오려고 투쟁한다. 알은 세계이다."])
        #expect(try await texts("?q=" + "알".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!) == ["새는 알에서 나오려고 투쟁한다. 알은 세계이다."])
        #expect(try await texts("?q=" + "장면".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).count == 1, "memos are searched too")
        #expect(try await texts("?q=WOODS").count == 1, "case-insensitive for Latin")
        #expect(try await texts("?emotion=comfort") == ["누구나 자기 자신에게로 가는 길이다."])
        #expect(try await texts("?bookId=\(b)").count == 1)
        #expect(try await c.get("/api/v1/sentences?emotion=happy").status == 422)
        #expect((try await c.get("/api/v1/books/\(a)").json["sentences"] as? [Any])?.count == 2)
        #expect(try await c.get("/api/v1/books/\(a)").json["sentenceCount"] as? Int == 2)

        // Edit: null clears; the search follows the new text.
        let e = try await c.request("PATCH", "/api/v1/sentences/\(sid)", json: ["text": "알은 세계이다.", "page": NSNull(), "emotion": "moved"])
        #expect(e.status == 200)
        #expect(e.json["page"] == nil)
        #expect(e.json["emotion"] as? String == "moved")
        #expect(e.json["memo"] as? String == "다시 읽고 싶은 장면")
        #expect(try await texts("?q=" + "투쟁한".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).isEmpty)
        #expect(try await c.request("PATCH", "/api/v1/sentences/\(sid)", json: ["page": 55]).json["page"] as? Int == 55)
        #expect(try await c.request("PATCH", "/api/v1/sentences/\(sid)", json: ["page": NSNull()]).json["page"] == nil)
        #expect(try await c.request("PATCH", "/api/v1/sentences/\(sid)", json: ["text": " "]).status == 422)
        #expect(try await c.request("PATCH", "/api/v1/sentences/\(sid)", json: ["page": -1]).status == 422)
        #expect(try await c.request("PATCH", "/api/v1/sentences/\(sid)", json: ["page": "12"]).status == 422)
        #expect(try await c.request("PATCH", "/api/v1/sentences/\(sid)", json: ["emotion": "happy"]).status == 422)

        // Bad sentences change nothing.
        #expect(try await c.request("POST", "/api/v1/books/\(a)/sentences", json: ["text": ""]).status == 422)
        #expect(try await c.request("POST", "/api/v1/books/\(a)/sentences", json: ["text": String(repeating: "가", count: 5001)]).status == 422)
        #expect(try await c.request("POST", "/api/v1/books/\(a)/sentences", json: ["text": "문장", "emotion": "happy"]).status == 422)
        #expect(try await c.request("POST", "/api/v1/books/missing/sentences", json: ["text": "문장"]).status == 404)
        #expect(try await texts("").count == 3)

        #expect(try await c.request("DELETE", "/api/v1/sentences/\(sid)").status == 204)
        #expect(try await c.get("/api/v1/sentences/\(sid)").status == 404)
        #expect(try await texts("").count == 2)
    }

    /// Deleting a book takes its sentences, sessions and search rows along; nothing is orphaned.
    @Test func deletingABookLeavesNoOrphans() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let keep = try #require(try await Self.addBook(c, ["title": "남는 책"])["id"] as? String)
        let gone = try #require(try await Self.addBook(c, ["title": "지울 책"])["id"] as? String)
        for text in ["지울 문장 하나", "지울 문장 둘"] {
            _ = try await c.request("POST", "/api/v1/books/\(gone)/sentences", json: ["text": text])
        }
        _ = try await c.request("POST", "/api/v1/books/\(keep)/sentences", json: ["text": "남는 문장"])
        let me = try #require((try await c.get("/api/v1/me").json["user"] as? [String: Any])?["id"] as? String)
        let store = server.app.context.store
        _ = try store.insertReadingSession(.init(bookId: gone, startedAt: Date(timeIntervalSinceNow: -600), endedAt: Date()), owner: me)
        _ = try store.insertReadingSession(.init(bookId: keep, startedAt: Date(timeIntervalSinceNow: -300), endedAt: Date()), owner: me)

        #expect(try await c.request("DELETE", "/api/v1/books/\(gone)").status == 204)
        let counts = try store.database.read { conn in
            try conn.first("""
                SELECT (SELECT count(*) FROM sentences WHERE owner_id = ?1), (SELECT count(*) FROM reading_sessions WHERE owner_id = ?1),
                       (SELECT count(*) FROM sentence_search WHERE sentence_id NOT IN (SELECT id FROM sentences)),
                       (SELECT count(*) FROM sentences WHERE book_id NOT IN (SELECT id FROM books)),
                       (SELECT count(*) FROM reading_sessions WHERE book_id NOT IN (SELECT id FROM books))
                """, [me]) { [$0.int(0), $0.int(1), $0.int(2), $0.int(3), $0.int(4)] }
        }
        #expect(counts == [1, 1, 0, 0, 0], "sentences, sessions, orphaned search rows, orphaned sentences, orphaned sessions")
        #expect(try await c.get("/api/v1/sentences?q=" + "지울 문장".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).json["items"] as? [Any] != nil)
        #expect((try await c.get("/api/v1/sentences").json["items"] as? [[String: Any]])?.map { $0["text"] as? String } == ["남는 문장"])
    }

    @Test func emotionsAreAFixedPublicList() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let r = try await Client(server).get("/api/v1/emotions")
        #expect(r.status == 200)
        let items = r.json["items"] as? [[String: Any]] ?? []
        #expect(items.count == 12)
        #expect(items.first?["id"] as? String == "moved")
        #expect(items.allSatisfy { ($0["label"] as? String)?.isEmpty == false && ($0["emoji"] as? String)?.isEmpty == false })
    }

    @Test func guestsReadTheDemoShelfButCannotChangeIt() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        _ = try await c.get("/")
        _ = try await c.postForm("/guest", [:])
        let books = try await c.get("/api/v1/books").json["items"] as? [[String: Any]] ?? []
        #expect(books.count >= 6)
        let id = try #require(books.first?["id"] as? String)
        let csrf = try await c.get("/api/v1/me").json["csrfToken"] as? String
        c.csrfToken = csrf
        #expect(try await c.request("POST", "/api/v1/books", json: ["title": "새 책"]).status == 403)
        #expect(try await c.request("DELETE", "/api/v1/books/\(id)").status == 403)
        #expect(try await c.request("POST", "/api/v1/books/\(id)/sentences", json: ["text": "문장"]).status == 403)
        #expect((try await c.get("/api/v1/books").json["items"] as? [Any])?.count == books.count)
    }
}

/// `publishedAt` follows one rule (`PublicationDate`) in the API's POST and PATCH and in the book
/// forms: a year, a month or a day is kept as written; anything else is refused, never cut.
@Suite struct PublicationDateTests {
    @Test func theAPIAndTheFormsAcceptAndRefuseTheSameDates() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let refused = try await c.request("POST", "/api/v1/books", json: ["title": "채식주의자", "publishedAt": "2007-10-30 (초판)"])
        #expect(refused.status == 422)
        #expect(((refused.json["error"] as? [String: Any])?["fields"] as? [String: String])?["publishedAt"] != nil, "\(refused.text)")
        let book = try await ReadingAPITests.addBook(c, ["title": "채식주의자", "publishedAt": "2007-10"])
        #expect(book["publishedAt"] as? String == "2007-10")
        let id = try #require(book["id"] as? String)
        let patched = try await c.request("PATCH", "/api/v1/books/\(id)", json: ["publishedAt": "2007-02-30"])
        #expect(patched.status == 422)
        #expect(((patched.json["error"] as? [String: Any])?["fields"] as? [String: String])?["publishedAt"] != nil)
        #expect(try await c.request("PATCH", "/api/v1/books/\(id)", json: ["publishedAt": "2007-10-30"]).json["publishedAt"] as? String == "2007-10-30")

        // The manual form and the edit form: the same refusal, shown beside the field; nothing stored.
        _ = try await c.get("/books/new")
        let form = try await c.postForm("/books", ["manual": "1", "title": "소년이 온다", "publishedAt": "2014년 5월"])
        #expect(form.status == 422)
        #expect(form.text.contains("YYYY-MM-DD"))
        #expect((try await c.get("/api/v1/books").json["items"] as? [Any])?.count == 1)
        let edit = try await c.postForm("/books/\(id)", ["title": "채식주의자", "author": "한강", "publishedAt": "30-10-2007"])
        #expect(edit.status == 422)
        #expect(try await c.get("/api/v1/books/\(id)").json["publishedAt"] as? String == "2007-10-30")
        let saved = try await c.postForm("/books/\(id)", ["title": "채식주의자", "author": "한강", "publishedAt": "2007"])
        #expect(saved.status == 303)
        #expect(try await c.get("/api/v1/books/\(id)").json["publishedAt"] as? String == "2007")
    }
}
