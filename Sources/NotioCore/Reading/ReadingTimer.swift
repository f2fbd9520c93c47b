import Foundation

/// The dial timer as a state machine. Its truth is an end time, not a ticking counter: a page
/// reload, a second device or a server restart all read the same end time and agree on what is
/// left. Real reading time is the time spent running, pauses excluded.
public struct ReadingTimer: Codable, Sendable, Equatable {
    public enum State: String, Codable, Sendable, CaseIterable { case idle, running, paused, finished }

    /// What a timer may be asked to do that its state does not allow.
    public struct Conflict: Error, Equatable, Sendable {
        public let state: State
        public let action: String
    }

    public static let minutes = 1...480

    public var state: State = .idle
    public var bookId: String?
    public var durationSeconds: Int = 0
    /// When the first start happened: the session's start.
    public var startedAt: Date?
    /// While running: when the time is up.
    public var endsAt: Date?
    /// While running: since when (the last start or resume).
    public var runningSince: Date?
    /// Seconds read before `runningSince` (earlier runs, before pauses).
    public var readSeconds: Int = 0
    /// While paused: what is left.
    public var pausedRemaining: Int = 0
    /// When it ran out (finished) — the session's end.
    public var finishedAt: Date?

    public init() {}

    /// Seconds left: counts down while running, frozen while paused, 0 once finished.
    public func remainingSeconds(at now: Date) -> Int {
        switch state {
        case .idle: return 0
        case .finished: return 0
        case .paused: return pausedRemaining
        case .running: return max(0, Int((endsAt ?? now).timeIntervalSince(now).rounded(.up)))
        }
    }

    /// Seconds actually read so far.
    public func secondsRead(at now: Date) -> Int {
        guard state == .running, let since = runningSince else { return readSeconds }
        let until = min(now, endsAt ?? now)
        return readSeconds + max(0, Int(until.timeIntervalSince(since).rounded()))
    }

    /// Starts a new countdown for a book. A running or paused timer must be stopped first, so
    /// that its reading is not lost silently; a finished one is simply replaced.
    public mutating func start(bookId: String, minutes: Int, at now: Date) throws {
        guard state == .idle || state == .finished else { throw Conflict(state: state, action: "start") }
        self = ReadingTimer()
        state = .running
        self.bookId = bookId
        durationSeconds = minutes * 60
        startedAt = now
        runningSince = now
        endsAt = now.addingTimeInterval(Double(durationSeconds))
    }

    public mutating func pause(at now: Date) throws {
        _ = settle(at: now)
        guard state == .running else { throw Conflict(state: state, action: "pause") }
        readSeconds = secondsRead(at: now)
        pausedRemaining = remainingSeconds(at: now)
        state = .paused
        endsAt = nil
        runningSince = nil
    }

    public mutating func resume(at now: Date) throws {
        guard state == .paused else { throw Conflict(state: state, action: "resume") }
        state = .running
        runningSince = now
        endsAt = now.addingTimeInterval(Double(pausedRemaining))
        pausedRemaining = 0
    }

    /// Ends the timer early (or dismisses a finished one). Returns the session to record: the
    /// time really read, unless nothing was read or the session was already recorded on finishing.
    public mutating func stop(at now: Date) throws -> ReadingSession? {
        if let finished = settle(at: now) {
            // The time ran out before the stop arrived: the session ends at the end time.
            self = ReadingTimer()
            return finished
        }
        switch state {
        case .idle: throw Conflict(state: state, action: "stop")
        case .finished:
            self = ReadingTimer()
            return nil
        case .running, .paused:
            let seconds = secondsRead(at: now)
            let session = bookId.flatMap { book in
                seconds > 0 ? ReadingSession(bookId: book, startedAt: startedAt ?? now, endedAt: now, seconds: seconds) : nil
            }
            self = ReadingTimer()
            return session
        }
    }

    /// A running timer whose end time has passed becomes finished; returns the session to record
    /// then (once). Called before every read, so the end is recorded even if nobody watched it.
    public mutating func settle(at now: Date) -> ReadingSession? {
        guard state == .running, let end = endsAt, now >= end else { return nil }
        let seconds = secondsRead(at: end)
        state = .finished
        finishedAt = end
        readSeconds = seconds
        runningSince = nil
        return bookId.map { ReadingSession(bookId: $0, startedAt: startedAt ?? end, endedAt: end, seconds: seconds) }
    }
}
