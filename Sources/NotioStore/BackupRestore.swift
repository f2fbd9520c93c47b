import Foundation
import NotioCore

/// Why a backup document cannot be restored: the JSON path of the first bad value and what is wrong.
public struct BackupProblem: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        case notJSON(offset: Int, detail: String)
        case notObject, notArray, required, notString, notStringOrNull, notWholeNumber, notNumber, notBool, notTime, notBase64
        case wrongFormat, newerVersion(Int), versionTooLow
        case appearsTwice, badId, badCoverName
        case notOneOf([String])
        case notInDocument(table: String, id: String)
        case anotherAccountsDocument(email: String)
        case anotherAccountsRow
        /// A file in the zip whose bytes are not what its name says (a cover's hash).
        case fileDiffers
        case fileTooLarge
        case notPDF
    }

    public var path: String
    public var reason: Reason
    public init(path: String, _ reason: Reason) { self.path = path; self.reason = reason }

    /// What is wrong, in English (the command line, logs).
    public var message: String { message(language: "en") }

    /// What is wrong, in the reader's language (`ko` unless `en`).
    public func message(language: String) -> String {
        let (ko, en): (String, String)
        switch reason {
        case .notJSON(let offset, let detail):
            (ko, en) = ("\(offset)번째 바이트에서 JSON이 올바르지 않아요(파일이 잘렸거나 Notio 백업이 아닐 수 있어요)",
                        "is not valid JSON at byte \(offset): \(detail) (the file may be cut off or not a Notio backup)")
        case .notObject: (ko, en) = ("객체여야 해요", "must be an object")
        case .notArray: (ko, en) = ("배열이어야 해요", "must be an array")
        case .required: (ko, en) = ("값이 필요해요", "is required")
        case .notString: (ko, en) = ("문자열이어야 해요", "must be a string")
        case .notStringOrNull: (ko, en) = ("문자열이나 null이어야 해요", "must be a string or null")
        case .notWholeNumber: (ko, en) = ("정수여야 해요", "must be a whole number")
        case .notNumber: (ko, en) = ("숫자여야 해요", "must be a number")
        case .notBool: (ko, en) = ("true나 false여야 해요", "must be true or false")
        case .notTime: (ko, en) = ("ISO 8601 시각이어야 해요", "must be an ISO 8601 time")
        case .notBase64: (ko, en) = ("base64여야 해요", "must be base64")
        case .wrongFormat: (ko, en) = ("\"\(Backup.format)\"이어야 해요", "must be \"\(Backup.format)\"")
        case .newerVersion(let v):
            (ko, en) = ("\(v)이에요. 이 서버가 읽을 수 있는 것(\(Backup.version))보다 새로워요. Notio를 먼저 업데이트해 주세요",
                        "is \(v), newer than this server understands (\(Backup.version)): update Notio first")
        case .versionTooLow: (ko, en) = ("1 이상이어야 해요", "must be 1 or more")
        case .appearsTwice: (ko, en) = ("두 번 나와요", "appears twice")
        case .badId:
            (ko, en) = ("영문자, 숫자, '.', '_', '-'로 된 1~100자여야 하고 '.'으로 시작할 수 없어요",
                        "must be 1 to 100 letters, digits, '.', '_' or '-', not starting with '.'")
        case .badCoverName: (ko, en) = ("표지 파일 이름이 올바르지 않아요", "is not a cover file name (its SHA-256 and .jpg, .png, .gif or .webp)")
        case .notOneOf(let values):
            (ko, en) = ("\(values.joined(separator: ", ")) 중 하나여야 해요", "must be one of \(values.joined(separator: ", "))")
        case .notInDocument(let table, let id):
            (ko, en) = ("\(table) \"\(id)\"를 가리키는데 백업 안에 없어요", "names \(table) \"\(id)\", which is not in the document")
        case .anotherAccountsDocument(let email):
            (ko, en) = ("다른 계정(\(email))의 백업이에요. 그 계정으로 로그인해서 복원해 주세요",
                        "belongs to another account (\(email)); sign in as that account to restore it")
        case .anotherAccountsRow: (ko, en) = ("다른 계정의 데이터예요", "belongs to another account's data")
        case .fileDiffers: (ko, en) = ("파일 내용이 이름(해시)과 맞지 않아요", "does not hold the bytes its name (a hash) says")
        case .fileTooLarge: (ko, en) = ("파일이 너무 커요", "is too large")
        case .notPDF: (ko, en) = ("PDF 파일이 아니에요", "is not a PDF file")
        }
        return language == "en" ? en : ko
    }
}

