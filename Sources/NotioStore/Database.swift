import CPostgres
import CSQLite
import Foundation

/// Which database engine a `Database` speaks to. SQLite is the default (one machine, one file);
/// PostgreSQL serves several app nodes at once.
public enum Engine: String, Sendable {
    case sqlite, postgres
}

/// A database failure; `message` is for the log, never for the client.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    /// SQLite's extended result code (0 for PostgreSQL).
    public var code: Int32
    /// PostgreSQL's SQLSTATE ("" for SQLite).
    public var state: String
    public var message: String

    public init(code: Int32 = 0, state: String = "", message: String) {
        self.code = code; self.state = state; self.message = message
    }

    public var description: String { state.isEmpty ? "database error \(code): \(message)" : "database error \(state): \(message)" }
    /// A UNIQUE, PRIMARY KEY or other constraint failed (e.g. an email that is taken).
    public var isConstraint: Bool { state.isEmpty ? code & 0xff == SQLITE_CONSTRAINT : state.hasPrefix("23") }
    /// PostgreSQL gave up a serializable transaction because of a concurrent one: running it
    /// again is the documented answer.
    var isRetryable: Bool { state == "40001" || state == "40P01" }
}

/// A value bound to or read from a statement.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

public protocol SQLBindable { var sqlValue: SQLValue { get } }
extension Int: SQLBindable { public var sqlValue: SQLValue { .integer(Int64(self)) } }
extension Int64: SQLBindable { public var sqlValue: SQLValue { .integer(self) } }
extension Double: SQLBindable { public var sqlValue: SQLValue { .real(self) } }
extension String: SQLBindable { public var sqlValue: SQLValue { .text(self) } }
extension Bool: SQLBindable { public var sqlValue: SQLValue { .integer(self ? 1 : 0) } }
extension Data: SQLBindable { public var sqlValue: SQLValue { .blob(self) } }
extension SQLValue: SQLBindable { public var sqlValue: SQLValue { self } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

/// One row of a result, read by column index. PostgreSQL rows arrive as text and are parsed on
/// read, so both engines give the same Swift values.
public struct Row {
    /// An `sqlite3_stmt` or a `PGresult`.
    fileprivate let source: OpaquePointer
    /// The PostgreSQL row number; -1 for SQLite.
    fileprivate let row: Int32

    public func int(_ i: Int32) -> Int { Int(int64(i)) }
    public func int64(_ i: Int32) -> Int64 {
        if row < 0 { return sqlite3_column_int64(source, i) }
        guard let p = PQgetvalue(source, row, i) else { return 0 }
        // A comparison's result is a boolean there ("t"/"f"); SQLite gives 1/0.
        if p.pointee == 116 { return 1 }
        return strtoll(p, nil, 10)
    }
    public func double(_ i: Int32) -> Double {
        if row < 0 { return sqlite3_column_double(source, i) }
        guard let p = PQgetvalue(source, row, i) else { return 0 }
        return strtod(p, nil)
    }
    public func bool(_ i: Int32) -> Bool { int64(i) != 0 }
    public func isNull(_ i: Int32) -> Bool {
        row < 0 ? sqlite3_column_type(source, i) == SQLITE_NULL : PQgetisnull(source, row, i) == 1
    }
    public func string(_ i: Int32) -> String {
        // With the length each engine already knows: no strlen before the UTF-8 check.
        if row < 0 {
            guard let p = sqlite3_column_text(source, i) else { return "" }
            return String(decoding: UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(source, i))), as: UTF8.self)
        }
        guard let p = PQgetvalue(source, row, i) else { return "" }
        return p.withMemoryRebound(to: UInt8.self, capacity: 1) {
            String(decoding: UnsafeBufferPointer(start: $0, count: Int(PQgetlength(source, row, i))), as: UTF8.self)
        }
    }
    public func optionalString(_ i: Int32) -> String? { isNull(i) ? nil : string(i) }
    public func optionalInt(_ i: Int32) -> Int? { isNull(i) ? nil : int(i) }
    public func data(_ i: Int32) -> Data {
        if row < 0 {
            let n = Int(sqlite3_column_bytes(source, i))
            guard n > 0, let p = sqlite3_column_blob(source, i) else { return Data() }
            return Data(bytes: p, count: n)
        }
        // bytea in text form: "\x" and two hex digits a byte.
        guard let p = PQgetvalue(source, row, i) else { return Data() }
        let length = Int(PQgetlength(source, row, i))
        guard length >= 2, p[0] == 92, p[1] == 120 else { return Data() }
        func nibble(_ c: CChar) -> UInt8 {
            let v = UInt8(bitPattern: c)
            return v <= 57 ? v &- 48 : (v | 0x20) &- 87
        }
        var out = Data(count: (length - 2) / 2)
        out.withUnsafeMutableBytes { buffer in
            for k in 0..<buffer.count { buffer[k] = nibble(p[2 + 2 * k]) << 4 | nibble(p[3 + 2 * k]) }
        }
        return out
    }
}

