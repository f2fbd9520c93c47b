import Foundation
import NotioCore
import NotioStore

/// What a sentence form shows again after a refused post.
struct SentenceFormState: Sendable {
    var text = ""
    var page = ""
    var emotion: Emotion?
    var memo = ""
    var errors: [String: String] = [:]
}

extension Pages {
    /// The fields of a sentence (text, page, emotion, memo), shared by the capture and edit pages.
    static func sentenceFields(_ ctx: PageContext, _ s: SentenceFormState) -> HTML {
        let textError = s.errors["text"], pageError = s.errors["page"], memoError = s.errors["memo"]
        return """
        <div class="field" data-field="text">
          <label for="sentence-text">\(ctx.t("sentence.text"))</label>
          <textarea id="sentence-text" name="text" rows="4" required maxlength="\(SentenceRules.maxText)" placeholder="\(ctx.t("sentence.text.placeholder"))"\(textError == nil ? .empty : HTML(raw: " aria-invalid=\"true\""))>\(s.text)</textarea>
          <p class="field-error" aria-live="polite">\(textError ?? "")</p>
        </div>
        <div class="field field-narrow" data-field="page">
          <label for="sentence-page">\(ctx.t("sentence.page"))</label>
          <input id="sentence-page" name="page" type="number" inputmode="numeric" min="0" max="\(SentenceRules.maxPage)" value="\(s.page)"\(pageError == nil ? .empty : HTML(raw: " aria-invalid=\"true\""))>
          <p class="field-error" aria-live="polite">\(pageError ?? "")</p>
        </div>
        \(ReadingViews.emotionPicker(ctx, selected: s.emotion))
        <div class="field" data-field="memo">
          <label for="sentence-memo">\(ctx.t("sentence.memo"))</label>
          <textarea id="sentence-memo" name="memo" rows="3" maxlength="\(SentenceRules.maxMemo)" placeholder="\(ctx.t("sentence.memo.placeholder"))">\(s.memo)</textarea>
          <p class="field-error" aria-live="polite">\(memoError ?? "")</p>
        </div>
        """
    }

    /// `GET /books/{id}/sentences/new`: photograph a page, underline the words with a finger or
    /// the mouse, and the recognised text fills the form. Without a photo (or without
    /// JavaScript) the sentence is typed.
    static func captureSentence(_ ctx: PageContext, book: Book, state: SentenceFormState, maxPhotoMB: Int) -> String {
        let body: HTML = """
        \(NoteViews.backLink(Paths.book(book.id), book.title))
        <div class="page-head"><h1>\(ctx.t("sentence.capture"))</h1><p class="muted">\(book.title) · \(book.author)</p></div>
        <section class="capture" id="capture" data-underline-api-url="\(Paths.API.ocrUnderline)" data-words-api-url="\(Paths.API.ocrWords)" data-max-bytes="\(maxPhotoMB << 20)" data-state="idle" aria-labelledby="capture-title"
          data-msg-not-image="\(ctx.t("capture.msg.notImage"))" data-msg-too-large="\(NoteViews.format(ctx, "capture.msg.tooLarge", String(maxPhotoMB)))"
          data-msg-loading="\(ctx.t("capture.msg.loading"))" data-msg-draw="\(ctx.t("capture.draw"))" data-msg-reading="\(ctx.t("capture.msg.reading"))"
          data-msg-done="\(ctx.t("capture.msg.done"))" data-msg-empty="\(ctx.t("capture.msg.empty"))" data-msg-error="\(ctx.t("capture.msg.error"))">
          <h2 id="capture-title" class="visually-hidden">\(ctx.t("capture.photo"))</h2>
          <div class="capture-pick" id="capture-pick">
            <label class="button button-primary" for="capture-camera">\(ctx.t("capture.camera"))</label>
            <input id="capture-camera" class="visually-hidden" type="file" accept="image/*" capture="environment">
            <label class="button button-secondary" for="capture-file">\(ctx.t("capture.file"))</label>
            <input id="capture-file" class="visually-hidden" type="file" accept="image/jpeg,image/png,image/webp,image/heic,image/*">
            <p class="muted small">\(ctx.t("capture.hint"))</p>
          </div>
          <div class="capture-stage" id="capture-stage" hidden>
            <div class="capture-canvas-wrap"><canvas id="capture-canvas" aria-label="\(ctx.t("capture.canvasLabel"))" role="img"></canvas></div>
            <div class="capture-tools" role="toolbar" aria-label="\(ctx.t("capture.tools"))">
              <button class="button button-secondary button-small" type="button" id="capture-undo" disabled>\(ctx.t("capture.undo"))</button>
              <button class="button button-secondary button-small" type="button" id="capture-clear" disabled>\(ctx.t("capture.clear"))</button>
              <label class="toggle"><input type="checkbox" id="capture-overlay"> \(ctx.t("capture.overlay"))</label>
              <button class="button button-quiet button-small" type="button" id="capture-retake">\(ctx.t("capture.retake"))</button>
            </div>
            <p class="capture-status" id="capture-status" role="status" aria-live="polite"></p>
          </div>
        </section>
        <form method="post" action="\(Paths.bookSentences(book.id))" class="stack card sentence-form" id="sentence-form" novalidate>
          \(Form.csrfField(ctx))
          \(sentenceFields(ctx, state))
          <div class="form-actions">
            <button class="button button-primary" type="submit" id="save-sentence">\(ctx.t("sentence.save"))</button>
            <a class="button button-quiet" href="\(Paths.book(book.id))">\(ctx.t("common.cancel"))</a>
          </div>
        </form>
        """
        return Layout.page(ctx: ctx, title: ctx.t("sentence.capture"), body: body, scripts: ["underline.js"], bodyClass: "page-capture")
    }

