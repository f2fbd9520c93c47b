import CSQLite
import Foundation

/// An SQLite failure; `message` is for the log, never for the client.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public var code: Int32
    public var message: String
    public var description: String { "SQLite error \(code): \(message)" }
    /// A UNIQUE or PRIMARY KEY constraint failed (e.g. an email that is taken).
    public var isConstraint: Bool { code & 0xff == SQLITE_CONSTRAINT }
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

/// One row of a result, read by column index.
public struct Row {
    fileprivate let stmt: OpaquePointer

    public func int(_ i: Int32) -> Int { Int(sqlite3_column_int64(stmt, i)) }
    public func int64(_ i: Int32) -> Int64 { sqlite3_column_int64(stmt, i) }
    public func double(_ i: Int32) -> Double { sqlite3_column_double(stmt, i) }
    public func bool(_ i: Int32) -> Bool { sqlite3_column_int64(stmt, i) != 0 }
    public func isNull(_ i: Int32) -> Bool { sqlite3_column_type(stmt, i) == SQLITE_NULL }
    public func string(_ i: Int32) -> String {
        guard let p = sqlite3_column_text(stmt, i) else { return "" }
        return String(cString: p)
    }
    public func optionalString(_ i: Int32) -> String? { isNull(i) ? nil : string(i) }
    public func optionalInt(_ i: Int32) -> Int? { isNull(i) ? nil : int(i) }
    public func data(_ i: Int32) -> Data {
        let n = Int(sqlite3_column_bytes(stmt, i))
        guard n > 0, let p = sqlite3_column_blob(stmt, i) else { return Data() }
        return Data(bytes: p, count: n)
    }
}

/// One SQLite connection with a cache of prepared statements. Not thread-safe by itself:
/// `Database` hands it to one caller at a time.
public final class Connection {
    let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    init(path: String, busyTimeoutMs: Int32) throws {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let msg = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: rc, message: "\(msg) (\(path))")
        }
        handle = db
        sqlite3_busy_timeout(db, busyTimeoutMs)
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA foreign_keys = ON")
        try execute("PRAGMA synchronous = NORMAL")
    }

    deinit {
        for s in statements.values { sqlite3_finalize(s) }
        sqlite3_close_v2(handle)
    }

    private func error(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs one or more statements without parameters (schema, pragmas).
    public func execute(_ sql: String) throws {
        var err: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &err)
        if rc != SQLITE_OK {
            let msg = err.map { String(cString: $0) } ?? "error"
            sqlite3_free(err)
            throw SQLiteError(code: rc, message: msg)
        }
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let s = statements[sql] { return s }
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw error(rc) }
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
            guard rc == SQLITE_OK else { throw error(rc) }
        }
    }

    /// Runs a statement and calls `each` for every row.
    public func query(_ sql: String, _ values: [SQLBindable] = [], _ each: (Row) throws -> Void) throws {
        let stmt = try prepared(sql)
        defer { sqlite3_reset(stmt); sqlite3_clear_bindings(stmt) }
        try bind(stmt, values)
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_ROW { try each(Row(stmt: stmt)); continue }
            if rc == SQLITE_DONE { return }
            throw error(rc)
        }
    }

    /// Rows mapped to values.
    public func all<T>(_ sql: String, _ values: [SQLBindable] = [], _ map: (Row) throws -> T) throws -> [T] {
        var out: [T] = []
        try query(sql, values) { out.append(try map($0)) }
        return out
    }

    /// The first row mapped, or nil.
    public func first<T>(_ sql: String, _ values: [SQLBindable] = [], _ map: (Row) throws -> T) throws -> T? {
        let stmt = try prepared(sql)
        defer { sqlite3_reset(stmt); sqlite3_clear_bindings(stmt) }
        try bind(stmt, values)
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_ROW { return try map(Row(stmt: stmt)) }
        if rc == SQLITE_DONE { return nil }
        throw error(rc)
    }

    /// Runs a statement that returns no rows; returns the number of rows changed.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLBindable] = []) throws -> Int {
        try query(sql, values) { _ in }
        return Int(sqlite3_changes(handle))
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
}

/// A small pool of connections to one database file. WAL lets readers run beside the one writer;
/// writes take `BEGIN IMMEDIATE` so that two writers queue on the busy timeout instead of failing
/// half-way through a read-then-write transaction.
public final class Database: @unchecked Sendable {
    public let path: String
    private var idle: [Connection] = []
    private let lock = NSCondition()
    private var created = 0
    private let maxConnections: Int
    private let busyTimeoutMs: Int32

    public init(path: String, maxConnections: Int = 8, busyTimeoutMs: Int32 = 5000) throws {
        self.path = path
        self.maxConnections = maxConnections
        self.busyTimeoutMs = busyTimeoutMs
        let first = try Connection(path: path, busyTimeoutMs: busyTimeoutMs)
        idle.append(first)
        created = 1
    }

    private func checkout() throws -> Connection {
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let c = idle.popLast() { return c }
            if created < maxConnections {
                created += 1
                do { return try Connection(path: path, busyTimeoutMs: busyTimeoutMs) } catch { created -= 1; throw error }
            }
            lock.wait()
        }
    }

    private func checkin(_ c: Connection) {
        lock.lock(); idle.append(c); lock.signal(); lock.unlock()
    }

    /// Reads (or single-statement writes) on a pooled connection.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        let c = try checkout()
        defer { checkin(c) }
        return try body(c)
    }

    /// A write transaction: all of `body` or nothing.
    @discardableResult
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        let c = try checkout()
        defer { checkin(c) }
        try c.execute("BEGIN IMMEDIATE")
        do {
            let result = try body(c)
            try c.execute("COMMIT")
            return result
        } catch {
            try? c.execute("ROLLBACK")
            throw error
        }
    }
}
