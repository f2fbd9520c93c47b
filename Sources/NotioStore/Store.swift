import Foundation
import NotioCore

/// The one place that speaks SQL. Every query for user data takes the owner's id.
public final class Store: Sendable {
    public let database: Database

    /// Opens and migrates the database: PostgreSQL when `databaseURL` is a `postgres://` URL,
    /// otherwise `notio.sqlite3` in `directory` (created if needed).
    public init(directory: String, databaseURL: String? = nil, poolSize: Int = 8) throws {
        if let url = databaseURL, !url.isEmpty {
            guard Store.isPostgresURL(url) else {
                throw DatabaseError(message: "NOTIO_DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for SQLite)")
            }
            database = try Database(postgres: url, maxConnections: poolSize)
        } else {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            database = try Database(path: (directory as NSString).appendingPathComponent("notio.sqlite3"), maxConnections: poolSize)
        }
        // A database from before the per-day sums or the home list's facts gets them from its rows, once.
        if try database.migrate() < Migrations.derivedDataVersion { try rebuildActivityDays() }
    }

    public static func isPostgresURL(_ url: String) -> Bool { url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") }

    public var engine: Engine { database.engine }

    /// The database answers (for /healthz).
    public func ping() -> Bool {
        (try? database.read { c in try c.first("SELECT 1", [], { $0.int(0) }) }) == 1
    }
}

extension Date {
    /// Stored times are integer milliseconds since 1970.
    var millis: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
    init(millis: Int64) { self.init(timeIntervalSince1970: Double(millis) / 1000) }
}

extension Row {
    func date(_ i: Int32) -> Date { Date(millis: int64(i)) }
}
