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
    /// Set when `message` is this layer's generic English wording: the application's catalog
    /// key (`http.<code>`) for the same message in the reader's language, with its values.
    public var messageKey: String?
    public var messageValues: [String] = []

    public init(_ status: Int, _ code: String, _ message: String, fields: [String: String] = [:]) {
        self.status = status; self.code = code; self.message = message; self.fields = fields
    }

    public static func badRequest(_ message: String? = nil) -> HTTPError {
        generic(HTTPError(400, "malformed_request", message ?? "The request could not be read."), message)
    }
    public static func unauthorized(_ message: String? = nil) -> HTTPError {
        generic(HTTPError(401, "not_signed_in", message ?? "Sign in first."), message)
    }
    public static func forbidden(_ code: String = "forbidden", _ message: String) -> HTTPError {
        HTTPError(403, code, message)
    }
    public static func notFound(_ message: String? = nil) -> HTTPError {
        generic(HTTPError(404, "not_found", message ?? "Not found."), message)
    }
    public static func methodNotAllowed() -> HTTPError {
        generic(HTTPError(405, "method_not_allowed", "This method is not allowed here."), nil)
    }
    public static func tooLarge(limit: Int) -> HTTPError {
        let size = ByteCountFormatter.string(fromByteCount: Int64(limit), countStyle: .file)
        var e = generic(HTTPError(413, "payload_too_large", "The upload is larger than the limit of \(size)."), nil)
        e.messageValues = [size]
        return e
    }
    /// A form with more fields than its route takes.
    public static func tooManyFields(_ limit: Int) -> HTTPError {
        var e = generic(HTTPError(413, "too_many_fields", "The form has more than \(limit) fields."), nil)
        e.messageValues = [String(limit)]
        return e
    }
    public static func unprocessable(_ fields: [String: String], _ message: String? = nil) -> HTTPError {
        generic(HTTPError(422, "invalid_values", message ?? "Some values are not valid.", fields: fields), message)
    }

    /// The answer when a handler failed in a way it did not say (a logged 500).
    public static func internalError() -> HTTPError {
        generic(HTTPError(500, "internal_error", "Something went wrong."), nil)
    }
    /// A request body that could not be written to disk.
    public static func uploadFailed() -> HTTPError {
        generic(HTTPError(500, "upload_failed", "The upload could not be stored."), nil)
    }
    /// A request that came in while the server stops.
    public static func shuttingDown() -> HTTPError {
        generic(HTTPError(503, "shutting_down", "The server is shutting down."), nil)
    }
    /// A form body the multipart parser refused.
    public static func formUnreadable() -> HTTPError {
        var e = HTTPError(400, "malformed_request", "The form could not be read.")
        e.messageKey = "http.form_unreadable"
        return e
    }

    /// Marks the generic wording (no `given` message) as translatable by its code.
    private static func generic(_ e: HTTPError, _ given: String?) -> HTTPError {
        var e = e
        if given == nil { e.messageKey = "http.\(e.code)" }
        return e
    }
}
