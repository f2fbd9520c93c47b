import Foundation

/// The one error type for the outside world: a status, a snake_case code and a message a user can
/// read. Rendered as `{"error":{"code","message","fields"?}}` under /api and as a page elsewhere.
/// Anything else thrown by a handler becomes a logged 500 with a generic message.
public struct HTTPError: Error, Sendable, Equatable {
    public var status: Int
    public var code: String
    public var message: String
    /// For 422: field name → what is wrong with it.
    public var fields: [String: String]
    /// Seconds a client should wait before asking again (429, 503): sent as `Retry-After`.
    public var retryAfter: Int?

    public init(_ status: Int, _ code: String, _ message: String, fields: [String: String] = [:]) {
        self.status = status; self.code = code; self.message = message; self.fields = fields
    }

    public static func badRequest(_ message: String = "The request could not be read.") -> HTTPError {
        HTTPError(400, "malformed_request", message)
    }
    public static func unauthorized(_ message: String = "Sign in first.") -> HTTPError {
        HTTPError(401, "not_signed_in", message)
    }
    public static func forbidden(_ code: String = "forbidden", _ message: String) -> HTTPError {
        HTTPError(403, code, message)
    }
    public static func notFound(_ message: String = "Not found.") -> HTTPError {
        HTTPError(404, "not_found", message)
    }
    public static func methodNotAllowed() -> HTTPError {
        HTTPError(405, "method_not_allowed", "This method is not allowed here.")
    }
    public static func tooLarge(limit: Int) -> HTTPError {
        HTTPError(413, "payload_too_large", "The upload is larger than the limit of \(ByteCountFormatter.string(fromByteCount: Int64(limit), countStyle: .file)).")
    }
    public static func unprocessable(_ fields: [String: String], _ message: String = "Some values are not valid.") -> HTTPError {
        HTTPError(422, "invalid_values", message, fields: fields)
    }
}
