import Foundation
import NotioCore

extension Store {
    private static let questionColumns = "q.id, q.kind, q.form, q.prompt, q.options, q.correct_index, q.answer, q.alternatives, q.concept_id, q.concept_name, q.page, q.explanation, q.origin_question_id"

    /// A question from `questionColumns`, which start at column `i`; with the original's id.
    private static func question(_ r: Row, from i: Int32 = 0) -> (Question, String?) {
        let d = JSONDecoder()
        let q = Question(id: r.string(i), kind: QuestionKind(rawValue: r.string(i + 1)) ?? .choice, form: QuestionForm(rawValue: r.string(i + 2)) ?? .definition,
                         prompt: r.string(i + 3), options: (try? d.decode([String].self, from: Data(r.string(i + 4).utf8))) ?? [],
                         correctIndex: r.optionalInt(i + 5), answer: r.string(i + 6),
                         alternatives: (try? d.decode([String].self, from: Data(r.string(i + 7).utf8))) ?? [],
                         conceptId: r.optionalString(i + 8), conceptName: r.string(i + 9), page: r.optionalInt(i + 10), explanation: r.optionalString(i + 11))
        return (q, r.optionalString(i + 12))
    }

    private static func json(_ strings: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(strings)) ?? Data("[]".utf8), as: UTF8.self)
    }

    /// Stores a quiz and its questions.
    public func insertQuiz(_ quiz: QuizRecord, owner: String) throws {
        try database.write { c in
            try c.run("INSERT INTO quizzes (id, owner_id, note_id, difficulty, origin, created_at) VALUES (?,?,?,?,?,?)",
                      [quiz.id, owner, quiz.noteId, quiz.difficulty.rawValue, quiz.origin.rawValue, quiz.createdAt.millis])
            for (i, q) in quiz.questions.enumerated() {
                try c.run("""
                    INSERT INTO questions (id, quiz_id, note_id, position, kind, form, prompt, options, correct_index, answer, alternatives,
                                           concept_id, concept_name, page, explanation, origin_question_id)
                    VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
                    """, [q.id, quiz.id, quiz.noteId, i, q.kind.rawValue, q.form.rawValue, q.prompt, Self.json(q.options), q.correctIndex, q.answer,
                          Self.json(q.alternatives), q.conceptId, q.conceptName, q.page, q.explanation, quiz.originals[q.id]])
            }
        }
    }

    public func quiz(id: String, owner: String) throws -> QuizRecord? {
        try database.read { c in try quiz(id: id, owner: owner, c) }
    }

    private func quiz(id: String, owner: String, _ c: Connection) throws -> QuizRecord? {
        guard let head = try c.first("""
            SELECT z.id, z.note_id, z.difficulty, z.origin, z.created_at, (SELECT a.id FROM attempts a WHERE a.quiz_id = z.id)
            FROM quizzes z WHERE z.id = ? AND z.owner_id = ?
            """, [id, owner], { r in
                QuizRecord(id: r.string(0), noteId: r.string(1), difficulty: Difficulty(rawValue: r.string(2)) ?? .medium,
                           origin: QuizRecord.Origin(rawValue: r.string(3)) ?? .new, createdAt: r.date(4), questions: [], attemptId: r.optionalString(5))
            }) else { return nil }
        var quiz = head
        for (q, origin) in try c.all("SELECT \(Self.questionColumns) FROM questions q WHERE q.quiz_id = ? ORDER BY q.position", [id], { Self.question($0) }) {
            quiz.questions.append(q)
            if let origin { quiz.originals[q.id] = origin }
        }
        return quiz
    }

    /// Every prompt already asked on a note (for "do not repeat").
    public func askedPrompts(noteId: String, owner: String) throws -> [String] {
        try askedPromptsByLevel(noteId: noteId, owner: owner).values.flatMap { $0 }
    }

    /// The note's earlier prompts by the level of the quiz that asked them (a retry's copies
    /// count at the level of their quiz).
    public func askedPromptsByLevel(noteId: String, owner: String) throws -> [Difficulty: [String]] {
        try database.read { c in
            let rows = try c.all("SELECT z.difficulty, q.prompt FROM questions q JOIN quizzes z ON z.id = q.quiz_id WHERE q.note_id = ? AND z.owner_id = ? ORDER BY z.created_at, q.position",
                                 [noteId, owner]) { (Difficulty(rawValue: $0.string(0)) ?? .medium, $0.string(1)) }
            return Dictionary(grouping: rows, by: \.0).mapValues { $0.map(\.1) }
        }
    }

    /// Stores an attempt; moves questions into or out of the notebook; writes review cards.
    /// Returns false when the quiz already has an attempt.
    public func insertAttempt(_ attempt: Attempt, quiz: QuizRecord, owner: String, reviewCards: [ReviewCard]) throws -> Bool {
        try database.write { c in
            if try c.first("SELECT 1 FROM attempts WHERE quiz_id = ?", [attempt.quizId], { _ in true }) != nil { return false }
            try c.run("INSERT INTO attempts (id, owner_id, quiz_id, note_id, correct_count, total, created_at) VALUES (?,?,?,?,?,?,?)",
                      [attempt.id, owner, attempt.quizId, attempt.noteId, attempt.correctCount, attempt.total, attempt.createdAt.millis])
            try countStudyDay(owner: owner, noteId: attempt.noteId, at: attempt.createdAt, questions: attempt.total, correct: attempt.correctCount, sign: 1, c)
            // The note's best score on a new quiz, as `rebuildNoteListFacts` computes it.
            if attempt.total > 0 {
                let rate = Double(attempt.correctCount) / Double(attempt.total)
                try c.run("""
                    UPDATE notes SET best_rate = ? WHERE id = ? AND (best_rate IS NULL OR best_rate < ?)
                        AND EXISTS (SELECT 1 FROM quizzes WHERE id = ? AND origin = 'new')
                    """, [rate, attempt.noteId, rate, attempt.quizId])
            }
            for a in attempt.answers {
                try c.run("INSERT INTO attempt_answers (attempt_id, question_id, given, choice, is_correct) VALUES (?,?,?,?,?)",
                          [attempt.id, a.questionId, a.given, a.choice, a.isCorrect])
                let original = quiz.originalId(of: a.questionId)
                if a.isCorrect {
                    try c.run("DELETE FROM wrong_answers WHERE owner_id = ? AND question_id = ?", [owner, original])
                } else {
                    try c.run("""
                        INSERT INTO wrong_answers (owner_id, question_id, note_id, last_given, wrong_count, added_at, last_wrong_at)
                        VALUES (?,?,?,?,1,?,?)
                        ON CONFLICT (owner_id, question_id) DO UPDATE SET last_given = excluded.last_given,
                            wrong_count = wrong_answers.wrong_count + 1, last_wrong_at = excluded.last_wrong_at
                        """, [owner, original, attempt.noteId, a.given, attempt.createdAt.millis, attempt.createdAt.millis])
                }
            }
            for card in reviewCards { try upsertReviewCard(card, owner: owner, c) }
            return true
        }
    }

    private static func attemptHead(_ r: Row) -> Attempt {
        Attempt(id: r.string(0), quizId: r.string(1), noteId: r.string(2), difficulty: Difficulty(rawValue: r.string(3)) ?? .medium,
                origin: QuizRecord.Origin(rawValue: r.string(4)) ?? .new, correctCount: r.int(5), total: r.int(6), createdAt: r.date(7))
    }
    private static let attemptColumns = "a.id, a.quiz_id, a.note_id, z.difficulty, z.origin, a.correct_count, a.total, a.created_at"

    /// A note's attempts, newest first.
    public func attempts(noteId: String, owner: String) throws -> [Attempt] {
        try attempts(noteId: noteId, owner: owner, page: nil).items
    }

    /// One page of a note's attempts, newest first (every attempt when `page` is nil).
    public func attempts(noteId: String, owner: String, page: PageRequest?) throws -> Page<Attempt> {
        try self.page("SELECT \(Self.attemptColumns) FROM attempts a JOIN quizzes z ON z.id = a.quiz_id WHERE a.note_id = ? AND a.owner_id = ?",
                      [noteId, owner], by: Keyset(key: "a.created_at", id: "a.id", descending: true), page,
                      cursor: { PageCursor($0.createdAt, id: $0.id) }, Self.attemptHead)
    }

    /// One attempt with its quiz (questions and answers).
    public func attempt(id: String, owner: String) throws -> (Attempt, QuizRecord)? {
        try database.read { c in
            guard var attempt = try c.first("SELECT \(Self.attemptColumns) FROM attempts a JOIN quizzes z ON z.id = a.quiz_id WHERE a.id = ? AND a.owner_id = ?",
                                            [id, owner], Self.attemptHead),
                  let quiz = try quiz(id: attempt.quizId, owner: owner, c) else { return nil }
            attempt.answers = try c.all("SELECT question_id, given, choice, is_correct FROM attempt_answers WHERE attempt_id = ?", [id]) {
                GradedAnswer(questionId: $0.string(0), given: $0.string(1), choice: $0.optionalInt(2), isCorrect: $0.bool(3))
            }
            return (attempt, quiz)
        }
    }

    /// The notebook: one note's entries, or every note's when `noteId` is nil; most recent first.
    public func wrongAnswers(owner: String, noteId: String? = nil) throws -> [WrongAnswer] {
        try wrongAnswers(owner: owner, noteId: noteId, page: nil).items
    }

    /// One page of the notebook (all of it when `page` is nil).
    public func wrongAnswers(owner: String, noteId: String? = nil, page: PageRequest?) throws -> Page<WrongAnswer> {
        var sql = """
            SELECT \(Self.questionColumns), w.note_id, n.title, w.last_given, w.wrong_count, w.added_at, w.last_wrong_at
            FROM wrong_answers w JOIN questions q ON q.id = w.question_id JOIN notes n ON n.id = w.note_id
            WHERE w.owner_id = ?
            """
        var values: [SQLBindable] = [owner]
        if let noteId { sql += " AND w.note_id = ?"; values.append(noteId) }
        return try self.page(sql, values, by: Keyset(key: "w.last_wrong_at", id: "w.question_id", descending: true), page,
                             cursor: { PageCursor($0.lastWrongAt, id: $0.question.id) }) { r in
            WrongAnswer(question: Self.question(r).0, noteId: r.string(13), noteTitle: r.string(14), lastGiven: r.string(15),
                        wrongCount: r.int(16), addedAt: r.date(17), lastWrongAt: r.date(18))
        }
    }

    /// How many entries the notebook has (of one note, or of all).
    public func wrongAnswerCount(owner: String, noteId: String? = nil) throws -> Int {
        var sql = "SELECT count(*) FROM wrong_answers WHERE owner_id = ?"
        var values: [SQLBindable] = [owner]
        if let noteId { sql += " AND note_id = ?"; values.append(noteId) }
        return try database.read { c in try c.first(sql, values) { $0.int(0) } ?? 0 }
    }

    /// Best accuracy of each note over full quizzes (not retries of wrong answers), for learning rates.
    public func learningRates(owner: String) throws -> [String: Double] {
        try database.read { c in
            Dictionary(uniqueKeysWithValues: try c.all(
                """
                SELECT a.note_id, max(CAST(a.correct_count AS REAL) / a.total) FROM attempts a JOIN quizzes z ON z.id = a.quiz_id
                WHERE a.owner_id = ? AND a.total > 0 AND z.origin = 'new' GROUP BY a.note_id
                """,
                [owner]) { ($0.string(0), $0.double(1)) })
        }
    }

    /// Per attempt: when, how many questions, how many right — for streaks, weeks and totals.
    public func attemptActivity(owner: String) throws -> [(at: Date, total: Int, correct: Int)] {
        try database.read { c in
            try c.all("SELECT created_at, total, correct_count FROM attempts WHERE owner_id = ? ORDER BY created_at", [owner]) { ($0.date(0), $0.int(1), $0.int(2)) }
        }
    }

    /// Every attempt's time (ms since 1970), question count and right answers, newest first,
    /// read from the covering index alone.
    public func attemptScores(owner: String) throws -> [(millis: Int64, total: Int, correct: Int)] {
        try database.read { c in
            try c.all("SELECT created_at, total, correct_count FROM attempts WHERE owner_id = ? ORDER BY created_at DESC",
                      [owner]) { ($0.int64(0), $0.int(1), $0.int(2)) }
        }
    }

    // MARK: Review cards

    private func upsertReviewCard(_ card: ReviewCard, owner: String, _ c: Connection) throws {
        try c.run("""
            INSERT INTO review_cards (owner_id, item_kind, item_id, stability, difficulty, due, last_review, reps, lapses, state, created_at)
            VALUES (?,?,?,?,?,?,?,?,?,?,?)
            ON CONFLICT (owner_id, item_kind, item_id) DO UPDATE SET stability = excluded.stability, difficulty = excluded.difficulty,
                due = excluded.due, last_review = excluded.last_review, reps = excluded.reps, lapses = excluded.lapses, state = excluded.state
            """, [owner, card.kind, card.itemId, card.stability, card.difficulty, card.due.millis, card.lastReview?.millis, card.reps, card.lapses,
                  card.state.rawValue, (card.lastReview ?? card.due).millis])
    }

    /// A review answered at `now`: the card's new schedule, and the notebook entry gone when it was right.
    public func recordReview(owner: String, card: ReviewCard, answeredRight: Bool, at now: Date) throws {
        try database.write { c in
            try upsertReviewCard(card, owner: owner, c)
            // The log counts review days for the streak (an answer is activity as an attempt is).
            try c.run("INSERT INTO review_log (owner_id, item_kind, item_id, answered_at, correct) VALUES (?,?,?,?,?)",
                      [owner, card.kind, card.itemId, (card.lastReview ?? now).millis, answeredRight])
            if answeredRight, card.kind == "question" {
                try c.run("DELETE FROM wrong_answers WHERE owner_id = ? AND question_id = ?", [owner, card.itemId])
            }
        }
    }

    /// A question of the owner's, by id (for answering it in the review queue).
    public func question(id: String, owner: String) throws -> (Question, noteId: String)? {
        try database.read { c in
            try c.first("SELECT \(Self.questionColumns), q.note_id FROM questions q JOIN quizzes z ON z.id = q.quiz_id WHERE q.id = ? AND z.owner_id = ?",
                        [id, owner]) { (Self.question($0).0, $0.string(13)) }
        }
    }

    static func reviewCard(_ r: Row, from i: Int32 = 0) -> ReviewCard {
        ReviewCard(itemId: r.string(i + 1), kind: r.string(i), stability: r.double(i + 2), difficulty: r.double(i + 3), due: r.date(i + 4),
                   lastReview: r.isNull(i + 5) ? nil : r.date(i + 5), reps: r.int(i + 6), lapses: r.int(i + 7),
                   state: ReviewState(rawValue: r.string(i + 8)) ?? .review)
    }

    public func reviewCards(owner: String, kind: String, ids: [String]) throws -> [String: ReviewCard] {
        guard !ids.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        return try database.read { c in
            Dictionary(uniqueKeysWithValues: try c.all(
                "SELECT item_kind, item_id, stability, difficulty, due, last_review, reps, lapses, state FROM review_cards WHERE owner_id = ? AND item_kind = ? AND item_id IN (\(marks))",
                [owner, kind] + ids) { r in let card = Self.reviewCard(r); return (card.itemId, card) })
        }
    }

    /// Question cards due by `now`, with their questions, soonest first.
    public func dueQuestionReviews(owner: String, at now: Date, limit: Int = 50) throws -> [(ReviewCard, Question, noteId: String, noteTitle: String)] {
        try database.read { c in
            try c.all("""
                SELECT r.item_kind, r.item_id, r.stability, r.difficulty, r.due, r.last_review, r.reps, r.lapses, r.state,
                       \(Self.questionColumns), q.note_id, n.title
                FROM review_cards r JOIN questions q ON q.id = r.item_id JOIN notes n ON n.id = q.note_id
                WHERE r.owner_id = ? AND r.item_kind = 'question' AND r.due <= ? ORDER BY r.due LIMIT ?
                """, [owner, now.millis, limit]) { r in
                // The question's columns follow the card's nine.
                (Self.reviewCard(r), Self.question(r, from: 9).0, r.string(22), r.string(23))
            }
        }
    }

    /// Cards due by `now`; sentence cards only with `sentences` (the reader may turn them off).
    /// Cards whose question or sentence is gone are not counted, as the queue does not show them.
    public func dueReviewCount(owner: String, at now: Date, sentences: Bool = true) throws -> Int {
        try database.read { c in
            let questions = try c.first("SELECT count(*) FROM review_cards WHERE owner_id = ? AND item_kind = 'question' AND due <= ?",
                                        [owner, now.millis], { $0.int(0) }) ?? 0
            guard sentences else { return questions }
            return questions + (try c.first("""
                SELECT count(*) FROM review_cards r JOIN sentences s ON s.id = r.item_id
                WHERE r.owner_id = ? AND r.item_kind = 'sentence' AND r.due <= ?
                """, [owner, now.millis], { $0.int(0) }) ?? 0)
        }
    }
}

extension Store {
    /// The first questions made for a note (not the copies of retries), in the order they were
    /// asked: what a guest of the demo may try without anything being stored.
    public func noteQuestions(noteId: String, owner: String, limit: Int) throws -> [Question] {
        try database.read { c in
            try c.all("""
                SELECT \(Self.questionColumns) FROM questions q JOIN quizzes z ON z.id = q.quiz_id
                WHERE q.note_id = ? AND z.owner_id = ? AND q.origin_question_id IS NULL ORDER BY z.created_at, q.position LIMIT ?
                """, [noteId, owner, limit]) { Self.question($0).0 }
        }
    }

    /// Every question the owner was asked once (retries of wrong answers repeat questions, so
    /// copies made for them are left out), with the note's title, oldest first.
    public func allQuestions(owner: String) throws -> [(Question, noteTitle: String)] {
        try database.read { c in
            try c.all("""
                SELECT \(Self.questionColumns), n.title FROM questions q JOIN quizzes z ON z.id = q.quiz_id JOIN notes n ON n.id = q.note_id
                WHERE z.owner_id = ? AND q.origin_question_id IS NULL ORDER BY z.created_at, q.position
                """, [owner]) { r in (Self.question(r).0, r.string(13)) }
        }
    }
}
