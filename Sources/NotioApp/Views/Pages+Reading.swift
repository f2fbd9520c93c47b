import Foundation
import NotioCore

/// A catalog result as the search page offers it to add.
struct CatalogItem: Sendable, Equatable {
    var title: String, author: String, publisher: String?, isbn13: String?, coverUrl: String?, genre: String?, publishedAt: String?
}

/// What the new-book page shows: the query, what the catalog found or why it could not answer,
/// and the manual form with what was typed and what was wrong.
struct BookSearchState: Sendable {
    var query = ""
    var provider: String?
    var results: [CatalogItem]?
    var catalogError: String?
    var recommended: [CatalogItem] = []
    var attribution: String?
    var manual = ManualBookForm()
}

struct ManualBookForm: Sendable {
    var title = "", author = "", publisher = "", isbn = "", genre = "", publishedAt = ""
    var status: BookStatus = .reading
    var errors: [String: String] = [:]
    var open = false
}

/// The random sentence on the reading home: which emotion was asked for and what came.
struct RandomSentenceState: Sendable {
    var asked = false
    var emotion: Emotion?
    var sentence: SentenceWithBook?
    var emotions: [Emotion] = []
}

/// Shared pieces of the reading pages.
enum ReadingViews {
    static func statusLabel(_ ctx: PageContext, _ s: BookStatus) -> String { statusLabel(s, ctx.language) }
    static func statusLabel(_ s: BookStatus, _ language: Language) -> String { L10n.t("book.status.\(s.rawValue)", language) }

    static func emotionLabel(_ ctx: PageContext, _ e: Emotion) -> String { emotionLabel(e, ctx.language) }
    static func emotionLabel(_ e: Emotion, _ language: Language) -> String { language == .ko ? e.label : e.englishLabel }

    static func emotionChip(_ ctx: PageContext, _ e: Emotion) -> HTML {
        "<span class=\"emotion-chip emotion-\(e.rawValue)\"><span aria-hidden=\"true\">\(e.emoji)</span> \(emotionLabel(ctx, e))</span>"
    }

    /// "1시간 25분" / "1 h 25 min"; minutes only under an hour.
    static func duration(_ ctx: PageContext, seconds: Int) -> String {
        let minutes = seconds / 60, h = minutes / 60, m = minutes % 60
        if seconds > 0 && seconds < 60 { return NoteViews.format(ctx, "duration.seconds", String(seconds)) }
        if h == 0 { return NoteViews.format(ctx, "duration.minutes", String(m)) }
        return NoteViews.format(ctx, "duration.hours", String(h)).replacingOccurrences(of: "%m", with: String(m))
    }

    /// A stable hue from a title, so a book without a cover keeps its colour.
    static func hue(_ text: String) -> Int {
        var h: UInt32 = 2166136261
        for b in text.utf8 { h = (h ^ UInt32(b)) &* 16777619 }
        return Int(h % 360)
    }

    /// The cover: our stored copy, the catalog's while it is being fetched, or one drawn from the title.
    static func cover(_ book: Book, size: String = "") -> HTML {
        if let url = ReadingAPI.BookJSON.coverURL(book) {
            return "<img class=\"cover \(size)\" src=\"\(url)\" alt=\"\" loading=\"lazy\" decoding=\"async\">"
        }
        return drawnCover(title: book.title, author: book.author, size: size)
    }

    static func drawnCover(title: String, author: String, size: String = "") -> HTML {
        """
        <div class="cover cover-drawn \(size)" style="--hue: \(hue(title))" aria-hidden="true"><span class="cover-title">\(title)</span><span class="cover-author">\(author)</span></div>
        """
    }

    static func statusOptions(_ ctx: PageContext, selected: BookStatus) -> HTML {
        HTML.join(BookStatus.allCases.map { s in
            "<option value=\"\(s.rawValue)\"\(s == selected ? HTML(raw: " selected") : .empty)>\(statusLabel(ctx, s))</option>"
        })
    }

