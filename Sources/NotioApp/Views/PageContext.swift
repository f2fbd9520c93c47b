import Foundation

/// The interface languages. Korean first.
public enum Language: String, Sendable, CaseIterable {
    case ko, en

    /// The language named by an `Accept-Language` header, Korean when none matches.
    public static func preferred(acceptLanguage header: String?) -> Language {
        guard let header else { return .ko }
        let ranked = header.split(separator: ",").compactMap { part -> (String, Double)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty else { return nil }
            var q = 1.0
            for p in pieces.dropFirst() where p.hasPrefix("q=") { q = Double(p.dropFirst(2)) ?? 0 }
            return (tag.lowercased(), q)
        }.sorted { $0.1 > $1.1 }
        for (tag, q) in ranked where q > 0 {
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            if let lang = Language(rawValue: primary) { return lang }
        }
        return .ko
    }
}

/// The account a page is rendered for.
public struct SignedInUser: Sendable {
    public var id: String
    public var email: String
    public var name: String
    /// Whether saved sentences come back in 오늘 복습 (the settings page shows the switch).
    public var sentenceReview: Bool
    public init(id: String, email: String, name: String, sentenceReview: Bool = true) {
        self.id = id
        self.email = email
        self.name = name
        self.sentenceReview = sentenceReview
    }
}

/// What the timer bar shows.
public struct TimerBarInfo: Sendable {
    public var state: String
    public var endsAt: Date?
    public var remainingSeconds: Int
    public var bookTitle: String
    public var bookId: String
    /// Whole minutes read, for a finished timer's "12분 읽었어요".
    public var minutesRead: Int
    /// The timer's length in minutes, for "한 번 더" (the same again).
    public var minutes: Int
    public init(state: String, endsAt: Date?, remainingSeconds: Int, bookTitle: String, bookId: String = "", minutesRead: Int = 0,
                minutes: Int = 0) {
        self.state = state; self.endsAt = endsAt; self.remainingSeconds = remainingSeconds; self.bookTitle = bookTitle
        self.bookId = bookId; self.minutesRead = minutesRead; self.minutes = minutes
    }
}

/// Everything a page needs to know about the request it answers, besides its own data.
public struct PageContext: Sendable {
    public var language: Language
    /// nil when signed out.
    public var user: SignedInUser?
    /// Browsing the demo account read-only ("둘러보기"): a banner is shown and edit actions hidden.
    public var isGuest: Bool
    /// The server has the demo account (`--seed-demo`): the pages offer 둘러보기.
    public var offersGuestBrowse = false
    /// Sent in every form as the hidden input `csrf_token` and in `<meta name="csrf-token">`.
    public var csrfToken: String
    /// The request path, used to mark the current navigation item.
    public var path: String
    /// Maps a file under Public/ ("css/app.css") to its served, content-hashed URL.
    public var asset: @Sendable (String) -> String

    /// The reader's dial timer while it runs, is paused or has just finished: every page shows
    /// a small bar with it (the web's stand-in for a Live Activity).
    public var timer: TimerBarInfo?

    public init(
        language: Language = .ko,
        user: SignedInUser? = nil,
        isGuest: Bool = false,
        csrfToken: String,
        path: String,
        asset: @escaping @Sendable (String) -> String
    ) {
        self.language = language
        self.user = user
        self.isGuest = isGuest
        self.csrfToken = csrfToken
        self.path = path
        self.asset = asset
    }

    /// The localised text for `key` in this page's language.
    public func t(_ key: String) -> String { L10n.t(key, language) }
}
