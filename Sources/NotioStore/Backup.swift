import Foundation
import NotioCore

/// The backup document, `notio-backup` version 1: the profile and every row a reader owns, table
/// by table, with stable ids. Times are ISO 8601; JSON-valued columns are JSON values. The tables
/// and columns are listed once here, so export, validation and restore cannot drift apart.
public enum Backup {
    public static let format = "notio-backup"
    public static let version = 1

    /// A column's kind in the document.
    enum Kind { case text, optionalText, int, optionalInt, real, bool, time, optionalTime, json, optionalJSON, blob }

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
    }

    struct Table {
        /// The array's name in the document.
        let key: String
        let sql: String
        let columns: [Column]
        /// Selects the owner's rows (`?1` is the owner).
        let owned: String
        let orderBy: String
        /// The table has an `owner_id` column, set to the restoring reader (children are owned
        /// through their parent).
        var ownedDirectly: Bool { owned == "owner_id = ?1" }
    }

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
    ]

    /// Where each table's rows point (column → parent table key), checked before a restore.
    static let references: [String: [(String, String)]] = [
        "notePages": [("noteId", "notes")], "concepts": [("noteId", "notes")], "keywords": [("noteId", "notes")],
        "quizzes": [("noteId", "notes")], "questions": [("quizId", "quizzes"), ("noteId", "notes")],
        "attempts": [("quizId", "quizzes"), ("noteId", "notes")], "attemptAnswers": [("attemptId", "attempts"), ("questionId", "questions")],
        "wrongAnswers": [("questionId", "questions"), ("noteId", "notes")],
        "sentences": [("bookId", "books")], "sessions": [("bookId", "books")],
    ]

    /// Tables whose `id` is global: an id that belongs to another reader must not be touched.
    static let globalIds: [(key: String, sql: String, owner: String)] = [
        ("notes", "notes", "owner_id"), ("quizzes", "quizzes", "owner_id"), ("attempts", "attempts", "owner_id"),
        ("books", "books", "owner_id"), ("sentences", "sentences", "owner_id"), ("sessions", "reading_sessions", "owner_id"),
        ("questions", "questions", "(SELECT owner_id FROM quizzes q WHERE q.id = questions.quiz_id)"),
    ]

    /// `2026-11-30T03:28:55.851Z` from epoch milliseconds, written by hand: Foundation's
    /// formatters cost microseconds per call, which is most of an export of 100,000 rows.
    static func iso(_ millis: Int64) -> String {
        let ms = Int(((millis % 1000) + 1000) % 1000)
        let seconds = (millis - Int64(ms)) / 1000
        var days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let doe = days - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
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

/// Why a backup document cannot be restored: the JSON path of the first bad value and what is wrong.
public struct BackupProblem: Error, Sendable, Equatable {
    public var path: String
    public var message: String
    public init(path: String, message: String) { self.path = path; self.message = message }
}

/// Rows a restore writes (or would write), by table key.
public struct BackupCounts: Codable, Sendable, Equatable {
    public var tables: [String: Int]
    public var files: Int
    public init(tables: [String: Int] = [:], files: Int = 0) { self.tables = tables; self.files = files }
}

/// A validated document, ready to write.
public struct BackupContents: Sendable {
    public var userEmail: String
    public var userId: String
    public var language: String?
    public var timeZone: String?
    /// Rows as SQL values per table key, in `Backup.tables` order.
    var rows: [String: [[SQLValue]]]
    /// Note ids with a PDF and cover names, as the document names them (for the zip's files).
    public var noteFiles: [String] { (rows["notes"] ?? []).compactMap { if case .text(let id) = $0[0] { return id }; return nil } }
    public var coverFiles: [String] {
        let index = Backup.tables.first { $0.key == "books" }!.columns.firstIndex { $0.sql == "cover_file" }!
        return (rows["books"] ?? []).compactMap { if case .text(let name) = $0[index] { return name }; return nil }
    }
    public var counts: BackupCounts { BackupCounts(tables: rows.mapValues(\.count)) }
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

    /// Reads and checks a whole document before anything is written: its format and version,
    /// that it is this reader's, every value's type, and that every reference points at a row
    /// of the document. The first problem is thrown with its JSON path.
    public static func validateBackup(_ data: Data, for user: User) throws -> BackupContents {
        let parsed: JSONValue
        do { parsed = try FastJSON.parse(data) } catch let f as FastJSON.Failure {
            throw BackupProblem(path: "$", message: "is not valid JSON at byte \(f.offset): \(f.reason) (the file may be cut off or not a Notio backup)")
        }
        guard case .object(let doc) = parsed else { throw BackupProblem(path: "$", message: "must be an object") }
        guard case .string(Backup.format)? = doc["format"] else { throw BackupProblem(path: "$.format", message: "must be \"\(Backup.format)\"") }
        guard case .number(let v)? = doc["version"], let version = Int(exactly: v) else {
            throw BackupProblem(path: "$.version", message: "must be a whole number")
        }
        guard version <= Backup.version else {
            throw BackupProblem(path: "$.version", message: "is \(version), newer than this server understands (\(Backup.version)): update Notio first")
        }
        guard version >= 1 else { throw BackupProblem(path: "$.version", message: "must be 1 or more") }
        guard case .string(let exported)? = doc["exportedAt"], Backup.millis(exported) != nil else {
            throw BackupProblem(path: "$.exportedAt", message: "must be an ISO 8601 time")
        }
        guard case .object(let profile)? = doc["user"] else { throw BackupProblem(path: "$.user", message: "must be an object") }
        guard case .string(let email)? = profile["email"], case .string(let id)? = profile["id"] else {
            throw BackupProblem(path: "$.user.email", message: "is required")
        }
        // Another reader's document must not be poured into this account.
        guard id == user.id || email.lowercased() == user.email.lowercased() else {
            throw BackupProblem(path: "$.user", message: "belongs to another account (\(email)); sign in as that account to restore it")
        }
        var language: String?, zone: String?
        if case .string(let l)? = profile["language"] { language = l }
        if case .string(let z)? = profile["timeZone"] { zone = z }
        var contents = BackupContents(userEmail: email, userId: id, language: language, timeZone: zone, rows: [:])
        var ids: [String: Set<String>] = [:]
        for table in Backup.tables {
            let path = "$.\(table.key)"
            guard let raw = doc[table.key], raw != .null else { contents.rows[table.key] = []; continue }
            guard case .array(let items) = raw else { throw BackupProblem(path: path, message: "must be an array") }
            var rows: [[SQLValue]] = []
            rows.reserveCapacity(items.count)
            var seen = Set<String>()
            for (n, item) in items.enumerated() {
                guard case .object(let object) = item else { throw BackupProblem(path: "\(path)[\(n)]", message: "must be an object") }
                var row: [SQLValue] = []
                row.reserveCapacity(table.columns.count)
                for col in table.columns {
                    let value = object[col.json] ?? .null
                    func problem(_ message: String) -> BackupProblem { BackupProblem(path: "\(path)[\(n)].\(col.json)", message: message) }
                    let optional = [.optionalText, .optionalInt, .optionalTime, .optionalJSON].contains(col.kind)
                    if value == .null {
                        guard optional else { throw problem("is required") }
                        row.append(.null)
                        continue
                    }
                    switch (col.kind, value) {
                    case (.text, .string(let s)), (.optionalText, .string(let s)): row.append(.text(s))
                    case (.text, _): throw problem("must be a string")
                    case (.optionalText, _): throw problem("must be a string or null")
                    case (.int, .number(let d)), (.optionalInt, .number(let d)):
                        guard let i = Int64(exactly: d) else { throw problem("must be a whole number") }
                        row.append(.integer(i))
                    case (.int, _), (.optionalInt, _): throw problem("must be a whole number")
                    case (.real, .number(let d)): row.append(.real(d))
                    case (.real, _): throw problem("must be a number")
                    case (.bool, .bool(let b)): row.append(.integer(b ? 1 : 0))
                    case (.bool, _): throw problem("must be true or false")
                    case (.time, .string(let s)), (.optionalTime, .string(let s)):
                        guard let m = Backup.millis(s) else { throw problem("must be an ISO 8601 time") }
                        row.append(.integer(m))
                    case (.time, _), (.optionalTime, _): throw problem("must be an ISO 8601 time")
                    case (.json, _), (.optionalJSON, _): row.append(.text(value.text))
                    case (.blob, .string(let s)):
                        guard let d = Data(base64Encoded: s) else { throw problem("must be base64") }
                        row.append(.blob(d))
                    case (.blob, _): throw problem("must be base64")
                    }
                }
                if table.columns.first?.sql == "id", case .text(let rowId) = row[0] {
                    guard !rowId.isEmpty, rowId.count <= 100 else { throw BackupProblem(path: "\(path)[\(n)].id", message: "must be 1 to 100 characters") }
                    guard seen.insert(rowId).inserted else { throw BackupProblem(path: "\(path)[\(n)].id", message: "appears twice") }
                }
                rows.append(row)
            }
            contents.rows[table.key] = rows
            ids[table.key] = seen
        }
        try checkValues(contents)
        // Every reference points at a row of the same document.
        for (key, refs) in Backup.references {
            let table = Backup.tables.first { $0.key == key }!
            for (n, row) in (contents.rows[key] ?? []).enumerated() {
                for (column, parent) in refs {
                    let index = table.columns.firstIndex { $0.json == column }!
                    guard case .text(let target) = row[index] else { continue }
                    guard ids[parent]?.contains(target) == true else {
                        throw BackupProblem(path: "$.\(key)[\(n)].\(column)", message: "names \(parent) \"\(target)\", which is not in the document")
                    }
                }
            }
        }
        return contents
    }

    /// Values the schema limits: states, categories, statuses, emotions.
    static func checkValues(_ contents: BackupContents) throws {
        let allowed: [(String, String, Set<String>)] = [
            ("notes", "category", Set(NoteCategory.allCases.map(\.rawValue))),
            ("notes", "state", ["analysing", "ready", "failed"]),
            ("books", "status", Set(BookStatus.allCases.map(\.rawValue))),
            ("sentences", "emotion", Set(Emotion.allCases.map(\.rawValue))),
            ("quizzes", "difficulty", ["easy", "medium", "hard"]),
            ("questions", "kind", ["choice", "short"]),
        ]
        for (key, column, values) in allowed {
            let table = Backup.tables.first { $0.key == key }!
            let index = table.columns.firstIndex { $0.json == column }!
            for (n, row) in (contents.rows[key] ?? []).enumerated() {
                if case .text(let v) = row[index], !values.contains(v) {
                    throw BackupProblem(path: "$.\(key)[\(n)].\(column)", message: "must be one of \(values.sorted().joined(separator: ", "))")
                }
            }
        }
    }

    /// Writes a validated document in one transaction: `replace` first removes everything the
    /// reader has; `merge` keeps it and adds the rows whose ids are not there yet (so restoring
    /// the same document twice adds nothing). With `dryRun` the transaction is rolled back and
    /// only the counts are returned. Rows whose ids belong to another reader stop the restore.
    public func restoreBackup(_ contents: BackupContents, owner: User, replace: Bool, dryRun: Bool) throws -> BackupCounts {
        struct Rollback: Error { let counts: BackupCounts }
        do {
            return try database.write { c in
                for (key, sql, ownerExpr) in Backup.globalIds {
                    let table = Backup.tables.first { $0.key == key }!
                    guard table.columns.first?.sql == "id" else { continue }
                    for (n, row) in (contents.rows[key] ?? []).enumerated() {
                        guard case .text(let id) = row[0] else { continue }
                        if let other = try c.first("SELECT \(ownerExpr) FROM \(sql) WHERE id = ?", [id], { $0.optionalString(0) }) ?? nil, other != owner.id {
                            throw BackupProblem(path: "$.\(key)[\(n)].id", message: "belongs to another account's data")
                        }
                    }
                }
                if replace { try wipeReaderData(owner: owner.id, c) }
                var counts = BackupCounts()
                var newNotes: [(String, String)] = [], newSentences: [(String, String)] = []
                func text(_ table: String, _ row: [SQLValue], _ column: String) -> String {
                    let index = Backup.tables.first { $0.key == table }!.columns.firstIndex { $0.sql == column }!
                    if case .text(let t) = row[index] { return t }
                    return ""
                }
                for table in Backup.tables {
                    let columns = table.columns.map(\.sql) + (table.ownedDirectly ? ["owner_id"] : [])
                    let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ",")
                    // Said the same way on both engines: a row whose key is there is skipped (or,
                    // for the one timer a reader has, replaced).
                    let conflict = table.key == "timer" && replace
                        ? "ON CONFLICT (owner_id) DO UPDATE SET timer = excluded.timer, updated_at = excluded.updated_at"
                        : "ON CONFLICT DO NOTHING"
                    let sql = "INSERT INTO \(table.sql) (\(columns.joined(separator: ","))) VALUES (\(placeholders)) \(conflict)"
                    var written = 0
                    for row in contents.rows[table.key] ?? [] {
                        var values: [SQLBindable] = row.map { $0 as SQLBindable }
                        if table.ownedDirectly { values.append(owner.id) }
                        let n = try c.run(sql, values)
                        written += n
                        // Only rows that were really added get search entries.
                        if n > 0, case .text(let id) = row[0] {
                            if table.key == "notes" {
                                newNotes.append((id, text("notes", row, "search_text")))
                            } else if table.key == "sentences" {
                                newSentences.append((id, text("sentences", row, "text") + "\n" + text("sentences", row, "memo")))
                            }
                        }
                    }
                    counts.tables[table.key] = written
                }
                // Rows straight from memory: an FTS insert per row with its values is the fast way in.
                for (id, body) in newNotes { try c.run("INSERT INTO note_search (note_id, search_text) VALUES (?, ?)", [id, body]) }
                for (id, body) in newSentences { try c.run("INSERT INTO sentence_search (sentence_id, body) VALUES (?, ?)", [id, body]) }
                if replace, let language = contents.language, ["ko", "en"].contains(language) {
                    try c.run("UPDATE users SET language = ? WHERE id = ?", [language, owner.id])
                }
                if replace, let zone = contents.timeZone, TimeZone(identifier: zone) != nil {
                    try c.run("UPDATE users SET time_zone = ? WHERE id = ?", [zone, owner.id])
                }
                if dryRun { throw Rollback(counts: counts) }
                return counts
            }
        } catch let r as Rollback {
            return r.counts
        }
    }

    /// Everything a reader made, gone (the account and its sessions stay).
    func wipeReaderData(owner: String, _ c: Connection) throws {
        try c.run("DELETE FROM note_search WHERE note_id IN (SELECT id FROM notes WHERE owner_id = ?)", [owner])
        try c.run("DELETE FROM sentence_search WHERE sentence_id IN (SELECT id FROM sentences WHERE owner_id = ?)", [owner])
        try c.run("DELETE FROM jobs WHERE owner_id = ?", [owner])
        for table in ["review_cards", "wrong_answers", "attempts", "quizzes", "notes", "reading_sessions", "sentences", "books", "reading_timers"] {
            try c.run("DELETE FROM \(table) WHERE owner_id = ?", [owner])
        }
    }
}
