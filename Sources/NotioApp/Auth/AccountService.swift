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

    /// Failures counted within this window…
    static let failureWindow: TimeInterval = 15 * 60
    /// …before an email is locked out for the rest of it.
    static let maxFailuresPerEmail = 5
    /// …before an address is locked out for the rest of it (many emails from one place).
    static let maxFailuresPerAddress = 20
    static let demoEmail = "study@notio.io"

    struct SignedIn: Sendable {
        var user: User
        var token: String
        var session: Session
    }

    /// Creates the account and signs it in. 422 names the bad fields, 409 when the email is taken.
    func signUp(email rawEmail: String, password: String, name: String, agreeTerms: Bool, language: String) async throws -> SignedIn {
        let email = AccountRules.normalisedEmail(rawEmail)
        let problems = AccountRules.signupProblems(email: email, password: password, name: name, agreeTerms: agreeTerms)
        if !problems.isEmpty {
            throw HTTPError.unprocessable(problems.mapValues { AccountMessages.text($0, language: language) },
                                          AccountMessages.text("fix_fields", language: language))
        }
        if try store.emailExists(email) { throw emailTaken(language) }
        let hash = try await PasswordHasher.shared.hash(password)
        let user = User(id: UUID().uuidString.lowercased(), email: email, name: name.trimmingCharacters(in: .whitespacesAndNewlines),
                        language: language, timeZone: "Asia/Seoul", createdAt: now())
        guard let saved = try store.insertUser(user, passwordHash: hash, termsAgreedAt: now()) else { throw emailTaken(language) }
        return try startSession(for: saved, readOnly: false)
    }

    private func emailTaken(_ language: String) -> HTTPError {
        HTTPError(409, "email_taken", AccountMessages.text("email_taken", language: language), fields: ["email": AccountMessages.text("email_taken", language: language)])
    }

    /// Checks the password; 429 after repeated failures for the email or the address.
    func logIn(email rawEmail: String, password: String, address: String, language: String) async throws -> SignedIn {
        let email = AccountRules.normalisedEmail(rawEmail)
        let since = now().addingTimeInterval(-Self.failureWindow)
        let failures = try store.loginFailures(email: email, address: address, since: since)
        if failures.email >= Self.maxFailuresPerEmail || failures.address >= Self.maxFailuresPerAddress {
            throw HTTPError(429, "too_many_attempts", AccountMessages.text("too_many_attempts", language: language))
        }
        let found = try store.credentials(email: email)
        // Verify against a fixed hash when the email is unknown, so timing does not tell which emails exist.
        let ok = try await PasswordHasher.shared.verify(password, hash: found?.passwordHash ?? PasswordHasher.shared.decoyHash())
        guard let found, ok else {
            try store.recordLoginFailure(email: email, address: address, at: now())
            throw HTTPError(401, "invalid_credentials", AccountMessages.text("invalid_credentials", language: language))
        }
        try store.clearLoginFailures(email: email)
        return try startSession(for: found.user, readOnly: false)
    }

    /// A read-only session on the demo account ("둘러보기").
    func startGuest() throws -> SignedIn {
        guard let demo = try store.credentials(email: Self.demoEmail)?.user else {
            throw HTTPError(404, "demo_unavailable", "The demo account is not set up on this server.")
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

/// Argon2id off the request threads: each hash on a thread of its own (never on the shared
/// pools, which busy jobs may hold), at most two at once (64 MiB each).
final class PasswordHasher: Sendable {
    static let shared = PasswordHasher()
    private let slots = DispatchSemaphore(value: 2)
    private let decoy: String

    private init() {
        decoy = (try? Crypto.hashPassword(Crypto.randomToken())) ?? ""
    }

    func decoyHash() -> String { decoy }

    private func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { cont in
            let thread = Thread { [slots] in
                slots.wait(); defer { slots.signal() }
                cont.resume(with: Result { try work() })
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    func hash(_ password: String) async throws -> String {
        try await run { try Crypto.hashPassword(password) }
    }

    func verify(_ password: String, hash: String) async throws -> Bool {
        try await run { Crypto.verifyPassword(password, hash: hash) }
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
    ]

    static func text(_ key: String, language: String) -> String {
        guard let entry = table[key] else { return key }
        return language == "en" ? entry.en : entry.ko
    }
}
