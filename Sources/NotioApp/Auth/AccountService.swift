import Foundation
import NotioCore
import NotioStore

/// Sign-up, sign-in, guests and sign-out: the rules shared by the pages and the JSON API.
struct AccountService: Sendable {
    let store: Store
    let config: Configuration
    let now: @Sendable () -> Date
    let sessions: SessionCache
    let hasher: PasswordHasher
    let previews: RestorePreviews

    init(store: Store, config: Configuration, now: @escaping @Sendable () -> Date, sessions: SessionCache, previews: RestorePreviews) {
        self.store = store; self.config = config; self.now = now; self.sessions = sessions; self.previews = previews
        hasher = PasswordHasher(waiting: config.loginQueue)
    }

    /// Sign-in attempts counted within this window…
    static let failureWindow: TimeInterval = 15 * 60
    /// …before an email is locked out for the rest of it: at most this many of its passwords
    /// are ever checked in a window, however many arrive at once.
    static let maxFailuresPerEmail = 5
    /// …before an address is locked out for the rest of it (many emails from one place).
    static let maxFailuresPerAddress = 20
    /// The window of `NOTIO_SIGNUPS_PER_HOUR` and of `NOTIO_EMAIL_LOOKUPS_PER_MINUTE`.
    static let signupWindow: TimeInterval = 60 * 60
    static let lookupWindow: TimeInterval = 60
    /// How long a busy server asks a client to wait before signing in again.
    static let busyRetrySeconds = 2
    static let demoEmail = DemoData.email

    /// The demo account exists only when the server was started with `--seed-demo`; then, and
    /// only then, visitors may browse it read-only (둘러보기).
    var demoAvailable: Bool { config.seedDemo }

    struct SignedIn: Sendable {
        var user: User
        var token: String
        var session: Session
        /// The device cookie to set (a sign-in or sign-up, not a guest).
        var deviceToken: String?
    }

    /// How long a device cookie stays known after its last sign-in, and an address.
    static let knownDeviceDays: TimeInterval = 365
    static let recentAddressDays: TimeInterval = 30

    /// Creates the account and signs it in. 422 names the bad fields, 409 when the email is taken,
    /// 429 past the sign-ups allowed from one address.
    func signUp(email rawEmail: String, password: String, name: String, agreeTerms: Bool, device: SignInDevice, language: String) async throws -> SignedIn {
        let address = device.address
        let email = AccountRules.normalisedEmail(rawEmail)
        let problems = AccountRules.signupProblems(email: email, password: password, name: name, agreeTerms: agreeTerms)
        if !problems.isEmpty {
            throw AppError.invalid(problems.mapValues { Message("account.\($0)") }, Message("account.fix_fields"))
        }
        // Counted before the email is looked up: a 409 tells whether an email has an account.
        guard try store.takeAddressAllowance(kind: "signup", address: address, limit: config.signupsPerHour,
                                             since: now().addingTimeInterval(-Self.signupWindow), at: now()) else {
            throw limited("too_many_signups", retryAfter: Int(Self.signupWindow))
        }
        if try store.emailExists(email) { throw emailTaken }
        let hash: String
        do { hash = try await hasher.hash(password) } catch is PasswordHasher.Busy { throw busy }
        let user = User(id: UUID().uuidString.lowercased(), email: email, name: name.trimmingCharacters(in: .whitespacesAndNewlines),
                        language: language, timeZone: "Asia/Seoul", createdAt: now())
        guard let saved = try store.insertUser(user, passwordHash: hash, termsAgreedAt: now()) else { throw emailTaken }
        var signedIn = try startSession(for: saved, readOnly: false)
        signedIn.deviceToken = try remember(device, of: saved)
        return signedIn
    }

    /// Whether an email is free for a new account; 422 when it could never be used, 429 past the
    /// look-ups allowed from one address.
    func emailAvailable(_ rawEmail: String, address: String) throws -> Bool {
        guard try store.takeAddressAllowance(kind: "email_lookup", address: address, limit: config.emailLookupsPerMinute,
                                             since: now().addingTimeInterval(-Self.lookupWindow), at: now()) else {
            throw limited("too_many_lookups", retryAfter: Int(Self.lookupWindow))
        }
        let email = try checkedEmail(rawEmail)
        return !(try store.emailExists(email))
    }

    /// The normalised email, or 422 naming what is wrong with it.
    private func checkedEmail(_ rawEmail: String) throws -> String {
        let email = AccountRules.normalisedEmail(rawEmail)
        if let problem = AccountRules.emailProblem(email) { throw AppError.invalid(field: "email", Message("account.\(problem)")) }
        return email
    }

    private var emailTaken: AppError {
        AppError(409, "email_taken", Message("account.email_taken"), fields: ["email": Message("account.email_taken")])
    }

