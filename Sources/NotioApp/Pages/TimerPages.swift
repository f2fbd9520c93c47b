import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// `/timer`: the dial page and its forms (start, pause, resume, stop) for browsers without
/// JavaScript; with it, timer.js calls the same actions through the API.
struct TimerPages {
    let app: AppContext

    func page(_ request: Request) throws -> Response {
        let (visitor, newCSRF) = try app.pageVisitor(request)
        guard let user = visitor.user else { return .redirect("/login") }
        let now = app.now()
        // Settling writes; a guest's view only reads.
        let timer = visitor.isGuest ? try app.store.peekReadingTimer(owner: user.id) : try app.store.readingTimer(owner: user.id, at: now)
        var ctx = app.pageContext(request, visitor)
        ctx.timer = nil
        let books = try app.store.books(owner: user.id).sorted { a, b in
            // Books being read first; the shelf order otherwise.
            (a.status == .reading ? 0 : 1, a.updatedAt.timeIntervalSince1970 * -1) < (b.status == .reading ? 0 : 1, b.updatedAt.timeIntervalSince1970 * -1)
        }
        let titles = Dictionary(books.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        let recent = try app.store.readingSessions(owner: user.id, from: now.addingTimeInterval(-14 * 86_400)).suffix(5).reversed()
            .map { ($0, titles[$0.bookId] ?? "") }
        let last = max(1, (timer.durationSeconds > 0 ? timer.durationSeconds : 25 * 60) / 60)
        let selected = request.query["bookId"] ?? timer.bookId ?? books.first?.id
        let zone = TimeZone(identifier: user.timeZone) ?? .current
        return app.page(Pages.timer(ctx, timer: timer, bookTitle: timer.bookId.flatMap { titles[$0] }, books: books, now: now,
                                    lastMinutes: last, selectedBook: selected, sessions: Array(recent), zone: zone), newCSRF: newCSRF)
    }

    /// `POST /timer` with `action` = start (with bookId, minutes), pause, resume or stop.
    func act(_ request: Request) throws -> Response {
        let visitor = try Guard(app: app).check(request, access: .member)
        let owner = visitor.user!.id
        let f = request.formFields
        let now = app.now()
        var action: (inout ReadingTimer) throws -> ReadingSession?
        switch f["action"] ?? "" {
        case "start":
            guard let minutes = Int(f["minutes"] ?? ""), ReadingTimer.minutes.contains(minutes) else {
                throw HTTPError.unprocessable(["minutes": "must be 1 to 480"], "타이머는 1~480분으로 맞춰 주세요. (Set 1 to 480 minutes.)")
            }
            guard let bookId = f["bookId"], try app.store.book(id: bookId, owner: owner) != nil else { throw ReadingService.bookNotFound }
            action = { try $0.start(bookId: bookId, minutes: minutes, at: now); return nil }
        case "pause": action = { try $0.pause(at: now); return nil }
        case "resume": action = { try $0.resume(at: now); return nil }
        case "stop": action = { try $0.stop(at: now) }
        default: throw HTTPError.unprocessable(["action": "must be start, pause, resume or stop"])
        }
        do {
            _ = try app.store.changeReadingTimer(owner: owner, at: now, action)
        } catch let c as ReadingTimer.Conflict {
            throw TimerAPI.conflict(c)
        }
        return .redirect("/timer")
    }
}

/// `/reading/stats`: the statistics page.
struct ReadingStatsPages {
    let app: AppContext

    func page(_ request: Request) throws -> Response {
        let (visitor, newCSRF) = try app.pageVisitor(request)
        guard let user = visitor.user else { return .redirect("/login") }
        let ctx = app.pageContext(request, visitor)
        let zone = TimeZone(identifier: user.timeZone) ?? .current
        let period = (try? ReadingStatsAPI.period(request.query["period"])) ?? .week
        let date = request.query["date"].flatMap { ReadingStatsCalculator(timeZone: zone).date($0) == nil ? nil : $0 }
        let stats = try ReadingStatsAPI.compute(app: app, user: user, period: period, date: date, settle: !visitor.isGuest)
        let year = (try? ReadingStatsAPI.year(request.query["year"], now: app.now(), zone: zone)) ?? Calendar.current.component(.year, from: app.now())
        let metric = ["reading", "sentences", "study"].contains(request.query["metric"] ?? "") ? request.query["metric"]! : "reading"
        let heatmap = try ReadingStatsAPI.heatmap(app: app, user: user, year: year)
        let calendar = ReadingStatsCalculator(timeZone: zone).calendar
        return app.page(Pages.readingStats(ctx, stats: stats, heatmap: heatmap, year: year, metric: metric, calendar: calendar), newCSRF: newCSRF)
    }
}
