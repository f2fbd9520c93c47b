import Foundation
import Testing
import NotioCore
@testable import NotioApp
import NotioCodecs
import NotioTestSupport

/// A reader's own backup always restores (same server or a new one), and a restore never reaches
/// another account (issue 12, points 1 and 2).
@Suite(.serialized) struct BackupRestoreTests {
    /// A document as a test compares it: without its export time; optionally without what a new
    /// server cannot keep the same (the account's id and creation time).
    static func comparable(_ data: Data, sameAccount: Bool = true, dropCovers: Bool = false) throws -> NSDictionary {
        var doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(String(decoding: data.prefix(300), as: UTF8.self))")
        doc["exportedAt"] = nil
        if !sameAccount, var user = doc["user"] as? [String: Any] {
            user["id"] = nil
            user["createdAt"] = nil
            doc["user"] = user
        }
        if dropCovers { doc["books"] = (doc["books"] as? [[String: Any]] ?? []).map { var b = $0; b["coverFile"] = nil; return b } }
        return doc as NSDictionary
    }

    /// Names the tables that differ, for a readable failure.
    static func differences(_ a: NSDictionary, _ b: NSDictionary) -> [String] {
        let keys = Set((a.allKeys as? [String] ?? []) + (b.allKeys as? [String] ?? []))
        return keys.sorted().filter { key in !NSArray(array: [a[key] ?? NSNull()]).isEqual(to: [b[key] ?? NSNull()]) }
            .map { "\($0): \(String(describing: a[$0]).prefix(300)) ≠ \(String(describing: b[$0]).prefix(300))" }
    }

    static func zip(_ entries: [(String, Data)]) throws -> Data {
        final class Sink: @unchecked Sendable { var data = Data() }
        let out = Sink()
        let writer = ZipWriter { out.data.append($0) }
        for (name, data) in entries { try writer.add(name: name, data: data, modified: Date(timeIntervalSince1970: 1_700_000_000)) }
        try writer.finish()
        return out.data
    }

    static func coverServer(_ fake: FakeServices, seedDemo: Bool = false, clock: TestClock? = nil, dataDirectory: String? = nil) async throws -> TestServer {
        try await TestServer.start(seedDemo: seedDemo, dataDirectory: dataDirectory, clock: clock) { c in
            c.coversFromPrivateHosts = true
        }
    }

