import Foundation

/// Where a book sits on the shelf (읽는 중 / 완독 / 읽고 싶은).
public enum BookStatus: String, Codable, Sendable, CaseIterable {
    case reading, finished, wishlist

    public var label: String {
        switch self {
        case .reading: "읽는 중"
        case .finished: "완독"
        case .wishlist: "읽고 싶은"
        }
    }

    public var englishLabel: String {
        switch self {
        case .reading: "Reading"
        case .finished: "Finished"
        case .wishlist: "Want to read"
        }
    }
}

/// A book on a reader's shelf.
public struct Book: Codable, Sendable, Hashable {
    public var id: String
    public var title: String
    public var author: String
    public var publisher: String?
    public var isbn13: String?
    public var genre: String?
    public var publishedAt: String?
    public var status: BookStatus
    /// Where the cover came from (a catalog's URL); the copy we serve is `hasCover`.
    public var sourceCoverUrl: String?
    /// A copy of the cover is in our own storage.
    public var hasCover: Bool
    public var sentenceCount: Int
    public var readingSeconds: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String = UUID().uuidString.lowercased(), title: String, author: String, publisher: String? = nil,
                isbn13: String? = nil, genre: String? = nil, publishedAt: String? = nil, status: BookStatus = .reading,
                sourceCoverUrl: String? = nil, hasCover: Bool = false, sentenceCount: Int = 0, readingSeconds: Int = 0,
                createdAt: Date, updatedAt: Date? = nil) {
        self.id = id; self.title = title; self.author = author; self.publisher = publisher; self.isbn13 = isbn13
        self.genre = genre; self.publishedAt = publishedAt; self.status = status; self.sourceCoverUrl = sourceCoverUrl
        self.hasCover = hasCover; self.sentenceCount = sentenceCount; self.readingSeconds = readingSeconds
        self.createdAt = createdAt; self.updatedAt = updatedAt ?? createdAt
    }
}

/// The rules a book's fields follow, shared by the API and the forms.
public enum BookRules {
    public static let maxTitle = 300
    public static let maxAuthor = 200
    public static let maxShort = 200

    /// Field name → problem, empty when the values are acceptable.
    public static func problems(title: String, author: String, publisher: String?, genre: String?) -> [String: String] {
        var problems: [String: String] = [:]
        _ = problems.collect { () throws(ValidationFailure) in try Self.title(title) }
        _ = problems.collect { () throws(ValidationFailure) in try Self.author(author) }
        _ = problems.collect { () throws(ValidationFailure) in try Self.short(publisher, field: "publisher") }
        _ = problems.collect { () throws(ValidationFailure) in try Self.short(genre, field: "genre") }
        return problems
    }

    public static func title(_ title: String) throws(ValidationFailure) -> String {
        guard !title.isEmpty, title.count <= maxTitle else { throw .length(field: "title", min: 1, max: maxTitle) }
        return title
    }

    public static func author(_ author: String) throws(ValidationFailure) -> String {
        guard author.count <= maxAuthor else { throw .length(field: "author", min: 0, max: maxAuthor) }
        return author
    }

    /// The publisher or the genre: optional, at most `maxShort` characters.
    public static func short(_ value: String?, field: String) throws(ValidationFailure) -> String? {
        if let value, value.count > maxShort { throw .length(field: field, min: 0, max: maxShort) }
        return value
    }

    /// An optional publication date (`PublicationDate`); a malformed one is refused, never cut.
    public static func publishedAt(_ value: String?) throws(ValidationFailure) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return try PublicationDate.parse(value)
    }
}
