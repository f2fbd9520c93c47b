import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the app's configuration decides about catalogs. Environment variables (see docs/configuration.md):
/// `NOTIO_CATALOG_PROVIDERS`, `ALADIN_TTB_KEY`, `NOTIO_ALADIN_URL`, `NOTIO_OPENLIBRARY_URL`,
/// `NOTIO_OPENLIBRARY_COVERS_URL`, `NOTIO_CATALOG_TIMEOUT_SECONDS`.
public struct CatalogSettings: Sendable {
    public static let defaultTimeout = 8.0
    public static let knownProviders = ["aladin", "openlibrary"]

    /// Catalogs to ask, in order. Aladin is skipped while it has no key.
    public var providers: [String] = ["aladin", "openlibrary"]
    public var aladinKey = ""
    public var aladinURL = AladinCatalog.defaultBaseURL
    public var aladinRecommendedLists: [AladinList] = [.bestseller, .itemNewSpecial]
    public var openLibraryURL = OpenLibraryCatalog.defaultBaseURL
    public var openLibraryCoversURL = OpenLibraryCatalog.defaultCoversURL
    /// Seconds a catalog may take to answer; at least 1.
    public var timeout = CatalogSettings.defaultTimeout
    /// How long recommendations are kept before asking again (bestseller lists change weekly,
    /// and Aladin counts calls per day).
    public var recommendedCacheSeconds = 3600.0

    public init() {}

    /// "aladin,openlibrary" → ["aladin", "openlibrary"]; spaces, case and repeats are ignored;
    /// "none" or "" means no catalog (manual entry only); nil when a name is unknown.
    public static func providerList(_ text: String) -> [String]? {
        let names = text.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if names == ["none"] || names.isEmpty { return [] }
        guard names.allSatisfy(knownProviders.contains) else { return nil }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// A configuration validator: nil when `text` is a valid provider list.
    public static func problem(providerList text: String) -> String? {
        providerList(text) == nil ? "must be a comma-separated list of \(knownProviders.joined(separator: ", ")), or none" : nil
    }

    /// The catalogs in order, sharing one session (made when the first of them asks).
    public func catalogs(session: URLSession? = nil) -> [any BookCatalog] {
        let timeout = timeout
        let shared = LazySession { session ?? URLSession.catalogSession(timeout: timeout) }
        return providers.compactMap { name -> (any BookCatalog)? in
            switch name {
            case "aladin":
                aladinKey.isEmpty ? nil : AladinCatalog(baseURL: aladinURL, ttbKey: aladinKey, session: shared.session,
                                                        recommendedLists: aladinRecommendedLists)
            case "openlibrary":
                OpenLibraryCatalog(baseURL: openLibraryURL, coversURL: openLibraryCoversURL, session: shared.session)
            default:
                nil
            }
        }
    }
}
