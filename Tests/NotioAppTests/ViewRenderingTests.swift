import Foundation
import Testing
@testable import NotioApp

/// Renders every page in the situations users meet (Korean and English, signed out, signed in,
/// guest, with errors) and checks what a user or an attacker would: escaping, CSRF fields,
/// localisation. With `NOTIO_VIEW_DUMP=dir` the pages are also written there as HTML files whose
/// asset URLs point into Public/, for looking at them in a browser.
@Suite struct ViewRenderingTests {
    static let hostile = "<script>alert(1)</script>"
    static let publicDir = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Public").path

    static func context(_ lang: Language, user: SignedInUser? = nil, guest: Bool = false, path: String = "/") -> PageContext {
        let root = publicDir
        var ctx = PageContext(language: lang, user: user, isGuest: guest, csrfToken: "tok\"en<1>", path: path,
                              asset: { "file://\(root)/\($0)" })
        ctx.offersGuestBrowse = true
        return ctx
    }

    static let student = SignedInUser(id: "u1", email: "a@example.com", name: hostile)
    static let demo = SignedInUser(id: "demo", email: "study@notio.io", name: "데모 학생")
    /// When the pages are made: a winter's day, so the time zones' offsets are their standard ones.
    static let renderedAt = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01

    /// (file name, html) for every page in every situation.
    static func allPages() -> [(String, String)] {
        var pages: [(String, String)] = []
        for lang in Language.allCases {
            let l = lang.rawValue
            let out = context(lang)
            pages.append(("splash-\(l)", Pages.splash(out)))
            pages.append(("welcome-\(l)", Pages.onboarding(out)))
            pages.append(("login-\(l)", Pages.login(out, email: "", error: nil)))
            pages.append(("login-error-\(l)", Pages.login(out, email: hostile, error: L10n.t("account.invalid_email", lang) + hostile)))
            pages.append(("signup-\(l)", Pages.signup(out, values: [:], errors: [:])))
            pages.append(("signup-errors-\(l)", Pages.signup(out,
                values: ["name": hostile, "email": "study@notio.io", "agreeTerms": "true"],
                errors: ["form": hostile, "email": L10n.t("account.email_taken", lang), "password": L10n.t("account.password_too_short", lang),
                         "passwordConfirm": L10n.t("account.password_mismatch", lang), "name": hostile, "agreeTerms": L10n.t("account.terms_required", lang)])))
            pages.append(("terms-\(l)", Pages.terms(out)))
            pages.append(("error-404-\(l)", Pages.error(out, status: 404, message: "")))
            let signedIn = context(lang, user: student)
            pages.append(("home-empty-\(l)", Pages.home(signedIn, study: .init(), reading: .init())))
            pages.append(("home-\(l)", Pages.home(context(lang, user: student), study: .init(noteCount: 3, streakDays: 5, weekQuestions: 42),
                                                  reading: .init(bookCount: 4, sentenceCount: 27))))
            pages.append(("home-guest-\(l)", Pages.home(context(lang, user: demo, guest: true), study: .init(noteCount: 3, streakDays: 2, weekQuestions: 18),
                                                        reading: .init(bookCount: 5, sentenceCount: 12))))
            pages.append(("settings-\(l)", Pages.settings(context(lang, user: student, path: "/settings"), timeZone: "Asia/Seoul", now: renderedAt)))
            pages.append(("settings-guest-\(l)", Pages.settings(context(lang, user: demo, guest: true, path: "/settings"), timeZone: "Europe/Vienna", now: renderedAt)))
            pages.append(("notes-\(l)", Pages.comingSoon(context(lang, user: student, path: "/notes"), title: L10n.t("nav.notes", lang))))
            pages.append(("error-500-\(l)", Pages.error(signedIn, status: 500, message: hostile)))
            pages += QuizPageFixtures.pages(lang)
        }
        return pages
    }

