import Foundation
import NotioStore

/// Which engine the store and API tests run on. `make test` runs them twice: on SQLite, and on
/// PostgreSQL with `NOTIO_TEST_POSTGRES` set to a throwaway cluster's URL. On PostgreSQL every
/// data folder gets a schema of its own, so tests running in parallel never see each other.
public enum TestDatabase {
    /// The cluster's URL, or nil when the tests run on SQLite.
    public static var postgresBase: String? {
        let url = ProcessInfo.processInfo.environment["NOTIO_TEST_POSTGRES"] ?? ""
        return url.isEmpty ? nil : url
    }

    public static var isPostgres: Bool { postgresBase != nil }

    /// The statements this test process runs, traced as `notio serve` traces them (`NOTIO_SQL_TRACE`):
    /// the servers the tests start get no configuration from the environment.
    private static let traced: Void = SQLTrace.record(to: ProcessInfo.processInfo.environment["NOTIO_SQL_TRACE"] ?? "")

    private static let lock = NSLock()
    nonisolated(unsafe) private static var urls: [String: String] = [:]
    nonisolated(unsafe) private static var admin: Database?

    /// The database URL for a data folder: "" (SQLite in the folder) or a PostgreSQL URL whose
    /// search path is a new schema. The same folder gets the same schema again (restarts).
    public static func url(for dataDirectory: String) -> String {
        _ = traced
        guard let base = postgresBase else { return "" }
        return lock.withLock {
            if let known = urls[dataDirectory] { return known }
            let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            do {
                if admin == nil {
                    admin = try Database(postgres: base, maxConnections: 2)
                    // Once, where every schema sees it: the migration's CREATE EXTENSION then finds it.
                    try admin!.read { c in try c.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public") }
                }
                try admin!.read { c in try c.execute("CREATE SCHEMA \(schema)") }
            } catch {
                fatalError("cannot create a test schema on \(base): \(error)")
            }
            let url = base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)%2Cpublic"
            urls[dataDirectory] = url
            return url
        }
    }
}
