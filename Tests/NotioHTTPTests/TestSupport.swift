import Foundation
import Synchronization
@testable import NotioHTTP

/// A response read off the wire.
struct WireResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
}

struct SocketError: Error { var message: String }

/// A blocking TCP client: enough HTTP/1.1 to check what the server really sends. One thread may
/// send while another reads (the socket never changes).
final class Client: @unchecked Sendable {
    let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = UInt16(port).bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        // Generous: other suites may keep both cores busy while this one waits.
        // The whole suite runs at once on two cores: an answer may wait its turn for minutes.
        var timeout = timeval(tv_sec: 300, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if rc != 0 { close(fd); throw SocketError(message: "connect failed: \(errno)") }
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) throws {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { throw SocketError(message: "send failed: \(errno)") }
            off += n
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Reads some bytes; empty at end of stream.
    func readSome() throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 { throw SocketError(message: "recv failed: \(errno)") }
        return Array(buffer[..<n])
    }

    func readToEnd() throws -> [UInt8] {
        var all: [UInt8] = []
        while true {
            let chunk = try readSome()
            if chunk.isEmpty { return all }
            all += chunk
        }
    }

    /// Reads one response (Content-Length, chunked, or until close).
    func readResponse(head: Bool = false) throws -> WireResponse {
        var data: [UInt8] = []
        var headerEnd: Int?
        while headerEnd == nil {
            let chunk = try readSome()
            if chunk.isEmpty { throw SocketError(message: "closed before headers") }
            data += chunk
            headerEnd = Self.find([13, 10, 13, 10], in: data)
        }
        let headText = String(decoding: data[..<headerEnd!], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let status = Int(lines.removeFirst().split(separator: " ")[1])!
        let headers = lines.map { line -> (String, String) in
            let i = line.firstIndex(of: ":")!
            return (String(line[..<i]), line[line.index(after: i)...].trimmingCharacters(in: .whitespaces))
        }
        var body = Array(data[(headerEnd! + 4)...])
        let response = WireResponse(status: status, headers: headers, body: [])
        if head || status == 304 || status == 204 { return response }
        if let length = response.header("Content-Length").flatMap(Int.init) {
            while body.count < length {
                let chunk = try readSome()
                if chunk.isEmpty { break }
                body += chunk
            }
        } else if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            body = try dechunk(body)
        } else {
            body += try readToEnd()
        }
        return WireResponse(status: status, headers: headers, body: body)
    }

    private func dechunk(_ start: [UInt8]) throws -> [UInt8] {
        var buffer = start
        var out: [UInt8] = []
        while true {
            while Self.find([13, 10], in: buffer) == nil {
                let c = try readSome(); if c.isEmpty { return out }; buffer += c
            }
            let lineEnd = Self.find([13, 10], in: buffer)!
            let size = Int(String(decoding: buffer[..<lineEnd], as: UTF8.self).split(separator: ";")[0], radix: 16) ?? 0
            buffer.removeFirst(lineEnd + 2)
            if size == 0 { return out }
            while buffer.count < size + 2 {
                let c = try readSome(); if c.isEmpty { return out + buffer }; buffer += c
            }
            out += buffer[..<size]
            buffer.removeFirst(size + 2)
        }
    }

    static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...(hay.count - needle.count) where hay[i] == needle[0] && Array(hay[i..<(i + needle.count)]) == needle {
            return i
        }
        return nil
    }
}

/// One request on a fresh connection.
func fetch(_ port: Int, _ method: String, _ target: String, headers: [String] = [], body: [UInt8] = []) throws -> WireResponse {
    let client = try Client(port: port)
    var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
    for h in headers { head += h + "\r\n" }
    if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
    head += "\r\n"
    try client.send(Array(head.utf8) + body)
    return try client.readResponse(head: method == "HEAD")
}

let testErrorResponder: @Sendable (Request, Error) -> Response = { _, error in
    let e = error as? HTTPError ?? HTTPError(500, "internal_error", "Something went wrong.")
    return Response.json(Data("{\"error\":{\"code\":\"\(e.code)\"}}".utf8), status: e.status)
}

/// Lines the server logged.
final class LogLines: Sendable {
    let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
}

func startServer(_ routes: [Route], grace: Double = 10, log: LogLines = LogLines(), uploads: String = NSTemporaryDirectory(),
                 headersTimeout: Double = 10, minBodyBytesPerSecond: Int = 500, defaultHeaders: Headers = Headers()) throws -> HTTPServer {
    let configuration = ServerConfiguration(uploadDirectory: uploads, shutdownGraceSeconds: grace, headersTimeoutSeconds: headersTimeout,
                                            minBodyBytesPerSecond: minBodyBytesPerSecond, defaultHeaders: defaultHeaders)
    let server = HTTPServer(configuration: configuration,
                            router: Router(routes), errorResponder: testErrorResponder, log: { log.add($0) })
    try server.start()
    return server
}

final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}

/// Runs blocking socket work on its own thread: a test blocked in recv() on the cooperative pool
/// would starve the Tasks that async handlers and event producers need.
func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
