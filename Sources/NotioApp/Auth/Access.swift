import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// Who may call a route. Every line of the route table names one (there is no default), and the
/// router checks it before the handler runs: a handler never asks whether someone is signed in.
/// On every write (POST, PATCH, DELETE) of a route that reads the session, the CSRF token is
/// checked first; the read-only guest of the demo ("둘러보기") is then refused with
/// `403 read_only` unless the access says otherwise.
enum Access: String, CaseIterable, Sendable {
    /// Anyone; no session is read (health, the API document, static files, the e-mail check, the emotions).
    case `public`
    /// Anyone, with their session when they have one; the handler gets a `Visitor`. The guest may
    /// not write.
    case visitor
    /// Anyone, and the guest may write too: the forms that start or end a session (sign in, sign
    /// up, sign out, browse as guest), which a guest uses to leave the demo.
    case session
    /// A signed-in account; the handler gets a `Member`. The guest reads but may not write.
    /// Without a session: 401 `not_signed_in` under /api, a redirect to /login for pages.
    case member
    /// A signed-in account, and the guest may write too: routes that store nothing (a sentence
    /// card is only drawn).
    case memberOrGuest
    /// A widget token in the URL (`?token=`), else a session; the handler gets the `User`.
    /// Read-only routes for home-screen widgets, which cannot hold a cookie.
    case widgetToken

    /// Whether the read-only guest may send a write to such a route.
    var guestMayWrite: Bool { self == .session || self == .memberOrGuest }
    /// Whether the route answers only a signed-in account (member or guest).
    var needsSignIn: Bool { self == .member || self == .memberOrGuest }

    /// The body a route takes unless its line says otherwise: a JSON document or a form for
    /// routes of a signed-in account, a sign-in form's few fields for routes anyone may call.
    var defaultBodyLimit: Int { needsSignIn ? 1 << 20 : Self.visitorBodyLimit }
    /// The most a route open to visitors without a session may take (the application refuses to
    /// start with a larger one): nobody without an account can make the server hold more.
    static let visitorBodyLimit = 64 << 10
}

/// How a route's body counts against the reader's storage (`NOTIO_MAX_STORED_MB_PER_ACCOUNT`),
/// decided from the head before the body is written to disk.
enum StorageUse: Sendable {
    /// Not at all: the body is small, or a photo read and dropped within the request.
    case none
    /// The body becomes the reader's files (a PDF): it may be as large as the room left.
    case keeps
    /// The body is a backup, read within the request (or kept as its preview, which the handler
    /// counts): it may be as large as the whole storage quota.
    case restores
}

/// The signed-in account a member route receives, never optional: the router made sure of it.
struct Member: Sendable {
    let user: User
    let session: Session
    let tokenHash: Data

    var id: String { user.id }
    /// The demo guest ("둘러보기"), who only reads.
    var isGuest: Bool { session.readOnly }
    /// The token forms and scripts must send back.
    var csrfToken: String { session.csrfToken }
    /// The same account as a `Visitor`, for the views and helpers that serve everyone.
    var visitor: Visitor { Visitor(user: user, session: session, tokenHash: tokenHash) }
}

/// What a route's handler receives, which follows from its access: a route cannot be written
/// without saying who may call it, and a member handler cannot be given to a public route.
struct Endpoint: Sendable {
    let access: Access
    /// The handler behind the access check.
    let handler: @Sendable (AppContext) -> Handler

    private init(_ access: Access, _ handler: @escaping @Sendable (AppContext) -> Handler) { self.access = access; self.handler = handler }

    static func `public`(_ f: @escaping @Sendable (Request) throws -> Response) -> Endpoint {
        Endpoint(.public) { _ in .sync(f) }
    }
    static func `public`(_ f: @escaping @Sendable (Request) async throws -> Response) -> Endpoint {
        Endpoint(.public) { _ in .async(f) }
    }

