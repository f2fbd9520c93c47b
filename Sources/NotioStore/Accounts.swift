import Foundation
import NotioCore

extension Store {
    private static let userColumns = "id, email, name, language, time_zone, created_at, sentence_review"

    private static func user(_ r: Row) -> User {
        User(id: r.string(0), email: r.string(1), name: r.string(2), language: r.string(3), timeZone: r.string(4), createdAt: r.date(5),
             sentenceReview: r.bool(6))
    }

    /// Inserts a new account; returns nil when the email is taken.
    public func insertUser(_ user: User, passwordHash: String, termsAgreedAt: Date) throws -> User? {
        do {
            try database.write { c in
                try c.run("INSERT INTO users (id, email, name, password_hash, language, time_zone, terms_agreed_at, created_at) VALUES (?,?,?,?,?,?,?,?)",
                          [user.id, user.email, user.name, passwordHash, user.language, user.timeZone, termsAgreedAt.millis, user.createdAt.millis])
            }
            return user
        } catch let e as DatabaseError where e.isConstraint {
            return nil
        }
    }

    public func user(id: String) throws -> User? {
        try database.read { c in try c.first("SELECT \(Self.userColumns) FROM users WHERE id = ?", [id], Self.user) }
    }

    /// The account and its password hash, for signing in.
    public func credentials(email: String) throws -> (user: User, passwordHash: String)? {
        try database.read { c in
            try c.first("SELECT \(Self.userColumns), password_hash FROM users WHERE email = ?", [email]) { r in (Self.user(r), r.string(7)) }
        }
    }

    public func emailExists(_ email: String) throws -> Bool {
        try database.read { c in try c.first("SELECT 1 FROM users WHERE email = ?", [email], { _ in true }) ?? false }
    }

    public func updatePreferences(userId: String, language: String, timeZone: String) throws {
        try database.write { c in
            let before = try c.first("SELECT time_zone FROM users WHERE id = ?", [userId]) { $0.string(0) }
            try c.run("UPDATE users SET language = ?, time_zone = ? WHERE id = ?", [language, timeZone, userId])
            // Days are counted in the reader's zone: another zone moves activity across midnights.
            if before != timeZone { try rebuildActivityDays(owner: userId, c) }
        }
    }

    public func setName(userId: String, _ name: String) throws {
        try database.write { c in try c.run("UPDATE users SET name = ? WHERE id = ?", [name, userId]) }
    }

    /// A new sign-in email; false when another account has it.
    public func setEmail(userId: String, _ email: String) throws -> Bool {
        do {
            try database.write { c in try c.run("UPDATE users SET email = ? WHERE id = ?", [email, userId]) }
            return true
        } catch let e as DatabaseError where e.isConstraint {
            return false
        }
    }

    /// Whether saved sentences come back in 오늘 복습.
    public func setSentenceReview(userId: String, _ on: Bool) throws {
        try database.write { c in try c.run("UPDATE users SET sentence_review = ? WHERE id = ?", [on, userId]) }
    }

    public func setPasswordHash(userId: String, _ hash: String) throws {
        try database.write { c in try c.run("UPDATE users SET password_hash = ? WHERE id = ?", [hash, userId]) }
    }

    // MARK: Sessions

    public func insertSession(tokenHash: Data, _ session: Session, at now: Date) throws {
        try database.write { c in
            try c.run("INSERT INTO sessions (token_hash, user_id, csrf_token, read_only, created_at, expires_at) VALUES (?,?,?,?,?,?)",
                      [tokenHash, session.userId, session.csrfToken, session.readOnly, now.millis, session.expiresAt.millis])
        }
    }

    /// The live session for a token hash with its user, or nil when absent or expired.
    public func session(tokenHash: Data, at now: Date) throws -> (Session, User)? {
        try database.read { c in
            try c.first("""
                SELECT s.csrf_token, s.read_only, s.expires_at, u.id, u.email, u.name, u.language, u.time_zone, u.created_at, u.sentence_review
                FROM sessions s JOIN users u ON u.id = s.user_id
                WHERE s.token_hash = ? AND s.expires_at > ?
                """, [tokenHash, now.millis]) { r in
                let user = User(id: r.string(3), email: r.string(4), name: r.string(5), language: r.string(6), timeZone: r.string(7), createdAt: r.date(8),
                                sentenceReview: r.bool(9))
                return (Session(userId: user.id, csrfToken: r.string(0), readOnly: r.bool(1), expiresAt: r.date(2)), user)
            }
        }
    }

