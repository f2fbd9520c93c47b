import Foundation
import Testing
@testable import NotioApp
import NotioCore

/// The statistics answered from the per-day sums (`reading_days`, `study_days`) equal the same
/// statistics computed from every session, sentence and attempt, on data made through the API
/// in a zone with daylight saving, and again after the reader moves to another zone.
@Suite struct StatisticsSumsTests {
    @Test func heatmapAndPeriodsFromTheSumsEqualThoseFromTheRows() async throws {
        // A fixed autumn day, so that the ten months before it always span two years.
        let clock = TestClock(at: ISO8601DateFormatter().date(from: "2026-09-20T15:00:00Z")!)
        let server = try await TestServer.start(seedDemo: true, clock: clock)
        // The demo account for its ready note only: its books (and their sessions and sentences) go.
        let (c, noteId) = try await QuizzesAPITests.demo(server)
        for book in try await c.get("/api/v1/books").json["items"] as? [[String: Any]] ?? [] {
            #expect(try await c.request("DELETE", "/api/v1/books/\(book["id"] as? String ?? "")").status == 204)
        }
        #expect(try await c.request("PATCH", "/api/v1/me", json: ["timeZone": "America/New_York"]).status == 200)
        var books: [String] = []
        for (title, genre) in [("밤의 책", "소설"), ("Day Book", "에세이")] {
            let made = try await c.request("POST", "/api/v1/books", json: ["title": title, "author": "작가 \(title)", "genre": genre])
            books.append(try #require((made.json["book"] as? [String: Any])?["id"] as? String))
        }
        // Sessions over ~10 months before now, at every hour of the day (so some start just before
        // or after local midnight, and some on the days the clocks change).
        let iso = ISO8601DateFormatter()
        let now = clock.now
        for k in 1...64 {
            let start = now.addingTimeInterval(-Double(k) * (5 * 86_400 + 7 * 3600 + 13 * 60))
            let body: [String: Any] = ["startedAt": iso.string(from: start), "endedAt": iso.string(from: start.addingTimeInterval(Double(600 + k * 97))),
                                       "seconds": 300 + k * 61]
            #expect(try await c.request("POST", "/api/v1/books/\(books[k % 2])/sessions", json: body).status == 201)
        }
        // Sentences and answered quizzes as the clock moves on by 9 hours at a time.
        for i in 0..<6 {
            #expect(try await c.request("POST", "/api/v1/books/\(books[i % 2])/sentences", json: ["text": "오늘 읽은 문장 \(i)번째 기록"]).status == 201)
            let quiz = try await QuizzesAPITests.quiz(c, noteId, "easy", 2 + i % 3)
            let answers: [[String: Any]] = (quiz["questions"] as? [[String: Any]] ?? []).map { q in
                q["kind"] as? String == "choice" ? ["questionId": q["id"]!, "choice": i % 4] : ["questionId": q["id"]!, "text": "모름"]
            }
            #expect(try await c.request("POST", "/api/v1/quizzes/\(quiz["id"]!)/attempts", json: ["answers": answers]).status == 201)
            clock.advance(9 * 3600)
        }

        try await expectSumsAnswerAsRows(server, c, zone: "America/New_York")
        #expect(try await c.request("PATCH", "/api/v1/me", json: ["timeZone": "Asia/Seoul"]).status == 200)
        try await expectSumsAnswerAsRows(server, c, zone: "Asia/Seoul")
    }

    /// Every year's heatmap, and the year, month and week around a few days, as the API answers
    /// them and as `ReadingStatsCalculator` makes them from the rows themselves.
    func expectSumsAnswerAsRows(_ server: TestServer, _ c: Client, zone: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let store = server.app.context.store
        let me = try #require((try await c.get("/api/v1/me").json["user"] as? [String: Any])?["id"] as? String)
        let calc = ReadingStatsCalculator(timeZone: TimeZone(identifier: zone)!)
        let sessions = try store.readingSessions(owner: me)
        let far = (Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 4_000_000_000))
        let sentences = try store.sentenceTimes(owner: me, from: far.0, to: far.1)
        let questions = try store.answeredQuestions(owner: me, from: far.0, to: far.1)
        #expect(sessions.count == 64 && sentences.count == 6 && questions.count == 6, sourceLocation: sourceLocation)
        let years = Set((sessions.map(\.startedAt) + sentences.map(\.at)).map { calc.calendar.component(.year, from: $0) })
        #expect(years.count == 2, sourceLocation: sourceLocation)
        var shown = (reading: 0, sentences: 0, questions: 0)
        for year in years.sorted() {
            let answer = try await c.get("/api/v1/stats/heatmap?year=\(year)")
            let days = try JSONDecoder().decode([HeatmapDay].self, from: JSONSerialization.data(withJSONObject: answer.json["days"] ?? []))
            let expected = calc.heatmap(year: year, sessions: sessions, sentences: sentences.map(\.at), questions: questions)
            #expect(days == expected, "heatmap \(year) in \(zone)", sourceLocation: sourceLocation)
            shown.reading += days.reduce(0) { $0 + $1.readingSeconds }
            shown.sentences += days.reduce(0) { $0 + $1.sentences }
            shown.questions += days.reduce(0) { $0 + $1.studyQuestions }
        }
        // Nothing fell outside the years shown (and the comparison above was not of empty years).
        #expect(shown.reading == sessions.reduce(0) { $0 + $1.seconds } && shown.sentences == 6
                && shown.questions == questions.reduce(0) { $0 + $1.count } && shown.questions > 0, sourceLocation: sourceLocation)
        let books = try store.bookFacts(owner: me)
        for at in sessions.map(\.startedAt).enumerated().filter({ $0.offset % 9 == 0 }).map(\.element) + [server.app.context.now()] {
            let date = calc.day(at)
            for period in StatsPeriod.allCases {
                let answer = try await c.get("/api/v1/stats/reading?period=\(period.rawValue)&date=\(date)")
                let stats = try JSONDecoder().decode(ReadingPeriodStats.self, from: answer.body)
                let expected = calc.period(period, anchor: try #require(calc.date(date)), sessions: sessions, sentences: sentences, books: books)
                #expect(stats == expected, "\(period) of \(date) in \(zone)", sourceLocation: sourceLocation)
            }
        }
    }
}
