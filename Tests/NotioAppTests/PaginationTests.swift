import Foundation
import Testing
@testable import NotioApp
import NotioCore
import NotioStore

/// Long lists a page at a time, through HTTP, on the engine the tests run on (SQLite, or
/// PostgreSQL under scripts/with-postgres.sh): every row once, in order, whatever the page size.
@Suite struct PaginationTests {
    /// Follows `nextCursor` from the first page to the last; returns the ids in the order served.
    private func walk(_ c: Client, _ path: String, limit: Int, id: String = "id") async throws -> (ids: [String], pages: Int) {
        var ids: [String] = []
        var cursor: String?
        var pages = 0
        repeat {
            let separator = path.contains("?") ? "&" : "?"
            let url = path + separator + "limit=\(limit)" + (cursor.map { "&cursor=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) } ?? "")
            let reply = try await c.get(url)
            #expect(reply.status == 200, "\(url): \(reply.text)")
            let items = reply.json["items"] as? [[String: Any]] ?? []
            #expect(items.count <= limit)
            // The key is there on every page, null on the last.
            #expect(reply.json.keys.contains("nextCursor"), "\(reply.text.prefix(200))")
            ids += items.compactMap { $0[id] as? String }
            cursor = reply.json["nextCursor"] as? String
            pages += 1
            if cursor != nil { #expect(items.count == limit) }
        } while cursor != nil && pages < 100
        return (ids, pages)
    }

    @Test func everyListIsWalkedWithNoDuplicateAndNoGap() async throws {
        let server = try await TestServer.start(seedDemo: false) { $0.jobWorkers = 0 }
        let c = Client(server)
        try await c.signUp()
        let me = try #require((try await c.get("/api/v1/me").json["user"] as? [String: Any])?["id"] as? String)
        let store = server.app.context.store
        // Three rows share each time: the id alone orders them, and the cursor must carry it.
        let base = Date(timeIntervalSince1970: 1_750_000_000)
        func at(_ i: Int) -> Date { base.addingTimeInterval(Double(i / 3)) }

        var books: [String] = []
        for i in 0..<250 {
            let book = Book(title: "책 \(i)", author: "저자", status: i % 2 == 0 ? .reading : .finished, createdAt: at(i), updatedAt: at(i))
            try store.insertBook(book, owner: me)
            books.append(book.id)
        }
        var sentences: [String] = []
        for i in 0..<250 {
            let s = Sentence(bookId: books[i % 2], text: "문장 \(i)", emotion: i % 5 == 0 ? .calm : nil, createdAt: at(i))
            _ = try store.insertSentence(s, owner: me)
            sentences.append(s.id)
        }
        var sessions: [String] = []
        for i in 0..<250 {
            let s = ReadingSession(bookId: books[0], startedAt: at(i), endedAt: at(i).addingTimeInterval(600))
            _ = try store.insertReadingSession(s, owner: me)
            sessions.append(s.id)
        }
        let noteId = "note-pages"
        var notes: [String] = []
        for i in 0..<250 {
            let id = i == 0 ? noteId : "note-\(UUID().uuidString.lowercased())"
            let note = NoteSummary(id: id, title: i % 4 == 0 ? "운영체제 \(i)" : "노트 \(i)", category: i % 2 == 0 ? .major : .general,
                                   favorite: i % 3 == 0, state: .analysing, fileName: "n.pdf", createdAt: at(i))
            let job = Job(id: "job-\(id)", ownerId: me, kind: NoteAnalysisJob.kind, noteId: id, state: .queued, stage: "upload", progress: 0,
                          createdAt: at(i), updatedAt: at(i))
            try store.insertNote(note, ownerId: me, titleLocked: true, job: job)
            notes.append(id)
        }
        // 60 quizzes of one question each, all answered wrong: 60 attempts and 60 notebook entries.
        var attempts: [String] = [], questions: [String] = []
        for i in 0..<60 {
            let q = Question(kind: .short, form: .definition, prompt: "질문 \(i)", answer: "답", conceptName: "개념")
            let quiz = QuizRecord(id: "quiz-\(i)", noteId: noteId, difficulty: .easy, origin: .new, createdAt: at(i), questions: [q])
            try store.insertQuiz(quiz, owner: me)
            let attempt = Attempt(id: "attempt-\(UUID().uuidString.lowercased())", quizId: quiz.id, noteId: noteId, difficulty: .easy, origin: .new,
                                  correctCount: 0, total: 1, createdAt: at(i), answers: [GradedAnswer(questionId: q.id, given: "아니", choice: nil, isCorrect: false)])
            #expect(try store.insertAttempt(attempt, quiz: quiz, owner: me, reviewCards: []))
            attempts.append(attempt.id)
            questions.append(q.id)
        }

        for limit in [200, 50, 7] {
            let b = try await walk(c, "/api/v1/books", limit: limit)
            #expect(b.ids.count == 250 && Set(b.ids) == Set(books), "books, limit \(limit)")
            #expect(b.pages == (250 + limit - 1) / limit)
        }
        // Newest first, ties by id: the order the store promises, page after page.
        let s = try await walk(c, "/api/v1/sentences", limit: 50)
        #expect(s.ids.count == 250 && Set(s.ids) == Set(sentences))
        let expected = zip(sentences, (0..<250).map(at)).sorted { ($0.1, $0.0) > ($1.1, $1.0) }.map(\.0)
        #expect(s.ids == expected)
        let r = try await walk(c, "/api/v1/sessions", limit: 33)
        #expect(r.ids.count == 250 && Set(r.ids) == Set(sessions))
        let n = try await walk(c, "/api/v1/notes", limit: 64)
        #expect(n.ids.count == 250 && Set(n.ids) == Set(notes))
        let a = try await walk(c, "/api/v1/notes/\(noteId)/attempts", limit: 8)
        #expect(a.ids.count == 60 && Set(a.ids) == Set(attempts))
        let w = try await walk(c, "/api/v1/wrong-answers", limit: 9, id: "questionId")
        #expect(w.ids.count == 60 && Set(w.ids) == Set(questions))
        let wn = try await walk(c, "/api/v1/notes/\(noteId)/wrong-answers", limit: 200, id: "questionId")
        #expect(wn.ids.count == 60 && wn.pages == 1)

        // Filters keep working page by page.
        let calm = try await walk(c, "/api/v1/sentences?emotion=calm&bookId=\(books[0])", limit: 6)
        #expect(calm.ids.count == 25 && Set(calm.ids) == Set((0..<250).filter { $0 % 10 == 0 }.map { sentences[$0] }))
        let reading = try await walk(c, "/api/v1/books?status=reading", limit: 40)
        #expect(reading.ids.count == 125)
        let searched = try await walk(c, "/api/v1/notes?q=%EC%9A%B4%EC%98%81%EC%B2%B4%EC%A0%9C&category=major&favorite=true", limit: 5)
        let favouriteSystems: [Int] = (0..<250).filter { $0 % 12 == 0 }
        let expectedNotes = Set(favouriteSystems.map { notes[$0] })
        #expect(Set(searched.ids) == expectedNotes)
        let recent = try await walk(c, "/api/v1/sessions?from=\(JSON.iso8601(at(150)))", limit: 10)
        #expect(recent.ids.count == 100)
    }

    @Test func badLimitsAndCursorsAreRefusedInTheReadersLanguage() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        _ = try await c.request("PATCH", "/api/v1/me", json: ["language": "ko"])
        for path in ["/api/v1/books", "/api/v1/sentences", "/api/v1/notes", "/api/v1/sessions", "/api/v1/wrong-answers"] {
            // More than 200 is refused, not cut: a client must not believe it got everything.
            let big = try await c.get(path + "?limit=201")
            #expect(big.status == 422, "\(path)")
            #expect((big.json["error"] as? [String: Any])?["fields"] as? [String: String] != nil)
            #expect(big.text.contains("limit은"))
            #expect(try await c.get(path + "?limit=0").status == 422)
            #expect(try await c.get(path + "?limit=abc").status == 422)
            #expect(try await c.get(path + "?limit=200").status == 200)
            let cursor = try await c.get(path + "?cursor=not-a-cursor!")
            #expect(cursor.status == 422)
            #expect(((cursor.json["error"] as? [String: Any])?["fields"] as? [String: String])?["cursor"] != nil)
            let empty = try await c.get(path)
            #expect(empty.status == 200 && empty.text.contains("\"nextCursor\":null"))
        }
        _ = try await c.request("PATCH", "/api/v1/me", json: ["language": "en"])
        let english = try await c.get("/api/v1/books?limit=500")
        #expect(english.text.contains("limit must be") && !english.text.contains("limit은"))
    }

    @Test func pagesShowAScreenfulAndAShowMoreLink() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        _ = try await c.request("PATCH", "/api/v1/me", json: ["language": "ko"])
        let me = try #require((try await c.get("/api/v1/me").json["user"] as? [String: Any])?["id"] as? String)
        let store = server.app.context.store
        let base = Date(timeIntervalSince1970: 1_750_000_000)
        var titles: [String] = []
        for i in 0..<(Paging.screenful + 12) {
            let book = Book(title: "서가의 책 \(String(format: "%03d", i))", author: "저자", status: .reading,
                            createdAt: base.addingTimeInterval(Double(i)), updatedAt: base.addingTimeInterval(Double(i)))
            try store.insertBook(book, owner: me)
            _ = try store.insertSentence(Sentence(bookId: book.id, text: "밑줄 \(String(format: "%03d", i))", createdAt: base.addingTimeInterval(Double(i))), owner: me)
            titles.append(book.title)
        }
        func count(_ html: String, _ needle: String) -> Int { html.components(separatedBy: needle).count - 1 }
        func moreHref(_ html: String) -> String? {
            guard let r = html.range(of: #"href="([^"]+)" rel="next" data-list-more"#, options: .regularExpression) else { return nil }
            let tag = String(html[r])
            return String(tag.dropFirst(6).prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
        }
        for (path, marker) in [("/reading", "<span class=\"book-card-title\">서가의 책 "), ("/sentences", "<blockquote class=\"sentence-text\">밑줄 ")] {
            let first = try await c.get(path)
            #expect(first.status == 200)
            #expect(count(first.text, marker) == Paging.screenful, "\(path) shows one screenful")
            #expect(first.text.contains(marker + "061") && !first.text.contains(marker + "011"), "\(path) shows the newest first")
            #expect(first.text.contains("더 보기"))
            let href = try #require(moreHref(first.text), "\(path) has a 더 보기 link")
            let second = try await c.get(href)
            #expect(second.status == 200)
            #expect(count(second.text, marker) == 12 && second.text.contains(marker + "000") && second.text.contains(marker + "011"))
            #expect(!second.text.contains(marker + "012") && moreHref(second.text) == nil, "the last page has no link")
        }
        // A filter stays on the link.
        let filtered = try await c.get("/reading?status=reading")
        #expect(moreHref(filtered.text)?.contains("status=reading") == true)
    }

    @Test func perAccountLimitsAnswer422And413() async throws {
        let server = try await TestServer.start(seedDemo: false) {
            $0.maxBooksPerAccount = 3
            $0.maxSentencesPerAccount = 2
            $0.maxStoredMBPerAccount = 0
        }
        let c = Client(server)
        try await c.signUp()
        _ = try await c.request("PATCH", "/api/v1/me", json: ["language": "ko"])
        var ids: [String] = []
        for i in 0..<3 {
            let r = try await c.request("POST", "/api/v1/books", json: ["title": "책 \(i)"])
            #expect(r.status == 201)
            ids.append(try #require((r.json["book"] as? [String: Any])?["id"] as? String))
        }
        let full = try await c.request("POST", "/api/v1/books", json: ["title": "넷째 책"])
        #expect(full.status == 422 && full.errorCode == "too_many_books")
        #expect(full.text.contains("3권까지"))
        for i in 0..<2 {
            #expect(try await c.request("POST", "/api/v1/books/\(ids[0])/sentences", json: ["text": "문장 \(i)"]).status == 201)
        }
        let third = try await c.request("POST", "/api/v1/books/\(ids[1])/sentences", json: ["text": "세 번째"])
        #expect(third.status == 422 && third.errorCode == "too_many_sentences")
        // An import that would cross the limit is refused whole: the shelf is as it was.
        _ = try await c.request("DELETE", "/api/v1/books/\(ids[2])")
        let csv = try Data(contentsOf: URL(fileURLWithPath: TestServer.packageRoot + "/Tests/Fixtures/external/goodreads/goodreads_library_export.csv"))
        let imported = try await c.multipart("/api/v1/imports", files: [("file", "goodreads.csv", "text/csv", csv)])
        #expect(imported.status == 422 && imported.errorCode == "too_many_books", "\(imported.text)")
        #expect((try await c.get("/api/v1/books").json["items"] as? [Any])?.count == 2)
        let form = try await c.multipart("/reading/import", fields: [("csrf_token", c.csrfToken ?? "")],
                                         files: [("file", "goodreads.csv", "text/csv", csv)], csrf: false)
        #expect(form.status == 422 && form.text.contains("3권까지") && form.text.contains("import"), "the import page says why")
        // Storage: no room for any PDF.
        let pdf = try await c.upload(TestPDFs.blankPages(1))
        #expect(pdf.status == 413 && pdf.errorCode == "storage_full", "\(pdf.text)")
        #expect((try await c.get("/api/v1/notes").json["items"] as? [Any])?.isEmpty == true)
        // A restore is counted before it writes: merge counts what the account does not have yet.
        var document = try #require(try JSONSerialization.jsonObject(with: try await c.get("/api/v1/backup").body) as? [String: Any])
        #expect(try await c.request("POST", "/api/v1/restore?mode=merge", json: document).status == 200)
        var books = try #require(document["books"] as? [[String: Any]])
        for _ in 0..<2 {
            var copy = try #require(books.first)
            copy["id"] = UUID().uuidString.lowercased()
            copy["isbn13"] = nil
            copy["title"] = "복원된 책 \(books.count)"
            books.append(copy)
        }
        document["books"] = books
        let merged = try await c.request("POST", "/api/v1/restore?mode=merge", json: document)
        #expect(merged.status == 422 && merged.errorCode == "too_many_books", "\(merged.text)")
        let replaced = try await c.request("POST", "/api/v1/restore?mode=replace", json: document)
        #expect(replaced.status == 422 && replaced.errorCode == "too_many_books", "\(replaced.text)")
        #expect((try await c.get("/api/v1/books").json["items"] as? [Any])?.count == 2, "nothing written")

        _ = try await c.request("PATCH", "/api/v1/me", json: ["language": "en"])
        let english = try await c.request("POST", "/api/v1/books/\(ids[1])/sentences", json: ["text": "third"])
        #expect(english.text.contains("at most 2 sentences") && !english.text.contains("문장은"))
    }
}
