import Foundation
import Testing
@testable import NotioApp

/// Every route that takes an id is tried by a second account against the first account's data:
/// the answer must be 404 (never revealing that the id exists) and nothing may change.
/// A route with a path parameter and no probe here fails the test, so new features must add one.
@Suite struct IsolationTests {
    /// How to make a resource as its owner, for each route pattern that names one.
    /// Returns the values for the pattern's parameters.
    typealias Probe = @Sendable (Client) async throws -> [String: String]

    /// What the probes made, so the test can check afterwards that all of it is still there.
    actor Made {
        var notes: [String] = []
        var readyNote: (id: String, conceptId: String)?
        var quiz: (id: String, questionIds: [String])?
        var attempt: String?
        var books: [String] = []
        var sentences: [String] = []
        func add(note id: String) { notes.append(id) }
        func add(book id: String) { books.append(id) }
        func add(sentence id: String) { sentences.append(id) }
        func setReady(_ v: (String, String)) { readyNote = v }
        func setQuiz(_ v: (String, [String])) { quiz = v }
        func setAttempt(_ v: String) { attempt = v }
    }

    static func probes(_ made: Made) -> [String: Probe] {
        let note: Probe = { owner in
            let r = try await owner.upload(TestPDFs.blankPages(2), title: "주인의 노트")
            let id = (r.json["note"] as? [String: Any])?["id"] as? String ?? "missing"
            await made.add(note: id)
            return ["id": id]
        }
        let job: Probe = { owner in
            let r = try await owner.upload(TestPDFs.blankPages(2), title: "주인의 노트")
            await made.add(note: (r.json["note"] as? [String: Any])?["id"] as? String ?? "missing")
            return ["id": (r.json["job"] as? [String: Any])?["id"] as? String ?? "missing"]
        }
        // A note whose analysis finished (made once), with the id of its first concept.
        let concept: Probe = { owner in
            if let ready = await made.readyNote { return ["id": ready.id, "conceptId": ready.conceptId] }
            let pdf = try Data(contentsOf: URL(fileURLWithPath: TestPDFs.path("lshort-ko.pdf")))
            let r = try await owner.upload(pdf, title: "주인의 노트")
            let id = (r.json["note"] as? [String: Any])?["id"] as? String ?? "missing"
            _ = try await owner.waitForJob((r.json["job"] as? [String: Any])?["id"] as? String ?? "missing")
            let concepts = try await owner.get("/api/v1/notes/\(id)").json["concepts"] as? [[String: Any]]
            let conceptId = concepts?.first?["id"] as? String ?? "missing"
            await made.add(note: id)
            await made.setReady((id, conceptId))
            return ["id": id, "conceptId": conceptId]
        }
        // A quiz on that note (made once).
        let quiz: Probe = { owner in
            if let q = await made.quiz { return ["id": q.id] }
            let noteId = try await concept(owner)["id"]!
            let r = try await owner.request("POST", "/api/v1/notes/\(noteId)/quizzes", json: ["difficulty": "easy", "count": 3])
            let z = r.json["quiz"] as? [String: Any]
            let ids = (z?["questions"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            await made.setQuiz((z?["id"] as? String ?? "missing", ids))
            return ["id": z?["id"] as? String ?? "missing"]
        }
        // An attempt on a second quiz with every answer left blank: all wrong, all in the notebook
        // and the review queue.
        let attempt: Probe = { owner in
            if let a = await made.attempt { return ["id": a] }
            let noteId = try await concept(owner)["id"]!
            let z = try await owner.request("POST", "/api/v1/notes/\(noteId)/quizzes", json: ["difficulty": "medium", "count": 2]).json["quiz"] as? [String: Any]
            let r = try await owner.request("POST", "/api/v1/quizzes/\(z?["id"] as? String ?? "missing")/attempts", json: ["answers": [[String: Any]]()])
            let id = (r.json["attempt"] as? [String: Any])?["id"] as? String ?? "missing"
            await made.setAttempt(id)
            return ["id": id]
        }
        let reviewItem: Probe = { owner in
            let attemptId = try await attempt(owner)["id"]!
            let a = try await owner.get("/api/v1/attempts/\(attemptId)").json["attempt"] as? [String: Any]
            return ["questionId": (a?["answers"] as? [[String: Any]])?.first?["questionId"] as? String ?? "missing"]
        }
        let book: Probe = { owner in
            let r = try await owner.request("POST", "/api/v1/books", json: ["title": "주인의 책", "author": "주인"])
            let id = (r.json["book"] as? [String: Any])?["id"] as? String ?? "missing"
            await made.add(book: id)
            return ["id": id]
        }
        let sentence: Probe = { owner in
            let bookId = try await book(owner)["id"]!
            let r = try await owner.request("POST", "/api/v1/books/\(bookId)/sentences", json: ["text": "주인의 문장", "page": 3, "emotion": "calm"])
            let id = (r.json["sentence"] as? [String: Any])?["id"] as? String ?? "missing"
            await made.add(sentence: id)
            return ["id": id]
        }
        let session: Probe = { owner in
            let bookId = try await book(owner)["id"]!
            let now = Date()
            let r = try await owner.request("POST", "/api/v1/books/\(bookId)/sessions", json: [
                "startedAt": JSON.iso8601(now.addingTimeInterval(-1800)), "endedAt": JSON.iso8601(now.addingTimeInterval(-600))])
            return ["id": (r.json["session"] as? [String: Any])?["id"] as? String ?? "missing"]
        }
        return [
            "/api/v1/books/{id}/sessions": book,
            "/api/v1/sessions/{id}": session,
            "/api/v1/books/{id}": book,
            "/api/v1/books/{id}/cover": book,
            "/api/v1/books/{id}/sentences": book,
            "/api/v1/sentences/{id}": sentence,
            "/books/{id}": book,
            "/books/{id}/edit": book,
            "/books/{id}/delete": book,
            "/books/{id}/sentences/new": book,
            "/books/{id}/sentences": book,
            "/sentences/{id}/edit": sentence,
            "/sentences/{id}/card": sentence,
            "/api/v1/sentences/{id}/card": sentence,
            "/sentences/{id}": sentence,
            "/sentences/{id}/delete": sentence,
            "/notes/{id}": note,
            "/notes/{id}/progress": note,
            "/notes/{id}/source": note,
            "/notes/{id}/delete": note,
            "/notes/{id}/concepts/{conceptId}": concept,
            "/jobs/{id}/cancel": job,
            "/api/v1/notes/{id}": note,
            "/api/v1/notes/{id}/source": note,
            "/api/v1/jobs/{id}": job,
            "/api/v1/jobs/{id}/events": job,
            "/api/v1/jobs/{id}/cancel": job,
            "/api/v1/notes/{id}/quizzes": concept,
            "/api/v1/notes/{id}/quiz-supply": concept,
            "/api/v1/quizzes/{id}": quiz,
            "/api/v1/quizzes/{id}/attempts": quiz,
            "/api/v1/notes/{id}/attempts": concept,
            "/api/v1/attempts/{id}": attempt,
            "/api/v1/notes/{id}/wrong-answers": attempt_note(attempt, made),
            "/api/v1/notes/{id}/wrong-answers/quiz": attempt_note(attempt, made),
            "/api/v1/review/{questionId}": reviewItem,
            "/notes/{id}/quizzes": concept,
            "/notes/{id}/try": concept,
            "/quizzes/{id}": quiz,
            "/attempts/{id}": attempt,
            "/notes/{id}/attempts": concept,
            "/notes/{id}/wrong-answers": attempt_note(attempt, made),
            "/notes/{id}/wrong-answers/quiz": attempt_note(attempt, made),
            "/review/{questionId}": reviewItem,
        ]
    }

    /// The note of the probe attempt, which has entries in its notebook.
    static func attempt_note(_ attempt: @escaping Probe, _ made: Made) -> Probe {
        { owner in
            _ = try await attempt(owner)
            return ["id": await made.readyNote?.id ?? "missing"]
        }
    }

    @Test func everyRouteWithAnIdIsOwnerScoped() async throws {
        // The owner uploads a note per route in quick succession, more than the three a reader
        // may keep waiting; the waiting-jobs limit has tests of its own (FairJobsTests).
        let server = try await TestServer.start { $0.maxQueuedJobsPerReader = 100 }
        let owner = Client(server), intruder = Client(server)
        try await owner.signUp()
        try await intruder.signUp()
        let parameterised = routeTable(server.app.context).filter { $0.pattern.contains("{") }
        let made = Made()
        let probes = Self.probes(made)
        for route in parameterised {
            let probe = try #require(probes[route.pattern], "no isolation probe for \(route.method) \(route.pattern)")
            let params = try await probe(owner)
            var path = route.pattern
            for (k, v) in params { path = path.replacingOccurrences(of: "{\(k)}", with: v) }
            let r = try await intruder.request(route.method, path, json: route.method == "GET" || route.method == "DELETE" ? nil : [String: String]())
            #expect(r.status == 404, "\(route.method) \(path) answered \(r.status) to another account")
        }
        // Nothing of the owner's was changed or removed by the attempts.
        let notes = try await owner.get("/api/v1/notes").json["items"] as? [[String: Any]] ?? []
        let made_notes = await made.notes
        #expect(Set(notes.compactMap { $0["id"] as? String }) == Set(made_notes))
        #expect(notes.allSatisfy { $0["title"] as? String == "주인의 노트" })
        if let q = await made.quiz {
            #expect((try await owner.get("/api/v1/quizzes/\(q.id)").json["quiz"] as? [String: Any])?["attemptId"] == nil)
        }
        #expect((try await owner.get("/api/v1/wrong-answers").json["items"] as? [Any])?.count == 2)
        #expect((try await intruder.get("/api/v1/notes").json["items"] as? [Any])?.isEmpty == true)
        let books = try await owner.get("/api/v1/books").json["items"] as? [[String: Any]] ?? []
        let madeBooks = await made.books
        #expect(Set(books.compactMap { $0["id"] as? String }) == Set(madeBooks))
        #expect(books.allSatisfy { $0["title"] as? String == "주인의 책" })
        let sentences = try await owner.get("/api/v1/sentences").json["items"] as? [[String: Any]] ?? []
        let madeSentences = await made.sentences
        #expect(Set(sentences.compactMap { $0["id"] as? String }) == Set(madeSentences))
        #expect(sentences.allSatisfy { $0["text"] as? String == "주인의 문장" && $0["emotion"] as? String == "calm" })
        #expect((try await intruder.get("/api/v1/books").json["items"] as? [Any])?.isEmpty == true)
        #expect((try await intruder.get("/api/v1/sentences").json["items"] as? [Any])?.isEmpty == true)
        #expect((try await intruder.get("/api/v1/wrong-answers").json["items"] as? [Any])?.isEmpty == true)
        #expect(try await intruder.get("/api/v1/stats/study").json["totals"].flatMap { ($0 as? [String: Any])?["solved"] as? Int } == 0)
    }

    @Test func meIsAlwaysTheCaller() async throws {
        let server = try await TestServer.start()
        let a = Client(server), b = Client(server)
        try await a.signUp(email: "a@example.com", name: "에이")
        try await b.signUp(email: "b@example.com", name: "비")
        #expect((try await a.get("/api/v1/me").json["user"] as? [String: Any])?["email"] as? String == "a@example.com")
        #expect((try await b.get("/api/v1/me").json["user"] as? [String: Any])?["email"] as? String == "b@example.com")
        // A's token is no use with B's cookie.
        let mixed = try await b.request("PATCH", "/api/v1/me", json: ["language": "en"], headers: ["X-CSRF-Token": a.csrfToken!], csrf: false)
        #expect(mixed.status == 403)
    }
}
