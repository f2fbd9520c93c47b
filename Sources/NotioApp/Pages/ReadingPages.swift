import Foundation
import NotioCatalog
import NotioCore
import NotioHTTP
import NotioStore

/// The 밑줄 pages: the bookshelf, adding a book (catalog search or by hand), a book with its
/// sentences, editing and deleting, capturing a sentence, the sentence list. Every form works
/// without JavaScript; the capture page's photo underlining needs it.
struct ReadingPages {
    let app: AppContext

    private func flash(_ request: Request, _ ctx: PageContext) -> Layout.Flash? {
        for (key, message, kind) in [("added", "shelf.added", Layout.Flash.Kind.success), ("exists", "shelf.exists", .info),
                                     ("deleted", "shelf.deleted", .success), ("saved", "sentence.saved", .success),
                                     ("updated", "book.saved", .success), ("removed", "sentence.deleted", .success)]
        where request.query[key] != nil {
            return Layout.Flash(ctx.t(message), kind: kind)
        }
        return nil
    }

    // MARK: Shelf

    func shelf(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        let owner = member.id
        let status = request.query["status"].flatMap(BookStatus.init(rawValue:))
        let books = try app.store.books(owner: owner, status: status, page: Paging.screen(request))
        let counts = try app.store.bookCounts(owner: owner)
        let sentenceCount = try app.store.sentenceCount(owner: owner)
        let user = member.user
        let daily = try app.store.dailySentence(owner: owner, day: WidgetAPI(app: app).today(user))
        // A random sentence when asked for one (?mood=all or an emotion).
        let mood = request.query["mood"]
        let moodEmotion = mood.flatMap(Emotion.init(rawValue:))
        let random = mood == nil ? nil : try app.store.randomSentence(owner: owner, emotion: moodEmotion)
        let used = try app.store.emotionCounts(owner: owner).filter { $0.value > 0 }.map(\.key)
        return app.page(Pages.bookshelf(ctx, books: books.items, more: Paging.nextHref(request, books.next), status: status, counts: counts, sentenceCount: sentenceCount,
                                        daily: daily, random: RandomSentenceState(asked: mood != nil, emotion: moodEmotion, sentence: random,
                                                                                  emotions: Emotion.allCases.filter(used.contains)),
                                        flash: flash(request, ctx)), newCSRF: nil)
    }

    // MARK: Adding a book

