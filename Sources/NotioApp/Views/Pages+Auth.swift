import NotioCore

extension Pages {
    /// `GET /login` and a failed `POST /login`: fields `email`, `password`, `csrf_token`; `error`
    /// appears in `.form-error` (role=alert).
    public static func login(_ ctx: PageContext, email: String = "", error: String? = nil, flash: Layout.Flash? = nil) -> String {
        let body: HTML = """
        <section class="auth card" aria-labelledby="login-title">
          \(authBrand(ctx))
          <h1 id="login-title">\(ctx.t("login.heading"))</h1>
          \(error.map { "<p class=\"form-error\" role=\"alert\">\($0)</p>" as HTML })
          <form class="form" id="login-form" method="post" action="\(Paths.login)">
            \(Form.csrfField(ctx))
            \(Form.field(ctx, name: "email", label: ctx.t("field.email"), type: "email", value: email,
                         autocomplete: "username", attributes: " inputmode=\"email\" autocapitalize=\"none\" spellcheck=\"false\"\(HTML.when(email.isEmpty) { " autofocus" })"))
            \(Form.field(ctx, name: "password", label: ctx.t("field.password"), type: "password",
                         autocomplete: "current-password", attributes: HTML.when(!email.isEmpty) { " autofocus" }))
            <button class="button button-primary button-block" type="submit">\(ctx.t("login.submit"))</button>
          </form>
          <p class="muted auth-forgot" id="forgot-password">\(ctx.t("auth.forgotPassword"))</p>
          <p class="auth-switch">\(ctx.t("login.noAccount")) <a href="\(Paths.signup)">\(ctx.t("nav.signup"))</a></p>
          \(HTML.when(ctx.offersGuestBrowse) { "<div class=\"divider\"><span>\(ctx.t("login.or"))</span></div>" })
          \(Form.guestButton(ctx))
        </section>
        """
        return Layout.page(ctx: ctx, title: ctx.t("login.title"), body: body, chrome: .bare, bodyClass: "page-auth", flash: flash)
    }

    /// `GET /signup` and a failed `POST /signup`. Fields `name`, `email`, `password`,
    /// `passwordConfirm`, `agreeTerms` (checkbox, "true"), `csrf_token`. `errors` is keyed by field
    /// name, plus `form` for a general message. `signup.js` validates live and checks the email
    /// with `GET /api/v1/auth/email-available`.
    public static func signup(_ ctx: PageContext, values: [String: String] = [:], errors: [String: String] = [:]) -> String {
        let agreed = values["agreeTerms"] == "true"
        let messages: HTML = """
         data-email-available-url="\(Paths.API.emailAvailable)" data-msg-name-required="\(ctx.t("account.name_required"))" data-msg-email-invalid="\(ctx.t("account.invalid_email"))" data-msg-email-taken="\(ctx.t("account.email_taken"))" data-msg-email-ok="\(ctx.t("signup.emailOk"))" data-msg-checking="\(ctx.t("signup.checking"))" data-msg-password-short="\(ctx.t("account.password_too_short"))" data-msg-password-mismatch="\(ctx.t("account.password_mismatch"))" data-msg-terms-required="\(ctx.t("account.terms_required"))" data-msg-weak="\(ctx.t("signup.strength.weak"))" data-msg-medium="\(ctx.t("signup.strength.medium"))" data-msg-strong="\(ctx.t("signup.strength.strong"))"
        """
        let strength: HTML = """
        <div class="strength" data-level="">
          <div class="strength-bar" aria-hidden="true"><span></span><span></span><span></span></div>
          <p class="strength-text"><span class="visually-hidden">\(ctx.t("signup.strength")): </span><span id="password-strength" aria-live="polite"></span></p>
        </div>
        """
        let body: HTML = """
        <section class="auth card" aria-labelledby="signup-title">
          \(authBrand(ctx))
          <h1 id="signup-title">\(ctx.t("signup.heading"))</h1>
          \(errors["form"].map { "<p class=\"form-error\" role=\"alert\">\($0)</p>" as HTML })
          <form class="form" id="signup-form" method="post" action="\(Paths.signup)" novalidate\(messages)>
            \(Form.csrfField(ctx))
            \(Form.field(ctx, name: "name", label: ctx.t("field.name"), value: values["name"] ?? "", error: errors["name"],
                         autocomplete: "name", attributes: " maxlength=\"\(AccountRules.maximumNameLength)\""))
            \(Form.field(ctx, name: "email", label: ctx.t("field.email"), type: "email", value: values["email"] ?? "", error: errors["email"],
                         autocomplete: "email", attributes: " inputmode=\"email\" autocapitalize=\"none\" spellcheck=\"false\""))
            \(Form.field(ctx, name: "password", label: ctx.t("field.password"), type: "password", error: errors["password"],
                         autocomplete: "new-password", hint: ctx.t("signup.strength.hint"), attributes: " minlength=\"8\"", after: strength))
            \(Form.field(ctx, name: "passwordConfirm", label: ctx.t("field.passwordConfirm"), type: "password", error: errors["passwordConfirm"],
                         autocomplete: "new-password", attributes: " minlength=\"8\""))
            <div class="field field-check" data-field="agreeTerms">
              <label class="check">
                <input id="agreeTerms" name="agreeTerms" type="checkbox" value="true" required aria-describedby="agreeTerms-error"\(HTML.when(agreed) { " checked" })\(HTML.when(errors["agreeTerms"] != nil) { " aria-invalid=\"true\"" })>
                <span>\(ctx.t("signup.agree"))</span>
              </label>
              <a class="terms-link" href="\(Paths.terms)" target="_blank" rel="noopener">\(ctx.t("signup.readTerms"))</a>
              <p class="field-error" id="agreeTerms-error" data-field="agreeTerms" aria-live="polite">\(errors["agreeTerms"] ?? "")</p>
            </div>
            <button class="button button-primary button-block" id="signup-submit" type="submit">\(ctx.t("signup.submit"))</button>
          </form>
          <p class="auth-switch">\(ctx.t("signup.haveAccount")) <a href="\(Paths.login)">\(ctx.t("login.title"))</a></p>
        </section>
        """
        return Layout.page(ctx: ctx, title: ctx.t("signup.title"), body: body, scripts: ["signup.js"], chrome: .bare, bodyClass: "page-auth")
    }

    static func authBrand(_ ctx: PageContext) -> HTML {
        """
        <a class="auth-brand" href="\(Paths.home)"><img src="\(ctx.asset("icons/logo.svg"))" alt="" width="40" height="40"><span>Notio</span></a>
        """
    }
}
