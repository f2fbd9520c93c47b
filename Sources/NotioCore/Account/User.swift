import Foundation

/// An account. The password hash never leaves the store.
public struct User: Codable, Sendable, Hashable {
    public var id: String
    public var email: String
    public var name: String
    /// "ko" or "en".
    public var language: String
    /// An IANA zone such as "Asia/Seoul": day boundaries for streaks and statistics.
    public var timeZone: String
    public var createdAt: Date

    public init(id: String, email: String, name: String, language: String = "ko", timeZone: String = "Asia/Seoul", createdAt: Date) {
        self.id = id; self.email = email; self.name = name; self.language = language; self.timeZone = timeZone; self.createdAt = createdAt
    }
}

/// A signed-in browser or client. `readOnly` sessions browse the demo account ("둘러보기").
public struct Session: Sendable, Hashable {
    public var userId: String
    public var csrfToken: String
    public var readOnly: Bool
    public var expiresAt: Date
    public init(userId: String, csrfToken: String, readOnly: Bool, expiresAt: Date) {
        self.userId = userId; self.csrfToken = csrfToken; self.readOnly = readOnly; self.expiresAt = expiresAt
    }
}

/// Checks of what a person types when signing up.
public enum AccountRules {
    public static let minimumPasswordLength = 8
    public static let maximumNameLength = 50

    /// A practical email check: one @, a dot in the domain, no spaces; not RFC 5322 in full.
    public static func isValidEmail(_ email: String) -> Bool {
        let e = email.trimmingCharacters(in: .whitespaces)
        guard e.count <= 254, !e.contains(where: { $0.isWhitespace }) else { return false }
        let parts = e.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64 else { return false }
        let domain = parts[1]
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }) else { return false }
        return labels.last!.count >= 2
    }

    /// Emails are compared lower-cased and trimmed.
    public static func normalisedEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    public enum Strength: String, Sendable { case weak, fair, strong }

    /// A hint, not a rule: length and variety of character classes.
    public static func strength(of password: String) -> Strength {
        var classes = 0
        if password.contains(where: { $0.isLowercase }) { classes += 1 }
        if password.contains(where: { $0.isUppercase }) { classes += 1 }
        if password.contains(where: { $0.isNumber }) { classes += 1 }
        if password.contains(where: { !$0.isLetter && !$0.isNumber }) { classes += 1 }
        if password.count >= 12 && classes >= 3 { return .strong }
        if password.count >= 8 && classes >= 2 { return .fair }
        return .weak
    }

    /// Field name → message key for what is wrong with a sign-up.
    public static func signupProblems(email: String, password: String, name: String, agreeTerms: Bool) -> [String: String] {
        var problems: [String: String] = [:]
        if !isValidEmail(email) { problems["email"] = "invalid_email" }
        if password.count < minimumPasswordLength { problems["password"] = "password_too_short" }
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmedName.isEmpty { problems["name"] = "name_required" } else if trimmedName.count > maximumNameLength { problems["name"] = "name_too_long" }
        if !agreeTerms { problems["agreeTerms"] = "terms_required" }
        return problems
    }
}
