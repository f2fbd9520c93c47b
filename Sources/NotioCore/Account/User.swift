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
    /// Whether saved sentences come back in 오늘 복습 beside wrong answers (on unless turned off).
    public var sentenceReview: Bool

    public init(id: String, email: String, name: String, language: String = "ko", timeZone: String = "Asia/Seoul", createdAt: Date,
                sentenceReview: Bool = true) {
        self.id = id; self.email = email; self.name = name; self.language = language; self.timeZone = timeZone; self.createdAt = createdAt
        self.sentenceReview = sentenceReview
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

    /// Emails are compared trimmed, NFKC-normalised and lower-cased, so that `ｓｔｕｄｙ@notio.io`
    /// (full-width letters) or `𝐬𝐭𝐮𝐝𝐲@notio.io` is the same account as `study@notio.io`.
    public static func normalisedEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCompatibilityMapping.lowercased()
    }

    /// What is wrong with a (normalised) email, as a message key, or nil when it may be used.
    /// The one rule for sign-up, sign-in, the email check and the pages: besides the format,
    /// characters one cannot see (soft hyphen, zero-width and bidi controls, other format and
    /// control characters, Hangul fillers), look-alike letters from different alphabets in one
    /// part (a Cyrillic `ѕ` among Latin letters) and marks added to letters in the local part
    /// (`victiḿ`, whether typed as `m` + U+0301 or as `ḿ`) are refused, because they make a
    /// second account that looks like the first.
    public static func emailProblem(_ email: String) -> String? {
        if email.unicodeScalars.contains(where: isInvisible) { return "email_invisible_characters" }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        let labels = parts.count == 2 ? [parts[0]] + parts[1].split(separator: ".") : []
        if labels.contains(where: { ConfusableScript.mixes($0.unicodeScalars) }) { return "email_mixed_scripts" }
        if parts.count == 2, parts[0].unicodeScalars.contains(where: isAddedMark) { return "email_combining_marks" }
        return isValidEmail(email) ? nil : "invalid_email"
    }

    /// A combining mark left standing in the (NFKC-normalised) local part, or a letter of the
    /// look-alike alphabets made of a plain letter and a mark that the alphabets people type
    /// do not have as a letter of their own: `ḿ` and Vietnamese `ễ` are refused, `é`, `ő`, Greek
    /// `ό` and Cyrillic `й` (Latin-1, Latin Extended-A, the basic Greek and Cyrillic blocks) stay.
    static func isAddedMark(_ scalar: Unicode.Scalar) -> Bool {
        if isMark(scalar) { return true }
        guard ConfusableScript.of(scalar) != nil else { return false }
        switch scalar.value {
        case 0x00C0...0x017F, 0x0370...0x03FF, 0x0400...0x04FF: return false
        default: return String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.contains(where: isMark)
        }
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let p = scalar.properties
        if p.isDefaultIgnorableCodePoint || p.isWhitespace { return true }
        switch p.generalCategory {
        case .format, .control, .privateUse, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator, .spaceSeparator: return true
        default: return false
        }
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
        if let problem = emailProblem(email) { problems["email"] = problem }
        if password.count < minimumPasswordLength { problems["password"] = "password_too_short" }
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmedName.isEmpty { problems["name"] = "name_required" } else if trimmedName.count > maximumNameLength { problems["name"] = "name_too_long" }
        if !agreeTerms { problems["agreeTerms"] = "terms_required" }
        return problems
    }
}

/// The alphabets whose letters look alike (Latin `a`, Cyrillic `а`, Greek `α`; Latin `s`,
/// Cyrillic `ѕ`; Cherokee `Ꭺ`). A part of an email that takes letters from two of them is a
/// look-alike of another address (UTS #39's "mixed-script confusables", reduced to the scripts
/// that matter). Scripts without look-alikes here (Hangul, Han, Kana) may appear beside Latin.
enum ConfusableScript: CaseIterable {
    case latin, greek, cyrillic, armenian, cherokee, georgian, coptic

    static func of(_ s: Unicode.Scalar) -> ConfusableScript? {
        switch s.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1D00...0x1D7F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F:
            return s.properties.isAlphabetic ? .latin : nil
        case 0x370...0x3FF, 0x1F00...0x1FFF: return s.properties.isAlphabetic ? .greek : nil
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return s.properties.isAlphabetic ? .cyrillic : nil
        case 0x530...0x58F, 0xFB13...0xFB17: return .armenian
        case 0x13A0...0x13FF, 0xAB70...0xABBF: return .cherokee
        case 0x10A0...0x10FF, 0x2D00...0x2D2F, 0x1C90...0x1CBF: return .georgian
        case 0x2C80...0x2CFF: return .coptic
        default: return nil
        }
    }

    static func mixes<S: Sequence>(_ scalars: S) -> Bool where S.Element == Unicode.Scalar {
        var seen: ConfusableScript?
        for s in scalars {
            guard let script = of(s) else { continue }
            if let seen, seen != script { return true }
            seen = script
        }
        return false
    }
}
