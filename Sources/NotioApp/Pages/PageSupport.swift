import Foundation
import NotioCore
import NotioHTTP

extension AppContext {
    /// The context a view needs. A visitor without a session gets a double-submit CSRF token,
    /// set as a cookie by `page(_:)` when it is new.
    func pageContext(_ request: Request, _ visitor: Visitor) -> PageContext {
        let language = visitor.user.flatMap { Language(rawValue: $0.language) } ?? Language.preferred(request)
        return PageContext(language: language,
                           user: visitor.user.map { SignedInUser(id: $0.id, email: $0.email, name: $0.name) },
                           isGuest: visitor.isGuest, csrfToken: visitor.csrfToken, path: request.path, asset: assetURL)
    }

    /// The visitor of a page request, with an anonymous CSRF token made up when there is none yet.
    func pageVisitor(_ request: Request) throws -> (Visitor, newCSRF: String?) {
        var visitor = try visitor(for: request)
        if visitor.session == nil && (visitor.anonymousCSRF ?? "").isEmpty {
            let token = Crypto.randomToken()
            visitor.anonymousCSRF = token
            return (visitor, token)
        }
        return (visitor, nil)
    }

    /// An HTML response that also sets the anonymous CSRF cookie when one was made up.
    func page(_ html: String, status: Int = 200, newCSRF: String?) -> Response {
        var r = Response.html(html, status: status)
        r.headers.set("Cache-Control", "no-store")
        r.headers.set("X-Content-Type-Options", "nosniff")
        r.headers.set("X-Frame-Options", "DENY")
        r.headers.set("Referrer-Policy", "same-origin")
        if let newCSRF { r.setCookie(Cookies.csrfCookie(newCSRF, secure: config.secureCookies)) }
        return r
    }
}
