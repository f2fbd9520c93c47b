import Foundation

extension Pages {
    /// `GET /settings`: language and time zone (POST /settings with `language`, `timeZone`,
    /// `csrf_token`), the account, and logout. Read-only while browsing as a guest. `saved` shows
    /// a "saved" toast (after POST /settings redirects back here).
    public static func settings(_ ctx: PageContext, timeZone: String, now: Date, saved: Bool = false, widget: WidgetSettings = WidgetSettings(),
                                flash: Layout.Flash? = nil) -> String {
        let zoneOptions = TimeZoneChoice.options(ctx, selected: timeZone, now: now)
        let languageNames: [Language: String] = [.ko: "한국어", .en: "English"]
        let languageOptions = HTML.join(Language.allCases.map { lang in
            "<option value=\"\(lang.rawValue)\" lang=\"\(lang.rawValue)\"\(HTML.when(lang == ctx.language) { " selected" })>\(languageNames[lang] ?? lang.rawValue)</option>"
        })
        let disabled: HTML = ctx.isGuest ? " disabled" : .empty
        let body: HTML = """
        <div class="page-head"><h1>\(ctx.t("settings.title"))</h1></div>
        <div class="settings-columns">
        <div class="settings-column">
        <section class="card settings-section" aria-labelledby="settings-account">
          <h2 id="settings-account">\(ctx.t("settings.account"))</h2>
          \(ctx.isGuest ? """
          <dl class="account-details">
            <div><dt>\(ctx.t("field.name"))</dt><dd class="settings-name">\(ctx.user?.name ?? "")</dd></div>
            <div><dt>\(ctx.t("field.email"))</dt><dd>\(ctx.user?.email ?? "")</dd></div>
          </dl>
          """ : profileForm(ctx))
        </section>
        <section class="card settings-section">
          \(HTML.when(ctx.isGuest) { "<p class=\"notice\">\(ctx.t("settings.guestNote"))</p>" })
          <form class="form" id="settings-form" method="post" action="\(Paths.settings)">
            \(Form.csrfField(ctx))
            <fieldset\(disabled)>
              <div class="field">
                <label for="language">\(ctx.t("settings.language"))</label>
                <select id="language" name="language" data-autosubmit>\(languageOptions)</select>
              </div>
              <div class="field">
                <label for="timeZone">\(ctx.t("settings.timeZone"))</label>
                <input class="zone-search" id="timeZone-search" type="search" placeholder="\(ctx.t("settings.timeZone.search"))" aria-label="\(ctx.t("settings.timeZone.search"))" aria-controls="timeZone" autocomplete="off" hidden>
                <select id="timeZone" name="timeZone" data-autosubmit>\(zoneOptions)</select>
              </div>
              <button class="button button-primary" type="submit" data-autosubmit-button>\(ctx.t("settings.save"))</button>
            </fieldset>
          </form>
        </section>
        \(HTML.when(!ctx.isGuest) { reviewSection(ctx) })
        \(HTML.when(!ctx.isGuest) { widgetSection(ctx, widget) })
        </div>
        <div class="settings-column">
        \(HTML.when(!ctx.isGuest) { securitySection(ctx) })
        \(backupSection(ctx))
        <section class="card settings-section">
          <form method="post" action="\(Paths.logout)">
            \(Form.csrfField(ctx))
            <button class="button button-secondary button-block" type="submit">\(ctx.t(ctx.isGuest ? "guest.exit" : "nav.logout"))</button>
          </form>
        </section>
        </div>
        </div>
        """
        return Layout.page(ctx: ctx, title: ctx.t("settings.title"), body: body,
                           scripts: ["autosubmit.js", "settings.js", "dropzone.js"], bodyClass: "page-settings",
                           flash: flash ?? (saved ? Layout.Flash(ctx.t("settings.saved"), kind: .success) : nil))
    }

