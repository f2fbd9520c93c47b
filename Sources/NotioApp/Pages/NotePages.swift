import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// The 노트 pages: list with search and upload, progress, summary, concept, source text, and the
/// forms that rename, recategorise, favourite and delete. Every form works without JavaScript.
struct NotePages {
    let app: AppContext

    private static let notFound = AppError.noteNotFound

    private var maxUploadMB: Int { max(1, app.config.maxUploadBytes / (1 << 20)) }

    func list(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        let (query, category, favorites) = (try? NoteFilters.parse(request)) ?? (request.query["q"], nil, false)
        let filters = NoteListFilters(query: query ?? "", category: category, favoritesOnly: favorites)
        let owner = member.id
        let notes = try app.store.notes(owner: owner, query: query, category: category, favoritesOnly: favorites, page: Paging.screen(request))
        let total = try app.store.noteCount(owner: owner, query: query, category: category, favoritesOnly: favorites)
        let flash = request.query["deleted"] != nil ? Layout.Flash(ctx.t("note.deleted"), kind: .success) : nil
        return app.page(Pages.notesList(ctx, notes: notes.items, total: total, more: Paging.nextHref(request, notes.next), filters: filters,
                                        maxUploadMB: maxUploadMB, flash: flash), newCSRF: nil)
    }

    /// `POST /notes`: the upload form without JavaScript. A refused file re-renders the list with
    /// the sheet open and the reason.
    func upload(_ request: Request, _ member: Member) throws -> Response {
        do {
            // A full account is told so on the form, like any other refused file.
            let f = request.formFields
            let (note, _) = try app.notes.accept(NotesAPI.upload(request), category: f["category"], title: f["title"], owner: member.user)
            return .redirect(Paths.noteProgress(note.id))
        } catch let e as DomainError where (400..<500).contains(e.status) && e.status != 403 {
            let ctx = app.pageContext(request, member)
            let f = request.formFields
            let state = UploadFormState(error: (e.fields["file"] ?? e.readerMessage).text(ctx.language),
                                        category: NoteCategory(rawValue: f["category"] ?? "") ?? .major, title: f["title"] ?? "")
            let notes = try app.store.notes(owner: member.id, page: PageRequest(limit: Paging.screenful))
            return app.page(Pages.notesList(ctx, notes: notes.items, total: try app.store.noteCount(owner: member.id),
                                            more: notes.next.map { "\(Paths.notes)?cursor=\($0.token)" }, filters: NoteListFilters(), upload: state,
                                            maxUploadMB: maxUploadMB),
                            status: e.status, newCSRF: nil)
        }
    }

    func progress(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        let owner = member.id
        guard let note = try app.store.note(id: request[.id], owner: owner) else { throw Self.notFound }
        guard note.state == .analysing else { return .redirect(Paths.note(note.id)) }
        guard let jobId = note.jobId, let job = try app.store.job(id: jobId, owner: owner) else { return .redirect(Paths.notes) }
        return app.page(Pages.noteProgress(ctx, note: note, job: app.jobs.progress(of: job)), newCSRF: nil)
    }

    func summary(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        guard let detail = try app.store.noteDetail(id: request[.id], owner: member.id) else { throw Self.notFound }
        if detail.summary.state == .analysing { return .redirect(Paths.noteProgress(detail.summary.id)) }
        let flash = request.query["saved"] != nil ? Layout.Flash(ctx.t("note.saved"), kind: .success) : nil
        let study = detail.summary.state == .ready ? try QuizPages(app: app).panel(noteId: detail.summary.id, user: member.user,
                                                                                            detail: ctx.isGuest ? nil : detail) : nil
        return app.page(Pages.noteSummary(ctx, detail: detail, study: study, flash: flash), newCSRF: nil)
    }

    /// `POST /notes/{id}`: any of title, category, favorite. Ownership is checked before the fields.
    func update(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        let id = try request[.id]
        guard let note = try app.store.note(id: id, owner: owner) else { throw Self.notFound }
        let f = request.formFields
        var title: String?
        if let t = f["title"] {
            var problems: [String: String] = [:]
            title = problems.collect { () throws(ValidationFailure) in try NoteRules.title(t) }
            guard title != nil else {
                throw AppError.invalid(problems: problems, Message("error.title_length"))
            }
        }
        var category: NoteCategory?
        if let c = f["category"] {
            var problems: [String: String] = [:]
            guard let parsed = problems.collect({ () throws(ValidationFailure) in try NoteRules.category(c) }) else { throw HTTPError.unprocessable(problems) }
            category = parsed
        }
        let favorite = f["favorite"].map { ["true", "on", "1"].contains($0) }
        try app.store.updateNote(id: note.id, owner: owner, title: title, category: category, favorite: favorite, at: app.now())
        return .redirect("\(Paths.note(note.id))?saved=1")
    }

    func deleteConfirm(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        guard let note = try app.store.note(id: request[.id], owner: member.id) else { throw Self.notFound }
        return app.page(Pages.noteDeleteConfirm(ctx, note: note), newCSRF: nil)
    }

    func delete(_ request: Request, _ member: Member) throws -> Response {
        guard try app.notes.delete(id: request[.id], owner: member.id) else { throw Self.notFound }
        return .redirect("\(Paths.notes)?deleted=1")
    }

    func concept(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        let conceptId = try request[.conceptId]
        guard let detail = try app.store.noteDetail(id: request[.id], owner: member.id),
              let index = detail.concepts.firstIndex(where: { $0.id == conceptId })
        else { throw AppError.conceptNotFound }
        let list = detail.concepts
        let html = Pages.concept(ctx, note: detail.summary, concept: list[index], index: index, count: list.count,
                                 previous: index > 0 ? list[index - 1] : nil, next: index + 1 < list.count ? list[index + 1] : nil)
        return app.page(html, newCSRF: nil)
    }

    /// `GET /notes/{id}/source`; `?page=N` (the page-jump form without JavaScript) goes to `#p-N`.
    func source(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        let owner = member.id
        guard let note = try app.store.note(id: request[.id], owner: owner),
              let pages = try app.store.notePages(id: note.id, owner: owner) else { throw Self.notFound }
        if let page = request.query["page"].flatMap(Int.init) { return .redirect(Paths.noteSource(note.id, page: page)) }
        return app.page(Pages.noteSource(ctx, note: note, pages: pages), newCSRF: nil)
    }

    /// `POST /jobs/{id}/cancel`: the 취소 button without JavaScript.
    func cancelJob(_ request: Request, _ member: Member) throws -> Response {
        let id = try request[.id]
        guard try app.store.requestCancel(jobId: id, owner: member.id, at: app.now()) else {
            throw AppError.jobNotFound
        }
        app.jobs.cancel(id)
        return .redirect(Paths.notes)
    }
}
