import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// The shell's pages: splash, onboarding, sign-in, sign-up, terms, home, settings.
/// Forms work without JavaScript; the scripts only add live checks.
struct AccountPages {
    let app: AppContext

    func root(_ request: Request, _ visitor: Visitor) throws -> Response {
        let newCSRF = visitor.newCSRF
        let ctx = app.pageContext(request, visitor)
        guard let user = visitor.user else { return app.page(Pages.splash(ctx), newCSRF: newCSRF) }
        let recent = try app.store.notes(owner: user.id, page: PageRequest(limit: 3)).items
        let stats = try StudyStats.compute(store: app.store, user: user, now: app.now())
        let study = HomeStudySummary(noteCount: try app.store.noteCount(owner: user.id), streakDays: stats.streakDays, weekQuestions: stats.thisWeek.questions,
                                     recent: recent, reviewDue: stats.reviewDue,
                                     wrongCount: try app.store.wrongAnswerCount(owner: user.id))
        let owner = user.id
        let reading = HomeReadingSummary(bookCount: try app.store.bookCounts(owner: owner).values.reduce(0, +),
                                         sentenceCount: try app.store.sentenceCount(owner: owner),
                                         daily: try app.store.dailySentence(owner: owner, day: WidgetAPI(app: app).today(user)))
        return app.page(Pages.home(ctx, study: study, reading: reading), newCSRF: newCSRF)
    }

    func onboarding(_ request: Request, _ visitor: Visitor) throws -> Response {
        let newCSRF = visitor.newCSRF
        return app.page(Pages.onboarding(app.pageContext(request, visitor)), newCSRF: newCSRF)
    }

    func loginForm(_ request: Request, _ visitor: Visitor) throws -> Response {
        let newCSRF = visitor.newCSRF
        if visitor.isSignedIn && !visitor.isGuest { return .redirect(Paths.home) }
        let ctx = app.pageContext(request, visitor)
        let flash = request.query["deleted"] != nil ? Layout.Flash(ctx.t("settings.delete.done"), kind: .success) : nil
        return app.page(Pages.login(ctx, email: "", error: nil, flash: flash), newCSRF: newCSRF)
    }

    func login(_ request: Request, _ visitor: Visitor) async throws -> Response {
        let fields = request.formFields
        let email = fields["email"] ?? ""
        let ctx = app.pageContext(request, visitor)
        do {
            let signedIn = try await app.accounts.logIn(email: email, password: fields["password"] ?? "", device: app.signInDevice(request))
            try app.accounts.logOut(visitor)
            var r = Response.redirect(Paths.home)
            for cookie in app.accounts.cookies(for: signedIn) { r.setCookie(cookie) }
            return r
        } catch let e as AppError where [401, 422, 429, 503].contains(e.status) {
            return Self.retryAfter(e, app.page(Pages.login(ctx, email: email, error: e.readerMessage.text(ctx.language)), status: e.status, newCSRF: nil))
        }
    }

    func signupForm(_ request: Request, _ visitor: Visitor) throws -> Response {
        let newCSRF = visitor.newCSRF
        if visitor.isSignedIn && !visitor.isGuest { return .redirect(Paths.home) }
        return app.page(Pages.signup(app.pageContext(request, visitor), values: [:], errors: [:]), newCSRF: newCSRF)
    }

    func signup(_ request: Request, _ visitor: Visitor) async throws -> Response {
        let f = request.formFields
        let ctx = app.pageContext(request, visitor)
        let values = ["name": f["name"] ?? "", "email": f["email"] ?? ""]
        if (f["password"] ?? "") != (f["passwordConfirm"] ?? "") {
            let errors = ["passwordConfirm": L10n.t("account.password_mismatch", ctx.language)]
            return app.page(Pages.signup(ctx, values: values, errors: errors), status: 422, newCSRF: nil)
        }
        do {
            let signedIn = try await app.accounts.signUp(email: values["email"]!, password: f["password"] ?? "", name: values["name"]!,
                                                         agreeTerms: ["true", "on", "1"].contains(f["agreeTerms"] ?? ""),
                                                         device: app.signInDevice(request), language: ctx.language.rawValue)
            try app.accounts.logOut(visitor)
            var r = Response.redirect(Paths.home)
            for cookie in app.accounts.cookies(for: signedIn) { r.setCookie(cookie) }
            return r
        } catch let e as AppError where [409, 422, 429, 503].contains(e.status) {
            var errors = e.fields.mapValues { $0.text(ctx.language) }
            if errors.isEmpty { errors["form"] = e.readerMessage.text(ctx.language) }
            return Self.retryAfter(e, app.page(Pages.signup(ctx, values: values, errors: errors), status: e.status, newCSRF: nil))
        }
    }

    /// A form answered again with a 429 or 503 says when to try again, as the API does.
    private static func retryAfter(_ error: AppError, _ page: Response) -> Response {
        var r = page
        if let seconds = error.retryAfter { r.headers.set("Retry-After", String(seconds)) }
        return r
    }

    func terms(_ request: Request, _ visitor: Visitor) throws -> Response {
        let newCSRF = visitor.newCSRF
        return app.page(Pages.terms(app.pageContext(request, visitor)), newCSRF: newCSRF)
    }

