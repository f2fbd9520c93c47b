import Foundation
import NotioCore
import NotioHTTP

/// `/api/v1/auth/*` and `/api/v1/me`.
struct AccountsAPI {
    let app: AppContext

    struct UserJSON: Encodable {
        var id: String, email: String, name: String, language: String, timeZone: String, sentenceReview: Bool
        init(_ u: User) { id = u.id; email = u.email; name = u.name; language = u.language; timeZone = u.timeZone; sentenceReview = u.sentenceReview }
    }
    struct SignedInJSON: Encodable { var user: UserJSON; var csrfToken: String; var readOnly: Bool }

    struct SignupBody: Decodable { var email: String; var password: String; var name: String; var agreeTerms: Bool?; var language: String? }
    struct LoginBody: Decodable { var email: String; var password: String }

    func signup(_ request: Request, _ visitor: Visitor) async throws -> Response {
        let body = try JSON.decode(SignupBody.self, from: request)
        let language = body.language == "en" ? "en" : Language.preferred(request).rawValue
        let signedIn = try await app.accounts.signUp(email: body.email, password: body.password, name: body.name,
                                                     agreeTerms: body.agreeTerms ?? false,
                                                     device: app.signInDevice(request), language: language)
        var r = JSON.response(SignedInJSON(user: UserJSON(signedIn.user), csrfToken: signedIn.session.csrfToken, readOnly: false), status: 201)
        for cookie in app.accounts.cookies(for: signedIn) { r.setCookie(cookie) }
        return r
    }

    func login(_ request: Request, _ visitor: Visitor) async throws -> Response {
        let body = try JSON.decode(LoginBody.self, from: request)
        let signedIn = try await app.accounts.logIn(email: body.email, password: body.password, device: app.signInDevice(request))
        var r = JSON.response(SignedInJSON(user: UserJSON(signedIn.user), csrfToken: signedIn.session.csrfToken, readOnly: false))
        for cookie in app.accounts.cookies(for: signedIn) { r.setCookie(cookie) }
        return r
    }

    func logout(_ request: Request, _ visitor: Visitor) throws -> Response {
        try app.accounts.logOut(visitor)
        var r = Response.noContent()
        r.setCookie(Cookies.clearSession(secure: app.config.secureCookies))
        return r
    }

    /// `{available, valid: true}`; an email that could never be used is 422 with the reason.
    func emailAvailable(_ request: Request) throws -> Response {
        struct Answer: Encodable { var available: Bool; var valid: Bool }
        let available = try app.accounts.emailAvailable(request.query["email"] ?? "", address: app.config.trustedProxies.clientAddress(request))
        return JSON.response(Answer(available: available, valid: true))
    }

    /// Written by hand: scripts and the pages call it often, and JSONEncoder costs more than the
    /// rest of the request together.
    func me(_ request: Request, _ member: Member) throws -> Response {
        let u = member.user
        var out: [UInt8] = []
        out.reserveCapacity(256)
        func raw(_ text: StaticString) { text.withUTF8Buffer { out.append(contentsOf: $0) } }
        raw(#"{"user":{"id":"#); JSONText.append(u.id, to: &out)
        raw(#","email":"#); JSONText.append(u.email, to: &out)
        raw(#","name":"#); JSONText.append(u.name, to: &out)
        raw(#","language":"#); JSONText.append(u.language, to: &out)
        raw(#","timeZone":"#); JSONText.append(u.timeZone, to: &out)
        raw(u.sentenceReview ? #","sentenceReview":true},"csrfToken":"# : #","sentenceReview":false},"csrfToken":"#)
        JSONText.append(member.csrfToken, to: &out)
        raw(member.isGuest ? #","readOnly":true}"# : #","readOnly":false}"#)
        return Response.json(Data(out))
    }

    struct PreferencesBody: Decodable { var language: String?; var timeZone: String?; var sentenceReview: Bool?; var name: String? }

    /// `PATCH /api/v1/me`: language, time zone, and whether saved sentences come back in 오늘 복습.
    func updatePreferences(_ request: Request, _ member: Member) throws -> Response {
        let body = try JSON.decode(PreferencesBody.self, from: request)
        var user = member.user
        var problems: [String: String] = [:]
        if let l = body.language { if ["ko", "en"].contains(l) { user.language = l } else { problems["language"] = "must be ko or en" } }
        if let z = body.timeZone { if TimeZone(identifier: z) != nil { user.timeZone = z } else { problems["timeZone"] = "is not a known time zone" } }
        if !problems.isEmpty { throw HTTPError.unprocessable(problems) }
        if let name = body.name { user = try app.accounts.rename(user, to: name) }
        try app.store.updatePreferences(userId: user.id, language: user.language, timeZone: user.timeZone)
        if let on = body.sentenceReview {
            user.sentenceReview = on
            try app.store.setSentenceReview(userId: user.id, on)
        }
        app.sessions.clear()
        return JSON.response(SignedInJSON(user: UserJSON(user), csrfToken: member.csrfToken, readOnly: member.isGuest))
    }

    struct EmailBody: Decodable { var email: String; var password: String }

    /// `POST /api/v1/me/email`: the new sign-in email, confirmed by the password → the account.
    func changeEmail(_ request: Request, _ member: Member) async throws -> Response {
        let body = try JSON.decode(EmailBody.self, from: request)
        let user = try await app.accounts.changeEmail(of: member.user, to: body.email, password: body.password,
                                                      device: app.signInDevice(request))
        return JSON.response(SignedInJSON(user: UserJSON(user), csrfToken: member.csrfToken, readOnly: false))
    }

    struct PasswordBody: Decodable { var currentPassword: String; var newPassword: String }

    /// `POST /api/v1/me/password`: 204; the reader's other sessions end.
    func changePassword(_ request: Request, _ member: Member) async throws -> Response {
        let body = try JSON.decode(PasswordBody.self, from: request)
        let user = member.user
        try await app.accounts.changePassword(of: user, current: body.currentPassword, new: body.newPassword, keeping: member.tokenHash,
                                              device: app.signInDevice(request))
        return .noContent()
    }

    struct DeleteBody: Decodable { var password: String }

    /// `DELETE /api/v1/me`: 204; the account and everything it owns (rows and files) are gone.
    func deleteAccount(_ request: Request, _ member: Member) async throws -> Response {
        let body = try JSON.decode(DeleteBody.self, from: request)
        let user = member.user
        try await app.accounts.deleteAccount(of: user, password: body.password, device: app.signInDevice(request),
                                             files: app.files)
        var r = Response.noContent()
        r.setCookie(Cookies.clearSession(secure: app.config.secureCookies))
        return r
    }

    /// `POST /api/v1/me/sessions/revoke-others`: 204; every other session of the reader ends.
    func endOtherSessions(_ request: Request, _ member: Member) throws -> Response {
        try app.accounts.endOtherSessions(of: member.user, keeping: member.tokenHash)
        return .noContent()
    }

    func health(_ request: Request) throws -> Response {
        app.store.ping() ? Self.healthy : Response.json(Data(#"{"status":"unavailable"}"#.utf8), status: 503)
    }

    private static let healthy = Response.json(Data(#"{"status":"ok"}"#.utf8))
}