    static func visitor(_ f: @escaping @Sendable (Request, Visitor) throws -> Response) -> Endpoint { withVisitor(.visitor, f) }
    static func visitor(_ f: @escaping @Sendable (Request, Visitor) async throws -> Response) -> Endpoint { withVisitor(.visitor, f) }
    static func session(_ f: @escaping @Sendable (Request, Visitor) throws -> Response) -> Endpoint { withVisitor(.session, f) }
    static func session(_ f: @escaping @Sendable (Request, Visitor) async throws -> Response) -> Endpoint { withVisitor(.session, f) }

    static func member(_ f: @escaping @Sendable (Request, Member) throws -> Response) -> Endpoint { withMember(.member, f) }
    static func member(_ f: @escaping @Sendable (Request, Member) async throws -> Response) -> Endpoint { withMember(.member, f) }
    static func memberOrGuest(_ f: @escaping @Sendable (Request, Member) throws -> Response) -> Endpoint { withMember(.memberOrGuest, f) }
    static func memberOrGuest(_ f: @escaping @Sendable (Request, Member) async throws -> Response) -> Endpoint { withMember(.memberOrGuest, f) }

    /// `refused` answers a missing or revoked token itself (a widget page shows a card, not JSON).
    static func widgetToken(_ f: @escaping @Sendable (Request, User) throws -> Response,
                            refused: (@Sendable (HTTPError, Language) -> Response)? = nil) -> Endpoint {
        Endpoint(.widgetToken) { app in
            .sync { request in
                let user: User
                do { user = try Gate(app: app).widgetReader(request) } catch {
                    let language = Language.preferred(request)
                    guard let refused, let answer = ErrorPages.answer(error, language: language) else { throw error }
                    return refused(answer, language)
                }
                return try f(request, user)
            }
        }
    }
    static func widgetToken(_ f: @escaping @Sendable (Request, User) async throws -> Response) -> Endpoint {
        Endpoint(.widgetToken) { app in .async { request in try await f(request, try Gate(app: app).widgetReader(request)) } }
    }

    private static func withVisitor(_ access: Access, _ f: @escaping @Sendable (Request, Visitor) throws -> Response) -> Endpoint {
        Endpoint(access) { app in .sync { request in try f(request, try Gate(app: app).visitor(request, access)) } }
    }
    private static func withVisitor(_ access: Access, _ f: @escaping @Sendable (Request, Visitor) async throws -> Response) -> Endpoint {
        Endpoint(access) { app in .async { request in try await f(request, try Gate(app: app).visitor(request, access)) } }
    }
    private static func withMember(_ access: Access, _ f: @escaping @Sendable (Request, Member) throws -> Response) -> Endpoint {
        Endpoint(access) { app in .sync { request in try f(request, try Gate(app: app).member(request, access)) } }
    }
    private static func withMember(_ access: Access, _ f: @escaping @Sendable (Request, Member) async throws -> Response) -> Endpoint {
        Endpoint(access) { app in .async { request in try await f(request, try Gate(app: app).member(request, access)) } }
    }
}

/// One line of the route table: method, pattern, body limits and the endpoint with its access.
struct AppRoute: Sendable {
    let method: String
    let pattern: String
    let maxBodyBytes: Int
    let spoolsBody: Bool
    let storage: StorageUse
    let form: FormLimits
    let endpoint: Endpoint
    var access: Access { endpoint.access }

    init(_ method: String, _ pattern: String, maxBodyBytes: Int? = nil, spoolsBody: Bool = false, storage: StorageUse = .none,
         form: FormLimits = .standard, _ endpoint: Endpoint) {
        self.method = method; self.pattern = pattern; self.maxBodyBytes = maxBodyBytes ?? endpoint.access.defaultBodyLimit
        self.spoolsBody = spoolsBody; self.storage = storage; self.form = form; self.endpoint = endpoint
    }

    /// The server's route: who may send a body and how much (decided on the head), then the
    /// access check and the handler.
    func route(_ app: AppContext) -> Route {
        let line = self
        return Route(method, pattern, maxBodyBytes: maxBodyBytes, spoolsBody: spoolsBody, form: form,
                     admit: { Gate(app: app).admit($0, line) }, endpoint.handler(app))
    }