/// One connection with its prepared statements. Not thread-safe by itself: `Database` hands it
/// to one caller at a time. The store's SQL is written once, with `?` parameters, in the part of
/// SQL both engines share; the few differences are branches on `engine` where they occur.
public final class Connection {
    public let engine: Engine
    /// An `sqlite3*` or a `PGconn*`.
    let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]
    private var pgStatements: [String: String] = [:]
    private var changes = 0
    /// PostgreSQL hands rows over one by one (a snapshot read of a whole library).
    var streamsRows = false

    /// Once per process, before the first open (`notio_sqlite_stop_counting_memory`).
    private static let sqliteConfigured: Void = { _ = notio_sqlite_stop_counting_memory() }()

    init(sqlitePath path: String, busyTimeoutMs: Int32) throws {
        engine = .sqlite
        Self.sqliteConfigured
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let msg = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close_v2(db) }
            throw DatabaseError(code: rc, message: "\(msg) (\(path))")
        }
        handle = db
        sqlite3_busy_timeout(db, busyTimeoutMs)
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA foreign_keys = ON")
        try execute("PRAGMA synchronous = NORMAL")
    }

    init(postgres url: String) throws {
        engine = .postgres
        guard let conn = PQconnectdb(url) else { throw DatabaseError(state: "08000", message: "out of memory") }
        guard PQstatus(conn) == CONNECTION_OK else {
            let msg = String(cString: PQerrorMessage(conn)).trimmingCharacters(in: .whitespacesAndNewlines)
            PQfinish(conn)
            throw DatabaseError(state: "08001", message: "cannot connect to PostgreSQL at \(Database.redacted(url)): \(msg)")
        }
        handle = conn
        // Notices ("relation already exists, skipping") are not errors and not for stderr.
        PQsetNoticeProcessor(conn, { _, _ in }, nil)
        try execute("SET client_encoding = 'UTF8'; SET TIME ZONE 'UTC'")
    }

    deinit {
        switch engine {
        case .sqlite:
            for s in statements.values { sqlite3_finalize(s) }
            sqlite3_close_v2(handle)
        case .postgres:
            PQfinish(handle)
        }
    }

    /// A PostgreSQL connection that lost its server; the pool drops it.
    var isBroken: Bool { engine == .postgres && PQstatus(handle) != CONNECTION_OK }

    private func sqliteError() -> DatabaseError {
        DatabaseError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }

    private func pgError(_ result: OpaquePointer?) -> DatabaseError {
        // 67 is 'C', PG_DIAG_SQLSTATE (a character macro Swift does not import).
        let state = result.flatMap { PQresultErrorField($0, 67) }.map { String(cString: $0) } ?? (isBroken ? "08006" : "XX000")
        let message = result.flatMap { PQresultErrorMessage($0) }.map { String(cString: $0) } ?? String(cString: PQerrorMessage(handle))
        return DatabaseError(state: state, message: message.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs one or more statements without parameters (schema, settings).
    public func execute(_ sql: String) throws {
        switch engine {
        case .sqlite:
            var err: UnsafeMutablePointer<CChar>?
            let rc = sqlite3_exec(handle, sql, nil, nil, &err)
            if rc != SQLITE_OK {
                let msg = err.map { String(cString: $0) } ?? "error"
                sqlite3_free(err)
                throw DatabaseError(code: rc, message: msg)
            }
        case .postgres:
            let result = PQexec(handle, sql)
            defer { PQclear(result) }
            let status = PQresultStatus(result)
            guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else { throw pgError(result) }
        }
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let s = statements[sql] { return s }
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw sqliteError() }
        statements[sql] = stmt
        return stmt
    }

    private func bind(_ stmt: OpaquePointer, _ values: [SQLBindable]) throws {
        for (i, v) in values.enumerated() {
            let idx = Int32(i + 1)
            let rc: Int32
            switch v.sqlValue {
            case .null: rc = sqlite3_bind_null(stmt, idx)
            case .integer(let n): rc = sqlite3_bind_int64(stmt, idx, n)
            case .real(let d): rc = sqlite3_bind_double(stmt, idx, d)
            case .text(let s): rc = sqlite3_bind_text(stmt, idx, s, -1, notio_sqlite_transient())
            case .blob(let d):
                rc = d.withUnsafeBytes { sqlite3_bind_blob(stmt, idx, $0.baseAddress, Int32($0.count), notio_sqlite_transient()) }
            }
            guard rc == SQLITE_OK else { throw sqliteError() }
        }
    }

    /// Runs a statement and calls `each` for every row.
    public func query(_ sql: String, _ values: [SQLBindable] = [], file: StaticString = #fileID, line: UInt = #line,
                      _ each: (Row) throws -> Void) throws {
        if SQLTrace.isOn { SQLTrace.note(engine, file: file, line: line, sql) }
        if engine == .postgres { return try pgQuery(sql, values, each) }
        let stmt = try prepared(sql)
        defer { sqlite3_reset(stmt); sqlite3_clear_bindings(stmt) }
        try bind(stmt, values)
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_ROW { try each(Row(source: stmt, row: -1)); continue }
            if rc == SQLITE_DONE { changes = Int(sqlite3_changes(handle)); return }
            throw sqliteError()
        }
    }

    /// Rows mapped to values.
    public func all<T>(_ sql: String, _ values: [SQLBindable] = [], file: StaticString = #fileID, line: UInt = #line,
                       _ map: (Row) throws -> T) throws -> [T] {
        var out: [T] = []
        try query(sql, values, file: file, line: line) { out.append(try map($0)) }
        return out
    }

    /// The first row mapped, or nil.
    public func first<T>(_ sql: String, _ values: [SQLBindable] = [], file: StaticString = #fileID, line: UInt = #line,
                         _ map: (Row) throws -> T) throws -> T? {
        if SQLTrace.isOn { SQLTrace.note(engine, file: file, line: line, sql) }
        if engine == .postgres {
            var out: T?
            try pgQuery(sql, values) { r in if out == nil { out = try map(r) } }
            return out
        }
        let stmt = try prepared(sql)
        defer { sqlite3_reset(stmt); sqlite3_clear_bindings(stmt) }
        try bind(stmt, values)
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_ROW { return try map(Row(source: stmt, row: -1)) }
        if rc == SQLITE_DONE { return nil }
        throw sqliteError()
    }

    /// Runs a statement that returns no rows; returns the number of rows changed.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLBindable] = [], file: StaticString = #fileID, line: UInt = #line) throws -> Int {
        try query(sql, values, file: file, line: line) { _ in }
        return changes
    }

    // MARK: PostgreSQL

    /// The statement's name on this connection, prepared on first use. Parameter types come
    /// from the first call's Swift values (NULL leaves the type to the server), so `? IS NULL`
    /// and `SELECT ?` need no casts in the SQL.
    private func pgPrepared(_ sql: String, _ values: [SQLValue]) throws -> String {
        if let name = pgStatements[sql] { return name }
        let name = "s\(pgStatements.count + 1)"
        let text = Connection.postgresText(sql)
        let types: [Oid] = values.map {
            switch $0 {
            case .null: 0
            case .integer: 20   // int8
            case .real: 701     // float8
            case .text: 25      // text
            case .blob: 17      // bytea
            }
        }
        let result = types.withUnsafeBufferPointer { PQprepare(handle, name, text, Int32(values.count), $0.baseAddress) }
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else {
            var e = pgError(result)
            e.message += " — in: \(text)"
            throw e
        }
        pgStatements[sql] = name
        return name
    }

    private func pgQuery(_ sql: String, _ bindables: [SQLBindable], _ each: (Row) throws -> Void) throws {
        let values = bindables.map(\.sqlValue)
        let name = try pgPrepared(sql, values)
        // Text for everything but bytea, which goes as raw bytes (format 1).
        var buffers: [UnsafeMutablePointer<CChar>?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        buffers.reserveCapacity(values.count)
        defer { for b in buffers { free(b) } }
        for v in values {
            switch v {
            case .null: buffers.append(nil); lengths.append(0); formats.append(0)
            case .integer(let n): buffers.append(strdup(String(n))); lengths.append(0); formats.append(0)
            case .real(let d): buffers.append(strdup(d.isFinite ? "\(d)" : (d.isNaN ? "NaN" : (d > 0 ? "Infinity" : "-Infinity")))); lengths.append(0); formats.append(0)
            case .text(let s):
                // PostgreSQL text cannot hold NUL; SQLite can. Such a character is never typed on purpose.
                let clean = s.utf8.contains(0) ? s.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : s
                buffers.append(strdup(clean)); lengths.append(0); formats.append(0)
            case .blob(let d):
                let p = malloc(max(d.count, 1))!.assumingMemoryBound(to: CChar.self)
                d.withUnsafeBytes { if let base = $0.baseAddress { memcpy(p, base, d.count) } }
                buffers.append(p); lengths.append(Int32(d.count)); formats.append(1)
            }
        }
        // libpq reads the parameters as `const char * const *`.
        func withParameters<R>(_ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
            if buffers.isEmpty { return body(nil) }
            return buffers.withUnsafeBufferPointer { b in
                b.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: b.count) { body($0) }
            }
        }
        if streamsRows {
            // One row at a time off the socket: a large export never holds its whole result.
            guard withParameters({ PQsendQueryPrepared(handle, name, Int32(values.count), $0, lengths, formats, 0) }) == 1 else { throw pgError(nil) }
            PQsetSingleRowMode(handle)
            var failure: Error?
            // Every result is read, even after a failure, so the connection is ready for the next statement.
            while let result = PQgetResult(handle) {
                defer { PQclear(result) }
                let status = PQresultStatus(result)
                if status == PGRES_SINGLE_TUPLE {
                    if failure == nil { do { try each(Row(source: result, row: 0)) } catch { failure = error } }
                } else if status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK {
                    changes = Int(strtol(PQcmdTuples(result), nil, 10))
                } else if failure == nil {
                    failure = pgError(result)
                }
            }
            if let failure { throw failure }
            return
        }
        let result: OpaquePointer? = withParameters { PQexecPrepared(handle, name, Int32(values.count), $0, lengths, formats, 0) }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK, let result else { throw pgError(result) }
        let count = PQntuples(result)
        var r: Int32 = 0
        while r < count {
            try each(Row(source: result, row: r))
            r += 1
        }
        changes = Int(strtol(PQcmdTuples(result), nil, 10))
    }

    /// The store's SQL in PostgreSQL's words: `?` and `?N` become `$N` (outside quotes), and
    /// SQLite's names for a few functions and types become PostgreSQL's.
    static func postgresText(_ sql: String) -> String {
        var out = ""
        out.reserveCapacity(sql.utf8.count + 16)
        var next = 0
        var quote: Character?
        var chars = sql[...]
        while let ch = chars.popFirst() {
            if let q = quote {
                out.append(ch)
                if ch == q { quote = nil }
                continue
            }
            if ch == "'" || ch == "\"" { quote = ch; out.append(ch); continue }
            if ch == "?" {
                var digits = ""
                while let d = chars.first, d.isASCII, d.isNumber { digits.append(d); chars.removeFirst() }
                if digits.isEmpty { next += 1; out += "$\(next)" } else { out += "$" + digits }
                continue
            }
            out.append(ch)
        }
        return out
            .replacingOccurrences(of: "group_concat(", with: "string_agg(")
            .replacingOccurrences(of: "char(31)", with: "chr(31)")
            .replacingOccurrences(of: "instr(", with: "strpos(")
            .replacingOccurrences(of: " AS REAL)", with: " AS DOUBLE PRECISION)")
    }
}

