import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// `/api/v1/stats/reading` and `/api/v1/stats/heatmap`: reading time by period, sentences by
/// genre and author, top books; a year of days across reading and study.
struct ReadingStatsAPI {
    let app: AppContext

    /// The reading statistics of the period containing `date` (today by default).
    static func compute(app: AppContext, user: User, period: StatsPeriod, date: String?, settle: Bool) throws -> ReadingPeriodStats {
        let calc = ReadingStatsCalculator(timeZone: TimeZone(identifier: user.timeZone) ?? .current)
        let now = app.now()
        var anchor = now
        if let date, !date.isEmpty {
            guard let d = calc.date(date) else { throw HTTPError.unprocessable(["date": "must be a date YYYY-MM-DD"]) }
            anchor = d
        }
        // A timer that ran out is recorded before it is counted (a guest only reads).
        if settle { try? app.store.settleReadingTimer(owner: user.id, at: now) }
        // Reading from the per-day sums (a row per day and book); sentences as they are.
        let (start, end) = calc.bounds(period, containing: anchor)
        let days = try app.store.readingDays(owner: user.id, from: calc.dayNumber(start), to: calc.dayNumber(end))
        let sentences = try app.store.sentenceTimes(owner: user.id, from: start, to: end)
        return calc.period(period, anchor: anchor, days: days, sentences: sentences, books: try app.store.bookFacts(owner: user.id))
    }

    static func heatmap(app: AppContext, user: User, year: Int) throws -> [HeatmapDay] {
        let calc = ReadingStatsCalculator(timeZone: TimeZone(identifier: user.timeZone) ?? .current)
        guard let days = calc.yearDays(year), let start = calc.calendar.date(from: DateComponents(year: year, month: 1, day: 1)),
              let end = calc.calendar.date(from: DateComponents(year: year + 1, month: 1, day: 1)) else { return [] }
        let (reading, study, sentences) = try app.store.heatmapDays(owner: user.id, from: days.lowerBound, to: days.upperBound,
                                                                     sentencesFrom: start, sentencesTo: end)
        return calc.heatmap(year: year, readingDays: reading, sentences: sentences, studyDays: study)
    }

    static func period(_ raw: String?) throws -> StatsPeriod {
        guard let raw, !raw.isEmpty else { return .week }
        guard let p = StatsPeriod(rawValue: raw) else { throw HTTPError.unprocessable(["period": "must be week, month or year"]) }
        return p
    }

    static func year(_ raw: String?, now: Date, zone: TimeZone) throws -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let raw, !raw.isEmpty else { return calendar.component(.year, from: now) }
        guard let y = Int(raw), (1970...9999).contains(y) else { throw HTTPError.unprocessable(["year": "must be a year such as 2026"]) }
        return y
    }

    func reading(_ request: Request, _ member: Member) throws -> Response {
        let stats = try Self.compute(app: app, user: member.user, period: try Self.period(request.query["period"]), date: request.query["date"],
                                     settle: !member.isGuest)
        return Response.json(Data(stats.json.utf8))
    }

    func heatmap(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        let year = try Self.year(request.query["year"], now: app.now(), zone: TimeZone(identifier: user.timeZone) ?? .current)
        let days = try Self.heatmap(app: app, user: user, year: year)
        return Response.json(Data((#"{"year":"# + String(year) + #","days":"# + HeatmapDay.json(days) + "}").utf8))
    }
}
