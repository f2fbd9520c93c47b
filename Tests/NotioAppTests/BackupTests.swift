import Foundation
import Testing
@testable import NotioApp
import NotioCodecs
import NotioTestSupport

/// Backup and restore: nothing a user made is lost, nothing bad gets in, a restore is all or nothing.
@Suite struct BackupTests {
    /// The document without its export time, for comparing two exports.
    static func comparable(_ data: Data) throws -> NSDictionary {
        var doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        doc["exportedAt"] = nil
        return doc as NSDictionary
    }

    static func demo(_ server: TestServer) async throws -> Client {
        let c = Client(server)
        _ = try await c.request("POST", "/api/v1/auth/login", json: ["email": "study@notio.io", "password": "password"])
        return c
    }

    @Test func exportWipeRestoreExportGivesTheSameDocumentWithFiles() async throws {
        let server = try await TestServer.start()
        let c = try await Self.demo(server)
        // A note with its PDF, a book with a stored cover, a running timer: every kind of thing.
        let upload = try await c.upload(TestPDFs.blankPages(2), title: "백업할 노트")
        _ = try await c.waitForJob((upload.json["job"] as? [String: Any])?["id"] as? String ?? "")
        let noteId = try #require((upload.json["note"] as? [String: Any])?["id"] as? String)
        let pdfPath = server.dataDirectory + "/files/notes/\(noteId).pdf"
        let pdf = try #require(FileManager.default.contents(atPath: pdfPath))
        let books = try await c.get("/api/v1/books").json["items"] as? [[String: Any]] ?? []
        let coverBook = try #require(books.first?["id"] as? String)
        let me = try #require((try await c.get("/api/v1/me").json["user"] as? [String: Any])?["id"] as? String)
        try server.app.context.reading.covers.save(Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]), contentType: "image/png", bookId: coverBook, owner: me)
        _ = try await c.request("POST", "/api/v1/timer/start", json: ["bookId": coverBook, "minutes": 30])

        let first = try await c.get("/api/v1/backup?files=true")
        #expect(first.status == 200)
        #expect(first.header("Content-Type") == "application/zip")
        #expect(first.header("Content-Disposition")?.contains("notio-backup-") == true)
        let json = try await c.get("/api/v1/backup")
        let before = try Self.comparable(json.body)
        let doc = try #require(try JSONSerialization.jsonObject(with: json.body) as? [String: Any])
        #expect(doc["format"] as? String == "notio-backup")
        #expect((doc["user"] as? [String: Any])?["passwordHash"] == nil)
        #expect(String(decoding: json.body, as: UTF8.self).range(of: "argon2") == nil, "never the password hash")
        for key in ["notes", "notePages", "concepts", "keywords", "quizzes", "questions", "attempts", "attemptAnswers", "wrongAnswers",
                    "reviewCards", "books", "sentences", "sessions", "timer"] {
            #expect(!((doc[key] as? [Any]) ?? []).isEmpty, "\(key) is empty in the demo backup")
        }

        // Wipe: everything the reader made, through the app's own delete routes.
        for note in try await c.get("/api/v1/notes").json["items"] as? [[String: Any]] ?? [] {
            _ = try await c.request("DELETE", "/api/v1/notes/\(note["id"] as? String ?? "")")
        }
        for book in books { _ = try await c.request("DELETE", "/api/v1/books/\(book["id"] as? String ?? "")") }
        #expect(!FileManager.default.fileExists(atPath: pdfPath))
        #expect((try await c.get("/api/v1/sentences").json["items"] as? [Any])?.isEmpty == true)

        let restored = try await c.multipart("/api/v1/restore?mode=replace", files: [("file", "backup.zip", "application/zip", first.body)])
        #expect(restored.status == 200, "\(restored.text)")
        #expect((restored.json["counts"] as? [String: Any])?["notes"] as? Int == (doc["notes"] as? [Any])?.count)
        #expect(restored.json["files"] as? Int == 2)
        let after = try Self.comparable(try await c.get("/api/v1/backup").body)
        let b = before as? [String: Any] ?? [:], a = after as? [String: Any] ?? [:]
        let differing = b.keys.sorted().filter { !NSDictionary(dictionary: [$0: b[$0]!]).isEqual(to: [$0: a[$0] ?? NSNull()]) }
        #expect(differing.isEmpty, "differs after the round trip: \(differing) \(differing.map { "\(String(describing: before[$0]).prefix(400)) ≠ \(String(describing: after[$0]).prefix(400))" })")
        #expect(FileManager.default.contents(atPath: pdfPath) == pdf)
        #expect(try await c.get("/api/v1/books/\(coverBook)/cover").status == 200)
        // Search works on what came back.
        #expect(!((try await c.get("/api/v1/sentences?q=" + "마음으로".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).json["items"] as? [Any]) ?? []).isEmpty)
        #expect(try await c.get("/api/v1/timer").json["state"] as? String == "running")
    }

    /// A reader unpacks the backup zip and packs it again with the `zip` tool (deflate, its own
    /// order and headers): it restores, files and all.
    @Test func aBackupZippedAgainByTheReaderRestores() async throws {
        let server = try await TestServer.start()
        let c = try await Self.demo(server)
        let upload = try await c.upload(TestPDFs.blankPages(2), title: "다시 묶은 백업")
        _ = try await c.waitForJob((upload.json["job"] as? [String: Any])?["id"] as? String ?? "")
        let noteId = try #require((upload.json["note"] as? [String: Any])?["id"] as? String)
        let pdfPath = server.dataDirectory + "/files/notes/\(noteId).pdf"
        let pdf = try #require(FileManager.default.contents(atPath: pdfPath))
        let zipped = try await c.get("/api/v1/backup?files=true")
        #expect(zipped.status == 200)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rezip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("unpacked"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try zipped.body.write(to: folder.appendingPathComponent("backup.zip"))
        func run(_ tool: String, _ arguments: [String], in directory: URL) throws {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
            p.arguments = arguments
            p.currentDirectoryURL = directory
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            #expect(p.terminationStatus == 0, "\(tool) \(arguments)")
        }
        try run("unzip", ["-q", "../backup.zip"], in: folder.appendingPathComponent("unpacked"))
        try run("zip", ["-q", "-r", "-9", "../again.zip", "."], in: folder.appendingPathComponent("unpacked"))
        let again = try Data(contentsOf: folder.appendingPathComponent("again.zip"))

        _ = try await c.request("DELETE", "/api/v1/notes/\(noteId)")
        #expect(!FileManager.default.fileExists(atPath: pdfPath))
        let restored = try await c.multipart("/api/v1/restore?mode=replace", files: [("file", "again.zip", "application/zip", again)])
        #expect(restored.status == 200, "\(restored.text)")
        #expect(FileManager.default.contents(atPath: pdfPath) == pdf)
    }

    @Test func mergeTwiceAddsNothingAndDryRunsWriteNothing() async throws {
        let server = try await TestServer.start()
        let c = try await Self.demo(server)
        let doc = try await c.get("/api/v1/backup").body
        let book = try await c.request("POST", "/api/v1/books", json: ["title": "백업 뒤에 산 책"])
        #expect(book.status == 201)
        let merged = try await c.request("POST", "/api/v1/restore?mode=merge", body: doc, contentType: "application/json")
        #expect(merged.status == 200)
        #expect(((merged.json["counts"] as? [String: Int]) ?? [:]).values.allSatisfy { $0 == 0 }, "\(merged.text)")
        #expect((try await c.get("/api/v1/books").json["items"] as? [Any])?.count == 9, "merge keeps what is newer")

        let dry = try await c.request("POST", "/api/v1/restore?mode=replace&dryRun=true", body: doc, contentType: "application/json")
        #expect(dry.json["dryRun"] as? Bool == true)
        #expect((dry.json["counts"] as? [String: Int])?["books"] == 8)
        #expect((try await c.get("/api/v1/books").json["items"] as? [Any])?.count == 9, "a dry run changes nothing")
        let replaced = try await c.request("POST", "/api/v1/restore?mode=replace", body: doc, contentType: "application/json")
        #expect(replaced.status == 200)
        #expect((try await c.get("/api/v1/books").json["items"] as? [Any])?.count == 8)
    }

    @Test func badDocumentsAre422AndChangeNothing() async throws {
        let server = try await TestServer.start()
        let c = try await Self.demo(server)
        let good = try await c.get("/api/v1/backup").body
        let before = try Self.comparable(good)
        var doc = try #require(try JSONSerialization.jsonObject(with: good) as? [String: Any])
        func variant(_ change: (inout [String: Any]) -> Void) throws -> Data {
            var d = doc
            change(&d)
            return try JSONSerialization.data(withJSONObject: d)
        }
        var sentences = doc["sentences"] as? [[String: Any]] ?? []
        sentences[3]["createdAt"] = "yesterday"
        let cases: [(String, Data, String)] = [
            ("corrupt", Data("{\"format\": \"notio-backup\", ".utf8), "$"),
            ("truncated", good.prefix(good.count / 2), "$"),
            ("wrong format", try variant { $0["format"] = "other-app" }, "$.format"),
            ("future version", try variant { $0["version"] = 99 }, "$.version"),
            ("another user", try variant { $0["user"] = ["id": "x", "email": "someone@else.org"] }, "$.user"),
            ("bad time", try variant { $0["sentences"] = sentences }, "$.sentences[3].createdAt"),
            ("dangling reference", try variant { d in
                var s = d["sentences"] as? [[String: Any]] ?? []
                s[0]["bookId"] = "no-such-book"
                d["sentences"] = s
            }, "$.sentences[0].bookId"),
            ("bad enum", try variant { d in
                var b = d["books"] as? [[String: Any]] ?? []
                b[1]["status"] = "lost"
                d["books"] = b
            }, "$.books[1].status"),
        ]
        for (name, data, path) in cases {
            for mode in ["replace", "merge"] {
                let r = try await c.request("POST", "/api/v1/restore?mode=\(mode)", body: data, contentType: "application/json")
                #expect(r.status == 422, "\(name): \(r.status)")
                #expect(r.errorCode == "invalid_backup", "\(name)")
                #expect(((r.json["error"] as? [String: Any])?["fields"] as? [String: String])?[path] != nil, "\(name): \(r.text.prefix(300))")
            }
        }
        // A document naming ids that belong to another account is refused too.
        let other = Client(server)
        try await other.signUp(email: "other-\(UUID().uuidString.prefix(6))@example.com")
        let theirs = try await other.request("POST", "/api/v1/books", json: ["title": "남의 책"])
        let theirId = try #require((theirs.json["book"] as? [String: Any])?["id"] as? String)
        var books = doc["books"] as? [[String: Any]] ?? []
        let oldId = books[0]["id"] as? String
        books[0]["id"] = theirId
        doc["books"] = books
        doc["sentences"] = (doc["sentences"] as? [[String: Any]] ?? []).filter { $0["bookId"] as? String != oldId }
        doc["sessions"] = (doc["sessions"] as? [[String: Any]] ?? []).filter { $0["bookId"] as? String != oldId }
        let stolen = try await c.request("POST", "/api/v1/restore?mode=merge", body: try JSONSerialization.data(withJSONObject: doc), contentType: "application/json")
        #expect(stolen.status == 422, "\(stolen.text.prefix(300))")
        #expect(try await other.get("/api/v1/books/\(theirId)").json["title"] as? String == "남의 책")
        #expect(try Self.comparable(try await c.get("/api/v1/backup").body) == before, "nothing changed")
    }

    /// `notio restore` killed with SIGKILL in the middle leaves the database as before or as
    /// after, never in between.
    @Test func aKilledRestoreLeavesAllOrNothing() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        let email = "big-\(UUID().uuidString.prefix(6))@example.com"
        try await c.signUp(email: email)
        let user = try #require(try await c.get("/api/v1/me").json["user"] as? [String: Any])
        await server.stopKeepingData()
        // A large document: 30,000 sentences in one book.
        let now = "2026-01-01T00:00:00.000Z"
        let sentences = (0..<30_000).map { i in
            ["id": "s\(i)", "bookId": "b1", "text": "큰 복원의 문장 \(i)번째", "createdAt": now, "updatedAt": now]
        }
        let doc: [String: Any] = ["format": "notio-backup", "version": 1, "exportedAt": now, "user": user,
                                  "books": [["id": "b1", "title": "큰 책", "author": "", "status": "reading", "createdAt": now, "updatedAt": now]],
                                  "sentences": sentences]
        let file = NSTemporaryDirectory() + "notio-big-\(UUID().uuidString).json"
        try JSONSerialization.data(withJSONObject: doc).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        // The killed runs take the zip: its document is unpacked into tmp/ first, which a kill leaves there.
        let zipFile = file + ".zip"
        try BackupRestoreTests.zip([("notio-backup.json", try Data(contentsOf: URL(fileURLWithPath: file)))]).write(to: URL(fileURLWithPath: zipFile))
        defer { try? FileManager.default.removeItem(atPath: zipFile) }

        func count() throws -> Int {
            let store = try NotioStoreOpen.store(server.dataDirectory)
            return try store.sentenceCount(owner: user["id"] as? String ?? "")
        }
        // The command opens the same database the server had (a PostgreSQL schema on that run).
        let url = TestDatabase.url(for: server.dataDirectory)
        let database = url.isEmpty ? [] : ["--database-url", url]
        var outcomes = Set<Int>()
        for delay in [0.05, 0.3, 0.8] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: TestServer.packageRoot + "/.build/debug/notio")
            p.arguments = ["restore", "--data-dir", server.dataDirectory, "--user", email, "--input", zipFile, "--mode", "replace"] + database
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            try await Task.sleep(for: .seconds(delay))
            kill(p.processIdentifier, SIGKILL)
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread { p.waitUntilExit(); done.resume() }.start()
            }
            let n = try count()
            #expect(n == 0 || n == 30_000, "a killed restore left \(n) sentences")
            outcomes.insert(n)
        }
        // And one that is not killed finishes.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: TestServer.packageRoot + "/.build/debug/notio")
        p.arguments = ["restore", "--data-dir", server.dataDirectory, "--user", email, "--input", file, "--mode", "replace"] + database
        p.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        p.standardError = errors
        try p.run()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread { p.waitUntilExit(); done.resume() }.start()
        }
        #expect(p.terminationStatus == 0, "\(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        #expect(try count() == 30_000)
        // What the killed restores left in tmp/ is gone once a server starts on the folder.
        let again = try await TestServer.start(seedDemo: false, dataDirectory: server.dataDirectory)
        let left = try FileManager.default.contentsOfDirectory(atPath: again.dataDirectory + "/tmp").filter { $0.hasPrefix("restore-") }
        #expect(left.isEmpty, "\(left)")
    }
}

