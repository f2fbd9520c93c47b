import Foundation

/// A reader's restore preview: the backup the settings page keeps between showing what a restore
/// would do and its confirmation. One row per reader (a new preview replaces the old), counted in
/// their storage (`accountUsage`), gone with the account. The file itself is the node's.
extension Store {
    /// Records the reader's one preview, replacing any earlier one; throws
    /// `AccountLimitExceeded(.storage)` when its bytes do not fit in the room their storage has.
    public func keepRestorePreview(owner: String, tokenHash: Data, bytes: Int64, at now: Date, within limits: AccountLimits) throws {
        try database.write { c in
            try c.run("DELETE FROM restore_previews WHERE owner_id = ?", [owner])
            try checkRoom(owner: owner, bytes: bytes, within: limits, c)
            try c.run("INSERT INTO restore_previews (owner_id, token_hash, bytes, created_at) VALUES (?,?,?,?)",
                      [owner, tokenHash, bytes, now.millis])
        }
    }

    /// What a confirmation found of the reader's preview.
    public enum PreviewTaken: Sendable, Equatable {
        /// Theirs and in time: taken (its row is gone, it counts no more).
        case taken
        /// There was one and it expired (its row is gone now), or there is none.
        case gone
        /// Another token than the one kept (an older page): the kept preview stays.
        case otherToken
    }

    /// Takes the reader's preview for its confirmation, if `tokenHash` is the one kept and it was
    /// made after `since`.
    public func takeRestorePreview(owner: String, tokenHash: Data, since: Date) throws -> PreviewTaken {
        try database.write { c in
            guard let (hash, created) = try c.first("SELECT token_hash, created_at FROM restore_previews WHERE owner_id = ?", [owner],
                                                     { ($0.data(0), $0.int64(1)) }) else { return .gone }
            if created <= since.millis {
                try c.run("DELETE FROM restore_previews WHERE owner_id = ?", [owner])
                return .gone
            }
            guard hash == tokenHash else { return .otherToken }
            try c.run("DELETE FROM restore_previews WHERE owner_id = ?", [owner])
            return .taken
        }
    }

    public func dropRestorePreview(owner: String) throws {
        try database.write { c in try c.run("DELETE FROM restore_previews WHERE owner_id = ?", [owner]) }
    }

    /// Drops the previews made at or before `before`, and answers those that remain (owner and
    /// token hash), whose files are the only ones a node keeps.
    public func expireRestorePreviews(before: Date) throws -> [(owner: String, tokenHash: Data)] {
        try database.write { c in
            try c.run("DELETE FROM restore_previews WHERE created_at <= ?", [before.millis])
            return try c.all("SELECT owner_id, token_hash FROM restore_previews") { ($0.string(0), $0.data(1)) }
        }
    }
}
