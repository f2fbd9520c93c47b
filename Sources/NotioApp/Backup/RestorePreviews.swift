import Foundation
import NotioCore
import NotioStore

/// The backup a reader uploads on the settings page, kept as
/// `DATA_DIR/tmp/pending-restore-<reader>-<token>` until they confirm the restore: at most one per
/// reader (a new upload replaces it), counted in their storage quota while it waits, expired after
/// `lifetime` by the application's clock, and removed with the account.
struct RestorePreviews: Sendable {
    static let lifetime: TimeInterval = 30 * 60
    static let prefix = "pending-restore-"

    let store: Store
    let dataDirectory: String
    let limits: AccountLimits
    let now: @Sendable () -> Date

    private var directory: String { (dataDirectory as NSString).appendingPathComponent("tmp") }

    func path(owner: String, token: String) -> String {
        (directory as NSString).appendingPathComponent("\(Self.prefix)\(owner)-\(token)")
    }

    /// Moves an upload into place as the reader's preview, replacing their earlier one; the token
    /// the confirmation form carries back. 413 `storage_full` when it does not fit in their room.
    func keep(upload: String, size: Int, owner: String) throws -> String {
        let token = Crypto.randomToken()
        try store.keepRestorePreview(owner: owner, tokenHash: Crypto.sha256(token), bytes: Int64(size), at: now(), within: limits)
        let kept = path(owner: owner, token: token)
        do {
            try FileManager.default.moveItem(atPath: upload, toPath: kept)
        } catch {
            try? store.dropRestorePreview(owner: owner)
            throw error
        }
        return token
    }

    /// The file of the reader's preview for this token, taken for the restore (no longer counted:
    /// the caller removes it once restored); nil when it is not theirs, was replaced, or expired.
    func take(owner: String, token: String) throws -> String? {
        switch try store.takeRestorePreview(owner: owner, tokenHash: Crypto.sha256(token), since: now().addingTimeInterval(-Self.lifetime)) {
        case .taken:
            let kept = path(owner: owner, token: token)
            return FileManager.default.fileExists(atPath: kept) ? kept : nil
        case .gone:
            removeFiles(owner: owner)
            return nil
        case .otherToken:
            return nil
        }
    }

    /// The reader's preview, row and file, gone (a new upload, or the account deleted).
    func discard(owner: String) throws {
        try store.dropRestorePreview(owner: owner)
        removeFiles(owner: owner)
    }

    /// Removes the reader's preview files on this node (their row is gone already, or with the account).
    func removeFiles(owner: String) {
        let mine = "\(Self.prefix)\(owner)-"
        for name in names() where name.hasPrefix(mine) { try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name)) }
    }

    /// Expires previews older than `lifetime` and removes every preview file on this node that no
    /// row stands for (expired, replaced, or of an account deleted on another node).
    func sweep() {
        guard let live = try? store.expireRestorePreviews(before: now().addingTimeInterval(-Self.lifetime)) else { return }
        for name in names() {
            let standing = live.contains { row in
                let mine = "\(Self.prefix)\(row.owner)-"
                return name.hasPrefix(mine) && Crypto.sha256(String(name.dropFirst(mine.count))) == row.tokenHash
            }
            if !standing { try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name)) }
        }
    }

    private func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix(Self.prefix) }
    }
}
