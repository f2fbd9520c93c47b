import CMicroHTTPD
import Foundation
import Synchronization

/// The HTTP server: libmicrohttpd with a thread pool of epoll loops, one route table, sync
/// handlers on the server threads, async handlers and event streams on suspended connections.
public final class HTTPServer: @unchecked Sendable {
    let configuration: ServerConfiguration
    let router: Router
    let errorResponder: @Sendable (Request, Error) -> Response
    let log: @Sendable (String) -> Void

    private let state = Mutex<(daemon: ConnectionHandle?, port: Int, stopping: Bool)>((nil, 0, false))
    private let nextID = Atomic<UInt64>(0)
    /// Requests between the first call of the access handler and the completed callback.
    let inFlight = Atomic<Int>(0)
    /// Connections MHD holds suspended; MHD_stop_daemon aborts the process if any remain.
    let suspended = Atomic<Int>(0)
    /// Set by `stop()`: new event streams end at once, and once the grace time is over no
    /// connection is suspended any more.
    let stopping = Atomic<Bool>(false)
    let refuseSuspension = Atomic<Bool>(false)
    let liveStreams = Mutex<[ObjectIdentifier: EventSource]>([:])
    /// Closes connections that send their headers or their body too slowly.
    let slowClients: SlowClients

    /// - Parameters:
    ///   - errorResponder: turns a thrown error (or the server's own 400/404/405/413) into a response.
    ///   - log: receives one line per finished request: `<id> <METHOD> <path> <status> <ms>ms`.
    public init(configuration: ServerConfiguration, router: Router,
                errorResponder: @escaping @Sendable (Request, Error) -> Response,
                log: @escaping @Sendable (String) -> Void = { BufferedLog.standardOutput.write($0) }) {
        self.configuration = configuration
        self.router = router
        self.errorResponder = errorResponder
        self.log = log
        slowClients = SlowClients(headersTimeout: configuration.headersTimeoutSeconds,
                                  minBodyBytesPerSecond: configuration.minBodyBytesPerSecond)
    }

    /// The port the server listens on, once started.
    public var port: Int { state.withLock { $0.port } }