/// Rows a restore writes (or would write), by table key.
public struct BackupCounts: Codable, Sendable, Equatable {
    public var tables: [String: Int]
    public var files: Int
    public init(tables: [String: Int] = [:], files: Int = 0) { self.tables = tables; self.files = files }
}

/// What the first reading of a document found: whose it is, how many rows, and each table's ids,
/// which is all a restore needs to keep in memory (the rows are read again, one at a time).
public struct BackupCheck: Sendable {
    public var version = 0
    public var userEmail = ""
    public var userId = ""
    public var language: String?
    public var timeZone: String?
    public var rows: [String: Int] = [:]
    /// Ids per table, by position (concepts: `noteId/id`, as the database keys them).
    /// Kept as digests of the ids' bytes: a document of millions of rows keeps 8 bytes per id, not
    /// the ids. The hasher is seeded at random per process, so no document can be made to collide.
    var idSets = [Set<Int>](repeating: [], count: Backup.tables.count)
    func ids(_ key: String) -> Set<Int> { idSets[Backup.position[key]!] }
    static func digest(_ id: String) -> Int {
        var h = Hasher(), id = id
        id.withUTF8 { h.combine(bytes: UnsafeRawBufferPointer($0)) }
        return h.finalize()
    }
    func contains(_ key: String, _ id: String) -> Bool { ids(key).contains(Self.digest(id)) }
    /// Cover file names the books name.
    public var coverFiles: Set<String> = []
    /// Table keys in the order the document gives them.
    var order: [String] = []
    /// Parents come before children (as in every document Notio writes): one reading inserts
    /// everything. Otherwise the rows are read table by table, in the order of insertion.
    var parentsFirst: Bool {
        let rank = Dictionary(uniqueKeysWithValues: Backup.tables.enumerated().map { ($1.key, $0) })
        return zip(order, order.dropFirst()).allSatisfy { rank[$0]! < rank[$1]! }
    }
    /// Note ids, for their PDFs.
    public var noteIds: Set<String> = []
}

extension Store {
    /// Reads a document (a file, streamed) and checks all of it before anything is written: its
    /// format and version, that it is this reader's, every value's type, every id and name
    /// against a strict pattern, and that every reference points at a row of the document. The
    /// first problem is thrown with its JSON path.
    public static func checkBackup(file path: String, for user: User) throws -> BackupCheck {
        var pass = BackupPass(user: user)
        try walkBackup(path, header: { key, reader in try pass.header(key, reader) }, ended: { try pass.tableEnded($0) }, checkingOnly: true,
                       row: { table, n, row in try pass.row(table, n, row) })
        return try pass.finish()
    }

