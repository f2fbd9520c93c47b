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
        for (name, value) in response.headers {
            _ = MHD_add_response_header(mhdResponse, name, value)
        }
        exchange.status = response.status
        let result = MHD_queue_response(connection, UInt32(truncatingIfNeeded: response.status), mhdResponse)
        MHD_destroy_response(mhdResponse)
        return result
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
