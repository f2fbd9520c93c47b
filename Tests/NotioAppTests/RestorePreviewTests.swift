import Foundation
import Testing
@testable import NotioApp
import NotioTestSupport

/// The backup the settings page keeps between a restore's preview and its confirmation: one per
/// reader, counted in their storage, expired after 30 minutes of the application's clock, and
/// gone with the account.
@Suite struct RestorePreviewTests {
    /// A reader with one book, and their backup document padded to `size` bytes (whitespace after
    /// the document: still the same document).
    static func reader(_ server: TestServer, size: Int = 0) async throws -> (Client, Data) {
        let c = Client(server)
        #expect(try await c.signUp().status == 201)
        #expect(try await c.request("POST", "/api/v1/books", json: ["title": "미리 보기 책"]).status == 201)
        var document = try await c.get("/api/v1/backup").body
        if document.count < size { document.append(Data(repeating: 0x20, count: size - document.count)) }
        return (c, document)
    }

    /// `POST /settings/restore` as the page's form sends it; the token of the kept upload, if any.
    static func preview(_ c: Client, _ document: Data) async throws -> (Reply, token: String?) {
        let r = try await c.multipart("/settings/restore", fields: [("csrf_token", c.csrfToken ?? ""), ("mode", "merge")],
                                      files: [("file", "backup.json", "application/json", document)], csrf: false)
        let token = r.text.firstMatch(of: /name="token" value="([A-Za-z0-9_-]+)"/).map { String($0.1) }
        return (r, token)
    }

    static func confirm(_ c: Client, _ token: String) async throws -> Reply {
        try await c.postForm("/settings/restore/confirm", ["token": token, "mode": "merge"])
    }

    static func kept(_ server: TestServer, _ owner: String) -> [String] {
        let tmp = server.dataDirectory + "/tmp"
        return ((try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? []).filter { $0.hasPrefix("pending-restore-\(owner)-") }
    }

    static func owner(_ c: Client) async throws -> String {
        try #require((try await c.get("/api/v1/me").json["user"] as? [String: Any])?["id"] as? String)
    }

    @Test func aReaderKeepsAtMostOnePreview() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let (c, document) = try await Self.reader(server)
        let owner = try await Self.owner(c)
        let (first, firstToken) = try await Self.preview(c, document)
        #expect(first.status == 200)
        let (_, secondToken) = try await Self.preview(c, document)
        let (_, thirdToken) = try await Self.preview(c, document)
        #expect(Self.kept(server, owner).count == 1, "\(Self.kept(server, owner))")
        // Only the last upload can be confirmed; the ones it replaced are gone.
        #expect(try await Self.confirm(c, try #require(firstToken)).status == 404)
        #expect(try await Self.confirm(c, try #require(secondToken)).status == 404)
        let done = try await Self.confirm(c, try #require(thirdToken))
        #expect(done.status == 303 && done.header("Location") == "/settings?restored=1", "\(done.status) \(done.text.prefix(3000))")
        #expect(Self.kept(server, owner).isEmpty)
    }

    @Test func aPreviewCountsInTheStorageQuota() async throws {
        let server = try await TestServer.start(seedDemo: false) { $0.maxStoredMBPerAccount = 1 }
        let (c, document) = try await Self.reader(server, size: 700_000)
        let owner = try await Self.owner(c)
        #expect(try server.app.context.store.accountUsage(owner: owner).storedBytes == 0)
        let (r, token) = try await Self.preview(c, document)
        #expect(r.status == 200 && token != nil)
        #expect(try server.app.context.store.accountUsage(owner: owner).storedBytes == Int64(document.count))
        // While it waits, a PDF that would fit an empty account does not fit beside it.
        let pdf = try await c.upload(TestPDFs.blankPages(1) + Data(repeating: 0x20, count: 400_000))
        #expect(pdf.status == 413 && pdf.errorCode == "storage_full", "\(pdf.text)")
        // A preview larger than the whole room is refused and nothing is kept.
        let big = document + Data(repeating: 0x20, count: 500_000)
        let (tooLarge, none) = try await Self.preview(c, big)
        #expect(tooLarge.status == 413 && none == nil, "\(tooLarge.status) \(tooLarge.text.prefix(2000))")
        #expect(Self.kept(server, owner).isEmpty)
        #expect(try server.app.context.store.accountUsage(owner: owner).storedBytes == 0)
    }

    @Test func aPreviewExpiresAfterThirtyMinutesOfTheAppsClock() async throws {
        let clock = TestClock()
        let server = try await TestServer.start(seedDemo: false, clock: clock)
        let (a, documentA) = try await Self.reader(server)
        let (b, documentB) = try await Self.reader(server)
        let ownerA = try await Self.owner(a), ownerB = try await Self.owner(b)
        let (_, tokenA) = try await Self.preview(a, documentA)
        let (_, tokenB) = try await Self.preview(b, documentB)
        clock.advance(29 * 60)
        server.app.context.previews.sweep()
        #expect(Self.kept(server, ownerA).count == 1 && Self.kept(server, ownerB).count == 1, "still within 30 minutes")
        clock.advance(2 * 60)
        // The reader who comes back too late is told so, and the file is gone.
        let late = try await Self.confirm(a, try #require(tokenA))
        #expect(late.status == 404)
        #expect(Self.kept(server, ownerA).isEmpty)
        // The one who never comes back: the node's sweep removes it and it counts no more.
        server.app.context.previews.sweep()
        #expect(Self.kept(server, ownerB).isEmpty)
        #expect(try server.app.context.store.accountUsage(owner: ownerB).storedBytes == 0)
        #expect(try await Self.confirm(b, try #require(tokenB)).status == 404)
    }

    @Test func aPreviewIsGoneWithTheAccount() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let (c, document) = try await Self.reader(server)
        let owner = try await Self.owner(c)
        let (_, token) = try await Self.preview(c, document)
        #expect(token != nil && Self.kept(server, owner).count == 1)
        let deleted = try await c.request("DELETE", "/api/v1/me", json: ["password": "correct horse 1"])
        #expect(deleted.status == 204, "\(deleted.text)")
        #expect(Self.kept(server, owner).isEmpty, "a full copy of a deleted reader's data stayed on disk")
        let rows = try server.app.context.store.expireRestorePreviews(before: .distantPast)
        #expect(!rows.contains { $0.owner == owner })
    }
}
