import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// `/api/v1/books`, `/api/v1/sentences`, `/api/v1/emotions`: the bookshelf and the sentences
/// kept from it.
struct ReadingAPI {
    let app: AppContext

    struct BookJSON: Encodable {
        var id: String, title: String, author: String, publisher: String?, isbn13: String?, genre: String?
        var publishedAt: String?, status: String, statusLabel: String, coverUrl: String?
        var sentenceCount: Int, readingSeconds: Int, createdAt: Date, updatedAt: Date
        init(_ b: Book, _ language: Language) {
            id = b.id; title = b.title; author = b.author; publisher = b.publisher; isbn13 = b.isbn13; genre = b.genre
            publishedAt = b.publishedAt; status = b.status.rawValue; statusLabel = ReadingViews.statusLabel(b.status, language); coverUrl = Self.coverURL(b)
            sentenceCount = b.sentenceCount; readingSeconds = b.readingSeconds; createdAt = b.createdAt; updatedAt = b.updatedAt
        }

        /// Our own copy once it is stored; until then (or when it could not be fetched) the catalog's.
        static func coverURL(_ b: Book) -> String? {
            b.hasCover ? Paths.API.bookCover(b.id) : b.sourceCoverUrl
        }
    }

    struct SentenceJSON: Encodable {
        var id: String, bookId: String, bookTitle: String, bookAuthor: String, text: String, page: Int?
        var emotion: String?, emotionLabel: String?, emotionEmoji: String?, memo: String?, createdAt: Date, updatedAt: Date
        init(_ s: SentenceWithBook, _ language: Language) {
            let x = s.sentence
            id = x.id; bookId = x.bookId; bookTitle = s.bookTitle; bookAuthor = s.bookAuthor; text = x.text; page = x.page
            emotion = x.emotion?.rawValue; emotionLabel = x.emotion.map { ReadingViews.emotionLabel($0, language) }; emotionEmoji = x.emotion?.emoji; memo = x.memo
            createdAt = x.createdAt; updatedAt = x.updatedAt
        }
    }

    /// The signed-in reader's id and the page their list request asks for.
    private func memberPage(_ request: Request, _ member: Member) throws -> (String, PageRequest) {
        (member.id, try Paging.request(request))
    }

    // MARK: Books

    func listBooks(_ request: Request, _ member: Member) throws -> Response {
        let (owner, page) = try memberPage(request, member)
        var status: BookStatus?
        if let raw = request.query["status"], !raw.isEmpty, raw != "all" {
            guard let s = BookStatus(rawValue: raw) else { throw HTTPError.unprocessable(["status": "must be reading, finished or wishlist"]) }
            status = s
        }
        let language = Language.of(member.user)
        return JSON.response(ListJSON(try app.store.books(owner: owner, status: status, page: page)) { BookJSON($0, language) })
    }

    struct NewBook: Decodable {
        var title: String, author: String?, publisher: String?, isbn13: String?, isbn: String?, genre: String?
        var publishedAt: String?, coverUrl: String?, status: String?
    }

    func createBook(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        let body = try JSON.decode(NewBook.self, from: request)
        let book = try app.reading.addBook(.init(title: body.title, author: body.author ?? "", publisher: body.publisher,
                                                 isbn: body.isbn13 ?? body.isbn, genre: body.genre, publishedAt: body.publishedAt,
                                                 coverUrl: body.coverUrl, status: body.status), owner: owner, at: app.now())
        struct Answer: Encodable { var book: BookJSON }
        return JSON.response(Answer(book: BookJSON(book, Language.of(member.user))), status: 201)
    }

    func book(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        guard let book = try app.store.book(id: request[.id], owner: owner) else { throw ReadingService.bookNotFound }
        // The book's first sentences; the rest page through `/api/v1/sentences?bookId=`.
        let sentences = try app.store.sentences(owner: owner, SentenceFilter(bookId: book.id), page: PageRequest(limit: 1000)).items
        struct Answer: Encodable {
            var book: BookJSON
            var sentences: [SentenceJSON]
            func encode(to encoder: Encoder) throws {
                try book.encode(to: encoder)
                var c = encoder.container(keyedBy: Key.self)
                try c.encode(sentences, forKey: .sentences)
            }
            enum Key: String, CodingKey { case sentences }
        }
        let language = Language.of(member.user)
        return JSON.response(Answer(book: BookJSON(book, language), sentences: sentences.map { SentenceJSON($0, language) }))
    }

