import Foundation
import Synchronization
import NotioAnalysis
import NotioCore
import NotioHTTP
import NotioStore

/// The whole application, built the same way by `notio serve` and by the tests.
public final class Application: Sendable {
    public let config: Configuration
    let context: AppContext
    let server: HTTPServer
    let statics: StaticFiles
    /// Expires restore previews once a minute (their own requests expire them too).
    private let sweeper: PeriodicTask

    /// The address the server listens on, once started.
    public var baseURL: String { "http://\(config.host.contains(":") ? "[\(config.host)]" : config.host):\(server.port)" }

    /// `clock` is the time the application reads (tests move it forward to cross a timer's end).
    public init(config: Configuration, clock: @escaping Now = WallClock.now, log: @escaping @Sendable (String) -> Void = Log.line) throws {
        self.config = config
        let store = try config.openStore()
        let statics = try StaticFiles(directory: config.publicDirectory)
        self.statics = statics
        let context = try AppContext(config: config, store: store, provider: try Self.provider(config), assetURL: { statics.url(for: $0) }, now: clock)
        self.context = context
        // The demo account (a public password) only when asked for. Nodes starting together on
        // one empty database: one seeds, the others then see the account.
        try store.exclusively(7720413) {
            if config.seedDemo {
                try DemoData.seed(store: store, now: clock())
            } else if try DemoData.closePublicPassword(store: store) {
                log("the demo account \(DemoData.email) had its public password and was started without --seed-demo: its password is now random (its data is kept; --seed-demo brings the demo back)")
            }
        }
        let table = routeTable(context) + staticRoutes(statics)
        // A pattern naming a parameter no handler can read (not a declared `PathParameter`) stops the start.
        for route in table where !route.undeclaredParameters.isEmpty {
            throw ConfigurationError(description: "route \(route.method) \(route.pattern) uses undeclared path parameters \(route.undeclaredParameters)")
        }
        // A route that would let someone without an account make the server hold a large body stops the start.
        for route in table {
            if let problem = route.bodyProblem { throw ConfigurationError(description: "route \(route.method) \(route.pattern) \(problem)") }
        }
        let router = Router(table.map { $0.route(context) })
        let uploads = (config.dataDirectory as NSString).appendingPathComponent("tmp")
        try FileManager.default.createDirectory(atPath: uploads, withIntermediateDirectories: true)
        BackupService.removeLeftovers(dataDirectory: config.dataDirectory)
        let serverConfig = ServerConfiguration(host: config.host, port: config.port, threads: config.threads, uploadDirectory: uploads,
                                               headersTimeoutSeconds: Double(config.headersTimeoutSeconds),
                                               minBodyBytesPerSecond: config.minBodyBytesPerSecond,
                                               defaultHeaders: SecurityHeaders.defaults(importMap: Layout.importMapJSON(asset: { statics.url(for: $0) })))
        let responder: @Sendable (Request, Error) -> Response = { request, error in
            ErrorPages.response(for: error, request: request, app: context)
        }
        let quiet: @Sendable (String) -> Void = { _ in }
        let requestLog = config.logRequests ? log : quiet
        server = HTTPServer(configuration: serverConfig, router: router, errorResponder: responder, log: requestLog)
        sweeper = PeriodicTask(every: 60) { context.previews.sweep() }
    }

    /// Binds and starts answering, and resumes unfinished jobs; returns the port.
    @discardableResult
    public func start() throws -> Int {
        let port = try server.start()
        try context.jobs.resumeUnfinished()
        sweeper.start()
        return port
    }

    /// Stops accepting, lets in-flight requests finish, interrupts jobs (they resume on the next start).
    public func stop() {
        server.stop()
        sweeper.stop()
        context.jobs.stop()
        context.ocr.shutdown()
        context.language.shutdown()
    }