    /// Writes a checked document in one transaction, reading it again row by row: `replace`
    /// first removes everything the reader has; `merge` keeps it and adds the rows whose ids are
    /// not there yet (so restoring the same document twice adds nothing). With `dryRun` the
    /// transaction is rolled back and only the counts are returned. A row whose id belongs to
    /// another reader stops the restore (and nothing is written). A book keeps its cover file
    /// only if the name is in `covers` (files the restore brings, or the reader already has).
    ///
    /// The reading library (books, sentences, sessions) is replaced in place: rows the document
    /// does not have are deleted, rows the same as stored are left alone, changed ones updated.
    /// The result is the same as emptying and filling, without rewriting the search index of
    /// every sentence, which is most of a large restore's time.
    public func restoreBackup(file path: String, check: BackupCheck, owner: User, replace: Bool, dryRun: Bool,
                              covers: Set<String>, limits: AccountLimits = .none) throws -> BackupCounts {
        struct Rollback: Error { let counts: BackupCounts }
        let coverIndex = Backup.tableByKey["books"]!.index["coverFile"]!
        do {
            return try database.write { c in
                // The reader's library rows as stored (digests by id), for the in-place replace.
                var stored = [[String: StoredRow]](repeating: [:], count: Backup.tables.count)
                if replace {
                    try wipeReaderData(owner: owner.id, c, keepingLibrary: true)
                    stored = try libraryRows(keeping: check, owner: owner.id, c)
                }
                var written = [Int](repeating: 0, count: Backup.tables.count)
                var statements: [String] = []
                for table in Backup.tables {
                    let columns = table.columns.map(\.sql) + (table.ownedDirectly ? ["owner_id"] : [])
                    let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ",")
                    // Said the same way on both engines: a row whose key is there is skipped (or,
                    // for the one timer a reader has, replaced).
                    let conflict = table.key == "timer" && replace
                        ? "ON CONFLICT (owner_id) DO UPDATE SET timer = excluded.timer, updated_at = excluded.updated_at"
                        : "ON CONFLICT DO NOTHING"
                    statements.append("INSERT INTO \(table.sql) (\(columns.joined(separator: ","))) VALUES (\(placeholders)) \(conflict)")
                }
                let inPlace: [InPlaceStatements?] = Backup.tables.map {
                    replace && Backup.replacedInPlace.contains($0.key) ? InPlaceStatements($0) : nil
                }
                // Sentences whose text changed in place: their search rows are written again at the end.
                var staleSearch: [String] = []
                let readings: [String?] = check.parentsFirst ? [nil] : Backup.tables.map(\.key).filter { check.rows[$0] != nil }
                for only in readings {
                    try Self.walkBackup(path, only: only) { table, n, row in
                        var row = row
                        if table.key == "books", case .text(let name) = row[coverIndex], !covers.contains(name) { row[coverIndex] = .null }
                        if let statements = inPlace[table.position], case .text(let id) = row[0], let known = stored[table.position][id] {
                            // The reader's row is there: left alone when equal, else updated.
                            written[table.position] += 1
                            let now = StoredRow(row, searched: statements.searched)
                            guard now.all != known.all else { return }
                            try c.run(statements.update, Array(row.dropFirst()) + [SQLValue.text(id), SQLValue.text(owner.id)])
                            if now.search != known.search { staleSearch.append(id) }
                            return
                        }
                        var values: [SQLBindable] = row.map { $0 as SQLBindable }
                        if table.ownedDirectly { values.append(owner.id) }
                        let added = try c.run(statements[table.position], values)
                        guard case .text(let id) = row[0], table.hasId else {
                            written[table.position] += added
                            return
                        }
                        if added == 0, let ownerColumn = Backup.ownerOfId[table.key],
                           let other = try c.first("SELECT \(ownerColumn) FROM \(table.sql) WHERE id = ?", [id], { $0.optionalString(0) }) ?? nil,
                           other != owner.id {
                            throw BackupProblem(path: "$.\(table.key)[\(n)].id", .anotherAccountsRow)
                        }
                        written[table.position] += added
                        // Only rows really added get search entries, written beside them (nothing is
                        // gathered in memory).
                        guard added > 0 else { return }
                        if table.key == "notes" {
                            try c.run("INSERT INTO note_search (note_id, search_text) VALUES (?, ?)", [id, Self.text(row, table, "searchText")])
                        } else if table.key == "sentences" {
                            try c.run("INSERT INTO sentence_search (sentence_id, body) VALUES (?, ?)",
                                      [id, Self.text(row, table, "text") + "\n" + Self.text(row, table, "memo")])
                        }
                    }
                }
                for chunk in Self.chunks(staleSearch) {
                    let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                    try c.run("DELETE FROM sentence_search WHERE sentence_id IN (\(marks))", chunk)
                    try c.run("INSERT INTO sentence_search (sentence_id, body) SELECT id, text || ? || COALESCE(memo, '') FROM sentences WHERE id IN (\(marks))",
                              ["\n"] + chunk)
                }
                if replace, let language = check.language, ["ko", "en"].contains(language) {
                    try c.run("UPDATE users SET language = ? WHERE id = ?", [language, owner.id])
                }
                if replace, let zone = check.timeZone, TimeZone(identifier: zone) != nil {
                    try c.run("UPDATE users SET time_zone = ? WHERE id = ?", [zone, owner.id])
                }
                // The per-day sums follow what the reader has now (and the zone the backup brought).
                try rebuildActivityDays(owner: owner.id, c)
                // The account's limits hold for what it has after the restore: past one, nothing is kept.
                try checkWithin(limits, owner: owner.id, c)
                let counts = BackupCounts(tables: Dictionary(uniqueKeysWithValues: Backup.tables.map { ($0.key, written[$0.position]) }))
                if dryRun { throw Rollback(counts: counts) }
                return counts
            }
        } catch let r as Rollback {
            return r.counts
        }
    }

    /// The update of the in-place replace, made once per table, and the columns whose change
    /// needs the search row written again.
    struct InPlaceStatements {
        let update: String
        let searched: [Int]

        init(_ table: Backup.Table) {
            let columns = table.columns.dropFirst().map(\.sql)
            searched = ["text", "memo"].compactMap { table.index[$0] }
            update = "UPDATE \(table.sql) SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ? AND owner_id = ?"
        }
    }

    /// A library row reduced to digests of its values (all but the id, and the searched ones), so
    /// that a stored row and the document's are compared without keeping either. The hasher's
    /// seed is the process's: digests are compared within one restore only.
    struct StoredRow {
        let all: Int
        let search: Int

        init(_ row: [SQLValue], searched: [Int]) {
            var all = Hasher(), search = Hasher()
            for value in row.dropFirst() { Self.combine(value, into: &all) }
            for i in searched { Self.combine(row[i], into: &search) }
            self.all = all.finalize()
            self.search = search.finalize()
        }

        private static func combine(_ value: SQLValue, into h: inout Hasher) {
            switch value {
            case .null: h.combine(0 as UInt8)
            case .integer(let v): h.combine(1 as UInt8); h.combine(v)
            case .real(let v): h.combine(2 as UInt8); h.combine(v)
            case .text(var v):
                // The bytes, not the String: a String's hash normalises Unicode, which costs more
                // than the rest of a restore, and stored text must match byte for byte anyway.
                h.combine(3 as UInt8)
                v.withUTF8 { h.combine(bytes: UnsafeRawBufferPointer($0)) }
                h.combine(0xFF as UInt8)
            case .blob(let v): h.combine(4 as UInt8); h.combine(v)
            }
        }
    }

    /// Reads the reader's books, sentences and sessions in one pass each: rows the document does
    /// not have are deleted (with their search rows), the others are returned as digests by id.
    private func libraryRows(keeping check: BackupCheck, owner: String, _ c: Connection) throws -> [[String: StoredRow]] {
        var stored = [[String: StoredRow]](repeating: [:], count: Backup.tables.count)
        for key in ["sessions", "sentences", "books"] {
            let table = Backup.tableByKey[key]!
            let keep = check.ids(key)
            let searched = ["text", "memo"].compactMap { table.index[$0] }
            var gone: [String] = []
            var rows: [String: StoredRow] = [:]
            rows.reserveCapacity(keep.count)
            try c.query("SELECT \(table.columns.map(\.sql).joined(separator: ", ")) FROM \(table.sql) WHERE owner_id = ?", [owner]) { r in
                let id = r.string(0)
                guard keep.contains(BackupCheck.digest(id)) else { gone.append(id); return }
                rows[id] = StoredRow(table.columns.enumerated().map { i, col in Self.value(r, Int32(i), col.kind) }, searched: searched)
            }
            for chunk in Self.chunks(gone) {
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                if key == "sentences" { try c.run("DELETE FROM sentence_search WHERE sentence_id IN (\(marks))", chunk) }
                try c.run("DELETE FROM \(table.sql) WHERE id IN (\(marks))", chunk)
            }
            stored[table.position] = rows
        }
        return stored
    }

    /// A stored value as the document's reading gives it.
    private static func value(_ r: Row, _ i: Int32, _ kind: Backup.Kind) -> SQLValue {
        if r.isNull(i) { return .null }
        switch kind {
        case .text, .optionalText, .json, .optionalJSON: return .text(r.string(i))
        case .int, .optionalInt, .bool, .time, .optionalTime: return .integer(r.int64(i))
        case .real: return .real(r.double(i))
        case .blob: return .blob(r.data(i))
        }
    }

    /// Ids in groups small enough for one statement's parameters on both engines; each group
    /// costs one pass over an unindexed search table.
    private static func chunks(_ ids: [String]) -> [[String]] {
        stride(from: 0, to: ids.count, by: 2000).map { Array(ids[$0..<min($0 + 2000, ids.count)]) }
    }

    /// Cover names some book of the reader's has now (their files are the reader's to keep).
    public func coverFiles(owner: String) throws -> Set<String> {
        try database.read { c in
            Set(try c.all("SELECT DISTINCT cover_file FROM books WHERE owner_id = ? AND cover_file IS NOT NULL", [owner]) { $0.string(0) })
        }
    }

    private static func text(_ row: [SQLValue], _ table: Backup.Table, _ column: String) -> String {
        if case .text(let t) = row[table.index[column]!] { return t }
        return ""
    }

    /// Reads a document once: the header's members go to `header` (the reader on the value), each
    /// row of each table, checked and as SQL values, to `row`. A JSON error is a problem at `$`.
    static func walkBackup(_ path: String, header: (String, JSONStream) throws -> Void, skipTable: (String) -> Bool = { _ in false },
                           ended: (String) throws -> Void = { _ in }, checkingOnly: Bool = false,
                           row: (Backup.Table, Int, [SQLValue]) throws -> Void) throws {
        let reader: JSONStream
        do { reader = try JSONStream(path: path) } catch let f as JSONStream.Failure {
            throw BackupProblem(path: "$", .notJSON(offset: 0, detail: f.reason))
        }
        do {
            guard try reader.next() == UInt8(ascii: "{") else { throw BackupProblem(path: "$", .notObject) }
            try reader.object { key in
                guard let table = Backup.tableByKey[key] else { return try header(key, reader) }
                if skipTable(key) { return try reader.skip() }
                if try reader.takeNull() { return try ended(key) }
                guard try reader.next() == UInt8(ascii: "[") else { throw BackupProblem(path: "$.\(key)", .notArray) }
                // One row's arrays, kept from row to row (no allocation per row).
                var raw: [JSONValue] = [], values: [SQLValue] = []
                try reader.array { n in
                    try readRow(reader, table, n, checkingOnly: checkingOnly, raw: &raw, into: &values)
                    try row(table, n, values)
                }
                try ended(key)
            }
            try reader.finish()
        } catch let f as JSONStream.Failure {
            throw BackupProblem(path: "$", .notJSON(offset: f.offset, detail: f.reason))
        }
    }

    /// `walkBackup` for writing: the header is skipped, and with `only` every other table too.
    static func walkBackup(_ path: String, only: String?, row: (Backup.Table, Int, [SQLValue]) throws -> Void) throws {
        try walkBackup(path, header: { _, reader in try reader.skip() }, skipTable: { only != nil && $0 != only }, row: row)
    }


    /// One row of a table, its values checked by kind and rule, in column order. With
    /// `checkingOnly`, free text (no rule) is checked and left out (an empty string): the first
    /// reading needs only ids, references and names.
    static func readRow(_ reader: JSONStream, _ table: Backup.Table, _ n: Int, checkingOnly: Bool,
                        raw: inout [JSONValue], into row: inout [SQLValue]) throws {
        guard try reader.next() == UInt8(ascii: "{") else { throw BackupProblem(path: "$.\(table.key)[\(n)]", .notObject) }
        raw.removeAll(keepingCapacity: true)
        for _ in table.columns { raw.append(.null) }
        try reader.object(keys: table.keys) { i in
            if checkingOnly, table.isFreeText[i], try reader.checkString() {
                raw[i] = .string("")
            } else {
                raw[i] = try reader.value()
            }
        }
        row.removeAll(keepingCapacity: true)
        for (i, col) in table.columns.enumerated() {
            let value = raw[i]
            func problem(_ reason: BackupProblem.Reason) -> BackupProblem { BackupProblem(path: "$.\(table.key)[\(n)].\(col.json)", reason) }
            if value == .null {
                guard col.isOptional else { throw problem(.required) }
                row.append(.null)
                continue
            }
            switch (col.kind, value) {
            case (.text, .string(let s)), (.optionalText, .string(let s)):
                switch table.rules[i] {
                case .none: break
                case .id: guard Backup.isSafeId(s) else { throw problem(.badId) }
                case .coverName: guard Backup.isCoverName(s) else { throw problem(.badCoverName) }
                case .oneOf(let values): guard values.contains(s) else { throw problem(.notOneOf(values.sorted())) }
                }
                row.append(.text(s))
            case (.text, _): throw problem(.notString)
            case (.optionalText, _): throw problem(.notStringOrNull)
            case (.int, .number(let d)), (.optionalInt, .number(let d)):
                guard let v = Int64(exactly: d) else { throw problem(.notWholeNumber) }
                row.append(.integer(v))
            case (.int, _), (.optionalInt, _): throw problem(.notWholeNumber)
            case (.real, .number(let d)): row.append(.real(d))
            case (.real, _): throw problem(.notNumber)
            case (.bool, .bool(let b)): row.append(.integer(b ? 1 : 0))
            case (.bool, _): throw problem(.notBool)
            case (.time, .string(let s)), (.optionalTime, .string(let s)):
                guard let m = Backup.millis(s) else { throw problem(.notTime) }
                row.append(.integer(m))
            case (.time, _), (.optionalTime, _): throw problem(.notTime)
            case (.json, _), (.optionalJSON, _): row.append(.text(value.text))
            case (.blob, .string(let s)):
                guard let d = Data(base64Encoded: s) else { throw problem(.notBase64) }
                row.append(.blob(d))
            case (.blob, _): throw problem(.notBase64)
            }
        }
    }
}

