import Foundation
import NotioCodecs
import NotioCore

/// One table's rows in two databases, as `notio migrate-db` compares them.
public struct TableCheck: Sendable {
    public var table: String
    public var sourceRows: Int
    public var targetRows: Int
    public var sourceDigest: String
    public var targetDigest: String
    public var matches: Bool { sourceRows == targetRows && sourceDigest == targetDigest }
}

/// Copying everything from one store into another (SQLite → PostgreSQL, `notio migrate-db`).
extension Store {
    /// Every table with rows worth keeping, parents before children (the order of inserts).
    /// Login failures are left behind: they are the last 15 minutes' throttling, not data.
    static let copiedTables = ["users", "sessions", "notes", "note_pages", "concepts", "keywords", "jobs", "quizzes", "questions",
                               "attempts", "attempt_answers", "wrong_answers", "review_cards", "books", "sentences", "reading_sessions",
                               "reading_timers", "widget_tokens", "file_chunks", "note_search", "sentence_search", "review_log", "known_devices"]

    /// A column's name, how its values are read for comparing, and whether it is in the key.
    struct CopiedColumn {
        let name: String
        let kind: Character
        let key: Int

        /// This column's value in a row, read as its declared type on either engine.
        func value(in r: Row, at i: Int32) -> SQLValue {
            if r.isNull(i) { return .null }
            switch kind {
            case "i": return .integer(r.int64(i))
            case "r": return .real(r.double(i))
            case "b": return .blob(r.data(i))
            default: return .text(r.string(i))
            }
        }
    }

    /// The columns of a table, from the SQLite schema (the source of a move is SQLite).
    func copiedColumns(_ table: String) throws -> [CopiedColumn] {
        guard engine == .sqlite else { throw DatabaseError(message: "the source of a move must be SQLite") }
        return try database.read { c in
            try c.all("SELECT name, upper(type), pk FROM pragma_table_info(?) ORDER BY cid", [table]) { r in
                let type = r.string(1)
                let kind: Character = type.contains("INT") ? "i" : type.contains("REAL") ? "r" : type.contains("BLOB") ? "b" : "t"
                return CopiedColumn(name: r.string(0), kind: kind, key: r.int(2))
            }
        }
    }

    /// Whether a target has anything a move could overwrite.
    public func holdsData() throws -> Bool {
        try database.read { c in
            try c.first("SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM notes) + (SELECT count(*) FROM books) + (SELECT count(*) FROM file_chunks)",
                        [], { $0.int(0) }) ?? 0
        } > 0
    }

    /// Copies every row into `target` in one transaction: a failure leaves the target empty.
    /// Returns the rows copied per table.
    public func copyEverything(to target: Store, progress: (String, Int) -> Void = { _, _ in }) throws -> [String: Int] {
        let tables = try Self.copiedTables.map { ($0, try copiedColumns($0)) }
        return try target.database.write(serializable: false) { t in
            guard try t.first("SELECT count(*) FROM users", [], { $0.int(0) }) == 0 else {
                throw DatabaseError(message: "the target database is not empty")
            }
            var copied: [String: Int] = [:]
            for (table, columns) in tables {
                let names = columns.map(\.name).joined(separator: ", ")
                let insert = "INSERT INTO \(table) (\(names)) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
                var n = 0
                try database.read { s in
                    try s.query("SELECT \(names) FROM \(table)") { r in
                        try t.run(insert, columns.enumerated().map { $1.value(in: r, at: Int32($0)) })
                        n += 1
                    }
                }
                copied[table] = n
                progress(table, n)
            }
            // The per-day sums are derived, not copied: made again from the rows just written.
            try target.rebuildActivityDays(owner: nil, t)
            return copied
        }
    }

    /// Counts and a SHA-256 of every table's rows in a fixed order, read the same way from both
    /// stores, so that any value that changed on the way shows.
    /// `skipping` names tables the move added to afterwards (files copied into `file_chunks`,
    /// which are checked file by file).
    public func compareEverything(with target: Store, skipping: Set<String> = []) throws -> [TableCheck] {
        try Self.copiedTables.filter { !skipping.contains($0) }.map { table in
            let columns = try copiedColumns(table)
            let (n1, d1) = try digest(table, columns)
            let (n2, d2) = try target.digest(table, columns)
            return TableCheck(table: table, sourceRows: n1, targetRows: n2, sourceDigest: d1, targetDigest: d2)
        }
    }

    func digest(_ table: String, _ columns: [CopiedColumn]) throws -> (Int, String) {
        // Text in code point order on both engines, whatever the PostgreSQL database's collation.
        let keys = columns.filter { $0.key > 0 }.sorted { $0.key < $1.key }
        let order = (keys.isEmpty ? columns : keys).map { col in
            engine == .postgres && col.kind == "t" ? "\(col.name) COLLATE \"C\"" : col.name
        }.joined(separator: ", ")
        var chain = [UInt8](repeating: 0, count: 32)
        var block: [UInt8] = []
        var rows = 0
        func flush() {
            chain = SHA256.digest(chain + block)
            block.removeAll(keepingCapacity: true)
        }
        try database.snapshot { c in
            try c.query("SELECT \(columns.map(\.name).joined(separator: ", ")) FROM \(table) ORDER BY \(order)") { r in
                for (i, col) in columns.enumerated() {
                    switch col.value(in: r, at: Int32(i)) {
                    case .null: block.append(0)
                    case .integer(let n): block += Array("i\(n);".utf8)
                    case .real(let d): block += Array("r\(d.bitPattern);".utf8)
                    case .blob(let d): block += Array("b\(d.count):".utf8); block += d
                    case .text(let t): let s = Array(t.utf8); block += Array("t\(s.count):".utf8); block += s
                    }
                }
                rows += 1
                if block.count >= 1 << 20 { flush() }
            }
        }
        flush()
        return (rows, chain.map { String(format: "%02x", $0) }.joined())
    }
}