    /// The analysis provider named by `NOTIO_AI_PROVIDER`; a remote one without its key or
    /// model stops the start with a clear message.
    static func provider(_ config: Configuration) throws -> any AnalysisProvider {
        func url(_ text: String, _ fallback: String) throws -> URL {
            guard let u = URL(string: text.isEmpty ? fallback : text), u.scheme != nil else {
                throw ConfigurationError(description: "not a URL: \(text)")
            }
            return u
        }
        let settings = ProviderSettings(
            kind: ProviderSettings.Kind(rawValue: config.aiProvider) ?? .offline,
            geminiAPIKey: config.geminiAPIKey.isEmpty ? nil : config.geminiAPIKey, geminiModel: config.geminiModel,
            geminiBaseURL: try url(config.geminiBaseURL, "https://generativelanguage.googleapis.com"),
            openAIBaseURL: try url(config.openAIBaseURL, "http://localhost:11434/v1"),
            openAIAPIKey: config.openAIAPIKey.isEmpty ? nil : config.openAIAPIKey,
            openAIModel: config.openAIModel.isEmpty ? nil : config.openAIModel)
        do {
            return try makeProvider(settings)
        } catch let e as ProviderConfigurationError {
            throw ConfigurationError(description: e.message)
        }
    }
}

/// `/static/...` with hashed names, and the few files that must keep a fixed root URL.
func staticRoutes(_ statics: StaticFiles) -> [AppRoute] {
    let serveHashed: @Sendable (Request) throws -> Response = { request in
        guard let r = statics.response(for: request, path: try request[.file]) else { throw HTTPError.notFound() }
        return r
    }
    var routes = [AppRoute("GET", "/static/{file...}", .public(serveHashed))]
    let fixed: @Sendable (Request, String) throws -> Response = { request, file in
        guard let f = statics.file(file) else { throw HTTPError.notFound() }
        if request.headers["If-None-Match"] == f.etag { return Response(status: 304, headers: Headers([("ETag", f.etag)])) }
        var r = Response(status: 200, contentType: f.contentType, body: f.data)
        r.headers.set("ETag", f.etag)
        r.headers.set("Cache-Control", "no-cache")
        if file == "sw.js" { r.headers.set("Service-Worker-Allowed", "/") }
        return r
    }
    // The manifest and the service worker name these by fixed URLs.
    for file in ["sw.js", "manifest.webmanifest", "offline.html", "favicon.ico", "apple-touch-icon.png"] {
        routes.append(AppRoute("GET", "/" + file, .public({ try fixed($0, file) })))
    }
    routes.append(AppRoute("GET", "/icons/{name}", .public({ try fixed($0, "icons/" + $0[.name]) })))
    return routes
}

/// Log lines go to standard output, one per line.
public enum Log {
    public static let line: @Sendable (String) -> Void = { BufferedLog.standardOutput.write($0) }
}

/// Work a node repeats on a thread of its own while it serves (never on the cooperative threads).
final class PeriodicTask: Sendable {
    private let interval: TimeInterval
    private let work: @Sendable () -> Void
    private let state = Mutex<(started: Bool, stopped: Bool)>((false, false))
    private let wake = NSCondition()

    init(every interval: TimeInterval, _ work: @escaping @Sendable () -> Void) { self.interval = interval; self.work = work }

    func start() {
        guard state.withLock({ s in defer { s.started = true }; return !s.started && !s.stopped }) else { return }
        let thread = Thread { [self] in
            while true {
                wake.lock()
                // NSCondition waits until a wall time: the real one, not the application's clock.
                if !state.withLock({ $0.stopped }) { _ = wake.wait(until: WallClock.now().addingTimeInterval(interval)) }
                wake.unlock()
                if state.withLock({ $0.stopped }) { return }
                work()
            }
        }
        thread.name = "notio-periodic"
        thread.start()
    }

    func stop() {
        state.withLock { $0.stopped = true }
        wake.lock(); wake.broadcast(); wake.unlock()
    }
}