/// A small pool of connections to one database. On SQLite, WAL lets readers run beside the one
/// writer; writes take `BEGIN IMMEDIATE` so that two writers queue on the busy timeout instead of
/// failing half-way through a read-then-write transaction. On PostgreSQL, writes are
/// SERIALIZABLE transactions, run again when the server reports a conflict with another node:
/// the same all-or-nothing, one-at-a-time meaning the SQLite store has.
public final class Database: @unchecked Sendable {
    public let engine: Engine
    /// The file (SQLite) or the URL without its password (PostgreSQL), for messages.
    public let location: String
    private var postgresURL: String?
    private let open: () throws -> Connection
    private var idle: [Connection] = []
    private let lock = NSCondition()
    private var created = 0
    private let maxConnections: Int

    public init(path: String, maxConnections: Int = 8, busyTimeoutMs: Int32 = 5000) throws {
        engine = .sqlite
        location = path
        self.maxConnections = maxConnections
        open = { try Connection(sqlitePath: path, busyTimeoutMs: busyTimeoutMs) }
        idle.append(try open())
        created = 1
    }

    public init(postgres url: String, maxConnections: Int = 8) throws {
        engine = .postgres
        postgresURL = url
        location = Database.redacted(url)
        self.maxConnections = max(1, maxConnections)
        open = { try Connection(postgres: url) }
        idle.append(try open())
        created = 1
    }

