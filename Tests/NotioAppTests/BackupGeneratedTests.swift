import Foundation
import Testing
@testable import NotioApp
@testable import NotioStore
@testable import NotioAnalysis
import NotioCore
import NotioTestSupport

/// Generated accounts (a seeded random number generator, so a failure repeats): many notes whose
/// concepts share ids, quizzes with retries, attempts, notebooks, review cards, books, sentences
/// with awkward text. Restore, back up, restore that, back up again: nothing lost, nothing changed.
@Suite struct BackupGeneratedTests {

    static let words = ["운영체제", "교착 상태", "\"따옴표\"", "역슬래시 \\ 하나", "줄\n바꿈", "탭\t문자", "😀 이모지", "e\u{301}", "\u{2028}",
                        "<script>", "&amp;", "long " + String(repeating: "가", count: 300), "", "plain"]

    /// An account's document; another `variant` has the same ids (as far as its counts go)
    /// with other values, and its sentences carry the mark `변경<variant>`.
    static func document(seed: UInt64, user: [String: Any], variant: UInt64 = 0) -> [String: Any] {
        var rng = SeededGenerator(seed: seed &+ variant &* 7919)
        func pick<T>(_ a: [T]) -> T { a[Int.random(in: 0..<a.count, using: &rng)] }
        func n(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &rng) }
        func text() -> String { (0..<n(1...3)).map { _ in pick(words) }.joined(separator: " ") }
        func time() -> String { Backup.iso(1_700_000_000_000 + Int64(n(0...100_000_000)) * 1000 + Int64(n(0...999))) }
        func maybe<T>(_ v: @autoclosure () -> T) -> T? { Bool.random(using: &rng) ? v() : nil }
        let p = "g\(seed)-"
        var doc: [String: [[String: Any]]] = [:]
        func add(_ key: String, _ row: [String: Any?]) { doc[key, default: []].append(row.compactMapValues { $0 }) }
        var questionIds: [String] = [], sentenceIds: [String] = []
        for i in 0..<n(15...30) {
            let note = "\(p)n\(i)"
            add("notes", ["id": note, "title": text(), "category": pick(["major", "general", "certificate"]), "favorite": Bool.random(using: &rng),
                          "state": "ready", "fileName": "\(i).pdf", "fileSize": n(1...9_000_000), "pageCount": n(0...40), "titleLocked": false,
                          "searchText": text(), "createdAt": time(), "updatedAt": time()])
            for page in 1...n(1...4) { add("notePages", ["noteId": note, "number": page, "text": text(), "ocr": Bool.random(using: &rng)]) }
            let concepts = n(0...6)
            for k in 0..<concepts {
                // The analysis numbers concepts within each note: the same ids in every note.
                add("concepts", ["id": "concept-\(k + 1)", "noteId": note, "position": k, "name": text(), "summary": text(), "definition": maybe(text()),
                                 "keyPoints": [text(), text()], "comparison": maybe(["headers": ["a", "b"], "rows": [[text(), text()]]]), "pages": [n(1...9)]])
            }
            for k in 0..<n(0...3) { add("keywords", ["noteId": note, "position": k, "term": text(), "related": [text()]]) }
            var noteQuestions: [String] = []
            for z in 0..<n(0...2) {
                let quiz = "\(note)-z\(z)"
                let retry = z == 1 && !noteQuestions.isEmpty
                add("quizzes", ["id": quiz, "noteId": note, "difficulty": pick(["easy", "medium", "hard"]), "origin": retry ? "wrong" : "new", "createdAt": time()])
                var asked: [String] = []
                for q in 0..<n(1...5) {
                    let id = "\(quiz)-q\(q)"
                    let choice = Bool.random(using: &rng)
                    add("questions", ["id": id, "quizId": quiz, "noteId": note, "position": q, "kind": choice ? "choice" : "short", "form": "definition",
                                      "prompt": text(), "options": choice ? [text(), text(), text(), text()] : [], "correctIndex": choice ? n(0...3) : nil,
                                      "answer": text(), "alternatives": [text()], "conceptId": concepts > 0 ? "concept-\(n(1...concepts))" : nil,
                                      "conceptName": text(), "page": maybe(n(1...30)), "explanation": maybe(text()),
                                      "originQuestionId": retry ? pick(noteQuestions) : nil])
                    asked.append(id)
                }
                if Bool.random(using: &rng) {
                    add("attempts", ["id": "\(quiz)-a", "quizId": quiz, "noteId": note, "correctCount": n(0...asked.count), "total": asked.count, "createdAt": time()])
                    for q in asked { add("attemptAnswers", ["attemptId": "\(quiz)-a", "questionId": q, "given": text(), "choice": maybe(n(0...3)), "isCorrect": Bool.random(using: &rng)]) }
                }
                noteQuestions += asked
            }
            for q in noteQuestions where Bool.random(using: &rng) {
                add("wrongAnswers", ["questionId": q, "noteId": note, "lastGiven": text(), "wrongCount": n(1...5), "addedAt": time(), "lastWrongAt": time()])
            }
            questionIds += noteQuestions
        }
        for b in 0..<n(3...12) {
            let book = "\(p)b\(b)"
            add("books", ["id": book, "title": text(), "author": text(), "publisher": maybe(text()), "isbn13": maybe("97889\(n(10_000_000...99_999_999))"),
                          "genre": maybe(text()), "publishedAt": maybe("2020-01-01"), "status": pick(["reading", "finished", "wishlist"]),
                          "sourceCoverUrl": maybe("https://example.com/\(b).jpg"), "importKey": maybe("import-\(b)"), "createdAt": time(), "updatedAt": time()])
            for s in 0..<n(0...25) {
                let id = "\(book)-s\(s)"
                add("sentences", ["id": id, "bookId": book, "text": text() + (variant > 0 ? " 변경\(variant)" : ""), "page": maybe(n(1...500)), "emotion": maybe(pick(["calm", "joy", "moved", "anger"])),
                                  "memo": maybe(text()), "fingerprint": maybe("fp-\(id)"), "createdAt": time(), "updatedAt": time()])
                sentenceIds.append(id)
            }
            for s in 0..<n(0...4) { add("sessions", ["id": "\(book)-r\(s)", "bookId": book, "startedAt": time(), "endedAt": time(), "seconds": n(60...7200)]) }
        }
        for (kind, ids) in [("question", questionIds), ("sentence", sentenceIds)] {
            for id in ids where n(0...2) == 0 {
                add("reviewCards", ["itemKind": kind, "itemId": id, "stability": Double(n(1...900)) / 10, "difficulty": Double(n(10...100)) / 10,
                                    "due": time(), "lastReview": maybe(time()), "reps": n(0...9), "lapses": n(0...3), "state": pick(["new", "learning", "review", "relearning"])])
            }
        }
        if let first = doc["books"]?.first?["id"] {
            add("timer", ["timer": ["bookId": first, "state": "paused", "remainingSeconds": n(1...1500), "durationSeconds": 1500], "updatedAt": time()])
        }
        var out: [String: Any] = ["format": "notio-backup", "version": 2, "exportedAt": time(), "user": user]
        for (key, rows) in doc { out[key] = rows }
        return out
    }

    /// Each table's rows as a set of canonical texts (the export orders rows its own way).
    static func rows(_ doc: [String: Any]) throws -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for (key, value) in doc {
            guard let rows = value as? [[String: Any]] else { continue }
            out[key] = Set(try rows.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) })
        }
        return out.filter { !$0.value.isEmpty }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func generatedAccountsSurviveBackupAndRestore(seed: UInt64) async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let me = try #require(try await c.get("/api/v1/me").json["user"] as? [String: Any])
        let generated = Self.document(seed: seed, user: ["id": me["id"]!, "email": me["email"]!, "name": "생성된 독자"])
        #expect(((generated["concepts"] as? [[String: Any]]) ?? []).filter { $0["id"] as? String == "concept-1" }.count > 1)
        let restored = try await c.request("POST", "/api/v1/restore?mode=replace", body: try JSONSerialization.data(withJSONObject: generated), contentType: "application/json")
        #expect(restored.status == 200, "\(restored.text.prefix(500))")
        let first = try await c.get("/api/v1/backup").body
        let firstDoc = try #require(try JSONSerialization.jsonObject(with: first) as? [String: Any])
        // Every generated row came back as it was.
        let want = try Self.rows(generated), got = try Self.rows(firstDoc)
        for key in Set(want.keys).union(got.keys).sorted() {
            let missing = (want[key] ?? []).subtracting(got[key] ?? []), extra = (got[key] ?? []).subtracting(want[key] ?? [])
            #expect(missing.isEmpty && extra.isEmpty, "\(key): missing \(missing.prefix(2)), extra \(extra.prefix(2))")
        }
        // And the backup of it restores to itself.
        let again = try await c.request("POST", "/api/v1/restore?mode=replace", body: first, contentType: "application/json")
        #expect(again.status == 200, "\(again.text.prefix(500))")
        let second = try await c.get("/api/v1/backup").body
        #expect(try BackupTests.comparable(second) == BackupTests.comparable(first))

        // Replacing with another version of the account: rows go, change and come, and the
        // search finds the new text of sentences changed in place.
        let other = Self.document(seed: seed, user: ["id": me["id"]!, "email": me["email"]!, "name": "생성된 독자"], variant: 1)
        let replaced = try await c.request("POST", "/api/v1/restore?mode=replace", body: try JSONSerialization.data(withJSONObject: other), contentType: "application/json")
        #expect(replaced.status == 200, "\(replaced.text.prefix(500))")
        let third = try #require(try JSONSerialization.jsonObject(with: try await c.get("/api/v1/backup").body) as? [String: Any])
        let want2 = try Self.rows(other), got2 = try Self.rows(third)
        for key in Set(want2.keys).union(got2.keys).sorted() {
            let missing = (want2[key] ?? []).subtracting(got2[key] ?? []), extra = (got2[key] ?? []).subtracting(want2[key] ?? [])
            #expect(missing.isEmpty && extra.isEmpty, "after the second replace, \(key): missing \(missing.prefix(2)), extra \(extra.prefix(2))")
        }
        let found = try await c.get("/api/v1/sentences?q=" + "변경1".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).json["items"] as? [[String: Any]] ?? []
        #expect(!found.isEmpty || (other["sentences"] as? [Any] ?? []).isEmpty)
        #expect(found.allSatisfy { ($0["text"] as? String ?? "").contains("변경1") })
        // No search row is left of a replaced text: whatever a word finds holds that word now.
        for word in ["운영체제", "이모지", "plain"] {
            let items = try await c.get("/api/v1/sentences?q=" + word.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).json["items"] as? [[String: Any]] ?? []
            #expect(items.allSatisfy { (($0["text"] as? String ?? "") + ($0["memo"] as? String ?? "")).contains(word) }, "\(word)")
        }
    }
}
