import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import NotioApp
import NotioTestSupport

/// The real application on an ephemeral port with a fresh data folder, as `notio serve` builds it.
final class TestServer: @unchecked Sendable {
    let app: Application
    let dataDirectory: String
    private var keepsData = false
    var base: String { app.baseURL }

    init(publicURL: String = "", seedDemo: Bool = true, dataDirectory: String? = nil, clock: TestClock? = nil,
         configure: (inout Configuration) -> Void = { _ in }) throws {
        self.dataDirectory = dataDirectory ?? NSTemporaryDirectory() + "notio-test-" + UUID().uuidString
        var config = Configuration()
        config.port = 0
        config.dataDirectory = self.dataDirectory
        config.publicURL = publicURL
        config.seedDemo = seedDemo
        config.logRequests = false
        config.publicDirectory = Self.packageRoot + "/Public"
        config.workerExecutable = Self.packageRoot + "/.build/debug/notio-worker"
        config.koreanDictionary = Self.packageRoot + "/.cache/mecab-ko-dic"
        // No test reaches outside 127.0.0.1: catalogs are off unless a test points them at the fakes.
        config.catalogProviders = "none"
        config.databaseURL = TestDatabase.url(for: self.dataDirectory)
        // Tests sign up many accounts from 127.0.0.1; the per-address limits have tests of their own.
        config.signupsPerHour = 100_000
        config.emailLookupsPerMinute = 100_000
        // The server shuts a kept-alive connection that sends no request for this long (the
        // slow-client guard, with tests of its own in NotioHTTPTests). With the whole suite on two
        // cores a test can wait more than the default 10 s between two requests, and a POST then
        // races the shutdown of the connection it reuses ("Empty reply from server").
        config.headersTimeoutSeconds = 600
        configure(&config)
        if let clock {
            app = try Application(config: config, clock: { clock.now })
        } else {
            app = try Application(config: config)
        }
        try app.start()
    }

    /// Builds and starts a server on a thread of its own: opening the store, seeding the demo
    /// account (an Argon2 hash) and binding take long enough on a busy machine that doing them
    /// on the tests' two cooperative threads would starve every request in flight.
    static func start(publicURL: String = "", seedDemo: Bool = true, dataDirectory: String? = nil, clock: TestClock? = nil,
                      configure: @escaping @Sendable (inout Configuration) -> Void = { _ in }) async throws -> TestServer {
        try await withCheckedThrowingContinuation { done in
            Thread {
                done.resume(with: Result {
                    try TestServer(publicURL: publicURL, seedDemo: seedDemo, dataDirectory: dataDirectory, clock: clock, configure: configure)
                })
            }.start()
        }
    }

    /// Stops the server now (off the cooperative threads), keeping its data folder.
    func stopKeepingData() async {
        keepsData = true
        let app = self.app
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread { app.stop(); done.resume() }.start()
        }
    }

    deinit {
        // Stopping waits for requests still in flight, whose async handlers need the cooperative
        // threads; a test ends (and this runs) on one of those threads, so stop elsewhere.
        let app = self.app, directory = dataDirectory, remove = !keepsData
        Thread {
            app.stop()
            if remove { try? FileManager.default.removeItem(atPath: directory) }
        }.start()
    }

    static var packageRoot: String {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        return FileManager.default.currentDirectoryPath
    }
}

/// A clock a test moves forward by hand: it stands still otherwise, so a slow machine adds no
/// seconds to what a test computes.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private let start: Date
    private var offset: TimeInterval = 0
    init(at start: Date = Date()) { self.start = start }
    var now: Date { lock.lock(); defer { lock.unlock() }; return start.addingTimeInterval(offset) }
    func advance(_ seconds: TimeInterval) { lock.lock(); offset += seconds; lock.unlock() }
}

/// An HTTP answer as a test looks at it.
struct Reply {
    var status: Int
    var headers: [String: String]
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    func header(_ name: String) -> String? { headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value }
    var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
}

/// A client with its own cookie jar and CSRF token, like one browser or script.
final class Client: @unchecked Sendable {
    let base: String
    var cookies: [String: String] = [:]
    var csrfToken: String?
    private let session: URLSession

    init(_ server: TestServer) {
        base = server.base
        let config = URLSessionConfiguration.ephemeral
        config.httpShouldSetCookies = false
        config.httpCookieAcceptPolicy = .never
        // The whole suite runs at once on two cores: a sign-up may wait its turn behind every
        // other test's Argon2 hashes (two at a time per process) for longer than URLSession's
        // 60 s default. A request that really hangs still fails, after five minutes.
        config.timeoutIntervalForRequest = 300
        config.timeoutIntervalForResource = 600
        session = URLSession(configuration: config, delegate: NoRedirects(), delegateQueue: nil)
    }

