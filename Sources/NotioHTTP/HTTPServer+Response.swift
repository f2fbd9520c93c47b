import CMicroHTTPD
import Foundation

extension HTTPServer {
    /// Hands a response to libmicrohttpd. HEAD requests get the headers only (MHD drops the body).
    func queue(_ response: Response, _ exchange: Exchange, _ connection: OpaquePointer) -> MHD_Result {
        var response = response
        let mhdResponse: OpaquePointer?
        switch response.body {
        case .bytes(let data):
            mhdResponse = data.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress),
                                                .RESPMEM_MUST_COPY)
            }
        case .file(let path), .temporaryFile(let path):
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            if case .temporaryFile = response.body { unlink(path) }
            var info = stat()
            if fd >= 0, fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                // MHD closes the descriptor when the response is destroyed.
                mhdResponse = MHD_create_response_from_fd64(UInt64(info.st_size), fd)
            } else {
                if fd >= 0 { close(fd) }
                response = errorResponder(makeRequest(exchange, body: .none), HTTPError.notFound())
                if case .bytes(let data) = response.body {
                    mhdResponse = data.withUnsafeBytes { buffer in
                        MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress),
                                                        .RESPMEM_MUST_COPY)
                    }
                } else {
                    mhdResponse = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
                }
            }
        case .events(let source):
            let stream = EventStream(server: self, connection: connection, source: source)
            liveStreams.withLock { $0[ObjectIdentifier(source)] = source }
            if stopping.load(ordering: .acquiring) { source.close() }
            mhdResponse = MHD_create_response_from_callback(UInt64.max, 4096, { cls, _, buffer, max in
                guard let cls, let buffer else { return -2 }
                return Unmanaged<EventStream>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, max: max)
            }, Unmanaged.passRetained(stream).toOpaque(), { cls in
                guard let cls else { return }
                Unmanaged<EventStream>.fromOpaque(cls).takeRetainedValue().finished()
            })
        }
        guard let mhdResponse else { return MHD_Result.NO }
        for (name, value) in outgoingHeaders(response.headers) {
            _ = MHD_add_response_header(mhdResponse, name, value)
        }
        exchange.status = response.status
        let result = MHD_queue_response(connection, UInt32(truncatingIfNeeded: response.status), mhdResponse)
        MHD_destroy_response(mhdResponse)
        return result
    }
}

extension HTTPServer {
    /// A response's headers as sent: the handler's own, then the configured defaults it did not
    /// set, then `nosniff`, which every answer carries (each one declares its type).
    func outgoingHeaders(_ own: Headers) -> Headers {
        var headers = own
        for (name, value) in configuration.defaultHeaders where own[name] == nil { headers.add(name, value) }
        headers.set("X-Content-Type-Options", "nosniff")
        return headers
    }

    /// Answers a request whose chunked body has just outgrown its limit, while the body is still
    /// arriving. libmicrohttpd 0.9.75 queues a response only once the whole body is read, so the
    /// answer is written to the socket here (plain HTTP: TLS ends in front of us), the write side
    /// is shut, and the rest of the body is read and dropped (`Exchange.drainAllowance`) so that
    /// the client reads the answer before the connection closes.
    func answerWhileReceiving(_ exchange: Exchange, _ connection: OpaquePointer) {
        exchange.phase = .draining
        let response = errorResponse(exchange, exchange.failure ?? HTTPError.tooLarge(limit: exchange.limit))
        exchange.status = response.status
        guard case .bytes(let body) = response.body else { return }
        let fd = notio_mhd_connection_fd(connection)
        guard fd >= 0 else { return }
        var headers = outgoingHeaders(response.headers)
        headers.set("Content-Length", String(body.count))
        headers.set("Connection", "close")
        let reason = MHD_get_reason_phrase_for(UInt32(response.status)).map { String(cString: $0) } ?? ""
        var head = "HTTP/1.1 \(response.status) \(reason)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + Array(body)
        // The socket is non-blocking; an answer this small fits its empty send buffer.
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 { sent += n } else if n < 0 && errno == EINTR { continue } else { break }
        }
        shutdown(fd, Int32(SHUT_WR))
    }
}

/// One Server-Sent Events response: reads from the EventSource, and suspends the connection while
/// the source has nothing (a content reader returning 0 is called again at once, a busy loop).
final class EventStream: @unchecked Sendable {
    private let server: HTTPServer
    private let connection: ConnectionHandle
    let source: EventSource
    private let lock = NSLock()
    /// We asked MHD to suspend and have not asked it to resume yet.
    private var suspended = false
    /// An event arrived between `take` answering `.wait` and the suspension.
    private var wakePending = false
    /// Counted in `server.suspended` from suspension until MHD calls the reader again.
    private var counted = false
    private var done = false

    init(server: HTTPServer, connection: OpaquePointer, source: EventSource) {
        self.server = server; self.connection = ConnectionHandle(connection); self.source = source
    }

    func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        lock.lock()
        if counted { counted = false; server.suspended.subtract(1, ordering: .releasing) }
        lock.unlock()
        switch source.take(max: max, waker: { [self] in wake() }) {
        case .data(let data):
            data.copyBytes(to: UnsafeMutableRawBufferPointer(start: buffer, count: max), count: data.count)
            return data.count
        case .end:
            return -1  // MHD_CONTENT_READER_END_OF_STREAM
        case .wait:
            lock.lock(); defer { lock.unlock() }
            if wakePending { wakePending = false; return 0 }
            if server.refuseSuspension.load(ordering: .acquiring) { return -1 }
            suspended = true
            counted = true
            server.suspended.add(1, ordering: .relaxed)
            MHD_suspend_connection(connection.raw)
            return 0
        }
    }

    private func wake() {
        lock.lock(); defer { lock.unlock() }
        if done { return }
        if suspended {
            suspended = false
            MHD_resume_connection(connection.raw)
        } else {
            wakePending = true
        }
    }

    /// MHD is done with the response: the client left or the stream ended.
    func finished() {
        lock.lock()
        done = true
        if counted { counted = false; server.suspended.subtract(1, ordering: .releasing) }
        lock.unlock()
        _ = server.liveStreams.withLock { $0.removeValue(forKey: ObjectIdentifier(source)) }
        source.terminated()
    }
}