    func updateBook(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        let id = try request[.id]
        guard try app.store.book(id: id, owner: owner) != nil else { throw ReadingService.bookNotFound }
        let patch = try JSONPatch(request)
        var changes = BookChanges()
        var problems: [String: String] = [:]
        if let title = try patch.string("title") {
            changes.title = problems.collect { () throws(ValidationFailure) in try BookRules.title(title.map(SentenceRules.clean) ?? "") }
        }
        if let author = try patch.string("author") {
            changes.author = problems.collect { () throws(ValidationFailure) in try BookRules.author(author.map(SentenceRules.clean) ?? "") }
        }
        for key in ["publisher", "genre", "publishedAt"] {
            guard let value = try patch.string(key) else { continue }
            let v = ReadingService.optional(value ?? nil)
            switch key {
            case "publisher": changes.publisher = .some(problems.collect { () throws(ValidationFailure) in try BookRules.short(v, field: key) } ?? nil)
            case "genre": changes.genre = .some(problems.collect { () throws(ValidationFailure) in try BookRules.short(v, field: key) } ?? nil)
            default: changes.publishedAt = .some(problems.collect { () throws(ValidationFailure) in try BookRules.publishedAt(v) } ?? nil)
            }
        }
        if let status = try patch.string("status") {
            changes.status = problems.collect { () throws(ValidationFailure) in try BookRules.status(status) }
        }
        if !problems.isEmpty { throw HTTPError.unprocessable(problems) }
        try app.store.updateBook(id: id, owner: owner, changes, at: app.now())
        guard let book = try app.store.book(id: id, owner: owner) else { throw ReadingService.bookNotFound }
        return JSON.response(BookJSON(book, Language.of(member.user)))
    }

    func deleteBook(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        guard try app.reading.deleteBook(id: request[.id], owner: owner) else { throw ReadingService.bookNotFound }
        return .noContent()
    }

    /// The stored copy of a book's cover. Covers are named by their content: cache them for long.
    func cover(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        guard let name = try app.store.bookCoverFile(id: request[.id], owner: owner),
              let path = app.reading.covers.path(of: name) else {
            throw AppError.notFound("error.no_cover")
        }
        var r = Response(status: 200, headers: Headers([("Content-Type", CoverStorage.contentType(ofFile: name))]), body: .file(path: path))
        r.headers.set("Cache-Control", "private, max-age=86400")
        r.headers.set("ETag", "\"\(name)\"")
        return r
    }

    // MARK: Sentences

    struct NewSentence: Decodable { var text: String; var page: Int?; var emotion: String?; var memo: String? }

    func createSentence(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        let bookId = try request[.id]
        guard try app.store.book(id: bookId, owner: owner) != nil else { throw ReadingService.bookNotFound }
        let body = try JSON.decode(NewSentence.self, from: request)
        let emotion = try Self.emotion(body.emotion)
        let s = try app.reading.addSentence(bookId: bookId, text: body.text, page: body.page, emotion: emotion, memo: body.memo,
                                            owner: owner, at: app.now())
        guard let saved = try app.store.sentence(id: s.id, owner: owner) else { throw ReadingService.sentenceNotFound }
        struct Answer: Encodable { var sentence: SentenceJSON }
        return JSON.response(Answer(sentence: SentenceJSON(saved, Language.of(member.user))), status: 201)
    }

    static func emotion(_ raw: String?) throws -> Emotion? {
        guard let raw, !raw.isEmpty else { return nil }
        var problems: [String: String] = [:]
        guard let e = problems.collect({ () throws(ValidationFailure) in try SentenceRules.emotion(raw) }) else { throw HTTPError.unprocessable(problems) }
        return e
    }

