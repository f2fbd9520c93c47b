import Foundation
import Testing
import NotioCore
@testable import NotioApp

/// One title from upload on: the file name until the text is out, then the title found in the
/// document, which the finished note keeps; a typed title always stays.
@Suite(.serialized) struct NoteTitleTests {
    static let lecture = TestServer.packageRoot + "/Tests/NotioAnalysisTests/Fixtures/layout/scheduling.pdf"

    @Test func aBrowserPrintedLectureIsNamedByItsFirstHeading() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp(email: "title@example.com")
        let pdf = try Data(contentsOf: URL(fileURLWithPath: Self.lecture))
        let accepted = try await c.upload(pdf, fileName: "os-scheduling.pdf")
        #expect(accepted.status == 202)
        let note = try #require(accepted.json["note"] as? [String: Any])
        let noteId = try #require(note["id"] as? String)
        #expect(note["title"] as? String == "os-scheduling")
        let jobId = try #require((accepted.json["job"] as? [String: Any])?["id"] as? String)
        // The progress page names the heading it will update (unless the two pages were read
        // already, when it sends the reader to the note).
        let progress = try await c.get("/notes/\(noteId)/progress")
        if progress.status == 303 {
            #expect(progress.header("Location") == "/notes/\(noteId)")
        } else {
            #expect(progress.text.contains("id=\"job-note-title\""))
        }
        let job = try await c.waitForJob(jobId, timeout: 120)
        #expect(job["state"] as? String == "done")

        let detail = try await c.get("/api/v1/notes/\(noteId)")
        #expect(detail.json["title"] as? String == "3장. 프로세스 스케줄링")
        let concepts = try #require(detail.json["concepts"] as? [[String: Any]])
        #expect(concepts.count == 4)
        #expect(concepts.contains { ($0["comparison"] as? [String: Any])?["columns"] as? [String] == ["구분", "선점형", "비선점형"] })
        let source = try await c.get("/api/v1/notes/\(noteId)/source")
        let pages = try #require(source.json["pages"] as? [[String: Any]])
        #expect(pages.allSatisfy { !(($0["text"] as? String) ?? "").contains("file://") })
        // The search finds the note by its new title.
        let found = try await c.get("/api/v1/notes?q=\("스케줄링".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!)").json["items"] as? [[String: Any]]
        #expect(found?.first?["id"] as? String == noteId)
    }

    @Test func aTypedTitleStays() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp(email: "typed@example.com")
        let pdf = try Data(contentsOf: URL(fileURLWithPath: Self.lecture))
        let accepted = try await c.upload(pdf, fileName: "os-scheduling.pdf", title: "운영체제 3주차")
        let noteId = try #require((accepted.json["note"] as? [String: Any])?["id"] as? String)
        let jobId = try #require((accepted.json["job"] as? [String: Any])?["id"] as? String)
        _ = try await c.waitForJob(jobId, timeout: 120)
        #expect(try await c.get("/api/v1/notes/\(noteId)").json["title"] as? String == "운영체제 3주차")
    }

    @Test func theFoundTitleIsSetOnlyWhereNobodyTypedOne() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp(email: "found@example.com")
        let owner = try #require((try await c.get("/api/v1/me").json["user"] as? [String: Any])?["id"] as? String)
        let store = server.app.context.store
        let now = Date()
        for (id, locked) in [("n-free", false), ("n-typed", true)] {
            let note = NoteSummary(id: id, title: "lecture", category: .major, favorite: false, state: .analysing, fileName: "lecture.pdf", createdAt: now)
            let job = Job(id: "j-\(id)", ownerId: owner, kind: "none", noteId: id, state: .done, stage: "save", progress: 1, createdAt: now, updatedAt: now)
            try store.insertNote(note, ownerId: owner, titleLocked: locked, job: job)
            try store.setFoundTitle(id: id, owner: owner, title: "3장. 프로세스 스케줄링", at: now)
        }
        #expect(try store.note(id: "n-free", owner: owner)?.title == "3장. 프로세스 스케줄링")
        #expect(try store.note(id: "n-typed", owner: owner)?.title == "lecture")
        #expect(try store.notes(owner: owner, query: "프로세스 스케줄링").map(\.id) == ["n-free"])
    }
}
