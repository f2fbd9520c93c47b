import Foundation
import NotioCore

extension Store {
    /// The stored timer as it is, not settled (for showing it, not for acting on it).
    public func peekReadingTimer(owner: String) throws -> ReadingTimer {
        try database.read { c in
            try c.first("SELECT timer FROM reading_timers WHERE owner_id = ?", [owner]) { r in
                try? JSONDecoder().decode(ReadingTimer.self, from: Data(r.string(0).utf8))
            }.flatMap { $0 } ?? ReadingTimer()
        }
    }

    /// The reader's timer, settled first: a running timer whose end time passed is finished and
    /// its session recorded, in the same transaction, however long ago that was.
    public func readingTimer(owner: String, at now: Date) throws -> ReadingTimer {
        try changeReadingTimer(owner: owner, at: now) { _ in nil }.timer
    }

    /// Settles the reader's timer only when there is something to settle (a running timer whose
    /// end passed): statistics settle before they count, on every request, and would otherwise
    /// all queue for the one write lock to find nothing to write.
    public func settleReadingTimer(owner: String, at now: Date) throws {
        let stored = try peekReadingTimer(owner: owner)
        var settled = stored
        _ = settled.settle(at: now)
        if settled != stored { _ = try readingTimer(owner: owner, at: now) }
    }

    /// Reads, changes and writes the reader's timer in one write transaction (two devices
    /// pressing buttons at once are serialised), recording the session a change produces.
    /// `change` may throw (a conflict, a book that is not the reader's); then nothing changes.
    public func changeReadingTimer(owner: String, at now: Date,
                                   _ change: (inout ReadingTimer) throws -> ReadingSession?) throws -> (timer: ReadingTimer, session: ReadingSession?) {
        try database.write { c in
            var timer = try c.first("SELECT timer FROM reading_timers WHERE owner_id = ?", [owner]) { r in
                try? JSONDecoder().decode(ReadingTimer.self, from: Data(r.string(0).utf8))
            }.flatMap { $0 } ?? ReadingTimer()
            let before = timer
            var recorded: ReadingSession?
            if let finished = timer.settle(at: now), try insertReadingSession(finished, owner: owner, c) {
                recorded = finished
            }
            if let session = try change(&timer), try insertReadingSession(session, owner: owner, c) {
                recorded = session
            }
            if timer != before {
                let json = String(decoding: try JSONEncoder().encode(timer), as: UTF8.self)
                try c.run("INSERT INTO reading_timers (owner_id, timer, updated_at) VALUES (?,?,?) ON CONFLICT(owner_id) DO UPDATE SET timer = excluded.timer, updated_at = excluded.updated_at",
                          [owner, json, now.millis])
            }
            return (timer, recorded)
        }
    }
}

extension Store {
    /// Changes a reading session by hand; false when it is not the owner's.
    @discardableResult
    public func updateReadingSession(id: String, owner: String, startedAt: Date, endedAt: Date, seconds: Int) throws -> Bool {
        try database.write { c in
            guard let old = try storedSession(id: id, owner: owner, c) else { return false }
            try c.run("UPDATE reading_sessions SET started_at = ?, ended_at = ?, seconds = ? WHERE id = ? AND owner_id = ?",
                      [startedAt.millis, endedAt.millis, seconds, id, owner])
            try countReadingDay(owner: owner, bookId: old.bookId, startedAt: old.startedAt, seconds: old.seconds, sign: -1, c)
            try countReadingDay(owner: owner, bookId: old.bookId, startedAt: startedAt, seconds: seconds, sign: 1, c)
            return true
        }
    }

    @discardableResult
    public func deleteReadingSession(id: String, owner: String) throws -> Bool {
        try database.write { c in
            guard let old = try storedSession(id: id, owner: owner, c) else { return false }
            try c.run("DELETE FROM reading_sessions WHERE id = ? AND owner_id = ?", [id, owner])
            try countReadingDay(owner: owner, bookId: old.bookId, startedAt: old.startedAt, seconds: old.seconds, sign: -1, c)
            return true
        }
    }

    private func storedSession(id: String, owner: String, _ c: Connection) throws -> ReadingSession? {
        try c.first("SELECT id, book_id, started_at, ended_at, seconds FROM reading_sessions WHERE id = ? AND owner_id = ?", [id, owner]) { r in
            ReadingSession(id: r.string(0), bookId: r.string(1), startedAt: r.date(2), endedAt: r.date(3), seconds: r.int(4))
        }
    }

    public func readingSession(id: String, owner: String) throws -> ReadingSession? {
        try database.read { c in try storedSession(id: id, owner: owner, c) }
    }
}

// MARK: Statistics inputs

extension Store {
    /// Title, author and genre of every book of the owner, by id.
    public func bookFacts(owner: String) throws -> [String: BookFacts] {
        try database.read { c in
            var out: [String: BookFacts] = [:]
            try c.query("SELECT id, title, author, genre FROM books WHERE owner_id = ?", [owner]) { r in
                out[r.string(0)] = BookFacts(title: r.string(1), author: r.string(2), genre: r.optionalString(3))
            }
            return out
        }
    }

    /// When each of the owner's sentences in [from, to) was kept, and from which book.
    public func sentenceTimes(owner: String, from: Date, to: Date) throws -> [(at: Date, bookId: String)] {
        try database.read { c in
            try c.all("SELECT created_at, book_id FROM sentences WHERE owner_id = ? AND created_at >= ? AND created_at < ?",
                      [owner, from.millis, to.millis]) { ($0.date(0), $0.string(1)) }
        }
    }

    /// Questions answered per attempt in [from, to).
    public func answeredQuestions(owner: String, from: Date, to: Date) throws -> [(at: Date, count: Int)] {
        try database.read { c in
            try c.all("SELECT created_at, total FROM attempts WHERE owner_id = ? AND created_at >= ? AND created_at < ?",
                      [owner, from.millis, to.millis]) { ($0.date(0), $0.int(1)) }
        }
    }
}