    /// Query filters shared by the API and the page: `q`, `emotion`, `bookId`.
    static func filter(_ request: Request) throws -> SentenceFilter {
        var f = SentenceFilter()
        f.query = request.query["q"].flatMap { $0.isEmpty ? nil : $0 }
        f.emotion = try emotion(request.query["emotion"].flatMap { $0 == "all" ? nil : $0 })
        f.bookId = request.query["bookId"].flatMap { $0.isEmpty ? nil : $0 }
        return f
    }

    func listSentences(_ request: Request, _ member: Member) throws -> Response {
        let (owner, page) = try memberPage(request, member)
        let language = Language.of(member.user)
        return JSON.response(ListJSON(try app.store.sentences(owner: owner, try Self.filter(request), page: page)) { SentenceJSON($0, language) })
    }

    func sentence(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        guard let s = try app.store.sentence(id: request[.id], owner: owner) else { throw ReadingService.sentenceNotFound }
        return JSON.response(SentenceJSON(s, Language.of(member.user)))
    }

    func updateSentence(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        let id = try request[.id]
        guard let current = try app.store.sentence(id: id, owner: owner) else { throw ReadingService.sentenceNotFound }
        let patch = try JSONPatch(request)
        var changes = SentenceChanges()
        if let text = try patch.string("text") { changes.text = SentenceRules.clean(text ?? "") }
        if let page = try patch.int("page") { changes.page = .some(page) }
        if let emotion = try patch.string("emotion") { changes.emotion = .some(try Self.emotion(emotion)) }
        if let memo = try patch.string("memo") { changes.memo = .some(ReadingService.optional(memo ?? nil)) }
        try app.reading.checkSentence(text: changes.text ?? current.sentence.text,
                                      page: changes.page ?? current.sentence.page, memo: changes.memo ?? current.sentence.memo)
        try app.store.updateSentence(id: id, owner: owner, changes, at: app.now())
        guard let s = try app.store.sentence(id: id, owner: owner) else { throw ReadingService.sentenceNotFound }
        return JSON.response(SentenceJSON(s, Language.of(member.user)))
    }

    func deleteSentence(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        guard try app.store.deleteSentence(id: request[.id], owner: owner) else { throw ReadingService.sentenceNotFound }
        return .noContent()
    }

    /// The fixed list of emotions; public, clients show it before anyone signs in.
    func emotions(_ request: Request) throws -> Response {
        struct Item: Encodable { var id: String, label: String, englishLabel: String, emoji: String }
        struct Answer: Encodable { var items: [Item] }
        var r = JSON.response(Answer(items: Emotion.allCases.map { Item(id: $0.rawValue, label: $0.label, englishLabel: $0.englishLabel, emoji: $0.emoji) }))
        r.headers.set("Cache-Control", "public, max-age=3600")
        return r
    }
}

/// A JSON object body read for PATCH, where a missing key leaves a field alone and `null`
/// clears it: each accessor returns nil for absent, `.some(nil)` for null.
struct JSONPatch {
    private let object: [String: Any]

    init(_ request: Request) throws {
        let data = request.bodyData
        guard !data.isEmpty, let any = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            throw AppError.bodyNotJSON
        }
        guard let object = any as? [String: Any] else { throw HTTPError.unprocessable(["body": "must be an object"]) }
        self.object = object
    }

    func string(_ key: String) throws -> String?? {
        guard let value = object[key] else { return nil }
        if value is NSNull { return .some(nil) }
        guard let s = value as? String else { throw AppError.invalid([key: .verbatim("must be a string")], Message("error.field_string", key)) }
        return .some(s)
    }

    func int(_ key: String) throws -> Int?? {
        guard let value = object[key] else { return nil }
        if value is NSNull { return .some(nil) }
        // (On Linux a JSON true is also an NSNumber 1: it cannot be told apart here.)
        guard let n = value as? NSNumber, let i = Int(exactly: n.doubleValue) else {
            throw AppError.invalid([key: .verbatim("must be a whole number")], Message("error.field_number", key))
        }
        return .some(i)
    }
}
