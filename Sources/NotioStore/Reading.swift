import Foundation
import NotioCore

/// What a change to a book may set; nil leaves a field as it is, `.some(nil)` clears it.
public struct BookChanges: Sendable {
    public var title: String?
    public var author: String?
    public var publisher: String??
    public var genre: String??
    public var publishedAt: String??
    public var status: BookStatus?
    public init(title: String? = nil, author: String? = nil, publisher: String?? = nil, genre: String?? = nil,
                publishedAt: String?? = nil, status: BookStatus? = nil) {
        self.title = title; self.author = author; self.publisher = publisher; self.genre = genre
        self.publishedAt = publishedAt; self.status = status
    }
}

/// What a change to a sentence may set; nil leaves a field as it is, `.some(nil)` clears it.
public struct SentenceChanges: Sendable {
    public var text: String?
    public var page: Int??
    public var emotion: Emotion??
    public var memo: String??
    public init(text: String? = nil, page: Int?? = nil, emotion: Emotion?? = nil, memo: String?? = nil) {
        self.text = text; self.page = page; self.emotion = emotion; self.memo = memo
    }
}

/// Filters of the sentence list across books.
public struct SentenceFilter: Sendable {
    public var query: String?
    public var emotion: Emotion?
    public var bookId: String?
    public init(query: String? = nil, emotion: Emotion? = nil, bookId: String? = nil) {
        self.query = query; self.emotion = emotion; self.bookId = bookId
    }
}

/// A book already on the shelf with the same ISBN.
public struct DuplicateBook: Error, Sendable {
    public let existingId: String
}

extension Store {
    private static let bookColumns = """
        b.id, b.title, b.author, b.publisher, b.isbn13, b.genre, b.published_at, b.status, b.source_cover_url,
        b.cover_file IS NOT NULL, b.created_at, b.updated_at,
        (SELECT count(*) FROM sentences s WHERE s.book_id = b.id),
        (SELECT coalesce(sum(seconds), 0) FROM reading_sessions r WHERE r.book_id = b.id)
        """

    private static func book(_ r: Row) -> Book {
        Book(id: r.string(0), title: r.string(1), author: r.string(2), publisher: r.optionalString(3), isbn13: r.optionalString(4),
             genre: r.optionalString(5), publishedAt: r.optionalString(6), status: BookStatus(rawValue: r.string(7)) ?? .reading,
             sourceCoverUrl: r.optionalString(8), hasCover: r.bool(9), sentenceCount: r.int(12), readingSeconds: r.int(13),
             createdAt: r.date(10), updatedAt: r.date(11))
    }

    // MARK: Books

    /// Adds a book; throws `DuplicateBook` when the owner already has one with its ISBN, and
    /// `AccountLimitExceeded` when the shelf is full.
    public func insertBook(_ book: Book, owner: String, importKey: String? = nil, limits: AccountLimits = .none) throws {
        try database.write { c in
            try checkRoom(owner: owner, books: 1, within: limits, c)
            try insertBook(book, owner: owner, importKey: importKey, c)
        }
    }

    public func insertBook(_ book: Book, owner: String, importKey: String?, _ c: Connection) throws {
        if let isbn = book.isbn13,
           let existing = try c.first("SELECT id FROM books WHERE owner_id = ? AND isbn13 = ?", [owner, isbn], { $0.string(0) }) {
            throw DuplicateBook(existingId: existing)
        }
        try c.run("""
            INSERT INTO books (id, owner_id, title, author, publisher, isbn13, genre, published_at, status, source_cover_url, import_key, created_at, updated_at)
            VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)
            """, [book.id, owner, book.title, book.author, book.publisher, book.isbn13, book.genre, book.publishedAt,
                  book.status.rawValue, book.sourceCoverUrl, importKey, book.createdAt.millis, book.updatedAt.millis])
    }

    /// The owner's books, most recently touched first, optionally on one shelf.
    public func books(owner: String, status: BookStatus? = nil) throws -> [Book] {
        try books(owner: owner, status: status, page: nil).items
    }

