import Foundation
import NotioCore

/// The backup document, `notio-backup`: the profile and every row a reader owns, table by table,
/// with stable ids. Times are ISO 8601; JSON-valued columns are JSON values. The tables and
/// columns are listed once here, so export, validation and restore cannot drift apart.
///
/// Version 2 says what the database always did: a concept's id is unique within its note (the
/// analysis numbers them `concept-1`, `concept-2`, … in every note), not across the document.
/// A version 1 document is read the same way, so backups already downloaded still restore.
public enum Backup {
    public static let format = "notio-backup"
    public static let version = 2

    /// A column's kind in the document.
    enum Kind { case text, optionalText, int, optionalInt, real, bool, time, optionalTime, json, optionalJSON, blob }

    /// What a column's text must look like beyond its kind.
    enum Rule { case none, id, coverName, oneOf(Set<String>) }

    struct Column {
        let sql: String
        let json: String
        let kind: Kind
        init(_ sql: String, _ kind: Kind) {
            self.sql = sql
            // snake_case → camelCase
            let parts = sql.split(separator: "_")
            json = parts.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
            self.kind = kind
        }
        var isOptional: Bool { [.optionalText, .optionalInt, .optionalTime, .optionalJSON].contains(kind) }
    }

    struct Table {
        /// The array's name in the document.
        let key: String
        let sql: String
        let columns: [Column]
        /// Selects the owner's rows (`?1` is the owner).
        let owned: String
        let orderBy: String
        /// Column index by the document's key.
        let index: [String: Int]
        /// Each column's rule, by index.
        let rules: [Rule]
        /// The columns' keys in the document, as UTF-8 (matched without making Strings).
        let keys: [[UInt8]]
        /// Text columns without a rule: what they hold is the reader's, only its form is checked.
        let isFreeText: [Bool]
        /// The table's place in `tables` (per-table state is kept in arrays, not looked up by key).
        var position = 0