    /// A new password hash, and every session of the account but `keeping` ended, in one
    /// transaction: whoever knew the old password is signed out everywhere else at once.
    public func changePassword(userId: String, hash: String, keeping tokenHash: Data?) throws {
        try database.write { c in
            try c.run("UPDATE users SET password_hash = ? WHERE id = ?", [hash, userId])
            try endSessions(userId: userId, keeping: tokenHash, c)
        }
    }

    /// Ends every session of the account but `keeping` (the one asking); returns how many ended.
    @discardableResult
    public func endOtherSessions(userId: String, keeping tokenHash: Data?) throws -> Int {
        try database.write { c in try endSessions(userId: userId, keeping: tokenHash, c) }
    }

    private func endSessions(userId: String, keeping tokenHash: Data?, _ c: Connection) throws -> Int {
        if let tokenHash {
            return try c.run("DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?", [userId, tokenHash])
        }
        return try c.run("DELETE FROM sessions WHERE user_id = ?", [userId])
    }

    /// What an account's deletion leaves to remove outside the database.
    public struct DeletedAccount: Sendable {
        /// The notes whose PDFs are to be removed.
        public var noteIds: [String]
        /// Cover files the account's books used that no other book uses any more.
        public var unusedCovers: [String]
    }

    /// Deletes the account and everything it owns in one transaction (the rows reach the
    /// account's tables through ON DELETE CASCADE; the search tables hold no foreign keys, so
    /// they are cleared first). The files are the caller's to remove, after the commit.
    public func deleteAccount(userId: String) throws -> DeletedAccount {
        try database.write { c in
            let notes = try c.all("SELECT id FROM notes WHERE owner_id = ?", [userId]) { $0.string(0) }
            let covers = try c.all("SELECT DISTINCT cover_file FROM books WHERE owner_id = ? AND cover_file IS NOT NULL", [userId]) { $0.string(0) }
            try c.run("DELETE FROM note_search WHERE note_id IN (SELECT id FROM notes WHERE owner_id = ?)", [userId])
            try c.run("DELETE FROM sentence_search WHERE sentence_id IN (SELECT id FROM sentences WHERE owner_id = ?)", [userId])
            try c.run("DELETE FROM users WHERE id = ?", [userId])
            var unused: [String] = []
            for cover in covers where try c.first("SELECT 1 FROM books WHERE cover_file = ? LIMIT 1", [cover], { _ in true }) == nil {
                unused.append(cover)
            }
            return DeletedAccount(noteIds: notes, unusedCovers: unused)
        }
    }

    public func deleteSession(tokenHash: Data) throws {
        try database.write { c in try c.run("DELETE FROM sessions WHERE token_hash = ?", [tokenHash]) }
    }

    /// Drops expired sessions and old login failures.
    public func pruneExpired(at now: Date, failureWindow: TimeInterval) throws {
        try database.write { c in
            try c.run("DELETE FROM sessions WHERE expires_at <= ?", [now.millis])
            try c.run("DELETE FROM login_failures WHERE at <= ?", [now.addingTimeInterval(-failureWindow).millis])
            try c.run("DELETE FROM address_events WHERE at <= ?", [now.addingTimeInterval(-failureWindow).millis])
        }
    }

    // MARK: Login throttling

    /// Counts a sign-in attempt before its password is checked: in one write transaction, the
    /// attempts within the window are counted (failures and attempts still being checked alike)
    /// and, when they are under their limits, one more is recorded. Returns its id, or nil when a
    /// limit is reached. Parallel attempts queue on the write lock (SQLite) or on one advisory
    /// lock (PostgreSQL, where the counts are read after it is taken, so a node sees what another
    /// node recorded a moment before), so no burst can get more passwords checked than the limits
    /// allow.
    ///
    /// `device` is where the attempt comes from: empty for an unknown device, whose attempts
    /// count per email (`maxPerEmail`) and per address (`maxPerAddress`) among unknown devices;
    /// or a device the account has signed in from (`knownDevice`), whose attempts count in a
    /// line of their own (`maxPerEmail` for that email and device). A stranger's guesses thus
    /// lock out strangers, never the reader's own devices.
    public func reserveLoginAttempt(email: String, address: String, device: String = "", since: Date, at now: Date,
                                    maxPerEmail: Int, maxPerAddress: Int) throws -> Int64? {
        try database.write(serializable: false) { c in
            if c.engine == .postgres { try c.execute("SELECT pg_advisory_xact_lock(7720414)") }
            try c.run("DELETE FROM login_failures WHERE email = ? AND at <= ?", [email, since.millis])
            let e = try c.first("SELECT count(*) FROM login_failures WHERE email = ? AND device = ? AND at > ?", [email, device, since.millis], { $0.int(0) }) ?? 0
            guard e < maxPerEmail else { return nil }
            if device.isEmpty {
                let a = try c.first("SELECT count(*) FROM login_failures WHERE address = ? AND device = '' AND at > ?", [address, since.millis], { $0.int(0) }) ?? 0
                guard a < maxPerAddress else { return nil }
            }
            return try c.first("INSERT INTO login_failures (email, address, device, at) VALUES (?,?,?,?) RETURNING id",
                               [email, address, device, now.millis], { $0.int64(0) })
        }
    }

