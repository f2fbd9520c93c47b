import Foundation
import NotioCore
import NotioHTTP

extension AppContext {
    /// The context a signed-in account's page needs.
    func pageContext(_ request: Request, _ member: Member) -> PageContext { pageContext(request, member.visitor) }

    /// The context a view needs. A visitor without a session gets a double-submit CSRF token,
    /// set as a cookie by `page(_:)` when it is new.
    func pageContext(_ request: Request, _ visitor: Visitor) -> PageContext {
        let language = Language.reader(visitor, request)
        var ctx = PageContext(language: language,
                              user: visitor.user.map { SignedInUser(id: $0.id, email: $0.email, name: $0.name, sentenceReview: $0.sentenceReview) },
                              isGuest: visitor.isGuest, csrfToken: visitor.csrfToken, path: request.path, asset: assetURL)
        ctx.offersGuestBrowse = accounts.demoAvailable
        if let user = visitor.user { ctx.timer = timerBar(owner: user.id) }
        return ctx
    }

    /// The timer bar's content, read without settling (pages only show it; the timer's own
    /// routes record the session). Nothing when the timer is idle.
    func timerBar(owner: String) -> TimerBarInfo? {
        let now = self.now()
        guard let timer = try? store.peekReadingTimer(owner: owner), timer.state != .idle,
              let bookId = timer.bookId else { return nil }
        let finished = timer.state == .finished || (timer.state == .running && (timer.endsAt ?? now) <= now)
        // A finished timer's bar lingers for an hour, then only the timer page remembers it.
        if finished, let end = timer.finishedAt ?? timer.endsAt, now.timeIntervalSince(end) > 3600 { return nil }
        let title = (try? store.book(id: bookId, owner: owner)?.title) ?? ""
        // Settled on a copy: what the finished timer read, without writing anything.
        var settled = timer
        _ = settled.settle(at: now)
        return TimerBarInfo(state: finished ? "finished" : timer.state.rawValue, endsAt: timer.endsAt,
                            remainingSeconds: finished ? 0 : timer.remainingSeconds(at: now), bookTitle: title,
                            bookId: bookId, minutesRead: max(1, Int((Double(settled.readSeconds) / 60).rounded())),
                            minutes: timer.durationSeconds / 60)
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
        if let newCSRF { r.setCookie(Cookies.csrfCookie(newCSRF, secure: config.secureCookies)) }
        return r
    }
}