    @Test func escapesEverythingTheUserTyped() {
        for (name, html) in Self.allPages() {
            #expect(!html.contains(Self.hostile), "\(name) contains the raw script")
            #expect(!html.contains("tok\"en<1>"), "\(name) contains the raw CSRF token")
        }
        let home = Pages.home(Self.context(.ko, user: Self.student), study: .init(), reading: .init())
        #expect(home.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test func everyPostFormCarriesTheCSRFField() throws {
        let formPattern = try Regex(#"<form[^>]*method="post"[^>]*>(.*?)</form>"#).dotMatchesNewlines()
        var forms = 0
        for (name, html) in Self.allPages() {
            for match in html.matches(of: formPattern) {
                forms += 1
                let inner = String(html[match.range])
                #expect(inner.contains(#"<input type="hidden" name="csrf_token" value="tok&quot;en&lt;1&gt;">"#), "\(name): \(inner.prefix(120))")
            }
            #expect(html.contains(#"<meta name="csrf-token" content="tok&quot;en&lt;1&gt;">"#), "\(name) has no csrf meta")
        }
        #expect(forms > 20)
    }

    @Test func pagesHaveTheirFormsAndFields() {
        let ko = Self.context(.ko)
        let signup = Pages.signup(ko, values: ["email": "x@y.z"], errors: ["email": "이미 가입된 이메일이에요"])
        for field in ["name", "email", "password", "passwordConfirm", "agreeTerms"] {
            #expect(signup.contains(#"name="\#(field)""#))
            #expect(signup.contains(#"<p class="field-error" id="\#(field)-error" data-field="\#(field)""#))
        }
        #expect(signup.contains(#"action="/signup""#))
        #expect(signup.contains(#"id="password-strength""#))
        #expect(signup.contains(#"value="true""#))
        #expect(signup.contains(#"href="/terms""#))
        #expect(signup.contains("이미 가입된 이메일이에요</p>"))
        #expect(signup.contains(#"value="x@y.z""#))

        let login = Pages.login(ko, email: "a@b.c", error: "이메일 또는 비밀번호가 맞지 않아요")
        #expect(login.contains(#"<p class="form-error" role="alert">이메일 또는 비밀번호가 맞지 않아요</p>"#))
        #expect(login.contains(#"action="/login""#) && login.contains(#"action="/guest""#) && login.contains(#"href="/signup""#))
        #expect(!Pages.login(ko).contains("form-error"))

        let welcome = Pages.onboarding(ko)
        #expect(welcome.contains(#"href="/signup""#) && welcome.contains(#"href="/login""#) && welcome.contains(#"action="/guest""#))

        // A server without the demo account offers no 둘러보기 anywhere.
        var noDemo = ko
        noDemo.offersGuestBrowse = false
        for page in [Pages.login(noDemo), Pages.onboarding(noDemo)] {
            #expect(!page.contains("/guest") && !page.contains("둘러보기"))
        }

        let settings = Pages.settings(Self.context(.en, user: Self.student), timeZone: "Asia/Seoul", now: Self.renderedAt)
        #expect(settings.contains(#"name="language""#) && settings.contains(#"name="timeZone""#) && settings.contains(#"action="/settings""#))
        #expect(settings.contains(#"<option value="en" lang="en" selected>"#))
        // Zones by city and offset, searchable by the English city and the identifier.
        #expect(settings.contains(#"<option value="Asia/Seoul" data-search="seoul seoul asia/seoul gmt+9" selected>Seoul (GMT+9)</option>"#))
        #expect(settings.contains(#">Kolkata (GMT+5:30)</option>"#) && !settings.contains(#"value="US/Eastern""#))
        let korean = Pages.settings(Self.context(.ko, user: Self.student), timeZone: "Asia/Seoul", now: Self.renderedAt)
        #expect(korean.contains(#" selected>서울 (GMT+9)</option>"#) && korean.contains(#">UTC (GMT)</option>"#))
        #expect(!settings.contains("data-toast"))
        let saved = Pages.settings(Self.context(.ko, user: Self.student), timeZone: "UTC", now: Self.renderedAt, saved: true)
        #expect(saved.contains(#"data-toast="저장했어요" data-toast-kind="success""#))
    }

    @Test func guestSeesTheBannerAndNoCreateActions() {
        let guest = Pages.home(Self.context(.ko, user: Self.demo, guest: true), study: .init(), reading: .init())
        #expect(guest.contains("guest-banner"))
        #expect(guest.contains("둘러보기 중이에요"))
        #expect(!guest.contains("노트 시작하기"))
        let member = Pages.home(Self.context(.ko, user: Self.student), study: .init(), reading: .init())
        #expect(!member.contains("guest-banner"))
        #expect(member.contains("노트 시작하기") && member.contains(#"href="/reading""#))
        let settings = Pages.settings(Self.context(.ko, user: Self.demo, guest: true), timeZone: "UTC", now: Self.renderedAt)
        #expect(settings.contains("<fieldset disabled>"))
    }

    @Test func signedInPagesHaveNavigationAndLogout() {
        let html = Pages.home(Self.context(.ko, user: Self.demo), study: .init(), reading: .init())
        for text in [">노트<", ">밑줄<", ">설정<", "로그아웃", #"action="/logout""#, #"id="toasts""#, #"aria-live="polite""#,
                     #"class="user-name">데모 학생<"#, #"aria-current="page""#, "rel=\"manifest\"", "apple-touch-icon",
                     "apple-mobile-web-app-capable", "theme-color", "name=\"viewport\"", "sw-register.js", "importmap"] {
            #expect(html.contains(text), "home lacks \(text)")
        }
    }

    @Test func everyStringIsTranslatedAndNoKeyLeaks() {
        for key in L10n.keys {
            #expect(!L10n.t(key, .ko).isEmpty && !L10n.t(key, .en).isEmpty, "\(key)")
        }
        let keyPattern = try! Regex(#">\s*[a-z]+\.[a-zA-Z0-9]+(\.[a-zA-Z0-9]+)*\s*<"#)
        for (name, html) in Self.allPages() {
            #expect(html.firstMatch(of: keyPattern) == nil, "\(name) shows a raw key")
            #expect(!html.contains("%@"), "\(name) has an unfilled placeholder")
        }
        let en = Pages.home(Self.context(.en, user: Self.demo), study: .init(), reading: .init())
        #expect(en.contains("<html lang=\"en\">") && en.contains("Hello, 데모 학생") && !en.contains("안녕하세요"))
    }

    @Test func errorPagesSayWhatHappened() {
        let html = Pages.error(Self.context(.ko), status: 404, message: "")
        #expect(html.contains("페이지를 찾을 수 없어요") && html.contains(#"href="/""#))
        #expect(Pages.error(Self.context(.en), status: 404, message: "").contains("Page not found"))
        #expect(Pages.error(Self.context(.ko), status: 418, message: "teapot").contains("문제가 생겼어요"))
    }

    @Test func languageFromAcceptLanguage() {
        #expect(Language.preferred(acceptLanguage: nil) == .ko)
        #expect(Language.preferred(acceptLanguage: "en-US,en;q=0.9") == .en)
        #expect(Language.preferred(acceptLanguage: "fr-FR, en;q=0.5, ko;q=0.8") == .ko)
        #expect(Language.preferred(acceptLanguage: "de") == .ko)
        #expect(Language.preferred(acceptLanguage: "ko;q=0, en;q=0.1") == .en)
    }
}

@Suite struct HTMLEscapingTests {
    @Test func interpolatedTextIsEscapedAndMarkupIsNot() {
        let text = #"a & b <i> "q" 'q'"#
        let inner: HTML = "<b>\(text)</b>"
        let outer: HTML = "<p title=\"\(text)\">\(inner)</p>"
        #expect(outer.rendered == #"<p title="a &amp; b &lt;i&gt; &quot;q&quot; &#39;q&#39;"><b>a &amp; b &lt;i&gt; &quot;q&quot; &#39;q&#39;</b></p>"#)
        let none: String? = nil
        let list: [HTML] = ["<li>\("1<")</li>", "<li>2</li>"]
        #expect(("<ul>\(list)\(none)\(3)</ul>" as HTML).rendered == "<ul><li>1&lt;</li><li>2</li>3</ul>")
        #expect(HTML.escape("한글 그대로") == "한글 그대로")
    }

    @Test func importMapCannotBeClosedByAnAssetURL() {
        let ctx = PageContext(csrfToken: "t", path: "/", asset: { "/static/</script><b>/\($0)" })
        let html = Pages.login(ctx)
        #expect(!html.contains("</script><b>"))
        #expect(html.contains(#"\u003c/script>"#))
    }
}
