import Foundation
import Testing
@testable import NotioApp

/// The 밑줄 pages against the real server, as a browser without JavaScript uses them.
@Suite struct ReadingPagesTests {
    private func enc(_ s: String) -> String { s.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? s }

    private func bookId(_ location: String?) -> String? {
        guard let location, location.hasPrefix("/books/") else { return nil }
        return location.dropFirst("/books/".count).split(separator: "?").first.map(String.init)
    }

    @Test func addABookByHandKeepASentenceEditAndDelete() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        _ = try await c.request("PATCH", "/api/v1/me", json: ["language": "ko"])

        let empty = try await c.get("/reading")
        #expect(empty.status == 200)
        #expect(empty.text.contains("data-empty=\"shelf\""))

        // A refused manual form shows the form again with what was typed and why.
        let refused = try await c.postForm("/books", ["manual": "1", "title": " ", "author": "<i>저자</i>", "isbn": "12345"])
        #expect(refused.status == 422)
        #expect(refused.text.contains("&lt;i&gt;저자&lt;/i&gt;"))
        #expect(refused.text.contains("ISBN"))
        #expect(refused.text.contains("id=\"manual-book\" open"))

        let added = try await c.postForm("/books", ["manual": "1", "title": "<b>작별하지 않는다</b>", "author": "한강", "isbn": "9788954682152", "status": "reading"])
        #expect(added.status == 303)
        let id = try #require(bookId(added.header("Location")))
        let page = try await c.get("/books/\(id)?added=1")
        #expect(page.status == 200)
        #expect(page.text.contains("&lt;b&gt;작별하지 않는다&lt;/b&gt;"))
        #expect(!page.text.contains("<b>작별하지 않는다</b>"))
        #expect(page.text.contains("data-empty=\"sentences\""))
        #expect(page.text.contains("href=\"/books/\(id)/sentences/new\""))
        // The same ISBN again leads to the book already there.
        let again = try await c.postForm("/books", ["title": "작별하지 않는다", "isbn": "9788954682152"])
        #expect(again.header("Location") == "/books/\(id)?exists=1")

        // The capture page, a refused sentence, then a kept one.
        let capture = try await c.get("/books/\(id)/sentences/new")
        #expect(capture.status == 200)
        #expect(capture.text.contains("id=\"capture-canvas\""))
        #expect(capture.text.contains("capture=\"environment\""))
        let bad = try await c.postForm("/books/\(id)/sentences", ["text": "   ", "page": "열둘", "emotion": "calm"])
        #expect(bad.status == 422)
        #expect(bad.text.contains("aria-invalid=\"true\""))
        #expect(bad.text.contains("value=\"calm\" checked"), "the chosen emotion stays chosen")
        let kept = try await c.postForm("/books/\(id)/sentences", ["text": "눈송이는 <가볍다>.", "page": "12", "emotion": "longing", "memo": "첫 장면"])
        #expect(kept.status == 303)
        #expect(kept.header("Location") == "/books/\(id)?saved=1")
        let withSentence = try await c.get("/books/\(id)")
        #expect(withSentence.text.contains("눈송이는 &lt;가볍다&gt;."))
        #expect(withSentence.text.contains("12쪽"))
        #expect(withSentence.text.contains("그리움"))

        // The list across books finds it by a short query and by emotion.
        let list = try await c.get("/sentences?q=\(enc("눈송"))")
        #expect(list.text.contains("눈송이는 &lt;가볍다&gt;."))
        #expect(try await c.get("/sentences?emotion=joy").text.contains("data-empty=\"no-results\""))
        #expect(try await c.get("/sentences?emotion=longing").text.contains("눈송이는"))

        // Edit the sentence and the book.
        let sentenceId = try #require(withSentence.text.firstMatch(of: /data-sentence-id="([^"]+)"/)?.1).description
        let edit = try await c.get("/sentences/\(sentenceId)/edit")
        #expect(edit.text.contains("첫 장면"))
        let saved = try await c.postForm("/sentences/\(sentenceId)", ["text": "눈송이는 가볍다.", "page": "", "emotion": "", "memo": ""])
        #expect(saved.status == 303)
        let s = try await c.get("/api/v1/sentences/\(sentenceId)").json
        #expect(s["text"] as? String == "눈송이는 가볍다.")
        #expect(s["page"] == nil && s["emotion"] == nil && s["memo"] == nil)
        #expect(try await c.postForm("/books/\(id)", ["status": "finished"]).status == 303)
        #expect(try await c.get("/api/v1/books/\(id)").json["status"] as? String == "finished")
        #expect(try await c.postForm("/books/\(id)", ["title": "", "author": "한강"]).status == 422)
        #expect(try await c.postForm("/books/\(id)", ["status": "lost"]).status == 422)

        // Delete: the confirmation says what goes with it.
        let confirm = try await c.get("/books/\(id)/delete")
        #expect(confirm.text.contains("문장 1개"))
        let deleted = try await c.postForm("/books/\(id)/delete", [:])
        #expect(deleted.header("Location") == "/reading?deleted=1")
        #expect(try await c.get("/books/\(id)").status == 404)
        #expect((try await c.get("/api/v1/sentences").json["items"] as? [Any])?.isEmpty == true)
    }

    @Test func pagesNeedASignInAndFormsTheirToken() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        for path in ["/reading", "/sentences", "/books/new"] {
            #expect(try await c.get(path).header("Location") == "/login", "\(path)")
        }
        try await c.signUp()
        let noToken = try await c.request("POST", "/books", body: Data("title=x".utf8), contentType: "application/x-www-form-urlencoded", csrf: false)
        #expect(noToken.status == 403)
        #expect((try await c.get("/api/v1/books").json["items"] as? [Any])?.isEmpty == true)
    }

    @Test func theDemoShelfShowsBooksAcrossGenresAndSentencesAcrossEmotions() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        _ = try await c.get("/")
        _ = try await c.postForm("/guest", [:])
        let shelf = try await c.get("/reading")
        #expect(shelf.status == 200)
        #expect(shelf.text.components(separatedBy: "class=\"book-card\"").count - 1 >= 6)
        #expect(!shelf.text.contains("href=\"/books/new\""), "guests are not offered to add books")
        let books = try await c.get("/api/v1/books").json["items"] as? [[String: Any]] ?? []
        #expect(Set(books.compactMap { $0["genre"] as? String }).count >= 4)
        #expect(books.contains { ($0["readingSeconds"] as? Int ?? 0) > 0 })
        let sentences = try await c.get("/api/v1/sentences").json["items"] as? [[String: Any]] ?? []
        #expect(Set(sentences.compactMap { $0["emotion"] as? String }).count >= 6)
        let list = try await c.get("/sentences")
        #expect(list.status == 200)
        #expect(!list.text.contains("/edit\""), "guests get no edit links")
    }
}