    /// One page of the shelf (all of it when `page` is nil). The shelf's order is the time a book
    /// was last touched, which a new sentence moves: a book touched while a reader pages through
    /// comes up again first, never twice on one walk.
    public func books(owner: String, status: BookStatus? = nil, page: PageRequest?) throws -> Page<Book> {
        var sql = "SELECT \(Self.bookColumns) FROM books b WHERE b.owner_id = ?"
        var values: [SQLBindable] = [owner]
        if let status { sql += " AND b.status = ?"; values.append(status.rawValue) }
        return try self.page(sql, values, by: Keyset(key: "b.updated_at", id: "b.id", descending: true), page,
                             cursor: { PageCursor($0.updatedAt, id: $0.id) }, Self.book)
    }

    /// Every book's id and title, for naming books in lists and pickers without their counts.
    public func bookTitles(owner: String) throws -> [(id: String, title: String)] {
        try database.read { c in
            try c.all("SELECT id, title FROM books WHERE owner_id = ? ORDER BY updated_at DESC, id DESC", [owner]) { ($0.string(0), $0.string(1)) }
        }
    }

    public func book(id: String, owner: String) throws -> Book? {
        try database.read { c in
            try c.first("SELECT \(Self.bookColumns) FROM books b WHERE b.id = ? AND b.owner_id = ?", [id, owner], Self.book)
        }
    }

    /// How many books the owner has on each shelf.
    public func bookCounts(owner: String) throws -> [BookStatus: Int] {
        try database.read { c in
            var counts: [BookStatus: Int] = [:]
            try c.query("SELECT status, count(*) FROM books WHERE owner_id = ? GROUP BY status", [owner]) { r in
                if let status = BookStatus(rawValue: r.string(0)) { counts[status] = r.int(1) }
            }
            return counts
        }
    }

    /// Changes a book; false when it is not the owner's.
    @discardableResult
    public func updateBook(id: String, owner: String, _ changes: BookChanges, at now: Date) throws -> Bool {
        var sets: [String] = ["updated_at = ?"]
        var values: [SQLBindable] = [now.millis]
        if let v = changes.title { sets.append("title = ?"); values.append(v) }
        if let v = changes.author { sets.append("author = ?"); values.append(v) }
        if let v = changes.publisher { sets.append("publisher = ?"); values.append(v) }
        if let v = changes.genre { sets.append("genre = ?"); values.append(v) }
        if let v = changes.publishedAt { sets.append("published_at = ?"); values.append(v) }
        if let v = changes.status { sets.append("status = ?"); values.append(v.rawValue) }
        values += [id, owner]
        return try database.write { c in
            try c.run("UPDATE books SET \(sets.joined(separator: ", ")) WHERE id = ? AND owner_id = ?", values) > 0
        }
    }

    /// Records where the copy of a book's cover is stored, and its size (counted in the owner's storage).
    public func setBookCover(id: String, owner: String, file: String?, bytes: Int = 0) throws {
        try database.write { c in
            _ = try c.run("UPDATE books SET cover_file = ?, cover_bytes = ? WHERE id = ? AND owner_id = ?", [file, file == nil ? 0 : bytes, id, owner])
        }
    }

    /// The stored cover's file name, when the book is the owner's and has one.
    public func bookCoverFile(id: String, owner: String) throws -> String? {
        try database.read { c in
            try c.first("SELECT cover_file FROM books WHERE id = ? AND owner_id = ?", [id, owner]) { $0.optionalString(0) } ?? nil
        }
    }

    /// Whether another book (of any owner) still uses a stored cover file: covers are stored
    /// once per content, so a file is removed only when nothing points at it.
    public func coverFileInUse(_ file: String) throws -> Bool {
        try database.read { c in try c.first("SELECT 1 FROM books WHERE cover_file = ? LIMIT 1", [file]) { _ in true } ?? false }
    }

