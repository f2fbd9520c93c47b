import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// Turns whatever a handler threw into the response the contract promises: the JSON envelope
/// under /api, a page elsewhere, a sign-in redirect for pages that need an account.
enum ErrorPages {
    static func response(for error: Error, request: Request, app: AppContext) -> Response {
        let httpError: HTTPError
        if let e = error as? HTTPError {
            httpError = e
        } else if let e = error as? ValidationFailure {
            // A rule a handler did not collect itself: the same 422 as the collected ones.
            httpError = .unprocessable([e.field: e.problem])
        } else if let e = error as? AccountLimitExceeded {
            let visitor = (try? app.visitor(for: request)) ?? Visitor()
            httpError = AccountLimitAnswer.error(e, language: Paging.language(visitor, request))
        } else {
            Log.line("error \(request.id) \(request.method) \(request.path): \(error)")
            httpError = HTTPError(500, "internal", "Something went wrong on our side. Please try again.")
        }
        var response: Response
        if request.isAPI || request.path.hasPrefix("/widget/") {
            // Widgets are read by programs, which need the status, not a sign-in page.
            response = JSON.error(httpError)
        } else if httpError.status == 401 {
            return .redirect(Paths.login)
        } else {
            let visitor = (try? app.visitor(for: request)) ?? Visitor()
            let ctx = app.pageContext(request, visitor)
            response = Response.html(Pages.error(ctx, status: httpError.status, message: httpError.message), status: httpError.status)
        }
        if let seconds = httpError.retryAfter { response.headers.set("Retry-After", String(seconds)) }
        return response
    }
}
