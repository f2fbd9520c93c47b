import Foundation
import NotioCore
import NotioHTTP
import NotioAnalysis
import NotioCatalog
import NotioMedia
import NotioStore

/// What every handler can reach: configuration, the store, static file URLs, the clock.
final class AppContext: Sendable {
    let config: Configuration
    let store: Store
    let accounts: AccountService
    let jobs: JobRunner
    let notes: NoteService
    let quizzes: QuizService
    let reading: ReadingService
    let catalogs: Catalogs
    let files: FileStorage
    let media: MediaWorkerClient
    /// Warm OCR workers for page photos (underline capture).
    let ocr: OCRPool
    let provider: any AnalysisProvider
    let assetURL: @Sendable (String) -> String
    let now: @Sendable () -> Date
    let sessions = SessionCache()

    init(config: Configuration, store: Store, provider: any AnalysisProvider, assetURL: @escaping @Sendable (String) -> String,
         now: @escaping @Sendable () -> Date = { Date() }) throws {
        self.config = config
        self.store = store
        self.assetURL = assetURL
        self.now = now
        self.provider = provider
        accounts = AccountService(store: store, config: config, now: now, sessions: sessions)
        files = try FileStorage(config: config, store: store)
        media = MediaWorkerClient(
            executable: config.workerExecutable.isEmpty ? MediaWorkerClient.currentExecutable() : config.workerExecutable,
            limits: MediaLimits(maxBytes: config.maxUploadBytes, maxPages: config.pdfMaxPages,
                                timeoutSeconds: Double(config.pdfTimeoutSeconds), ocrMinChars: config.ocrMinChars,
                                ocrThreads: config.ocrThreads),
            koreanDictionary: KoreanDictionary.resolve(config.koreanDictionary))
        ocr = OCRPool(executable: config.workerExecutable.isEmpty ? MediaWorkerClient.currentExecutable() : config.workerExecutable,
                      configuration: OCRPoolConfiguration(workers: config.ocrWorkers, timeoutSeconds: Double(config.ocrTimeoutSeconds),
                                                          photo: PhotoLimits(maxBytes: config.maxPhotoBytes, maxPixels: config.photoMaxMegapixels * 1_000_000)))
        jobs = JobRunner(store: store, maxConcurrent: config.jobWorkers, node: config.resolvedNodeID, lease: TimeInterval(config.jobLeaseSeconds))
        notes = NoteService(store: store, files: files, jobs: jobs, maxUploadBytes: config.maxUploadBytes, limits: config.accountLimits, clock: now)
        quizzes = QuizService(store: store, provider: provider, executor: jobs.executor, clock: now)
        catalogs = Catalogs(config: config)
        let covers = CoverFetcher(allowPrivateHosts: config.coversFromPrivateHosts)
        reading = ReadingService(store: store, covers: try CoverStorage(files: files, scratch: (config.dataDirectory as NSString).appendingPathComponent("tmp"), store: store,
                                                                        limits: config.accountLimits, fetch: { try await covers.fetch($0) }),
                                 limits: config.accountLimits)
        let analysis = NoteAnalysisJob(store: store, files: files, media: media, provider: provider, clock: now)
        jobs.register(kind: NoteAnalysisJob.kind, work: { try await analysis.run($0) },
                      cleanup: { job, cancelled, message in analysis.cleanup(job, cancelled: cancelled, message: message) })
    }

    /// Looks up the session cookie. An unknown or expired token is the same as none.
    func visitor(for request: Request) throws -> Visitor {
        var v = Visitor()
        if let token = request.cookies[Cookies.session], !token.isEmpty {
            let hash = Crypto.sha256(token)
            let at = now()
            if let (session, user) = sessions.lookup(hash, at: at) {
                v.user = user; v.session = session; v.tokenHash = hash
            } else if let (session, user) = try store.session(tokenHash: hash, at: at) {
                sessions.store(hash, session, user, at: at)
                v.user = user; v.session = session; v.tokenHash = hash
            }
        }
        if v.session == nil { v.anonymousCSRF = request.cookies[Cookies.csrf] }
        return v
    }
}

/// The checks every route that reads the session shares, run by the router (`Gate`) before the
/// handler, in this order: the visitor, CSRF on state-changing requests, read-only guests,
/// sign-in required.
struct Guard {
    let app: AppContext

    func check(_ request: Request, access: Access) throws -> Visitor {
        let visitor = try app.visitor(for: request)
        if request.isStateChanging {
            try checkCSRF(request, visitor)
            if visitor.isGuest && !access.guestMayWrite {
                throw AppError.readOnly
            }
        }
        if access.needsSignIn && !visitor.isSignedIn { throw HTTPError.unauthorized() }
        return visitor
    }

    /// A request with a session must echo the session's token (header or form field). Without a
    /// session, forms must echo the double-submit cookie, and JSON must really be JSON, which a
    /// cross-site form cannot send without a CORS preflight.
    private func checkCSRF(_ request: Request, _ visitor: Visitor) throws {
        let sent = request.headers["X-CSRF-Token"] ?? request.formFields["csrf_token"] ?? ""
        if let session = visitor.session {
            guard Crypto.constantTimeEquals(sent, session.csrfToken) else { throw csrfError }
            return
        }
        if case .form = request.body {
            guard let cookie = visitor.anonymousCSRF, Crypto.constantTimeEquals(sent, cookie) else { throw csrfError }
            return
        }
        if case .none = request.body { return }
        let type = request.headers["Content-Type"]?.lowercased() ?? ""
        guard type.hasPrefix("application/json") else {
            throw AppError(415, "unsupported_media_type", Message("error.json_required"))
        }
    }

    private var csrfError: AppError {
        AppError(403, "csrf_token_invalid", Message("error.csrf"))
    }
}