    /// Deletes a book with its sentences and reading sessions (and their search rows); returns
    /// the cover file it used, or nil when the book is not the owner's.
    public func deleteBook(id: String, owner: String) throws -> (deleted: Bool, coverFile: String?) {
        try database.write { c in
            guard let cover = try c.first("SELECT cover_file FROM books WHERE id = ? AND owner_id = ?", [id, owner], { $0.optionalString(0) }) else {
                return (false, nil)
            }
            try c.run("DELETE FROM sentence_search WHERE sentence_id IN (SELECT id FROM sentences WHERE book_id = ?)", [id])
            try c.run("DELETE FROM review_cards WHERE owner_id = ? AND item_kind = 'sentence' AND item_id IN (SELECT id FROM sentences WHERE book_id = ?)", [owner, id])
            try c.run("DELETE FROM books WHERE id = ? AND owner_id = ?", [id, owner])
            return (true, cover)
        }
    }

    // MARK: Sentences

    static let sentenceColumns = """
        s.id, s.book_id, s.text, s.page, s.emotion, s.memo, s.created_at, s.updated_at, b.title, b.author
        """

    static func sentence(_ r: Row) -> SentenceWithBook {
        SentenceWithBook(
            sentence: Sentence(id: r.string(0), bookId: r.string(1), text: r.string(2), page: r.optionalInt(3),
                               emotion: r.optionalString(4).flatMap(Emotion.init(rawValue:)), memo: r.optionalString(5),
                               createdAt: r.date(6), updatedAt: r.date(7)),
            bookTitle: r.string(8), bookAuthor: r.string(9))
    }

    private static func searchBody(_ s: Sentence) -> String {
        [s.text, s.memo ?? ""].joined(separator: "\n")
    }

    /// Adds a sentence to one of the owner's books; false when the book is not theirs.
    /// A sentence with a fingerprint (an import) that is already there is skipped: `nil`.
    public func insertSentence(_ sentence: Sentence, owner: String, fingerprint: String? = nil, limits: AccountLimits = .none) throws -> Bool? {
        try database.write { c in
            try checkRoom(owner: owner, sentences: 1, within: limits, c)
            return try insertSentence(sentence, owner: owner, fingerprint: fingerprint, c)
        }
    }

    public func insertSentence(_ s: Sentence, owner: String, fingerprint: String?, _ c: Connection) throws -> Bool? {
        guard try c.first("SELECT 1 FROM books WHERE id = ? AND owner_id = ?", [s.bookId, owner], { _ in true }) != nil else { return false }
        if let fingerprint,
           try c.first("SELECT 1 FROM sentences WHERE owner_id = ? AND fingerprint = ?", [owner, fingerprint], { _ in true }) != nil {
            return nil
        }
        try c.run("""
            INSERT INTO sentences (id, owner_id, book_id, text, page, emotion, memo, fingerprint, created_at, updated_at)
            VALUES (?,?,?,?,?,?,?,?,?,?)
            """, [s.id, owner, s.bookId, s.text, s.page, s.emotion?.rawValue, s.memo, fingerprint, s.createdAt.millis, s.updatedAt.millis])
        try c.run("INSERT INTO sentence_search (sentence_id, body) VALUES (?, ?)", [s.id, Self.searchBody(s)])
        // A book someone keeps sentences from comes up first on the shelf.
        try c.run("UPDATE books SET updated_at = ? WHERE id = ? AND updated_at < ?", [s.createdAt.millis, s.bookId, s.createdAt.millis])
        return true
    }

    public func sentence(id: String, owner: String) throws -> SentenceWithBook? {
        try database.read { c in
            try c.first("SELECT \(Self.sentenceColumns) FROM sentences s JOIN books b ON b.id = s.book_id WHERE s.id = ? AND s.owner_id = ?",
                        [id, owner], Self.sentence)
        }
    }

    private static let sentenceSearch = SearchIndex(table: "sentence_search", key: "sentence_id", body: "body",
                                                    shortQueryColumns: ["s.text", "coalesce(s.memo, '')"])