    /// Runs `body` while no other node runs a body under the same key (PostgreSQL advisory lock
    /// on a connection of its own, so `body` can use the whole pool). SQLite has one node.
    public func exclusively<T>(_ key: Int64, _ body: () throws -> T) throws -> T {
        guard engine == .postgres else { return try body() }
        let c = try open()
        try c.execute("SELECT pg_advisory_lock(\(key))")
        defer { try? c.execute("SELECT pg_advisory_unlock(\(key))") }
        return try body()
    }

    /// A listener on `channel` (PostgreSQL), or nil on SQLite, where one node is all there is.
    public func listener(channel: String) -> Listener? {
        postgresURL.map { Listener(url: $0, channel: channel) }
    }

    /// A connection URL as it may be printed: without its password.
    public static func redacted(_ url: String) -> String {
        guard var parts = URLComponents(string: url), parts.password != nil else { return url }
        parts.password = "***"
        return parts.string ?? url
    }

    private func checkout() throws -> Connection {
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let c = idle.popLast() { return c }
            if created < maxConnections {
                created += 1
                do { return try open() } catch { created -= 1; throw error }
            }
            lock.wait()
        }
    }

    private func checkin(_ c: Connection) {
        lock.lock()
        // A connection whose server went away is dropped; the next checkout opens a new one.
        if c.isBroken { created -= 1 } else { idle.append(c) }
        lock.signal()
        lock.unlock()
    }

    /// Reads (or single-statement writes) on a pooled connection.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        var reconnected = false
        while true {
            let c = try checkout()
            defer { checkin(c) }
            do {
                return try body(c)
            } catch where c.isBroken && !reconnected {
                // The server went away (a restart, a failover) after this connection was opened:
                // the other idle ones are as dead; a read is safe to run again on a new one.
                dropIdleConnections()
                reconnected = true
            }
        }
    }

    private func dropIdleConnections() {
        lock.lock()
        created -= idle.count
        idle.removeAll()
        lock.unlock()
    }

    /// A read of several statements that sees one moment of the database (a backup document).
    public func snapshot<T>(_ body: (Connection) throws -> T) throws -> T {
        let c = try checkout()
        defer { checkin(c) }
        try c.execute(engine == .postgres ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN")
        c.streamsRows = true
        defer { c.streamsRows = false; try? c.execute("ROLLBACK") }
        return try body(c)
    }

    /// A write transaction: all of `body` or nothing. `serializable: false` is for statements
    /// that lock the rows they change themselves (the job queue's `FOR UPDATE SKIP LOCKED`).
    @discardableResult
    public func write<T>(serializable: Bool = true, _ body: (Connection) throws -> T) throws -> T {
        var attempt = 0
        var reconnected = false
        while true {
            let c = try checkout()
            defer { checkin(c) }
            var committing = false
            do {
                try c.execute(engine == .sqlite ? "BEGIN IMMEDIATE" : serializable ? "BEGIN ISOLATION LEVEL SERIALIZABLE" : "BEGIN")
                let result = try body(c)
                committing = true
                try c.execute("COMMIT")
                return result
            } catch where c.isBroken && !committing && !reconnected {
                // The connection died before COMMIT was sent: the server rolled the transaction
                // back, so it runs again on a new connection. (A COMMIT whose answer was lost may
                // or may not have happened; that one is reported, not repeated.)
                dropIdleConnections()
                reconnected = true
            } catch let e as DatabaseError where e.isRetryable && attempt < 20 {
                try? c.execute("ROLLBACK")
                attempt += 1
                // A short random wait, growing, so the two transactions stop meeting.
                usleep(UInt32.random(in: 1_000...(2_000 * UInt32(min(attempt, 10)))))
            } catch {
                try? c.execute("ROLLBACK")
                throw error
            }
        }
    }
}

