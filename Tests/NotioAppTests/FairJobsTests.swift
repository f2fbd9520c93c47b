import Foundation
import Testing
@testable import NotioApp
import NotioStore

/// Analysis jobs are shared fairly: a reader may keep only a few waiting, and the queue is taken
/// round-robin across readers, so one reader's pile of PDFs never holds another's note back.
@Suite struct FairJobsTests {
    /// On a node that runs no jobs, everything stays queued: the fourth waiting upload of one
    /// reader is refused with a message in the reader's language, the file is not kept, and
    /// another reader is not affected.
    @Test func aReaderMayKeepThreeJobsWaiting() async throws {
        let server = try await TestServer.start(seedDemo: false) { $0.jobWorkers = 0 }
        let pdf = TestPDFs.blankPages(1)
        let a = Client(server)
        try await a.signUp(email: "queue-a@example.com")
        _ = try await a.request("PATCH", "/api/v1/me", json: ["language": "ko"])
        for _ in 0..<3 {
            #expect(try await a.upload(pdf).status == 202)
        }
        let refused = try await a.upload(pdf)
        #expect(refused.status == 429)
        #expect(refused.errorCode == "too_many_jobs")
        let message = (refused.json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains("3개") && !message.contains("waiting"), "\(message)")
        // Three notes, not four, and no file left of the refused one.
        #expect((try await a.get("/api/v1/notes").json["items"] as? [Any])?.count == 3)
        let files = try FileManager.default.contentsOfDirectory(atPath: server.dataDirectory + "/files/notes")
        #expect(files.count == 3)

        let b = Client(server)
        try await b.signUp(email: "queue-b@example.com")
        _ = try await b.request("PATCH", "/api/v1/me", json: ["language": "en"])
        #expect(try await b.upload(pdf).status == 202)

        // The upload page says it too, in the reader's language.
        let english = try await b.upload(pdf)
        #expect(english.status == 202)
        #expect(try await b.upload(pdf).status == 202)
        let fourth = try await b.upload(pdf)
        let englishMessage = (fourth.json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(fourth.status == 429 && englishMessage.contains("waiting"), "\(englishMessage)")
    }

    /// Reader A queues three notes, then reader B one, on a node that runs no jobs. A second node
    /// with one job slot then starts on the same database: it takes A's first job, then B's, and
    /// only then A's others. (One-page scans: the order is what is tested, and a long lecture
    /// three times over cost two minutes of every test run.)
    @Test(.enabled(if: TestPDFs.available, TestPDFs.missing))
    func anotherReadersNoteWaitsForNoMoreThanTheJobAlreadyRunning() async throws {
        let directory = NSTemporaryDirectory() + "notio-fair-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let web = try await TestServer.start(seedDemo: false, dataDirectory: directory) { $0.jobWorkers = 0 }
        let a = Client(web), b = Client(web)
        try await a.signUp(email: "fair-a@example.com")
        try await b.signUp(email: "fair-b@example.com")
        var aJobs: [String] = []
        for page in 2...4 {
            let r = try await a.upload(try TestPDFs.scanned(pages: page...page), fileName: "lecture-\(page).pdf")
            aJobs.append(try #require((r.json["job"] as? [String: Any])?["id"] as? String))
        }
        let r = try await b.upload(try TestPDFs.scanned(pages: 1...1), fileName: "one-page.pdf")
        let bJob = try #require((r.json["job"] as? [String: Any])?["id"] as? String)

        let worker = try await TestServer.start(seedDemo: false, dataDirectory: directory) { $0.jobWorkers = 1 }
        _ = worker
        let finished = try await b.waitForJob(bJob, timeout: 300)
        #expect(finished["state"] as? String == "done", "\(finished)")
        for id in aJobs { _ = try await a.waitForJob(id, timeout: 300) }
        let order = try web.app.context.store.database.read { c in
            try c.all("SELECT id FROM jobs WHERE claimed_at > 0 ORDER BY claimed_at, id", []) { $0.string(0) }
        }
        #expect(order == [aJobs[0], bJob, aJobs[1], aJobs[2]], "\(order)")
        await web.stopKeepingData()
    }
}
