import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// Sign-up, sign-in, guests and sign-out: the rules shared by the pages and the JSON API.
struct AccountService: Sendable {
    let store: Store
    let config: Configuration
    let now: @Sendable () -> Date
    let sessions: SessionCache
    let hasher: PasswordHasher

    init(store: Store, config: Configuration, now: @escaping @Sendable () -> Date, sessions: SessionCache) {
        self.store = store; self.config = config; self.now = now; self.sessions = sessions
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
    }

    /// Creates the account and signs it in. 422 names the bad fields, 409 when the email is taken,
    /// 429 past the sign-ups allowed from one address.
    func signUp(email rawEmail: String, password: String, name: String, agreeTerms: Bool, address: String, language: String) async throws -> SignedIn {
        let email = AccountRules.normalisedEmail(rawEmail)
        let problems = AccountRules.signupProblems(email: email, password: password, name: name, agreeTerms: agreeTerms)
        if !problems.isEmpty {
            throw HTTPError.unprocessable(problems.mapValues { AccountMessages.text($0, language: language) },
                                          AccountMessages.text("fix_fields", language: language))
        }
        // Counted before the email is looked up: a 409 tells whether an email has an account.
        guard try store.takeAddressAllowance(kind: "signup", address: address, limit: config.signupsPerHour,
                                             since: now().addingTimeInterval(-Self.signupWindow), at: now()) else {
            throw limited("too_many_signups", retryAfter: Int(Self.signupWindow), language)
        }
        if try store.emailExists(email) { throw emailTaken(language) }
        let hash: String
        do { hash = try await hasher.hash(password) } catch is PasswordHasher.Busy { throw busy(language) }
        let user = User(id: UUID().uuidString.lowercased(), email: email, name: name.trimmingCharacters(in: .whitespacesAndNewlines),
                        language: language, timeZone: "Asia/Seoul", createdAt: now())
        guard let saved = try store.insertUser(user, passwordHash: hash, termsAgreedAt: now()) else { throw emailTaken(language) }
        return try startSession(for: saved, readOnly: false)
    }

    /// Whether an email is free for a new account; 422 when it could never be used, 429 past the
    /// look-ups allowed from one address.
    func emailAvailable(_ rawEmail: String, address: String, language: String) throws -> Bool {
        guard try store.takeAddressAllowance(kind: "email_lookup", address: address, limit: config.emailLookupsPerMinute,
                                             since: now().addingTimeInterval(-Self.lookupWindow), at: now()) else {
            throw limited("too_many_lookups", retryAfter: Int(Self.lookupWindow), language)
        }
        let email = try checkedEmail(rawEmail, language: language)
        return !(try store.emailExists(email))
    }

    /// The normalised email, or 422 naming what is wrong with it.
    private func checkedEmail(_ rawEmail: String, language: String) throws -> String {
        let email = AccountRules.normalisedEmail(rawEmail)
        if let problem = AccountRules.emailProblem(email) {
            let message = AccountMessages.text(problem, language: language)
            throw HTTPError.unprocessable(["email": message], message)
        }
        return email
    }

    private func emailTaken(_ language: String) -> HTTPError {
        HTTPError(409, "email_taken", AccountMessages.text("email_taken", language: language), fields: ["email": AccountMessages.text("email_taken", language: language)])
    }

    private func limited(_ key: String, retryAfter: Int, _ language: String) -> HTTPError {
        var e = HTTPError(429, key, AccountMessages.text(key, language: language))
        e.retryAfter = retryAfter
        return e
    }

    private func busy(_ language: String) -> HTTPError {
        var e = HTTPError(503, "busy", AccountMessages.text("busy", language: language))
        e.retryAfter = Self.busyRetrySeconds
        return e
    }

    /// Checks the password. The attempt is counted before the check, so a burst of guesses gets
    /// no more passwords checked than the limits allow (429 for the rest); a right password
    /// forgives the email's attempts; a full line of waiting checks answers 503 `busy`.
    func logIn(email rawEmail: String, password: String, address: String, language: String) async throws -> SignedIn {
        let email = try checkedEmail(rawEmail, language: language)
        guard let user = try await checkCounted(email: email, password: password, address: address, language: language) else {
            throw HTTPError(401, "invalid_credentials", AccountMessages.text("invalid_credentials", language: language))
        }
        return try startSession(for: user, readOnly: false)
    }

    /// Checks the signed-in reader's own password before a change that needs it (a new password,
    /// deleting the account). Counted like a sign-in, so a borrowed session cannot be used to
    /// guess the password: 429 after the same few failures; a wrong one is 403 `wrong_password`.
    func confirmPassword(of user: User, _ password: String, address: String, language: String) async throws {
        guard try await checkCounted(email: user.email, password: password, address: address, language: language) != nil else {
            let message = AccountMessages.text("wrong_password", language: language)
            throw HTTPError(403, "wrong_password", message, fields: ["currentPassword": message])
        }
    }

