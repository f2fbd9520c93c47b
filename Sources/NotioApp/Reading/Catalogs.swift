import Foundation
import NotioCatalog
import NotioCore
import NotioHTTP

/// The book catalogs as the handlers use them: results as `CatalogItem`s; a catalog failure is
/// a `CatalogError` (a `DomainError`: 503 `catalog_unavailable` when none could answer) whose
/// message the page shows beside the manual form.
struct Catalogs: Sendable {
    let service: CatalogService
    /// The application's clock (how long suggestions are kept).
    let now: Now

    init(config: Configuration, now: @escaping Now) {
        self.now = now
        var settings = CatalogSettings()
        settings.providers = CatalogSettings.providerList(config.catalogProviders) ?? settings.providers
        settings.aladinKey = config.aladinKey
        if let url = URL(string: config.aladinBaseURL) { settings.aladinURL = url }
        if let url = URL(string: config.openLibraryBaseURL) { settings.openLibraryURL = url }
        if let url = URL(string: config.openLibraryCoversURL) { settings.openLibraryCoversURL = url }
        settings.timeout = Double(config.catalogTimeoutSeconds)
        service = CatalogService(settings: settings)
    }

    /// What a page shows of a result.
    struct Found: Sendable {
        var provider: String
        var items: [CatalogItem]
        /// Aladin's terms ask for this credit wherever its data is shown.
        var attribution: String? { provider == "aladin" ? "도서 DB 제공 : 알라딘 인터넷서점" : nil }
    }

    static func item(_ b: CatalogBook) -> CatalogItem {
        CatalogItem(title: b.title, author: b.author, publisher: b.publisher, isbn13: b.isbn13, coverUrl: b.coverUrl,
                    genre: b.genre, publishedAt: b.publishedAt)
    }

    func search(_ query: String, provider: String?) async throws -> Found {
        let r = try await service.search(query, provider: provider)
        return Found(provider: r.provider, items: r.items.map(Self.item))
    }

    func recommended(limit: Int = 20) async throws -> Found {
        let r = try await service.recommended(limit: limit, now: now())
        return Found(provider: r.provider, items: r.items.map(Self.item))
    }
}

/// `/api/v1/catalog/search` and `/api/v1/catalog/recommended`.
struct CatalogAPI {
    let app: AppContext

    struct ItemJSON: Encodable {
        var title: String, author: String, publisher: String?, isbn13: String?, coverUrl: String?, genre: String?, publishedAt: String?
        init(_ i: CatalogItem) {
            title = i.title; author = i.author; publisher = i.publisher; isbn13 = i.isbn13; coverUrl = i.coverUrl
            genre = i.genre; publishedAt = i.publishedAt
        }
    }

    struct Answer: Encodable {
        var provider: String
        var attribution: String?
        var items: [ItemJSON]
    }

    func search(_ request: Request, _ member: Member) async throws -> Response {
        let query = (request.query["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let found = try await app.catalogs.search(query, provider: request.query["provider"].flatMap { $0.isEmpty ? nil : $0 })
        return JSON.response(Answer(provider: found.provider, attribution: found.attribution, items: found.items.map(ItemJSON.init)))
    }

    func recommended(_ request: Request, _ member: Member) async throws -> Response {
        let found = try await app.catalogs.recommended()
        return JSON.response(Answer(provider: found.provider, attribution: found.attribution, items: found.items.map(ItemJSON.init)))
    }
}
