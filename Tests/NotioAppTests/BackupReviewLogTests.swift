import Foundation
import Testing
@testable import NotioApp
import NotioAnalysis
import NotioCore

/// The review log in the backup: a study streak made of sentence reviews comes back with a
/// restore, and merging the same document twice logs no answer twice.
@Suite struct BackupReviewLogTests {
    @Test func reviewAnswersTravelInTheBackupAndMergeOnce() async throws {
        let clock = TestClock()
        let server = try await TestServer.start(seedDemo: false, clock: clock)
        let (c, ids) = try await SentenceReviewTests.reader(server, clock: clock)
        clock.advance(86_400 + 60)
        let cloze = try #require(SentenceCloze(SentenceReviewTests.texts[0]))
        #expect(try await c.request("POST", "/api/v1/review/\(ids[0])", json: ["blanks": cloze.answers]).status == 200)
        #expect(try await c.get("/api/v1/stats/study").json["streakDays"] as? Int == 1)

        let backup = try await c.get("/api/v1/backup")
        let doc = try #require(try JSONSerialization.jsonObject(with: backup.body) as? [String: Any])
        let log = try #require(doc["reviewLog"] as? [[String: Any]])
        #expect(log.count == 1)
        #expect(log.first?["itemKind"] as? String == "sentence" && log.first?["itemId"] as? String == ids[0] && log.first?["correct"] as? Bool == true)

        // Replace with the document after the log was emptied: the streak comes back from it.
        var emptied = doc
        emptied["reviewLog"] = []
        let cleared = try await BackupRestoreTests.restore(c, "replace", try JSONSerialization.data(withJSONObject: emptied), zip: false)
        #expect(cleared.status == 200, "\(cleared.text)")
        #expect(try await c.get("/api/v1/stats/study").json["streakDays"] as? Int == 0)
        let restored = try await BackupRestoreTests.restore(c, "replace", backup.body, zip: false)
        #expect(restored.status == 200, "\(restored.text)")
        #expect(try await c.get("/api/v1/stats/study").json["streakDays"] as? Int == 1)

        // Merging the same document twice adds nothing: the answer is logged once.
        for _ in 0..<2 {
            #expect(try await BackupRestoreTests.restore(c, "merge", backup.body, zip: false).status == 200)
        }
        let again = try #require(try JSONSerialization.jsonObject(with: try await c.get("/api/v1/backup").body) as? [String: Any])
        #expect((again["reviewLog"] as? [[String: Any]])?.count == 1)

        // A log row of another kind, or with an id outside the pattern, is refused by its path.
        for bad in [["itemKind": "book", "itemId": ids[0], "answeredAt": "2026-01-01T00:00:00.000Z", "correct": true],
                    ["itemKind": "sentence", "itemId": "../x", "answeredAt": "2026-01-01T00:00:00.000Z", "correct": true]] as [[String: Any]] {
            var tampered = doc
            tampered["reviewLog"] = [bad]
            let r = try await BackupRestoreTests.restore(c, "merge", try JSONSerialization.data(withJSONObject: tampered), zip: false)
            #expect(r.status == 422, "\(r.text)")
            #expect((r.json["error"] as? [String: Any])?["fields"].map { "\($0)" }?.contains("reviewLog") == true, "\(r.text)")
        }
    }
}
