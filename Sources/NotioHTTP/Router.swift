import Foundation

/// How a route's handler runs: `sync` on the server's own thread (fast, for short work such as a
/// lookup in SQLite), `async` in a Task while the connection is suspended (hashing a password,
/// calling another service, waiting on a job).
public enum Handler: Sendable {
    case sync(@Sendable (Request) throws -> Response)
    case async(@Sendable (Request) async throws -> Response)
}

/// One line of the route table.
public struct Route: Sendable {
    public var method: String
    /// `/api/v1/notes/{id}`: literal segments and `{name}` parameters.
    public var pattern: String
    /// Largest body accepted; larger ones get 413 before the body is read.
    public var maxBodyBytes: Int
    /// A body that is not a form goes to a temporary file as it arrives (`RequestBody.file`)
    /// instead of memory: for routes that take large documents.
    public var spoolsBody: Bool
    /// How many text fields a form (urlencoded or multipart) may have and how many bytes they
    /// may hold together: what of a form is kept in memory.
    public var form: FormLimits
    /// Decides from the request's head (method, path, query, headers, cookies, peer) whether its
    /// body is read at all, and how much of it; called before a byte of the body is kept.
    public var admit: @Sendable (Request) -> Admission
    public var handler: Handler
    let segments: [Segment]

    enum Segment: Sendable, Equatable { case literal(String), parameter(String), rest(String) }

    var isLiteral: Bool { segments.allSatisfy { if case .literal = $0 { true } else { false } } }

    /// The `{name}` and `{name...}` parameters of the pattern, in order.
    public var parameters: [PathParameter] {
        segments.compactMap { seg in
            switch seg {
            case .parameter(let name), .rest(let name): return PathParameter(name)
            case .literal: return nil
            }
        }
    }

    public init(_ method: String, _ pattern: String, maxBodyBytes: Int = 1 << 20, spoolsBody: Bool = false, form: FormLimits = .standard,
                admit: @escaping @Sendable (Request) -> Admission = { _ in .admit(Admitted()) }, _ handler: Handler) {
        self.method = method; self.pattern = pattern; self.maxBodyBytes = maxBodyBytes; self.spoolsBody = spoolsBody
        self.form = form; self.admit = admit; self.handler = handler
        self.segments = pattern.split(separator: "/").map { part in
            if part.hasPrefix("{") && part.hasSuffix("...}") { return .rest(String(part.dropFirst().dropLast(4))) }
            if part.hasPrefix("{") && part.hasSuffix("}") { return .parameter(String(part.dropFirst().dropLast())) }
            return .literal(String(part))
        }
    }

    func match(_ parts: [Substring]) -> [String: String]? {
        var params: [String: String] = [:]
        var i = 0
        for seg in segments {
            switch seg {
            case .rest(let name):
                params[name] = parts[i...].joined(separator: "/")
                return params
            case .literal(let lit):
                guard i < parts.count, parts[i] == lit else { return nil }
            case .parameter(let name):
                guard i < parts.count, !parts[i].isEmpty else { return nil }
                params[name] = String(parts[i])
            }
            i += 1
        }
        return i == parts.count ? params : nil
    }
}

/// What of a form is kept in memory: its text fields, counted and measured together (file parts
/// of a multipart form go to disk and count in the route's `maxBodyBytes` instead).
public struct FormLimits: Sendable, Equatable {
    public var maxFields: Int
    public var maxBytes: Int

    public init(maxFields: Int, maxBytes: Int) { self.maxFields = maxFields; self.maxBytes = maxBytes }

    /// Enough for every form a page sends (a sentence with its memo, thirty quiz answers, the
    /// strokes of an underline); a form past it is answered 413.
    public static let standard = FormLimits(maxFields: 64, maxBytes: 1 << 20)
}

/// A route's decision on a request's head, before its body is read.
public enum Admission: Sendable {
    /// Read the body, within these limits.
    case admit(Admitted)
    /// Answer this error at once; the body is never read (the connection is closed after the
    /// answer, so a client cannot make the server read it anyway).
    case refuse(any Error)
}

/// How much of an admitted body the server may keep, and where.
public struct Admitted: Sendable {
    /// At most this many bytes (and never more than the route's `maxBodyBytes`).
    public var maxBodyBytes: Int
    /// The answer once a body passes `maxBodyBytes`, when it is not the route's plain 413 (the
    /// reader's storage is full, say).
    public var tooLarge: (any Error)?
    /// Whether file parts and spooled bodies may be written to disk. Without it a body is held
    /// only in memory, within the route's `form` limit.
    public var writesFiles: Bool

