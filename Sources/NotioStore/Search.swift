import Foundation

/// How a search text is run against a trigram FTS5 table: queries of three characters or more
/// use `MATCH` (fast, Korean substrings across spaces too); shorter ones can never match a trigram
/// index, so they fall back to `instr` on the content table.
public enum TextSearch: Equatable, Sendable {
    case none
    /// An FTS5 MATCH expression: the query as one quoted phrase.
    case match(String)
    /// A lower-cased needle for `instr(lower(column), ?)`.
    case substring(String)

    public init(_ query: String?) {
        // Most lists are asked for without a search: skip the normalisation (it showed in profiles).
        guard let query, !query.isEmpty else { self = .none; return }
        let q = query.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
        if q.isEmpty { self = .none; return }
        if q.count < 3 { self = .substring(q.lowercased()); return }
        // A phrase in double quotes, inner quotes doubled: nothing the user types is FTS syntax.
        self = .match("\"" + q.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
    }

    /// The same search on PostgreSQL: an `ILIKE` pattern for a column with a pg_trgm index,
    /// which answers substrings of any length (the index helps from three characters on).
    public static func likePattern(_ query: String?) -> String? {
        let q = (query ?? "").precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
        if q.isEmpty { return nil }
        var escaped = ""
        for ch in q {
            if ch == "\\" || ch == "%" || ch == "_" { escaped.append("\\") }
            escaped.append(ch)
        }
        return "%" + escaped + "%"
    }
}

/// A search table beside the rows it finds: `table` holds `key` (the row's id) and `body`.
struct SearchIndex {
    let table: String
    let key: String
    let body: String
    /// The row's columns that short queries read on SQLite, where a trigram table cannot answer them.
    let shortQueryColumns: [String]
}

extension Store {
    /// The `AND …` that keeps the rows (`rowId` is their id column) whose search entry holds
    /// `query`, in this engine's words; nil when there is nothing to search for.
    func searchCondition(_ query: String?, rowId: String, in index: SearchIndex) -> (sql: String, values: [SQLBindable])? {
        if database.engine == .postgres {
            guard let pattern = TextSearch.likePattern(query) else { return nil }
            return (" AND \(rowId) IN (SELECT \(index.key) FROM \(index.table) WHERE \(index.body) ILIKE ?)", [pattern])
        }
        switch TextSearch(query) {
        case .none:
            return nil
        case .match(let expr):
            return (" AND \(rowId) IN (SELECT \(index.key) FROM \(index.table) WHERE \(index.table) MATCH ?)", [expr])
        case .substring(let needle):
            let any = index.shortQueryColumns.map { "instr(lower(\($0)), ?) > 0" }.joined(separator: " OR ")
            return (" AND (\(any))", Array(repeating: needle, count: index.shortQueryColumns.count))
        }
    }
}
