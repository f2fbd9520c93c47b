import Foundation
import NotioCore

/// The one place that speaks SQL. Every query for user data takes the owner's id.
public final class Store: Sendable {
    public let database: Database

    /// Opens (creating if needed) `notio.sqlite3` in `directory` and migrates it.
    public init(directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        database = try Database(path: (directory as NSString).appendingPathComponent("notio.sqlite3"))
        try database.migrate()
    }

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
