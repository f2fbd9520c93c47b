import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// `/timer`: the dial page and its forms (start, pause, resume, stop) for browsers without
/// JavaScript; with it, timer.js calls the same actions through the API.
struct TimerPages {
    let app: AppContext

    func page(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        let now = app.now()
        // Settling writes; a guest's view only reads.
        let timer = member.isGuest ? try app.store.peekReadingTimer(owner: user.id) : try app.store.readingTimer(owner: user.id, at: now)
        var ctx = app.pageContext(request, member)
        ctx.timer = nil
        // Books being read first, then the rest of the shelf's front: a picker, not the whole shelf.
        let first = PageRequest(limit: PageRequest.maxLimit)
        let reading = try app.store.books(owner: user.id, status: .reading, page: first).items
        var books = reading + (try app.store.books(owner: user.id, page: first).items.filter { $0.status != .reading })
        for id in [request.query["bookId"], timer.bookId].compactMap({ $0 }) where !books.contains(where: { $0.id == id }) {
            if let book = try app.store.book(id: id, owner: user.id) { books.append(book) }
        }
        var titles = Dictionary(books.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        let sessions = try app.store.readingSessions(owner: user.id, from: now.addingTimeInterval(-14 * 86_400), page: PageRequest(limit: 5)).items
        for s in sessions where titles[s.bookId] == nil { titles[s.bookId] = try app.store.book(id: s.bookId, owner: user.id)?.title }
        let recent = sessions.map { ($0, titles[$0.bookId] ?? "") }
        let last = max(1, (timer.durationSeconds > 0 ? timer.durationSeconds : 25 * 60) / 60)
        let selected = request.query["bookId"] ?? timer.bookId ?? books.first?.id
        let zone = TimeZone(identifier: user.timeZone) ?? .current
        return app.page(Pages.timer(ctx, timer: timer, bookTitle: timer.bookId.flatMap { titles[$0] }, books: books, now: now,
                                    lastMinutes: last, selectedBook: selected, sessions: Array(recent), zone: zone), newCSRF: nil)
    }

    /// `POST /timer` with `action` = start (with bookId, minutes), pause, resume or stop.
    func act(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        let f = request.formFields
        let now = app.now()
        var action: (inout ReadingTimer) throws -> ReadingSession?
        switch f["action"] ?? "" {
        case "start":
            guard let minutes = Int(f["minutes"] ?? ""), ReadingTimer.minutes.contains(minutes) else {
                throw TimerAPI.minutesInvalid
            }
            guard let bookId = f["bookId"], try app.store.book(id: bookId, owner: owner) != nil else { throw ReadingService.bookNotFound }
            action = { try $0.start(bookId: bookId, minutes: minutes, at: now); return nil }
        case "pause": action = { try $0.pause(at: now); return nil }
        case "resume": action = { try $0.resume(at: now); return nil }
        case "stop": action = { try $0.stop(at: now) }
        default: throw HTTPError.unprocessable(["action": "must be start, pause, resume or stop"])
        }
        _ = try app.store.changeReadingTimer(owner: owner, at: now, action)
        // The finished bar's × goes back to the page it was on: a path of this site only.
        if let back = f["return"], back.hasPrefix("/"), !back.hasPrefix("//"), !back.contains("\\") {
            return .redirect(back)
        }
        return .redirect(Paths.timer)
    }
}

/// `/reading/stats`: the statistics page.
struct ReadingStatsPages {
    let app: AppContext

    func page(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        let ctx = app.pageContext(request, member)
        let zone = TimeZone(identifier: user.timeZone) ?? .current
        let period = (try? ReadingStatsAPI.period(request.query["period"])) ?? .week
        let date = request.query["date"].flatMap { ReadingStatsCalculator(timeZone: zone).date($0) == nil ? nil : $0 }
        let stats = try ReadingStatsAPI.compute(app: app, user: user, period: period, date: date, settle: !member.isGuest)
        let year = (try? ReadingStatsAPI.year(request.query["year"], now: app.now(), zone: zone)) ?? Calendar.current.component(.year, from: app.now())
        let metric = ["reading", "sentences", "study"].contains(request.query["metric"] ?? "") ? request.query["metric"]! : "reading"
        let heatmap = try ReadingStatsAPI.heatmap(app: app, user: user, year: year)
        let calendar = ReadingStatsCalculator(timeZone: zone).calendar
        return app.page(Pages.readingStats(ctx, stats: stats, heatmap: heatmap, year: year, metric: metric, calendar: calendar), newCSRF: nil)
    }
}
