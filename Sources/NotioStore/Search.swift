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
        let q = (query ?? "").precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
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