    /// `GET /books/new?q=`: the catalog's answer (or why there is none) and the manual form.
    func newBook(_ request: Request, _ member: Member) async throws -> Response {
        let ctx = app.pageContext(request, member)
        var state = BookSearchState()
        state.query = (request.query["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        state.provider = request.query["provider"].flatMap { $0.isEmpty ? nil : $0 }
        state.manual.open = request.query["manual"] != nil
        if !state.query.isEmpty {
            do {
                let found = try await app.catalogs.search(state.query, provider: state.provider)
                state.results = found.items
                state.attribution = found.attribution
            } catch let e as CatalogError {
                state.catalogError = e.readerMessage.text(ctx.language)
                state.manual.title = state.query
            }
        } else {
            if let found = try? await app.catalogs.recommended(limit: 10) {
                state.recommended = found.items
                state.attribution = found.attribution
            }
        }
        return app.page(Pages.newBook(ctx, state: state), newCSRF: nil)
    }

    /// `POST /books`: from a catalog result or the manual form.
    func createBook(_ request: Request, _ member: Member) throws -> Response {
        let f = request.formFields
        let input = ReadingService.BookInput(title: f["title"] ?? "", author: f["author"] ?? "", publisher: f["publisher"],
                                             isbn: f["isbn"], genre: f["genre"], publishedAt: f["publishedAt"],
                                             coverUrl: f["coverUrl"], status: f["status"])
        do {
            let book = try app.reading.addBook(input, owner: member.id, at: app.now())
            return .redirect("\(Paths.book(book.id))?added=1")
        } catch let e as BookExists {
            return .redirect("\(Paths.book(e.existingId))?exists=1")
        } catch let e as AppError where e.status == 422 {
            let ctx = app.pageContext(request, member)
            var state = BookSearchState()
            state.manual = ManualBookForm(title: input.title, author: input.author, publisher: input.publisher ?? "",
                                          isbn: input.isbn ?? "", genre: input.genre ?? "", publishedAt: input.publishedAt ?? "",
                                          status: BookStatus(rawValue: input.status ?? "") ?? .reading,
                                          errors: Self.fieldMessages(ctx, "bookField", e.fields.keys), open: true)
            return app.page(Pages.newBook(ctx, state: state), status: 422, newCSRF: nil)
        }
    }

    /// Each refused field of the book form with the catalog's sentence for that field (the
    /// rule's own wording is for programs).
    private static func fieldMessages(_ ctx: PageContext, _ form: String, _ fields: some Collection<String>) -> [String: String] {
        Dictionary(uniqueKeysWithValues: fields.map { field in
            let key = "\(form).\(field)"
            return (field, L10n.has(key) ? L10n.t(key, ctx.language, [String(SentenceRules.maxText)]) : L10n.t("formField.other", ctx.language))
        })
    }

    // MARK: A book

    func book(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        let owner = member.id
        guard let book = try app.store.book(id: request[.id], owner: owner) else { throw ReadingService.bookNotFound }
        let sentences = try app.store.sentences(owner: owner, SentenceFilter(bookId: book.id), page: Paging.screen(request))
        return app.page(Pages.book(ctx, book: book, sentences: sentences.items, more: Paging.nextHref(request, sentences.next),
                                   flash: flash(request, ctx)), newCSRF: nil)
    }

    func editBook(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        guard let book = try app.store.book(id: request[.id], owner: member.id) else { throw ReadingService.bookNotFound }
        return app.page(Pages.editBook(ctx, book: book), newCSRF: nil)
    }

    /// `POST /books/{id}`: the edit form, or the status select alone.
    func updateBook(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        guard let book = try app.store.book(id: request[.id], owner: owner) else { throw ReadingService.bookNotFound }
        let f = request.formFields
        var changes = BookChanges()
        var problems: [String: String] = [:]
        if let status = f["status"] {
            changes.status = problems.collect { () throws(ValidationFailure) in try BookRules.status(status) }
        }
        if let title = f["title"] {
            let t = SentenceRules.clean(title)
            changes.title = t
            problems.merge(BookRules.problems(title: t, author: SentenceRules.clean(f["author"] ?? book.author),
                                              publisher: f["publisher"], genre: f["genre"])) { a, _ in a }
            changes.author = SentenceRules.clean(f["author"] ?? book.author)
            changes.publisher = .some(ReadingService.optional(f["publisher"]))
            changes.genre = .some(ReadingService.optional(f["genre"]))
            changes.publishedAt = .some(problems.collect { () throws(ValidationFailure) in try BookRules.publishedAt(ReadingService.optional(f["publishedAt"])) } ?? nil)
        }
        if !problems.isEmpty {
            let ctx = app.pageContext(request, member)
            var shown = book
            shown.title = changes.title ?? book.title
            shown.author = changes.author ?? book.author
            shown.publishedAt = f["publishedAt"] ?? book.publishedAt
            return app.page(Pages.editBook(ctx, book: shown, errors: Self.fieldMessages(ctx, "bookField", problems.keys)), status: 422, newCSRF: nil)
        }
        try app.store.updateBook(id: book.id, owner: owner, changes, at: app.now())
        return .redirect("\(Paths.book(book.id))?updated=1")
    }

    func deleteConfirm(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        let owner = member.id
        guard let book = try app.store.book(id: request[.id], owner: owner),
              let contents = try app.store.bookContents(id: book.id, owner: owner) else { throw ReadingService.bookNotFound }
        return app.page(Pages.deleteBook(ctx, book: book, sentences: contents.sentences, sessions: contents.sessions), newCSRF: nil)
    }

    func delete(_ request: Request, _ member: Member) throws -> Response {
        guard try app.reading.deleteBook(id: request[.id], owner: member.id) else { throw ReadingService.bookNotFound }
        return .redirect("\(Paths.reading)?deleted=1")
    }

    // MARK: Sentences

    private var maxPhotoMB: Int { max(1, app.config.maxPhotoBytes >> 20) }

    func captureForm(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        guard let book = try app.store.book(id: request[.id], owner: member.id) else { throw ReadingService.bookNotFound }
        return app.page(Pages.captureSentence(ctx, book: book, state: SentenceFormState(), maxPhotoMB: maxPhotoMB), newCSRF: nil)
    }

    /// The form's fields as a sentence, or the problems with them.
    private func sentenceForm(_ f: [String: String]) -> (SentenceFormState, page: Int?, problems: [String: String]) {
        var state = SentenceFormState(text: f["text"] ?? "", page: f["page"] ?? "", emotion: f["emotion"].flatMap(Emotion.init(rawValue:)),
                                      memo: f["memo"] ?? "")
        var problems: [String: String] = [:]
        var page: Int?
        let rawPage = state.page.trimmingCharacters(in: .whitespaces)
        if !rawPage.isEmpty {
            if let p = Int(rawPage) { page = p } else { problems["page"] = ValidationFailure.range(field: "page", min: 0, max: SentenceRules.maxPage).problem }
        }
        if let e = f["emotion"], !e.isEmpty { _ = problems.collect { () throws(ValidationFailure) in try SentenceRules.emotion(e) } }
        problems.merge(SentenceRules.problems(text: SentenceRules.clean(state.text), page: page, memo: state.memo)) { a, _ in a }
        state.errors = problems
        return (state, page, problems)
    }

    func createSentence(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        guard let book = try app.store.book(id: request[.id], owner: owner) else { throw ReadingService.bookNotFound }
        var (state, page, problems) = sentenceForm(request.formFields)
        if !problems.isEmpty {
            let ctx = app.pageContext(request, member)
            state.errors = Self.fieldMessages(ctx, "sentenceField", problems.keys)
            return app.page(Pages.captureSentence(ctx, book: book, state: state, maxPhotoMB: maxPhotoMB), status: 422, newCSRF: nil)
        }
        _ = try app.reading.addSentence(bookId: book.id, text: state.text, page: page, emotion: state.emotion, memo: state.memo,
                                        owner: owner, at: app.now())
        return .redirect("\(Paths.book(book.id))?saved=1")
    }

    func editSentence(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        guard let s = try app.store.sentence(id: request[.id], owner: member.id) else { throw ReadingService.sentenceNotFound }
        let state = SentenceFormState(text: s.sentence.text, page: s.sentence.page.map(String.init) ?? "", emotion: s.sentence.emotion,
                                      memo: s.sentence.memo ?? "")
        return app.page(Pages.editSentence(ctx, sentence: s, state: state), newCSRF: nil)
    }

    func updateSentence(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        guard let s = try app.store.sentence(id: request[.id], owner: owner) else { throw ReadingService.sentenceNotFound }
        var (state, page, problems) = sentenceForm(request.formFields)
        if !problems.isEmpty {
            let ctx = app.pageContext(request, member)
            state.errors = Self.fieldMessages(ctx, "sentenceField", problems.keys)
            return app.page(Pages.editSentence(ctx, sentence: s, state: state), status: 422, newCSRF: nil)
        }
        let memo = ReadingService.optional(state.memo)
        try app.store.updateSentence(id: s.sentence.id, owner: owner,
                                     SentenceChanges(text: SentenceRules.clean(state.text), page: .some(page), emotion: .some(state.emotion), memo: .some(memo)),
                                     at: app.now())
        return .redirect("\(Paths.book(s.sentence.bookId))?updated=1")
    }

    func deleteSentence(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        guard let s = try app.store.sentence(id: request[.id], owner: owner),
              try app.store.deleteSentence(id: s.sentence.id, owner: owner) else { throw ReadingService.sentenceNotFound }
        return .redirect("\(Paths.book(s.sentence.bookId))?removed=1")
    }

    func sentences(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        let owner = member.id
        let filter = (try? ReadingAPI.filter(request)) ?? SentenceFilter(query: request.query["q"])
        let items = try app.store.sentences(owner: owner, filter, page: Paging.screen(request))
        return app.page(Pages.sentences(ctx, items: items.items, total: try app.store.sentenceCount(owner: owner, filter),
                                        more: Paging.nextHref(request, items.next), filter: filter,
                                        books: try bookChoices(owner: owner, selected: filter.bookId),
                                        emotionCounts: try app.store.emotionCounts(owner: owner), flash: flash(request, ctx)),
                        newCSRF: nil)
    }

    /// The books a sentence filter offers: the most recently touched, and the one chosen; a shelf
    /// of thousands is not one `<select>`.
    private func bookChoices(owner: String, selected: String?) throws -> [(id: String, title: String)] {
        var books = try app.store.books(owner: owner, page: PageRequest(limit: PageRequest.maxLimit)).items.map { (id: $0.id, title: $0.title) }
        if let selected, !books.contains(where: { $0.id == selected }), let book = try app.store.book(id: selected, owner: owner) {
            books.insert((id: book.id, title: book.title), at: 0)
        }
        return books
    }

    // MARK: Imports

    func importForm(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        return app.page(Pages.importPage(ctx), newCSRF: nil)
    }

    /// `POST /reading/import`: the result on the same page; a bad file shows why, nothing stored.
    func importFile(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        do {
            let result = try ImportsAPI.run(request, app: app, owner: member.user)
            return app.page(Pages.importPage(ctx, result: result), newCSRF: nil)
        } catch let e as HTTPError where (400..<500).contains(e.status) && e.status != 403 {
            let message = ErrorPages.answer(e, language: ctx.language)?.message ?? e.message
            return app.page(Pages.importPage(ctx, error: message), status: e.status, newCSRF: nil)
        } catch let e as DomainError where (400..<500).contains(e.status) && e.status != 403 {
            return app.page(Pages.importPage(ctx, error: e.readerMessage.text(ctx.language)), status: e.status, newCSRF: nil)
        }
    }

    /// `GET /sentences/{id}/card`: the card editor (guests too: a card stores nothing).
    func cardEditor(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        guard let s = try app.store.sentence(id: request[.id], owner: member.id) else { throw ReadingService.sentenceNotFound }
        return app.page(Pages.cardEditor(ctx, sentence: s, maxPhotoMB: maxPhotoMB), newCSRF: nil)
    }
}
