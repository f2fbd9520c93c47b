import Foundation
import Testing
@testable import NotioApp
import NotioCore
import NotioStore

/// The quiz loop through the API on the demo account's 운영체제 note.
@Suite struct QuizzesAPITests {
    /// Signs in as the demo account (a fresh server each time, so changes stay local) and
    /// returns the 운영체제 note's id.
    static func demo(_ server: TestServer, keepHistory: Bool = false) async throws -> (Client, String) {
        let c = Client(server)
        let me = try await c.request("POST", "/api/v1/auth/login", json: ["email": "study@notio.io", "password": "password"])
        if !keepHistory {
            // A clean slate: the demo's own quizzes (and with them attempts and the notebook) go.
            let id = (me.json["user"] as? [String: Any])?["id"] as? String ?? ""
            try server.app.context.store.database.write { db in
                try db.run("DELETE FROM quizzes WHERE owner_id = ?", [id])
                try db.run("DELETE FROM review_cards WHERE owner_id = ?", [id])
                // The demo's saved sentences would join the queue: these tests count questions.
                try db.run("UPDATE users SET sentence_review = 0 WHERE id = ?", [id])
            }
            server.app.context.sessions.clear()
            // Rows changed by hand: the statistics' per-day sums are made again from them.
            try server.app.context.store.rebuildActivityDays()
        }
        let notes = try await c.get("/api/v1/notes?q=%EC%9A%B4%EC%98%81%EC%B2%B4%EC%A0%9C").json["items"] as? [[String: Any]] ?? []
        return (c, try #require(notes.first?["id"] as? String))
    }

    static func quiz(_ c: Client, _ noteId: String, _ difficulty: String, _ count: Int) async throws -> [String: Any] {
        let r = try await c.request("POST", "/api/v1/notes/\(noteId)/quizzes", json: ["difficulty": difficulty, "count": count])
        #expect(r.status == 201, "\(r.text)")
        return try #require(r.json["quiz"] as? [String: Any])
    }

    @Test func theWholeLoop() async throws {
        let server = try await TestServer.start()
        let (c, noteId) = try await Self.demo(server)
        let before = try await c.get("/api/v1/stats/study").json
        let quiz = try await Self.quiz(c, noteId, "hard", 5)
        let questions = try #require(quiz["questions"] as? [[String: Any]])
        #expect(questions.count == 5)
        // No answers go to the taker.
        #expect(!String(decoding: try JSONSerialization.data(withJSONObject: quiz), as: UTF8.self).contains("correctIndex"))
        for q in questions {
            // The concept it asks about is often the answer: it comes with the graded answer only.
            #expect(q["conceptName"] == nil)
            if q["kind"] as? String == "choice" { #expect(Set(q["options"] as? [String] ?? []).count == 4) }
        }
        // Answer everything wrong-ish: the first option, or "모름".
        let answers: [[String: Any]] = questions.map { q in
            q["kind"] as? String == "choice" ? ["questionId": q["id"]!, "choice": 0] : ["questionId": q["id"]!, "text": "모름"]
        }
        let submitted = try await c.request("POST", "/api/v1/quizzes/\(quiz["id"]!)/attempts", json: ["answers": answers])
        #expect(submitted.status == 201)
        let attempt = try #require(submitted.json["attempt"] as? [String: Any])
        let graded = try #require(attempt["answers"] as? [[String: Any]])
        #expect(graded.count == 5)
        let wrong = graded.filter { $0["isCorrect"] as? Bool == false }
        #expect(attempt["correctCount"] as? Int == 5 - wrong.count)
        #expect(!wrong.isEmpty)
        for g in graded {
            #expect(!(g["correctAnswer"] as? String ?? "").isEmpty)
            #expect(!(g["conceptName"] as? String ?? "").isEmpty)
        }

        // History and the attempt's detail.
        let history = try await c.get("/api/v1/notes/\(noteId)/attempts").json
        #expect((history["items"] as? [Any])?.count == 1)
        #expect((history["summary"] as? [String: Any])?["wrong"] as? Int == wrong.count)
        let detail = try await c.get("/api/v1/attempts/\(attempt["id"]!)")
        #expect((detail.json["attempt"] as? [String: Any])?["id"] as? String == attempt["id"] as? String)

        // The notebook holds exactly the wrong ones; the retry quiz is made of them.
        let notebook = try await c.get("/api/v1/notes/\(noteId)/wrong-answers").json["items"] as? [[String: Any]] ?? []
        #expect(Set(notebook.compactMap { $0["questionId"] as? String }) == Set(wrong.compactMap { $0["questionId"] as? String }))
        #expect((try await c.get("/api/v1/wrong-answers").json["items"] as? [Any])?.count == wrong.count)
        let retry = try await c.request("POST", "/api/v1/notes/\(noteId)/wrong-answers/quiz")
        #expect(retry.status == 201)
        let retryQuiz = try #require(retry.json["quiz"] as? [String: Any])
        let retryQuestions = try #require(retryQuiz["questions"] as? [[String: Any]])
        #expect(retryQuestions.count == wrong.count)
        #expect(retryQuiz["origin"] as? String == "wrong")
        // Answer them right, using the notebook's answers (same order as the notebook).
        // The retry asks the same questions with their options in a new order.
        for (q, entry) in zip(retryQuestions, notebook) where q["kind"] as? String == "choice" {
            let original = questions.first { $0["id"] as? String == entry["questionId"] as? String }?["options"] as? [String] ?? []
            let shuffled = q["options"] as? [String] ?? []
            #expect(Set(shuffled) == Set(original) && shuffled != original, "\(shuffled) vs \(original)")
        }
        let rightAnswers: [[String: Any]] = zip(retryQuestions, notebook).map { q, entry in
            if q["kind"] as? String == "choice" {
                let options = q["options"] as? [String] ?? []
                return ["questionId": q["id"]!, "choice": options.firstIndex(of: entry["correctAnswer"] as? String ?? "") ?? -1]
            }
            return ["questionId": q["id"]!, "text": entry["correctAnswer"] as? String ?? ""]
        }
        let second = try await c.request("POST", "/api/v1/quizzes/\(retryQuiz["id"]!)/attempts", json: ["answers": rightAnswers])
        #expect(second.status == 201)
        #expect((second.json["attempt"] as? [String: Any])?["correctCount"] as? Int == wrong.count)
        // Mastery counts full quizzes only: all of the retry right says nothing of the whole
        // note, so the learning rate stays the first quiz's.
        let firstRate = Double(5 - wrong.count) / 5
        let firstStatus = 5 - wrong.count >= 4 ? "done" : "in_progress"
        #expect(second.json["learningRate"] as? Double == firstRate)
        #expect(second.json["status"] as? String == firstStatus)
        #expect((try await c.get("/api/v1/notes/\(noteId)/wrong-answers").json["items"] as? [Any])?.count == 0)

        // The note's learning rate and status, and the study statistics.
        let note = try await c.get("/api/v1/notes/\(noteId)").json
        #expect(note["learningRate"] as? Double == firstRate)
        #expect(note["status"] as? String == firstStatus)
        let listed = (try await c.get("/api/v1/notes").json["items"] as? [[String: Any]] ?? []).first { $0["id"] as? String == noteId }
        #expect(listed?["learningRate"] as? Double == firstRate)
        let summary = try await c.get("/api/v1/notes/\(noteId)/attempts").json["summary"] as? [String: Any]
        #expect(summary?["learningRate"] as? Double == firstRate && summary?["attempts"] as? Int == 2)
        let after = try await c.get("/api/v1/stats/study").json
        let solvedBefore = (before["totals"] as? [String: Any])?["solved"] as? Int ?? 0
        #expect((after["totals"] as? [String: Any])?["solved"] as? Int == solvedBefore + 5 + wrong.count)
        #expect(after["streakDays"] as? Int ?? 0 >= 1)
        #expect((after["thisWeek"] as? [String: Any])?["questions"] as? Int ?? 0 >= 5 + wrong.count)
        // The wrong ones were scheduled for review; answering them right moved them on.
        #expect(after["reviewDue"] as? Int == 0)
    }

    /// Quizzes on one note until it runs out: no prompt is ever asked twice, a quiz with fewer
    /// new questions than asked says so, and then the note answers 409 no_new_questions.
    @Test func quizzesAreNeverPaddedWithRepeats() async throws {
        let server = try await TestServer.start()
        let (c, noteId) = try await Self.demo(server)
        var prompts: [String] = []
        var short: [String: Any]?
        var ranOut = false
        for _ in 0..<60 where !ranOut {
            let r = try await c.request("POST", "/api/v1/notes/\(noteId)/quizzes", json: ["difficulty": "easy", "count": 30])
            if r.status == 409 {
                #expect(r.errorCode == "no_new_questions")
                ranOut = true
                continue
            }
            #expect(r.status == 201)
            let questions = (r.json["quiz"] as? [String: Any])?["questions"] as? [[String: Any]] ?? []
            prompts += questions.compactMap { $0["prompt"] as? String }
            #expect(r.json["requested"] as? Int == 30)
            if questions.count < 30 {
                short = r.json
                #expect((r.json["notice"] as? String ?? "").contains("\(questions.count)"))
            } else {
                #expect(r.json["notice"] == nil || r.json["notice"] is NSNull)
            }
        }
        #expect(ranOut)
        #expect(short != nil)
        #expect(Set(prompts).count == prompts.count, "a prompt was asked twice")

        // The page says it too: with the short quiz gone, the same few new questions are left.
        let shortId = try #require((short?["quiz"] as? [String: Any])?["id"] as? String)
        try server.app.context.store.database.write { db in try db.run("DELETE FROM quizzes WHERE id = ?", [shortId]) }
        let page = try await c.postForm("/notes/\(noteId)/quizzes", ["difficulty": "easy", "count": "30"])
        let location = try #require(page.header("Location"))
        #expect(location.hasSuffix("?requested=30"))
        let taker = try await c.get(location)
        #expect(taker.text.contains("id=\"quiz-short-notice\""))
    }

    @Test func newQuizzesAvoidEarlierQuestions() async throws {
        let server = try await TestServer.start()
        let (c, noteId) = try await Self.demo(server)
        let first = try await Self.quiz(c, noteId, "easy", 8)
        let second = try await Self.quiz(c, noteId, "easy", 8)
        let a = Set((first["questions"] as? [[String: Any]] ?? []).compactMap { $0["prompt"] as? String })
        let b = Set((second["questions"] as? [[String: Any]] ?? []).compactMap { $0["prompt"] as? String })
        #expect(a.count == 8 && b.count == 8)
        #expect(a.isDisjoint(with: b))
    }

    @Test func levelsAskDifferentThings() async throws {
        let server = try await TestServer.start()
        let (c, noteId) = try await Self.demo(server)
        func profile(_ level: String) async throws -> (short: Int, naming: Int) {
            let qs = try await Self.quiz(c, noteId, level, 20)["questions"] as? [[String: Any]] ?? []
            return (qs.filter { $0["kind"] as? String == "short" }.count,
                    qs.filter { ["definition", "name"].contains($0["form"] as? String ?? "") }.count)
        }
        let easy = try await profile("easy"), hard = try await profile("hard")
        #expect(hard.short > easy.short)
        #expect(easy.naming > hard.naming)
    }

    @Test func badInputGetsTheRight4xxAndStoresNothing() async throws {
        let server = try await TestServer.start()
        let (c, noteId) = try await Self.demo(server)
        for body: [String: Any] in [["difficulty": "easy", "count": 0], ["difficulty": "easy", "count": 31], ["difficulty": "impossible", "count": 5]] {
            let r = try await c.request("POST", "/api/v1/notes/\(noteId)/quizzes", json: body)
            #expect(r.status == 422)
        }
        #expect(try await c.request("POST", "/api/v1/notes/\(noteId)/quizzes", json: ["difficulty": "easy"]).status == 422)
        #expect(try await c.request("POST", "/api/v1/notes/nope/quizzes", json: ["difficulty": "easy", "count": 3]).status == 404)

        let quiz = try await Self.quiz(c, noteId, "medium", 3)
        let other = try await Self.quiz(c, noteId, "medium", 3)
        let qid = quiz["id"] as! String
        let foreign = (other["questions"] as? [[String: Any]])?.first?["id"] as? String ?? ""
        let own = (quiz["questions"] as? [[String: Any]])?.first?["id"] as? String ?? ""
        let forOther = try await c.request("POST", "/api/v1/quizzes/\(qid)/attempts", json: ["answers": [["questionId": foreign, "choice": 0]]])
        #expect(forOther.status == 422)
        let twice = try await c.request("POST", "/api/v1/quizzes/\(qid)/attempts", json: ["answers": [["questionId": own, "text": "a"], ["questionId": own, "text": "b"]]])
        #expect(twice.status == 422)
        let outOfRange = try await c.request("POST", "/api/v1/quizzes/\(qid)/attempts", json: ["answers": [["questionId": own, "choice": 9]]])
        #expect([422].contains(outOfRange.status))
        #expect(try await c.request("POST", "/api/v1/quizzes/\(qid)/attempts", json: ["answers": "nope"]).status == 422)
        #expect(try await c.request("POST", "/api/v1/quizzes/\(qid)/attempts", body: Data("{".utf8), contentType: "application/json").status == 400)
        #expect((try await c.get("/api/v1/notes/\(noteId)/attempts").json["items"] as? [Any])?.count == 0)

        #expect(try await c.request("POST", "/api/v1/quizzes/\(qid)/attempts", json: ["answers": [[String: Any]]()]).status == 201)
        let again = try await c.request("POST", "/api/v1/quizzes/\(qid)/attempts", json: ["answers": [[String: Any]]()])
        #expect(again.status == 409)
        #expect(again.errorCode == "already_answered")
        #expect((try await c.get("/api/v1/notes/\(noteId)/attempts").json["items"] as? [Any])?.count == 1)

        // Another account sees none of it.
        let stranger = Client(server)
        try await stranger.signUp()
        #expect(try await stranger.get("/api/v1/quizzes/\(qid)").status == 404)
        #expect(try await stranger.request("POST", "/api/v1/quizzes/\(other["id"]!)/attempts", json: ["answers": [[String: Any]]()]).status == 404)
        #expect((try await c.get("/api/v1/quizzes/\(other["id"]!)").json["quiz"] as? [String: Any])?["attemptId"] == nil)
    }

    @Test func reviewQueueFollowsTheSchedule() async throws {
        // The application's clock is the test's: the schedule is checked by moving it, through the API.
        let clock = TestClock()
        let server = try await TestServer.start(clock: clock)
        let (c, noteId) = try await Self.demo(server)
        let quiz = try await Self.quiz(c, noteId, "easy", 3)
        _ = try await c.request("POST", "/api/v1/quizzes/\(quiz["id"]!)/attempts", json: ["answers": [[String: Any]]()])
        // Wrong answers come back after ten minutes, not at once.
        #expect((try await c.get("/api/v1/review").json["items"] as? [Any])?.count == 0)
        clock.advance(9 * 60)
        #expect((try await c.get("/api/v1/review").json["items"] as? [Any])?.count == 0)
        clock.advance(2 * 60)
        let queue = try await c.get("/api/v1/review").json
        #expect((queue["items"] as? [Any])?.count == 3)
        #expect((try await c.get("/api/v1/stats/study").json["reviewDue"] as? Int) == 3)
        // Answering one right moves it days ahead (from the moved clock) and out of the notebook.
        let store = server.app.context.store
        let me = try await c.get("/api/v1/me").json["user"] as? [String: Any]
        let due = try store.dueQuestionReviews(owner: me?["id"] as? String ?? "", at: clock.now)
        let question = try #require(due.first?.1)
        let body: [String: Any] = question.kind == .choice ? ["choice": question.correctIndex ?? 0] : ["text": question.answer]
        let answered = try await c.request("POST", "/api/v1/review/\(question.id)", json: body)
        #expect(answered.json["isCorrect"] as? Bool == true, "\(answered.text)")
        let nextDue = try #require((answered.json["nextDue"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        // The answer gives whole seconds: at least a day ahead, less the instant cut off.
        #expect(nextDue.timeIntervalSince(clock.now) >= 86_399)
        #expect((try await c.get("/api/v1/notes/\(noteId)/wrong-answers").json["items"] as? [Any])?.count == 2)
        #expect((try await c.get("/api/v1/review").json["items"] as? [Any])?.count == 2)
        // When the clock reaches the new due date, the question is back in the queue.
        clock.advance(nextDue.timeIntervalSince(clock.now) + 60)
        #expect((try await c.get("/api/v1/review").json["items"] as? [Any])?.count == 3)
        #expect(try await c.request("POST", "/api/v1/review/nope", json: ["text": "x"]).status == 404)
    }

    @Test func theStreakFollowsTheApplicationClock() async throws {
        let clock = TestClock()
        let server = try await TestServer.start(clock: clock)
        let (c, noteId) = try await Self.demo(server)
        let me = try await c.get("/api/v1/me").json["user"] as? [String: Any]
        // A zone without daylight saving, so a moved day is exactly 86,400 seconds.
        try server.app.context.store.updatePreferences(userId: me?["id"] as? String ?? "", language: "ko", timeZone: "Asia/Seoul")
        func streak() async throws -> Int? { try await c.get("/api/v1/stats/study").json["streakDays"] as? Int }
        func attempt() async throws {
            let quiz = try await Self.quiz(c, noteId, "easy", 3)
            let r = try await c.request("POST", "/api/v1/quizzes/\(quiz["id"]!)/attempts", json: ["answers": [[String: Any]]()])
            #expect(r.status == 201)
            // The attempt is stamped with the application's time, not the wall clock's.
            let at = ((r.json["attempt"] as? [String: Any])?["createdAt"] as? String).flatMap { try? Date($0, strategy: .iso8601) }
            #expect(abs((at ?? .distantPast).timeIntervalSince(clock.now)) < 2)
        }
        #expect(try await streak() == 0)
        try await attempt()
        #expect(try await streak() == 1)
        clock.advance(86_400)
        // Nothing yet today: yesterday still counts.
        #expect(try await streak() == 1)
        try await attempt()
        #expect(try await streak() == 2)
        clock.advance(2 * 86_400)
        #expect(try await streak() == 0)
    }
}

private func QuizGraderGiven(_ id: String, choice: Int? = nil, text: String? = nil) -> NotioCore.QuizGrader.Given {
    .init(questionId: id, choice: choice, text: text)
}

@Suite struct DemoStudyTests {
    @Test func theDemoAccountHasAStudyHistory() async throws {
        let server = try await TestServer.start()
        let (c, noteId) = try await QuizzesAPITests.demo(server, keepHistory: true)
        let stats = try await c.get("/api/v1/stats/study").json
        #expect(stats["streakDays"] as? Int == 5)
        #expect(((stats["totals"] as? [String: Any])?["wrong"] as? Int ?? 0) > 0)
        #expect((try await c.get("/api/v1/notes/\(noteId)/attempts").json["items"] as? [Any])?.count == 3)
        #expect((try await c.get("/api/v1/wrong-answers").json["items"] as? [Any])?.isEmpty == false)
        let note = try await c.get("/api/v1/notes/\(noteId)").json
        #expect((note["learningRate"] as? Double ?? 0) > 0)
        // Seeding again (a restart with --seed-demo) adds nothing.
        try DemoData.seed(store: server.app.context.store, now: Date())
        #expect((try await c.get("/api/v1/notes/\(noteId)/attempts").json["items"] as? [Any])?.count == 3)
    }
}

@Suite struct StudyStatsTests {
    /// Attempts at the given instants for the demo account, nothing else.
    static func store(with instants: [Date], zone: String) async throws -> (TestServer, User) {
        let server = try await TestServer.start()
        let store = server.app.context.store
        let owner = try #require(try store.credentials(email: "study@notio.io")?.user)
        try store.updatePreferences(userId: owner.id, language: "ko", timeZone: zone)
        try store.database.write { db in
            try db.run("DELETE FROM quizzes WHERE owner_id = ?", [owner.id])
            let note = try db.first("SELECT id FROM notes WHERE owner_id = ?", [owner.id]) { $0.string(0) } ?? ""
            for (i, at) in instants.enumerated() {
                let ms = Int64(at.timeIntervalSince1970 * 1000)
                try db.run("INSERT INTO quizzes (id, owner_id, note_id, difficulty, origin, created_at) VALUES (?,?,?,?,?,?)", ["q\(i)", owner.id, note, "easy", "new", ms])
                try db.run("INSERT INTO attempts (id, owner_id, quiz_id, note_id, correct_count, total, created_at) VALUES (?,?,?,?,?,?,?)", ["a\(i)", owner.id, "q\(i)", note, 3, 5, ms])
            }
        }
        try store.rebuildActivityDays()
        return (server, try #require(try store.user(id: owner.id)))
    }

    static func date(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test func streakInAFixedOffsetZoneMatchesTheDayByDayCount() async throws {
        let now = Self.date("2026-11-30T01:00:00Z")  // 10:00 in Seoul
        // 23:30 and 00:10 Seoul time on consecutive days, then every day back to the 25th.
        let instants = ["2026-11-29T14:30:00Z", "2026-11-29T15:10:00Z", "2026-11-28T03:00:00Z", "2026-11-27T03:00:00Z",
                        "2026-11-26T03:00:00Z", "2026-11-25T03:00:00Z", "2026-11-20T03:00:00Z"].map(Self.date)
        let (server, user) = try await Self.store(with: instants, zone: "Asia/Seoul")
        let stats = try StudyStats.compute(store: server.app.context.store, user: user, now: now)
        let calendar = ActivityCalendar(timeZone: TimeZone(identifier: "Asia/Seoul")!)
        #expect(stats.streakDays == calendar.streak(activity: instants, now: now))
        #expect(stats.streakDays == 6)
        #expect(stats.totals.solved == 35)
        #expect(stats.totals.correct == 21)
    }

    @Test func streakAcrossADaylightSavingChangeCountsLocalDays() async throws {
        // Berlin moved its clocks on 2026-03-29; activity at 23:30 local time every day around it.
        let now = Self.date("2026-03-31T10:00:00Z")
        let instants = ["2026-03-27T22:30:00Z", "2026-03-28T22:30:00Z", "2026-03-29T21:30:00Z", "2026-03-30T21:30:00Z"].map(Self.date)
        let (server, user) = try await Self.store(with: instants, zone: "Europe/Berlin")
        let stats = try StudyStats.compute(store: server.app.context.store, user: user, now: now)
        #expect(stats.streakDays == 4)
    }
}