    /// The owner's sentences, newest first, by search text (sentence and memo, Korean substrings,
    /// short queries too), emotion and book; one page of them (all when `page` is nil).
    public func sentences(owner: String, _ filter: SentenceFilter = SentenceFilter(), page: PageRequest?) throws -> Page<SentenceWithBook> {
        let (condition, values) = sentenceFilter(owner: owner, filter)
        return try self.page("SELECT \(Self.sentenceColumns) FROM sentences s JOIN books b ON b.id = s.book_id WHERE " + condition, values,
                             by: Keyset(key: "s.created_at", id: "s.id", descending: true), page,
                             cursor: { PageCursor($0.sentence.createdAt, id: $0.sentence.id) }, Self.sentence)
    }

    /// How many sentences the same filter finds.
    public func sentenceCount(owner: String, _ filter: SentenceFilter) throws -> Int {
        let (condition, values) = sentenceFilter(owner: owner, filter)
        return try database.read { c in try c.first("SELECT count(*) FROM sentences s WHERE " + condition, values) { $0.int(0) } ?? 0 }
    }

    private func sentenceFilter(owner: String, _ filter: SentenceFilter) -> (String, [SQLBindable]) {
        var sql = "s.owner_id = ?"
        var values: [SQLBindable] = [owner]
        if let search = searchCondition(filter.query, rowId: "s.id", in: Self.sentenceSearch) { sql += search.sql; values += search.values }
        if let emotion = filter.emotion { sql += " AND s.emotion = ?"; values.append(emotion.rawValue) }
        if let book = filter.bookId { sql += " AND s.book_id = ?"; values.append(book) }
        return (sql, values)
    }

    public func sentenceCount(owner: String) throws -> Int {
        try database.read { c in try c.first("SELECT count(*) FROM sentences WHERE owner_id = ?", [owner]) { $0.int(0) } ?? 0 }
    }

    /// How many of the owner's sentences carry each emotion.
    public func emotionCounts(owner: String) throws -> [Emotion: Int] {
        try database.read { c in
            var counts: [Emotion: Int] = [:]
            try c.query("SELECT emotion, count(*) FROM sentences WHERE owner_id = ? AND emotion IS NOT NULL GROUP BY emotion", [owner]) { r in
                if let e = Emotion(rawValue: r.string(0)) { counts[e] = r.int(1) }
            }
            return counts
        }
    }

    /// Changes a sentence; false when it is not the owner's.
    @discardableResult
    public func updateSentence(id: String, owner: String, _ changes: SentenceChanges, at now: Date) throws -> Bool {
        try database.write { c in
            guard var s = try c.first("SELECT \(Self.sentenceColumns) FROM sentences s JOIN books b ON b.id = s.book_id WHERE s.id = ? AND s.owner_id = ?",
                                      [id, owner], Self.sentence)?.sentence else { return false }
            if let v = changes.text { s.text = v }
            if let v = changes.page { s.page = v }
            if let v = changes.emotion { s.emotion = v }
            if let v = changes.memo { s.memo = v }
            try c.run("UPDATE sentences SET text = ?, page = ?, emotion = ?, memo = ?, updated_at = ? WHERE id = ? AND owner_id = ?",
                      [s.text, s.page, s.emotion?.rawValue, s.memo, now.millis, id, owner])
            try c.run("DELETE FROM sentence_search WHERE sentence_id = ?", [id])
            try c.run("INSERT INTO sentence_search (sentence_id, body) VALUES (?, ?)", [id, Self.searchBody(s)])
            return true
        }
    }

    @discardableResult
    public func deleteSentence(id: String, owner: String) throws -> Bool {
        try database.write { c in
            let n = try c.run("DELETE FROM sentences WHERE id = ? AND owner_id = ?", [id, owner])
            if n > 0 {
                try c.run("DELETE FROM sentence_search WHERE sentence_id = ?", [id])
                try c.run("DELETE FROM review_cards WHERE owner_id = ? AND item_kind = 'sentence' AND item_id = ?", [owner, id])
            }
            return n > 0
        }
    }

    // MARK: A whole shelf at once

