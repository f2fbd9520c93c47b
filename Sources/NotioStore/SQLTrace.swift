import Foundation

/// Where the store runs SQL: each call site (file and line of the store's code that ran a
/// statement) and engine added once per process to a file (`NOTIO_SQL_TRACE`), one line each:
/// `engine<TAB>file:line<TAB>the statement's first words`.
/// A call site is the same on both engines even where the statement's text differs (search, job
/// leases), so `scripts/test.sh` can compare the runs: it fails when the SQLite runs reached a call
/// site that no PostgreSQL run did, which is how it knows which suites the PostgreSQL phase may leave out.
public enum SQLTrace {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var file: FileHandle?
    nonisolated(unsafe) private static var seen: Set<String> = []
    /// Read without the lock before each statement: set once, before the first database opens.
    nonisolated(unsafe) private(set) static var isOn = false

    /// Starts adding call sites to `path` (created if missing; "" leaves the trace off).
    public static func record(to path: String) {
        guard !path.isEmpty else { return }
        lock.withLock {
            guard file == nil else { return }
            // Appending: several processes trace into one file (`swift test` runs the test binary
            // once for XCTest and once for Swift Testing; the browser tests start several servers).
            let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
            guard descriptor >= 0 else { return }
            file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            isOn = true
        }
    }

    /// Notes a call site the first time this process runs a statement there.
    static func note(_ engine: Engine, file site: StaticString, line: UInt, _ sql: String) {
        let key = "\(engine.rawValue)\t\(site):\(line)"
        lock.withLock {
            guard seen.insert(key).inserted, let file else { return }
            let words = sql.split(whereSeparator: \.isWhitespace).prefix(8).joined(separator: " ")
            file.write(Data("\(key)\t\(words)\n".utf8))
        }
    }
}
