import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// The random sentence, the sentence of the day, and the widget routes. A home-screen widget
/// cannot hold a session cookie, so the widget routes (and only they) also accept a per-reader
/// token in the URL: read-only, one at a time, revocable from the settings.
struct WidgetAPI {
    let app: AppContext

    static let badToken = AppError(401, "invalid_widget_token", Message("error.widget_token"))

    /// The reader's local date, `YYYY-MM-DD`.
    func today(_ user: User) -> String {
        ReadingStatsCalculator(timeZone: TimeZone(identifier: user.timeZone) ?? .current).day(app.now())
    }

    /// `mode=daily` (default for widgets: the same all day) or `random`, with an optional emotion.
    func pick(_ user: User, mode: String?, emotion: Emotion?) throws -> SentenceWithBook? {
        mode == "random" ? try app.store.randomSentence(owner: user.id, emotion: emotion)
                         : try app.store.dailySentence(owner: user.id, day: today(user), emotion: emotion)
    }

    func random(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        guard let s = try app.store.randomSentence(owner: user.id, emotion: try ReadingAPI.emotion(request.query["emotion"])) else {
            throw AppError.noSentences
        }
        return noStore(JSON.response(ReadingAPI.SentenceJSON(s, Language.of(member.user))))
    }

    func daily(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        guard let s = try app.store.dailySentence(owner: user.id, day: today(user)) else {
            throw AppError.noSentences
        }
        return noStore(JSON.response(ReadingAPI.SentenceJSON(s, Language.of(member.user))))
    }

    private func noStore(_ r: Response) -> Response {
        var r = r
        r.headers.set("Cache-Control", "no-store")
        return r
    }

    struct WidgetJSON: Encodable {
        var mode: String
        var date: String
        var sentence: ReadingAPI.SentenceJSON?
        var message: String?
    }

    /// `GET /api/v1/widget/sentence`: for Scriptable, Shortcuts, KWGT and friends.
    func json(_ request: Request, _ user: User) throws -> Response {
        let mode = request.query["mode"] == "random" ? "random" : "daily"
        let s = try pick(user, mode: mode, emotion: try ReadingAPI.emotion(request.query["emotion"]))
        var r = JSON.response(WidgetJSON(mode: mode, date: today(user), sentence: s.map { ReadingAPI.SentenceJSON($0, Language.of(user)) },
                                         message: s == nil ? L10n.t("error.no_sentences", Language.of(user)) : nil))
        r.headers.set("Cache-Control", "no-store")
        r.headers.set("Access-Control-Allow-Origin", "*")
        return r
    }

    /// `GET /widget/sentence`: a small card that refreshes itself (every 15 minutes for random
    /// sentences, at the next hour for the daily one), fit for an iframe or a web widget.
    func html(_ request: Request, _ user: User) throws -> Response {
        let mode = request.query["mode"] == "random" ? "random" : "daily"
        let emotion = try? ReadingAPI.emotion(request.query["emotion"])
        let s = try pick(user, mode: mode, emotion: emotion ?? nil)
        let language = Language.of(user)
        var r = Response.html(WidgetView.card(s, language: language, refresh: mode == "random" ? 900 : 3600,
                                              theme: request.query["theme"] == "dark" ? "dark" : "light"))
        r.headers.set("Cache-Control", "no-store")
        for (name, value) in SecurityHeaders.widget { r.headers.set(name, value) }
        return r
    }

    /// `GET /widget/sentence` without a valid token: a small page that says so, not JSON.
    static func refusedPage(_ e: HTTPError, language: Language) -> Response {
        var r = Response.html(WidgetView.message(e.message, language: language), status: e.status)
        r.headers.set("Cache-Control", "no-store")
        for (name, value) in SecurityHeaders.widget { r.headers.set(name, value) }
        return r
    }

    // MARK: Tokens

    func createToken(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        let token = try makeToken(for: user)
        return JSON.response(TokenJSON(token: token, base: publicBase(request)), status: 201)
    }

    func revokeToken(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        try app.store.revokeWidgetTokens(owner: user.id)
        return .noContent()
    }

    func makeToken(for user: User) throws -> String {
        let token = Crypto.randomToken()
        try app.store.insertWidgetToken(hash: Crypto.sha256(token), owner: user.id, at: app.now())
        return token
    }

    /// The address widgets should use: the configured public URL, else the request's host.
    func publicBase(_ request: Request) -> String {
        if !app.config.publicURL.isEmpty { return app.config.publicURL.hasSuffix("/") ? String(app.config.publicURL.dropLast()) : app.config.publicURL }
        return "http://\(request.headers["Host"] ?? "\(app.config.host):\(app.config.port)")"
    }

    struct TokenJSON: Encodable {
        var token: String, widgetUrl: String, jsonUrl: String, imageUrl: String
        init(token: String, base: String) {
            self.token = token
            widgetUrl = "\(base)/widget/sentence?token=\(token)"
            jsonUrl = "\(base)/api/v1/widget/sentence?token=\(token)"
            imageUrl = "\(base)/widget/sentence.png?token=\(token)"
        }
    }
}

/// The widget's own tiny documents: no navigation, no scripts, readable at a glance.
enum WidgetView {
    static func card(_ s: SentenceWithBook?, language: Language, refresh: Int, theme: String) -> String {
        let body: HTML
        if let s {
            let x = s.sentence
            let meta = [s.bookTitle, s.bookAuthor.isEmpty ? nil : s.bookAuthor, x.page.map { L10n.t("note.pagesOf", language, String($0)) }]
                .compactMap { $0 }.joined(separator: " · ")
            body = """
            <blockquote>\(x.text)</blockquote>
            <p class="meta">\(x.emotion.map { "\($0.emoji) " } ?? "")\(meta)</p>
            """
        } else {
            body = "<p class=\"empty\">\(L10n.t("error.no_sentences", language))</p>"
        }
        return document(body, refresh: refresh, theme: theme, language: language)
    }

    static func message(_ text: String, language: Language) -> String {
        document("<p class=\"empty\">\(text)</p>", refresh: nil, theme: "light", language: language)
    }

    private static func document(_ body: HTML, refresh: Int?, theme: String, language: Language) -> String {
        let doc: HTML = """
        <!doctype html>
        <html lang="\(language.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        \(refresh.map { "<meta http-equiv=\"refresh\" content=\"\($0)\">" as HTML })
        <title>Notio</title>
        <style>
          html, body { margin: 0; height: 100%; }
          body { display: flex; flex-direction: column; justify-content: center; padding: 16px 18px; box-sizing: border-box;
                 font-family: "Noto Serif CJK KR", "Apple SD Gothic Neo", serif; background: \(theme == "dark" ? "#111827" : "#fffaf3"); color: \(theme == "dark" ? "#f3f4f6" : "#1f2937"); }
          blockquote { margin: 0; font-size: clamp(15px, 4.6vw, 22px); line-height: 1.6; word-break: keep-all; }
          .meta { margin: 10px 0 0; font-size: 13px; opacity: .7; font-family: system-ui, sans-serif; }
          .empty { font-family: system-ui, sans-serif; opacity: .75; }
        </style>
        </head>
        <body>\(body)</body>
        </html>
        """
        return doc.rendered
    }
}