    /// Radio chips for the emotion of a sentence; "none" first.
    static func emotionPicker(_ ctx: PageContext, selected: Emotion?) -> HTML {
        let none: HTML = """
        <label class="emotion-option"><input type="radio" name="emotion" value=""\(selected == nil ? HTML(raw: " checked") : .empty)><span>\(ctx.t("sentence.emotion.none"))</span></label>
        """
        let options = HTML.join(Emotion.allCases.map { e in
            """
            <label class="emotion-option"><input type="radio" name="emotion" value="\(e.rawValue)"\(e == selected ? HTML(raw: " checked") : .empty)><span><span aria-hidden="true">\(e.emoji)</span> \(emotionLabel(ctx, e))</span></label>
            """
        })
        return """
        <fieldset class="emotion-picker">
          <legend>\(ctx.t("sentence.emotion"))</legend>
          <div class="emotion-options">\(none)\(options)</div>
        </fieldset>
        """
    }

    /// One kept sentence as a card: the words, page, emotion, memo, book, and its actions.
    static func sentenceCard(_ ctx: PageContext, _ s: SentenceWithBook, showBook: Bool) -> HTML {
        let x = s.sentence
        let meta: [HTML] = [
            x.page.map { "<span class=\"sentence-page\">\(NoteViews.format(ctx, "sentence.pageN", String($0)))</span>" as HTML },
            x.emotion.map { emotionChip(ctx, $0) },
        ].compactMap { $0 }
        return """
        <li class="sentence-card" data-sentence-id="\(x.id)">
          <blockquote class="sentence-text">\(x.text)</blockquote>
          \(HTML.when(!meta.isEmpty) { "<div class=\"sentence-meta\">\(meta)</div>" })
          \(x.memo.map { "<p class=\"sentence-memo\"><span class=\"visually-hidden\">\(ctx.t("sentence.memo")): </span>\($0)</p>" as HTML })
          <div class="sentence-foot">
            \(HTML.when(showBook) { "<a class=\"sentence-book\" href=\"\(Paths.book(x.bookId))\">\(s.bookTitle)\(HTML.when(!s.bookAuthor.isEmpty) { "<span class=\"muted\"> · \(s.bookAuthor)</span>" })</a>" })
            <span class="sentence-actions">
              <a class="button button-quiet button-small" href="\(Paths.sentenceCard(x.id))">\(ctx.t("card.make.short"))</a>
              \(HTML.when(!ctx.isGuest) { "<a class=\"button button-quiet button-small\" href=\"\(Paths.sentenceEdit(x.id))\">\(ctx.t("sentence.edit"))</a>" })
            </span>
          </div>
        </li>
        """
    }

    /// A sentence shown large, with its book: the sentence of the day, a random one.
    static func quoteCard(_ ctx: PageContext, _ s: SentenceWithBook, id: String, title: String) -> HTML {
        let x = s.sentence
        return """
        <figure class="quote-card" id="\(id)" data-sentence-id="\(x.id)">
          <figcaption class="quote-title">\(title)</figcaption>
          <blockquote>\(x.text)</blockquote>
          <p class="quote-meta">\(x.emotion.map { "<span aria-hidden=\"true\">\($0.emoji)</span> " as HTML })<a href="\(Paths.book(x.bookId))">\(s.bookTitle)</a>\(s.bookAuthor.isEmpty ? "" : " · " + s.bookAuthor)\(x.page.map { " · " + NoteViews.format(ctx, "sentence.pageN", String($0)) } ?? "")</p>
        </figure>
        """
    }

