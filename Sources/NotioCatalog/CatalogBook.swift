import Foundation

/// A book as a catalog describes it: what the search page lists and what "add to my shelf"
/// starts from. Encodes to the API's item shape
/// `{title, author, publisher, isbn13, coverUrl, genre, publishedAt, description, pages}`.
public struct CatalogBook: Codable, Sendable, Hashable {
    public var title: String
    /// The main author or authors, comma-separated; translators and illustrators are left out.
    public var author: String
    public var publisher: String?
    /// Always a valid ISBN-13 when present (`ISBN.isbn13(from:)`).
    public var isbn13: String?
    /// The catalog's cover image; the app downloads it once (`CoverFetcher`) and serves its copy.
    public var coverUrl: String?
    /// A coarse genre in Aladin's top-level Korean categories ("소설/시/희곡", "과학", …), so that
    /// statistics by genre group books from every catalog together.
    public var genre: String?
    /// "YYYY-MM-DD" or "YYYY".
    public var publishedAt: String?
    public var description: String?
    public var pages: Int?

    public init(title: String, author: String, publisher: String? = nil, isbn13: String? = nil, coverUrl: String? = nil,
                genre: String? = nil, publishedAt: String? = nil, description: String? = nil, pages: Int? = nil) {
        self.title = title; self.author = author; self.publisher = publisher; self.isbn13 = isbn13
        self.coverUrl = coverUrl; self.genre = genre; self.publishedAt = publishedAt
        self.description = description; self.pages = pages
    }
}

/// One book catalog: Aladin, Open Library. `CatalogService` asks them in the configured order.
///
/// Every failure to get an answer (unreachable, timeout, error status, an error body, malformed
/// JSON) is thrown as `CatalogError.unavailable`; cancellation as `CancellationError`.
public protocol BookCatalog: Sendable {
    /// The name used in configuration and in `?provider=`: "aladin", "openlibrary".
    var id: String { get }
    /// Books matching free text, best first, at most `limit`.
    func search(_ query: String, limit: Int) async throws -> [CatalogBook]
    /// The book with this ISBN-13, or nil when the catalog does not know it.
    func lookup(isbn13: String) async throws -> CatalogBook?
    /// Books to suggest on the search page before anything is typed; [] if the catalog has none.
    func recommended(limit: Int) async throws -> [CatalogBook]
}

/// What a catalog request produced, and which catalog produced it (the page credits it:
/// Aladin's terms ask for "도서 DB 제공 : 알라딘 인터넷서점").
public struct CatalogResults: Sendable, Hashable {
    /// The `BookCatalog.id` that answered; empty when several were asked and none found anything.
    public var provider: String
    public var items: [CatalogBook]

    public init(provider: String, items: [CatalogBook]) {
        self.provider = provider; self.items = items
    }
}
