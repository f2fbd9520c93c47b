import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NotioCore

/// Open Library (no key): `search.json` for search and for ISBN lookup (`q=isbn:…`), covers from
/// covers.openlibrary.org.
///
/// It has no recommendations: its subject and trending lists are not in the fixtures this was
/// built against, and are English-only, so `recommended` returns [] rather than guessing a format.
public struct OpenLibraryCatalog: BookCatalog {
    public static let defaultBaseURL = URL(string: "https://openlibrary.org/")!
    public static let defaultCoversURL = URL(string: "https://covers.openlibrary.org/")!
    /// The fields asked for; Open Library sends every field of a work without `fields=`.
    static let fields = "key,title,author_name,cover_i,first_publish_year,isbn,publisher,number_of_pages_median,subject"

    public let id = "openlibrary"
    public var baseURL: URL
    public var coversURL: URL
    private let http: CatalogHTTP

    public init(baseURL: URL = OpenLibraryCatalog.defaultBaseURL, coversURL: URL = OpenLibraryCatalog.defaultCoversURL, session: @escaping @Sendable @autoclosure () -> URLSession) {
        self.baseURL = baseURL
        self.coversURL = coversURL
        http = CatalogHTTP(sessions: LazySession(session), name: CatalogName(english: "Open Library", korean: "Open Library"))
    }

    public func search(_ query: String, limit: Int) async throws -> [CatalogBook] {
        try await docs(query: query, limit: limit).compactMap { book($0, isbn13: nil) }
    }

    public func lookup(isbn13: String) async throws -> CatalogBook? {
        let docs = try await docs(query: "isbn:\(isbn13)", limit: 5)
        let isbn10 = ISBN.isbn10(from: isbn13)
        // The work whose editions include this ISBN; a work's own ISBN list holds every edition's.
        let match = docs.first { doc in
            CatalogJSON.strings(doc, "isbn").contains { $0 == isbn13 || $0 == isbn10 }
        } ?? docs.first
        return match.flatMap { book($0, isbn13: isbn13) }
    }

    public func recommended(limit: Int) async throws -> [CatalogBook] { [] }

    private func docs(query: String, limit: Int) async throws -> [[String: Any]] {
        let data = try await http.get(catalogURL(baseURL, "search.json", [
            ("q", query), ("limit", String(min(max(limit, 1), 100))), ("fields", Self.fields),
        ]))
        guard let object = CatalogJSON.object(data), let docs = CatalogJSON.objects(object, "docs") else {
            throw http.name.malformed()
        }
        return docs
    }

    /// One work. `isbn13` is the ISBN that was looked up; a search result takes the first valid
    /// ISBN of the work's editions.
    func book(_ doc: [String: Any], isbn13 given: String?) -> CatalogBook? {
        guard let title = CatalogJSON.string(doc, "title")?.catalogText else { return nil }
        let isbn13 = given ?? CatalogJSON.strings(doc, "isbn").lazy.compactMap(ISBN.isbn13(from:)).first
        var cover: String?
        if let id = CatalogJSON.int(doc, "cover_i"), id > 0 {
            cover = coversURL.appendingPathComponent("b/id/\(id)-L.jpg").absoluteString
        } else if let isbn13 {
            // default=false: a 404 instead of a blank 1×1 image when there is no cover.
            cover = coversURL.appendingPathComponent("b/isbn/\(isbn13)-L.jpg").absoluteString + "?default=false"
        }
        return CatalogBook(
            title: title,
            author: Self.authors(CatalogJSON.strings(doc, "author_name")),
            publisher: CatalogJSON.strings(doc, "publisher").first?.catalogText,
            isbn13: isbn13,
            coverUrl: cover,
            genre: OpenLibraryGenre.genre(subjects: CatalogJSON.strings(doc, "subject")),
            publishedAt: CatalogJSON.int(doc, "first_publish_year").map { String(format: "%04d", $0) },
            description: nil,
            pages: CatalogJSON.int(doc, "number_of_pages_median").flatMap { $0 > 0 ? $0 : nil })
    }

    /// Up to three names. A name in another script than the first is left out: Open Library
    /// lists transliterations as extra authors ("Frank Herbert", "Френк Герберт").
    static func authors(_ names: [String]) -> String {
        let cleaned = names.compactMap(\.catalogText)
        guard let first = cleaned.first else { return "" }
        let script = Script(of: first)
        var seen = Set<String>()
        return cleaned.filter { Script(of: $0) == script && seen.insert($0).inserted }.prefix(3).joined(separator: ", ")
    }

    /// The writing system of a name's first letter, coarsely.
    enum Script: Equatable {
        case latin, cyrillic, greek, hangul, cjk, arabic, hebrew, other

        init(of text: String) {
            guard let scalar = text.unicodeScalars.first(where: { $0.properties.isAlphabetic }) else { self = .other; return }
            switch scalar.value {
            case 0x0041...0x024F, 0x1E00...0x1EFF: self = .latin
            case 0x0370...0x03FF: self = .greek
            case 0x0400...0x052F: self = .cyrillic
            case 0x0590...0x05FF: self = .hebrew
            case 0x0600...0x06FF: self = .arabic
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: self = .hangul
            case 0x3040...0x30FF, 0x3400...0x9FFF: self = .cjk
            default: self = .other
            }
        }
    }
}