    /// `GET /sentences/{id}/edit`: change or delete a sentence.
    static func editSentence(_ ctx: PageContext, sentence: SentenceWithBook, state: SentenceFormState) -> String {
        let s = sentence.sentence
        let body: HTML = """
        \(NoteViews.backLink(Paths.book(s.bookId), sentence.bookTitle))
        <div class="page-head"><h1>\(ctx.t("sentence.edit"))</h1></div>
        <form method="post" action="\(Paths.sentence(s.id))" class="stack card sentence-form" novalidate>
          \(Form.csrfField(ctx))
          \(sentenceFields(ctx, state))
          <div class="form-actions">
            <button class="button button-primary" type="submit">\(ctx.t("sentence.save"))</button>
            <a class="button button-quiet" href="\(Paths.book(s.bookId))">\(ctx.t("common.cancel"))</a>
          </div>
        </form>
        <form method="post" action="\(Paths.sentenceDelete(s.id))" class="danger-zone" data-confirm="\(ctx.t("sentence.delete.confirm"))">
          \(Form.csrfField(ctx))
          <button class="button button-danger" type="submit" id="delete-sentence">\(ctx.t("sentence.delete"))</button>
        </form>
        """
        return Layout.page(ctx: ctx, title: ctx.t("sentence.edit"), body: body, scripts: ["confirm.js"], bodyClass: "page-sentence-edit")
    }

    /// `GET /sentences`: every kept sentence, searchable, by emotion and by book.
    static func sentences(_ ctx: PageContext, items: [SentenceWithBook], total: Int? = nil, more: String? = nil, filter: SentenceFilter,
                          books: [(id: String, title: String)], emotionCounts: [Emotion: Int], flash: Layout.Flash? = nil) -> String {
        func url(emotion: Emotion??) -> String {
            var q: [(String, String)] = []
            if let text = filter.query, !text.isEmpty { q.append(("q", text)) }
            if let e = emotion ?? filter.emotion { q.append(("emotion", e.rawValue)) }
            if let b = filter.bookId { q.append(("bookId", b)) }
            return q.isEmpty ? Paths.sentences : "\(Paths.sentences)?" + q.map { "\($0.0)=\(NoteViews.queryEscape($0.1))" }.joined(separator: "&")
        }
        let used = Emotion.allCases.filter { (emotionCounts[$0] ?? 0) > 0 || filter.emotion == $0 }
        let chips = HTML.join(([nil] + used.map(Optional.some)).map { (e: Emotion?) -> HTML in
            let current = filter.emotion == e
            let label: HTML = e.map { "<span aria-hidden=\"true\">\($0.emoji)</span> \(ReadingViews.emotionLabel(ctx, $0))" } ?? HTML(raw: HTML.escape(ctx.t("sentences.filter.all")))
            return "<a class=\"chip\(current ? " is-current" : "")\" href=\"\(url(emotion: .some(e)))\"\(current ? HTML(raw: " aria-current=\"true\"") : .empty)>\(label)</a>"
        })
        let bookOptions = HTML.join(books.map { b in
            "<option value=\"\(b.id)\"\(filter.bookId == b.id ? HTML(raw: " selected") : .empty)>\(b.title)</option>"
        })
        let filtered = filter.query != nil || filter.emotion != nil || filter.bookId != nil
        let list: HTML
        if items.isEmpty {
            list = filtered
                ? "<div class=\"empty-state\" data-empty=\"no-results\"><p>\(ctx.t("sentences.noResults"))</p><a class=\"button button-secondary\" href=\"\(Paths.sentences)\">\(ctx.t("notes.clearFilters"))</a></div>"
                : "<div class=\"empty-state empty-state-large\" data-empty=\"sentences\"><p>\(ctx.t("sentences.empty"))</p></div>"
        } else {
            list = """
            <p class="muted">\(NoteViews.format(ctx, "sentences.count", String(total ?? items.count)))</p>
            <ul class="sentence-list" id="sentence-list">\(items.map { ReadingViews.sentenceCard(ctx, $0, showBook: true) })</ul>
            \(ListViews.more(ctx, href: more, list: "sentence-list"))
            """
        }
        let body: HTML = """
        <div class="page-head"><div><h1>\(ctx.t("sentences.title"))</h1><p class="muted">\(ctx.t("sentences.subtitle"))</p></div></div>
        \(ReadingViews.readingTabs(ctx, current: Paths.sentences))
        <form class="sentence-filters" method="get" action="\(Paths.sentences)" role="search">
          <div class="search-row">
            <label class="visually-hidden" for="sentence-search">\(ctx.t("sentences.search.label"))</label>
            <input id="sentence-search" type="search" name="q" value="\(filter.query ?? "")" placeholder="\(ctx.t("sentences.search.placeholder"))" autocomplete="off" enterkeyhint="search">
            <label class="visually-hidden" for="sentence-book">\(ctx.t("sentences.filter.book"))</label>
            <select id="sentence-book" name="bookId"><option value="">\(ctx.t("sentences.filter.allBooks"))</option>\(bookOptions)</select>
            \(filter.emotion.map { "<input type=\"hidden\" name=\"emotion\" value=\"\($0.rawValue)\">" as HTML })
            <button class="button button-secondary" type="submit">\(ctx.t("notes.search"))</button>
          </div>
          <div class="chips" role="group" aria-label="\(ctx.t("sentence.emotion"))">\(chips)</div>
        </form>
        \(list)
        """
        return Layout.page(ctx: ctx, title: ctx.t("sentences.title"), body: body, bodyClass: "page-sentences", flash: flash)
    }
}