    /// A session keeps its delegate, its connection cache and their sockets until it is
    /// invalidated, not merely released: hundreds of clients in one test process would otherwise
    /// keep their connections to long-stopped servers open.
    deinit { session.finishTasksAndInvalidate() }

    @discardableResult
    func request(_ method: String, _ path: String, json: Any? = nil, body: Data? = nil, contentType: String? = nil,
                 headers: [String: String] = [:], csrf: Bool = true) async throws -> Reply {
        var req = URLRequest(url: URL(string: base + path)!)
        req.httpMethod = method
        if let json {
            req.httpBody = try JSONSerialization.data(withJSONObject: json)
            req.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let body { req.httpBody = body }
        if let contentType { req.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        if !cookies.isEmpty { req.setValue(cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "), forHTTPHeaderField: "Cookie") }
        if csrf, let csrfToken, method != "GET" { req.setValue(csrfToken, forHTTPHeaderField: "X-CSRF-Token") }
        for (k, v) in headers { req.setValue(v, forHTTPHeaderField: k) }
        let (data, response) = try await session.data(for: req)
        let http = response as! HTTPURLResponse
        var hs: [String: String] = [:]
        for (k, v) in http.allHeaderFields { hs["\(k)"] = "\(v)" }
        for cookie in setCookies(http) {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { if pair[1].isEmpty { cookies[pair[0]] = nil } else { cookies[pair[0]] = pair[1] } }
        }
        let reply = Reply(status: http.statusCode, headers: hs, body: data)
        if let token = reply.json["csrfToken"] as? String { csrfToken = token }
        AnswerRecorder.shared?.record(method: method, path: path, reply: reply)
        return reply
    }

    /// Set-Cookie headers; Foundation folds repeated headers into one comma-joined value.
    func setCookies(_ http: HTTPURLResponse) -> [String] {
        guard let raw = http.value(forHTTPHeaderField: "Set-Cookie") else { return [] }
        // Our cookies carry no Expires attribute, so ", " only ever separates cookies.
        return raw.components(separatedBy: ", ")
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> Reply { try await request("GET", path, headers: headers) }

    /// Signs up a fresh account and keeps its cookie and token.
    @discardableResult
    func signUp(email: String = "user-\(UUID().uuidString.prefix(8).lowercased())@example.com", name: String = "테스터", password: String = "correct horse 1") async throws -> Reply {
        try await request("POST", "/api/v1/auth/signup", json: ["email": email, "password": password, "name": name, "agreeTerms": true])
    }

    /// Posts an HTML form with the double-submit token taken from the page's cookie.
    func postForm(_ path: String, _ fields: [String: String]) async throws -> Reply {
        var all = fields
        all["csrf_token"] = csrfToken ?? cookies["notio_csrf"] ?? ""
        let body = all.map { "\(escape($0.key))=\(escape($0.value))" }.joined(separator: "&")
        return try await request("POST", path, body: Data(body.utf8), contentType: "application/x-www-form-urlencoded", csrf: false)
    }

    private func escape(_ s: String) -> String {
        s.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? s
    }
}

final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}

/// Every JSON answer of the API tests, one JSON line each, written to `NOTIO_RECORD_ANSWERS` when
/// it is set (`scripts/test.sh` sets it): Tests/EndToEnd/test_openapi.py checks each against the
/// schema the OpenAPI document gives for its route and status, so document and code cannot drift.
final class AnswerRecorder: @unchecked Sendable {
    static let shared: AnswerRecorder? = ProcessInfo.processInfo.environment["NOTIO_RECORD_ANSWERS"]
        .flatMap { $0.isEmpty ? nil : AnswerRecorder(path: $0) }
    private let handle: FileHandle
    private let lock = NSLock()

    private init?(path: String) {
        if !FileManager.default.fileExists(atPath: path) { FileManager.default.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    func record(method: String, path: String, reply: Reply) {
        let route = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        guard route.hasPrefix("/api/"), route != "/api/openapi.json",
              reply.header("Content-Type")?.hasPrefix("application/json") == true,
              let body = try? JSONSerialization.jsonObject(with: reply.body, options: [.fragmentsAllowed]) else { return }
        let line: [String: Any] = ["method": method, "path": route, "status": reply.status, "body": body]
        guard var data = try? JSONSerialization.data(withJSONObject: line) else { return }
        data.append(0x0A)
        lock.lock()
        handle.write(data)
        lock.unlock()
    }
}
