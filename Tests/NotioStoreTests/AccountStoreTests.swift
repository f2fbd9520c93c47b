import Foundation
import Testing
import NotioCore
@testable import NotioStore
import NotioTestSupport

/// The account's own rows on each engine: profile changes, passwords and sessions, sign-in
/// throttling, covers shared between accounts, and the deletion of everything an account owns.
@Suite struct AccountStoreTests {
    private func account(_ store: Store, _ id: String, now: Date) throws -> User {
        let user = User(id: id, email: "\(id)@example.com", name: id, createdAt: now)
        #expect(try store.insertUser(user, passwordHash: "hash-\(id)", termsAgreedAt: now) != nil)
        return user
    }

    private func signIn(_ store: Store, _ user: User, token: String, now: Date) throws -> Data {
        let hash = Data(token.utf8)
        try store.insertSession(tokenHash: hash, Session(userId: user.id, csrfToken: "csrf-\(token)", readOnly: false,
                                                         expiresAt: now.addingTimeInterval(3600)), at: now)
        return hash
    }

    @Test func nameEmailAndPasswordChangeAndOtherSessionsEnd() throws {
        let (store, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let now = Date()
        let ana = try account(store, "ana", now: now)
        _ = try account(store, "bo", now: now)
        try store.setName(userId: ana.id, "아나")
        #expect(try store.setEmail(userId: ana.id, "ana.new@example.com"))
        #expect(try store.setEmail(userId: ana.id, "bo@example.com") == false, "another account's email")
        #expect(try store.user(id: ana.id)?.name == "아나")
        #expect(try store.credentials(email: "ana.new@example.com")?.user.id == ana.id)

        let here = try signIn(store, ana, token: "here", now: now)
        let phone = try signIn(store, ana, token: "phone", now: now)
        let tablet = try signIn(store, ana, token: "tablet", now: now)
        try store.changePassword(userId: ana.id, hash: "new-hash", keeping: here)
        #expect(try store.credentials(email: "ana.new@example.com")?.passwordHash == "new-hash")
        #expect(try store.session(tokenHash: here, at: now) != nil)
        #expect(try store.session(tokenHash: phone, at: now) == nil)
        #expect(try store.session(tokenHash: tablet, at: now) == nil)

        let again = try signIn(store, ana, token: "again", now: now)
        #expect(try store.endOtherSessions(userId: ana.id, keeping: here) == 1)
        #expect(try store.session(tokenHash: again, at: now) == nil)
        try store.deleteSession(tokenHash: here)
        #expect(try store.session(tokenHash: here, at: now) == nil)

        // The reset command sets a password and ends every session.
        let last = try signIn(store, ana, token: "last", now: now)
        try store.setPasswordHash(userId: ana.id, "reset-hash")
        try store.changePassword(userId: ana.id, hash: "reset-hash", keeping: nil)
        #expect(try store.session(tokenHash: last, at: now) == nil)
    }

    @Test func signInAttemptsAreCountedReleasedAndForgiven() throws {
        let (store, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let now = Date()
        let since = now.addingTimeInterval(-900)
        let first = try #require(try store.reserveLoginAttempt(email: "a@b.io", address: "10.0.0.1", since: since, at: now,
                                                               maxPerEmail: 3, maxPerAddress: 10))
        let second = try #require(try store.reserveLoginAttempt(email: "a@b.io", address: "10.0.0.1", since: since, at: now,
                                                                maxPerEmail: 3, maxPerAddress: 10))
        #expect(try store.loginFailures(email: "a@b.io", address: "10.0.0.1", since: since) == (2, 2))
        try store.releaseLoginAttempt(second)
        #expect(try store.loginFailures(email: "a@b.io", address: "10.0.0.1", since: since) == (1, 1))
        _ = try store.reserveLoginAttempt(email: "a@b.io", address: "10.0.0.1", since: since, at: now, maxPerEmail: 3, maxPerAddress: 10)
        #expect(try store.reserveLoginAttempt(email: "a@b.io", address: "10.0.0.1", since: since, at: now,
                                              maxPerEmail: 2, maxPerAddress: 10) == nil, "the email's limit")
        try store.forgiveLoginAttempts(email: "a@b.io", through: first + 100)
        #expect(try store.loginFailures(email: "a@b.io", address: "10.0.0.1", since: since) == (0, 0))
    }

    /// Attempts from a known device count in its own line; unknown devices share theirs.
    @Test func signInAttemptsAreCountedPerDevice() throws {
        let (store, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let now = Date()
        let since = now.addingTimeInterval(-900)
        let ana = try account(store, "ana", now: now)
        try store.rememberDevices(userId: ana.id, ["cookie:abc", "address:10.0.0.9"], at: now, forgetBefore: now.addingTimeInterval(-86400))
        #expect(try store.knownDevice(userId: ana.id, among: [("cookie:zzz", since), ("address:10.0.0.9", since)]) == "address:10.0.0.9")
        #expect(try store.knownDevice(userId: ana.id, among: [("cookie:abc", now.addingTimeInterval(60))]) == nil, "not seen since then")
        for i in 0..<2 {
            #expect(try store.reserveLoginAttempt(email: ana.email, address: "10.0.1.\(i)", since: since, at: now, maxPerEmail: 2, maxPerAddress: 10) != nil)
        }
        #expect(try store.reserveLoginAttempt(email: ana.email, address: "10.0.1.9", since: since, at: now, maxPerEmail: 2, maxPerAddress: 10) == nil)
        let mine = try #require(try store.reserveLoginAttempt(email: ana.email, address: "10.0.1.9", device: "cookie:abc", since: since, at: now,
                                                              maxPerEmail: 2, maxPerAddress: 10), "the reader's own line is open")
        try store.forgiveLoginAttempts(email: ana.email, device: "cookie:abc", through: mine)
        #expect(try store.reserveLoginAttempt(email: ana.email, address: "10.0.1.9", since: since, at: now, maxPerEmail: 2, maxPerAddress: 10) == nil,
                "forgiving one line leaves the others")
        // Remembering again moves a device's time; one not seen since `forgetBefore` is forgotten.
        let later = now.addingTimeInterval(7200)
        try store.rememberDevices(userId: ana.id, ["cookie:abc"], at: later, forgetBefore: later.addingTimeInterval(-3600))
        #expect(try store.knownDevice(userId: ana.id, among: [("cookie:abc", now.addingTimeInterval(60))]) == "cookie:abc")
        #expect(try store.knownDevice(userId: ana.id, among: [("address:10.0.0.9", .distantPast)]) == nil)
    }

    /// A restore preview is one row per reader, counted in their storage, taken once, expired.
    @Test func aRestorePreviewIsOnePerReaderCountedAndExpired() throws {
        let (store, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let now = Date()
        let ana = try account(store, "ana", now: now)
        let limits = AccountLimits(books: 10, sentences: 10, storedBytes: 1000)
        try store.keepRestorePreview(owner: ana.id, tokenHash: Data("one".utf8), bytes: 600, at: now, within: limits)
        #expect(try store.accountUsage(owner: ana.id).storedBytes == 600)
        try store.keepRestorePreview(owner: ana.id, tokenHash: Data("two".utf8), bytes: 900, at: now, within: limits)
        #expect(try store.accountUsage(owner: ana.id).storedBytes == 900, "the new preview replaced the old")
        #expect(throws: AccountLimitExceeded.self) {
            try store.keepRestorePreview(owner: ana.id, tokenHash: Data("three".utf8), bytes: 1001, at: now, within: limits)
        }
        try store.keepRestorePreview(owner: ana.id, tokenHash: Data("two".utf8), bytes: 900, at: now, within: limits)
        #expect(try store.takeRestorePreview(owner: ana.id, tokenHash: Data("one".utf8), since: now.addingTimeInterval(-60)) == .otherToken)
        #expect(try store.takeRestorePreview(owner: ana.id, tokenHash: Data("two".utf8), since: now.addingTimeInterval(-60)) == .taken)
        #expect(try store.takeRestorePreview(owner: ana.id, tokenHash: Data("two".utf8), since: now.addingTimeInterval(-60)) == .gone)
        #expect(try store.accountUsage(owner: ana.id).storedBytes == 0)
        try store.keepRestorePreview(owner: ana.id, tokenHash: Data("four".utf8), bytes: 10, at: now, within: limits)
        #expect(try store.expireRestorePreviews(before: now.addingTimeInterval(-1)).map(\.owner) == [ana.id])
        #expect(try store.expireRestorePreviews(before: now).isEmpty)
        // A confirmation that comes after the preview expired finds it gone, and removes it.
        try store.keepRestorePreview(owner: ana.id, tokenHash: Data("late".utf8), bytes: 10, at: now, within: limits)
        #expect(try store.takeRestorePreview(owner: ana.id, tokenHash: Data("late".utf8), since: now) == .gone)
        #expect(try store.accountUsage(owner: ana.id).storedBytes == 0)
        try store.keepRestorePreview(owner: ana.id, tokenHash: Data("five".utf8), bytes: 10, at: now, within: limits)
        try store.dropRestorePreview(owner: ana.id)
        #expect(try store.accountUsage(owner: ana.id).storedBytes == 0)
        try store.keepRestorePreview(owner: ana.id, tokenHash: Data("six".utf8), bytes: 10, at: now, within: limits)
        _ = try store.deleteAccount(userId: ana.id)
        #expect(try store.expireRestorePreviews(before: .distantPast).isEmpty, "gone with the account")
    }

    @Test func aDeletedAccountTakesItsRowsAndLeavesSharedCovers() throws {
        let (store, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let now = Date()
        let ana = try account(store, "ana", now: now)
        let bo = try account(store, "bo", now: now)
        let shared = Book(title: "같은 책", author: "저자", createdAt: now), own = Book(title: "혼자 읽은 책", author: "저자", createdAt: now)
        try store.insertBook(shared, owner: ana.id)
        try store.insertBook(own, owner: ana.id)
        let bosCopy = Book(title: "같은 책", author: "저자", createdAt: now)
        try store.insertBook(bosCopy, owner: bo.id)
        try store.setBookCover(id: shared.id, owner: ana.id, file: "cover-shared.jpg", bytes: 10)
        try store.setBookCover(id: bosCopy.id, owner: bo.id, file: "cover-shared.jpg", bytes: 10)
        try store.setBookCover(id: own.id, owner: ana.id, file: "cover-own.jpg", bytes: 10)
        #expect(try store.bookCoverFile(id: own.id, owner: ana.id) == "cover-own.jpg")
        #expect(try store.bookCoverFile(id: own.id, owner: bo.id) == nil, "another owner's book")
        _ = try signIn(store, ana, token: "t", now: now)

        let deleted = try store.deleteAccount(userId: ana.id)
        #expect(deleted.unusedCovers == ["cover-own.jpg"])
        #expect(try store.user(id: ana.id) == nil)
        #expect(try store.session(tokenHash: Data("t".utf8), at: now) == nil)
        #expect(try store.coverFileInUse("cover-shared.jpg"))
        #expect(try store.coverFileInUse("cover-own.jpg") == false)
        #expect(try store.user(id: bo.id) != nil)
    }
}
