import Foundation
import NotioCore

/// The filters of the note list, as the request gave them.
struct NoteListFilters: Sendable, Equatable {
    var query: String = ""
    var category: NoteCategory?
    var favoritesOnly = false

    var isFiltered: Bool { !query.isEmpty || category != nil || favoritesOnly }

    /// `/notes` with these filters, `category`/`favorite` replaced when given.
    func url(category: NoteCategory?? = nil, favoritesOnly: Bool? = nil) -> String {
        var items: [(String, String)] = []
        if !query.isEmpty { items.append(("q", query)) }
        if let c = category ?? self.category { items.append(("category", c.rawValue)) }
        if favoritesOnly ?? self.favoritesOnly { items.append(("favorite", "true")) }
        guard !items.isEmpty else { return Paths.notes }
        return "\(Paths.notes)?" + items.map { "\($0.0)=\(NoteViews.queryEscape($0.1))" }.joined(separator: "&")
    }
}

/// What the upload sheet shows again after a form post without JavaScript failed.
struct UploadFormState: Sendable {
    var error: String?
    var category: NoteCategory = .major
    var title: String = ""
}

/// Shared pieces of the note pages.
enum NoteViews {
    static func queryEscape(_ s: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        return s.addingPercentEncoding(withAllowedCharacters: allowed) ?? s
    }

    /// "%@" in a localised string replaced by `value`.
    static func format(_ ctx: PageContext, _ key: String, _ value: String) -> String {
        ctx.t(key).replacingOccurrences(of: "%@", with: value)
    }

    /// Sorted page numbers as a reader writes them: [1, 3, 4, 5] → "1, 3–5".
    static func pageRanges(_ pages: [Int]) -> String {
        var runs: [ClosedRange<Int>] = []
        for page in pages.sorted() {
            if let last = runs.last, page <= last.upperBound + 1 {
                runs[runs.count - 1] = last.lowerBound...max(page, last.upperBound)
            } else {
                runs.append(page...page)
            }
        }
        return runs.map { $0.count == 1 ? String($0.lowerBound) : "\($0.lowerBound)–\($0.upperBound)" }.joined(separator: ", ")
    }

    static func categoryLabel(_ ctx: PageContext, _ c: NoteCategory) -> String { ctx.t("category.\(c.rawValue)") }

    static func categoryBadge(_ ctx: PageContext, _ c: NoteCategory) -> HTML {
        "<span class=\"tag tag-\(c.rawValue)\">\(categoryLabel(ctx, c))</span>"
    }

    static func percent(_ rate: Double) -> String { String(Int((max(0, min(1, rate)) * 100).rounded())) }

    /// Where a note's card leads: its progress while analysed, else its summary.
    static func href(_ note: NoteSummary) -> String {
        note.state == .analysing ? Paths.noteProgress(note.id) : Paths.note(note.id)
    }

    /// 분석 중 (spinner) / 실패 / 진행중 · 완료 with the learning rate.
    static func status(_ ctx: PageContext, _ note: NoteSummary) -> HTML {
        switch note.state {
        case .analysing:
            return """
            <span class="status status-analysing"><span class="spinner spinner-small" aria-hidden="true"></span>\(ctx.t("notes.status.analysing"))</span>
            <a class="status-link" href="\(Paths.noteProgress(note.id))">\(ctx.t("notes.status.viewProgress"))</a>
            """
        case .failed:
            return "<span class=\"status status-failed\">\(ctx.t("notes.status.failed"))</span>"
        case .ready:
            let rate = percent(note.learningRate)
            return """
            <span class="status status-\(note.isDone ? "done" : "in-progress")">\(ctx.t(note.isDone ? "notes.status.done" : "notes.status.inProgress"))</span>
            <span class="learning-rate"><span class="visually-hidden">\(ctx.t("notes.learningRate")) </span><span class="rate-bar" aria-hidden="true"><span style="width: \(rate)%"></span></span>\(rate)%</span>
            """
        }
    }

    static func categoryOptions(_ ctx: PageContext, selected: NoteCategory) -> HTML {
        HTML.join(NoteCategory.allCases.map { c in
            "<option value=\"\(c.rawValue)\"\(c == selected ? HTML(raw: " selected") : .empty)>\(categoryLabel(ctx, c))</option>"
        })
    }

