import Foundation

/// A stream of Server-Sent Events. The handler keeps the source and sends events from any thread;
/// the server writes them as they come and ends the response when the source is closed.
public final class EventSource: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = Data()
    private var closed = false
    private var waker: (@Sendable () -> Void)?
    /// Called once when the client goes away or the stream ends, so producers can stop.
    private var onTermination: (@Sendable () -> Void)?

    public init() {}

    /// Queue one event. `data` may hold newlines; each line becomes a `data:` field.
    public func send(event: String? = nil, data: String, id: String? = nil) {
        var text = ""
        if let id { text += "id: \(id)\n" }
        if let event { text += "event: \(event)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        text += "\n"
        append(Data(text.utf8))
    }

    /// A comment line, used as a keep-alive.
    public func comment(_ text: String) { append(Data(": \(text)\n\n".utf8)) }

    public func close() {
        lock.lock(); closed = true; let w = waker; waker = nil; lock.unlock()
        w?()
    }

    public var isClosed: Bool { lock.lock(); defer { lock.unlock() }; return closed }

    public func onTerminate(_ body: @escaping @Sendable () -> Void) {
        lock.lock(); onTermination = body; lock.unlock()
    }

    private func append(_ data: Data) {
        lock.lock()
        if closed { lock.unlock(); return }
        buffer.append(data); let w = waker; waker = nil
        lock.unlock()
        w?()
    }

    /// Server side: what is ready. `.wait` means nothing is buffered; `waker` is called when there is.
    public enum Pending { case data(Data), end, wait }

    public func take(max: Int, waker: @escaping @Sendable () -> Void) -> Pending {
        lock.lock(); defer { lock.unlock() }
        if !buffer.isEmpty {
            let n = Swift.min(max, buffer.count)
            let chunk = buffer.prefix(n)
            buffer.removeFirst(n)
            return .data(Data(chunk))
        }
        if closed { return .end }
        self.waker = waker
        return .wait
    }

    /// Server side: the client went away or the response ended.
    public func terminated() {
        lock.lock(); closed = true; let t = onTermination; onTermination = nil; waker = nil; lock.unlock()
        t?()
    }
}

public enum ResponseBody: Sendable {
    case bytes(Data)
    /// A file sent from disk (large downloads); the server does not delete it.
    case file(path: String)
    /// A file made for this response (an export): removed from the folder as soon as it is
    /// opened, so it is gone however the response ends.
    case temporaryFile(path: String)
    case events(EventSource)
}

/// One HTTP response.
public struct Response: Sendable {
    public var status: Int
    public var headers: Headers
    public var body: ResponseBody

    public init(status: Int = 200, headers: Headers = Headers(), body: ResponseBody = .bytes(Data())) {
        self.status = status; self.headers = headers; self.body = body
    }

    public init(status: Int = 200, contentType: String, body: Data) {
        self.init(status: status, headers: Headers([("Content-Type", contentType)]), body: .bytes(body))
    }

    public static func text(_ text: String, status: Int = 200) -> Response {
        Response(status: status, contentType: "text/plain; charset=utf-8", body: Data(text.utf8))
    }

    public static func html(_ html: String, status: Int = 200) -> Response {
        Response(status: status, contentType: "text/html; charset=utf-8", body: Data(html.utf8))
    }

    public static func json(_ data: Data, status: Int = 200) -> Response {
        Response(status: status, contentType: "application/json", body: data)
    }

    public static func redirect(_ location: String, status: Int = 303) -> Response {
        Response(status: status, headers: Headers([("Location", location)]))
    }

    public static func noContent() -> Response { Response(status: 204) }

    public static func events(_ source: EventSource) -> Response {
        Response(status: 200, headers: Headers([("Content-Type", "text/event-stream"), ("Cache-Control", "no-store"),
                                                ("X-Accel-Buffering", "no")]), body: .events(source))
    }

    public mutating func setCookie(_ cookie: String) { headers.add("Set-Cookie", cookie) }
}