/// The first reading's state: the header, the id sets, and the checks that need them.
struct BackupPass {
    let user: User
    var check = BackupCheck()
    var seenHeader: Set<String> = []
    /// Tables read to their end (their ids are complete).
    var complete: Set<String> = []
    /// References to a table not read to its end yet (a retry's original question, a review
    /// card's sentence, any reference in a document ordered otherwise), checked at the end.
    var pending: [(path: String, parent: String, id: String)] = []

    /// Rows per table, by position.
    var rowCounts = [Int](repeating: 0, count: Backup.tables.count)
    static let references: [[(column: String, parent: String)]] = Backup.tables.map { Backup.references[$0.key] ?? [] }

    init(user: User) { self.user = user }

    mutating func header(_ key: String, _ reader: JSONStream) throws {
        guard ["format", "version", "exportedAt", "user"].contains(key) else { return try reader.skip() }
        guard seenHeader.insert(key).inserted else { throw BackupProblem(path: "$.\(key)", .appearsTwice) }
        let value = try reader.value()
        switch key {
        case "format":
            guard value == .string(Backup.format) else { throw BackupProblem(path: "$.format", .wrongFormat) }
        case "version":
            guard case .number(let v) = value, let version = Int(exactly: v) else { throw BackupProblem(path: "$.version", .notWholeNumber) }
            guard version <= Backup.version else { throw BackupProblem(path: "$.version", .newerVersion(version)) }
            guard version >= 1 else { throw BackupProblem(path: "$.version", .versionTooLow) }
            check.version = version
        case "exportedAt":
            guard case .string(let s) = value, Backup.millis(s) != nil else { throw BackupProblem(path: "$.exportedAt", .notTime) }
        default:
            guard case .object(let profile) = value else { throw BackupProblem(path: "$.user", .notObject) }
            guard case .string(let email)? = profile["email"], case .string(let id)? = profile["id"] else {
                throw BackupProblem(path: "$.user.email", .required)
            }
            // Another reader's document must not be poured into this account.
            guard id == user.id || email.lowercased() == user.email.lowercased() else {
                throw BackupProblem(path: "$.user", .anotherAccountsDocument(email: email))
            }
            check.userEmail = email
            check.userId = id
            if case .string(let l)? = profile["language"] { check.language = l }
            if case .string(let z)? = profile["timeZone"] { check.timeZone = z }
        }
    }

