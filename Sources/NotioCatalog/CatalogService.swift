import Foundation
import NotioCore

/// The catalogs in their configured order, behind the three catalog routes.
///
/// Fallback: without `provider`, each catalog is asked in turn until one returns something. A
/// catalog that fails is remembered and the next one asked; one that answers with nothing is
/// passed over too (a Korean catalog may not know an English title). When nothing is found:
/// if any catalog failed the answer is `CatalogError.unavailable` (an outage must not look like
/// "no such book"), otherwise an empty result. A named `provider` is asked alone.
public struct CatalogService: Sendable {
    public static let maxQueryLength = 200

    public let catalogs: [any BookCatalog]
    private let recommendations: RecommendationCache

    public init(catalogs: [any BookCatalog], recommendedCacheSeconds: Double = 3600) {
        self.catalogs = catalogs
        recommendations = RecommendationCache(lifetime: recommendedCacheSeconds)
    }

    public init(settings: CatalogSettings) {
        self.init(catalogs: settings.catalogs(), recommendedCacheSeconds: settings.recommendedCacheSeconds)
    }

    /// The ids of the catalogs asked, in order ("aladin", "openlibrary").
    public var providerIDs: [String] { catalogs.map(\.id) }

    /// Free text, or an ISBN-10/13 (with or without hyphens), which is looked up instead.
    public func search(_ query: String, provider: String? = nil, limit: Int = 20) async throws -> CatalogResults {
        let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty, query.count <= Self.maxQueryLength else { throw CatalogError.invalidQuery }
        if let isbn13 = ISBN.isbn13(from: query) {
            return try await lookup(isbn: isbn13, provider: provider)
        }
        let limit = min(max(limit, 1), 50)
        return try await firstAnswer(provider) { try await $0.search(query, limit: limit) }
    }

    /// The book with this ISBN (10 or 13 digits) from the first catalog that knows it.
    public func lookup(isbn: String, provider: String? = nil) async throws -> CatalogResults {
        guard let isbn13 = ISBN.isbn13(from: isbn) else { throw CatalogError.invalidQuery }
        return try await firstAnswer(provider) { catalog in
            try await catalog.lookup(isbn13: isbn13).map { [$0] } ?? []
        }
    }

    /// Suggestions from the first catalog that has any, kept for `recommendedCacheSeconds`.
    public func recommended(provider: String? = nil, limit: Int = 20, now: Date) async throws -> CatalogResults {
        let limit = min(max(limit, 1), 50)
        let key = "\(provider ?? "")#\(limit)"
        if let cached = recommendations.get(key, now: now) { return cached }
        let results = try await firstAnswer(provider) { try await $0.recommended(limit: limit) }
        if !results.items.isEmpty { recommendations.set(key, results, now: now) }
        return results
    }

    private func firstAnswer(_ provider: String?, _ ask: (any BookCatalog) async throws -> [CatalogBook]) async throws -> CatalogResults {
        var asked = catalogs
        if let provider, !provider.isEmpty {
            let name = provider.lowercased()
            guard let catalog = catalogs.first(where: { $0.id == name }) else { throw CatalogError.unknownProvider(provider) }
            asked = [catalog]
        }
        guard !asked.isEmpty else {
            throw CatalogError.unavailable(message: "No book catalog is set up. You can enter the book by hand.",
                                           messageKo: "설정된 도서 검색 서비스가 없습니다. 책 정보를 직접 입력할 수 있습니다.")
        }
        var failures: [(message: String, messageKo: String)] = []
        for catalog in asked {
            do {
                let items = try await ask(catalog)
                if !items.isEmpty { return CatalogResults(provider: catalog.id, items: items) }
            } catch CatalogError.unavailable(let message, let messageKo) {
                failures.append((message, messageKo))
            }
        }
        if failures.isEmpty { return CatalogResults(provider: asked.count == 1 ? asked[0].id : "", items: []) }
        throw CatalogError.unavailable(
            message: failures.map(\.message).joined(separator: " ") + " You can enter the book by hand.",
            messageKo: failures.map(\.messageKo).joined(separator: " ") + " 책 정보를 직접 입력할 수 있습니다.")
    }
}

/// Recommendations by key until they expire.
final class RecommendationCache: @unchecked Sendable {
    private let lock = NSLock()
    private let lifetime: Double
    private var entries: [String: (results: CatalogResults, until: Date)] = [:]

    init(lifetime: Double) { self.lifetime = lifetime }

    func get(_ key: String, now: Date) -> CatalogResults? {
        lock.lock(); defer { lock.unlock() }
        guard let entry = entries[key], entry.until > now else { return nil }
        return entry.results
    }

    func set(_ key: String, _ results: CatalogResults, now: Date) {
        guard lifetime > 0 else { return }
        lock.lock(); defer { lock.unlock() }
        entries[key] = (results, now.addingTimeInterval(lifetime))
    }
}