import NotioStore
import NotioCore

/// Opens a data folder's store directly (as `notio backup` does).
enum NotioStoreOpen {
    static func store(_ directory: String) throws -> Store { try Store(directory: directory, databaseURL: TestDatabase.url(for: directory)) }
}

/// Markdown and Anki exports through HTTP.
@Suite struct ExportTests {
    @Test func markdownZipAndAnkiTSV() async throws {
        let server = try await TestServer.start()
        let c = try await BackupTests.demo(server)
        let md = try await c.get("/api/v1/export/markdown")
        #expect(md.status == 200)
        #expect(md.header("Content-Type") == "application/zip")
        let file = NSTemporaryDirectory() + "notio-md-\(UUID().uuidString).zip"
        try md.body.write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let zip = try ZipReader(path: file)
        let names = zip.entries.map(\.name)
        #expect(names.filter { $0.hasPrefix("노트/") }.count == 3)
        #expect(names.filter { $0.hasPrefix("밑줄/") }.count == 8)
        let prince = try #require(names.first { $0.contains("어린 왕자") })
        let text = String(decoding: try zip.data(named: prince), as: UTF8.self)
        #expect(text.hasPrefix("---\n"))
        #expect(text.contains("마음으로 보아야 잘 보인다는 거야"))

        let anki = try await c.get("/api/v1/export/anki")
        #expect(anki.status == 200)
        let lines = anki.text.split(separator: "\n")
        #expect(lines.first == "#separator:tab")
        let rows = lines.filter { !$0.hasPrefix("#") }
        #expect(rows.count > 10)
        #expect(rows.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 3 })
    }
}