    /// Books with their sentences, more sentences and reading sessions, added in one transaction:
    /// all of it or none (the demo shelf).
    public func addShelf(_ books: [(book: Book, sentences: [Sentence])], sentences: [Sentence], sessions: [ReadingSession], owner: String) throws {
        try database.write { c in
            for entry in books {
                try insertBook(entry.book, owner: owner, importKey: nil, c)
                for sentence in entry.sentences { _ = try insertSentence(sentence, owner: owner, fingerprint: nil, c) }
            }
            for sentence in sentences { _ = try insertSentence(sentence, owner: owner, fingerprint: nil, c) }
            for session in sessions { _ = try insertReadingSession(session, owner: owner, c) }
        }
    }

    /// Runs `body` while no other node runs one under the same `key` (nodes starting together on
    /// one empty database: one seeds the demo). One node alone (SQLite) just runs it.
    public func exclusively<T>(_ key: Int64, _ body: () throws -> T) throws -> T {
        try database.exclusively(key, body)
    }

    // MARK: Reading sessions

    /// Records a reading session on one of the owner's books; false when the book is not theirs.
    public func insertReadingSession(_ session: ReadingSession, owner: String) throws -> Bool {
        try database.write { c in try insertReadingSession(session, owner: owner, c) }
    }

    public func insertReadingSession(_ s: ReadingSession, owner: String, _ c: Connection) throws -> Bool {
        guard try c.first("SELECT 1 FROM books WHERE id = ? AND owner_id = ?", [s.bookId, owner], { _ in true }) != nil else { return false }
        try c.run("INSERT INTO reading_sessions (id, owner_id, book_id, started_at, ended_at, seconds) VALUES (?,?,?,?,?,?)",
                  [s.id, owner, s.bookId, s.startedAt.millis, s.endedAt.millis, s.seconds])
        try countReadingDay(owner: owner, bookId: s.bookId, startedAt: s.startedAt, seconds: s.seconds, sign: 1, c)
        return true
    }

    /// The owner's sessions that started in [from, to), oldest first.
    public func readingSessions(owner: String, from: Date? = nil, to: Date? = nil, bookId: String? = nil) throws -> [ReadingSession] {
        var sql = "SELECT id, book_id, started_at, ended_at, seconds FROM reading_sessions WHERE owner_id = ?"
        var values: [SQLBindable] = [owner]
        if let from { sql += " AND started_at >= ?"; values.append(from.millis) }
        if let to { sql += " AND started_at < ?"; values.append(to.millis) }
        if let bookId { sql += " AND book_id = ?"; values.append(bookId) }
        sql += " ORDER BY started_at, id"
        return try database.read { c in
            try c.all(sql, values) { r in
                ReadingSession(id: r.string(0), bookId: r.string(1), startedAt: r.date(2), endedAt: r.date(3), seconds: r.int(4))
            }
        }
    }

    /// One page of the owner's sessions that started in [from, to), newest first.
    public func readingSessions(owner: String, from: Date? = nil, to: Date? = nil, bookId: String? = nil,
                                page: PageRequest) throws -> Page<ReadingSession> {
        var sql = "SELECT id, book_id, started_at, ended_at, seconds FROM reading_sessions WHERE owner_id = ?"
        var values: [SQLBindable] = [owner]
        if let from { sql += " AND started_at >= ?"; values.append(from.millis) }
        if let to { sql += " AND started_at < ?"; values.append(to.millis) }
        if let bookId { sql += " AND book_id = ?"; values.append(bookId) }
        return try self.page(sql, values, by: Keyset(key: "started_at", id: "id", descending: true), page,
                             cursor: { PageCursor($0.startedAt, id: $0.id) }) { r in
            ReadingSession(id: r.string(0), bookId: r.string(1), startedAt: r.date(2), endedAt: r.date(3), seconds: r.int(4))
        }
    }

    /// Counts of what belongs to one book, for the delete confirmation.
    public func bookContents(id: String, owner: String) throws -> (sentences: Int, sessions: Int)? {
        try database.read { c in
            try c.first("""
                SELECT (SELECT count(*) FROM sentences WHERE book_id = b.id), (SELECT count(*) FROM reading_sessions WHERE book_id = b.id)
                FROM books b WHERE b.id = ? AND b.owner_id = ?
                """, [id, owner]) { ($0.int(0), $0.int(1)) }
        }
    }
}

