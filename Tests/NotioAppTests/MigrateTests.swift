import Foundation
import Testing
import NotioCore
import NotioStore
@testable import NotioApp
import NotioTestSupport

/// `notio migrate-db` from a SQLite data folder into an empty PostgreSQL database (runs on the
/// PostgreSQL pass of `make test`, which has a cluster).
@Suite struct MigrateTests {
    @Test(.enabled(if: TestDatabase.isPostgres, "needs the PostgreSQL test cluster"))
    func theDemoMovesToPostgresAndBacksUpTheSame() async throws {
        // One machine on SQLite with the demo library, and a cover file.
        let old = try await TestServer.start(configure: { $0.databaseURL = "" })
        #expect(old.app.context.store.engine == .sqlite)
        let store = old.app.context.store
        let demo = try #require(try store.credentials(email: "study@notio.io")?.user)
        // A password of its own: a node started without --seed-demo closes the public one.
        try store.setPasswordHash(userId: demo.id, try Crypto.hashPassword("moved password 1"))
        let book = try #require(try store.books(owner: demo.id).first)
        let cover = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try old.app.context.reading.covers.save(cover, contentType: "image/png", bookId: book.id, owner: demo.id)
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        var before = Data()
        try store.exportBackup(owner: demo, at: at) { before.append($0) }
        await old.stopKeepingData()
        defer { try? FileManager.default.removeItem(atPath: old.dataDirectory) }

        let target = TestDatabase.url(for: "migrate-target-" + UUID().uuidString)
        var lines: [String] = []
        let code = try MigrateCommand.run(["--from", "sqlite:\(old.dataDirectory)", "--to", target, "--files-to", "database"]) { lines.append($0) }
        #expect(code == 0, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("reading_sessions") && $0.hasSuffix("ok") })
        #expect(!lines.contains { $0.contains("DIFFERENT") })

        // The same backup document, byte for byte, from PostgreSQL.
        let moved = try Store(directory: old.dataDirectory, databaseURL: target)
        #expect(moved.engine == .postgres)
        var after = Data()
        try moved.exportBackup(owner: demo, at: at) { after.append($0) }
        #expect(after == before)
        #expect(after.count > 10_000)

        // A second move into the now full database is refused and writes nothing.
        var again: [String] = []
        let refused = try MigrateCommand.run(["--from", "sqlite:\(old.dataDirectory)", "--to", target]) { again.append($0) }
        #expect(refused == 1)
        #expect(again.contains { $0.contains("refused") })
        #expect(try moved.userCount() == 1)

        // A node on PostgreSQL serves the moved account: its password, its notes, the cover from the database.
        let node = try await TestServer.start(seedDemo: false, configure: { $0.databaseURL = target; $0.fileStorage = "database" })
        let c = Client(node)
        #expect(try await c.request("POST", "/api/v1/auth/login", json: ["email": "study@notio.io", "password": "moved password 1"]).status == 200)
        #expect((try await c.get("/api/v1/notes").json["items"] as? [Any])?.count == 3)
        let served = try await c.get("/api/v1/books/\(book.id)/cover")
        #expect(served.status == 200)
        #expect(served.body == cover)
    }

    @Test func badSourcesAndTargetsAreRefusedWithAReason() throws {
        #expect(throws: ConfigurationError.self) { try MigrateCommand.run(["--from", "/tmp/x", "--to", "postgres://x/y"]) { _ in } }
        #expect(throws: ConfigurationError.self) { try MigrateCommand.run(["--from", "sqlite:/nonexistent-\(UUID())", "--to", "postgres://x/y"]) { _ in } }
        #expect(throws: ConfigurationError.self) { try MigrateCommand.run(["--from", "sqlite:/tmp", "--to", "mysql://x/y"]) { _ in } }
    }
}