/// A PostgreSQL connection of its own that LISTENs on a channel, so that a node hears at once
/// what another node did (a job stored, a page read, a cancel) instead of at its next look.
/// Used from one thread at a time.
public final class Listener: @unchecked Sendable {
    private let url: String
    private let channel: String
    private var connection: Connection?

    init(url: String, channel: String) {
        self.url = url
        self.channel = channel
    }

    /// Waits up to `timeout` seconds; returns the payloads heard (none after a timeout). A lost
    /// connection is opened again at the next call, so a database restart costs one wait.
    public func wait(timeout: TimeInterval) -> [String] {
        do {
            if connection == nil || connection!.isBroken {
                connection = nil
                let c = try Connection(postgres: url)
                try c.execute("LISTEN \(channel)")
                connection = c
            }
            let c = connection!
            var heard = drain(c)
            guard heard.isEmpty else { return heard }
            var socket = pollfd(fd: PQsocket(c.handle), events: Int16(POLLIN), revents: 0)
            if poll(&socket, 1, Int32(timeout * 1000)) > 0 {
                if PQconsumeInput(c.handle) == 0 { connection = nil }
                heard = drain(c)
            }
            return heard
        } catch {
            connection = nil
            usleep(UInt32(timeout * 1_000_000))
            return []
        }
    }

    private func drain(_ c: Connection) -> [String] {
        var out: [String] = []
        while let n = PQnotifies(c.handle) {
            out.append(String(cString: n.pointee.extra))
            PQfreemem(n)
        }
        return out
    }
}