extension Pages {
    /// `GET /reading/import`: bring highlights and books from Kindle, Goodreads or Readwise.
    static func importPage(_ ctx: PageContext, result: (ImportFormat, ImportCounts)? = nil, error: String? = nil) -> String {
        let summary: HTML = result.map { format, c in
            """
            <div class="notice notice-success" role="status" id="import-result" data-books-added="\(c.booksAdded)" data-sentences-added="\(c.sentencesAdded)">
              <p><strong>\(format.displayName)</strong></p>
              <p>\(NoteViews.format(ctx, "import.result.books", String(c.booksAdded)).replacingOccurrences(of: "%s", with: String(c.booksMatched)))</p>
              <p>\(NoteViews.format(ctx, "import.result.sentences", String(c.sentencesAdded)).replacingOccurrences(of: "%s", with: String(c.sentencesDuplicate)))</p>
              \(HTML.when(c.skipped > 0) { "<p class=\"muted\">\(NoteViews.format(ctx, "import.result.skipped", String(c.skipped)))</p>" })
              <p><a href="\(Paths.reading)">\(ctx.t("shelf.title"))</a> · <a href="\(Paths.sentences)">\(ctx.t("sentences.title"))</a></p>
            </div>
            """
        } ?? .empty
        let body: HTML = """
        \(NoteViews.backLink(Paths.reading, ctx.t("shelf.title")))
        <div class="page-head"><h1>\(ctx.t("import.title"))</h1><p class="muted">\(ctx.t("import.subtitle"))</p></div>
        \(summary)
        \(error.map { "<div class=\"notice notice-error\" role=\"alert\" id=\"import-error\"><p>\($0)</p></div>" as HTML })
        <form method="post" action="\(Paths.readingImport)" enctype="multipart/form-data" class="stack card">
          \(Form.csrfField(ctx))
          \(Form.dropzone(id: "import-file", name: "file", accept: ".txt,.csv,text/plain,text/csv", label: ctx.t("import.file"), hint: ctx.t("import.hint")))
          <div class="field"><label for="import-format">\(ctx.t("import.format"))</label>
            <select id="import-format" name="format">
              <option value="auto">\(ctx.t("import.format.auto"))</option>
              \(HTML.join(ImportFormat.allCases.map { "<option value=\"\($0.rawValue)\">\($0.displayName)</option>" as HTML }))
            </select></div>
          <button class="button button-primary" type="submit" id="import-submit">\(ctx.t("import.submit"))</button>
        </form>
        """
        return Layout.page(ctx: ctx, title: ctx.t("import.title"), body: body, scripts: ["dropzone.js"], bodyClass: "page-import")
    }
}