// MARK: Random and daily sentences, widget tokens

extension Store {
    /// A random sentence of the owner, optionally with one emotion.
    public func randomSentence(owner: String, emotion: Emotion? = nil) throws -> SentenceWithBook? {
        var sql = "SELECT s.id FROM sentences s WHERE s.owner_id = ?"
        var values: [SQLBindable] = [owner]
        if let emotion { sql += " AND s.emotion = ?"; values.append(emotion.rawValue) }
        // Counting then an offset reads one index range, where ORDER BY random() would sort them all.
        return try database.read { c in
            let count = try c.first("SELECT count(*) FROM (\(sql)) AS picked", values) { $0.int(0) } ?? 0
            guard count > 0 else { return nil }
            guard let id = try c.first(sql + " ORDER BY s.id LIMIT 1 OFFSET ?", values + [Int.random(in: 0..<count)], { $0.string(0) }) else { return nil }
            return try c.first("SELECT s.id, s.book_id, s.text, s.page, s.emotion, s.memo, s.created_at, s.updated_at, b.title, b.author FROM sentences s JOIN books b ON b.id = s.book_id WHERE s.id = ?",
                               [id]) { r in
                SentenceWithBook(sentence: Sentence(id: r.string(0), bookId: r.string(1), text: r.string(2), page: r.optionalInt(3),
                                                    emotion: r.optionalString(4).flatMap(Emotion.init(rawValue:)), memo: r.optionalString(5),
                                                    createdAt: r.date(6), updatedAt: r.date(7)), bookTitle: r.string(8), bookAuthor: r.string(9))
            }
        }
    }

    /// The sentence of the day: the same all day (`day` is the reader's local date), a different
    /// one the next day, chosen by a hash so that it needs no stored state.
    public func dailySentence(owner: String, day: String, emotion: Emotion? = nil) throws -> SentenceWithBook? {
        var sql = "SELECT id FROM sentences WHERE owner_id = ?"
        var values: [SQLBindable] = [owner]
        if let emotion { sql += " AND emotion = ?"; values.append(emotion.rawValue) }
        var h: UInt64 = 1469598103934665603
        for b in (owner + day).utf8 { h = (h ^ UInt64(b)) &* 1099511628211 }
        // A count and one offset, not every id read into memory on each visit of the shelf.
        let id = try database.read { c -> String? in
            let count = try c.first("SELECT count(*) FROM (\(sql)) AS picked", values) { $0.int(0) } ?? 0
            guard count > 0 else { return nil }
            return try c.first(sql + " ORDER BY created_at, id LIMIT 1 OFFSET ?", values + [Int(h % UInt64(count))]) { $0.string(0) }
        }
        return try id.flatMap { try sentence(id: $0, owner: owner) }
    }

    public func insertWidgetToken(hash: Data, owner: String, at now: Date) throws {
        try database.write { c in
            // One token per reader: a new one replaces (and so revokes) the old.
            try c.run("DELETE FROM widget_tokens WHERE owner_id = ?", [owner])
            try c.run("INSERT INTO widget_tokens (token_hash, owner_id, created_at) VALUES (?,?,?)", [hash, owner, now.millis])
        }
    }

    public func revokeWidgetTokens(owner: String) throws {
        try database.write { c in _ = try c.run("DELETE FROM widget_tokens WHERE owner_id = ?", [owner]) }
    }

    public func widgetTokenCreated(owner: String) throws -> Date? {
        try database.read { c in try c.first("SELECT created_at FROM widget_tokens WHERE owner_id = ?", [owner]) { $0.date(0) } }
    }

    /// The reader a widget token belongs to.
    public func widgetTokenOwner(hash: Data) throws -> User? {
        let id = try database.read { c in try c.first("SELECT owner_id FROM widget_tokens WHERE token_hash = ?", [hash]) { $0.string(0) } }
        return try id.flatMap { try user(id: $0) }
    }
}
