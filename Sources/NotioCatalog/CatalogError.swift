import Foundation

/// Why a catalog request failed. The app renders it as `{"error":{"code","message"}}` with
/// `status`, choosing `message` or `messageKo` by the reader's language.
public enum CatalogError: Error, Sendable, Hashable {
    /// No catalog could answer: unreachable, too slow, an error status or an error body,
    /// an answer that is not the expected JSON, or no catalog configured. The page then offers
    /// manual entry. 503 `catalog_unavailable`.
    case unavailable(message: String, messageKo: String)
    /// `?provider=` names a catalog that is not configured. 400 `unknown_provider`.
    case unknownProvider(String)
    /// An empty or overlong query. 400 `invalid_query`.
    case invalidQuery
    /// A manually entered book that cannot be saved: `field` is the JSON key. 422 `invalid_book`.
    case invalidBook(field: String, message: String, messageKo: String)

    /// The stable machine-readable code.
    public var code: String {
        switch self {
        case .unavailable: "catalog_unavailable"
        case .unknownProvider: "unknown_provider"
        case .invalidQuery: "invalid_query"
        case .invalidBook: "invalid_book"
        }
    }

    /// The HTTP status the API answers with.
    public var status: Int {
        switch self {
        case .unavailable: 503
        case .unknownProvider, .invalidQuery: 400
        case .invalidBook: 422
        }
    }

    /// English text for the reader; never holds keys or full request URLs.
    public var message: String {
        switch self {
        case .unavailable(let message, _): message
        case .unknownProvider(let name): "There is no book catalog called “\(name)” here."
        case .invalidQuery: "Type a title, an author or an ISBN (up to \(CatalogService.maxQueryLength) characters)."
        case .invalidBook(_, let message, _): message
        }
    }

    /// Korean text for the reader.
    public var messageKo: String {
        switch self {
        case .unavailable(_, let messageKo): messageKo
        case .unknownProvider(let name): "‘\(name)’이라는 도서 검색 서비스는 없습니다."
        case .invalidQuery: "책 제목, 저자 또는 ISBN을 입력하세요 (\(CatalogService.maxQueryLength)자 이내)."
        case .invalidBook(_, _, let messageKo): messageKo
        }
    }
}