    private func limited(_ code: String, retryAfter: Int) -> AppError {
        AppError(429, code, Message("account.\(code)"), retryAfter: retryAfter)
    }

    private var busy: AppError { AppError(503, "busy", Message("account.busy"), retryAfter: Self.busyRetrySeconds) }

    /// Checks the password. The attempt is counted before the check, so a burst of guesses gets
    /// no more passwords checked than the limits allow (429 for the rest); a right password
    /// forgives the email's attempts; a full line of waiting checks answers 503 `busy`.
    func logIn(email rawEmail: String, password: String, device: SignInDevice) async throws -> SignedIn {
        let email = try checkedEmail(rawEmail)
        guard let user = try await checkCounted(email: email, password: password, device: device) else {
            throw AppError(401, "invalid_credentials", Message("account.invalid_credentials"))
        }
        var signedIn = try startSession(for: user, readOnly: false)
        signedIn.deviceToken = try remember(device, of: user)
        return signedIn
    }

    /// Remembers the device a reader just signed in from: its cookie (a new one when it had
    /// none) and its address. The cookie's token to set.
    private func remember(_ device: SignInDevice, of user: User) throws -> String {
        let token = device.cookie.flatMap { Crypto.isToken($0) ? $0 : nil } ?? Crypto.randomToken()
        try store.rememberDevices(userId: user.id, [SignInDevice.cookieKey(token), SignInDevice.addressKey(device.address)], at: now(),
                                  forgetBefore: now().addingTimeInterval(-Self.knownDeviceDays * 86400))
        return token
    }

    /// The line a sign-in attempt for `user` is counted in: the device's own when the reader has
    /// signed in from it (its cookie within a year, its address within 30 days), else the line
    /// every unknown device shares.
    private func line(for user: User?, _ device: SignInDevice) throws -> String {
        guard let user else { return "" }
        var candidates: [(key: String, since: Date)] = []
        if let cookie = device.cookie, Crypto.isToken(cookie) {
            candidates.append((SignInDevice.cookieKey(cookie), now().addingTimeInterval(-Self.knownDeviceDays * 86400)))
        }
        candidates.append((SignInDevice.addressKey(device.address), now().addingTimeInterval(-Self.recentAddressDays * 86400)))
        return try store.knownDevice(userId: user.id, among: candidates) ?? ""
    }

    /// Checks the signed-in reader's own password before a change that needs it (a new password,
    /// deleting the account). Counted like a sign-in, so a borrowed session cannot be used to
    /// guess the password: 429 after the same few failures; a wrong one is 403 `wrong_password`.
    func confirmPassword(of user: User, _ password: String, device: SignInDevice) async throws {
        guard try await checkCounted(email: user.email, password: password, device: device) != nil else {
            throw AppError(403, "wrong_password", Message("account.wrong_password"), fields: ["currentPassword": Message("account.wrong_password")])
        }
    }

    /// The account whose password this is, or nil when it is wrong (or there is no such account).
    /// The attempt is counted before the check, in its device's line: 429 past the limits; a
    /// check that never ran (503 `busy`, an error) is not held against anyone; a right password
    /// forgives the attempts of its line.
    private func checkCounted(email: String, password: String, device: SignInDevice) async throws -> User? {
        let found = try store.credentials(email: email)
        let line = try line(for: found?.user, device)
        guard let attempt = try store.reserveLoginAttempt(email: email, address: device.address, device: line,
                                                          since: now().addingTimeInterval(-Self.failureWindow),
                                                          at: now(), maxPerEmail: Self.maxFailuresPerEmail,
                                                          maxPerAddress: Self.maxFailuresPerAddress) else {
            throw limited("too_many_attempts", retryAfter: Int(Self.failureWindow))
        }
        let ok: Bool
        do {
            // Checked against a decoy hash when the email is unknown, so timing does not tell which emails exist.
            ok = try await hasher.verify(password, hash: found?.passwordHash)
        } catch {
            try? store.releaseLoginAttempt(attempt)
            if error is PasswordHasher.Busy { throw busy }
            throw error
        }
        guard let found, ok else { return nil }
        try store.forgiveLoginAttempts(email: email, device: line, through: attempt)
        return found.user
    }

    /// A new password for the signed-in reader; every other session of theirs ends.
    func changePassword(of user: User, current: String, new: String, keeping tokenHash: Data?, device: SignInDevice) async throws {
        if new.count < AccountRules.minimumPasswordLength {
            throw AppError.invalid(field: "newPassword", Message("account.password_too_short"))
        }
        try await confirmPassword(of: user, current, device: device)
        let hash: String
        do { hash = try await hasher.hash(new) } catch is PasswordHasher.Busy { throw busy }
        try store.changePassword(userId: user.id, hash: hash, keeping: tokenHash)
        sessions.clear()
    }

