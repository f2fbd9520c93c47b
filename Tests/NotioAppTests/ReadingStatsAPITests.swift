import Foundation
import Testing
@testable import NotioApp
import NotioCore

/// Statistics through HTTP against hand-computed totals on seeded sessions and sentences.
@Suite struct ReadingStatsAPITests {
    @Test func periodAndHeatmapMatchTheSeededData() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        _ = try await c.request("PATCH", "/api/v1/me", json: ["timeZone": "Asia/Seoul"])
        let me = try #require((try await c.get("/api/v1/me").json["user"] as? [String: Any])?["id"] as? String)
        let novel = try #require((try await c.request("POST", "/api/v1/books", json: ["title": "소설책", "author": "김작가", "genre": "소설"]).json["book"] as? [String: Any])?["id"] as? String)
        let essay = try #require((try await c.request("POST", "/api/v1/books", json: ["title": "Essays", "author": "Montaigne", "genre": "에세이"]).json["book"] as? [String: Any])?["id"] as? String)

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Seoul")!
        func kst(_ m: Int, _ d: Int, _ h: Int, _ min: Int = 0) -> Date {
            calendar.date(from: DateComponents(year: 2025, month: m, day: d, hour: h, minute: min))!
        }
        let store = server.app.context.store
        // Week of Monday 2025-06-02: 30 + 15 min on Monday (one just after midnight), 60 on Saturday.
        for (book, start, minutes) in [(novel, kst(6, 2, 0, 5), 30), (essay, kst(6, 2, 22), 15), (novel, kst(6, 7, 9), 60),
                                       (essay, kst(6, 1, 23, 30), 45), (novel, kst(7, 15, 20), 90)] {
            _ = try store.insertReadingSession(ReadingSession(bookId: book, startedAt: start, endedAt: start.addingTimeInterval(Double(minutes * 60))), owner: me)
        }
        for (book, at) in [(novel, kst(6, 3, 8)), (novel, kst(6, 4, 8)), (essay, kst(6, 4, 9)), (essay, kst(7, 1, 9))] {
            _ = try store.insertSentence(Sentence(bookId: book, text: "문장 \(at.timeIntervalSince1970)", createdAt: at), owner: me)
        }

        let week = try await c.get("/api/v1/stats/reading?period=week&date=2025-06-04").json
        #expect(week["from"] as? String == "2025-06-02")
        #expect(week["totalSeconds"] as? Int == 105 * 60)
        #expect((week["buckets"] as? [[String: Any]])?.map { $0["seconds"] as? Int ?? -1 } == [2700, 0, 0, 0, 0, 3600, 0])
        #expect(week["sentenceCount"] as? Int == 3)
        #expect((week["byGenre"] as? [[String: Any]])?.first?["name"] as? String == "소설")
        #expect((week["byAuthor"] as? [[String: Any]])?.map { $0["sentences"] as? Int ?? -1 } == [2, 1])
        #expect((week["topBooks"] as? [[String: Any]])?.first?["title"] as? String == "소설책")

        let june = try await c.get("/api/v1/stats/reading?period=month&date=2025-06-20").json
        #expect(june["totalSeconds"] as? Int == (45 + 30 + 15 + 60) * 60)
        #expect(june["activeDays"] as? Int == 3)
        let year = try await c.get("/api/v1/stats/reading?period=year&date=2025-01-01").json
        #expect((year["buckets"] as? [[String: Any]])?.map { $0["seconds"] as? Int ?? -1 } == [0, 0, 0, 0, 0, 9000, 5400, 0, 0, 0, 0, 0])

        let heat = try await c.get("/api/v1/stats/heatmap?year=2025").json
        let days = heat["days"] as? [[String: Any]] ?? []
        #expect(days.count == 365)
        #expect(days.first { $0["date"] as? String == "2025-06-02" }?["readingSeconds"] as? Int == 2700)
        #expect(days.first { $0["date"] as? String == "2025-06-01" }?["readingSeconds"] as? Int == 2700)
        #expect(days.first { $0["date"] as? String == "2025-06-04" }?["sentences"] as? Int == 2)
        #expect(days.reduce(0) { $0 + ($1["readingSeconds"] as? Int ?? 0) } == 240 * 60)

        #expect(try await c.get("/api/v1/stats/reading?period=decade").status == 422)
        #expect(try await c.get("/api/v1/stats/reading?date=2025-02-30").status == 422)
        #expect(try await c.get("/api/v1/stats/heatmap?year=twenty").status == 422)
        let page = try await c.get("/reading/stats?period=week&date=2025-06-04&year=2025")
        #expect(page.status == 200)
        #expect(page.text.contains("id=\"heatmap\""))
        #expect(page.text.contains("<table id=\"period-table\">"))
        #expect(page.text.contains("data-date=\"2025-06-02\" data-value=\"45\""))
    }
}