    static func backLink(_ href: String, _ label: String) -> HTML {
        "<a class=\"back-link\" href=\"\(href)\"><span aria-hidden=\"true\">←</span> \(label)</a>"
    }

    static let star: HTML = HTML(raw: "<svg class=\"icon icon-star\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" aria-hidden=\"true\" focusable=\"false\"><path d=\"M12 3.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8L12 16.9l-5.3 2.7 1-5.8-4.2-4.1 5.9-.9z\"/></svg>")
}

extension Pages {
    /// `GET /notes`: search, category chips, favourites, the grid of note cards and the upload sheet.
    static func notesList(_ ctx: PageContext, notes: [NoteSummary], total: Int? = nil, more: String? = nil, filters: NoteListFilters,
                          upload: UploadFormState? = nil, maxUploadMB: Int, flash: Layout.Flash? = nil) -> String {
        let chips = HTML.join(([nil] + NoteCategory.allCases.map(Optional.some)).map { (c: NoteCategory?) -> HTML in
            let current = filters.category == c
            let label = c.map { NoteViews.categoryLabel(ctx, $0) } ?? ctx.t("notes.filter.all")
            return "<a class=\"chip\(current ? " is-current" : "")\" href=\"\(filters.url(category: .some(c)))\"\(current ? HTML(raw: " aria-current=\"true\"") : .empty)>\(label)</a>"
        })
        let favHref = filters.url(favoritesOnly: !filters.favoritesOnly)
        let favorite: HTML = """
        <a class="chip chip-favorite\(filters.favoritesOnly ? " is-current" : "")" href="\(favHref)" aria-pressed="\(filters.favoritesOnly ? "true" : "false")" role="button">\(NoteViews.star)\(ctx.t("notes.filter.favorite"))</a>
        """
        let search: HTML = """
        <form class="note-filters" method="get" action="\(Paths.notes)" role="search">
          <div class="search-row">
            <label class="visually-hidden" for="note-search">\(ctx.t("notes.search.label"))</label>
            <input id="note-search" type="search" name="q" value="\(filters.query)" placeholder="\(ctx.t("notes.search.placeholder"))" autocomplete="off" enterkeyhint="search">
            \(filters.category.map { "<input type=\"hidden\" name=\"category\" value=\"\($0.rawValue)\">" as HTML })
            \(HTML.when(filters.favoritesOnly) { "<input type=\"hidden\" name=\"favorite\" value=\"true\">" })
            <button class="button button-secondary" type="submit">\(ctx.t("notes.search"))</button>
          </div>
          <div class="chips" role="group" aria-label="\(ctx.t("notes.filter.label"))">\(chips)<span class="chips-gap" aria-hidden="true"></span>\(favorite)</div>
        </form>
        """
        let list: HTML
        if notes.isEmpty && filters.isFiltered {
            list = """
            <div class="empty-state notes-empty" data-empty="no-results">
              <p>\(ctx.t("notes.noResults"))</p>
              <a class="button button-secondary" href="\(Paths.notes)">\(ctx.t("notes.clearFilters"))</a>
            </div>
            """
        } else if notes.isEmpty {
            list = """
            <div class="empty-state empty-state-large notes-empty" data-empty="none">
              <div class="empty-art" aria-hidden="true">\(Icon.pdf)</div>
              <p>\(ctx.t("notes.empty"))</p>
              \(HTML.when(!ctx.isGuest) { "<a class=\"button button-primary\" href=\"#upload-sheet\" data-open-upload>\(ctx.t("notes.upload"))</a>" })
            </div>
            """
        } else {
            list = """
            <p class="muted note-count">\(NoteViews.format(ctx, "notes.count", String(total ?? notes.count)))</p>
            <ul class="note-grid" id="note-grid">\(notes.map { noteCard(ctx, $0) })</ul>
            \(ListViews.more(ctx, href: more, list: "note-grid"))
            """
        }
        let body: HTML = """
        <div class="page-head notes-head">
          <div>
            <h1>\(ctx.t("notes.title"))</h1>
            <p class="muted">\(ctx.t("notes.subtitle"))</p>
          </div>
          \(HTML.when(!ctx.isGuest) { "<a class=\"button button-primary\" id=\"open-upload\" href=\"#upload-sheet\" data-open-upload aria-haspopup=\"dialog\">+ \(ctx.t("notes.upload"))</a>" })
        </div>
        \(search)
        \(list)
        \(HTML.when(!ctx.isGuest) { uploadSheet(ctx, state: upload ?? UploadFormState(), maxUploadMB: maxUploadMB) })
        """
        return Layout.page(ctx: ctx, title: ctx.t("notes.title"), body: body, scripts: ctx.isGuest ? [] : ["upload.js"],
                           bodyClass: "page-notes", flash: flash)
    }

    /// One card of the grid: title, category, up to five keywords, status.
    static func noteCard(_ ctx: PageContext, _ note: NoteSummary) -> HTML {
        let keywords = note.keywords.prefix(5)
        return """
        <li class="note-card" data-note-id="\(note.id)" data-state="\(note.state.rawValue)">
          <div class="note-card-top">
            \(NoteViews.categoryBadge(ctx, note.category))
            \(HTML.when(note.favorite) { "<span class=\"favorite-mark\" title=\"\(ctx.t("notes.favorite"))\">\(NoteViews.star)<span class=\"visually-hidden\">\(ctx.t("notes.favorite"))</span></span>" })
          </div>
          <h2 class="note-card-title"><a href="\(NoteViews.href(note))">\(note.title)</a></h2>
          \(HTML.when(!keywords.isEmpty) { "<ul class=\"keyword-chips\">\(keywords.map { "<li>\($0)</li>" as HTML })</ul>" })
          \(HTML.when(note.state == .failed && note.error != nil) { "<p class=\"note-card-error\">\(FailureReason.text(note.error, ctx.language) ?? "")</p>" })
          <div class="note-card-status">\(NoteViews.status(ctx, note))</div>
        </li>
        """
    }

    /// The upload sheet: a `<dialog>` opened by upload.js, or shown through `:target` without JS.
    static func uploadSheet(_ ctx: PageContext, state: UploadFormState, maxUploadMB: Int) -> HTML {
        """
        <dialog id="upload-sheet" class="sheet" aria-labelledby="upload-title"\(state.error != nil ? HTML(raw: " open") : .empty) data-max-mb="\(maxUploadMB)" data-api-url="\(Paths.API.notes)" data-progress-url="\(Paths.noteProgress(Paths.idSlot))"
          data-msg-choose="\(ctx.t("error.choose_pdf"))" data-msg-not-pdf="\(ctx.t("error.pdf_only"))"
          data-msg-too-large="\(NoteViews.format(ctx, "upload.tooLarge", String(maxUploadMB)))" data-msg-failed="\(ctx.t("upload.failed"))"
          data-msg-uploading="\(ctx.t("upload.uploading"))">
          <form id="upload-form" class="form" method="post" action="\(Paths.notes)" enctype="multipart/form-data">
            \(Form.csrfField(ctx))
            <div class="sheet-head">
              <h2 id="upload-title">\(ctx.t("upload.title"))</h2>
              <a class="button button-quiet button-small sheet-close" href="#" data-close-upload>\(ctx.t("upload.cancel"))</a>
            </div>
            <p class="form-error" id="upload-error" role="alert"\(state.error == nil ? HTML(raw: " hidden") : .empty)>\(state.error ?? "")</p>
            <div class="dropzone" id="upload-drop">
              <span class="dropzone-icon" aria-hidden="true">\(Icon.pdf)</span>
              <label for="upload-file" class="dropzone-label">\(ctx.t("upload.drop"))</label>
              <input id="upload-file" name="file" type="file" accept="application/pdf,.pdf" required aria-describedby="upload-hint">
              <span class="dropzone-file" id="upload-file-name" aria-live="polite"></span>
            </div>
            <p class="field-hint" id="upload-hint">\(NoteViews.format(ctx, "upload.hint", String(maxUploadMB)))</p>
            <div class="field">
              <label for="upload-category">\(ctx.t("upload.category"))</label>
              <select id="upload-category" name="category">\(NoteViews.categoryOptions(ctx, selected: state.category))</select>
            </div>
            <div class="field">
              <label for="upload-note-title">\(ctx.t("upload.noteTitle"))</label>
              <input id="upload-note-title" name="title" type="text" maxlength="\(NoteRules.maxTitle)" value="\(state.title)" autocomplete="off" aria-describedby="upload-title-hint">
              <p class="field-hint" id="upload-title-hint">\(ctx.t("upload.noteTitle.hint"))</p>
            </div>
            <div class="upload-progress" id="upload-progress" hidden>
              <progress id="upload-bar" max="100" value="0" aria-label="\(ctx.t("progress.percent"))"></progress>
              <span id="upload-percent" aria-live="polite"></span>
            </div>
            <button class="button button-primary button-block" type="submit" id="upload-submit">\(ctx.t("upload.submit"))</button>
          </form>
        </dialog>
        """
    }

    /// The stages of an analysis, in order, with the job stage names that belong to each.
    static let progressStages = ["upload", "extract", "ocr", "analyse", "save"]

    /// `GET /notes/{id}/progress`: the stepper, the bar, the live message and 취소.
    static func noteProgress(_ ctx: PageContext, note: NoteSummary, job: JobProgress) -> String {
        let finished = job.state == .done || job.state == .failed || job.state == .cancelled
        let currentIndex: Int = {
            if job.state == .done { return progressStages.count }
            if job.stage == "queued" || job.stage == "upload" { return 1 }
            return progressStages.firstIndex(of: job.stage) ?? 1
        }()
        let steps = HTML.join(progressStages.enumerated().map { i, stage in
            let cls = i < currentIndex ? "is-done" : (i == currentIndex && !finished ? "is-current" : "")
            var detail = ""
            if stage == "ocr", job.stage == "ocr", let p = job.page, let n = job.pages { detail = "\(p)/\(n)" }
            if stage == "extract", job.stage == "extract", let p = job.page, let n = job.pages { detail = "\(p)/\(n)" }
            return """
            <li class="step \(cls)" data-stage="\(stage)"\(cls == "is-current" ? HTML(raw: " aria-current=\"step\"") : .empty)>
              <span class="step-dot" aria-hidden="true"></span>
              <span class="step-label">\(ctx.t("progress.stage.\(stage)"))</span>
              <span class="step-detail">\(detail)</span>
            </li>
            """
        })
        let percent = NoteViews.percent(job.progress)
        let message: String = switch job.state {
        case .queued: ctx.t("progress.queued")
        case .running: ctx.t("progress.running")
        case .done: ctx.t("progress.done")
        case .failed: FailureReason.text(job.error, ctx.language) ?? ctx.t("progress.failed")
        case .cancelled: ctx.t("progress.cancelled")
        }
        let body: HTML = """
        <div class="page-head">
          \(NoteViews.backLink(Paths.notes, ctx.t("notes.title")))
          <h1 id="job-note-title">\(note.title)</h1>
          <p class="muted">\(ctx.t("progress.title")) · \(note.fileName)</p>
        </div>
        <section class="card progress-card" id="job-progress" data-job-id="\(job.id)" data-note-id="\(note.id)" data-state="\(job.state.rawValue)"
          data-note-url="\(Paths.note(note.id))" data-note-api-url="\(Paths.API.note(note.id))" data-job-url="\(Paths.API.job(job.id))"
          data-job-events-url="\(Paths.API.jobEvents(job.id))" data-job-cancel-url="\(Paths.API.jobCancel(job.id))"
          data-stage="\(job.stage)" data-msg-queued="\(ctx.t("progress.queued"))" data-msg-running="\(ctx.t("progress.running"))"
          data-msg-done="\(ctx.t("progress.done"))" data-msg-failed="\(ctx.t("progress.failed"))" data-msg-cancelled="\(ctx.t("progress.cancelled"))"
          data-msg-cancelling="\(ctx.t("progress.cancelling"))">
          <ol class="job-steps" aria-label="\(ctx.t("progress.stages"))">\(steps)</ol>
          <div class="job-bar">
            <progress id="job-bar" max="100" value="\(percent)" aria-label="\(ctx.t("progress.percent"))"></progress>
            <span id="job-percent">\(percent)%</span>
          </div>
          <p id="job-message" class="job-message job-\(job.state.rawValue)" role="status" aria-live="polite">\(message)</p>
          <div class="job-actions">
            \(HTML.when(!ctx.isGuest) { """
            <form method="post" action="\(Paths.jobCancel(job.id))" id="cancel-form"\(finished ? HTML(raw: " hidden") : .empty)>
              \(Form.csrfField(ctx))
              <button class="button button-danger" type="submit" id="job-cancel">\(ctx.t("progress.cancel"))</button>
            </form>
            """ })
            <a class="button button-primary" id="job-open" href="\(Paths.note(note.id))"\(job.state == .done ? .empty : HTML(raw: " hidden"))>\(ctx.t("progress.open"))</a>
            <a class="button button-secondary" id="job-back" href="\(Paths.notes)"\(job.state == .failed || job.state == .cancelled ? .empty : HTML(raw: " hidden"))>\(ctx.t("progress.back"))</a>
          </div>
          \(HTML.when(!finished) { "<noscript><meta http-equiv=\"refresh\" content=\"3\"></noscript>" })
        </section>
        """
        return Layout.page(ctx: ctx, title: ctx.t("progress.title"), body: body, scripts: ["job-progress.js"], bodyClass: "page-progress")
    }

    /// `GET /notes/{id}`: title, category, pages, favourite, concept cards, keywords, actions.
    static func noteSummary(_ ctx: PageContext, detail: NoteDetail, study: NoteStudyPanel? = nil, flash: Layout.Flash? = nil) -> String {
        let note = detail.summary
        let meta: HTML = """
        <p class="note-meta">\(NoteViews.categoryBadge(ctx, note.category))
          \(HTML.when(note.pageCount > 0) { "<span>\(NoteViews.format(ctx, "notes.pages", String(note.pageCount)))</span>" })
          \(HTML.when(note.state == .ready) { "<span>\(ctx.t("notes.learningRate")) \(NoteViews.percent(note.learningRate))%</span>" })
          \(HTML.when(!detail.ocrPages.isEmpty) { "<span class=\"note-ocr\" title=\"\(ctx.t("note.ocrPages.why"))\">\(NoteViews.format(ctx, "note.ocrPages", NoteViews.pageRanges(detail.ocrPages)))</span>" })
        </p>
        """
        let favorite: HTML = ctx.isGuest
            ? HTML.when(note.favorite) { "<span class=\"favorite-mark\">\(NoteViews.star)<span class=\"visually-hidden\">\(ctx.t("notes.favorite"))</span></span>" }
            : """
            <form method="post" action="\(Paths.note(note.id))" class="favorite-form" data-note-id="\(note.id)" data-api-url="\(Paths.API.note(note.id))">
              \(Form.csrfField(ctx))
              <input type="hidden" name="favorite" value="\(note.favorite ? "false" : "true")">
              <button type="submit" class="favorite-toggle" aria-pressed="\(note.favorite ? "true" : "false")" aria-label="\(ctx.t("notes.favorite"))"
                data-label-add="\(ctx.t("notes.favorite.add"))" data-label-remove="\(ctx.t("notes.favorite.remove"))"
                title="\(ctx.t(note.favorite ? "notes.favorite.remove" : "notes.favorite.add"))">\(NoteViews.star)</button>
            </form>
            """
        let failed: HTML = HTML.when(note.state == .failed) { """
            <div class="notice notice-error" role="alert"><strong>\(ctx.t("note.failed"))</strong> \(FailureReason.text(note.error, ctx.language) ?? "")</div>
            """ }
        let concepts: HTML
        if note.state == .failed {
            concepts = .empty
        } else if detail.concepts.isEmpty {
            concepts = "<p class=\"muted\">\(ctx.t("note.noConcepts"))</p>"
        } else {
            concepts = "<ol class=\"concept-grid\">\(detail.concepts.map { conceptCard(ctx, noteId: note.id, $0) })</ol>"
        }
        let keywords: HTML = detail.keywords.isEmpty
            ? "<p class=\"muted\">\(ctx.t("note.noKeywords"))</p>"
            : "<ul class=\"keyword-list\">\(detail.keywords.map { keywordRow(ctx, $0) })</ul>"
        let body: HTML = """
        <div class="page-head note-head">
          \(NoteViews.backLink(Paths.notes, ctx.t("notes.title")))
          <div class="note-title-row">
            <h1 id="note-title">\(note.title)</h1>
            \(favorite)
          </div>
          \(meta)
          \(HTML.when(note.state == .ready) { "<a class=\"button button-secondary button-small\" id=\"source-link\" href=\"\(Paths.noteSource(note.id))\">\(Icon.notes) \(ctx.t("note.source"))</a>" })
        </div>
        \(failed)
        \(HTML.when(note.state == .ready && !detail.overview.isEmpty) { """
        <section class="note-section note-overview" aria-labelledby="overview-heading">
          <h2 id="overview-heading">\(ctx.t("note.overview"))</h2>
          <p>\(detail.overview)</p>
        </section>
        """ })
        \(HTML.when(note.state == .ready && study != nil) { studySection(ctx, noteId: note.id, study: study!) })
        \(HTML.when(note.state != .failed) { """
        <section class="note-section" aria-labelledby="concepts-heading">
          <h2 id="concepts-heading">\(ctx.t("note.concepts")) <span class="count">\(detail.concepts.count)</span></h2>
          \(concepts)
        </section>
        <section class="note-section" aria-labelledby="keywords-heading">
          <h2 id="keywords-heading">\(ctx.t("note.keywords"))</h2>
          \(keywords)
        </section>
        """ })
        \(HTML.when(!ctx.isGuest) { noteActions(ctx, note) })
        """
        return Layout.page(ctx: ctx, title: note.title, body: body, scripts: ctx.isGuest ? [] : ["note-actions.js", "quiz-new.js"],
                           bodyClass: "page-note", flash: flash)
    }

    static func conceptCard(_ ctx: PageContext, noteId: String, _ c: Concept) -> HTML {
        let pages = c.pages.map(String.init).joined(separator: ", ")
        return """
        <li class="concept-card">
          <h3><a href="\(Paths.noteConcept(noteId, c.id))">\(c.name)</a></h3>
          \(HTML.when(c.definition != nil) { "<p class=\"concept-definition\"><strong>\(ctx.t("note.definition"))</strong> \(c.definition ?? "")</p>" })
          \(HTML.when(!c.summary.isEmpty) { "<p class=\"concept-summary\">\(c.summary)</p>" })
          \(HTML.when(!c.pages.isEmpty) { "<p class=\"concept-pages muted\">\(NoteViews.format(ctx, "note.pagesOf", pages))</p>" })
        </li>
        """
    }

    static func keywordRow(_ ctx: PageContext, _ k: Keyword) -> HTML {
        """
        <li class="keyword-row">
          <span class="chip chip-keyword">\(k.term)</span>
          \(HTML.when(!k.relatedTerms.isEmpty) { """
          <span class="visually-hidden">\(ctx.t("note.related")):</span>
          <span class="related-terms">\(k.relatedTerms.map { "<span class=\"chip chip-related\">\($0)</span>" as HTML })</span>
          """ })
        </li>
        """
    }

    /// Rename, change category, delete (with a `<dialog>`; the link is the no-JS confirmation page).
    static func noteActions(_ ctx: PageContext, _ note: NoteSummary) -> HTML {
        """
        <section class="card note-actions" aria-labelledby="actions-heading">
          <h2 id="actions-heading">\(ctx.t("note.actions"))</h2>
          <form method="post" action="\(Paths.note(note.id))" class="inline-form" id="rename-form">
            \(Form.csrfField(ctx))
            <label for="rename-title">\(ctx.t("note.rename"))</label>
            <div class="inline-row">
              <input id="rename-title" name="title" type="text" value="\(note.title)" maxlength="\(NoteRules.maxTitle)" required>
              <button class="button button-secondary" type="submit">\(ctx.t("note.save"))</button>
            </div>
          </form>
          <form method="post" action="\(Paths.note(note.id))" class="inline-form" id="category-form">
            \(Form.csrfField(ctx))
            <label for="change-category">\(ctx.t("note.changeCategory"))</label>
            <div class="inline-row">
              <select id="change-category" name="category">\(NoteViews.categoryOptions(ctx, selected: note.category))</select>
              <button class="button button-secondary" type="submit">\(ctx.t("note.save"))</button>
            </div>
          </form>
          <a class="button button-danger" id="delete-note" href="\(Paths.noteDelete(note.id))" data-open-delete aria-haspopup="dialog">\(ctx.t("note.delete"))</a>
        </section>
        <dialog id="delete-dialog" class="sheet sheet-small" aria-labelledby="delete-title">
          \(deleteForm(ctx, note))
        </dialog>
        """
    }

    static func deleteForm(_ ctx: PageContext, _ note: NoteSummary) -> HTML {
        """
        <form method="post" action="\(Paths.noteDelete(note.id))" class="form delete-form">
          \(Form.csrfField(ctx))
          <h2 id="delete-title">\(ctx.t("note.delete.title"))</h2>
          <p>\(NoteViews.format(ctx, "note.delete.body", note.title))</p>
          <div class="dialog-actions">
            <a class="button button-secondary" href="\(Paths.note(note.id))" data-close-delete>\(ctx.t("note.delete.cancel"))</a>
            <button class="button button-danger" type="submit" id="delete-confirm">\(ctx.t("note.delete.confirm"))</button>
          </div>
        </form>
        """
    }

    /// `GET /notes/{id}/delete`: the confirmation without JavaScript.
    static func noteDeleteConfirm(_ ctx: PageContext, note: NoteSummary) -> String {
        let body: HTML = """
        \(NoteViews.backLink(Paths.note(note.id), note.title))
        <div class="card confirm-card">\(deleteForm(ctx, note))</div>
        """
        return Layout.page(ctx: ctx, title: ctx.t("note.delete.title"), body: body, bodyClass: "page-note-delete")
    }

    /// `GET /notes/{id}/concepts/{conceptId}`: 정의, 핵심 포인트, 비교 표, 페이지, prev/next.
    static func concept(_ ctx: PageContext, note: NoteSummary, concept c: Concept, index: Int, count: Int, previous: Concept?, next: Concept?) -> String {
        let table: HTML = c.comparison.map { t in
            let header = HTML.join(t.columns.map { "<th scope=\"col\">\($0)</th>" as HTML })
            let rows = HTML.join(t.rows.map { row in
                let cells = HTML.join(row.enumerated().map { i, cell in i == 0 ? "<th scope=\"row\">\(cell)</th>" as HTML : "<td>\(cell)</td>" })
                return "<tr>\(cells)</tr>"
            })
            return """
            <section class="concept-section" aria-labelledby="comparison-heading">
              <h2 id="comparison-heading">\(ctx.t("concept.comparison"))</h2>
              <div class="table-scroll" tabindex="0"><table class="comparison"><thead><tr>\(header)</tr></thead><tbody>\(rows)</tbody></table></div>
            </section>
            """
        } ?? .empty
        let pages = HTML.join(c.pages.map { p in
            "<li><a class=\"chip\" href=\"\(Paths.noteSource(note.id, page: p))\">\(NoteViews.format(ctx, "source.page", String(p)))</a></li>"
        })
        let nav: HTML = """
        <nav class="concept-nav" aria-label="\(ctx.t("note.concepts"))">
          \(previous.map { "<a class=\"concept-nav-prev\" rel=\"prev\" href=\"\(Paths.noteConcept(note.id, $0.id))\"><span class=\"muted\">← \(ctx.t("concept.prev"))</span><strong>\($0.name)</strong></a>" as HTML } ?? "<span></span>")
          \(next.map { "<a class=\"concept-nav-next\" rel=\"next\" href=\"\(Paths.noteConcept(note.id, $0.id))\"><span class=\"muted\">\(ctx.t("concept.next")) →</span><strong>\($0.name)</strong></a>" as HTML } ?? .empty)
        </nav>
        """
        let body: HTML = """
        <div class="page-head">
          \(NoteViews.backLink(Paths.note(note.id), note.title))
          <p class="muted concept-position">\(NoteViews.format(ctx, "concept.position", "\(index + 1) / \(count)"))</p>
          <h1 id="concept-name">\(c.name)</h1>
        </div>
        <div class="concept-body">
          \(c.definition.map { d in """
          <section class="concept-section concept-definition-section" aria-labelledby="definition-heading">
            <h2 id="definition-heading">\(ctx.t("concept.definition"))</h2>
            <p class="concept-definition">\(d)</p>
          </section>
          """ as HTML })
          \(HTML.when(!c.summary.isEmpty) { """
          <section class="concept-section" aria-labelledby="summary-heading">
            <h2 id="summary-heading">\(ctx.t("concept.summary"))</h2>
            <p class="concept-summary">\(c.summary)</p>
          </section>
          """ })
          \(HTML.when(!c.keyPoints.isEmpty) { """
          <section class="concept-section" aria-labelledby="points-heading">
            <h2 id="points-heading">\(ctx.t("concept.keyPoints"))</h2>
            <ul class="key-points">\(c.keyPoints.map { "<li>\($0)</li>" as HTML })</ul>
          </section>
          """ })
          \(table)
          \(HTML.when(!c.pages.isEmpty) { """
          <section class="concept-section" aria-labelledby="pages-heading">
            <h2 id="pages-heading">\(ctx.t("concept.pages"))</h2>
            <ul class="page-links">\(pages)</ul>
          </section>
          """ })
        </div>
        \(nav)
        """
        return Layout.page(ctx: ctx, title: c.name, body: body, bodyClass: "page-concept")
    }

    /// `GET /notes/{id}/source`: the text page by page, a find bar (source-find.js) and a page jump.
    static func noteSource(_ ctx: PageContext, note: NoteSummary, pages: [SourcePage]) -> String {
        let sections = HTML.join(pages.map { p in
            let empty = p.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            return """
            <section class="source-page" id="p-\(p.number)" aria-labelledby="p-\(p.number)-h">
              <h2 class="source-page-number" id="p-\(p.number)-h">\(NoteViews.format(ctx, "source.page", String(p.number)))</h2>
              \(empty ? "<p class=\"muted\">\(ctx.t("source.emptyPage"))</p>" as HTML : "<div class=\"source-text\">\(p.text)</div>")
            </section>
            """
        })
        let maxPage = pages.last?.number ?? 1
        let tools: HTML = """
        <div class="source-tools">
          <form class="find-bar" id="find-bar" role="search" hidden>
            <label class="visually-hidden" for="find-input">\(ctx.t("source.find"))</label>
            <input id="find-input" type="search" placeholder="\(ctx.t("source.find")) — \(ctx.t("source.find.placeholder"))" autocomplete="off" enterkeyhint="search">
            <span class="find-count" id="find-count" aria-live="polite">0/0</span>
            <button class="button button-quiet button-small" type="button" id="find-prev" aria-label="\(ctx.t("source.find.prev"))">↑</button>
            <button class="button button-quiet button-small" type="button" id="find-next" aria-label="\(ctx.t("source.find.next"))">↓</button>
          </form>
          <form class="page-jump" id="page-jump" method="get" action="\(Paths.noteSource(note.id))">
            <label for="page-jump-input">\(ctx.t("source.jump"))</label>
            <input id="page-jump-input" name="page" type="number" inputmode="numeric" min="1" max="\(maxPage)" required>
            <button class="button button-secondary button-small" type="submit">\(ctx.t("source.go"))</button>
          </form>
        </div>
        """
        let body: HTML = """
        <div class="page-head">
          \(NoteViews.backLink(Paths.note(note.id), note.title))
          <h1>\(ctx.t("source.title"))</h1>
          <p class="muted">\(note.title) · \(NoteViews.format(ctx, "notes.pages", String(pages.count)))</p>
        </div>
        \(pages.isEmpty ? "<p class=\"empty-state\">\(ctx.t("source.empty"))</p>" as HTML : tools)
        <div class="source-pages" id="source-pages">\(sections)</div>
        """
        return Layout.page(ctx: ctx, title: "\(ctx.t("source.title")) · \(note.title)", body: body, scripts: ["source-find.js"], bodyClass: "page-source")
    }
}