    /// Deletes the reader's account with everything it owns: rows in one transaction, then the
    /// files (note PDFs, covers no other book uses, a restore preview).
    func deleteAccount(of user: User, password: String, device: SignInDevice, files: FileStorage) async throws {
        try await confirmPassword(of: user, password, device: device)
        let deleted = try store.deleteAccount(userId: user.id)
        for id in deleted.noteIds { files.remove(FileStorage.notePDF(id)) }
        for cover in deleted.unusedCovers where !cover.contains("/") { files.remove(FileStorage.cover(cover)) }
        previews.removeFiles(owner: user.id)
        sessions.clear()
    }

    /// A new display name (422 `name` when empty or too long).
    func rename(_ user: User, to raw: String) throws -> User {
        var problems: [String: String] = [:]
        guard let name = problems.collect({ () throws(ValidationFailure) in try AccountRules.name(raw) }) else {
            throw AppError.invalid(field: "name", Message(raw.trimmingCharacters(in: .whitespaces).isEmpty ? "account.name_required" : "account.name_too_long"))
        }
        try store.setName(userId: user.id, name)
        sessions.clear()
        var renamed = user
        renamed.name = name
        return renamed
    }

    /// A new sign-in email, confirmed by the password (the email is what signs in): 422 for an
    /// email that could never be used, 403 `wrong_password`, 409 `email_taken`.
    func changeEmail(of user: User, to raw: String, password: String, device: SignInDevice) async throws -> User {
        let email = try checkedEmail(raw)
        guard email != user.email else { return user }
        try await confirmPassword(of: user, password, device: device)
        guard try !store.emailExists(email), try store.setEmail(userId: user.id, email) else { throw emailTaken }
        sessions.clear()
        var changed = user
        changed.email = email
        return changed
    }

    /// `notio reset-password`: a new password set by the server's administrator; every session
    /// of the account ends. Nil when there is no such account.
    func resetPassword(email raw: String, to password: String) async throws -> User? {
        guard let user = try store.credentials(email: AccountRules.normalisedEmail(raw))?.user else { return nil }
        let hash: String
        do { hash = try await hasher.hash(password) } catch is PasswordHasher.Busy { throw busy }
        try store.changePassword(userId: user.id, hash: hash, keeping: nil)
        sessions.clear()
        return user
    }

    /// Ends the reader's sessions on every other device.
    func endOtherSessions(of user: User, keeping tokenHash: Data?) throws {
        try store.endOtherSessions(userId: user.id, keeping: tokenHash)
        sessions.clear()
    }

    /// A read-only session on the demo account ("둘러보기"); 404 when the server has no demo.
    func startGuest() throws -> SignedIn {
        guard demoAvailable, let demo = try store.credentials(email: Self.demoEmail)?.user else {
            throw AppError(404, "demo_unavailable", Message("account.demo_unavailable"))
        }
        return try startSession(for: demo, readOnly: true)
    }

    func startSession(for user: User, readOnly: Bool) throws -> SignedIn {
        let token = Crypto.randomToken()
        let days = readOnly ? 1 : config.sessionDays
        let session = Session(userId: user.id, csrfToken: Crypto.randomToken(), readOnly: readOnly,
                              expiresAt: now().addingTimeInterval(Double(days) * 86400))
        try store.insertSession(tokenHash: Crypto.sha256(token), session, at: now())
        return SignedIn(user: user, token: token, session: session)
    }

    func cookie(for signedIn: SignedIn) -> String {
        Cookies.sessionCookie(signedIn.token, maxAge: Int(signedIn.session.expiresAt.timeIntervalSince(now())), secure: config.secureCookies)
    }

    /// Every cookie a sign-in sets: the session's, and the device's that outlives it.
    func cookies(for signedIn: SignedIn) -> [String] {
        [cookie(for: signedIn)] + (signedIn.deviceToken.map {
            [Cookies.deviceCookie($0, maxAge: Int(Self.knownDeviceDays * 86400), secure: config.secureCookies)]
        } ?? [])
    }

    func logOut(_ visitor: Visitor) throws {
        if let hash = visitor.tokenHash { try store.deleteSession(tokenHash: hash) }
        sessions.clear()
    }
}

/// Where a sign-in comes from: the device cookie its browser carries (set at every sign-in,
/// kept a year, outliving sessions) and its address (as `NOTIO_TRUSTED_PROXIES` decides).
struct SignInDevice: Sendable {
    var cookie: String?
    var address: String

    static func cookieKey(_ token: String) -> String { "cookie:" + Crypto.sha256Hex(Data(token.utf8)) }
    static func addressKey(_ address: String) -> String { "address:" + address }
}
