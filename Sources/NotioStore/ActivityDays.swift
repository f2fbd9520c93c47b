import Foundation
import NotioCore

/// Reading time and study answers summed per local day (`reading_days`, `study_days`), so that a
/// year of statistics reads a row per day and book rather than every session and attempt.
///
/// A day is `ActivityCalendar.dayNumber` in the owner's time zone at the time of writing; a
/// change of time zone rebuilds the owner's days. Each row names the book or note its sessions
/// and attempts belong to, so deleting a book, a note or an account takes the rows with it by
/// the same cascades as the sessions and attempts themselves. Every other write goes through
/// the functions below, in the transaction of the write.
extension Store {
    /// The owner's time zone as stored (Seoul when the owner is gone or the zone is unknown).
    func ownerCalendar(_ owner: String, _ c: Connection) throws -> ActivityCalendar {
        let name = try c.first("SELECT time_zone FROM users WHERE id = ?", [owner]) { $0.string(0) }
        return ActivityCalendar(timeZone: name.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "Asia/Seoul")!)
    }

    /// Adds (`sign` 1) or takes away (`sign` -1) one session from its day.
    func countReadingDay(owner: String, bookId: String, startedAt: Date, seconds: Int, sign: Int, _ c: Connection) throws {
        let day = try ownerCalendar(owner, c).dayNumber(startedAt)
        try c.run("""
            INSERT INTO reading_days (owner_id, day, book_id, seconds, sessions) VALUES (?,?,?,?,?)
            ON CONFLICT (owner_id, day, book_id) DO UPDATE SET seconds = reading_days.seconds + excluded.seconds,
                sessions = reading_days.sessions + excluded.sessions
            """, [owner, day, bookId, sign * seconds, sign])
        try c.run("DELETE FROM reading_days WHERE owner_id = ? AND day = ? AND book_id = ? AND sessions <= 0", [owner, day, bookId])
    }

    /// Adds (`sign` 1) or takes away (`sign` -1) one attempt from its day.
    func countStudyDay(owner: String, noteId: String, at: Date, questions: Int, correct: Int, sign: Int, _ c: Connection) throws {
        let day = try ownerCalendar(owner, c).dayNumber(at)
        try c.run("""
            INSERT INTO study_days (owner_id, day, note_id, attempts, questions, correct) VALUES (?,?,?,?,?,?)
            ON CONFLICT (owner_id, day, note_id) DO UPDATE SET attempts = study_days.attempts + excluded.attempts,
                questions = study_days.questions + excluded.questions, correct = study_days.correct + excluded.correct
            """, [owner, day, noteId, sign, sign * questions, sign * correct])
        try c.run("DELETE FROM study_days WHERE owner_id = ? AND day = ? AND note_id = ? AND attempts <= 0", [owner, day, noteId])
    }

    /// Writes one owner's days (every owner's when nil) again from the sessions and attempts:
    /// after a restore, a move to another database, a change of time zone, rows written by hand.
    func rebuildActivityDays(owner: String?, _ c: Connection) throws {
        let owners: [(String, String)] = try owner.map { id in
            try c.all("SELECT id, time_zone FROM users WHERE id = ?", [id]) { ($0.string(0), $0.string(1)) }
        } ?? c.all("SELECT id, time_zone FROM users", []) { ($0.string(0), $0.string(1)) }
        for (id, zone) in owners {
            let calendar = ActivityCalendar(timeZone: TimeZone(identifier: zone) ?? TimeZone(identifier: "Asia/Seoul")!)
            try c.run("DELETE FROM reading_days WHERE owner_id = ?", [id])
            try c.run("DELETE FROM study_days WHERE owner_id = ?", [id])
            struct Key: Hashable { var day: Int; var item: String }
            var reading: [Key: (seconds: Int, sessions: Int)] = [:]
            try c.query("SELECT started_at, book_id, seconds FROM reading_sessions WHERE owner_id = ?", [id]) { r in
                let key = Key(day: calendar.dayNumber(r.date(0)), item: r.string(1))
                let sum = reading[key] ?? (0, 0)
                reading[key] = (sum.seconds + r.int(2), sum.sessions + 1)
            }
            var study: [Key: (attempts: Int, questions: Int, correct: Int)] = [:]
            try c.query("SELECT created_at, note_id, total, correct_count FROM attempts WHERE owner_id = ?", [id]) { r in
                let key = Key(day: calendar.dayNumber(r.date(0)), item: r.string(1))
                let sum = study[key] ?? (0, 0, 0)
                study[key] = (sum.attempts + 1, sum.questions + r.int(2), sum.correct + r.int(3))
            }
            for (key, sum) in reading {
                try c.run("INSERT INTO reading_days (owner_id, day, book_id, seconds, sessions) VALUES (?,?,?,?,?)",
                          [id, key.day, key.item, sum.seconds, sum.sessions])
            }
            for (key, sum) in study {
                try c.run("INSERT INTO study_days (owner_id, day, note_id, attempts, questions, correct) VALUES (?,?,?,?,?,?)",
                          [id, key.day, key.item, sum.attempts, sum.questions, sum.correct])
            }
            try rebuildNoteListFacts(owner: id, c)
        }
    }

    /// `notio rebuild-stats`: every owner's days written again in one transaction.
    public func rebuildActivityDays() throws {
        try database.write { c in try rebuildActivityDays(owner: nil, c) }
    }

    /// The owner's reading per day and book for days in [from, to).
    public func readingDays(owner: String, from: Int, to: Int) throws -> [ReadingDay] {
        try database.read { c in
            try c.all("SELECT day, book_id, seconds, sessions FROM reading_days WHERE owner_id = ? AND day >= ? AND day < ?",
                      [owner, from, to]) { ReadingDay(day: $0.int(0), bookId: $0.string(1), seconds: $0.int(2), sessions: $0.int(3)) }
        }
    }

    /// What the year heatmap shows, in one read: reading per day (books summed, `bookId` empty),
    /// study per day (notes summed) for days in [from, to), and when each sentence in
    /// [sentencesFrom, sentencesTo) was kept. Only numbers come back: the heatmap names no book.
    public func heatmapDays(owner: String, from: Int, to: Int, sentencesFrom: Date, sentencesTo: Date) throws
        -> (reading: [ReadingDay], study: [StudyDay], sentences: [Date]) {
        try database.read { c in
            let reading = try c.all("""
                SELECT day, sum(seconds), sum(sessions) FROM reading_days
                WHERE owner_id = ? AND day >= ? AND day < ? GROUP BY day
                """, [owner, from, to]) { ReadingDay(day: $0.int(0), bookId: "", seconds: $0.int(1), sessions: $0.int(2)) }
            let study = try c.all("""
                SELECT day, sum(attempts), sum(questions), sum(correct) FROM study_days
                WHERE owner_id = ? AND day >= ? AND day < ? GROUP BY day
                """, [owner, from, to]) { StudyDay(day: $0.int(0), attempts: $0.int(1), questions: $0.int(2), correct: $0.int(3)) }
            let sentences = try c.all("SELECT created_at FROM sentences WHERE owner_id = ? AND created_at >= ? AND created_at < ?",
                                      [owner, sentencesFrom.millis, sentencesTo.millis]) { $0.date(0) }
            return (reading, study, sentences)
        }
    }

    /// The owner's study per day (notes summed), oldest first; days in [from, to) when given.
    public func studyDays(owner: String, from: Int = Int.min, to: Int = Int.max) throws -> [StudyDay] {
        // A row per day and note, in the primary key's order: the notes of a day are added here as
        // they come, which costs half of what SQL's GROUP BY does (a finalised sum per group).
        let rows = try database.read { c in
            try c.all("""
                SELECT day, attempts, questions, correct FROM study_days
                WHERE owner_id = ? AND day >= ? AND day < ? ORDER BY day
                """, [owner, Int64(clamping: from), Int64(clamping: to)]) {
                StudyDay(day: $0.int(0), attempts: $0.int(1), questions: $0.int(2), correct: $0.int(3))
            }
        }
        var days: [StudyDay] = []
        days.reserveCapacity(rows.count)
        for row in rows {
            if days.last?.day == row.day {
                days[days.count - 1].attempts += row.attempts
                days[days.count - 1].questions += row.questions
                days[days.count - 1].correct += row.correct
            } else {
                days.append(row)
            }
        }
        return days
    }
}