    /// Emotion chips that each bring a random sentence with that feeling (links: no script needed).
    static func randomSection(_ ctx: PageContext, _ r: RandomSentenceState) -> HTML {
        let chips = HTML.join(([nil] + r.emotions.map(Optional.some)).map { (e: Emotion?) -> HTML in
            let current = r.asked && r.emotion == e
            let label: HTML = e.map { "<span aria-hidden=\"true\">\($0.emoji)</span> \(emotionLabel(ctx, $0))" } ?? HTML(raw: HTML.escape(ctx.t("random.any")))
            return "<a class=\"chip\(current ? " is-current" : "")\" href=\"\(Paths.reading)?mood=\(e?.rawValue ?? "all")#random\" rel=\"nofollow\">\(label)</a>"
        })
        return """
        <section class="random-sentence" id="random" aria-labelledby="random-title">
          <h2 id="random-title">\(ctx.t("random.title"))</h2>
          <div class="chips" role="group" aria-label="\(ctx.t("sentence.emotion"))">\(chips)</div>
          \(r.sentence.map { quoteCard(ctx, $0, id: "random-result", title: r.emotion.map { "\($0.emoji) \(emotionLabel(ctx, $0))" } ?? ctx.t("random.any")) })
          \(HTML.when(r.sentence != nil) { """
          <a class="button button-secondary button-small" id="random-again" href="\(Paths.reading)?mood=\(r.emotion?.rawValue ?? "all")#random" rel="nofollow"
             data-api-url="\(Paths.API.randomSentence)\(r.emotion.map { "?emotion=\($0.rawValue)" } ?? "")" data-book-url="\(Paths.book(Paths.idSlot))"
             data-page-format="\(ctx.t("sentence.pageN"))">\(ctx.t("random.again"))</a>
          """ })
        </section>
        """
    }

    static func bookCard(_ ctx: PageContext, _ b: Book) -> HTML {
        """
        <li class="book-card" data-book-id="\(b.id)" data-status="\(b.status.rawValue)">
          <a href="\(Paths.book(b.id))">
            \(cover(b))
            <span class="book-card-title">\(b.title)</span>
            <span class="book-card-author muted">\(b.author)</span>
          </a>
          <span class="book-card-meta"><span class="tag tag-\(b.status.rawValue)">\(statusLabel(ctx, b.status))</span>\(HTML.when(b.sentenceCount > 0) { " <span class=\"muted\">\(NoteViews.format(ctx, "book.sentenceCount", String(b.sentenceCount)))</span>" })</span>
        </li>
        """
    }

    /// A catalog result with a form that puts it on the shelf.
    static func catalogItem(_ ctx: PageContext, _ item: CatalogItem) -> HTML {
        func hidden(_ name: String, _ value: String?) -> HTML {
            guard let value, !value.isEmpty else { return .empty }
            return "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">"
        }
        let cover: HTML = item.coverUrl.flatMap(SecurityHeaders.outsideImage).map { "<img class=\"cover cover-small\" src=\"\($0)\" alt=\"\" loading=\"lazy\" referrerpolicy=\"no-referrer\">" as HTML }
            ?? drawnCover(title: item.title, author: item.author, size: "cover-small")
        let details = [item.publisher, item.publishedAt.map { String($0.prefix(4)) }, item.genre].compactMap { $0 }.filter { !$0.isEmpty }
        return """
        <li class="catalog-item">
          \(cover)
          <div class="catalog-item-body">
            <strong class="catalog-item-title">\(item.title)</strong>
            <span class="muted">\(item.author)</span>
            <span class="muted small">\(details.joined(separator: " · "))</span>
          </div>
          \(HTML.when(!ctx.isGuest) { """
          <form method="post" action="\(Paths.books)" class="catalog-add">
            \(Form.csrfField(ctx))
            \(hidden("title", item.title))\(hidden("author", item.author))\(hidden("publisher", item.publisher))\(hidden("isbn", item.isbn13))
            \(hidden("genre", item.genre))\(hidden("publishedAt", item.publishedAt))\(hidden("coverUrl", item.coverUrl))
            <input type="hidden" name="status" value="reading">
            <button class="button button-secondary button-small" type="submit">\(ctx.t("book.add.this"))</button>
          </form>
          """ })
        </li>
        """
    }

