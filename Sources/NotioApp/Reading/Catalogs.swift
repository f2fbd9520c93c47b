import Foundation
import NotioCore
import NotioHTTP

/// The book catalogs as the handlers use them: results as `CatalogItem`s, an unreachable or
/// failing catalog as 503 `catalog_unavailable` with a message the page can show.
struct Catalogs: Sendable {
    static let unavailable = HTTPError(503, "catalog_unavailable", "도서 검색 서비스에 연결할 수 없어요. 직접 입력해서 추가할 수 있어요. (The book catalog cannot be reached right now; you can add the book by hand.)")

    func search(_ query: String, provider: String?) async throws -> [CatalogItem] {
        throw Self.unavailable
    }

    func recommended() async throws -> [CatalogItem] {
        throw Self.unavailable
    }
}
