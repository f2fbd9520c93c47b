import Foundation

/// The schema, as an ordered list written for SQLite (PostgreSQL gets it translated, below).
/// Only ever append: a database at version N runs the entries after N, each in its own
/// transaction, and records the new version in `schema_version`.
enum Migrations {
    static let sqlite: [String] = [
        // 1: accounts, sessions, login throttling.
        """
        CREATE TABLE users (
            id TEXT PRIMARY KEY,
            email TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            password_hash TEXT NOT NULL,
            language TEXT NOT NULL DEFAULT 'ko',
            time_zone TEXT NOT NULL DEFAULT 'Asia/Seoul',
            terms_agreed_at INTEGER NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE sessions (
            token_hash BLOB PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            csrf_token TEXT NOT NULL,
            read_only INTEGER NOT NULL DEFAULT 0,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        );
        CREATE INDEX sessions_by_user ON sessions(user_id);
        CREATE TABLE login_failures (
            id INTEGER PRIMARY KEY,
            email TEXT NOT NULL,
            address TEXT NOT NULL,
            at INTEGER NOT NULL
        );
        CREATE INDEX login_failures_by_email ON login_failures(email, at);
        CREATE INDEX login_failures_by_address ON login_failures(address, at);
        """,
        // 2: notes with their pages, concepts and keywords; jobs; search over title, keywords, concepts.
        """
        CREATE TABLE notes (
            id TEXT PRIMARY KEY,
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            category TEXT NOT NULL,
            favorite INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL,
            error TEXT,
            file_name TEXT NOT NULL DEFAULT '',
            file_size INTEGER NOT NULL DEFAULT 0,
            page_count INTEGER NOT NULL DEFAULT 0,
            title_locked INTEGER NOT NULL DEFAULT 0,
            search_text TEXT NOT NULL DEFAULT '',
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        );
        CREATE INDEX notes_by_owner ON notes(owner_id, created_at DESC);
        CREATE TABLE note_pages (
            note_id TEXT NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            text TEXT NOT NULL,
            ocr INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (note_id, number)
        ) WITHOUT ROWID;
        CREATE TABLE concepts (
            id TEXT NOT NULL,
            note_id TEXT NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            summary TEXT NOT NULL,
            definition TEXT,
            key_points TEXT NOT NULL,
            comparison TEXT,
            pages TEXT NOT NULL,
            PRIMARY KEY (note_id, id)
        ) WITHOUT ROWID;
        CREATE INDEX concepts_by_note ON concepts(note_id, position);
        CREATE TABLE keywords (
            note_id TEXT NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            term TEXT NOT NULL,
            related TEXT NOT NULL,
            PRIMARY KEY (note_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE jobs (
            id TEXT PRIMARY KEY,
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            note_id TEXT REFERENCES notes(id) ON DELETE SET NULL,
            state TEXT NOT NULL,
            stage TEXT NOT NULL,
            progress REAL NOT NULL DEFAULT 0,
            error TEXT,
            cancel_requested INTEGER NOT NULL DEFAULT 0,
            input TEXT NOT NULL DEFAULT '{}',
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        );
        CREATE INDEX jobs_by_state ON jobs(state, created_at);
        CREATE VIRTUAL TABLE note_search USING fts5(note_id UNINDEXED, search_text, tokenize='trigram');
        """,
        // 3: quizzes, attempts, the wrong-answer notebook, spaced review.
        """
        CREATE TABLE quizzes (
            id TEXT PRIMARY KEY,
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            note_id TEXT NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
            difficulty TEXT NOT NULL,
            origin TEXT NOT NULL DEFAULT 'new',
            created_at INTEGER NOT NULL
        );
        CREATE INDEX quizzes_by_note ON quizzes(note_id, created_at);
        CREATE TABLE questions (
            id TEXT PRIMARY KEY,
            quiz_id TEXT NOT NULL REFERENCES quizzes(id) ON DELETE CASCADE,
            note_id TEXT NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            kind TEXT NOT NULL,
            form TEXT NOT NULL,
            prompt TEXT NOT NULL,
            options TEXT NOT NULL,
            correct_index INTEGER,
            answer TEXT NOT NULL,
            alternatives TEXT NOT NULL,
            concept_id TEXT,
            concept_name TEXT NOT NULL,
            page INTEGER,
            explanation TEXT,
            origin_question_id TEXT
        );
        CREATE INDEX questions_by_quiz ON questions(quiz_id, position);
        CREATE INDEX questions_by_note ON questions(note_id);
        CREATE TABLE attempts (
            id TEXT PRIMARY KEY,
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            quiz_id TEXT NOT NULL UNIQUE REFERENCES quizzes(id) ON DELETE CASCADE,
            note_id TEXT NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
            correct_count INTEGER NOT NULL,
            total INTEGER NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE INDEX attempts_by_owner ON attempts(owner_id, created_at);
        CREATE INDEX attempts_by_note ON attempts(note_id, created_at);
        CREATE TABLE attempt_answers (
            attempt_id TEXT NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
            question_id TEXT NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
            given TEXT NOT NULL,
            choice INTEGER,
            is_correct INTEGER NOT NULL,
            PRIMARY KEY (attempt_id, question_id)
        ) WITHOUT ROWID;
        CREATE TABLE wrong_answers (
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            question_id TEXT NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
            note_id TEXT NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
            last_given TEXT NOT NULL,
            wrong_count INTEGER NOT NULL,
            added_at INTEGER NOT NULL,
            last_wrong_at INTEGER NOT NULL,
            PRIMARY KEY (owner_id, question_id)
        ) WITHOUT ROWID;
        CREATE INDEX wrong_answers_by_note ON wrong_answers(note_id);
        CREATE TABLE review_cards (
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            item_kind TEXT NOT NULL,
            item_id TEXT NOT NULL,
            stability REAL NOT NULL,
            difficulty REAL NOT NULL,
            due INTEGER NOT NULL,
            last_review INTEGER,
            reps INTEGER NOT NULL,
            lapses INTEGER NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (owner_id, item_kind, item_id)
        ) WITHOUT ROWID;
        CREATE INDEX review_cards_due ON review_cards(owner_id, due);
        """,
        // 4: study statistics read every attempt's time and score: cover them with the index.
        """
        DROP INDEX attempts_by_owner;
        CREATE INDEX attempts_by_owner ON attempts(owner_id, created_at, total, correct_count);
        """,
        // 5: the reading space: books, the sentences kept from them, reading sessions; search
        // over sentences and memos. Deleting a book takes its sentences and sessions with it.
        """
        CREATE TABLE books (
            id TEXT PRIMARY KEY,
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            author TEXT NOT NULL DEFAULT '',
            publisher TEXT,
            isbn13 TEXT,
            genre TEXT,
            published_at TEXT,
            status TEXT NOT NULL,
            source_cover_url TEXT,
            cover_file TEXT,
            import_key TEXT,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        );
        CREATE INDEX books_by_owner ON books(owner_id, updated_at DESC);
        CREATE UNIQUE INDEX books_by_isbn ON books(owner_id, isbn13) WHERE isbn13 IS NOT NULL;
        CREATE UNIQUE INDEX books_by_import_key ON books(owner_id, import_key) WHERE import_key IS NOT NULL;
        CREATE TABLE sentences (
            id TEXT PRIMARY KEY,
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            book_id TEXT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
            text TEXT NOT NULL,
            page INTEGER,
            emotion TEXT,
            memo TEXT,
            fingerprint TEXT,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        );
        CREATE INDEX sentences_by_owner ON sentences(owner_id, created_at DESC);
        CREATE INDEX sentences_by_book ON sentences(book_id, created_at DESC);
        CREATE UNIQUE INDEX sentences_by_fingerprint ON sentences(owner_id, fingerprint) WHERE fingerprint IS NOT NULL;
        CREATE VIRTUAL TABLE sentence_search USING fts5(sentence_id UNINDEXED, body, tokenize='trigram');
        CREATE TABLE reading_sessions (
            id TEXT PRIMARY KEY,
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            book_id TEXT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
            started_at INTEGER NOT NULL,
            ended_at INTEGER NOT NULL,
            seconds INTEGER NOT NULL
        );
        CREATE INDEX reading_sessions_by_owner ON reading_sessions(owner_id, started_at);
        CREATE INDEX reading_sessions_by_book ON reading_sessions(book_id);
        """,
        // 6: the dial timer (one per reader, stored as its end time) and widget tokens (a widget
        // holds no session cookie). Image cards are made on request and not stored.
        """
        CREATE TABLE reading_timers (
            owner_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            timer TEXT NOT NULL,
            updated_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE widget_tokens (
            token_hash BLOB PRIMARY KEY,
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX widget_tokens_by_owner ON widget_tokens(owner_id);
        """,
        // 7: several app nodes on one database. Jobs are leased by a node for a while and taken
        // over when the lease runs out; the page counter of a running job is stored so that any
        // node can show it; files may live in the database, in chunks.
        """
        ALTER TABLE jobs ADD COLUMN lease_owner TEXT;
        ALTER TABLE jobs ADD COLUMN lease_until INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE jobs ADD COLUMN tries INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE jobs ADD COLUMN page INTEGER;
        ALTER TABLE jobs ADD COLUMN pages INTEGER;
        CREATE TABLE file_chunks (
            name TEXT NOT NULL,
            seq INTEGER NOT NULL,
            data BLOB NOT NULL,
            PRIMARY KEY (name, seq)
        ) WITHOUT ROWID;
        """,
        // 8: jobs are shared fairly between readers: the queue is taken round-robin by when each
        // owner was last served, so a job remembers when a node took it.
        """
        ALTER TABLE jobs ADD COLUMN claimed_at INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX jobs_by_owner ON jobs(owner_id, state);
        """,
        // 9: per-address limits on sign-ups and email look-ups (kind = signup / email_lookup),
        // kept in the database so that every node counts the same events.
        """
        CREATE TABLE address_events (
            kind TEXT NOT NULL,
            address TEXT NOT NULL,
            at INTEGER NOT NULL
        );
        CREATE INDEX address_events_by_address ON address_events(kind, address, at);
        """,
        // 10: lists are read a page at a time, after the last row shown (keyset pagination): each
        // list's index ends with its sort key and the id that breaks ties, so a page is one
        // index range however deep it is (a shelf by status and its counts too). Covers count
        // in an account's storage by their size.
        """
        DROP INDEX notes_by_owner;
        CREATE INDEX notes_by_owner ON notes(owner_id, created_at, id);
        DROP INDEX books_by_owner;
        CREATE INDEX books_by_owner ON books(owner_id, updated_at, id);
        CREATE INDEX books_by_status ON books(owner_id, status, updated_at, id);
        DROP INDEX sentences_by_owner;
        CREATE INDEX sentences_by_owner ON sentences(owner_id, created_at, id);
        DROP INDEX sentences_by_book;
        CREATE INDEX sentences_by_book ON sentences(book_id, created_at, id);
        DROP INDEX reading_sessions_by_owner;
        CREATE INDEX reading_sessions_by_owner ON reading_sessions(owner_id, started_at, id);
        DROP INDEX attempts_by_note;
        CREATE INDEX attempts_by_note ON attempts(note_id, created_at, id);
        CREATE INDEX wrong_answers_by_owner ON wrong_answers(owner_id, last_wrong_at, question_id);
        ALTER TABLE books ADD COLUMN cover_bytes INTEGER NOT NULL DEFAULT 0;
        """,
        // Saved sentences in 오늘 복습: a reader may turn them off; a card remembers when it was
        // made (new sentences enter a few a day); every review answer is logged, because a
        // review counts for the study streak as an attempt does.
        """
        ALTER TABLE users ADD COLUMN sentence_review INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE review_cards ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX review_cards_created ON review_cards(owner_id, item_kind, created_at);
        CREATE TABLE review_log (
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            item_kind TEXT NOT NULL,
            item_id TEXT NOT NULL,
            answered_at INTEGER NOT NULL,
            correct INTEGER NOT NULL
        );
        CREATE INDEX review_log_by_owner ON review_log(owner_id, answered_at);
        """,
        // 12: statistics read sums per local day (the reader's zone) instead of every session
        // and attempt; a row per day and book or note, gone with its book, note or account.
        // Filled from the rows by `Store.rebuildActivityDays` right after this migration.
        """
        CREATE TABLE reading_days (
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            day INTEGER NOT NULL,
            book_id TEXT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
            seconds INTEGER NOT NULL,
            sessions INTEGER NOT NULL,
            PRIMARY KEY (owner_id, day, book_id)
        ) WITHOUT ROWID;
        CREATE INDEX reading_days_by_book ON reading_days(book_id);
        CREATE TABLE study_days (
            owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            day INTEGER NOT NULL,
            note_id TEXT NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
            attempts INTEGER NOT NULL,
            questions INTEGER NOT NULL,
            correct INTEGER NOT NULL,
            PRIMARY KEY (owner_id, day, note_id)
        ) WITHOUT ROWID;
        CREATE INDEX study_days_by_note ON study_days(note_id);
        """,
        // 13: the review log travels in backups; restoring (merging) the same document twice must
        // not log an answer twice. One answer per item and millisecond. (IF NOT EXISTS: a database
        // set back to version 12 to rebuild its sums runs this again.)
        """
        CREATE UNIQUE INDEX IF NOT EXISTS review_log_once ON review_log(owner_id, item_kind, item_id, answered_at);
        """,
        // 14: the home list asks, for every note, whether a job is still working on it; without
        // this index each note scanned every queued and running job (and a note's deletion
        // scanned all jobs to clear their note_id).
        """
        CREATE INDEX IF NOT EXISTS jobs_by_note ON jobs(note_id);
        """,
        // 15: what the home list shows of each note beside its own columns, kept with the note:
        // its first keywords and its best score on a new quiz (they had been two correlated
        // subqueries per note, most of the list's time). Filled by `Store.rebuildNoteListFacts`
        // after this migration, a restore or a move; kept by the writes of keywords and attempts.
        // Working jobs are few: an index of those alone answers "is a job on this note" at once.
        """
        ALTER TABLE notes ADD COLUMN first_terms TEXT;
        ALTER TABLE notes ADD COLUMN best_rate REAL;
        CREATE INDEX IF NOT EXISTS jobs_working_by_note ON jobs(note_id) WHERE state IN ('queued','running');
        """,
        // 16: a reader's restore preview (the upload the settings page keeps until it is
        // confirmed) is one row, counted in their storage and gone with the account; sign-in
        // attempts are counted per device, so a stranger's guesses do not lock the reader's own
        // devices out; the devices (a cookie, a recent address) a reader has signed in from.
        """
        CREATE TABLE restore_previews (
            owner_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            token_hash BLOB NOT NULL,
            bytes INTEGER NOT NULL,
            created_at INTEGER NOT NULL
        );
        ALTER TABLE login_failures ADD COLUMN device TEXT NOT NULL DEFAULT '';
        CREATE INDEX login_failures_by_device ON login_failures(email, device, at);
        CREATE TABLE known_devices (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            device TEXT NOT NULL,
            last_seen INTEGER NOT NULL,
            PRIMARY KEY (user_id, device)
        );
        """,
    ]