    func logout(_ request: Request, _ visitor: Visitor) throws -> Response {
        try app.accounts.logOut(visitor)
        var r = Response.redirect(Paths.login)
        r.setCookie(Cookies.clearSession(secure: app.config.secureCookies))
        return r
    }

    /// `POST /settings/password`.
    func changePassword(_ request: Request, _ member: Member) async throws -> Response {
        let user = member.user
        let f = request.formFields
        return try await settingsAction(request, member) {
            try await app.accounts.changePassword(of: user, current: f["currentPassword"] ?? "", new: f["newPassword"] ?? "", keeping: member.tokenHash,
                                                  device: app.signInDevice(request))
            return .redirect("\(Paths.settings)?done=password")
        }
    }

    /// `POST /settings/sessions`: sign out every other device.
    func endOtherSessions(_ request: Request, _ member: Member) throws -> Response {
        try app.accounts.endOtherSessions(of: member.user, keeping: member.tokenHash)
        return .redirect("\(Paths.settings)?done=sessions")
    }

    /// `POST /settings/delete-account`: the account and everything it owns, gone; back to the
    /// welcome page, signed out.
    func deleteAccount(_ request: Request, _ member: Member) async throws -> Response {
        let user = member.user
        return try await settingsAction(request, member) {
            try await app.accounts.deleteAccount(of: user, password: request.formFields["password"] ?? "",
                                                 device: app.signInDevice(request), files: app.files)
            var r = Response.redirect("\(Paths.login)?deleted=1")
            r.setCookie(Cookies.clearSession(secure: app.config.secureCookies))
            return r
        }
    }

    /// Runs a settings form's action; a refusal (wrong password, too short, too many tries)
    /// shows the settings page again with the reason.
    func settingsAction(_ request: Request, _ member: Member, _ action: () async throws -> Response) async throws -> Response {
        do {
            return try await action()
        } catch let e as AppError where [403, 409, 422, 429, 503].contains(e.status) {
            let ctx = app.pageContext(request, member)
            let widget = WidgetSettings(hasToken: try app.store.widgetTokenCreated(owner: member.id) != nil)
            var r = app.page(Pages.settings(ctx, timeZone: member.user.timeZone, now: app.now(), widget: widget, flash: Layout.Flash(e.readerMessage.text(ctx.language), kind: .error)),
                             status: e.status, newCSRF: nil)
            if let seconds = e.retryAfter { r.headers.set("Retry-After", String(seconds)) }
            return r
        }
    }

    func guest(_ request: Request, _ visitor: Visitor) throws -> Response {
        let signedIn = try app.accounts.startGuest()
        try app.accounts.logOut(visitor)
        var r = Response.redirect(Paths.home)
        r.setCookie(app.accounts.cookie(for: signedIn))
        return r
    }

    func settings(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        let widget = WidgetSettings(hasToken: try app.store.widgetTokenCreated(owner: user.id) != nil)
        var page = Pages.settings(app.pageContext(request, member), timeZone: user.timeZone, now: app.now(), widget: widget)
        let ctx = app.pageContext(request, member)
        let done: [String: String] = ["password": "settings.password.changed", "sessions": "settings.sessions.revoked",
                                      "settings": "settings.saved", "review": "settings.review.saved", "profile": "settings.profile.saved"]
        if request.query["restored"] != nil {
            page = Pages.settings(ctx, timeZone: user.timeZone, now: app.now(), widget: widget, flash: Layout.Flash(ctx.t("backup.restored"), kind: .success))
        } else if let key = done[request.query["done"] ?? ""] {
            page = Pages.settings(ctx, timeZone: user.timeZone, now: app.now(), widget: widget, flash: Layout.Flash(ctx.t(key), kind: .success))
        }
        return app.page(page, newCSRF: nil)
    }

    /// `POST /settings/widget`: make (or renew) the widget address, shown once on the page; or revoke it.
    func widget(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        let api = WidgetAPI(app: app)
        switch request.formFields["action"] ?? "" {
        case "create":
            let urls = WidgetAPI.TokenJSON(token: try api.makeToken(for: user), base: api.publicBase(request))
            let page = Pages.settings(app.pageContext(request, member), timeZone: user.timeZone, now: app.now(),
                                      widget: WidgetSettings(hasToken: true, newURLs: (urls.widgetUrl, urls.jsonUrl, urls.imageUrl)))
            return app.page(page, newCSRF: nil)
        case "revoke":
            try app.store.revokeWidgetTokens(owner: user.id)
            return .redirect(Paths.settings)
        default:
            throw HTTPError.unprocessable(["action": "must be create or revoke"])
        }
    }

    /// Language and time zone. A visitor without an account only sets the language cookie.
    func saveSettings(_ request: Request, _ visitor: Visitor) throws -> Response {
        let f = request.formFields
        let language = Language(rawValue: f["language"] ?? "") ?? .ko
        // Saved on change (settings has no 저장 button with JavaScript): the page comes back saying so.
        var r = Response.redirect(visitor.user == nil ? Paths.home : "\(Paths.settings)?done=settings")
        r.setCookie(Cookies.languageCookie(language.rawValue, secure: app.config.secureCookies))
        if let user = visitor.user {
            let zone = TimeZone(identifier: f["timeZone"] ?? "") != nil ? f["timeZone"]! : user.timeZone
            try app.store.updatePreferences(userId: user.id, language: language.rawValue, timeZone: zone)
            app.sessions.clear()
        }
        return r
    }

}