    /// A table's array has ended: its ids are complete.
    mutating func tableEnded(_ key: String) throws {
        guard complete.insert(key).inserted else { throw BackupProblem(path: "$.\(key)", .appearsTwice) }
    }

    mutating func row(_ table: Backup.Table, _ n: Int, _ row: [SQLValue]) throws {
        if n == 0 {
            // A table given twice would be read as one with duplicates or missing checks.
            guard !complete.contains(table.key) else { throw BackupProblem(path: "$.\(table.key)", .appearsTwice) }
            check.order.append(table.key)
        }
        rowCounts[table.position] += 1
        func text(_ column: String) -> String? {
            if case .text(let t) = row[table.index[column]!] { return t }
            return nil
        }
        if table.hasId, let id = text("id") {
            // Concepts are numbered within their note; every other id is the row's own.
            let key = table.key == "concepts" ? (text("noteId") ?? "") + "/" + id : id
            guard check.idSets[table.position].insert(BackupCheck.digest(key)).inserted else {
                throw BackupProblem(path: "$.\(table.key)[\(n)].id", .appearsTwice)
            }
            if table.key == "notes" { check.noteIds.insert(id) }
        }
        if table.key == "books", let cover = text("coverFile") { check.coverFiles.insert(cover) }
        var refs = Self.references[table.position]
        if table.key == "reviewCards", let kind = text("itemKind"), let parent = Backup.reviewItems[kind] { refs.append(("itemId", parent)) }
        for (column, parent) in refs {
            guard let target = text(column) else { continue }
            if complete.contains(parent) {
                guard check.contains(parent, target) else {
                    throw BackupProblem(path: "$.\(table.key)[\(n)].\(column)", .notInDocument(table: parent, id: target))
                }
            } else {
                pending.append(("$.\(table.key)[\(n)].\(column)", parent, target))
            }
        }
    }

    mutating func finish() throws -> BackupCheck {
        check.rows = Dictionary(uniqueKeysWithValues: Backup.tables.filter { rowCounts[$0.position] > 0 }.map { ($0.key, rowCounts[$0.position]) })
        for (path, parent, id) in pending where !check.contains(parent, id) {
            throw BackupProblem(path: path, .notInDocument(table: parent, id: id))
        }
        guard seenHeader.contains("format") else { throw BackupProblem(path: "$.format", .wrongFormat) }
        guard seenHeader.contains("version") else { throw BackupProblem(path: "$.version", .notWholeNumber) }
        guard seenHeader.contains("exportedAt") else { throw BackupProblem(path: "$.exportedAt", .notTime) }
        guard seenHeader.contains("user") else { throw BackupProblem(path: "$.user", .notObject) }
        return check
    }
}
