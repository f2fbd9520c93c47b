/// Whole pages: pure functions from values to an HTML document. A page never queries; the
/// handler gathers what it shows and passes it in.
public enum Pages {}

extension Pages {
    /// `GET /` when signed out: logo, name and tagline; `splash.js` forwards after ~0.8 s to
    /// `/welcome` on a first visit, else to `/login`. Without JS the link does the same.
    public static func splash(_ ctx: PageContext) -> String {
        let body: HTML = """
        <section class="splash" data-first-visit="\(Paths.welcome)" data-returning="\(Paths.login)">
          <img class="splash-logo" src="\(ctx.asset("icons/logo.svg"))" alt="" width="96" height="96">
          <h1 class="splash-name">Notio</h1>
          <p class="splash-tagline">\(ctx.t("app.tagline"))</p>
          <div class="spinner" aria-hidden="true"></div>
          <a class="button button-primary splash-continue" href="\(Paths.welcome)">\(ctx.t("app.continue"))</a>
        </section>
        """
        return Layout.page(ctx: ctx, title: "Notio", body: body, scripts: ["splash.js"], chrome: .bare, bodyClass: "page-splash")
    }

    /// `GET /welcome`: slides (노트, 밑줄, and 둘러보기 when the server has the demo account) and
    /// the ways in: 시작하기 → /signup, 로그인 → /login, 둘러보기 → POST /guest. `onboarding.js` sets the first-visit flag.
    public static func onboarding(_ ctx: PageContext) -> String {
        func steps(_ items: [(HTML, String)]) -> HTML {
            let lis = items.map { icon, key in "<li>\(icon)<span>\(ctx.t(key))</span></li>" as HTML }
            return "<ol class=\"steps\">\(HTML.join(lis))</ol>"
        }
        var slides: [(id: String, title: String, body: String, extra: HTML)] = [
            ("notes", ctx.t("onboarding.slide1.title"), ctx.t("onboarding.slide1.body"),
             steps([(Icon.pdf, "onboarding.slide1.step1"), (Icon.card, "onboarding.slide1.step2"), (Icon.quiz, "onboarding.slide1.step3")])),
            ("reading", ctx.t("onboarding.slide2.title"), ctx.t("onboarding.slide2.body"),
             steps([(Icon.underline, "onboarding.slide2.step1"), (Icon.timer, "onboarding.slide2.step2"), (Icon.chart, "onboarding.slide2.step3")])),
        ]
        if ctx.offersGuestBrowse {
            slides.append(("browse", ctx.t("onboarding.slide3.title"), ctx.t("onboarding.slide3.body"), steps([(Icon.eye, "guest.browse")])))
        }
        let slideHTML = HTML.join(slides.enumerated().map { index, slide in
            """
            <li class="slide slide-\(slide.id)" id="slide-\(index + 1)" aria-roledescription="slide" aria-label="\(ctx.t("onboarding.slideLabel")) \(index + 1) / \(slides.count)">
              <div class="slide-art" aria-hidden="true"><span>\(index + 1)</span></div>
              <h2>\(slide.title)</h2>
              <p>\(slide.body)</p>
              \(slide.extra)
            </li>
            """
        })
        let dots = HTML.join((1...slides.count).map { n in
            "<a class=\"dot\(n == 1 ? " is-current" : "")\" href=\"#slide-\(n)\" aria-label=\"\(ctx.t("onboarding.slideLabel")) \(n)\"></a>"
        })
        let body: HTML = """
        <section class="onboarding card" aria-labelledby="onboarding-title">
          <header class="onboarding-head">
            <img src="\(ctx.asset("icons/logo.svg"))" alt="" width="40" height="40">
            <h1 id="onboarding-title">\(ctx.t("onboarding.title"))</h1>
          </header>
          <div class="carousel" aria-roledescription="carousel" aria-label="\(ctx.t("onboarding.slides"))">
            <ol class="slides" tabindex="0">\(slideHTML)</ol>
            <nav class="dots">\(dots)</nav>
          </div>
          <div class="actions">
            <a class="button button-primary button-block" href="\(Paths.signup)" data-action="start">\(ctx.t("onboarding.start"))</a>
            <a class="button button-secondary button-block" href="\(Paths.login)" data-action="login">\(ctx.t("login.title"))</a>
            \(Form.guestButton(ctx, style: "button-quiet"))
          </div>
        </section>
        """
        return Layout.page(ctx: ctx, title: ctx.t("onboarding.title"), body: body, scripts: ["onboarding.js"], chrome: .bare, bodyClass: "page-auth")
    }
}