        init(key: String, sql: String, columns: [Column], owned: String, orderBy: String) {
            self.key = key; self.sql = sql; self.columns = columns; self.owned = owned; self.orderBy = orderBy
            index = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1.json, $0) })
            keys = columns.map { Array($0.json.utf8) }
            rules = columns.map { col in
                if let values = Backup.allowedValues[key]?[col.json] { return .oneOf(values) }
                if col.sql == "cover_file" { return .coverName }
                // Ids and every column naming one: they become file names and URL segments.
                if col.sql == "id" || col.sql.hasSuffix("_id") { return .id }
                return .none
            }
            isFreeText = zip(columns, rules).map { col, rule in
                guard case .none = rule else { return false }
                return col.kind == .text || col.kind == .optionalText
            }
        }

        /// The table has an `owner_id` column, set to the restoring reader (children are owned
        /// through their parent).
        var ownedDirectly: Bool { owned == "owner_id = ?1" }
        var hasId: Bool { columns.first?.sql == "id" }
    }

    /// Values the schema limits: states, categories, statuses, emotions, kinds.
    static let allowedValues: [String: [String: Set<String>]] = [
        "notes": ["category": Set(NoteCategory.allCases.map(\.rawValue)), "state": Set(NoteState.allCases.map(\.rawValue))],
        "books": ["status": Set(BookStatus.allCases.map(\.rawValue))],
        "sentences": ["emotion": Set(Emotion.allCases.map(\.rawValue))],
        "quizzes": ["difficulty": Set(Difficulty.allCases.map(\.rawValue))],
        "questions": ["kind": Set(QuestionKind.allCases.map(\.rawValue))],
        "reviewCards": ["itemKind": Set(reviewItems.keys)],
        "reviewLog": ["itemKind": Set(reviewItems.keys)],
    ]

    /// Ids and names taken from a document: letters, digits, `.`, `_` and `-`, not starting with
    /// a dot, 1 to 100 characters. They end up in file names, URLs and SQL parameters.
    public static func isSafeId(_ text: String) -> Bool {
        let bytes = text.utf8
        guard (1...100).contains(bytes.count), bytes.first != UInt8(ascii: ".") else { return false }
        return bytes.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2E || b == 0x5F || b == 0x2D
        }
    }

    /// A stored cover's name: the SHA-256 of its bytes in hex, then the image type.
    public static func isCoverName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, ["jpg", "png", "gif", "webp"].contains(parts[1]), parts[0].utf8.count == 64 else { return false }
        return parts[0].utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// The hash part of a cover's name, which the file's bytes must match.
    public static func coverHash(_ name: String) -> String { String(name.prefix(64)) }

    /// Parents before children: the order of insertion.
    static let tables: [Table] = [
        Table(key: "notes", sql: "notes", columns: [
            .init("id", .text), .init("title", .text), .init("category", .text), .init("favorite", .bool), .init("state", .text),
            .init("error", .optionalText), .init("file_name", .text), .init("file_size", .int), .init("page_count", .int),
            .init("title_locked", .bool), .init("search_text", .text), .init("created_at", .time), .init("updated_at", .time)],
              owned: "owner_id = ?1", orderBy: "created_at, id"),
        Table(key: "notePages", sql: "note_pages", columns: [.init("note_id", .text), .init("number", .int), .init("text", .text), .init("ocr", .bool)],
              owned: "note_id IN (SELECT id FROM notes WHERE owner_id = ?1)", orderBy: "note_id, number"),
        Table(key: "concepts", sql: "concepts", columns: [
            .init("id", .text), .init("note_id", .text), .init("position", .int), .init("name", .text), .init("summary", .text),
            .init("definition", .optionalText), .init("key_points", .json), .init("comparison", .optionalJSON), .init("pages", .json)],
              owned: "note_id IN (SELECT id FROM notes WHERE owner_id = ?1)", orderBy: "note_id, position"),
        Table(key: "keywords", sql: "keywords", columns: [.init("note_id", .text), .init("position", .int), .init("term", .text), .init("related", .json)],
              owned: "note_id IN (SELECT id FROM notes WHERE owner_id = ?1)", orderBy: "note_id, position"),
        Table(key: "quizzes", sql: "quizzes", columns: [
            .init("id", .text), .init("note_id", .text), .init("difficulty", .text), .init("origin", .text), .init("created_at", .time)],
              owned: "owner_id = ?1", orderBy: "created_at, id"),
        Table(key: "questions", sql: "questions", columns: [
            .init("id", .text), .init("quiz_id", .text), .init("note_id", .text), .init("position", .int), .init("kind", .text), .init("form", .text),
            .init("prompt", .text), .init("options", .json), .init("correct_index", .optionalInt), .init("answer", .text), .init("alternatives", .json),
            .init("concept_id", .optionalText), .init("concept_name", .text), .init("page", .optionalInt), .init("explanation", .optionalText),
            .init("origin_question_id", .optionalText)],
              owned: "quiz_id IN (SELECT id FROM quizzes WHERE owner_id = ?1)", orderBy: "quiz_id, position"),
        Table(key: "attempts", sql: "attempts", columns: [
            .init("id", .text), .init("quiz_id", .text), .init("note_id", .text), .init("correct_count", .int), .init("total", .int), .init("created_at", .time)],
              owned: "owner_id = ?1", orderBy: "created_at, id"),
        Table(key: "attemptAnswers", sql: "attempt_answers", columns: [
            .init("attempt_id", .text), .init("question_id", .text), .init("given", .text), .init("choice", .optionalInt), .init("is_correct", .bool)],
              owned: "attempt_id IN (SELECT id FROM attempts WHERE owner_id = ?1)", orderBy: "attempt_id, question_id"),
        Table(key: "wrongAnswers", sql: "wrong_answers", columns: [
            .init("question_id", .text), .init("note_id", .text), .init("last_given", .text), .init("wrong_count", .int),
            .init("added_at", .time), .init("last_wrong_at", .time)],
              owned: "owner_id = ?1", orderBy: "question_id"),
        Table(key: "reviewCards", sql: "review_cards", columns: [
            .init("item_kind", .text), .init("item_id", .text), .init("stability", .real), .init("difficulty", .real), .init("due", .time),
            .init("last_review", .optionalTime), .init("reps", .int), .init("lapses", .int), .init("state", .text)],
              owned: "owner_id = ?1", orderBy: "item_kind, item_id"),
        // Every review answer, for the study streak: a history, so it may name questions and
        // sentences deleted since (no reference is checked, ids are still held to the id pattern).
        Table(key: "reviewLog", sql: "review_log", columns: [
            .init("item_kind", .text), .init("item_id", .text), .init("answered_at", .time), .init("correct", .bool)],
              owned: "owner_id = ?1", orderBy: "answered_at, item_kind, item_id"),
        Table(key: "books", sql: "books", columns: [
            .init("id", .text), .init("title", .text), .init("author", .text), .init("publisher", .optionalText), .init("isbn13", .optionalText),
            .init("genre", .optionalText), .init("published_at", .optionalText), .init("status", .text), .init("source_cover_url", .optionalText),
            .init("cover_file", .optionalText), .init("import_key", .optionalText), .init("created_at", .time), .init("updated_at", .time)],
              owned: "owner_id = ?1", orderBy: "created_at, id"),
        Table(key: "sentences", sql: "sentences", columns: [
            .init("id", .text), .init("book_id", .text), .init("text", .text), .init("page", .optionalInt), .init("emotion", .optionalText),
            .init("memo", .optionalText), .init("fingerprint", .optionalText), .init("created_at", .time), .init("updated_at", .time)],
              owned: "owner_id = ?1", orderBy: "created_at, id"),
        Table(key: "sessions", sql: "reading_sessions", columns: [
            .init("id", .text), .init("book_id", .text), .init("started_at", .time), .init("ended_at", .time), .init("seconds", .int)],
              owned: "owner_id = ?1", orderBy: "started_at, id"),
        Table(key: "timer", sql: "reading_timers", columns: [.init("timer", .json), .init("updated_at", .time)],
              owned: "owner_id = ?1", orderBy: "owner_id"),
    ].enumerated().map { var table = $1; table.position = $0; return table }

    /// A table's place in `tables` by its key.
    static let position: [String: Int] = Dictionary(uniqueKeysWithValues: tables.map { ($0.key, $0.position) })

    /// Where each table's rows point (column → parent table key). Every reference must name a
    /// row of the same document: a restore never links to rows it did not bring.
    static let references: [String: [(column: String, parent: String)]] = [
        "notePages": [("noteId", "notes")], "concepts": [("noteId", "notes")], "keywords": [("noteId", "notes")],
        "quizzes": [("noteId", "notes")],
        // A retry's copy names the question it repeats (answers to it count for the original).
        "questions": [("quizId", "quizzes"), ("noteId", "notes"), ("originQuestionId", "questions")],
        "attempts": [("quizId", "quizzes"), ("noteId", "notes")], "attemptAnswers": [("attemptId", "attempts"), ("questionId", "questions")],
        "wrongAnswers": [("questionId", "questions"), ("noteId", "notes")],
        "sentences": [("bookId", "books")], "sessions": [("bookId", "books")],
    ]

    /// What a review card's `itemId` names, by its `itemKind`.
    static let reviewItems = ["question": "questions", "sentence": "sentences"]

    /// Tables whose `id` is global, with who owns a row: an id that belongs to another reader
    /// must not be touched.
    static let ownerOfId: [String: String] = [
        "notes": "owner_id", "quizzes": "owner_id", "attempts": "owner_id", "books": "owner_id", "sentences": "owner_id",
        "sessions": "owner_id", "questions": "(SELECT owner_id FROM quizzes q WHERE q.id = questions.quiz_id)",
    ]

    /// Tables a replace brings up to date in place rather than emptying and filling again.
    static let replacedInPlace: Set<String> = ["books", "sentences", "sessions"]

    static let tableByKey: [String: Table] = Dictionary(uniqueKeysWithValues: tables.map { ($0.key, $0) })

    /// `2026-11-30T03:28:55.851Z` from epoch milliseconds, written by hand: Foundation's
    /// formatters cost microseconds per call, which is most of an export of 100,000 rows.
    static func iso(_ millis: Int64) -> String {
        let ms = Int(((millis % 1000) + 1000) % 1000)
        let seconds = (millis - Int64(ms)) / 1000
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = ActivityCalendar.civilDate(days)
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(ms, 3))Z"
    }

    /// Epoch milliseconds of an ISO 8601 time: the fast path reads what `iso` writes (and any
    /// `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`); anything else goes to Foundation's parser.
    static func millis(_ text: String) -> Int64? {
        var utf8 = Array(text.utf8)
        func digits(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= utf8.count else { return nil }
            var v = 0
            for i in from..<(from + count) {
                let c = utf8[i]
                guard c >= 48 && c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            return v
        }
        if utf8.count >= 20, utf8[4] == 45, utf8[7] == 45, utf8[10] == 84, utf8[13] == 58, utf8[16] == 58,
           let y = digits(0, 4), let mo = digits(5, 2), let d = digits(8, 2), let h = digits(11, 2), let mi = digits(14, 2), let se = digits(17, 2) {
            // The shape is ISO 8601: values out of range are wrong, not something to roll over.
            guard (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, se < 61 else { return nil }
            var i = 19
            var ms = 0
            if i < utf8.count, utf8[i] == 46 {
                i += 1
                var scale = 100, n = 0
                while i < utf8.count, utf8[i] >= 48, utf8[i] <= 57 {
                    if n < 3 { ms += Int(utf8[i] - 48) * scale; scale /= 10 }
                    n += 1; i += 1
                }
                guard n > 0 else { return nil }
            }
            var offset = 0
            if i < utf8.count, utf8[i] == 90, i + 1 == utf8.count {
                offset = 0
            } else if i + 6 == utf8.count, utf8[i] == 43 || utf8[i] == 45, utf8[i + 3] == 58,
                      let oh = digits(i + 1, 2), let om = digits(i + 4, 2) {
                offset = (oh * 60 + om) * (utf8[i] == 45 ? -1 : 1)
            } else {
                utf8 = []
            }
            if !utf8.isEmpty {
                // Days from civil (Howard Hinnant's algorithm).
                let yy = mo <= 2 ? y - 1 : y
                let era = (yy >= 0 ? yy : yy - 399) / 400
                let yoe = yy - era * 400
                let doy = (153 * (mo > 2 ? mo - 3 : mo + 9) + 2) / 5 + d - 1
                let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
                let days = era * 146_097 + doe - 719_468
                let seconds = Int64(days) * 86_400 + Int64(h * 3600 + mi * 60 + se) - Int64(offset * 60)
                return seconds * 1000 + Int64(ms)
            }
        }
        if let d = try? Date(text, strategy: .iso8601) { return Int64((d.timeIntervalSince1970 * 1000).rounded()) }
        return nil
    }

}

extension Store {
    /// Writes the owner's backup document to `sink` piece by piece (a row at a time), so memory
    /// stays bounded however large the library is.
    public func exportBackup(owner: User, at now: Date, sink output: (Data) throws -> Void) throws {
        // Rows are small: gather them into 256 KiB writes.
        var buffer = Data()
        buffer.reserveCapacity(1 << 18)
        func sink(_ data: Data) throws {
            buffer.append(data)
            if buffer.count >= 1 << 18 { try output(buffer); buffer.removeAll(keepingCapacity: true) }
        }

        func json(_ value: Any) throws -> Data { try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]) }
        let profile: [String: Any] = ["id": owner.id, "email": owner.email, "name": owner.name, "language": owner.language,
                                      "timeZone": owner.timeZone, "createdAt": Backup.iso(Int64((owner.createdAt.timeIntervalSince1970 * 1000).rounded()))]
        try sink(Data("{\"format\":\"\(Backup.format)\",\"version\":\(Backup.version),\"exportedAt\":".utf8))
        try sink(try json(Backup.iso(Int64((now.timeIntervalSince1970 * 1000).rounded()))))
        try sink(Data(",\"user\":".utf8))
        try sink(try json(profile))
        // One read transaction: the document is one consistent moment of the database.
        try database.snapshot { c in
            for table in Backup.tables {
                try sink(Data(",\"\(table.key)\":[".utf8))
                var first = true
                var failure: Error?
                let sql = "SELECT \(table.columns.map(\.sql).joined(separator: ", ")) FROM \(table.sql) WHERE \(table.owned) ORDER BY \(table.orderBy)"
                try c.query(sql, [owner.id]) { r in
                    guard failure == nil else { return }
                    // Written by hand: keys in column order, values as the column's kind says.
                    var line = first ? "{" : ",{"
                    var firstField = true
                    for (i, col) in table.columns.enumerated() {
                        let idx = Int32(i)
                        if r.isNull(idx) { continue }
                        let value: String
                        switch col.kind {
                        case .text, .optionalText: value = JSONText.quote(r.string(idx))
                        case .int, .optionalInt: value = String(r.int64(idx))
                        case .real: value = String(r.double(idx))
                        case .bool: value = r.bool(idx) ? "true" : "false"
                        case .time, .optionalTime: value = "\"" + Backup.iso(r.int64(idx)) + "\""
                        case .json, .optionalJSON: value = r.string(idx)
                        case .blob: value = "\"" + r.data(idx).base64EncodedString() + "\""
                        }
                        line += (firstField ? "\"" : ",\"") + col.json + "\":" + value
                        firstField = false
                    }
                    line += "}"
                    do {
                        try sink(Data(line.utf8))
                        first = false
                    } catch { failure = error }
                }
                if let failure { throw failure }
                try sink(Data("]".utf8))
            }
        }
        try sink(Data("}".utf8))
        if !buffer.isEmpty { try output(buffer) }
    }

    /// Everything a reader made, gone (the account and its sessions stay); with `keepingLibrary`
    /// the books, sentences and reading sessions stay (a restore replaces those in place).
    func wipeReaderData(owner: String, _ c: Connection, keepingLibrary: Bool = false) throws {
        try c.run("DELETE FROM note_search WHERE note_id IN (SELECT id FROM notes WHERE owner_id = ?)", [owner])
        if !keepingLibrary {
            try c.run("DELETE FROM sentence_search WHERE sentence_id IN (SELECT id FROM sentences WHERE owner_id = ?)", [owner])
        }
        try c.run("DELETE FROM jobs WHERE owner_id = ?", [owner])
        let library = ["reading_sessions", "sentences", "books"]
        for table in ["review_log", "review_cards", "wrong_answers", "attempts", "quizzes", "notes"] + (keepingLibrary ? [] : library) + ["reading_timers"] {
            try c.run("DELETE FROM \(table) WHERE owner_id = ?", [owner])
        }
    }
}
