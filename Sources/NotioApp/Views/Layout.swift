import Foundation
import NotioCore

/// The document around every page: head (CSRF meta, viewport, PWA links, assets), the header with
/// navigation for signed-in and guest visitors, the guest banner, the toast region.
public enum Layout {
    /// Which frame a page gets.
    public enum Chrome: Sendable {
        /// Header, navigation and tab bar: for signed-in users and guests.
        case app
        /// A centred card without navigation: splash, onboarding, login, sign-up.
        case bare
    }

    /// The modules every page may import by name (`import { api } from "notio/api.js"`): the import
    /// map points these names at the hashed URLs, so modules never need to know a hash.
    static let sharedModules = ["api.js", "l10n.js", "toast.js", "signup.js", "splash.js", "onboarding.js", "sw-register.js", "timer-bar.js"]

    /// A whole HTML document.
    /// - Parameters:
    ///   - title: the page's own title; " · Notio" is appended.
    ///   - body: the content of `<main>`.
    ///   - scripts: page modules under `Public/js/`, e.g. `["signup.js"]`.
    ///   - chrome: `.app` by default when someone is signed in or browsing, else `.bare`.
    ///   - flash: a message shown as a toast when the page opens (e.g. after a form was saved).
    public static func page(
        ctx: PageContext,
        title: String,
        body: HTML,
        scripts: [String] = [],
        chrome: Chrome? = nil,
        bodyClass: String = "",
        flash: Flash? = nil
    ) -> String {
        let chrome = chrome ?? ((ctx.user != nil || ctx.isGuest) ? .app : .bare)
        let fullTitle = title == "Notio" ? "Notio" : "\(title) · Notio"
        let shared = ["sw-register.js", "toast.js"] + (ctx.timer != nil ? ["timer-bar.js"] : [])
        let scriptTags = HTML.join((shared + scripts.filter { !shared.contains($0) }).map { name in
            "<script type=\"module\" src=\"\(ctx.asset("js/\(name)"))\"></script>"
        }, separator: "\n")
        let classes = ["chrome-\(chrome == .app ? "app" : "bare")", bodyClass].filter { !$0.isEmpty }.joined(separator: " ")
        let doc: HTML = """
        <!doctype html>
        <html lang="\(ctx.language.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <title>\(fullTitle)</title>
        <meta name="csrf-token" content="\(ctx.csrfToken)">
        <meta name="description" content="\(ctx.t("app.tagline"))">
        <meta name="theme-color" content="#4f46e5" media="(prefers-color-scheme: light)">
        <meta name="theme-color" content="#111827" media="(prefers-color-scheme: dark)">
        <meta name="color-scheme" content="light dark">
        <meta name="apple-mobile-web-app-capable" content="yes">
        <meta name="mobile-web-app-capable" content="yes">
        <meta name="apple-mobile-web-app-status-bar-style" content="default">
        <meta name="apple-mobile-web-app-title" content="Notio">
        <link rel="manifest" href="/manifest.webmanifest">
        <link rel="icon" href="/favicon.ico" sizes="any">
        <link rel="icon" href="\(ctx.asset("icons/logo.svg"))" type="image/svg+xml">
        <link rel="apple-touch-icon" href="/apple-touch-icon.png">
        <link rel="stylesheet" href="\(ctx.asset("css/app.css"))">
        <link rel="stylesheet" href="\(ctx.asset("css/study.css"))">
        <link rel="stylesheet" href="\(ctx.asset("css/reading.css"))">
        \(importMap(ctx))
        \(HTML(raw: "<script type=\"application/json\" id=\"l10n\">\(L10n.scriptCatalogJSON(ctx.language))</script>"))
        \(scriptTags)
        </head>
        <body class="\(classes)"\(flash.map { " data-toast=\"\($0.message)\" data-toast-kind=\"\($0.kind.rawValue)\"" as HTML })>
        <a class="skip-link" href="#main">\(ctx.t("app.skip"))</a>
        \(chrome == .app ? header(ctx) : .empty)
        \(HTML.when(ctx.isGuest) { guestBanner(ctx) })
        \(ctx.timer.map { timerBar(ctx, $0) })
        <main id="main" class="main" tabindex="-1">
        \(body)
        </main>
        <div id="toasts" class="toasts" role="status" aria-live="polite" aria-atomic="false"></div>
        </body>
        </html>
        """
        return doc.rendered
    }

    /// A one-time message for the toast region.
    public struct Flash: Sendable {
        public enum Kind: String, Sendable { case info, success, error }
        public var message: String
        public var kind: Kind
        public init(_ message: String, kind: Kind = .info) {
            self.message = message
            self.kind = kind
        }
    }

    /// `<script type="importmap">` naming the shared modules.
    static func importMap(_ ctx: PageContext) -> HTML {
        HTML(raw: "<script type=\"importmap\">\(importMapJSON(asset: ctx.asset))</script>")
    }

