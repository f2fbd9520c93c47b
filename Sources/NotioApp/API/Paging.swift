import Foundation
import NotioHTTP
import NotioStore

/// The list contract of the API: `?limit=` (default 50, at most 200; more is refused with 422,
/// not cut silently, so a client never believes it got everything) and `?cursor=` (the opaque
/// `nextCursor` of the page before), answered as `{"items": [...], "nextCursor": "…" | null}`.
enum Paging {
    /// The page a request asks for; 422 naming `limit` or `cursor` when one is not valid.
    static func request(_ request: Request) throws -> PageRequest {
        var limit = PageRequest.defaultLimit
        if let raw = request.query["limit"], !raw.isEmpty {
            guard let n = Int(raw), (1...PageRequest.maxLimit).contains(n) else {
                throw AppError.invalid(field: "limit", Message("list.limit_invalid"))
            }
            limit = n
        }
        return PageRequest(limit: limit, after: try cursor(request))
    }

    /// The cursor of `?cursor=`, for pages (whose length is fixed) and the API alike.
    static func cursor(_ request: Request) throws -> PageCursor? {
        guard let raw = request.query["cursor"], !raw.isEmpty else { return nil }
        guard let cursor = PageCursor(token: raw) else { throw AppError.invalid(field: "cursor", Message("list.cursor_invalid")) }
        return cursor
    }
}

/// A page of a list as the API answers it; `nextCursor` is written even when null.
struct ListJSON<Item: Encodable>: Encodable {
    var items: [Item]
    var nextCursor: String?

    init<Row>(_ page: Page<Row>, _ transform: (Row) -> Item) {
        items = page.items.map(transform)
        nextCursor = page.next?.token
    }

    enum CodingKeys: String, CodingKey { case items, nextCursor }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(items, forKey: .items)
        try c.encode(nextCursor, forKey: .nextCursor)
    }
}

extension Paging {
    /// How many rows a page shows at first: about a screenful, not the whole list.
    static let screenful = 50

    /// The page of a list page (`/notes`, `/reading`, …): a screenful after `?cursor=`. A cursor
    /// that is not valid shows the first page rather than an error page.
    static func screen(_ request: Request) -> PageRequest {
        PageRequest(limit: screenful, after: request.query["cursor"].flatMap(PageCursor.init(token:)))
    }

    /// The same page's address with the next page's cursor, its filters kept; nil on the last page.
    static func nextHref(_ request: Request, _ next: PageCursor?) -> String? {
        guard let next else { return nil }
        var components = URLComponents()
        components.path = request.path
        var items = request.query.filter { $0.key != "cursor" }.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        items.append(URLQueryItem(name: "cursor", value: next.token))
        components.queryItems = items
        return components.string
    }
}

/// The "더 보기" link under a long list: a plain link to the next page (works without
/// JavaScript; list-more.js loads it in place when scripts run).
enum ListViews {
    static func more(_ ctx: PageContext, href: String?, list: String) -> HTML {
        guard let href else { return .empty }
        // An external module beside the link (never an inline script: the CSP forbids them).
        return """
        <p class="list-more"><a class="button button-secondary" href="\(href)" rel="next" data-list-more="\(list)">\(ctx.t("list.more"))</a></p>
        <script type="module" src="\(ctx.asset("js/list-more.js"))"></script>
        """
    }
}

extension Paging {
    /// Every row of a list, read a largest page at a time (exports): memory holds one page.
    static func walk<T>(_ fetch: (PageRequest) throws -> Page<T>, _ each: (T) throws -> Void) throws {
        var request = PageRequest(limit: PageRequest.maxLimit)
        while true {
            let page = try fetch(request)
            for item in page.items { try each(item) }
            guard let next = page.next else { return }
            request.after = next
        }
    }
}
