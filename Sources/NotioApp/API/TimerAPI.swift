import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// `/api/v1/timer` and `/api/v1/sessions`: the dial timer and the reading sessions it records
/// (or that a reader adds by hand).
struct TimerAPI {
    let app: AppContext

    struct TimerJSON: Encodable {
        var state: String, bookId: String?, bookTitle: String?, endsAt: Date?, remainingSeconds: Int, durationSeconds: Int
        var secondsRead: Int, startedAt: Date?, finishedAt: Date?
        init(_ t: ReadingTimer, bookTitle: String?, now: Date) {
            state = t.state.rawValue; bookId = t.bookId; self.bookTitle = bookTitle; endsAt = t.state == .running ? t.endsAt : nil
            remainingSeconds = t.remainingSeconds(at: now); durationSeconds = t.durationSeconds
            secondsRead = t.secondsRead(at: now); startedAt = t.startedAt; finishedAt = t.finishedAt
        }
    }

    struct SessionJSON: Encodable {
        var id: String, bookId: String, bookTitle: String?, startedAt: Date, endedAt: Date, seconds: Int
        init(_ s: ReadingSession, bookTitle: String?) {
            id = s.id; bookId = s.bookId; self.bookTitle = bookTitle; startedAt = s.startedAt; endedAt = s.endedAt; seconds = s.seconds
        }
    }

    private func answer(_ result: (timer: ReadingTimer, session: ReadingSession?), owner: String, now: Date) throws -> Response {
        let title = try result.timer.bookId.flatMap { try app.store.book(id: $0, owner: owner)?.title }
        struct Answer: Encodable {
            var timer: TimerJSON
            var session: SessionJSON?
            func encode(to encoder: Encoder) throws {
                try timer.encode(to: encoder)
                var c = encoder.container(keyedBy: Key.self)
                try c.encodeIfPresent(session, forKey: .session)
            }
            enum Key: String, CodingKey { case session }
        }
        return JSON.response(Answer(timer: TimerJSON(result.timer, bookTitle: title, now: now),
                                    session: result.session.map { SessionJSON($0, bookTitle: nil) }))
    }

    /// 422 for a timer length outside `ReadingTimer.minutes`.
    static let minutesInvalid = AppError.invalid(
        ["minutes": .verbatim("must be \(ReadingTimer.minutes.lowerBound) to \(ReadingTimer.minutes.upperBound)")],
        Message("error.timer_minutes", String(ReadingTimer.minutes.lowerBound), String(ReadingTimer.minutes.upperBound)))

    func state(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        let now = app.now()
        return try answer((try app.store.readingTimer(owner: owner, at: now), nil), owner: owner, now: now)
    }

    struct StartBody: Decodable { var bookId: String; var minutes: Int }

    func start(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        let body = try JSON.decode(StartBody.self, from: request)
        guard ReadingTimer.minutes.contains(body.minutes) else {
            throw Self.minutesInvalid
        }
        guard try app.store.book(id: body.bookId, owner: owner) != nil else { throw ReadingService.bookNotFound }
        return try change(request, owner: owner) { t, now in try t.start(bookId: body.bookId, minutes: body.minutes, at: now); return nil }
    }

    func pause(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        return try change(request, owner: owner) { t, now in try t.pause(at: now); return nil }
    }

    func resume(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        return try change(request, owner: owner) { t, now in try t.resume(at: now); return nil }
    }

    func stop(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        return try change(request, owner: owner) { t, now in try t.stop(at: now) }
    }

    private func change(_ request: Request, owner: String, _ body: (inout ReadingTimer, Date) throws -> ReadingSession?) throws -> Response {
        let now = app.now()
        let result = try app.store.changeReadingTimer(owner: owner, at: now) { try body(&$0, now) }
        return try answer(result, owner: owner, now: now)
    }

    // MARK: Sessions

