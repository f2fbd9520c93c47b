import Foundation
import Testing
import NotioCore
@testable import NotioStore
import NotioTestSupport

/// The statistics' per-day sums (`reading_days`, `study_days`) against the sessions and attempts
/// themselves, after every kind of write: on the run's engine (SQLite, and PostgreSQL on the
/// PostgreSQL pass), after a restore, and after a move from SQLite (`notio migrate-db`).
@Suite struct ActivityDaysTests {
    /// A zone with daylight saving, so that days are not all 24 hours long.
    static let zone = "America/New_York"
    static let hour = 3_600.0
    /// 2025-03-01 00:00 UTC: the writes span the March change to summer time.
    static let base = Date(timeIntervalSince1970: 1_740_787_200)

    struct Library {
        let user: User
        var books: [String] = []
        var notes: [String] = []
        var sessions: [String] = []
    }

    /// An account with three books, two notes, sessions at all hours (around midnight too) and
    /// attempts, then a session moved to another day, one deleted, and a book deleted.
    static func fill(_ store: Store, email: String, id: String) throws -> Library {
        let user = User(id: id, email: email, name: "Reader", timeZone: zone, createdAt: base)
        _ = try store.insertUser(user, passwordHash: "h", termsAgreedAt: base)
        var lib = Library(user: user)
        for i in 0..<3 {
            let book = Book(id: "\(id)-book-\(i)", title: "책 \(i)", author: i == 2 ? "" : "저자 \(i % 2)", genre: i == 0 ? "소설" : nil, createdAt: base)
            try store.insertBook(book, owner: id)
            lib.books.append(book.id)
        }
        for i in 0..<2 {
            let noteId = "\(id)-note-\(i)"
            let note = NoteSummary(id: noteId, title: "노트 \(i)", category: .major, favorite: false, state: .ready, fileName: "n.pdf", createdAt: base)
            let job = Job(id: "job-\(noteId)", ownerId: id, kind: "analyse", noteId: noteId, state: .done, stage: "done", progress: 1,
                          createdAt: base, updatedAt: base)
            try store.insertNote(note, ownerId: id, titleLocked: true, job: job)
            lib.notes.append(noteId)
        }
        // Every 7 hours for 60 days: sessions near midnight in New York fall on either side of it.
        for i in 0..<200 {
            let start = base.addingTimeInterval(Double(i) * 7 * hour + Double(i % 5) * 600)
            let s = ReadingSession(bookId: lib.books[i % 3], startedAt: start, endedAt: start.addingTimeInterval(Double(300 + i * 11)))
            #expect(try store.insertReadingSession(s, owner: id))
            lib.sessions.append(s.id)
        }
        for i in 0..<120 {
            let at = base.addingTimeInterval(Double(i) * 11 * hour)
            let noteId = lib.notes[i % 2]
            let q = Question(kind: .short, form: .definition, prompt: "질문 \(i)", answer: "답", conceptName: "개념")
            let quiz = QuizRecord(id: "\(id)-quiz-\(i)", noteId: noteId, difficulty: .easy, origin: .new, createdAt: at, questions: [q])
            try store.insertQuiz(quiz, owner: id)
            let right = i % 3 == 0
            let attempt = Attempt(id: "\(id)-attempt-\(i)", quizId: quiz.id, noteId: noteId, difficulty: .easy, origin: .new,
                                  correctCount: right ? 1 : 0, total: 1 + i % 4, createdAt: at,
                                  answers: [GradedAnswer(questionId: q.id, given: right ? "답" : "아니", choice: nil, isCorrect: right)])
            #expect(try store.insertAttempt(attempt, quiz: quiz, owner: id, reviewCards: []))
        }
        // The first note analysed: ten keywords, of which the home list shows eight.
        let analysis = NoteAnalysis(title: "노트 0", concepts: [], keywords: (0..<10).map { Keyword(term: "용어 \($0)") })
        try store.completeNote(id: lib.notes[0], owner: id, document: ExtractedDocument(pages: [SourcePage(number: 1, text: "본문")]),
                               analysis: analysis, fileSize: 1, at: base)
        // A retry of wrong answers scoring better than any new quiz: not the note's learning rate.
        let q = Question(kind: .short, form: .definition, prompt: "다시", answer: "답", conceptName: "개념")
        let retry = QuizRecord(id: "\(id)-retry", noteId: lib.notes[1], difficulty: .easy, origin: .wrong, createdAt: base, questions: [q])
        try store.insertQuiz(retry, owner: id)
        #expect(try store.insertAttempt(Attempt(id: "\(id)-retry-attempt", quizId: retry.id, noteId: lib.notes[1], difficulty: .easy,
                                                origin: .wrong, correctCount: 1, total: 1, createdAt: base,
                                                answers: [GradedAnswer(questionId: q.id, given: "답", choice: nil, isCorrect: true)]),
                                        quiz: retry, owner: id, reviewCards: []))
        #expect(try store.notes(owner: id).first { $0.id == lib.notes[1] }?.learningRate == 0.5)
        // Moved by hand to another day with another length; one deleted; a book deleted.
        let moved = base.addingTimeInterval(3 * 24 * hour + 23.5 * hour)
        #expect(try store.updateReadingSession(id: lib.sessions[10], owner: id, startedAt: moved, endedAt: moved.addingTimeInterval(5000), seconds: 5000))
        #expect(try store.updateReadingSession(id: lib.sessions[11], owner: id, startedAt: base, endedAt: base.addingTimeInterval(60), seconds: 0))
        #expect(try store.deleteReadingSession(id: lib.sessions[20], owner: id))
        #expect(try store.deleteBook(id: lib.books[2], owner: id).deleted)
        return lib
    }

    /// The sums as stored equal the sums of the rows, and every statistic drawn from them equals
    /// the same statistic computed from the rows.
    static func expectSumsMatchRows(_ store: Store, _ user: User, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let calendar = ActivityCalendar(timeZone: TimeZone(identifier: user.timeZone)!)
        let sessions = try store.readingSessions(owner: user.id)
        var fromRows: [String: ReadingDay] = [:]
        for s in sessions {
            let day = calendar.dayNumber(s.startedAt)
            fromRows["\(day) \(s.bookId)", default: ReadingDay(day: day, bookId: s.bookId, seconds: 0, sessions: 0)].seconds += s.seconds
            fromRows["\(day) \(s.bookId)"]!.sessions += 1
        }
        let stored = try store.readingDays(owner: user.id, from: Int.min / 2, to: Int.max / 2)
        #expect(Set(stored) == Set(fromRows.values), sourceLocation: sourceLocation)
        #expect(!stored.isEmpty, sourceLocation: sourceLocation)

        var studyFromRows: [Int: StudyDay] = [:]
        for a in try store.attemptScores(owner: user.id) {
            let day = calendar.dayNumber(Date(timeIntervalSince1970: Double(a.millis) / 1000))
            studyFromRows[day, default: StudyDay(day: day, attempts: 0, questions: 0, correct: 0)].attempts += 1
            studyFromRows[day]!.questions += a.total
            studyFromRows[day]!.correct += a.correct
        }
        let study = try store.studyDays(owner: user.id)
        #expect(study == studyFromRows.values.sorted { $0.day < $1.day }, sourceLocation: sourceLocation)

        // The statistics themselves: the rows through the calendar, the sums through day numbers.
        let calc = ReadingStatsCalculator(timeZone: calendar.timeZone)
        let books = try store.bookFacts(owner: user.id)
        let sentences: [(at: Date, bookId: String)] = []
        for (period, anchor) in [(StatsPeriod.year, base), (.month, base), (.month, base.addingTimeInterval(40 * 24 * hour)), (.week, base.addingTimeInterval(9 * 24 * hour))] {
            let raw = calc.period(period, anchor: anchor, sessions: sessions, sentences: sentences, books: books)
            let (start, end) = calc.bounds(period, containing: anchor)
            let days = try store.readingDays(owner: user.id, from: calc.dayNumber(start), to: calc.dayNumber(end))
            #expect(calc.period(period, anchor: anchor, days: days, sentences: sentences, books: books) == raw, "\(period)", sourceLocation: sourceLocation)
            #expect(raw.totalSeconds > 0, sourceLocation: sourceLocation)
        }
        let questions = try store.attemptScores(owner: user.id).map { (at: Date(timeIntervalSince1970: Double($0.millis) / 1000), count: $0.total) }
        let heatRaw = calc.heatmap(year: 2025, sessions: sessions, sentences: [], questions: questions)
        let heatSums = calc.heatmap(year: 2025, readingDays: stored, sentences: [], studyDays: study)
        #expect(heatSums == heatRaw, sourceLocation: sourceLocation)
        try expectNoteListFactsMatchRows(store, user, sourceLocation: sourceLocation)
    }

    /// The home list's keywords and learning rate, kept with each note, equal what the keywords
    /// and attempts say now (the correlated queries the list used to run).
    static func expectNoteListFactsMatchRows(_ store: Store, _ user: User, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let listed = try store.notes(owner: user.id)
        #expect(!listed.isEmpty, sourceLocation: sourceLocation)
        for note in listed {
            let (terms, rate) = try store.database.read { c in
                (try c.all("SELECT term FROM keywords WHERE note_id = ? ORDER BY position LIMIT 8", [note.id]) { $0.string(0) },
                 try c.first("""
                    SELECT max(CAST(a.correct_count AS REAL) / a.total) FROM attempts a JOIN quizzes z ON z.id = a.quiz_id
                    WHERE a.note_id = ? AND a.total > 0 AND z.origin = 'new'
                    """, [note.id]) { $0.isNull(0) ? 0 : $0.double(0) } ?? 0)
            }
            #expect(note.keywords == terms, "\(note.id)", sourceLocation: sourceLocation)
            #expect(note.learningRate == rate, "\(note.id)", sourceLocation: sourceLocation)
        }
        #expect(listed.contains { $0.keywords.count == 8 }, sourceLocation: sourceLocation)
    }

    static func count(_ store: Store, _ table: String, owner: String) throws -> Int {
        try store.database.read { c in try c.first("SELECT count(*) FROM \(table) WHERE owner_id = ?", [owner]) { $0.int(0) } ?? 0 }
    }

    @Test func sumsFollowEveryWriteARestoreAndAccountDeletion() throws {
        let (store, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lib = try Self.fill(store, email: "a@b.io", id: "u-a")
        let other = try Self.fill(store, email: "c@d.io", id: "u-c")
        try Self.expectSumsMatchRows(store, lib.user)

        // A note deleted takes its attempts' days; another zone counts days anew.
        #expect(try store.deleteNote(id: lib.notes[1], owner: lib.user.id))
        try Self.expectSumsMatchRows(store, lib.user)
        try store.updatePreferences(userId: lib.user.id, language: "ko", timeZone: "Asia/Seoul")
        var seoul = lib.user
        seoul.timeZone = "Asia/Seoul"
        try Self.expectSumsMatchRows(store, seoul)
        try store.updatePreferences(userId: lib.user.id, language: "ko", timeZone: Self.zone)

        // A backup, more changes, then the backup restored over them (replace).
        let file = NSTemporaryDirectory() + "notio-days-" + UUID().uuidString + ".json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        var document = Data()
        try store.exportBackup(owner: lib.user, at: Self.base) { document.append($0) }
        try document.write(to: URL(fileURLWithPath: file))
        #expect(try store.deleteReadingSession(id: lib.sessions[30], owner: lib.user.id))
        #expect(try store.deleteBook(id: lib.books[1], owner: lib.user.id).deleted)
        let check = try Store.checkBackup(file: file, for: lib.user)
        _ = try store.restoreBackup(file: file, check: check, owner: lib.user, replace: true, dryRun: false, covers: [])
        #expect(try store.readingSession(id: lib.sessions[30], owner: lib.user.id) != nil)
        try Self.expectSumsMatchRows(store, lib.user)
        // A dry run leaves the sums as they were.
        #expect(try store.deleteReadingSession(id: lib.sessions[31], owner: lib.user.id))
        _ = try store.restoreBackup(file: file, check: check, owner: lib.user, replace: true, dryRun: true, covers: [])
        try Self.expectSumsMatchRows(store, lib.user)

        // The other reader's sums were never touched, and go with the account.
        try Self.expectSumsMatchRows(store, other.user)
        _ = try store.deleteAccount(userId: other.user.id)
        #expect(try Self.count(store, "reading_days", owner: other.user.id) == 0)
        #expect(try Self.count(store, "study_days", owner: other.user.id) == 0)
        #expect(try Self.count(store, "reading_days", owner: lib.user.id) > 0)
    }

    @Test func aMoveFromSQLiteAndAnUpgradeRebuildTheSums() throws {
        // The source of a move is always SQLite; the target is the run's engine.
        let sourceDir = NSTemporaryDirectory() + "notio-days-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: sourceDir) }
        let source = try Store(directory: sourceDir)
        let lib = try Self.fill(source, email: "a@b.io", id: "u-a")
        let (target, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try source.copyEverything(to: target)
        try Self.expectSumsMatchRows(target, lib.user)
        #expect(try target.readingDays(owner: lib.user.id, from: Int.min / 2, to: Int.max / 2)
                == source.readingDays(owner: lib.user.id, from: Int.min / 2, to: Int.max / 2))

        // A database from before the sums and the list's facts gets them on rebuild.
        try source.database.write { c in
            try c.run("DELETE FROM reading_days")
            try c.run("DELETE FROM study_days")
            try c.run("UPDATE schema_version SET version = ?", [Migrations.activityDaysVersion - 1])
            try c.run("DROP TABLE reading_days")
            try c.run("DROP TABLE study_days")
            try c.run("ALTER TABLE notes DROP COLUMN first_terms")
            try c.run("ALTER TABLE notes DROP COLUMN best_rate")
            // And without what later versions added.
            try c.run("DROP TABLE restore_previews")
            try c.run("DROP TABLE known_devices")
            try c.run("DROP INDEX login_failures_by_device")
            try c.run("ALTER TABLE login_failures DROP COLUMN device")
        }
        let reopened = try Store(directory: sourceDir)
        try Self.expectSumsMatchRows(reopened, lib.user)
    }
}