    /// An attempt whose password was never checked (the server was busy) is not held against anyone.
    public func releaseLoginAttempt(_ id: Int64) throws {
        try database.write { c in try c.run("DELETE FROM login_failures WHERE id = ?", [id]) }
    }

    /// A right password forgives the earlier attempts of the email from the same device (the
    /// unknown devices' line for an unknown one), this one included.
    public func forgiveLoginAttempts(email: String, device: String = "", through id: Int64) throws {
        try database.write { c in try c.run("DELETE FROM login_failures WHERE email = ? AND device = ? AND id <= ?", [email, device, id]) }
    }

    // MARK: Known devices

    /// The first of `devices` (a key such as `cookie:<hash>` or `address:<ip>`, and how recent
    /// its last sign-in must be) that the account has signed in from, or nil.
    public func knownDevice(userId: String, among devices: [(key: String, since: Date)]) throws -> String? {
        try database.read { c in
            for device in devices {
                if try c.first("SELECT 1 FROM known_devices WHERE user_id = ? AND device = ? AND last_seen > ?",
                               [userId, device.key, device.since.millis], { _ in true }) == true { return device.key }
            }
            return nil
        }
    }

    /// Remembers that the account signed in from these devices now, and forgets the ones it has
    /// not signed in from since `forgetBefore`.
    public func rememberDevices(userId: String, _ keys: [String], at now: Date, forgetBefore: Date) throws {
        try database.write { c in
            for key in keys {
                try c.run("""
                    INSERT INTO known_devices (user_id, device, last_seen) VALUES (?,?,?)
                    ON CONFLICT (user_id, device) DO UPDATE SET last_seen = excluded.last_seen
                    """, [userId, key, now.millis])
            }
            try c.run("DELETE FROM known_devices WHERE user_id = ? AND last_seen <= ?", [userId, forgetBefore.millis])
        }
    }

    /// Attempts since `since` for this email and for this address (failures and those in
    /// progress), from every device.
    public func loginFailures(email: String, address: String, since: Date) throws -> (email: Int, address: Int) {
        try database.read { c in
            let e = try c.first("SELECT count(*) FROM login_failures WHERE email = ? AND at > ?", [email, since.millis], { $0.int(0) }) ?? 0
            let a = try c.first("SELECT count(*) FROM login_failures WHERE address = ? AND at > ?", [address, since.millis], { $0.int(0) }) ?? 0
            return (e, a)
        }
    }

    // MARK: Per-address limits (sign-ups, email look-ups)

    /// Records one event of `kind` from `address` when fewer than `limit` happened since `since`;
    /// false when the limit is reached. Atomic in the same way as `reserveLoginAttempt`.
    public func takeAddressAllowance(kind: String, address: String, limit: Int, since: Date, at now: Date) throws -> Bool {
        try database.write(serializable: false) { c in
            if c.engine == .postgres { try c.execute("SELECT pg_advisory_xact_lock(7720415)") }
            try c.run("DELETE FROM address_events WHERE kind = ? AND address = ? AND at <= ?", [kind, address, since.millis])
            let n = try c.first("SELECT count(*) FROM address_events WHERE kind = ? AND address = ? AND at > ?",
                                [kind, address, since.millis], { $0.int(0) }) ?? 0
            guard n < limit else { return false }
            try c.run("INSERT INTO address_events (kind, address, at) VALUES (?,?,?)", [kind, address, now.millis])
            return true
        }
    }
}

extension Store {
    public func userCount() throws -> Int {
        try database.read { c in try c.first("SELECT count(*) FROM users", [], { $0.int(0) }) ?? 0 }
    }
}
