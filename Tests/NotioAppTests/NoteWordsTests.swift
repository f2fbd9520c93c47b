import Foundation
import Testing
@testable import NotioApp

/// The server's notes read Korean words by MeCab in the warm OCR workers: a bill uploaded
/// through the API gets the noun phrase its text writes whole, which the particle lists cut.
@Suite(.serialized) struct NoteWordsTests {
    static let bill = TestServer.packageRoot + "/.cache/families/bill-1809890.pdf"
    static let dictionary = TestServer.packageRoot + "/.cache/mecab-ko-dic/sys.dic"

    @Test(.enabled(if: FileManager.default.fileExists(atPath: bill) && FileManager.default.fileExists(atPath: dictionary),
                   "the family PDFs or the dictionary are missing: run scripts/fetch-test-pdfs.sh and make deps"))
    func aNoteIsReadByTheWorkersTagger() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp(email: "words@example.com")
        let accepted = try await c.upload(try Data(contentsOf: URL(fileURLWithPath: Self.bill)), fileName: "bill.pdf")
        #expect(accepted.status == 202)
        let noteId = try #require((accepted.json["note"] as? [String: Any])?["id"] as? String)
        let jobId = try #require((accepted.json["job"] as? [String: Any])?["id"] as? String)
        let job = try await c.waitForJob(jobId, timeout: 120)
        #expect(job["state"] as? String == "done")
        let detail = try await c.get("/api/v1/notes/\(noteId)")
        let keywords = try #require(detail.json["keywords"] as? [[String: Any]]).compactMap { $0["term"] as? String }
        // By tags: the phrase whole, never its pieces; by the particle lists: "육아휴직 가능", "가능 자녀".
        #expect(keywords.contains("육아휴직 가능 자녀"))
        #expect(!keywords.contains("가능 자녀") && !keywords.contains("육아휴직 가능"))
    }
}
