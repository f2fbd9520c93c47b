import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// Turns whatever a handler threw into the response the contract promises: the JSON envelope
/// under /api, a page elsewhere, a sign-in redirect for pages that need an account. The one place
/// where a `DomainError` becomes HTTP, with its message in the reader's language.
enum ErrorPages {
    static func response(for error: Error, request: Request, app: AppContext) -> Response {
        let visitor = (try? app.visitor(for: request)) ?? Visitor()
        let language = Language.reader(visitor, request)
        let httpError = answer(error, language: language) ?? {
            Log.line("error \(request.id) \(request.method) \(request.path): \(error)")
            return HTTPError(500, "internal", L10n.t("http.internal", language))
        }()
        var response: Response
        if request.isAPI || request.path.hasPrefix("/widget/") {
            // Widgets are read by programs, which need the status, not a sign-in page.
            response = JSON.error(httpError)
        } else if httpError.status == 401 {
            return .redirect(Paths.login)
        } else {
            let ctx = app.pageContext(request, visitor)
            response = Response.html(Pages.error(ctx, status: httpError.status, message: httpError.message), status: httpError.status)
        }
        if let seconds = httpError.retryAfter { response.headers.set("Retry-After", String(seconds)) }
        return response
    }

    /// The HTTP answer of a known error in `language`; nil for anything unexpected (a 500).
    static func answer(_ error: Error, language: Language) -> HTTPError? {
        switch error {
        case let e as DomainError:
            return e.httpError(language)
        case var e as HTTPError:
            if let key = e.messageKey, L10n.has(key) { e.message = L10n.t(key, language, e.messageValues) }
            return e
        default:
            return nil
        }
    }
}

extension DomainError {
    /// This error as the HTTP layer sends it, worded in `language`.
    func httpError(_ language: Language) -> HTTPError {
        var fields = self.fields.mapValues { $0.text(language) }
        if let details = (self as? AppError)?.details { fields.merge(details) { a, _ in a } }
        var e = HTTPError(status, code, readerMessage.text(language), fields: fields)
        e.retryAfter = retryAfter
        return e
    }
}
