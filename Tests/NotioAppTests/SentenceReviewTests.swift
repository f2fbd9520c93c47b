import Foundation
import Testing
@testable import NotioApp
import NotioAnalysis
import NotioCore

/// Saved sentences in 오늘 복습 through the API and the pages, on the application's clock; and the
/// guest's quiz on a demo note, which stores nothing.
@Suite struct SentenceReviewTests {
    static let texts = [
        "우리는 모두 각자의 속도로 자라는 나무와 같아서 서두를 필요가 없다.",
        "기억은 시간이 지나도 마음속 서랍에 조용히 남아 있다.",
        "바다는 언제나 같은 자리에서 새로운 파도를 보낸다.",
        "용기란 두려움이 없는 것이 아니라 두려움을 안고 걷는 것이다.",
    ]

    /// A fresh account with one book and the four sentences above, saved now.
    static func reader(_ server: TestServer, clock: TestClock) async throws -> (Client, [String]) {
        let c = Client(server)
        #expect(try await c.signUp().status == 201)
        let book = try await c.request("POST", "/api/v1/books", json: ["title": "나무의 시간", "author": "김작가", "status": "reading"])
        let bookId = try #require((book.json["book"] as? [String: Any])?["id"] as? String ?? book.json["id"] as? String, "\(book.text)")
        var ids: [String] = []
        for (i, text) in texts.enumerated() {
            // A second apart: the queue takes the oldest first.
            clock.advance(1)
            let r = try await c.request("POST", "/api/v1/books/\(bookId)/sentences", json: ["text": text, "page": 30 + i])
            #expect(r.status == 201, "\(r.text)")
            ids.append(try #require((r.json["sentence"] as? [String: Any])?["id"] as? String ?? r.json["id"] as? String))
        }
        return (c, ids)
    }

    static func items(_ c: Client, kind: String) async throws -> [[String: Any]] {
        (try await c.get("/api/v1/review").json["items"] as? [[String: Any]] ?? []).filter { $0["itemKind"] as? String == kind }
    }

    @Test func clozeBlanksContentWordsAndKeepsParticles() throws {
        let long = try #require(SentenceCloze(Self.texts[0]))
        #expect(long.answers.count == 2)
        #expect(long.blanked.components(separatedBy: SentenceCloze.blank).count - 1 == 2)
        // Putting the words back gives the sentence: only the words went, the particles stayed.
        var restored = long.blanked
        for a in long.answers { restored = restored.replacingOccurrences(of: SentenceCloze.blank, with: a, options: [], range: restored.range(of: SentenceCloze.blank)) }
        #expect(restored == Self.texts[0])
        let short = try #require(SentenceCloze(Self.texts[2]))
        #expect(short.answers.count == 1)
        #expect(short.grade([" " + short.answers[0].uppercased()]) == [true])
        #expect(short.grade(["아무말"]) == [false])
        #expect(SentenceCloze("한마디") == nil)
    }

    @Test func savedSentencesComeBackOnTheFSRSScheduleAndCountForTheStreak() async throws {
        let clock = TestClock()
        let server = try await TestServer.start(seedDemo: false, clock: clock)
        let (c, ids) = try await Self.reader(server, clock: clock)
        // Saved today: still fresh, not asked yet.
        #expect(try await Self.items(c, kind: "sentence").isEmpty)
        #expect(try await c.get("/api/v1/stats/study").json["reviewDue"] as? Int == 0)
        clock.advance(86_400 + 60)
        // A day later: three new ones a day, oldest first, blanked, with book and page.
        let due = try await Self.items(c, kind: "sentence")
        #expect(due.count == SentenceReview.newPerDay)
        let first = try #require(due.first?["sentence"] as? [String: Any])
        #expect(first["id"] as? String == ids[0])
        #expect(first["bookTitle"] as? String == "나무의 시간" && first["page"] as? Int == 30)
        #expect((first["cloze"] as? String)?.contains(SentenceCloze.blank) == true)
        #expect(!(try await c.get("/api/v1/review").text.contains(try #require(SentenceCloze(Self.texts[0])).answers[0])))
        #expect(try await c.get("/api/v1/stats/study").json["reviewDue"] as? Int == 3)
        #expect(try await c.get("/api/v1/stats/study").json["streakDays"] as? Int == 0)

        // One blank per word, or 422.
        #expect(try await c.request("POST", "/api/v1/review/\(ids[0])", json: ["blanks": ["하나"]]).status == 422)
        // Right: Good, days ahead; the streak counts the review.
        let cloze0 = try #require(SentenceCloze(Self.texts[0]))
        let right = try await c.request("POST", "/api/v1/review/\(ids[0])", json: ["blanks": cloze0.answers])
        #expect(right.status == 200, "\(right.text)")
        #expect(right.json["itemKind"] as? String == "sentence" && right.json["isCorrect"] as? Bool == true)
        #expect(right.json["text"] as? String == Self.texts[0])
        let nextDue = try #require((right.json["nextDue"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        #expect(nextDue.timeIntervalSince(clock.now) >= 86_399)
        #expect(try await c.get("/api/v1/stats/study").json["streakDays"] as? Int == 1)
        // Wrong: Again, back within the day (ten minutes).
        let wrong = try await c.request("POST", "/api/v1/review/\(ids[1])",
                                        json: ["blanks": Array(repeating: "모름", count: try #require(SentenceCloze(Self.texts[1])).answers.count)])
        #expect(wrong.json["isCorrect"] as? Bool == false)
        #expect((wrong.json["blanks"] as? [[String: Any]])?.first?["answer"] as? String == SentenceCloze(Self.texts[1])?.answers[0])
        // Two of today's three taken in: the third is still new, the fourth waits for tomorrow.
        #expect(try await Self.items(c, kind: "sentence").map { ($0["sentence"] as? [String: Any])?["id"] as? String } == [ids[2]])
        #expect(try await c.request("POST", "/api/v1/review/\(ids[3])", json: ["blanks": ["x"]]).status == 404)
        clock.advance(11 * 60)
        #expect(Set(try await Self.items(c, kind: "sentence").compactMap { ($0["sentence"] as? [String: Any])?["id"] as? String }) == [ids[1], ids[2]])

        // Turned off: none asked, none counted, none answered; the account says so.
        let off = try await c.request("PATCH", "/api/v1/me", json: ["sentenceReview": false])
        #expect((off.json["user"] as? [String: Any])?["sentenceReview"] as? Bool == false)
        #expect((try await c.get("/api/v1/me").json["user"] as? [String: Any])?["sentenceReview"] as? Bool == false)
        #expect(try await Self.items(c, kind: "sentence").isEmpty)
        #expect(try await c.get("/api/v1/stats/study").json["reviewDue"] as? Int == 0)
        #expect(try await c.request("POST", "/api/v1/review/\(ids[1])", json: ["blanks": ["x"]]).status == 404)
        _ = try await c.request("PATCH", "/api/v1/me", json: ["sentenceReview": true])
        #expect(try await Self.items(c, kind: "sentence").count == 2)

        // Another account cannot answer them.
        let other = Client(server)
        try await other.signUp()
        #expect(try await other.request("POST", "/api/v1/review/\(ids[2])", json: ["blanks": ["x"]]).status == 404)
    }

    @Test func theReviewPageAsksSentencesWithoutJavaScript() async throws {
        let clock = TestClock()
        let server = try await TestServer.start(seedDemo: false, clock: clock)
        let (c, ids) = try await Self.reader(server, clock: clock)
        clock.advance(2 * 86_400)
        let page = try await c.get("/review")
        #expect(page.text.contains("data-item-kind=\"sentence\" data-item-id=\"\(ids[0])\""))
        #expect(page.text.contains("<span class=\"chip review-page\">p. 30</span>"))
        #expect(page.text.contains("name=\"blank-1\""))
        let cloze = try #require(SentenceCloze(Self.texts[0]))
        let answered = try await c.postForm("/review/\(ids[0])", ["blank-0": cloze.answers[0], "blank-1": cloze.answers[1]])
        #expect(answered.status == 303)
        let feedback = try await c.get(try #require(answered.header("Location")))
        #expect(feedback.text.contains("id=\"review-last\"") && feedback.text.contains("<p class=\"review-next-due\">Next review: in "))
        // The setting page turns sentences off.
        let settings = try await c.get("/settings")
        #expect(settings.text.contains("id=\"sentence-review\"") && settings.text.contains("checked"))
        #expect(try await c.postForm("/settings/review", [:]).status == 303)
        #expect(!(try await c.get("/review").text.contains("data-item-kind=\"sentence\"")))
    }

    @Test func aGuestTriesAQuizAndNothingIsStored() async throws {
        let server = try await TestServer.start()
        let guest = Client(server)
        _ = try await guest.get("/")
        #expect(try await guest.postForm("/guest", [:]).status == 303)
        let notes = try await guest.get("/api/v1/notes").json["items"] as? [[String: Any]] ?? []
        let note = try #require(notes.first { ($0["title"] as? String ?? "").hasPrefix("운영체제") }?["id"] as? String)
        let notePage = try await guest.get("/notes/\(note)")
        #expect(notePage.text.contains("href=\"/notes/\(note)/try\""))
        if let r = notePage.text.range(of: "<meta name=\"csrf-token\" content=\"") { guest.csrfToken = String(notePage.text[r.upperBound...].prefix { $0 != "\"" }) }
        let store = server.app.context.store
        func rows() throws -> [Int] {
            try store.database.read { c in
                try ["quizzes", "attempts", "attempt_answers", "wrong_answers", "review_cards", "review_log"].map { t in
                    try c.first("SELECT count(*) FROM \(t)", [], { $0.int(0) }) ?? 0
                }
            }
        }
        let before = try rows()
        let page = try await guest.get("/notes/\(note)/try")
        #expect(page.status == 200)
        let ids = page.text.components(separatedBy: "data-question-id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(ids.count == TrialQuizPages.questionCount)
        // Answer every question with its right answer, as the options were shown.
        var fields: [String: String] = [:]
        let questions = try store.noteQuestions(noteId: note, owner: try #require(try store.credentials(email: "study@notio.io")?.user.id), limit: 5)
        for q in questions {
            if q.kind == .choice {
                let order = page.text.components(separatedBy: "name=\"order-\(q.id)\" value=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) } ?? ""
                fields["order-\(q.id)"] = order
                let shown = order.split(separator: ",").compactMap { Int($0) }
                fields["q-\(q.id)"] = String(try #require(shown.firstIndex(of: q.correctIndex ?? -1)))
            } else {
                fields["q-\(q.id)"] = q.answer
            }
        }
        let result = try await guest.postForm("/notes/\(note)/try", fields)
        #expect(result.status == 200, "\(result.text.prefix(300))")
        #expect(result.text.contains("<strong>\(questions.count) / \(questions.count)</strong>"))
        #expect(result.text.contains("id=\"trial-signup\""))
        #expect(try rows() == before)
        // Everything else stays read-only for the guest.
        #expect(try await guest.postForm("/notes/\(note)/quizzes", ["difficulty": "easy", "count": "2"]).status == 403)
        #expect(try await guest.request("POST", "/api/v1/review/\(questions[0].id)", json: ["text": "x"]).status == 403)
    }
}