    static func readingTabs(_ ctx: PageContext, current: String) -> HTML {
        let tabs: [(String, String)] = [(Paths.reading, "reading.tab.shelf"), (Paths.sentences, "reading.tab.sentences"),
                                        (Paths.timer, "reading.tab.timer"), (Paths.readingStats, "reading.tab.stats")]
        return """
        <nav class="subnav" aria-label="\(ctx.t("reading.title"))">\(HTML.join(tabs.map { path, key in
            "<a class=\"subnav-link\(path == current ? " is-current" : "")\" href=\"\(path)\"\(path == current ? HTML(raw: " aria-current=\"page\"") : .empty)>\(ctx.t(key))</a>"
        }))</nav>
        """
    }
}

extension Pages {
    /// `GET /reading`: the bookshelf (나만의 책장) with its shelves, and recommended books that
    /// the page's script loads from the catalog.
    static func bookshelf(_ ctx: PageContext, books: [Book], more: String? = nil, status: BookStatus?, counts: [BookStatus: Int],
                          sentenceCount: Int, daily: SentenceWithBook? = nil, random: RandomSentenceState = RandomSentenceState(),
                          flash: Layout.Flash? = nil) -> String {
        let total = counts.values.reduce(0, +)
        let chips = HTML.join(([nil] + BookStatus.allCases.map(Optional.some)).map { (s: BookStatus?) -> HTML in
            let current = status == s
            let label = s.map { ReadingViews.statusLabel(ctx, $0) } ?? ctx.t("book.status.all")
            let count = s.map { counts[$0] ?? 0 } ?? total
            let href = s.map { "\(Paths.reading)?status=\($0.rawValue)" } ?? Paths.reading
            return "<a class=\"chip\(current ? " is-current" : "")\" href=\"\(href)\"\(current ? HTML(raw: " aria-current=\"true\"") : .empty)>\(label) <span class=\"chip-count\">\(count)</span></a>"
        })
        let shelf: HTML
        if books.isEmpty && total > 0 {
            shelf = "<div class=\"empty-state\" data-empty=\"shelf-filtered\"><p>\(ctx.t("shelf.emptyStatus"))</p></div>"
        } else if books.isEmpty {
            shelf = """
            <div class="empty-state empty-state-large" data-empty="shelf">
              <div class="empty-art" aria-hidden="true">\(Icon.underline)</div>
              <p>\(ctx.t("shelf.empty"))</p>
              \(HTML.when(!ctx.isGuest) { "<a class=\"button button-primary\" href=\"\(Paths.newBook)\">\(ctx.t("shelf.add"))</a>" })
            </div>
            """
        } else {
            shelf = "<ul class=\"book-grid\" id=\"bookshelf\">\(books.map { ReadingViews.bookCard(ctx, $0) })</ul>\(ListViews.more(ctx, href: more, list: "bookshelf"))"
        }
        let body: HTML = """
        <div class="page-head reading-head">
          <div>
            <h1>\(ctx.t("shelf.title"))</h1>
            <p class="muted">\(NoteViews.format(ctx, "shelf.summary", String(total)).replacingOccurrences(of: "%s", with: String(sentenceCount)))</p>
          </div>
          <div class="page-actions">
            \(HTML.when(!ctx.isGuest) { """
            <a class="button button-primary" href="\(Paths.newBook)" id="add-book">\(ctx.t("shelf.add"))</a>
            <a class="button button-secondary" href="\(Paths.readingImport)">\(ctx.t("import.title"))</a>
            """ })
          </div>
        </div>
        \(ReadingViews.readingTabs(ctx, current: Paths.reading))
        \(daily.map { ReadingViews.quoteCard(ctx, $0, id: "daily-sentence", title: ctx.t("daily.title")) })
        \(HTML.when(!random.emotions.isEmpty) { ReadingViews.randomSection(ctx, random) })
        <div class="chips" role="group" aria-label="\(ctx.t("shelf.filter"))">\(chips)</div>
        \(shelf)
        <section class="recommended" id="recommended" data-src="\(Paths.API.catalogRecommended)" data-books-api-url="\(Paths.API.books)" data-book-url="\(Paths.book(Paths.idSlot))" data-guest="\(ctx.isGuest ? "1" : "0")" hidden aria-labelledby="recommended-title">
          <h2 id="recommended-title">\(ctx.t("shelf.recommended"))</h2>
          <ul class="catalog-list" id="recommended-list"></ul>
          <template id="recommended-item"><li class="catalog-item"><div class="catalog-item-body"><strong class="catalog-item-title"></strong><span class="muted catalog-item-author"></span></div><button class="button button-secondary button-small" type="button" data-add>\(ctx.t("book.add.this"))</button></li></template>
        </section>
        """
        return Layout.page(ctx: ctx, title: ctx.t("reading.title"), body: body, scripts: ["shelf.js", "random.js"], bodyClass: "page-reading", flash: flash)
    }

    /// `GET /books/new`: search the catalogs, or type a book in.
    static func newBook(_ ctx: PageContext, state: BookSearchState) -> String {
        let results: HTML
        if let error = state.catalogError {
            results = """
            <div class="notice notice-error" role="alert" id="catalog-error" data-code="catalog_unavailable">
              <p>\(error)</p>
              <p><a href="#manual-book">\(ctx.t("book.manual.instead"))</a></p>
            </div>
            """
        } else if let items = state.results {
            results = items.isEmpty
                ? "<div class=\"empty-state\" data-empty=\"catalog\"><p>\(ctx.t("book.search.none"))</p><p><a href=\"#manual-book\">\(ctx.t("book.manual.instead"))</a></p></div>"
                : "<ul class=\"catalog-list\" id=\"catalog-results\">\(items.map { ReadingViews.catalogItem(ctx, $0) })</ul>"
        } else if !state.recommended.isEmpty {
            results = """
            <h2>\(ctx.t("shelf.recommended"))</h2>
            <ul class="catalog-list" id="catalog-recommended">\(state.recommended.map { ReadingViews.catalogItem(ctx, $0) })</ul>
            """
        } else {
            results = .empty
        }
        let m = state.manual
        func field(_ name: String, _ key: String, _ value: String, required: Bool = false, type: String = "text", extra: HTML = .empty) -> HTML {
            let error = m.errors[name == "isbn" ? "isbn13" : name]
            return """
            <div class="field" data-field="\(name)">
              <label for="book-\(name)">\(ctx.t(key))</label>
              <input id="book-\(name)" name="\(name)" type="\(type)" value="\(value)"\(required ? HTML(raw: " required") : .empty)\(error == nil ? .empty : HTML(raw: " aria-invalid=\"true\""))\(extra)>
              <p class="field-error" aria-live="polite">\(error ?? "")</p>
            </div>
            """
        }
        let body: HTML = """
        \(NoteViews.backLink(Paths.reading, ctx.t("shelf.title")))
        <div class="page-head"><h1>\(ctx.t("book.add.title"))</h1></div>
        <form class="search-row catalog-search" method="get" action="\(Paths.newBook)" role="search">
          <label class="visually-hidden" for="catalog-q">\(ctx.t("book.search.label"))</label>
          <input id="catalog-q" type="search" name="q" value="\(state.query)" placeholder="\(ctx.t("book.search.placeholder"))" autocomplete="off" enterkeyhint="search">
          <button class="button button-primary" type="submit">\(ctx.t("book.search"))</button>
        </form>
        \(results)
        \(state.attribution.map { "<p class=\"muted small catalog-credit\">\($0)</p>" as HTML })
        <details class="manual-book" id="manual-book"\(m.open || state.catalogError != nil ? HTML(raw: " open") : .empty)>
          <summary>\(ctx.t("book.manual"))</summary>
          <form method="post" action="\(Paths.books)" class="stack" novalidate>
            \(Form.csrfField(ctx))
            <input type="hidden" name="manual" value="1">
            \(field("title", "book.field.title", m.title, required: true))
            \(field("author", "book.field.author", m.author))
            \(field("publisher", "book.field.publisher", m.publisher))
            \(field("isbn", "book.field.isbn", m.isbn, extra: HTML(raw: " inputmode=\"numeric\" autocomplete=\"off\"")))
            \(field("genre", "book.field.genre", m.genre))
            \(field("publishedAt", "book.field.publishedAt", m.publishedAt))
            <div class="field"><label for="book-status">\(ctx.t("book.field.status"))</label>
              <select id="book-status" name="status">\(ReadingViews.statusOptions(ctx, selected: m.status))</select></div>
            <button class="button button-primary" type="submit">\(ctx.t("book.add.submit"))</button>
          </form>
        </details>
        """
        return Layout.page(ctx: ctx, title: ctx.t("book.add.title"), body: body, bodyClass: "page-book-new")
    }

    /// `GET /books/{id}`: the book, its reading time and every sentence kept from it.
    static func book(_ ctx: PageContext, book: Book, sentences: [SentenceWithBook], more: String? = nil, flash: Layout.Flash? = nil) -> String {
        let details: [(String, String?)] = [
            ("book.field.publisher", book.publisher), ("book.field.publishedAt", book.publishedAt.map { ShortDate.published(ctx, $0) }),
            ("book.field.genre", book.genre), ("book.field.isbn", book.isbn13),
        ]
        let dl = HTML.join(details.compactMap { key, value in
            guard let value, !value.isEmpty else { return nil }
            return "<div><dt>\(ctx.t(key))</dt><dd>\(value)</dd></div>"
        })
        let list: HTML = sentences.isEmpty
            ? "<div class=\"empty-state\" data-empty=\"sentences\"><p>\(ctx.t("book.sentences.empty"))</p></div>"
            : "<ul class=\"sentence-list\" id=\"book-sentences\">\(sentences.map { ReadingViews.sentenceCard(ctx, $0, showBook: false) })</ul>\(ListViews.more(ctx, href: more, list: "book-sentences"))"
        let body: HTML = """
        \(NoteViews.backLink(Paths.reading, ctx.t("shelf.title")))
        <article class="book-detail" data-book-id="\(book.id)">
          <div class="book-hero">
            \(ReadingViews.cover(book, size: "cover-large"))
            <div class="book-hero-body">
              <h1 id="book-title">\(book.title)</h1>
              <p class="book-author">\(book.author)</p>
              <dl class="book-facts">
                <div><dt>\(ctx.t("book.readingTime"))</dt><dd id="book-reading-time">\(ReadingViews.duration(ctx, seconds: book.readingSeconds))</dd></div>
                <div><dt>\(ctx.t("book.sentences"))</dt><dd id="book-sentence-count">\(book.sentenceCount)</dd></div>
                \(dl)
              </dl>
              \(HTML.when(!ctx.isGuest) { """
              <form class="book-status-form" method="post" action="\(Paths.book(book.id))">
                \(Form.csrfField(ctx))
                <label for="book-status">\(ctx.t("book.field.status"))</label>
                <select id="book-status" name="status" data-autosubmit>\(ReadingViews.statusOptions(ctx, selected: book.status))</select>
                <button class="button button-secondary button-small" type="submit" data-autosubmit-button>\(ctx.t("book.status.save"))</button>
              </form>
              """ })
              \(HTML.when(ctx.isGuest) { "<p><span class=\"tag tag-\(book.status.rawValue)\">\(ReadingViews.statusLabel(ctx, book.status))</span></p>" })
            </div>
          </div>
          \(HTML.when(!ctx.isGuest) { """
          <div class="book-actions">
            <a class="button button-primary" id="capture-sentence" href="\(Paths.bookNewSentence(book.id))">\(Icon.underline) \(ctx.t("sentence.capture"))</a>
            <a class="button button-secondary" href="\(Paths.bookEdit(book.id))">\(ctx.t("book.edit"))</a>
            <a class="button button-quiet" href="\(Paths.bookDelete(book.id))">\(ctx.t("book.delete"))</a>
          </div>
          """ })
          <section aria-labelledby="book-sentences-title">
            <h2 id="book-sentences-title">\(ctx.t("book.sentences"))</h2>
            \(list)
          </section>
        </article>
        """
        return Layout.page(ctx: ctx, title: book.title, body: body, scripts: ["autosubmit.js"], bodyClass: "page-book", flash: flash)
    }

    /// `GET /books/{id}/edit`.
    static func editBook(_ ctx: PageContext, book: Book, errors: [String: String] = [:]) -> String {
        func field(_ name: String, _ key: String, _ value: String?, required: Bool = false) -> HTML {
            let error = errors[name]
            return """
            <div class="field" data-field="\(name)">
              <label for="edit-\(name)">\(ctx.t(key))</label>
              <input id="edit-\(name)" name="\(name)" type="text" value="\(value ?? "")"\(required ? HTML(raw: " required") : .empty)\(error == nil ? .empty : HTML(raw: " aria-invalid=\"true\""))>
              <p class="field-error" aria-live="polite">\(error ?? "")</p>
            </div>
            """
        }
        let body: HTML = """
        \(NoteViews.backLink(Paths.book(book.id), book.title))
        <div class="page-head"><h1>\(ctx.t("book.edit"))</h1></div>
        <form method="post" action="\(Paths.book(book.id))" class="stack card" novalidate>
          \(Form.csrfField(ctx))
          \(field("title", "book.field.title", book.title, required: true))
          \(field("author", "book.field.author", book.author))
          \(field("publisher", "book.field.publisher", book.publisher))
          \(field("genre", "book.field.genre", book.genre))
          \(field("publishedAt", "book.field.publishedAt", book.publishedAt))
          <div class="field"><label for="edit-status">\(ctx.t("book.field.status"))</label>
            <select id="edit-status" name="status">\(ReadingViews.statusOptions(ctx, selected: book.status))</select></div>
          <div class="form-actions">
            <button class="button button-primary" type="submit">\(ctx.t("book.save"))</button>
            <a class="button button-quiet" href="\(Paths.book(book.id))">\(ctx.t("common.cancel"))</a>
          </div>
        </form>
        """
        return Layout.page(ctx: ctx, title: ctx.t("book.edit"), body: body, bodyClass: "page-book-edit")
    }

    /// `GET /books/{id}/delete`: what goes with the book, then a confirmation.
    static func deleteBook(_ ctx: PageContext, book: Book, sentences: Int, sessions: Int) -> String {
        let what = NoteViews.format(ctx, "book.delete.what", String(sentences)).replacingOccurrences(of: "%s", with: String(sessions))
        let body: HTML = """
        \(NoteViews.backLink(Paths.book(book.id), book.title))
        <div class="card confirm-card">
          <h1>\(ctx.t("book.delete.title"))</h1>
          <p><strong>\(book.title)</strong></p>
          <p id="delete-what">\(what)</p>
          <form method="post" action="\(Paths.bookDelete(book.id))" class="form-actions">
            \(Form.csrfField(ctx))
            <a class="button button-secondary" href="\(Paths.book(book.id))">\(ctx.t("common.cancel"))</a>
            <button class="button button-danger" type="submit" id="confirm-delete">\(ctx.t("book.delete.confirm"))</button>
          </form>
        </div>
        """
        return Layout.page(ctx: ctx, title: ctx.t("book.delete.title"), body: body, bodyClass: "page-confirm")
    }
}
