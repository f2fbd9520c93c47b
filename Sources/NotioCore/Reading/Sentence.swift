import Foundation

/// How a sentence made the reader feel: a fixed list, so that sentences can be found by it and
/// counted. Ids are stable (stored and sent by clients); labels are Korean first.
public enum Emotion: String, Codable, Sendable, CaseIterable {
    case moved, comfort, joy, sadness, excitement, empathy, insight, longing, calm, courage, surprise, anger

    public var label: String {
        switch self {
        case .moved: "감동"
        case .comfort: "위로"
        case .joy: "기쁨"
        case .sadness: "슬픔"
        case .excitement: "설렘"
        case .empathy: "공감"
        case .insight: "깨달음"
        case .longing: "그리움"
        case .calm: "평온"
        case .courage: "용기"
        case .surprise: "놀라움"
        case .anger: "분노"
        }
    }

    public var englishLabel: String {
        switch self {
        case .moved: "Moved"
        case .comfort: "Comforted"
        case .joy: "Joy"
        case .sadness: "Sadness"
        case .excitement: "Excitement"
        case .empathy: "Empathy"
        case .insight: "Insight"
        case .longing: "Longing"
        case .calm: "Calm"
        case .courage: "Courage"
        case .surprise: "Surprise"
        case .anger: "Anger"
        }
    }

    public var emoji: String {
        switch self {
        case .moved: "🥹"
        case .comfort: "🤗"
        case .joy: "😊"
        case .sadness: "😢"
        case .excitement: "💓"
        case .empathy: "🤝"
        case .insight: "💡"
        case .longing: "🌙"
        case .calm: "🍃"
        case .courage: "🔥"
        case .surprise: "😮"
        case .anger: "😠"
        }
    }
}

/// A sentence a reader kept from a book, with where it was and what it meant to them.
public struct Sentence: Codable, Sendable, Hashable {
    public var id: String
    public var bookId: String
    public var text: String
    public var page: Int?
    public var emotion: Emotion?
    public var memo: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String = UUID().uuidString.lowercased(), bookId: String, text: String, page: Int? = nil,
                emotion: Emotion? = nil, memo: String? = nil, createdAt: Date, updatedAt: Date? = nil) {
        self.id = id; self.bookId = bookId; self.text = text; self.page = page; self.emotion = emotion; self.memo = memo
        self.createdAt = createdAt; self.updatedAt = updatedAt ?? createdAt
    }
}

/// A sentence with the book it comes from, as lists across books show it.
public struct SentenceWithBook: Codable, Sendable, Hashable {
    public var sentence: Sentence
    public var bookTitle: String
    public var bookAuthor: String
    public init(sentence: Sentence, bookTitle: String, bookAuthor: String) {
        self.sentence = sentence; self.bookTitle = bookTitle; self.bookAuthor = bookAuthor
    }
}

public enum SentenceRules {
    public static let maxText = 5000
    public static let maxMemo = 5000
    public static let maxPage = 100_000

    public static func problems(text: String, page: Int?, memo: String?) -> [String: String] {
        var problems: [String: String] = [:]
        if text.isEmpty || text.count > maxText { problems["text"] = "must be 1 to \(maxText) characters" }
        if let page { _ = problems.collect { () throws(ValidationFailure) in try Self.page(page) } }
        if let memo, memo.count > maxMemo { problems["memo"] = "must be at most \(maxMemo) characters" }
        return problems
    }

    /// Hangul in NFC (search and de-duplication compare it), surrounding space trimmed.
    public static func clean(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A stretch of time spent reading one book.
public struct ReadingSession: Codable, Sendable, Hashable {
    public var id: String
    public var bookId: String
    public var startedAt: Date
    public var endedAt: Date
    public var seconds: Int

    public init(id: String = UUID().uuidString.lowercased(), bookId: String, startedAt: Date, endedAt: Date, seconds: Int? = nil) {
        self.id = id; self.bookId = bookId; self.startedAt = startedAt; self.endedAt = endedAt
        self.seconds = seconds ?? max(0, Int(endedAt.timeIntervalSince(startedAt).rounded()))
    }
}
