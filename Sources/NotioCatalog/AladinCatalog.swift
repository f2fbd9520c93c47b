import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NotioCore

/// An Aladin list used for recommendations (`ItemList.aspx?QueryType=`).
public enum AladinList: String, Sendable, CaseIterable {
    case bestseller = "Bestseller"
    /// 주목할 만한 신간: new books the shop's editors picked.
    case itemNewSpecial = "ItemNewSpecial"
    case itemNewAll = "ItemNewAll"
    case blogBest = "BlogBest"
}

/// The Aladin TTB Open API (Korean books): ItemSearch, ItemLookUp by ISBN-13, and ItemList for
/// recommendations, all with `output=js`, `Version=20131101`, `Cover=Big`.
public struct AladinCatalog: BookCatalog {
    public static let defaultBaseURL = URL(string: "http://www.aladin.co.kr/ttb/api/")!

    public let id = "aladin"
    public var baseURL: URL
    public var ttbKey: String
    /// The lists merged by `recommended(limit:)`, in turn.
    public var recommendedLists: [AladinList]
    private let http: CatalogHTTP

    public init(baseURL: URL = AladinCatalog.defaultBaseURL, ttbKey: String, session: @escaping @Sendable @autoclosure () -> URLSession,
                recommendedLists: [AladinList] = [.bestseller, .itemNewSpecial]) {
        self.baseURL = baseURL
        self.ttbKey = ttbKey
        self.recommendedLists = recommendedLists
        http = CatalogHTTP(sessions: LazySession(session), name: CatalogName(english: "Aladin", korean: "알라딘"))
    }

    public func search(_ query: String, limit: Int) async throws -> [CatalogBook] {
        let data = try await http.get(url("ItemSearch.aspx", [
            ("Query", query), ("QueryType", "Keyword"), ("MaxResults", String(min(max(limit, 1), 50))),
            ("start", "1"), ("SearchTarget", "Book"),
        ]))
        return try AladinAnswer.books(data, name: http.name)
    }

    public func lookup(isbn13: String) async throws -> CatalogBook? {
        let data = try await http.get(url("ItemLookUp.aspx", [("ItemId", isbn13), ("ItemIdType", "ISBN13")]))
        do {
            return try AladinAnswer.books(data, name: http.name).first
        } catch AladinAnswer.Failure.notFound {
            return nil
        }
    }

    /// The configured lists interleaved (first of each, then second of each…) without repeats.
    /// A list that fails is left out; only when every list fails does this throw.
    public func recommended(limit: Int) async throws -> [CatalogBook] {
        var lists: [[CatalogBook]] = []
        var firstFailure: Error?
        for list in recommendedLists {
            do {
                lists.append(try await self.list(list, limit: limit))
            } catch let error as CatalogError {
                firstFailure = firstFailure ?? error
            }
        }
        if lists.isEmpty, let firstFailure { throw firstFailure }
        return interleaved(lists, limit: limit)
    }

    /// One list, e.g. this week's bestsellers.
    public func list(_ list: AladinList, limit: Int) async throws -> [CatalogBook] {
        let data = try await http.get(url("ItemList.aspx", [
            ("QueryType", list.rawValue), ("MaxResults", String(min(max(limit, 1), 50))),
            ("start", "1"), ("SearchTarget", "Book"),
        ]))
        return try AladinAnswer.books(data, name: http.name)
    }

    private func url(_ endpoint: String, _ items: [(String, String)]) -> URL {
        catalogURL(baseURL, endpoint, [("ttbkey", ttbKey)] + items + [("output", "js"), ("Version", "20131101"), ("Cover", "Big")])
    }
}

/// Merges ranked lists fairly and drops books already taken (same ISBN, or same title and author).
func interleaved(_ lists: [[CatalogBook]], limit: Int) -> [CatalogBook] {
    var out: [CatalogBook] = []
    var seen = Set<String>()
    var index = 0
    while out.count < limit, lists.contains(where: { index < $0.count }) {
        for list in lists where index < list.count && out.count < limit {
            let book = list[index]
            if seen.insert(book.isbn13 ?? "\(book.title)\u{1F}\(book.author)").inserted { out.append(book) }
        }
        index += 1
    }
    return out
}
