import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// The 노트 pages: list with search and upload, progress, summary, concept, source text, and the
/// forms that rename, recategorise, favourite and delete. Every form works without JavaScript.
struct NotePages {
    let app: AppContext

    private static let notFound = AppError.noteNotFound

    /// The signed-in visitor (member or guest) of a page, or nil when a sign-in is needed.
    private func reader(_ request: Request) throws -> (Visitor, PageContext, String?)? {
        let (visitor, newCSRF) = try app.pageVisitor(request)
        guard visitor.isSignedIn else { return nil }
        return (visitor, app.pageContext(request, visitor), newCSRF)
    }

    private var maxUploadMB: Int { max(1, app.config.maxUploadBytes / (1 << 20)) }

    func list(_ request: Request) throws -> Response {
        guard let (visitor, ctx, newCSRF) = try reader(request) else { return .redirect("/login") }
        let (query, category, favorites) = (try? NoteFilters.parse(request)) ?? (request.query["q"], nil, false)
        let filters = NoteListFilters(query: query ?? "", category: category, favoritesOnly: favorites)
        let owner = visitor.user!.id
        let notes = try app.store.notes(owner: owner, query: query, category: category, favoritesOnly: favorites, page: Paging.screen(request))
        let total = try app.store.noteCount(owner: owner, query: query, category: category, favoritesOnly: favorites)
        let flash = request.query["deleted"] != nil ? Layout.Flash(ctx.t("note.deleted"), kind: .success) : nil
        return app.page(Pages.notesList(ctx, notes: notes.items, total: total, more: Paging.nextHref(request, notes.next), filters: filters,
                                        maxUploadMB: maxUploadMB, flash: flash), newCSRF: newCSRF)
    }

    /// `POST /notes`: the upload form without JavaScript. A refused file re-renders the list with
    /// the sheet open and the reason.
    func upload(_ request: Request) throws -> Response {
        let visitor = try Guard(app: app).check(request, access: .member)
        do {
            // A full account is told so on the form, like any other refused file.
            let f = request.formFields
            let (note, _) = try app.notes.accept(NotesAPI.upload(request), category: f["category"], title: f["title"], owner: visitor.user!)
            return .redirect("/notes/\(note.id)/progress")
        } catch let e as DomainError where (400..<500).contains(e.status) && e.status != 403 {
            let ctx = app.pageContext(request, visitor)
            let f = request.formFields
            let state = UploadFormState(error: (e.fields["file"] ?? e.readerMessage).text(ctx.language),
                                        category: NoteCategory(rawValue: f["category"] ?? "") ?? .major, title: f["title"] ?? "")
            let notes = try app.store.notes(owner: visitor.user!.id, page: PageRequest(limit: Paging.screenful))
            return app.page(Pages.notesList(ctx, notes: notes.items, total: try app.store.noteCount(owner: visitor.user!.id),
                                            more: notes.next.map { "/notes?cursor=\($0.token)" }, filters: NoteListFilters(), upload: state,
                                            maxUploadMB: maxUploadMB),
                            status: e.status, newCSRF: nil)
        }
    }

    func progress(_ request: Request) throws -> Response {
        guard let (visitor, ctx, newCSRF) = try reader(request) else { return .redirect("/login") }
        let owner = visitor.user!.id
        guard let note = try app.store.note(id: request.parameter("id"), owner: owner) else { throw Self.notFound }
        guard note.state == .analysing else { return .redirect("/notes/\(note.id)") }
        guard let jobId = note.jobId, let job = try app.store.job(id: jobId, owner: owner) else { return .redirect("/notes") }
        return app.page(Pages.noteProgress(ctx, note: note, job: app.jobs.progress(of: job)), newCSRF: newCSRF)
    }