    /// `from`/`to` as ISO 8601 times or dates (YYYY-MM-DD, the start of that day in the reader's zone).
    static func time(_ raw: String?, zone: TimeZone, field: String) throws -> Date? {
        guard let raw, !raw.isEmpty else { return nil }
        if let d = try? Date(raw, strategy: .iso8601) { return d }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = raw.split(separator: "-").compactMap { Int($0) }
        // Calendar would roll 2020-13-45 over into 2021: only a date that reads back the same is one.
        if parts.count == 3, let d = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
           calendar.dateComponents([.year, .month, .day], from: d) == DateComponents(year: parts[0], month: parts[1], day: parts[2]) {
            return d
        }
        throw HTTPError.unprocessable([field: "must be an ISO 8601 time or a date YYYY-MM-DD"])
    }

    func sessions(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        let zone = TimeZone(identifier: user.timeZone) ?? .current
        let from = try Self.time(request.query["from"], zone: zone, field: "from")
        let to = try Self.time(request.query["to"], zone: zone, field: "to")
        let bookId = request.query["bookId"].flatMap { $0.isEmpty ? nil : $0 }
        let page = try Paging.request(request)
        try app.store.settleReadingTimer(owner: user.id, at: app.now())
        let sessions = try app.store.readingSessions(owner: user.id, from: from, to: to, bookId: bookId, page: page)
        var titles: [String: String] = [:]
        for id in Set(sessions.items.map(\.bookId)) { titles[id] = try app.store.book(id: id, owner: user.id)?.title }
        return JSON.response(ListJSON(sessions) { SessionJSON($0, bookTitle: titles[$0.bookId]) })
    }

    struct SessionBody: Decodable { var startedAt: Date?; var endedAt: Date?; var seconds: Int? }

    /// Start and end (and optionally the seconds read, at most their difference).
    private func sessionTimes(_ request: Request, current: ReadingSession?) throws -> (Date, Date, Int) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let data = request.bodyData
        guard !data.isEmpty, (try? JSONSerialization.jsonObject(with: data)) != nil else { throw AppError.bodyNotJSON }
        guard let body = try? decoder.decode(SessionBody.self, from: data) else {
            throw AppError.invalid(["startedAt": .verbatim("must be an ISO 8601 time")], Message("error.times_iso"))
        }
        guard let start = body.startedAt ?? current?.startedAt, let end = body.endedAt ?? current?.endedAt else {
            throw HTTPError.unprocessable(["startedAt": "is required", "endedAt": "is required"])
        }
        let span = Int(end.timeIntervalSince(start).rounded())
        guard span > 0, span <= 24 * 3600 else {
            throw AppError.invalid(["endedAt": .verbatim("must be after startedAt, within 24 hours")], Message("error.timer_end"))
        }
        guard end <= app.now().addingTimeInterval(300) else { throw HTTPError.unprocessable(["endedAt": "must not be in the future"]) }
        let seconds = body.seconds ?? (body.startedAt == nil && body.endedAt == nil ? current?.seconds : nil) ?? span
        guard seconds > 0, seconds <= span else { throw HTTPError.unprocessable(["seconds": "must be 1 to the time between start and end"]) }
        return (start, end, seconds)
    }

    func addSession(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        let bookId = try request[.id]
        guard let book = try app.store.book(id: bookId, owner: owner) else { throw ReadingService.bookNotFound }
        let (start, end, seconds) = try sessionTimes(request, current: nil)
        let session = ReadingSession(bookId: bookId, startedAt: start, endedAt: end, seconds: seconds)
        guard try app.store.insertReadingSession(session, owner: owner) else { throw ReadingService.bookNotFound }
        struct Answer: Encodable { var session: SessionJSON }
        return JSON.response(Answer(session: SessionJSON(session, bookTitle: book.title)), status: 201)
    }

    static let sessionNotFound = AppError.sessionNotFound

    func updateSession(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        guard let current = try app.store.readingSession(id: request[.id], owner: owner) else { throw Self.sessionNotFound }
        let (start, end, seconds) = try sessionTimes(request, current: current)
        try app.store.updateReadingSession(id: current.id, owner: owner, startedAt: start, endedAt: end, seconds: seconds)
        return JSON.response(SessionJSON(ReadingSession(id: current.id, bookId: current.bookId, startedAt: start, endedAt: end, seconds: seconds), bookTitle: nil))
    }

    func deleteSession(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        guard try app.store.deleteReadingSession(id: request[.id], owner: owner) else { throw Self.sessionNotFound }
        return .noContent()
    }
}
