import Foundation
import NotioCore
import NotioHTTP

/// Who is asking: a signed-in member, a guest browsing the demo read-only, or nobody.
struct Visitor: Sendable {
    var user: User?
    var session: Session?
    var tokenHash: Data?
    /// The double-submit token of a visitor without a session (sign-in and sign-up forms).
    var anonymousCSRF: String?
    /// That token when it was made up for this page request: `AppContext.page` sets its cookie.
    var newCSRF: String?

    var isSignedIn: Bool { user != nil }
    var isGuest: Bool { session?.readOnly ?? false }
    /// The token forms and scripts must send back.
    var csrfToken: String { session?.csrfToken ?? anonymousCSRF ?? "" }
}

/// Cookie names and attributes.
enum Cookies {
    static let session = "notio_session"
    static let csrf = "notio_csrf"
    static let language = "notio_lang"
    /// A random token naming the browser a reader signed in from, which a later sign-in shows:
    /// a stranger's failed guesses do not lock that browser out.
    static let device = "notio_device"

    static func sessionCookie(_ token: String, maxAge: Int, secure: Bool) -> String {
        "\(session)=\(token); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }
    static func clearSession(secure: Bool) -> String {
        "\(session)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }
    static func csrfCookie(_ token: String, secure: Bool) -> String {
        "\(csrf)=\(token); Path=/; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }
    static func deviceCookie(_ token: String, maxAge: Int, secure: Bool) -> String {
        "\(device)=\(token); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }
    static func languageCookie(_ lang: String, secure: Bool) -> String {
        "\(language)=\(lang); Path=/; Max-Age=31536000; SameSite=Lax" + (secure ? "; Secure" : "")
    }
}

extension Request {
    var isAPI: Bool { path.hasPrefix("/api/") || path == "/healthz" }
    var isStateChanging: Bool { !(method == "GET" || method == "HEAD" || method == "OPTIONS") }
}