    public init(maxBodyBytes: Int = .max, tooLarge: (any Error)? = nil, writesFiles: Bool = true) {
        self.maxBodyBytes = maxBodyBytes; self.tooLarge = tooLarge; self.writesFiles = writesFiles
    }
}

/// The result of looking a request up in the table.
public enum RouteMatch: Sendable {
    case found(Route, [String: String])
    /// The path exists but not for this method; `allowed` lists the methods that do.
    case methodNotAllowed(allowed: [String])
    case notFound
}

/// The route table, tried in order: the first route whose pattern and method fit answers. Routes
/// without parameters are looked up by their path and the others only among patterns of as many
/// segments, so a request costs the same whatever the length of the table.
public struct Router: Sendable {
    public private(set) var routes: [Route] = []
    /// Routes of literal segments only, by their segments joined with "/".
    private var literal: [String: [Int]] = [:]
    /// Routes with parameters and without a rest parameter, by number of segments and first
    /// segment (nil when that is a parameter).
    private var patterns: [PatternKey: [Int]] = [:]
    private struct PatternKey: Hashable { var count: Int; var first: String? }
    /// Routes ending in a `{name...}` parameter.
    private var rests: [Int] = []
    /// Literal paths that no route with parameters fits: there the literal routes alone answer,
    /// without splitting the path or trying a pattern ("api/v1/me", the most frequent request).
    private var literalAlone: Set<String> = []

    public init(_ routes: [Route] = []) { for route in routes { add(route) } }

    public mutating func add(_ route: Route) {
        let index = routes.count
        routes.append(route)
        if route.isLiteral {
            let parts = route.segments.map { if case .literal(let l) = $0 { l } else { "" } }
            let key = Self.key(parts)
            literal[key, default: []].append(index)
            let substrings = parts.map { Substring($0) }
            if !routes.contains(where: { !$0.isLiteral && $0.match(substrings) != nil }) { literalAlone.insert(key) }
            return
        }
        if route.segments.contains(where: { if case .rest = $0 { true } else { false } }) {
            rests.append(index)
        } else {
            let first: String? = if case .literal(let l) = route.segments[0] { l } else { nil }
            patterns[PatternKey(count: route.segments.count, first: first), default: []].append(index)
        }
        literalAlone = literalAlone.filter { key in route.match(key.split(separator: "/")) == nil }
    }

    private static func key(_ parts: [some StringProtocol]) -> String { parts.joined(separator: "/") }

    /// `key` of the path's segments when the path spells them plainly ("/a/b": "a/b"); nil for
    /// an empty segment ("//", a trailing "/"), which the split path handles.
    private static func literalKey(_ path: String) -> String? {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/"), bytes.count > 1, bytes.last != UInt8(ascii: "/") else { return nil }
        var previous = UInt8(ascii: "/")
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: "/") && previous == byte { return nil }
            previous = byte
        }
        return String(path.dropFirst())
    }

    public func match(method: String, path: String) -> RouteMatch {
        let lookupMethod = method == "HEAD" ? "GET" : method
        if let key = Self.literalKey(path), literalAlone.contains(key), let indices = literal[key] {
            if let index = indices.first(where: { routes[$0].method == lookupMethod }) { return .found(routes[index], [:]) }
            return .methodNotAllowed(allowed: indices.map { routes[$0].method })
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        // Every route that fits the path; the first in table order whose method fits answers.
        var best: (index: Int, params: [String: String])?
        var allowed: [String] = []
        func consider(_ index: Int, _ params: [String: String]) {
            if routes[index].method == lookupMethod {
                if best == nil || index < best!.index { best = (index, params) }
            } else {
                allowed.append(routes[index].method)
            }
        }
        for index in literal[Self.key(parts)] ?? [] { consider(index, [:]) }
        for first in [parts.first.map(String.init), nil] {
            for index in patterns[PatternKey(count: parts.count, first: first)] ?? [] {
                if let params = routes[index].match(parts) { consider(index, params) }
            }
        }
        for index in rests {
            if let params = routes[index].match(parts) { consider(index, params) }
        }
        if let best { return .found(routes[best.index], best.params) }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }
}
