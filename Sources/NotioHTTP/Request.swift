import Foundation

/// HTTP header fields, looked up without regard to case.
public struct Headers: Sendable, Sequence {
    public private(set) var fields: [(name: String, value: String)] = []
    public init(_ fields: [(String, String)] = []) { self.fields = fields.map { (name: $0.0, value: $0.1) } }

    public subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }
    public mutating func add(_ name: String, _ value: String) { fields.append((name, value)) }
    public mutating func set(_ name: String, _ value: String) {
        fields.removeAll { Self.sameName($0.name, name) }
        fields.append((name, value))
    }

    /// Field names are ASCII tokens (RFC 9110), so case is folded on bytes: Foundation's
    /// `caseInsensitiveCompare` went through CFString and was a fifth of a `/healthz` answer.
    static func sameName(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count else { return false }
                for i in 0..<x.count {
                    let p = x[i], q = y[i]
                    if p == q { continue }
                    // Letters differ only in bit 0x20; nothing else may be folded.
                    guard p | 0x20 == q | 0x20, (p | 0x20) >= 0x61, (p | 0x20) <= 0x7A else { return false }
                }
                return true
            }
        }
    }
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }
}

/// A file part of a multipart/form-data body, streamed to a temporary file while it arrived.
/// The server deletes the file after the response is sent; move it to keep it.
public struct UploadedFile: Sendable {
    public var fieldName: String
    public var fileName: String
    public var contentType: String
    public var path: String
    public var size: Int
    public init(fieldName: String, fileName: String, contentType: String, path: String, size: Int) {
        self.fieldName = fieldName; self.fileName = fileName; self.contentType = contentType; self.path = path; self.size = size
    }
}

/// The request body as the server received it.
public enum RequestBody: Sendable {
    case none
    case bytes(Data)
    /// multipart/form-data or application/x-www-form-urlencoded: text fields and files.
    case form(fields: [String: String], files: [UploadedFile])
    /// A body its route spools: on disk, removed by the server after the answer.
    case file(UploadedFile)
}

/// The cookies of a request, read from its `Cookie` header when asked for: a request asks for
/// one or two (the session, the language) and most send a few, so parsing them all into a
/// dictionary on every request cost more than the lookups.
public struct RequestCookies: Sendable, ExpressibleByDictionaryLiteral {
    private var header: String?
    private var given: [String: String] = [:]

    public init(header: String?) { self.header = header }

    /// Cookies given outright, as a test or a handler calling another builds them.
    public init(dictionaryLiteral elements: (String, String)...) {
        given = Dictionary(elements, uniquingKeysWith: { first, _ in first })
    }

    public subscript(name: String) -> String? {
        if let value = given[name] { return value }
        return header.flatMap { FormDecoding.cookie(name, in: $0) }
    }
}

/// One HTTP request, with its route's path parameters filled in.
public struct Request: Sendable {
    /// Sequence number for the log line.
    public var id: UInt64
    public var method: String
    /// The path without the query string, percent-decoded.
    public var path: String
    public var query: [String: String]
    public var headers: Headers
    public var cookies: RequestCookies
    public var body: RequestBody
    /// The peer's address (IPv4/IPv6 text).
    public var remoteAddress: String
    /// Filled by the server from the matched route; read through `self[_: PathParameter]`.
    var pathParameters: [String: String] = [:]

    public init(id: UInt64 = 0, method: String, path: String, query: [String: String] = [:], headers: Headers = Headers(),
                cookies: RequestCookies = [:], body: RequestBody = .none, remoteAddress: String = "127.0.0.1") {
        self.id = id; self.method = method; self.path = path; self.query = query; self.headers = headers
        self.cookies = cookies; self.body = body; self.remoteAddress = remoteAddress
    }

    /// A path parameter of this request's route (`{id}` in its pattern). A name the route does not
    /// declare throws, so a misread parameter fails loudly (a logged 500) instead of reading ""
    /// and answering a silent 404.
    public subscript(_ parameter: PathParameter) -> String {
        get throws {
            guard let value = pathParameters[parameter.name] else { throw UndeclaredPathParameter(parameter: parameter, path: path) }
            return value
        }
    }

    /// Whether this request's route has the parameter: for a handler shared by `/notes/{id}/x`
    /// and `/x`.
    public func declares(_ parameter: PathParameter) -> Bool { pathParameters[parameter.name] != nil }

    /// The raw body bytes (empty for forms and bodiless requests).
    public var bodyData: Data {
        if case .bytes(let d) = body { return d }
        return Data()
    }

    /// Text fields of a form body.
    public var formFields: [String: String] {
        if case .form(let fields, _) = body { return fields }
        return [:]
    }

    /// Uploaded files of a multipart body.
    public var files: [UploadedFile] {
        if case .form(_, let files) = body { return files }
        return []
    }
}

/// The name of a `{name}` segment of a route pattern. Handlers read parameters through constants
/// of this type (declared once beside the route table), so a misspelt name does not compile.
public struct PathParameter: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public var description: String { "{\(name)}" }
}

/// A handler read a path parameter its route does not have: a programming error.
public struct UndeclaredPathParameter: Error, CustomStringConvertible {
    public var parameter: PathParameter
    public var path: String
    public var description: String { "the handler of \(path) reads \(parameter), which its route pattern does not declare" }
}
