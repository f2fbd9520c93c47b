import Foundation
import Testing
import NotioCore
@testable import NotioApp

@Suite(.serialized) struct NotesAPITests {
    @Test(.enabled(if: TestPDFs.available, TestPDFs.missing))
    func uploadAnalyseReadSearchChangeDelete() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        try await c.signUp()
        let pdf = try Data(contentsOf: URL(fileURLWithPath: TestPDFs.path("kotex-doc.pdf")))
        let accepted = try await c.upload(pdf, fileName: "kotex-doc.pdf", category: "general")
        #expect(accepted.status == 202)
        let note = try #require(accepted.json["note"] as? [String: Any])
        let noteId = try #require(note["id"] as? String)
        #expect(note["state"] as? String == "analysing")
        let jobId = try #require((accepted.json["job"] as? [String: Any])?["id"] as? String)
        // While it runs, the list shows it as being analysed.
        let listed = try await c.get("/api/v1/notes").json["items"] as? [[String: Any]]
        #expect(listed?.first?["id"] as? String == noteId)

        // The event stream ends when the job does; its last event says done.
        let events = try await c.get("/api/v1/jobs/\(jobId)/events")
        #expect(events.header("Content-Type") == "text/event-stream")
        let datas = events.text.split(separator: "\n").filter { $0.hasPrefix("data: ") }
        let last = try #require(datas.last)
        let lastJob = try JSONSerialization.jsonObject(with: Data(last.dropFirst(6).utf8)) as? [String: Any]
        #expect(lastJob?["state"] as? String == "done", "\(events.text.suffix(500))")
        #expect(lastJob?["progress"] as? Double == 1)

        let detail = try await c.get("/api/v1/notes/\(noteId)")
        #expect(detail.status == 200)
        #expect(detail.json["state"] as? String == "ready")
        #expect(detail.json["category"] as? String == "general")
        #expect(!(detail.json["title"] as? String ?? "").isEmpty)
        let source = try await c.get("/api/v1/notes/\(noteId)/source")
        let pages = try #require(source.json["pages"] as? [[String: Any]])
        #expect(pages.count == 18)
        #expect(pages.first?["number"] as? Int == 1)
        #expect(pages.contains { ($0["text"] as? String)?.contains("한글") == true })
        // Its Latin font maps glyphs to rare Hangul ("ko줮쥔쥅쥘"): those pages are mended with OCR's
        // help, and the note says which (issue 16).
        #expect((pages.first?["text"] as? String)?.contains("한국어 텍 ko.TEX") == true, "\(pages.first ?? [:])")
        let ocrPages = try #require(detail.json["ocrPages"] as? [Int])
        #expect(ocrPages.contains(1) && ocrPages.contains(3) && !ocrPages.contains(2), "\(ocrPages)")
        let notePage = try await c.get("/notes/\(noteId)")
        #expect(notePage.text.contains("Read by OCR: p. 1, 3–5"), "\(notePage.text.prefix(3000))")

        // Rename, category, favourite.
        let patched = try await c.request("PATCH", "/api/v1/notes/\(noteId)", json: ["title": "코텍 문서 정리", "category": "major", "favorite": true])
        #expect(patched.status == 200)
        #expect(patched.json["title"] as? String == "코텍 문서 정리")
        #expect(try await c.request("PATCH", "/api/v1/notes/\(noteId)", json: ["category": "hobby"]).status == 422)
        // Search by title: long and short queries, category and favourites filters.
        #expect((try await c.get("/api/v1/notes?q=%EC%BD%94%ED%85%8D%20%EB%AC%B8%EC%84%9C").json["items"] as? [Any])?.count == 1)
        #expect((try await c.get("/api/v1/notes?q=%EC%A0%95%EB%A6%AC").json["items"] as? [Any])?.count == 1)
        #expect((try await c.get("/api/v1/notes?q=%EC%A0%95").json["items"] as? [Any])?.count == 1)
        #expect((try await c.get("/api/v1/notes?q=%EC%97%86%EB%8A%94%EB%A7%90").json["items"] as? [Any])?.count == 0)
        #expect((try await c.get("/api/v1/notes?category=major&favorite=true").json["items"] as? [Any])?.count == 1)
        #expect((try await c.get("/api/v1/notes?category=certificate").json["items"] as? [Any])?.count == 0)
        #expect(try await c.get("/api/v1/notes?category=nope").status == 422)