    /// Adds a book whose cover the app downloads from the fake catalog; returns its id once stored.
    static func bookWithCover(_ c: Client, _ fake: FakeServices, title: String) async throws -> String {
        let added = try await c.request("POST", "/api/v1/books", json: ["title": title, "coverUrl": fake.root.appendingPathComponent("covers/tiny.png").absoluteString])
        #expect(added.status == 201, "\(added.text)")
        let id = try #require((added.json["book"] as? [String: Any])?["id"] as? String)
        for _ in 0..<200 {
            if (try await c.get("/api/v1/books/\(id)").json["coverUrl"] as? String)?.hasPrefix("/api/v1/books/") == true { return id }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the cover of \(title) was never stored")
        return id
    }

    static func restore(_ c: Client, _ mode: String, _ body: Data, zip: Bool, dryRun: Bool = false) async throws -> Reply {
        let query = "/api/v1/restore?mode=\(mode)" + (dryRun ? "&dryRun=true" : "")
        if zip { return try await c.multipart(query, files: [("file", "backup.zip", "application/zip", body)]) }
        return try await c.request("POST", query, body: body, contentType: "application/json")
    }

    // MARK: 1. Any account's backup restores

    @Test(.enabled(if: TestPDFs.available, TestPDFs.missing))
    func anAccountMadeThroughTheAPIRestoresOnTheSameServerAndANewOne() async throws {
        let fake = try await FakeServices.shared()
        let server = try await Self.coverServer(fake)
        let c = Client(server)
        let email = "reader-\(UUID().uuidString.prefix(6).lowercased())@example.com"
        try await c.signUp(email: email)

        // Three uploads: two text PDFs (the analysis numbers concepts concept-1… in each) and a scan.
        var noteIds: [String] = []
        let uploads: [(Data, String)] = [
            (try Data(contentsOf: URL(fileURLWithPath: TestPDFs.path("kotex-doc.pdf"))), "kotex-doc.pdf"),
            (try Data(contentsOf: URL(fileURLWithPath: TestPDFs.path("cjk-ko-doc.pdf"))), "cjk-ko-doc.pdf"),
            (try TestPDFs.scanned(pages: 3...4), "scan.pdf"),
        ]
        for (pdf, name) in uploads {
            let accepted = try await c.upload(pdf, fileName: name)
            #expect(accepted.status == 202, "\(accepted.text)")
            noteIds.append(try #require((accepted.json["note"] as? [String: Any])?["id"] as? String))
            let job = try await c.waitForJob((accepted.json["job"] as? [String: Any])?["id"] as? String ?? "", timeout: 300)
            #expect(job["state"] as? String == "done", "\(job)")
        }
        // Quizzes answered wrong-ish, a retry of the wrong ones, and a review answered.
        var wrongQuestions: [String] = []
        var kinds: [String: String] = [:]
        for noteId in noteIds.prefix(2) {
            let made = try await c.request("POST", "/api/v1/notes/\(noteId)/quizzes", json: ["difficulty": "medium", "count": 4])
            #expect(made.status == 201, "\(made.text)")
            let quiz = try #require(made.json["quiz"] as? [String: Any])
            for q in quiz["questions"] as? [[String: Any]] ?? [] { kinds[q["id"] as? String ?? ""] = q["kind"] as? String }
            let answers: [[String: Any]] = (quiz["questions"] as? [[String: Any]] ?? []).map { q in
                q["kind"] as? String == "choice" ? ["questionId": q["id"]!, "choice": 0] : ["questionId": q["id"]!, "text": "모름"]
            }
            let attempt = try await c.request("POST", "/api/v1/quizzes/\(quiz["id"]!)/attempts", json: ["answers": answers])
            #expect(attempt.status == 201)
            wrongQuestions += ((attempt.json["attempt"] as? [String: Any])?["answers"] as? [[String: Any]] ?? [])
                .filter { $0["isCorrect"] as? Bool == false }.compactMap { $0["questionId"] as? String }
        }
        #expect(!wrongQuestions.isEmpty)
        let retry = try await c.request("POST", "/api/v1/notes/\(noteIds[0])/wrong-answers/quiz")
        if retry.status == 201, let quiz = retry.json["quiz"] as? [String: Any] {
            let answers: [[String: Any]] = (quiz["questions"] as? [[String: Any]] ?? []).map { ["questionId": $0["id"]!, "text": "다시 모름"] }
            #expect(try await c.request("POST", "/api/v1/quizzes/\(quiz["id"]!)/attempts", json: ["answers": answers]).status == 201)
        }
        if let question = wrongQuestions.last {
            let answer: [String: Any] = kinds[question] == "choice" ? ["choice": 0] : ["text": "모름"]
            #expect(try await c.request("POST", "/api/v1/review/\(question)", json: answer).status == 200)
        }
        // Books with and without a cover, sentences, sessions, a running timer.
        let covered = try await Self.bookWithCover(c, fake, title: "표지 있는 책")
        let bare = try #require((try await c.request("POST", "/api/v1/books", json: ["title": "표지 없는 책", "author": "누군가"]).json["book"] as? [String: Any])?["id"] as? String)
        for (book, text) in [(covered, "첫 문장 \"따옴표\" \\ 역슬래시"), (bare, "둘째 문장\n줄바꿈 😀"), (bare, "셋째")] {
            #expect(try await c.request("POST", "/api/v1/books/\(book)/sentences", json: ["text": text, "page": 3, "emotion": "calm", "memo": "메모"]).status == 201)
        }
        let ended = Date().addingTimeInterval(-60), started = ended.addingTimeInterval(-900)
        #expect(try await c.request("POST", "/api/v1/books/\(bare)/sessions", json: ["startedAt": started.ISO8601Format(), "endedAt": ended.ISO8601Format()]).status == 201)
        #expect(try await c.request("POST", "/api/v1/timer/start", json: ["bookId": covered, "minutes": 25]).status == 200)

        let json = try await c.get("/api/v1/backup")
        let zip = try await c.get("/api/v1/backup?files=true")
        #expect(json.status == 200 && zip.status == 200)
        let doc = try #require(try JSONSerialization.jsonObject(with: json.body) as? [String: Any])
        #expect(doc["version"] as? Int == 2)
        let concepts = doc["concepts"] as? [[String: Any]] ?? []
        #expect(Set(concepts.compactMap { $0["id"] as? String }).count < concepts.count, "concept ids repeat across notes: the case that broke")
        for key in ["notes", "notePages", "concepts", "quizzes", "questions", "attempts", "attemptAnswers", "wrongAnswers", "reviewCards",
                    "books", "sentences", "sessions", "timer"] {
            #expect(!((doc[key] as? [Any]) ?? []).isEmpty, "\(key) is empty")
        }
        #expect((doc["notePages"] as? [[String: Any]] ?? []).contains { $0["ocr"] as? Bool == true }, "the scan was read by OCR")
        let before = try Self.comparable(json.body)

        // The same server: dry run, merge, replace, with the JSON and with the zip.
        for (body, isZip) in [(json.body, false), (zip.body, true)] {
            let dry = try await Self.restore(c, "replace", body, zip: isZip, dryRun: true)
            #expect(dry.status == 200, "\(dry.text)")
            #expect((dry.json["counts"] as? [String: Int])?["concepts"] == concepts.count)
            let merged = try await Self.restore(c, "merge", body, zip: isZip)
            #expect(merged.status == 200, "\(merged.text)")
            #expect(((merged.json["counts"] as? [String: Int]) ?? [:]).values.allSatisfy { $0 == 0 }, "merging one's own backup adds nothing: \(merged.text)")
            let replaced = try await Self.restore(c, "replace", body, zip: isZip)
            #expect(replaced.status == 200, "\(replaced.text)")
            let after = try Self.comparable(try await c.get("/api/v1/backup").body)
            #expect(after == before, "\(Self.differences(before, after))")
        }
        #expect(try await c.get("/api/v1/books/\(covered)/cover").status == 200)
        #expect(try await c.get("/api/v1/timer").json["state"] as? String == "running")

        // A new server (a new data folder), the same email signed up there.
        for isZip in [true, false] {
            let other = try await Self.coverServer(fake)
            let d = Client(other)
            try await d.signUp(email: email)
            let restored = try await Self.restore(d, "replace", isZip ? zip.body : json.body, zip: isZip)
            #expect(restored.status == 200, "\(restored.text)")
            let there = try Self.comparable(try await d.get("/api/v1/backup").body, sameAccount: false, dropCovers: !isZip)
            let here = try Self.comparable(json.body, sameAccount: false, dropCovers: !isZip)
            #expect(there == here, "\(Self.differences(here, there))")
            if isZip {
                #expect(try await d.get("/api/v1/books/\(covered)/cover").body == (try await c.get("/api/v1/books/\(covered)/cover").body))
                let pdf = try Data(contentsOf: URL(fileURLWithPath: other.dataDirectory + "/files/notes/\(noteIds[0]).pdf"))
                #expect(pdf == uploads[0].0)
            } else {
                // A JSON document carries no cover bytes: the new server has no file to serve.
                #expect(try await d.get("/api/v1/books/\(covered)/cover").status == 404)
            }
            #expect(try await d.get("/api/v1/notes/\(noteIds[1])").json["state"] as? String == "ready")
        }
    }

    /// A version 1 document (downloaded before the fix) with two notes whose concepts share ids.
    @Test func aVersion1DocumentWithConceptIdsRepeatedAcrossNotesRestores() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let me = try #require(try await c.get("/api/v1/me").json["user"] as? [String: Any])
        let t = "2026-03-01T09:00:00.000Z"
        func note(_ id: String) -> [String: Any] {
            ["id": id, "title": "노트 \(id)", "category": "general", "favorite": false, "state": "ready", "fileName": "\(id).pdf", "fileSize": 10,
             "pageCount": 1, "titleLocked": false, "searchText": "검색 \(id)", "createdAt": t, "updatedAt": t]
        }
        func concept(_ id: String, _ noteId: String, _ position: Int) -> [String: Any] {
            ["id": id, "noteId": noteId, "position": position, "name": "\(noteId)의 \(id)", "summary": "요약", "keyPoints": ["하나"], "pages": [1]]
        }
        let doc: [String: Any] = [
            "format": "notio-backup", "version": 1, "exportedAt": t, "user": me,
            "notes": [note("n1"), note("n2")],
            "concepts": [concept("concept-1", "n1", 0), concept("concept-2", "n1", 1), concept("concept-1", "n2", 0), concept("concept-2", "n2", 1)],
            "quizzes": [["id": "q1", "noteId": "n2", "difficulty": "easy", "origin": "new", "createdAt": t]],
            "questions": [["id": "qq1", "quizId": "q1", "noteId": "n2", "position": 0, "kind": "short", "form": "definition", "prompt": "무엇?",
                           "options": [], "answer": "답", "alternatives": [], "conceptId": "concept-1", "conceptName": "n2의 concept-1"]],
        ]
        let body = try JSONSerialization.data(withJSONObject: doc)
        let r = try await c.request("POST", "/api/v1/restore?mode=replace", body: body, contentType: "application/json")
        #expect(r.status == 200, "\(r.text)")
        #expect((r.json["counts"] as? [String: Int])?["concepts"] == 4)
        let back = try #require(try JSONSerialization.jsonObject(with: try await c.get("/api/v1/backup").body) as? [String: Any])
        #expect(back["version"] as? Int == 2)
        let pairs = Set((back["concepts"] as? [[String: Any]] ?? []).map { "\($0["noteId"]!)/\($0["id"]!)" })
        #expect(pairs == ["n1/concept-1", "n1/concept-2", "n2/concept-1", "n2/concept-2"])
        #expect(try await c.get("/notes/n2/concepts/concept-1").status == 200)
        // Within one note an id still may not repeat.
        var twice = doc
        twice["concepts"] = [concept("concept-1", "n1", 0), concept("concept-1", "n1", 1)]
        let refused = try await c.request("POST", "/api/v1/restore?mode=replace", body: try JSONSerialization.data(withJSONObject: twice), contentType: "application/json")
        #expect(refused.status == 422)
        #expect(((refused.json["error"] as? [String: Any])?["fields"] as? [String: String])?["$.concepts[1].id"] != nil, "\(refused.text)")
    }

    // MARK: 2. Restore is confined to its account

    /// The victim (the demo account, with a cover of its own) and an attacker's fresh account.
    static func victimAndAttacker(_ fake: FakeServices) async throws -> (TestServer, victim: Client, attacker: Client, coverBook: String, coverName: String) {
        let server = try await Self.coverServer(fake, seedDemo: true)
        let victim = try await BackupTests.demo(server)
        let coverBook = try await Self.bookWithCover(victim, fake, title: "피해자의 책")
        let etag = try #require(try await victim.get("/api/v1/books/\(coverBook)/cover").header("ETag"))
        let attacker = Client(server)
        try await attacker.signUp()
        return (server, victim, attacker, coverBook, etag.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
    }

    /// The attacker's own document, as the server exports it, with a change.
    static func attackerDocument(_ attacker: Client, _ change: (inout [String: Any]) -> Void) async throws -> Data {
        var doc = try #require(try JSONSerialization.jsonObject(with: try await attacker.get("/api/v1/backup").body) as? [String: Any])
        change(&doc)
        return try JSONSerialization.data(withJSONObject: doc)
    }

    static func book(_ id: String, cover: String?) -> [String: Any] {
        var b: [String: Any] = ["id": id, "title": "공격자의 책", "author": "", "status": "reading",
                                "createdAt": "2026-03-01T09:00:00.000Z", "updatedAt": "2026-03-01T09:00:00.000Z"]
        if let cover { b["coverFile"] = cover }
        return b
    }

    static func field(_ r: Reply, _ path: String) -> String? {
        ((r.json["error"] as? [String: Any])?["fields"] as? [String: String])?[path]
    }

    @Test func attackA_aZipCannotOverwriteAnotherAccountsCover() async throws {
        let fake = try await FakeServices.shared()
        let (server, victim, attacker, coverBook, name) = try await Self.victimAndAttacker(fake)
        let original = try await victim.get("/api/v1/books/\(coverBook)/cover").body
        let doc = try await Self.attackerDocument(attacker) { $0["books"] = [Self.book("attack-a", cover: name)] }
        let evil = Data("not the victim's picture".utf8)
        for mode in ["merge", "replace"] {
            let r = try await Self.restore(attacker, mode, try Self.zip([("notio-backup.json", doc), ("files/covers/\(name)", evil)]), zip: true)
            #expect(r.status == 422, "\(r.text)")
            #expect(r.errorCode == "invalid_backup")
            #expect(Self.field(r, "files/covers/\(name)") != nil, "\(r.text)")
        }
        #expect(try await victim.get("/api/v1/books/\(coverBook)/cover").body == original)
        #expect(FileManager.default.contents(atPath: server.dataDirectory + "/files/covers/\(name)") == original)
        #expect(try await attacker.get("/api/v1/books/attack-a").status == 404, "nothing was written")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: server.dataDirectory + "/tmp").filter { $0.hasPrefix("restore-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func attackB_aReviewCardCannotNameAnotherAccountsQuestion() async throws {
        let fake = try await FakeServices.shared()
        let (server, victim, attacker, _, _) = try await Self.victimAndAttacker(fake)
        defer { withExtendedLifetime(server) {} }
        let victimDoc = try #require(try JSONSerialization.jsonObject(with: try await victim.get("/api/v1/backup").body) as? [String: Any])
        let question = try #require((victimDoc["questions"] as? [[String: Any]])?.first?["id"] as? String)
        let doc = try await Self.attackerDocument(attacker) {
            $0["reviewCards"] = [["itemKind": "question", "itemId": question, "stability": 1.0, "difficulty": 5.0, "due": "2020-01-01T00:00:00.000Z",
                                  "reps": 1, "lapses": 0, "state": "review"]]
        }
        for mode in ["merge", "replace"] {
            let r = try await attacker.request("POST", "/api/v1/restore?mode=\(mode)", body: doc, contentType: "application/json")
            #expect(r.status == 422, "\(r.text)")
            #expect(Self.field(r, "$.reviewCards[0].itemId") != nil, "\(r.text)")
        }
        let queue = try await attacker.get("/api/v1/review")
        #expect(queue.status == 200)
        #expect(!queue.text.contains(question))
        #expect((queue.json["items"] as? [Any])?.isEmpty == true)
    }

    @Test func attackC_aCoverNameWithoutItsBytesNeverServesAnotherAccountsFile() async throws {
        let fake = try await FakeServices.shared()
        let (server, _, attacker, _, name) = try await Self.victimAndAttacker(fake)
        defer { withExtendedLifetime(server) {} }
        let doc = try await Self.attackerDocument(attacker) { $0["books"] = [Self.book("attack-c", cover: name)] }
        // The JSON alone, and a zip without the file: the name is not the attacker's to use.
        for (body, isZip) in [(doc, false), (try Self.zip([("notio-backup.json", doc)]), true)] {
            let r = try await Self.restore(attacker, "replace", body, zip: isZip)
            #expect(r.status == 200, "\(r.text)")
            #expect(try await attacker.get("/api/v1/books/attack-c/cover").status == 404)
            let back = try #require(try JSONSerialization.jsonObject(with: try await attacker.get("/api/v1/backup").body) as? [String: Any])
            #expect((back["books"] as? [[String: Any]])?.first?["coverFile"] == nil)
        }
    }

    @Test func attackD_badNamesAre422BeforeAnyRowIsWritten() async throws {
        let fake = try await FakeServices.shared()
        let (server, _, attacker, _, _) = try await Self.victimAndAttacker(fake)
        defer { withExtendedLifetime(server) {} }
        let before = try BackupTests.comparable(try await attacker.get("/api/v1/backup").body)
        let t = "2026-03-01T09:00:00.000Z"
        let cases: [(String, Data, String)] = [
            ("hidden cover", try await Self.attackerDocument(attacker) { $0["books"] = [Self.book("attack-d", cover: ".hidden.png")] }, "$.books[0].coverFile"),
            ("note id with a slash", try await Self.attackerDocument(attacker) {
                $0["books"] = [Self.book("attack-d", cover: nil)]
                $0["notes"] = [["id": "a/b", "title": "경로", "category": "general", "favorite": false, "state": "ready", "fileName": "x.pdf",
                                "fileSize": 1, "pageCount": 1, "titleLocked": false, "searchText": "", "createdAt": t, "updatedAt": t]]
            }, "$.notes[0].id"),
            ("dot-dot sentence id", try await Self.attackerDocument(attacker) {
                $0["books"] = [Self.book("attack-d", cover: nil)]
                $0["sentences"] = [["id": "..", "bookId": "attack-d", "text": "x", "createdAt": t, "updatedAt": t]]
            }, "$.sentences[0].id"),
        ]
        for (name, doc, path) in cases {
            for isZip in [false, true] {
                let body = isZip ? try Self.zip([("notio-backup.json", doc), ("files/covers/.hidden.png", Data([1, 2, 3]))]) : doc
                let r = try await Self.restore(attacker, "replace", body, zip: isZip)
                #expect(r.status == 422, "\(name): \(r.text)")
                #expect(Self.field(r, path) != nil, "\(name): \(r.text)")
            }
        }
        #expect(try BackupTests.comparable(try await attacker.get("/api/v1/backup").body) == before, "nothing was written")
    }

    /// The answer is in the reader's language only.
    @Test func theMessageIsInTheReadersLanguage() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let bad = Data(#"{"format":"notio-backup","version":1,"exportedAt":"x"}"#.utf8)
        #expect(try await c.request("PATCH", "/api/v1/me", json: ["language": "ko"]).status == 200)
        let ko = try await c.request("POST", "/api/v1/restore?mode=merge", body: bad, contentType: "application/json")
        let message = (ko.json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(ko.status == 422)
        #expect(message.contains("복원할 수 없어요") && !message.contains("cannot be restored"), "\(message)")
        #expect(try await c.request("PATCH", "/api/v1/me", json: ["language": "en"]).status == 200)
        let en = try await c.request("POST", "/api/v1/restore?mode=merge", body: bad, contentType: "application/json")
        let english = (en.json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(english.contains("cannot be restored") && !english.contains("복원"), "\(english)")
    }

    /// A zip restore is all or nothing: a bad file anywhere leaves no row and no file; whatever a
    /// killed restore left in tmp/ is gone at the next start.
    @Test func aZipRestoreIsAllOrNothingAndLeavesNoTemporaryFiles() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let t = "2026-03-01T09:00:00.000Z"
        let cover = Data("a real cover's bytes".utf8)
        let goodName = Crypto.sha256Hex(cover) + ".png"
        let doc = try await Self.attackerDocument(c) {
            $0["notes"] = [["id": "zip-note", "title": "노트", "category": "general", "favorite": false, "state": "ready", "fileName": "x.pdf",
                            "fileSize": 1, "pageCount": 2, "titleLocked": false, "searchText": "", "createdAt": t, "updatedAt": t]]
            $0["books"] = [Self.book("zip-book", cover: goodName), Self.book("zip-book-2", cover: String(repeating: "a", count: 64) + ".jpg")]
        }
        let bad = try Self.zip([("notio-backup.json", doc), ("files/notes/zip-note.pdf", TestPDFs.blankPages(2)),
                                ("files/covers/\(goodName)", cover), ("files/covers/" + String(repeating: "a", count: 64) + ".jpg", Data([9]))])
        let r = try await Self.restore(c, "replace", bad, zip: true)
        #expect(r.status == 422, "\(r.text)")
        let files = server.dataDirectory + "/files"
        #expect(!FileManager.default.fileExists(atPath: files + "/notes/zip-note.pdf"))
        #expect(!FileManager.default.fileExists(atPath: files + "/covers/\(goodName)"))
        #expect(try await c.get("/api/v1/notes/zip-note").status == 404)
        #expect(try FileManager.default.contentsOfDirectory(atPath: server.dataDirectory + "/tmp").filter { $0.hasPrefix("restore-") }.isEmpty)

        // The good part alone goes in whole.
        let good = try Self.zip([("notio-backup.json", try await Self.attackerDocument(c) {
            $0["notes"] = (try? JSONSerialization.jsonObject(with: doc) as? [String: Any])?["notes"]
            $0["books"] = [Self.book("zip-book", cover: goodName)]
        }), ("files/notes/zip-note.pdf", TestPDFs.blankPages(2)), ("files/covers/\(goodName)", cover)])
        let ok = try await Self.restore(c, "replace", good, zip: true)
        #expect(ok.status == 200, "\(ok.text)")
        #expect(ok.json["files"] as? Int == 2)
        #expect(try await c.get("/api/v1/books/zip-book/cover").body == cover)
        #expect(FileManager.default.contents(atPath: files + "/notes/zip-note.pdf") == TestPDFs.blankPages(2))

        // Leftovers of a killed restore (written by hand here) are removed at the next start.
        await server.stopKeepingData()
        for name in ["restore-\(UUID().uuidString)", "pending-restore-x-y", "notio-upload-1-abcdef"] {
            FileManager.default.createFile(atPath: server.dataDirectory + "/tmp/\(name)", contents: Data([1]))
        }
        FileManager.default.createFile(atPath: server.dataDirectory + "/tmp/keep-me", contents: Data([1]))
        let again = try await TestServer.start(seedDemo: false, dataDirectory: server.dataDirectory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: again.dataDirectory + "/tmp") == ["keep-me"])
    }
}
