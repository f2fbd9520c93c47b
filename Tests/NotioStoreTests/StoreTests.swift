import Foundation
import Testing
import NotioCore
@testable import NotioStore
import NotioTestSupport

/// A fresh store on the engine the run is for (SQLite, or a new PostgreSQL schema).
func temporaryStore() throws -> (Store, String) {
    let dir = NSTemporaryDirectory() + "notio-store-" + UUID().uuidString
    return (try Store(directory: dir, databaseURL: TestDatabase.url(for: dir)), dir)
}

@Suite struct StoreTests {
    @Test func migratesOnceAndRecordsTheVersion() throws {
        let (store, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try store.database.schemaVersion() == Migrations.list(store.engine).count)
        // Opening again runs nothing twice.
        let again = try Store(directory: dir, databaseURL: TestDatabase.url(for: dir))
        #expect(try again.database.schemaVersion() == Migrations.list(store.engine).count)
        guard store.engine == .sqlite else { return }
        let mode = try store.database.read { c in try c.first("PRAGMA journal_mode", [], { $0.string(0) }) }
        #expect(mode == "wal")
        let fk = try store.database.read { c in try c.first("PRAGMA foreign_keys", [], { $0.int(0) }) }
        #expect(fk == 1)
    }

    @Test func refusesADatabaseFromTheFuture() throws {
        let (store, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try store.database.write { c in try c.run("UPDATE schema_version SET version = 999") }
        #expect(throws: DatabaseError.self) { _ = try Store(directory: dir, databaseURL: TestDatabase.url(for: dir)) }
    }

    @Test func usersAreUniqueByEmailAndSessionsExpire() throws {
        let (store, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let now = Date()
        let u = User(id: "u1", email: "a@b.io", name: "A", createdAt: now)
        #expect(try store.insertUser(u, passwordHash: "h", termsAgreedAt: now) != nil)
        #expect(try store.insertUser(User(id: "u2", email: "a@b.io", name: "B", createdAt: now), passwordHash: "h", termsAgreedAt: now) == nil)
        let hash = Data([1, 2, 3])
        try store.insertSession(tokenHash: hash, Session(userId: "u1", csrfToken: "t", readOnly: false, expiresAt: now.addingTimeInterval(60)), at: now)
        #expect(try store.session(tokenHash: hash, at: now)?.1.email == "a@b.io")
        #expect(try store.session(tokenHash: hash, at: now.addingTimeInterval(61)) == nil)
        try store.pruneExpired(at: now.addingTimeInterval(61), failureWindow: 900)
        #expect(try store.database.read { c in try c.first("SELECT count(*) FROM sessions", [], { $0.int(0) }) } == 0)
    }

    @Test func aFailedTransactionLeavesNothing() throws {
        let (store, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let now = Date()
        #expect(throws: DatabaseError.self) {
            try store.database.write { c in
                try c.run("INSERT INTO users (id, email, name, password_hash, terms_agreed_at, created_at) VALUES ('x','x@y.io','x','h',0,0)")
                try c.run("INSERT INTO users (id, email, name, password_hash, terms_agreed_at, created_at) VALUES ('x','x2@y.io','x','h',0,0)")
            }
        }
        #expect(try store.userCount() == 0)
        _ = now
    }

    @Test func concurrentWritersAllLand() async throws {
        let (store, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let now = Date()
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<200 {
                group.addTask {
                    _ = try? store.insertUser(User(id: "u\(i)", email: "u\(i)@x.io", name: "n", createdAt: now), passwordHash: "h", termsAgreedAt: now)
                    _ = try? store.emailExists("u\(i)@x.io")
                }
            }
        }
        #expect(try store.userCount() == 200)
    }

    @Test func searchPicksMatchForLongQueriesAndSubstringForShortOnes() {
        #expect(TextSearch(nil) == .none)
        #expect(TextSearch("  ") == .none)
        #expect(TextSearch("운영") == .substring("운영"))
        #expect(TextSearch("CP") == .substring("cp"))
        #expect(TextSearch("운영체제") == .match("\"운영체제\""))
        #expect(TextSearch("say \"hi\"") == .match("\"say \"\"hi\"\"\""))
    }

    @Test func trigramTablesFindKoreanSubstrings() throws {
        let (store, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        if store.engine == .postgres {
            try store.database.write { c in
                try c.execute("CREATE TABLE t (body TEXT NOT NULL); CREATE INDEX t_trigrams ON t USING gin (body gin_trgm_ops)")
                try c.run("INSERT INTO t (body) VALUES ('운영체제는 프로세스를 관리한다'), ('CPU 사용률 100%')")
            }
            func count(_ q: String) throws -> Int {
                try store.database.read { c in try c.first("SELECT count(*) FROM t WHERE body ILIKE ?", [TextSearch.likePattern(q)!], { $0.int(0) }) } ?? -1
            }
            #expect(try count("체제는 프로") == 1)
            #expect(try count("체제") == 1)
            #expect(try count("cpu") == 1)
            #expect(try count("0%") == 1)
            #expect(try count("_") == 0)
            // The cluster's locale sees Hangul as letters, so the index holds Korean trigrams.
            #expect(try store.database.read { c in try c.first("SELECT cardinality(show_trgm('운영체제'))", [], { $0.int(0) }) } ?? 0 >= 2)
            return
        }
        try store.database.write { c in
            try c.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='trigram')")
            try c.run("INSERT INTO t (body) VALUES ('운영체제는 프로세스를 관리한다')")
        }
        guard case .match(let expr) = TextSearch("체제는 프로") else { Issue.record("expected match"); return }
        #expect(try store.database.read { c in try c.first("SELECT count(*) FROM t WHERE t MATCH ?", [expr], { $0.int(0) }) } == 1)
    }

    @Test func aSnapshotReadStoppedHalfWayLeavesTheConnectionUsable() throws {
        let (store, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let now = Date()
        for i in 0..<50 {
            _ = try store.insertUser(User(id: "u\(i)", email: "u\(i)@x.io", name: "n", createdAt: now), passwordHash: "h", termsAgreedAt: now)
        }
        struct Stop: Error {}
        var seen = 0
        #expect(throws: Stop.self) {
            try store.database.snapshot { c in
                try c.query("SELECT id FROM users ORDER BY id") { _ in
                    seen += 1
                    if seen == 10 { throw Stop() }
                }
            }
        }
        #expect(seen == 10)
        // Every pooled connection still answers, rows read one by one and all at once.
        for _ in 0..<10 {
            #expect(try store.database.snapshot { c in try c.all("SELECT id FROM users", [], { $0.string(0) }) }.count == 50)
            #expect(try store.userCount() == 50)
        }
    }

    @Test(.enabled(if: TestDatabase.isPostgres, "a PostgreSQL server that goes away"))
    func connectionsCutByTheServerAreReplaced() throws {
        let dir = NSTemporaryDirectory() + "notio-store-" + UUID().uuidString
        let name = "cut_" + UUID().uuidString.prefix(8).lowercased()
        let url = TestDatabase.url(for: dir) + "&application_name=\(name)"
        let store = try Store(directory: dir, databaseURL: url)
        let now = Date()
        _ = try store.insertUser(User(id: "a", email: "a@x.io", name: "a", createdAt: now), passwordHash: "h", termsAgreedAt: now)
        // Several pooled connections, then the server ends every one of them (as a restart would).
        try store.database.read { _ in try store.database.read { _ in try store.database.read { _ in } } }
        let admin = try Store(directory: dir + "-admin", databaseURL: TestDatabase.url(for: dir))
        let cut = try admin.database.read { c in
            try c.first("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = ?", [name], { $0.int(0) })
        }
        #expect((cut ?? 0) >= 3)
        usleep(200_000)
        // Reads and writes go on, on new connections.
        #expect(try store.userCount() == 1)
        _ = try store.insertUser(User(id: "b", email: "b@x.io", name: "b", createdAt: now), passwordHash: "h", termsAgreedAt: now)
        #expect(try store.userCount() == 2)
    }

    @Test func thePostgreSQLSchemaIsSQLitesInItsWords() {
        #expect(Migrations.postgres.count == Migrations.sqlite.count)
        let all = Migrations.postgres.joined(separator: "\n")
        for sqliteOnly in ["INTEGER", " REAL", "BLOB", "WITHOUT ROWID", "VIRTUAL", "fts5"] { #expect(!all.contains(sqliteOnly), "\(sqliteOnly)") }
        #expect(all.contains("CREATE TABLE sentence_search (sentence_id TEXT NOT NULL, body TEXT NOT NULL);\nCREATE INDEX sentence_search_by_sentence ON sentence_search(sentence_id);"))
        #expect(all.contains("CREATE INDEX note_search_trigrams ON note_search USING gin (search_text gin_trgm_ops);"))
        #expect(all.contains("id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"))
    }
}
