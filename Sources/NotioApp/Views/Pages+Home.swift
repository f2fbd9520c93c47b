import Foundation
import NotioCore

/// What the home shows of the 노트 space.
public struct HomeStudySummary: Sendable, Equatable {
    public var noteCount: Int
    public var streakDays: Int
    public var weekQuestions: Int
    /// The newest notes, including ones still being analysed.
    public var recent: [NoteSummary]
    /// Questions due in 오늘 복습.
    public var reviewDue: Int
    /// Entries of the wrong-answer notebook, over every note.
    public var wrongCount: Int
    public init(noteCount: Int = 0, streakDays: Int = 0, weekQuestions: Int = 0, recent: [NoteSummary] = [], reviewDue: Int = 0, wrongCount: Int = 0) {
        self.reviewDue = reviewDue
        self.wrongCount = wrongCount
        self.noteCount = noteCount
        self.streakDays = streakDays
        self.weekQuestions = weekQuestions
        self.recent = recent
    }
}

/// What the home shows of the 밑줄 space.
public struct HomeReadingSummary: Sendable, Equatable {
    public var bookCount: Int
    public var sentenceCount: Int
    /// The sentence of the day (the bookshelf's and the widget's), when there is one.
    public var daily: SentenceWithBook?
    public init(bookCount: Int = 0, sentenceCount: Int = 0, daily: SentenceWithBook? = nil) {
        self.bookCount = bookCount
        self.sentenceCount = sentenceCount
        self.daily = daily
    }
}

extension Pages {
    /// `GET /` when signed in or browsing: the two spaces 노트 and 밑줄 as large cards, each with
    /// its figures, or a friendly empty state with a call to action.
    public static func home(_ ctx: PageContext, study: HomeStudySummary, reading: HomeReadingSummary) -> String {
        let name = ctx.user?.name ?? ""
        let greeting = ctx.t("home.greeting").replacingOccurrences(of: "%@", with: name)
        let days = ctx.t("home.notes.days").replacingOccurrences(of: "%@", with: String(study.streakDays))

        let notes: HTML
        if study.noteCount == 0 {
            notes = """
            <div class="empty-state">
              <p>\(ctx.t("home.notes.empty"))</p>
              \(HTML.when(!ctx.isGuest) { "<a class=\"button button-primary\" href=\"\(Paths.notes)\">\(ctx.t("home.notes.cta"))</a>" })
            </div>
            """
        } else {
            notes = """
            <dl class="stats">
              <div><dt>\(ctx.t("home.notes.count"))</dt><dd>\(study.noteCount)</dd></div>
              <div><dt>\(ctx.t("home.notes.streak"))</dt><dd id="home-streak">\(QuizViews.flame)\(days)</dd></div>
              <div><dt>\(ctx.t("home.notes.week"))</dt><dd id="home-week">\(study.weekQuestions)</dd></div>
            </dl>
            <div class="study-links">
              <a class="study-link study-link-review" id="home-review" href="\(Paths.review)"><span>\(ctx.t("review.title"))</span> <strong class="count">\(study.reviewDue)</strong></a>
              <a class="study-link" id="home-notebook" href="\(Paths.wrongAnswers)"><span>\(ctx.t("notebook.title"))</span> <strong class="count">\(study.wrongCount)</strong></a>
            </div>
            \(HTML.when(!study.recent.isEmpty) { recentNotes(ctx, study.recent) })
            <a class="button button-secondary" href="\(Paths.notes)">\(ctx.t("home.notes.open")) \(Icon.arrow)</a>
            """
        }
        let readingBody: HTML
        if reading.bookCount == 0 && reading.sentenceCount == 0 {
            readingBody = """
            <div class="empty-state">
              <p>\(ctx.t("home.reading.empty"))</p>
              \(HTML.when(!ctx.isGuest) { "<a class=\"button button-primary\" href=\"\(Paths.reading)\">\(ctx.t("home.reading.cta"))</a>" })
            </div>
            """
        } else {
            readingBody = """
            <dl class="stats">
              <div><dt>\(ctx.t("home.reading.books"))</dt><dd>\(reading.bookCount)</dd></div>
              <div><dt>\(ctx.t("home.reading.sentences"))</dt><dd>\(reading.sentenceCount)</dd></div>
            </dl>
            <div class="study-links reading-links">
              <a class="study-link" id="home-sentences" href="\(Paths.sentences)"><span>\(ctx.t("reading.tab.sentences"))</span></a>
              <a class="study-link" id="home-timer" href="\(Paths.timer)"><span>\(ctx.t("reading.tab.timer"))</span></a>
            </div>
            \(reading.daily.map { ReadingViews.quoteCard(ctx, $0, id: "home-daily", title: ctx.t("daily.title")) })
            <a class="button button-secondary" href="\(Paths.reading)">\(ctx.t("home.reading.open")) \(Icon.arrow)</a>
            """
        }
        let body: HTML = """
        <div class="page-head">
          <h1 class="greeting">\(greeting)</h1>
          <p class="muted">\(ctx.t("home.subtitle"))</p>
        </div>
        <div class="spaces">
          <section class="space-card space-notes" aria-labelledby="space-notes-title">
            <header>
              <span class="space-icon">\(Icon.notes)</span>
              <div><h2 id="space-notes-title"><a href="\(Paths.notes)">\(ctx.t("home.notes.title"))</a></h2><p class="muted">\(ctx.t("home.notes.desc"))</p></div>
            </header>
            \(notes)
          </section>
          <section class="space-card space-reading" aria-labelledby="space-reading-title">
            <header>
              <span class="space-icon">\(Icon.underline)</span>
              <div><h2 id="space-reading-title"><a href="\(Paths.reading)">\(ctx.t("home.reading.title"))</a></h2><p class="muted">\(ctx.t("home.reading.desc"))</p></div>
            </header>
            \(readingBody)
          </section>
        </div>
        """
        return Layout.page(ctx: ctx, title: ctx.t("home.title"), body: body, bodyClass: "page-home")
    }

