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
    /// One warm worker of its own for Kiwi's language model (quizzes' options): its ~550 MB are
    /// held once, however many OCR workers there are, and a quiz never waits behind a photo.
    let language: OCRPool
    let provider: any AnalysisProvider
    let assetURL: @Sendable (String) -> String
    /// The application's clock: every time a handler decides with comes from it.
    let now: Now
    let sessions = SessionCache()
    /// Restore uploads kept between their preview and their confirmation.
    let previews: RestorePreviews

    init(config: Configuration, store: Store, provider: any AnalysisProvider, assetURL: @escaping @Sendable (String) -> String,
         now: @escaping Now) throws {
        self.config = config
        self.store = store
        self.assetURL = assetURL
        self.now = now
        previews = RestorePreviews(store: store, dataDirectory: config.dataDirectory, limits: config.accountLimits, now: now)
        accounts = AccountService(store: store, config: config, now: now, sessions: sessions, previews: previews)
        files = try FileStorage(config: config, store: store)
        let worker = config.workerExecutable.isEmpty ? MediaWorkerClient.currentExecutable() : config.workerExecutable
        media = MediaWorkerClient(
            executable: worker,
            limits: MediaLimits(maxBytes: config.maxUploadBytes, maxPages: config.pdfMaxPages,
                                timeoutSeconds: Double(config.pdfTimeoutSeconds), ocrMinChars: config.ocrMinChars,
                                ocrThreads: config.ocrThreads))
        ocr = OCRPool(executable: worker,
                      configuration: OCRPoolConfiguration(workers: config.ocrWorkers, timeoutSeconds: Double(config.ocrTimeoutSeconds),
                                                          photo: PhotoLimits(maxBytes: config.maxPhotoBytes, maxPixels: config.photoMaxMegapixels * 1_000_000)))
        language = OCRPool(executable: worker,
                           configuration: OCRPoolConfiguration(workers: 1, timeoutSeconds: WarmKoreanLanguageModel.timeoutSeconds))
        // The offline analyser chooses a blank's options by Kiwi's language model.
        self.provider = (provider as? OfflineAnalyser)?.with(languageModel: WarmKoreanLanguageModel(pool: language, folder: KoreanModelFolder.resolve(config.koreanModel))) ?? provider
        jobs = JobRunner(store: store, maxConcurrent: config.jobWorkers, node: config.resolvedNodeID, lease: TimeInterval(config.jobLeaseSeconds))
        notes = NoteService(store: store, files: files, jobs: jobs, maxUploadBytes: config.maxUploadBytes, limits: config.accountLimits, clock: now)
        quizzes = QuizService(store: store, provider: provider, executor: jobs.executor, clock: now)
        catalogs = Catalogs(config: config, now: now)
        let covers = CoverFetcher(allowPrivateHosts: config.coversFromPrivateHosts)
        reading = ReadingService(store: store, covers: try CoverStorage(files: files, scratch: (config.dataDirectory as NSString).appendingPathComponent("tmp"), store: store,
                                                                        limits: config.accountLimits, fetch: { try await covers.fetch($0) }),
                                 limits: config.accountLimits)
        let analysis = NoteAnalysisJob(store: store, files: files, media: media,
                                       tagger: WarmKoreanTagger(pool: ocr, dictionary: KoreanDictionary.resolve(config.koreanDictionary)),
                                       provider: provider, clock: now)
        jobs.register(kind: NoteAnalysisJob.kind, work: { try await analysis.run($0) },
                      cleanup: { job, cancelled, message in analysis.cleanup(job, cancelled: cancelled, message: message) })
    }

    /// Where a sign-in or a password check comes from: the device cookie and the client's address.
    func signInDevice(_ request: Request) -> SignInDevice {
        SignInDevice(cookie: request.cookies[Cookies.device], address: config.trustedProxies.clientAddress(request))
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
/// sign-in required. They run twice for a request with a body: on its head alone, before a byte
/// of the body is kept (`Stage.head`: what the headers and cookies already decide), and again
/// with the body read (a form's CSRF field).
struct Guard {
    let app: AppContext

    enum Stage { case head, body }

    func check(_ request: Request, access: Access, stage: Stage = .body) throws -> Visitor {
        let visitor = try app.visitor(for: request)
        if request.isStateChanging {
            try checkCSRF(request, visitor, stage)
            if visitor.isGuest && !access.guestMayWrite {
                throw AppError.readOnly
            }
        }
        if access.needsSignIn && !visitor.isSignedIn { throw HTTPError.unauthorized() }
        return visitor
    }

    /// A request with a session must echo the session's token (header or form field). Without a
    /// session, forms must echo the double-submit cookie, and JSON must really be JSON, which a
    /// cross-site form cannot send without a CORS preflight. On the head alone a form's field is
    /// not known yet: a form is let through to be judged with its body, unless it cannot pass
    /// whatever its field says (no double-submit cookie).
    private func checkCSRF(_ request: Request, _ visitor: Visitor, _ stage: Stage) throws {
        let type = request.headers["Content-Type"]?.lowercased() ?? ""
        let isForm = stage == .body ? { if case .form = request.body { true } else { false } }()
            : type.hasPrefix("application/x-www-form-urlencoded") || type.hasPrefix("multipart/form-data")
        let sent = request.headers["X-CSRF-Token"] ?? (stage == .body ? request.formFields["csrf_token"] : nil)
        if let session = visitor.session {
            if sent == nil, isForm, stage == .head { return }
            guard Crypto.constantTimeEquals(sent ?? "", session.csrfToken) else { throw csrfError }
            return
        }
        if isForm {
            guard let cookie = visitor.anonymousCSRF else { throw csrfError }
            if sent == nil, stage == .head { return }
            guard Crypto.constantTimeEquals(sent ?? "", cookie) else { throw csrfError }
            return
        }
        let hasBody = stage == .body ? { if case .none = request.body { false } else { true } }()
            : request.headers["Content-Length"] != nil || request.headers["Transfer-Encoding"] != nil
        if !hasBody { return }
        guard type.hasPrefix("application/json") else {
            throw AppError(415, "unsupported_media_type", Message("error.json_required"))
        }
    }

    private var csrfError: AppError {
        AppError(403, "csrf_token_invalid", Message("error.csrf"))
    }
}