    /// The account whose password this is, or nil when it is wrong (or there is no such account).
    /// The attempt is counted before the check: 429 past the limits; a check that never ran (503
    /// `busy`, an error) is not held against anyone; a right password forgives the email's attempts.
    private func checkCounted(email: String, password: String, address: String, language: String) async throws -> User? {
        guard let attempt = try store.reserveLoginAttempt(email: email, address: address, since: now().addingTimeInterval(-Self.failureWindow),
                                                          at: now(), maxPerEmail: Self.maxFailuresPerEmail,
                                                          maxPerAddress: Self.maxFailuresPerAddress) else {
            throw limited("too_many_attempts", retryAfter: Int(Self.failureWindow), language)
        }
        let found: (user: User, passwordHash: String)?
        let ok: Bool
        do {
            found = try store.credentials(email: email)
            // Checked against a decoy hash when the email is unknown, so timing does not tell which emails exist.
            ok = try await hasher.verify(password, hash: found?.passwordHash)
        } catch {
            try? store.releaseLoginAttempt(attempt)
            if error is PasswordHasher.Busy { throw busy(language) }
            throw error
        }
        guard let found, ok else { return nil }
        try store.forgiveLoginAttempts(email: email, through: attempt)
        return found.user
    }

    /// A new password for the signed-in reader; every other session of theirs ends.
    func changePassword(of user: User, current: String, new: String, keeping tokenHash: Data?, address: String, language: String) async throws {
        if new.count < AccountRules.minimumPasswordLength {
            let message = AccountMessages.text("password_too_short", language: language)
            throw HTTPError.unprocessable(["newPassword": message], message)
        }
        try await confirmPassword(of: user, current, address: address, language: language)
        let hash: String
        do { hash = try await hasher.hash(new) } catch is PasswordHasher.Busy { throw busy(language) }
        try store.changePassword(userId: user.id, hash: hash, keeping: tokenHash)
        sessions.clear()
    }

    /// Deletes the reader's account with everything it owns: rows in one transaction, then the
    /// files (note PDFs, and covers no other book uses).
    func deleteAccount(of user: User, password: String, address: String, language: String, files: FileStorage) async throws {
        try await confirmPassword(of: user, password, address: address, language: language)
        let deleted = try store.deleteAccount(userId: user.id)
        for id in deleted.noteIds { files.remove(FileStorage.notePDF(id)) }
        for cover in deleted.unusedCovers where !cover.contains("/") { files.remove(FileStorage.cover(cover)) }
        sessions.clear()
    }

    /// Ends the reader's sessions on every other device.
    func endOtherSessions(of user: User, keeping tokenHash: Data?) throws {
        try store.endOtherSessions(userId: user.id, keeping: tokenHash)
        sessions.clear()
    }

    /// A read-only session on the demo account ("둘러보기"); 404 when the server has no demo.
    func startGuest(language: String) throws -> SignedIn {
        guard demoAvailable, let demo = try store.credentials(email: Self.demoEmail)?.user else {
            throw HTTPError(404, "demo_unavailable", AccountMessages.text("demo_unavailable", language: language))
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

    func logOut(_ visitor: Visitor) throws {
        if let hash = visitor.tokenHash { try store.deleteSession(tokenHash: hash) }
        sessions.clear()
    }
}

/// Account messages in both languages (the pages' own strings live with the views).
enum AccountMessages {
    static let table: [String: (ko: String, en: String)] = [
        "invalid_email": ("이메일 형식이 올바르지 않아요.", "Enter a valid email address."),
        "password_too_short": ("비밀번호는 8자 이상이어야 해요.", "Use at least 8 characters."),
        "password_mismatch": ("비밀번호가 일치하지 않아요.", "The passwords do not match."),
        "name_required": ("이름을 입력해 주세요.", "Enter your name."),
        "name_too_long": ("이름은 50자 이하로 입력해 주세요.", "Use at most 50 characters."),
        "terms_required": ("이용약관에 동의해 주세요.", "Agree to the terms to continue."),
        "email_taken": ("이미 가입된 이메일이에요.", "This email is already registered."),
        "invalid_credentials": ("이메일 또는 비밀번호가 맞지 않아요.", "The email or password is wrong."),
        "too_many_attempts": ("로그인 시도가 너무 많아요. 15분 뒤에 다시 시도해 주세요.", "Too many sign-in attempts. Try again in 15 minutes."),
        "fix_fields": ("입력한 내용을 확인해 주세요.", "Check the highlighted fields."),
        "email_invisible_characters": ("이메일에 보이지 않는 문자(소프트 하이픈, 폭 없는 공백, 방향 제어 문자 등)가 들어 있어요. 직접 다시 입력해 주세요.",
                                       "The email contains characters you cannot see (a soft hyphen, a zero-width space, a direction mark…). Type it again by hand."),
        "email_mixed_scripts": ("이메일에 서로 닮은 다른 문자(예: 라틴 문자 사이의 키릴 문자)가 섞여 있어요. 한 가지 문자로 입력해 주세요.",
                                "The email mixes look-alike letters from different alphabets (such as a Cyrillic letter among Latin ones). Use one alphabet."),
        "too_many_signups": ("이 주소에서 가입 요청이 너무 많아요. 1시간 뒤에 다시 시도해 주세요.", "Too many sign-ups from this address. Try again in an hour."),
        "too_many_lookups": ("이메일 확인 요청이 너무 많아요. 1분 뒤에 다시 시도해 주세요.", "Too many email checks from this address. Try again in a minute."),
        "busy": ("지금 로그인 요청이 몰려 있어요. 잠시 후 다시 시도해 주세요.", "Too many sign-ins are waiting right now. Try again in a few seconds."),
        "demo_unavailable": ("이 서버에는 둘러볼 데모 계정이 없어요.", "This server has no demo account to look around in."),
        "wrong_password": ("현재 비밀번호가 맞지 않아요.", "The current password is wrong."),
    ]

    static func text(_ key: String, language: String) -> String {
        guard let entry = table[key] else { return key }
        return language == "en" ? entry.en : entry.ko
    }
}
