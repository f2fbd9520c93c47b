import Foundation
import Testing
@testable import NotioCore

@Suite struct ReadingStatsTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    /// 2026-03-09 is a Monday.
    func kst(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 12, _ min: Int = 0) -> Date {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = seoul
        return c.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: min))!
    }
    func session(_ book: String, _ start: Date, minutes: Int) -> ReadingSession {
        ReadingSession(bookId: book, startedAt: start, endedAt: start.addingTimeInterval(Double(minutes * 60)))
    }
    let books: [String: BookFacts] = [
        "a": BookFacts(title: "어린 왕자", author: "생텍쥐페리", genre: "소설"),
        "b": BookFacts(title: "Walden", author: "Thoreau", genre: "에세이"),
        "c": BookFacts(title: "무제", author: "", genre: nil),
    ]

    @Test func aWeekCountsDaysInTheReadersZone() {
        let calc = ReadingStatsCalculator(timeZone: seoul)
        let sessions = [
            session("a", kst(2026, 3, 9, 0, 10), minutes: 30),      // Monday just after midnight in Seoul (Sunday in UTC)
            session("a", kst(2026, 3, 11, 21), minutes: 45),
            session("b", kst(2026, 3, 11, 23, 50), minutes: 20),    // starts Wednesday, ends Thursday: counts on Wednesday
            session("b", kst(2026, 3, 15, 23, 59), minutes: 10),    // Sunday, the week's last minute
            session("b", kst(2026, 3, 16, 0, 0), minutes: 60),      // next Monday: not this week
            session("a", kst(2026, 3, 8, 23, 59), minutes: 15),     // the Sunday before: not this week
        ]
        let sentences: [(at: Date, bookId: String)] = [(kst(2026, 3, 10), "a"), (kst(2026, 3, 10, 13), "a"), (kst(2026, 3, 12), "b"), (kst(2026, 3, 13), "c"), (kst(2026, 3, 17), "b")]
        let s = calc.period(.week, anchor: kst(2026, 3, 12), sessions: sessions, sentences: sentences, books: books)
        #expect(s.from == "2026-03-09" && s.to == "2026-03-16" && s.through == "2026-03-15")
        #expect(s.previous == "2026-03-02" && s.next == "2026-03-16")
        #expect(s.buckets.map(\.seconds) == [1800, 0, 3900, 0, 0, 0, 600])
        #expect(s.buckets.map(\.sentences) == [0, 2, 0, 1, 1, 0, 0])
        #expect(s.totalSeconds == 6300)
        #expect(s.sessionCount == 4)
        #expect(s.activeDays == 3)
        #expect(s.sentenceCount == 4)
        #expect(s.byGenre.map(\.name) == ["소설", "에세이", "기타"], "ties on sentences go to the more read")
        #expect(s.byGenre.map(\.sentences) == [2, 1, 1])
        #expect(s.byAuthor.first?.name == "생텍쥐페리")
        #expect(s.topBooks.map(\.bookId) == ["a", "b", "c"])
        #expect(s.topBooks.first?.seconds == 4500)
    }

    @Test func monthsAndYears() {
        let calc = ReadingStatsCalculator(timeZone: seoul)
        let sessions = [session("a", kst(2026, 2, 28, 22), minutes: 30), session("a", kst(2026, 3, 1, 1), minutes: 40),
                        session("b", kst(2026, 12, 31, 23, 30), minutes: 50), session("b", kst(2027, 1, 1, 0, 5), minutes: 5)]
        let march = calc.period(.month, anchor: kst(2026, 3, 20), sessions: sessions, sentences: [], books: books)
        #expect(march.buckets.count == 31)
        #expect(march.totalSeconds == 2400)
        #expect(march.buckets[0].seconds == 2400)
        #expect(march.previous == "2026-02-01" && march.next == "2026-04-01")
        let february = calc.period(.month, anchor: kst(2026, 2, 1), sessions: sessions, sentences: [], books: books)
        #expect(february.buckets.count == 28 && february.totalSeconds == 1800)
        let year = calc.period(.year, anchor: kst(2026, 6, 1), sessions: sessions, sentences: [], books: books)
        #expect(year.buckets.count == 12)
        #expect(year.buckets.map(\.index) == Array(1...12))
        #expect(year.buckets[1].seconds == 1800 && year.buckets[2].seconds == 2400 && year.buckets[11].seconds == 3000)
        #expect(year.totalSeconds == 7200)
        #expect(year.from == "2026-01-01" && year.to == "2027-01-01")
    }

    @Test func theHeatmapHasEveryDayEvenAcrossDaylightSaving() {
        let ny = TimeZone(identifier: "America/New_York")!
        let calc = ReadingStatsCalculator(timeZone: ny)
        var c = Calendar(identifier: .gregorian)
        c.timeZone = ny
        let springForward = c.date(from: DateComponents(year: 2026, month: 3, day: 8, hour: 23, minute: 30))!
        let fallBack = c.date(from: DateComponents(year: 2026, month: 11, day: 1, hour: 0, minute: 30))!
        let days = calc.heatmap(year: 2026, sessions: [session("a", springForward, minutes: 20), session("a", fallBack, minutes: 10)],
                                sentences: [springForward], questions: [(fallBack, 5)])
        #expect(days.count == 365)
        #expect(days.first?.date == "2026-01-01" && days.last?.date == "2026-12-31")
        #expect(days.first { $0.date == "2026-03-08" }?.readingSeconds == 1200)
        #expect(days.first { $0.date == "2026-03-08" }?.sentences == 1)
        #expect(days.first { $0.date == "2026-11-01" }?.studyQuestions == 5)
        #expect(days.reduce(0) { $0 + $1.readingSeconds } == 1800)
        #expect(calc.date("2026-02-30") == nil)
        #expect(calc.date("2026-13-01") == nil)
    }
}