    /// Binds to `configuration.host` and starts serving. Returns the real port.
    @discardableResult
    public func start() throws -> Int {
        try state.withLock { st in
            guard st.daemon == nil, !st.stopping else { throw ServerStartError(description: "The server was already started.") }
            var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue
                | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ERROR_LOG.rawValue | MHD_USE_ITC.rawValue
            let cls = Unmanaged.passRetained(self).toOpaque()
            let threads = UInt32(max(1, configuration.threads))
            let timeout = UInt32(max(0, configuration.connectionTimeoutSeconds))
            let daemon: OpaquePointer?
            if configuration.host.contains(":") {
                flags |= MHD_USE_IPv6.rawValue
                var addr = sockaddr_in6()
                addr.sin6_family = sa_family_t(AF_INET6)
                addr.sin6_port = UInt16(truncatingIfNeeded: configuration.port).bigEndian
                guard inet_pton(AF_INET6, configuration.host, &addr.sin6_addr) == 1 else {
                    Unmanaged<HTTPServer>.fromOpaque(cls).release()
                    throw ServerStartError(description: "Not an IPv6 address: \(configuration.host)")
                }
                daemon = withUnsafePointer(to: &addr) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        Self.startDaemon(flags: flags, addr: $0, threads: threads, timeout: timeout, cls: cls)
                    }
                }
            } else {
                var addr = sockaddr_in()
                addr.sin_family = sa_family_t(AF_INET)
                addr.sin_port = UInt16(truncatingIfNeeded: configuration.port).bigEndian
                guard inet_pton(AF_INET, configuration.host, &addr.sin_addr) == 1 else {
                    Unmanaged<HTTPServer>.fromOpaque(cls).release()
                    throw ServerStartError(description: "Not an IPv4 address: \(configuration.host)")
                }
                daemon = withUnsafePointer(to: &addr) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        Self.startDaemon(flags: flags, addr: $0, threads: threads, timeout: timeout, cls: cls)
                    }
                }
            }
            guard let daemon else {
                Unmanaged<HTTPServer>.fromOpaque(cls).release()
                throw ServerStartError(description: "Could not listen on \(configuration.host):\(configuration.port).")
            }
            st.daemon = ConnectionHandle(daemon)
            st.port = Int(notio_mhd_bound_port(daemon))
            slowClients.start()
            return st.port
        }
    }

    /// Stops gracefully: the listening socket is closed at once, event streams are closed,
    /// requests in flight get up to `shutdownGraceSeconds` to finish, then the daemon stops.
    /// Calling it again does nothing.
    public func stop() {
        let handle: ConnectionHandle? = state.withLock { st in
            if st.stopping { return nil }
            st.stopping = true
            return st.daemon
        }
        guard let daemon = handle?.raw else { return }
        stopping.store(true, ordering: .sequentiallyConsistent)
        // MHD stops accepting; the listening socket it gives back is ours to close, but only after
        // MHD_stop_daemon: its epoll thread takes the socket out of its set on its next round, and
        // a socket closed before that makes epoll_ctl fail, on which MHD aborts the process
        // ("Failed to remove listen FD from epoll set", seen once in a full test run).
        let listener = MHD_quiesce_daemon(daemon)
        closeStreams()
        let deadline = Self.nanos() + UInt64(max(0, configuration.shutdownGraceSeconds) * 1e9)
        while inFlight.load(ordering: .acquiring) > 0, Self.nanos() < deadline { usleep(2_000) }
        refuseSuspension.store(true, ordering: .sequentiallyConsistent)
        closeStreams()
        // Async handlers still running cannot be cut short; MHD_stop_daemon must wait for them.
        var waited = 0
        while suspended.load(ordering: .acquiring) > 0 {
            usleep(2_000); waited += 1
            if waited == 2_500 { log("http: waiting for \(suspended.load(ordering: .acquiring)) suspended connection(s) before stopping") }
        }
        MHD_stop_daemon(daemon)
        if listener >= 0 { close(listener) }
        slowClients.stop()
        Unmanaged.passUnretained(self).release()
        state.withLock { $0.daemon = nil }
        BufferedLog.standardOutput.flush()
    }

    private func closeStreams() {
        let sources = liveStreams.withLock { Array($0.values) }
        for source in sources { source.close() }
    }

    private static func startDaemon(flags: UInt32, addr: UnsafePointer<sockaddr>, threads: UInt32, timeout: UInt32,
                                    cls: UnsafeMutableRawPointer) -> OpaquePointer? {
        notio_mhd_start(flags, addr, threads, timeout, { cls, connection, url, method, _, uploadData, uploadSize, conCls in
            guard let cls, let connection, let url, let method, let uploadSize, let conCls else { return MHD_Result.NO }
            let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
            return server.access(connection, url: url, method: method, data: uploadData, size: uploadSize, conCls: conCls)
        }, cls, { cls, _, conCls, _ in
            guard let cls, let conCls, let raw = conCls.pointee else { return }
            conCls.pointee = nil
            let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
            server.completed(Unmanaged<Exchange>.fromOpaque(raw).takeRetainedValue())
        }, cls, { cls, connection, socketContext, code in
            guard let cls, let connection, let socketContext else { return }
            let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
            server.connectionChanged(connection, socketContext, opened: code.rawValue == 0 /* MHD_CONNECTION_NOTIFY_STARTED */)
        }, cls)
    }

    /// A connection opened or is about to be closed (its socket is still open).
    private func connectionChanged(_ connection: OpaquePointer, _ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>, opened: Bool) {
        guard slowClients.isOn else { return }
        if opened {
            let watched = SlowClients.Connection(fd: notio_mhd_connection_fd(connection), at: Self.nanos())
            context.pointee = Unmanaged.passRetained(watched).toOpaque()
            slowClients.opened(watched)
        } else if let raw = context.pointee {
            context.pointee = nil
            slowClients.closing(Unmanaged<SlowClients.Connection>.fromOpaque(raw).takeRetainedValue())
        }
    }

    /// The watch of this connection, while the slow-client watch is on.
    private func watched(_ connection: OpaquePointer) -> SlowClients.Connection? {
        guard slowClients.isOn, let raw = notio_mhd_socket_context(connection) else { return nil }
        return Unmanaged<SlowClients.Connection>.fromOpaque(raw).takeUnretainedValue()
    }

    static func nanos() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    // MARK: the access handler

    /// libmicrohttpd calls this first with the headers, then once per body chunk, then once with
    /// no data (and again after a suspended connection is resumed).
    private func access(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                        data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>,
                        conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let raw = conCls.pointee else {
            let exchange = begin(connection, url: url, method: method)
            conCls.pointee = Unmanaged.passRetained(exchange).toOpaque()
            // A body whose length is ambiguous, announced larger than allowed, or sent by someone
            // the route refuses, is answered before it is read. MHD then closes the connection
            // instead of reading the body.
            let early: (any Error)? = exchange.framingProblem
                ?? (exchange.carriesBody ? exchange.failure : nil)
                ?? exchange.contentLength.flatMap { $0 > exchange.limit ? exchange.tooLargeAnswer ?? HTTPError.tooLarge(limit: exchange.limit) : nil }
            if let early {
                exchange.phase = .answered
                exchange.watch?.enter(.busy, at: Self.nanos())
                return queue(errorResponse(exchange, early), exchange, connection)
            }
            exchange.watch?.enter(exchange.carriesBody ? .receivingBody : .busy, at: Self.nanos())
            return MHD_Result.YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(raw).takeUnretainedValue()
        if size.pointee > 0 {
            let count = size.pointee
            size.pointee = 0
            exchange.watch?.received(count)
            guard let data else { return MHD_Result.YES }
            switch exchange.phase {
            case .receiving:
                exchange.consume(data, count: count)
                // Only a chunked body can get here (a declared length is checked on the first
                // call): answer now rather than after a body that may never end.
                if exchange.received > exchange.limit { answerWhileReceiving(exchange, connection) }
                return MHD_Result.YES
            case .draining:
                exchange.received += count
                return exchange.received <= exchange.limit + Exchange.drainAllowance ? MHD_Result.YES : MHD_Result.NO
            default:
                return MHD_Result.YES
            }
        }
        switch exchange.phase {
        case .draining:
            // The answer already went out on the socket; MHD must not send another one.
            return MHD_Result.NO
        case .receiving:
            exchange.watch?.enter(.busy, at: Self.nanos())
            return respond(exchange, connection)
        case .running:
            return MHD_Result.YES
        case .resumed:
            exchange.phase = .answered
            if exchange.countedSuspended {
                exchange.countedSuspended = false
                suspended.subtract(1, ordering: .releasing)
            }
            let response = exchange.asyncResult.withLock { $0.take() } ?? errorResponse(exchange, HTTPError.internalError())
            return queue(response, exchange, connection)
        case .answered:
            return MHD_Result.YES
        }
    }

    private func begin(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>) -> Exchange {
        inFlight.add(1, ordering: .relaxed)
        let id = nextID.add(1, ordering: .relaxed).newValue
        let exchange = Exchange(id: id, startNanos: Self.nanos(), method: String(cString: method), path: String(cString: url))
        let cls = Unmanaged.passUnretained(exchange).toOpaque()
        MHD_get_connection_values(connection, .HEADER_KIND, { cls, _, key, value in
            guard let cls, let key else { return MHD_Result.YES }
            let exchange = Unmanaged<Exchange>.fromOpaque(cls).takeUnretainedValue()
            let v = value.map { String(cString: $0) } ?? ""
            if strcasecmp(key, "cookie") == 0 {
                exchange.cookieHeader = exchange.cookieHeader.map { $0 + "; " + v } ?? v
            } else if strcasecmp(key, "content-type") == 0 {
                exchange.contentType = v
            } else if strcasecmp(key, "content-length") == 0 {
                exchange.contentLength = Int(v.trimmingCharacters(in: .whitespaces))
                exchange.contentLengthFields.append(v)
            } else if strcasecmp(key, "transfer-encoding") == 0 {
                exchange.hasTransferEncoding = true
            }
            exchange.headers.add(String(cString: key), v)
            return MHD_Result.YES
        }, cls)
        MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, { cls, _, key, value in
            guard let cls, let key else { return MHD_Result.YES }
            let exchange = Unmanaged<Exchange>.fromOpaque(cls).takeUnretainedValue()
            exchange.query[String(cString: key)] = value.map { String(cString: $0) } ?? ""
            return MHD_Result.YES
        }, cls)
        exchange.remoteAddress = Self.address(notio_mhd_client_address(connection))

        exchange.watch = watched(connection)

        switch router.match(method: exchange.method, path: exchange.path) {
        case .found(let route, let parameters):
            exchange.route = route
            exchange.parameters = parameters
            exchange.form = route.form
            exchange.limit = route.maxBodyBytes
            // Who may send a body here, and how much of it, is decided from the head alone.
            var admitted = Admitted(maxBodyBytes: route.maxBodyBytes)
            if exchange.carriesBody {
                switch route.admit(makeRequest(exchange, body: .none)) {
                case .refuse(let error):
                    exchange.failure = error
                    exchange.mode = .discard
                    return exchange
                case .admit(let a):
                    admitted = a
                }
            }
            exchange.limit = min(route.maxBodyBytes, admitted.maxBodyBytes)
            exchange.tooLargeAnswer = admitted.maxBodyBytes < route.maxBodyBytes ? admitted.tooLarge : nil
            exchange.writesFiles = admitted.writesFiles
            if let type = exchange.contentType, Self.hasPrefix(type, "multipart/form-data") {
                exchange.uploadDirectory = configuration.uploadDirectory
                exchange.postProcessor = MHD_create_post_processor(connection, 64 << 10, { cls, _, key, fileName, contentType, _, data, offset, size in
                    guard let cls else { return MHD_Result.NO }
                    let exchange = Unmanaged<Exchange>.fromOpaque(cls).takeUnretainedValue()
                    let name = key.map { String(cString: $0) } ?? ""
                    return exchange.part(name: name, fileName: fileName, contentType: contentType,
                                         data: data, offset: offset, size: size) ? MHD_Result.YES : MHD_Result.NO
                }, Unmanaged.passUnretained(exchange).toOpaque())
                if exchange.postProcessor == nil {
                    exchange.failure = HTTPError.formUnreadable()
                    exchange.mode = .discard
                } else {
                    exchange.mode = .multipart
                    // Without files, the whole form is its text and is held in memory.
                    if !exchange.writesFiles { exchange.limitInMemory(route.form.maxBytes) }
                }
            } else if let type = exchange.contentType, Self.hasPrefix(type, "application/x-www-form-urlencoded") {
                exchange.mode = .urlEncoded
                exchange.limitInMemory(route.form.maxBytes)
            } else if route.spoolsBody && exchange.writesFiles {
                exchange.uploadDirectory = configuration.uploadDirectory
                exchange.mode = .spool
            } else {
                exchange.mode = .raw
                if route.spoolsBody { exchange.limitInMemory(route.form.maxBytes) }
                if let length = exchange.contentLength, length > 0, length <= exchange.limit { exchange.raw.reserveCapacity(length) }
            }
        case .methodNotAllowed(let allowed):
            exchange.allowed = allowed
            exchange.failure = HTTPError.methodNotAllowed()
            exchange.mode = .discard
        case .notFound:
            exchange.failure = HTTPError.notFound()
            exchange.mode = .discard
        }
        return exchange
    }

    /// The last call for a request whose body has been read: run the handler or answer the error.
    private func respond(_ exchange: Exchange, _ connection: OpaquePointer) -> MHD_Result {
        let body = exchange.finishBody()
        if let failure = exchange.failure {
            exchange.phase = .answered
            return queue(errorResponse(exchange, failure), exchange, connection)
        }
        guard let route = exchange.route else { return MHD_Result.NO }
        let request = makeRequest(exchange, body: body)
        switch route.handler {
        case .sync(let handler):
            exchange.phase = .answered
            let response: Response
            do { response = try handler(request) } catch { response = errorResponder(request, error) }
            return queue(response, exchange, connection)
        case .async(let handler):
            if refuseSuspension.load(ordering: .acquiring) {
                exchange.phase = .answered
                return queue(errorResponder(request, HTTPError.shuttingDown()), exchange, connection)
            }
            exchange.phase = .running
            exchange.countedSuspended = true
            suspended.add(1, ordering: .relaxed)
            MHD_suspend_connection(connection)
            let handle = ConnectionHandle(connection)
            let errorResponder = self.errorResponder
            Task {
                let response: Response
                do { response = try await handler(request) } catch { response = errorResponder(request, error) }
                exchange.asyncResult.withLock { $0 = response }
                exchange.phase = .resumed
                MHD_resume_connection(handle.raw)
            }
            return MHD_Result.YES
        }
    }

    func makeRequest(_ exchange: Exchange, body: RequestBody) -> Request {
        var request = Request(id: exchange.id, method: exchange.method, path: exchange.path, query: exchange.query,
                              headers: exchange.headers,
                              cookies: RequestCookies(header: exchange.cookieHeader),
                              body: body, remoteAddress: exchange.remoteAddress)
        request.pathParameters = exchange.parameters
        return request
    }

    func errorResponse(_ exchange: Exchange, _ error: any Error) -> Response {
        var response = errorResponder(makeRequest(exchange, body: .none), error)
        if (error as? HTTPError)?.status == 405 {
            var methods = exchange.allowed
            if methods.contains("GET"), !methods.contains("HEAD") { methods.append("HEAD") }
            response.headers.set("Allow", methods.joined(separator: ", "))
        }
        return response
    }

    private func completed(_ exchange: Exchange) {
        if exchange.countedSuspended {
            exchange.countedSuspended = false
            suspended.subtract(1, ordering: .releasing)
        }
        exchange.release()
        exchange.watch?.enter(.awaitingHeaders, at: Self.nanos())
        let tenths = (Self.nanos() &- exchange.startNanos + 50_000) / 100_000
        log("\(exchange.id) \(exchange.method) \(exchange.path) \(exchange.status == 0 ? 499 : exchange.status) \(tenths / 10).\(tenths % 10)ms")
        inFlight.subtract(1, ordering: .releasing)
    }

    private static func hasPrefix(_ s: String, _ prefix: String) -> Bool {
        s.utf8.count >= prefix.utf8.count && zip(s.utf8, prefix.utf8).allSatisfy { a, b in a | 0x20 == b | 0x20 }
    }

    /// The peer's address as text. Formatted on the stack: it is done for every request.
    private static func address(_ sa: UnsafePointer<sockaddr>?) -> String {
        guard let sa else { return "" }
        let capacity = Int(INET6_ADDRSTRLEN) + 1
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer -> String in
            guard let text = buffer.baseAddress else { return "" }
            let written: UnsafePointer<CChar>?
            switch Int32(sa.pointee.sa_family) {
            case AF_INET:
                written = sa.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sin in
                    var a = sin.pointee.sin_addr
                    return inet_ntop(AF_INET, &a, text, socklen_t(capacity))
                }
            case AF_INET6:
                written = sa.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { sin in
                    var a = sin.pointee.sin6_addr
                    return inet_ntop(AF_INET6, &a, text, socklen_t(capacity))
                }
            default:
                written = nil
            }
            return written.map { String(cString: $0) } ?? ""
        }
    }
}

/// A libmicrohttpd connection or daemon pointer kept across threads; MHD_resume_connection may be
/// called from any thread.
struct ConnectionHandle: @unchecked Sendable {
    let raw: OpaquePointer
    init(_ raw: OpaquePointer) { self.raw = raw }
}