    /// The study card's latest notes: title, category, status (a spinner while analysed).
    static func recentNotes(_ ctx: PageContext, _ notes: [NoteSummary]) -> HTML {
        let items = HTML.join(notes.map { n in
            """
            <li class="recent-note" data-state="\(n.state.rawValue)">
              <a href="\(NoteViews.href(n))">\(n.title)</a>
              <span class="recent-note-meta">\(NoteViews.categoryBadge(ctx, n.category)) \(NoteViews.status(ctx, n))</span>
            </li>
            """
        })
        return """
        <div class="recent-notes">
          <h3>\(ctx.t("home.notes.recent"))</h3>
          <ul>\(items)</ul>
        </div>
        """
    }

    /// `/notes` and `/reading` until those features land: an empty state, not a broken page.
    public static func comingSoon(_ ctx: PageContext, title: String) -> String {
        let body: HTML = """
        <div class="page-head"><h1>\(title)</h1></div>
        <div class="empty-state empty-state-large">
          <div class="empty-art" aria-hidden="true">\(Icon.notes)</div>
          <p>\(ctx.t("comingSoon.body"))</p>
          <a class="button button-secondary" href="\(Paths.home)">\(ctx.t("comingSoon.back"))</a>
        </div>
        """
        return Layout.page(ctx: ctx, title: title, body: body)
    }

    /// A friendly error page for any status, with a way home.
    public static func error(_ ctx: PageContext, status: Int, message: String) -> String {
        let key = "errorPage.\(status)"
        let known = L10n.table[key] != nil
        let heading = known ? ctx.t(key) : ctx.t("errorPage.title")
        let body: HTML = """
        <div class="error-page empty-state empty-state-large">
          <p class="error-status" aria-hidden="true">\(status)</p>
          <h1>\(heading)</h1>
          \(HTML.when(!message.isEmpty && message != heading) { "<p class=\"muted\">\(message)</p>" })
          <p class="visually-hidden">\(ctx.t("errorPage.code")) \(status)</p>
          <a class="button button-primary" href="\(Paths.home)">\(ctx.t("errorPage.home"))</a>
        </div>
        """
        return Layout.page(ctx: ctx, title: heading, body: body, bodyClass: "page-error")
    }
}
