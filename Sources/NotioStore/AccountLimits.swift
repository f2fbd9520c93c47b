import Foundation

/// The most one account may hold (`NOTIO_MAX_BOOKS_PER_ACCOUNT`, `…_SENTENCES_…`,
/// `…_STORED_MB_…`): one reader cannot fill the disk or make every list of theirs unbounded.
public struct AccountLimits: Sendable, Equatable {
    public var books: Int
    public var sentences: Int
    /// PDFs and covers, in bytes.
    public var storedBytes: Int64
    /// Analysis jobs waiting to start (`NOTIO_MAX_QUEUED_JOBS`): one reader's pile of PDFs must
    /// not fill the queue that every reader shares.
    public var queuedJobs: Int

    public init(books: Int, sentences: Int, storedBytes: Int64, queuedJobs: Int = .max) {
        self.books = books; self.sentences = sentences; self.storedBytes = storedBytes; self.queuedJobs = queuedJobs
    }

    /// For tools and tests that write without a configuration.
    public static let none = AccountLimits(books: .max, sentences: .max, storedBytes: .max, queuedJobs: .max)
}

/// A write that would take an account past one of its limits; thrown before anything is kept.
public struct AccountLimitExceeded: Error, Sendable, Equatable {
    public enum Kind: String, Sendable { case books, sentences, storage, queuedJobs }
    public var kind: Kind
    public var limit: Int64

    public init(_ kind: Kind, limit: Int64) { self.kind = kind; self.limit = limit }
}

/// What an account holds now, as its limits count it.
public struct AccountUsage: Sendable, Equatable {
    public var books: Int
    public var sentences: Int
    /// Uploaded PDFs and stored covers (a cover shared by two books counts for each), and a
    /// restore preview kept for the reader.
    public var storedBytes: Int64

    public init(books: Int, sentences: Int, storedBytes: Int64) {
        self.books = books; self.sentences = sentences; self.storedBytes = storedBytes
    }
}

extension Store {
    public func accountUsage(owner: String) throws -> AccountUsage {
        try database.read { c in try accountUsage(owner: owner, c) }
    }

    func accountUsage(owner: String, _ c: Connection) throws -> AccountUsage {
        try c.first("""
            SELECT (SELECT count(*) FROM books WHERE owner_id = ?), (SELECT count(*) FROM sentences WHERE owner_id = ?),
                   (SELECT coalesce(sum(file_size), 0) FROM notes WHERE owner_id = ?) + (SELECT coalesce(sum(cover_bytes), 0) FROM books WHERE owner_id = ?)
                   + (SELECT coalesce(sum(bytes), 0) FROM restore_previews WHERE owner_id = ?)
            """, [owner, owner, owner, owner, owner]) { AccountUsage(books: $0.int(0), sentences: $0.int(1), storedBytes: $0.int64(2)) }
            ?? AccountUsage(books: 0, sentences: 0, storedBytes: 0)
    }

    /// Throws `AccountLimitExceeded` when the account, with what is about to be added, would
    /// hold more than `limits`; inside the writing transaction, so a burst cannot slip past it.
    public func checkRoom(owner: String, books: Int = 0, sentences: Int = 0, bytes: Int64 = 0, queuedJobs: Int = 0,
                          within limits: AccountLimits, _ c: Connection) throws {
        guard limits != .none else { return }
        if queuedJobs > 0 {
            let waiting = try c.first("SELECT count(*) FROM jobs WHERE owner_id = ? AND state = 'queued'", [owner], { $0.int(0) }) ?? 0
            if waiting + queuedJobs > limits.queuedJobs { throw AccountLimitExceeded(.queuedJobs, limit: Int64(limits.queuedJobs)) }
        }
        let usage = try accountUsage(owner: owner, c)
        if books > 0, usage.books + books > limits.books { throw AccountLimitExceeded(.books, limit: Int64(limits.books)) }
        if sentences > 0, usage.sentences + sentences > limits.sentences { throw AccountLimitExceeded(.sentences, limit: Int64(limits.sentences)) }
        if bytes > 0, usage.storedBytes + bytes > limits.storedBytes { throw AccountLimitExceeded(.storage, limit: limits.storedBytes) }
    }

    /// The same check outside a transaction (before a restore or a cover download starts).
    public func checkRoom(owner: String, books: Int = 0, sentences: Int = 0, bytes: Int64 = 0, within limits: AccountLimits) throws {
        try database.read { c in try checkRoom(owner: owner, books: books, sentences: sentences, bytes: bytes, within: limits, c) }
    }
}


extension Store {
    /// Throws `AccountLimitExceeded` when the account already holds more than `limits`: checked at
    /// the end of a write that adds many rows at once (a restore), inside its transaction, so the
    /// whole write is rolled back.
    func checkWithin(_ limits: AccountLimits, owner: String, _ c: Connection) throws {
        guard limits != .none else { return }
        let usage = try accountUsage(owner: owner, c)
        if usage.books > limits.books { throw AccountLimitExceeded(.books, limit: Int64(limits.books)) }
        if usage.sentences > limits.sentences { throw AccountLimitExceeded(.sentences, limit: Int64(limits.sentences)) }
        if usage.storedBytes > limits.storedBytes { throw AccountLimitExceeded(.storage, limit: limits.storedBytes) }
    }
}
