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
    public var handler: Handler
    let segments: [Segment]

    enum Segment: Sendable, Equatable { case literal(String), parameter(String), rest(String) }

    /// The `{name}` and `{name...}` parameters of the pattern, in order.
    public var parameters: [PathParameter] {
        segments.compactMap { seg in
            switch seg {
            case .parameter(let name), .rest(let name): return PathParameter(name)
            case .literal: return nil
            }
        }
    }

    public init(_ method: String, _ pattern: String, maxBodyBytes: Int = 1 << 20, spoolsBody: Bool = false, _ handler: Handler) {
        self.method = method; self.pattern = pattern; self.maxBodyBytes = maxBodyBytes; self.spoolsBody = spoolsBody; self.handler = handler
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

/// The result of looking a request up in the table.
public enum RouteMatch: Sendable {
    case found(Route, [String: String])
    /// The path exists but not for this method; `allowed` lists the methods that do.
    case methodNotAllowed(allowed: [String])
    case notFound
}

/// The route table, tried in order; a route fails at its first differing literal segment, so a
/// table of a few dozen routes costs little per request.
public struct Router: Sendable {
    public private(set) var routes: [Route] = []

    public init(_ routes: [Route] = []) { self.routes = routes }

    public mutating func add(_ route: Route) { routes.append(route) }

    public func match(method: String, path: String) -> RouteMatch {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        var allowed: [String] = []
        let lookupMethod = method == "HEAD" ? "GET" : method
        for route in routes {
            guard let params = route.match(parts) else { continue }
            if route.method == lookupMethod { return .found(route, params) }
            allowed.append(route.method)
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }
}
