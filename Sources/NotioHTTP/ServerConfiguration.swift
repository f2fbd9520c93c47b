import Foundation

/// How the HTTP server listens and how long it waits.
public struct ServerConfiguration: Sendable {
    /// The only address the server binds to: an IPv4 literal such as "127.0.0.1", or an IPv6
    /// literal such as "::1".
    public var host: String
    /// 0 asks for a free port; `HTTPServer.start()` returns the real one.
    public var port: Int
    /// Size of libmicrohttpd's thread pool; each thread runs its own epoll loop.
    public var threads: Int
    /// Where file parts of multipart bodies are streamed to while they arrive.
    public var uploadDirectory: String
    /// Idle connections are closed after this many seconds.
    public var connectionTimeoutSeconds: Int
    /// How long `stop()` lets requests in flight finish before closing them.
    public var shutdownGraceSeconds: Double
    /// A connection that has not sent a request's headers this long after it opened (or after
    /// its previous answer) is closed; so is one whose body sends less than
    /// `minBodyBytesPerSecond` over a stretch this long. 0 turns both off.
    public var headersTimeoutSeconds: Double
    public var minBodyBytesPerSecond: Int
    /// Headers every answer carries unless its handler set the same header itself: the
    /// application's security policies (Content-Security-Policy, Referrer-Policy, ...).
    /// `X-Content-Type-Options: nosniff` is always sent and need not be listed.
    public var defaultHeaders: Headers

    public init(host: String = "127.0.0.1", port: Int = 0, threads: Int = 2,
                uploadDirectory: String = NSTemporaryDirectory(), connectionTimeoutSeconds: Int = 60,
                shutdownGraceSeconds: Double = 10, headersTimeoutSeconds: Double = 10, minBodyBytesPerSecond: Int = 500,
                defaultHeaders: Headers = Headers()) {
        self.host = host; self.port = port; self.threads = threads; self.uploadDirectory = uploadDirectory
        self.connectionTimeoutSeconds = connectionTimeoutSeconds; self.shutdownGraceSeconds = shutdownGraceSeconds
        self.headersTimeoutSeconds = headersTimeoutSeconds; self.minBodyBytesPerSecond = minBodyBytesPerSecond
        self.defaultHeaders = defaultHeaders
    }
}

/// Why the server could not start.
public struct ServerStartError: Error, Sendable, CustomStringConvertible {
    public var description: String
}