        #expect(try await c.request("DELETE", "/api/v1/notes/\(noteId)").status == 204)
        #expect(try await c.get("/api/v1/notes/\(noteId)").status == 404)
        #expect(try await c.get("/api/v1/notes/\(noteId)/source").status == 404)
        #expect(!server.app.context.files.exists(FileStorage.notePDF(noteId)))
    }

    @Test func badFilesGetClearAnswersAndTheServerGoesOn() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        try await c.signUp()
        let empty = try await c.upload(Data())
        #expect(empty.status == 422)
        let random = try await c.upload(Data((0..<4096).map { _ in UInt8.random(in: 0...255) }), fileName: "random.pdf")
        #expect(random.status == 415)
        #expect(random.errorCode == "unsupported_media_type")
        let noFile = Data("--xyz\r\nContent-Disposition: form-data; name=\"category\"\r\n\r\nmajor\r\n--xyz--\r\n".utf8)
        let none = try await c.request("POST", "/api/v1/notes", body: noFile, contentType: "multipart/form-data; boundary=xyz")
        #expect(none.status == 422)
        #expect(((none.json["error"] as? [String: Any])?["fields"] as? [String: String])?["file"] != nil)
        let broken = try await c.request("POST", "/api/v1/notes", body: Data("garbage".utf8), contentType: "multipart/form-data; boundary=b")
        #expect(broken.status == 400 || broken.status == 422)
        #expect(try await c.upload(TestPDFs.blankPages(1), category: "cooking").status == 422)
        // Nothing was stored by the refused uploads.
        #expect((try await c.get("/api/v1/notes").json["items"] as? [Any])?.count == 0)

        // Accepted, then failed by the worker with a message a person understands, in their language.
        _ = try await c.request("PATCH", "/api/v1/me", json: ["language": "ko"])
        for (data, expected) in [(TestPDFs.blankPages(3), "글자"), (TestPDFs.blankPages(2000), "500"),
                                 (Data("%PDF-1.4\n1 0 obj\n<< /Type /Catalog".utf8), "PDF")] {
            let r = try await c.upload(data)
            #expect(r.status == 202)
            let jobId = try #require((r.json["job"] as? [String: Any])?["id"] as? String)
            let job = try await c.waitForJob(jobId)
            #expect(job["state"] as? String == "failed")
            let message = job["error"] as? String ?? ""
            #expect(message.contains(expected), "\(message)")
            let noteId = try #require(job["noteId"] as? String)
            let note = try await c.get("/api/v1/notes/\(noteId)")
            #expect(note.json["state"] as? String == "failed")
            #expect(note.json["error"] as? String == message)
        }
        #expect(try await c.get("/healthz").status == 200)
    }

    @Test func uploadsOverTheLimitAre413() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        try await c.signUp()
        let big = Data(count: server.app.config.maxUploadBytes + (2 << 20))
        // The server answers 413 from the announced length and closes without reading the body;
        // a client still writing it may see the close ("broken pipe") before the answer. Such a
        // send is tried again: the answer, when it is read, must be 413.
        var answer: Reply?
        for _ in 0..<5 where answer == nil {
            answer = try? await c.upload(big)
        }
        let r = try #require(answer)
        #expect(r.status == 413)
        #expect(try await c.get("/healthz").status == 200)
    }

    @Test(.enabled(if: TestPDFs.available, TestPDFs.missing))
    func cancellingAScannedPDFStopsTheWorkAndLeavesNothing() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        try await c.signUp()
        let accepted = try await c.upload(try TestPDFs.scanned(pages: 20...29), fileName: "scan.pdf")
        let jobId = try #require((accepted.json["job"] as? [String: Any])?["id"] as? String)
        let noteId = try #require((accepted.json["note"] as? [String: Any])?["id"] as? String)
        // Wait until OCR is under way.
        var sawOCR = false
        for _ in 0..<300 {
            let job = try await c.get("/api/v1/jobs/\(jobId)").json
            if job["stage"] as? String == "ocr" { sawOCR = true; break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(sawOCR)
        let cancel = try await c.request("POST", "/api/v1/jobs/\(jobId)/cancel")
        #expect(cancel.status == 202)
        let job = try await c.waitForJob(jobId, timeout: 20)
        #expect(job["state"] as? String == "cancelled")
        #expect(try await c.get("/api/v1/notes/\(noteId)").status == 404)
        #expect((try await c.get("/api/v1/notes").json["items"] as? [Any])?.count == 0)
        #expect(!server.app.context.files.exists(FileStorage.notePDF(noteId)))
        // No worker reading this document is left running (other tests' children may be).
        let children = try String(contentsOfFile: "/proc/\(getpid())/task/\(getpid())/children", encoding: .utf8)
        let mine = children.split(separator: " ").compactMap { pid -> String? in
            guard let cmd = FileManager.default.contents(atPath: "/proc/\(pid.trimmingCharacters(in: .whitespacesAndNewlines))/cmdline") else { return nil }
            let text = String(decoding: cmd, as: UTF8.self)
            return text.contains("\(noteId).pdf") ? text : nil
        }
        #expect(mine.isEmpty, "still running: \(mine)")
    }

    @Test func guestsCannotUpload() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        _ = try await c.get("/login")
        _ = try await c.postForm("/guest", [:])
        _ = try await c.get("/api/v1/me")
        let r = try await c.upload(TestPDFs.blankPages(1))
        #expect(r.status == 403)
        #expect(r.errorCode == "read_only")
    }
}