    /// The account's own safety: a new password, signing out other devices, deleting the account.
    /// Plain forms: each works without JavaScript and asks for the password where it matters.
    static func securitySection(_ ctx: PageContext) -> HTML {
        """
        <section class="card settings-section" aria-labelledby="settings-security" id="security">
          <h2 id="settings-security">\(ctx.t("settings.security"))</h2>
          <form class="form" id="password-form" method="post" action="\(Paths.settingsPassword)">
            \(Form.csrfField(ctx))
            <h3>\(ctx.t("settings.password.title"))</h3>
            <div class="field">
              <label for="current-password">\(ctx.t("settings.password.current"))</label>
              <input id="current-password" name="currentPassword" type="password" autocomplete="current-password" required>
            </div>
            <div class="field">
              <label for="new-password">\(ctx.t("settings.password.new"))</label>
              <input id="new-password" name="newPassword" type="password" autocomplete="new-password" minlength="8" required aria-describedby="new-password-hint">
              <p class="field-hint" id="new-password-hint">\(ctx.t("settings.password.hint"))</p>
            </div>
            <button class="button button-primary" type="submit">\(ctx.t("settings.password.save"))</button>
          </form>
          <form class="form" id="sessions-form" method="post" action="\(Paths.settingsSessions)">
            \(Form.csrfField(ctx))
            <h3>\(ctx.t("settings.sessions.title"))</h3>
            <p class="muted">\(ctx.t("settings.sessions.hint"))</p>
            <button class="button button-secondary" type="submit">\(ctx.t("settings.sessions.revoke"))</button>
          </form>
          <form class="form" id="delete-account-form" method="post" action="\(Paths.settingsDeleteAccount)">
            \(Form.csrfField(ctx))
            <h3>\(ctx.t("settings.delete.title"))</h3>
            <p class="muted">\(ctx.t("settings.delete.hint"))</p>
            <div class="field">
              <label for="delete-password">\(ctx.t("settings.delete.password"))</label>
              <input id="delete-password" name="password" type="password" autocomplete="current-password" required>
            </div>
            <button class="button button-danger" type="submit">\(ctx.t("settings.delete.confirm"))</button>
          </form>
        </section>
        """
    }

    /// The widget address: made on request and shown once (only its hash is kept), revocable.
    static func widgetSection(_ ctx: PageContext, _ w: WidgetSettings) -> HTML {
        let fresh: HTML = w.newURLs.map { urls in
            """
            <div class="notice notice-success" id="widget-urls" role="status">
              <p>\(ctx.t("widget.copyNow"))</p>
              <div class="copy-row"><label for="widget-url-html">\(ctx.t("widget.html"))</label><input id="widget-url-html" class="copy-field" readonly value="\(urls.html)">\(Form.copyButton(ctx, target: "widget-url-html", label: ctx.t("widget.html")))</div>
              <div class="copy-row"><label for="widget-url-json">\(ctx.t("widget.json"))</label><input id="widget-url-json" class="copy-field" readonly value="\(urls.json)">\(Form.copyButton(ctx, target: "widget-url-json", label: ctx.t("widget.json")))</div>
              <div class="copy-row"><label for="widget-url-png">\(ctx.t("widget.png"))</label><input id="widget-url-png" class="copy-field" readonly value="\(urls.png)">\(Form.copyButton(ctx, target: "widget-url-png", label: ctx.t("widget.png")))</div>
            </div>
            """
        } ?? .empty
        return """
        <section class="card settings-section" aria-labelledby="widget-title">
          <h2 id="widget-title">\(ctx.t("widget.title"))</h2>
          <p class="muted">\(ctx.t("widget.about"))</p>
          \(fresh)
          <p id="widget-state">\(w.hasToken ? ctx.t("widget.active") : ctx.t("widget.none"))</p>
          <div class="form-actions">
            <form method="post" action="\(Paths.settingsWidget)">\(Form.csrfField(ctx))<input type="hidden" name="action" value="create">
              <button class="button button-secondary" type="submit" id="widget-create">\(ctx.t(w.hasToken ? "widget.renew" : "widget.create"))</button></form>
            \(HTML.when(w.hasToken) { """
            <form method="post" action="\(Paths.settingsWidget)">\(Form.csrfField(ctx))<input type="hidden" name="action" value="revoke">
              <button class="button button-danger" type="submit" id="widget-revoke">\(ctx.t("widget.revoke"))</button></form>
            """ })
          </div>
          <p><a href="\(Paths.widgetSentence)" target="_blank" rel="noopener">\(ctx.t("widget.preview"))</a></p>
        </section>
        """
    }
}

/// What the settings page shows of the widget address.
public struct WidgetSettings: Sendable {
    public var hasToken = false
    public var newURLs: (html: String, json: String, png: String)?
    public init(hasToken: Bool = false, newURLs: (html: String, json: String, png: String)? = nil) {
        self.hasToken = hasToken; self.newURLs = newURLs
    }
}
