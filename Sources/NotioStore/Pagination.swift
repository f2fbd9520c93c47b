import Foundation

/// One page of a list asked for by a client: at most `limit` rows, after the row `after` names.
public struct PageRequest: Sendable, Equatable {
    /// Rows a page has when the client does not say.
    public static let defaultLimit = 50
    /// The most rows one page may have: a page is one bounded read and one bounded answer.
    public static let maxLimit = 200

    public var limit: Int
    public var after: PageCursor?

    public init(limit: Int = PageRequest.defaultLimit, after: PageCursor? = nil) {
        self.limit = max(1, limit)
        self.after = after
    }
}

/// Where the next page starts: the sort key and the id of the last row of the page before.
/// Clients see it only as an opaque token (`token`), which they pass back unchanged.
public struct PageCursor: Sendable, Equatable {
    public var key: Int64
    public var id: String

    public init(key: Int64, id: String) {
        self.key = key
        self.id = id
    }

    /// Sort keys here are times in milliseconds.
    public init(_ date: Date, id: String) { self.init(key: date.millis, id: id) }

    /// Base64url of `key:id`: opaque to clients, readable back without any state on the server.
    public var token: String {
        Data("\(key):\(id)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Nil for a token this server did not make (the caller answers 422).
    public init?(token: String) {
        guard !token.isEmpty, token.count <= 400 else { return nil }
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8),
              let colon = text.firstIndex(of: ":"), let key = Int64(text[..<colon]) else { return nil }
        let id = String(text[text.index(after: colon)...])
        // Ids are UUIDs and the like: printable, short, no control characters.
        guard !id.isEmpty, id.count <= 200, id.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { return nil }
        self.init(key: key, id: id)
    }
}

/// A page of rows and the cursor of the page after it (nil on the last page).
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    public var next: PageCursor?

    public init(items: [Item], next: PageCursor?) {
        self.items = items
        self.next = next
    }
}

/// How a list is ordered for keyset pagination: by a sort key, then the row's id as a tie-break,
/// both the same way, so that `(key, id) < (last key, last id)` is exactly "after the last row"
/// and an index on `(owner, key, id)` answers a page without reading the rows before it.
struct Keyset {
    let key: String
    let id: String
    let descending: Bool

    var orderBy: String {
        let way = descending ? "DESC" : "ASC"
        return " ORDER BY \(key) \(way), \(id) \(way)"
    }
}

extension Store {
    /// Runs `select` (a SELECT whose WHERE clause takes more `AND …`) one page at a time in the
    /// keyset's order; reads one row more than the page to know whether another follows.
    /// A nil request reads every row (for exports and statistics, never for a client's list).
    func page<T: Sendable>(_ select: String, _ values: [SQLBindable], by order: Keyset, _ request: PageRequest?,
                           cursor: (T) -> PageCursor, _ map: (Row) throws -> T) throws -> Page<T> {
        var sql = select
        var values = values
        if let after = request?.after {
            sql += " AND (\(order.key), \(order.id)) \(order.descending ? "<" : ">") (?, ?)"
            values += [after.key, after.id]
        }
        sql += order.orderBy
        if let request {
            sql += " LIMIT ?"
            values.append(request.limit + 1)
        }
        var rows = try database.read { c in try c.all(sql, values, map) }
        guard let request, rows.count > request.limit else { return Page(items: rows, next: nil) }
        rows.removeLast(rows.count - request.limit)
        return Page(items: rows, next: rows.last.map(cursor))
    }
}