    func summary(_ request: Request) throws -> Response {
        guard let (visitor, ctx, newCSRF) = try reader(request) else { return .redirect("/login") }
        guard let detail = try app.store.noteDetail(id: request.parameter("id"), owner: visitor.user!.id) else { throw Self.notFound }
        if detail.summary.state == .analysing { return .redirect("/notes/\(detail.summary.id)/progress") }
        let flash = request.query["saved"] != nil ? Layout.Flash(ctx.t("note.saved"), kind: .success) : nil
        let study = detail.summary.state == .ready ? try QuizPages(app: app).panel(noteId: detail.summary.id, user: visitor.user!,
                                                                                            detail: ctx.isGuest ? nil : detail) : nil
        return app.page(Pages.noteSummary(ctx, detail: detail, study: study, flash: flash), newCSRF: newCSRF)
    }

    /// `POST /notes/{id}`: any of title, category, favorite. Ownership is checked before the fields.
    func update(_ request: Request) throws -> Response {
        let visitor = try Guard(app: app).check(request, access: .member)
        let owner = visitor.user!.id
        let id = request.parameter("id")
        guard let note = try app.store.note(id: id, owner: owner) else { throw Self.notFound }
        let f = request.formFields
        var title: String?
        if let t = f["title"] {
            let trimmed = t.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, trimmed.count <= 200 else {
                throw AppError.invalid(["title": .verbatim("must be 1 to 200 characters")], Message("error.title_length"))
            }
            title = trimmed
        }
        var category: NoteCategory?
        if let c = f["category"] {
            guard let parsed = NoteCategory(rawValue: c) else { throw HTTPError.unprocessable(["category": "must be major, general or certificate"]) }
            category = parsed
        }
        let favorite = f["favorite"].map { ["true", "on", "1"].contains($0) }
        try app.store.updateNote(id: note.id, owner: owner, title: title, category: category, favorite: favorite, at: Date())
        return .redirect("/notes/\(note.id)?saved=1")
    }

    func deleteConfirm(_ request: Request) throws -> Response {
        guard let (visitor, ctx, newCSRF) = try reader(request) else { return .redirect("/login") }
        guard let note = try app.store.note(id: request.parameter("id"), owner: visitor.user!.id) else { throw Self.notFound }
        return app.page(Pages.noteDeleteConfirm(ctx, note: note), newCSRF: newCSRF)
    }

    func delete(_ request: Request) throws -> Response {
        let visitor = try Guard(app: app).check(request, access: .member)
        guard try app.notes.delete(id: request.parameter("id"), owner: visitor.user!.id) else { throw Self.notFound }
        return .redirect("/notes?deleted=1")
    }

    func concept(_ request: Request) throws -> Response {
        guard let (visitor, ctx, newCSRF) = try reader(request) else { return .redirect("/login") }
        guard let detail = try app.store.noteDetail(id: request.parameter("id"), owner: visitor.user!.id),
              let index = detail.concepts.firstIndex(where: { $0.id == request.parameter("conceptId") })
        else { throw AppError.conceptNotFound }
        let list = detail.concepts
        let html = Pages.concept(ctx, note: detail.summary, concept: list[index], index: index, count: list.count,
                                 previous: index > 0 ? list[index - 1] : nil, next: index + 1 < list.count ? list[index + 1] : nil)
        return app.page(html, newCSRF: newCSRF)
    }

    /// `GET /notes/{id}/source`; `?page=N` (the page-jump form without JavaScript) goes to `#p-N`.
    func source(_ request: Request) throws -> Response {
        guard let (visitor, ctx, newCSRF) = try reader(request) else { return .redirect("/login") }
        let owner = visitor.user!.id
        guard let note = try app.store.note(id: request.parameter("id"), owner: owner),
              let pages = try app.store.notePages(id: note.id, owner: owner) else { throw Self.notFound }
        if let page = request.query["page"].flatMap(Int.init) { return .redirect("/notes/\(note.id)/source#p-\(page)") }
        return app.page(Pages.noteSource(ctx, note: note, pages: pages), newCSRF: newCSRF)
    }

    /// `POST /jobs/{id}/cancel`: the 취소 button without JavaScript.
    func cancelJob(_ request: Request) throws -> Response {
        let visitor = try Guard(app: app).check(request, access: .member)
        let id = request.parameter("id")
        guard try app.store.requestCancel(jobId: id, owner: visitor.user!.id, at: Date()) else {
            throw AppError.jobNotFound
        }
        app.jobs.cancel(id)
        return .redirect("/notes")
    }
}