    /// The import map's exact text. The Content-Security-Policy allows this inline script by the
    /// hash of these bytes (`SecurityHeaders`), so both are made by this one function. JSON
    /// inside a script element: `<` is written as `\u003c` so that no URL can close the element.
    static func importMapJSON(asset: (String) -> String) -> String {
        let entries = sharedModules.map { name -> String in
            let url = asset("js/\(name)")
                .replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "<", with: "\\u003c")
            return "\"notio/\(name)\":\"\(url)\""
        }
        return "{\"imports\":{\(entries.joined(separator: ","))}}"
    }

    static func header(_ ctx: PageContext) -> HTML {
        let items: [(path: String, key: String, icon: HTML)] = [
            (Paths.home, "nav.home", Icon.home),
            (Paths.notes, "nav.notes", Icon.notes),
            (Paths.reading, "nav.reading", Icon.underline),
            (Paths.settings, "nav.settings", Icon.settings),
        ]
        let links = HTML.join(items.map { item in
            let current = item.path == Paths.home ? ctx.path == Paths.home : (ctx.path == item.path || ctx.path.hasPrefix(item.path + "/"))
            return """
            <a class="nav-link\(current ? " is-current" : "")" href="\(item.path)"\(current ? HTML(raw: " aria-current=\"page\"") : .empty)>\(item.icon)<span>\(ctx.t(item.key))</span></a>
            """
        })
        let name = ctx.user?.name ?? ""
        return """
        <header class="app-header">
          <div class="app-header-inner">
            <a class="brand" href="\(Paths.home)"><img src="\(ctx.asset("icons/logo.svg"))" alt="" width="28" height="28"><span>Notio</span></a>
            <nav class="app-nav" aria-label="\(ctx.t("nav.main"))">\(links)</nav>
            <div class="account">
              \(HTML.when(ctx.isGuest) { "<span class=\"badge\">\(ctx.t("guest.badge"))</span>" })
              <span class="user-name">\(name)</span>
              <form class="logout-form" method="post" action="\(Paths.logout)">
                \(Form.csrfField(ctx))
                <button class="button button-quiet button-small" type="submit">\(ctx.t(ctx.isGuest ? "guest.exit" : "nav.logout"))</button>
              </form>
            </div>
          </div>
        </header>
        """
    }

    /// The running timer on every page: the book, the time left (counted down by timer-bar.js
    /// from the end time), a link to the dial.
    static func timerBar(_ ctx: PageContext, _ t: TimerBarInfo) -> HTML {
        if t.state == "finished" { return finishedTimerBar(ctx, t) }
        let minutes = t.remainingSeconds / 60, seconds = t.remainingSeconds % 60
        let left = String(format: "%d:%02d", minutes, seconds)
        let ends = t.endsAt.map { String(Int(($0.timeIntervalSince1970 * 1000).rounded())) } ?? ""
        return """
        <a class="timer-bar" id="timer-bar" href="\(Paths.timer)" data-state="\(t.state)" data-ends-at="\(ends)" data-remaining="\(t.remainingSeconds)"
           data-msg-finished="\(ctx.t("timer.finished"))" data-msg-notify="\(ctx.t("timer.notify"))">
          <span class="timer-bar-icon" aria-hidden="true">\(Icon.timer)</span>
          <span class="timer-bar-book">\(t.bookTitle)</span>
          <span class="timer-bar-state">\(ctx.t("timer.state.\(t.state)"))</span>
          <span class="timer-bar-left" id="timer-bar-left" role="timer" aria-live="off">\(t.state == "finished" ? "0:00" : left)</span>
        </a>
        """
    }

    /// A finished timer: the moment of completion ("12분 읽었어요"), the way on (문장 담기), and a
    /// way to put it away; it no longer sits on every page as "끝 0:00" for an hour.
    static func finishedTimerBar(_ ctx: PageContext, _ t: TimerBarInfo) -> HTML {
        """
        <div class="timer-bar timer-bar-finished" id="timer-bar" data-state="finished" role="status" data-stop-url="\(Paths.API.timer)/stop">
          <span class="timer-bar-icon" aria-hidden="true">\(Icon.timer)</span>
          <span class="timer-bar-done"><strong id="timer-bar-read">\(ctx.t("timer.readFor").replacingOccurrences(of: "%@", with: String(t.minutesRead)))</strong>
            <span class="timer-bar-book">\(t.bookTitle)</span></span>
          <a class="button button-secondary timer-bar-capture" href="\(Paths.bookNewSentence(t.bookId))">\(ctx.t("timer.captureSentence"))</a>
          \(HTML.when(ReadingTimer.minutes.contains(t.minutes)) { """
          <form method="post" action="\(Paths.timer)" class="timer-bar-again">
            \(Form.csrfField(ctx))
            <input type="hidden" name="action" value="start"><input type="hidden" name="bookId" value="\(t.bookId)">
            <input type="hidden" name="minutes" value="\(t.minutes)">
            <button class="button button-secondary timer-bar-capture" type="submit" id="timer-again">\(ctx.t("timer.again"))</button>
          </form>
          """ })
          <form method="post" action="\(Paths.timer)" class="timer-bar-dismiss">
            \(Form.csrfField(ctx))
            <input type="hidden" name="action" value="stop">
            <input type="hidden" name="return" value="\(ctx.path)">
            <button class="button button-quiet" type="submit" aria-label="\(ctx.t("timer.dismiss"))">×</button>
          </form>
        </div>
        """
    }

    static func guestBanner(_ ctx: PageContext) -> HTML {
        """
        <div class="guest-banner" role="note">
          <p>\(ctx.t("guest.banner")) <a href="\(Paths.signup)">\(ctx.t("guest.signup"))</a></p>
        </div>
        """
    }
}