    /// The first schema version with the per-day statistics sums.
    static let activityDaysVersion = 12
    /// The last schema version that added data derived from other rows: a database from before
    /// it has everything derived made again, once (`Store.rebuildActivityDays`).
    static let derivedDataVersion = 15

    /// The same schema on PostgreSQL, entry for entry.
    static let postgres: [String] = sqlite.map(postgresText)

    /// SQLite's schema in PostgreSQL's words, so the two cannot drift apart: BIGINT for INTEGER
    /// (times are milliseconds), DOUBLE PRECISION for REAL, BYTEA for BLOB, an identity column
    /// for `id INTEGER PRIMARY KEY`, and a plain table with a pg_trgm index for each FTS5
    /// trigram table.
    static func postgresText(_ sqlite: String) -> String {
        var sql = sqlite.replacingOccurrences(of: " WITHOUT ROWID", with: "")
        func replace(_ pattern: String, _ template: String) {
            let regex = try! NSRegularExpression(pattern: pattern)
            sql = regex.stringByReplacingMatches(in: sql, range: NSRange(sql.startIndex..., in: sql), withTemplate: template)
        }
        replace(#"\bid INTEGER PRIMARY KEY\b"#, "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
        replace(#"\bINTEGER\b"#, "BIGINT")
        replace(#"\bREAL\b"#, "DOUBLE PRECISION")
        replace(#"\bBLOB\b"#, "BYTEA")
        replace(#"CREATE VIRTUAL TABLE (\w+) USING fts5\((\w+)_id UNINDEXED, (\w+), tokenize='trigram'\);"#, """
            CREATE EXTENSION IF NOT EXISTS pg_trgm;
            CREATE TABLE $1 ($2_id TEXT NOT NULL, $3 TEXT NOT NULL);
            CREATE INDEX $1_by_$2 ON $1($2_id);
            CREATE INDEX $1_trigrams ON $1 USING gin ($3 gin_trgm_ops);
            """)
        return sql
    }

    static func list(_ engine: Engine) -> [String] { engine == .sqlite ? sqlite : postgres }
}

extension Database {
    /// Brings the schema up to date. Safe to call on every start, and on several nodes starting
    /// at once: on PostgreSQL one takes an advisory lock and migrates while the others wait.
    @discardableResult
    func migrate() throws -> Int {
        try read { c in
            let postgres = engine == .postgres
            if postgres { try c.execute("SELECT pg_advisory_lock(7720412)") }
            defer { if postgres { try? c.execute("SELECT pg_advisory_unlock(7720412)") } }
            func transaction(_ body: () throws -> Void) throws {
                try c.execute(postgres ? "BEGIN" : "BEGIN IMMEDIATE")
                do { try body(); try c.execute("COMMIT") } catch { try? c.execute("ROLLBACK"); throw error }
            }
            try transaction {
                try c.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
                if try c.first("SELECT count(*) FROM schema_version", [], { $0.int(0) }) == 0 {
                    try c.run("INSERT INTO schema_version (version) VALUES (0)")
                }
            }
            let current = try c.first("SELECT version FROM schema_version", [], { $0.int(0) }) ?? 0
            let list = Migrations.list(engine)
            guard current <= list.count else {
                throw DatabaseError(message: "the database is at schema version \(current), newer than this build (\(list.count))")
            }
            for (index, sql) in list.enumerated() where index >= current {
                try transaction {
                    try c.execute(sql)
                    try c.run("UPDATE schema_version SET version = ?", [index + 1])
                }
            }
            return current
        }
    }

    public func schemaVersion() throws -> Int {
        try read { c in try c.first("SELECT version FROM schema_version", [], { $0.int(0) }) ?? 0 }
    }
}