    /// Why this line may not be served, or nil: a route open to visitors without a session
    /// that takes more than `Access.visitorBodyLimit`, or one that spools to disk.
    var bodyProblem: String? {
        guard !access.needsSignIn else { return nil }
        if maxBodyBytes > Access.visitorBodyLimit { return "takes \(maxBodyBytes) bytes from visitors without an account (at most \(Access.visitorBodyLimit))" }
        if spoolsBody || storage != .none { return "writes a visitor's body to disk" }
        return nil
    }

    /// Path parameters of the pattern that are not declared `PathParameter`s: empty for a sound
    /// route. The application refuses to start otherwise.
    var undeclaredParameters: [PathParameter] {
        Route(method, pattern, .sync { _ in .noContent() }).parameters.filter { !PathParameter.declared.contains($0) }
    }
}

/// The access check the router runs before a handler.
struct Gate {
    let app: AppContext

    /// The visitor of a `.visitor` or `.session` route. A page read by someone without a session
    /// gets a double-submit CSRF token made up (`Visitor.newCSRF`), which `AppContext.page` sets.
    func visitor(_ request: Request, _ access: Access) throws -> Visitor {
        if request.isStateChanging { return try Guard(app: app).check(request, access: access) }
        if request.isAPI { return try app.visitor(for: request) }
        var (visitor, newCSRF) = try app.pageVisitor(request)
        visitor.newCSRF = newCSRF
        return visitor
    }

    /// The decision on a request's head, before its body is kept: the same checks as the
    /// handler's (a visitor without a session is answered 401 or 403 here, from the headers),
    /// then how much body the caller may send. Only a signed-in reader's body is written to
    /// disk, and a body that would become their files is held to the room their storage has.
    func admit(_ head: Request, _ route: AppRoute) -> Admission {
        do {
            let visitor: Visitor = route.access == .public || route.access == .widgetToken ? Visitor()
                : try Guard(app: app).check(head, access: route.access, stage: .head)
            guard let user = visitor.user else { return .admit(Admitted(maxBodyBytes: Access.visitorBodyLimit, writesFiles: false)) }
            let limits = app.config.accountLimits
            let room: Int64
            switch route.storage {
            case .none:
                return .admit(Admitted())
            case .keeps:
                room = limits.storedBytes - (try app.store.accountUsage(owner: user.id).storedBytes)
            case .restores:
                room = limits.storedBytes
            }
            // A form's text and its boundaries come with the file.
            let allowed = Int(clamping: max(0, room) + Int64(route.form.maxBytes))
            return .admit(Admitted(maxBodyBytes: allowed, tooLarge: AccountLimitExceeded(.storage, limit: limits.storedBytes)))
        } catch {
            return .refuse(error)
        }
    }

    func member(_ request: Request, _ access: Access) throws -> Member {
        let visitor = try Guard(app: app).check(request, access: access)
        guard let user = visitor.user, let session = visitor.session, let tokenHash = visitor.tokenHash else { throw HTTPError.unauthorized() }
        return Member(user: user, session: session, tokenHash: tokenHash)
    }

    /// The reader of a widget request: by its token, else by its session (a guest's too).
    func widgetReader(_ request: Request) throws -> User {
        if let token = request.query["token"] {
            guard !token.isEmpty, let user = try app.store.widgetTokenOwner(hash: Crypto.sha256(token)) else { throw WidgetAPI.badToken }
            return user
        }
        guard let user = try app.visitor(for: request).user else { throw WidgetAPI.badToken }
        return user
    }
}

/// The path parameters route patterns may use. Handlers read them as `try request[.id]`.
extension PathParameter {
    static let id = PathParameter("id")
    static let conceptId = PathParameter("conceptId")
    static let questionId = PathParameter("questionId")
    /// `/static/{file...}`: a hashed static file.
    static let file = PathParameter("file")
    /// `/icons/{name}`.
    static let name = PathParameter("name")

    static let declared: Set<PathParameter> = [.id, .conceptId, .questionId, .file, .name]
}