@Suite struct JobRestartTests {
    @Test(.enabled(if: TestPDFs.available, TestPDFs.missing))
    func aJobInterruptedByAStopResumesOnTheNextStart() async throws {
        let directory = NSTemporaryDirectory() + "notio-restart-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var first: TestServer? = try await TestServer.start(dataDirectory: directory)
        let c = Client(first!)
        try await c.signUp(email: "restart@example.com")
        let accepted = try await c.upload(try TestPDFs.scanned(pages: 20...22), fileName: "scan.pdf")
        let jobId = try #require((accepted.json["job"] as? [String: Any])?["id"] as? String)
        let noteId = try #require((accepted.json["note"] as? [String: Any])?["id"] as? String)
        var running = false
        for _ in 0..<300 where !running {
            running = try await c.get("/api/v1/jobs/\(jobId)").json["state"] as? String == "running"
            if !running { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(running)
        // SIGTERM's path: the server stops and gives the job back to the queue, for any node.
        await first!.stopKeepingData()
        let job = try #require(try first!.app.context.store.job(id: jobId))
        #expect(job.state == .queued)
        #expect(job.leaseOwner == nil)
        first = nil

        let second = try await TestServer.start(dataDirectory: directory)
        let again = Client(second)
        _ = try await again.request("POST", "/api/v1/auth/login", json: ["email": "restart@example.com", "password": "correct horse 1"])
        let finished = try await again.waitForJob(jobId, timeout: 180)
        #expect(finished["state"] as? String == "done", "\(finished)")
        let note = try await again.get("/api/v1/notes/\(noteId)").json
        #expect(note["state"] as? String == "ready")
        let pages = try await again.get("/api/v1/notes/\(noteId)/source").json["pages"] as? [[String: Any]] ?? []
        #expect(pages.count == 3)
        #expect(pages.contains { ($0["text"] as? String ?? "").count > 100 })
    }
}

@Suite struct JobTriesTests {
    /// A job that nodes died running three times is not run a fourth time: it fails with a
    /// message, and its note says why.
    @Test func aJobThatBroughtNodesDownThreeTimesFails() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp(email: "tries@example.com")
        let owner = try #require((try await c.get("/api/v1/me").json["user"] as? [String: Any])?["id"] as? String)
        let store = server.app.context.store
        let now = Date()
        let note = NoteSummary(id: "n-tries", title: "세 번 멈춘 파일", category: .major, favorite: false, state: .analysing, fileName: "x.pdf", createdAt: now)
        let job = Job(id: "j-tries", ownerId: owner, kind: NoteAnalysisJob.kind, noteId: note.id, state: .queued, stage: "upload", progress: 0,
                      createdAt: now, updatedAt: now)
        try store.insertNote(note, ownerId: owner, titleLocked: true, job: job)
        // Three nodes took it and died: running, leased to a node that is gone, lease over.
        try store.database.write { c in
            try c.run("UPDATE jobs SET state = 'running', tries = 3, lease_owner = 'gone', lease_until = 0 WHERE id = ?", [job.id])
        }
        server.app.context.jobs.enqueue(job.id)
        let finished = try await c.waitForJob(job.id, timeout: 60)
        #expect(finished["state"] as? String == "failed", "\(finished)")
        #expect((finished["error"] as? String ?? "").contains("3"))
        let body = try await c.get("/api/v1/notes/\(note.id)").json
        #expect(body["state"] as? String == "failed")
    }
}
