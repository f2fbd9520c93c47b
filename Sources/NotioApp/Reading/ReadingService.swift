import Foundation
import NotioCore
import NotioStore

/// The bookshelf's rules between the handlers and the store: the values a book and a sentence
/// may take, covers kept in our own storage, deletion that leaves nothing behind.
struct ReadingService: Sendable {
    let store: Store
    let covers: CoverStorage
    var limits: AccountLimits = .none

    static let bookNotFound = AppError.bookNotFound
    static let sentenceNotFound = AppError.sentenceNotFound

    /// The fields of a new book as a form or JSON gave them, before checking.
    struct BookInput: Sendable {
        var title: String
        var author: String = ""
        var publisher: String?
        var isbn: String?
        var genre: String?
        var publishedAt: String?
        var coverUrl: String?
        var status: String?
    }

    /// Checks and adds a book; throws 422 naming bad fields, 409 `book_exists` for an ISBN
    /// already on the shelf. The cover is fetched afterwards, off the request.
    func addBook(_ input: BookInput, owner: String, at now: Date) throws -> Book {
        let title = SentenceRules.clean(input.title)
        let author = SentenceRules.clean(input.author)
        let publisher = Self.optional(input.publisher)
        let genre = Self.optional(input.genre)
        var problems = BookRules.problems(title: title, author: author, publisher: publisher, genre: genre)
        var isbn13: String?
        if let raw = Self.optional(input.isbn) {
            isbn13 = problems.collect { () throws(ValidationFailure) in try BookRules.isbn(raw) }
        }
        var status = BookStatus.reading
        if let raw = Self.optional(input.status) {
            status = problems.collect { () throws(ValidationFailure) in try BookRules.status(raw) } ?? status
        }
        var coverUrl: String?
        if let raw = Self.optional(input.coverUrl) {
            coverUrl = problems.collect { () throws(ValidationFailure) in try BookRules.coverAddress(raw) }
        }
        let publishedAt = problems.collect { () throws(ValidationFailure) in try BookRules.publishedAt(Self.optional(input.publishedAt)) } ?? nil
        if !problems.isEmpty {
            throw AppError.invalid(problems: problems, Message("error.book_invalid"))
        }
        let book = Book(title: title, author: author, publisher: publisher, isbn13: isbn13, genre: genre, publishedAt: publishedAt,
                        status: status, sourceCoverUrl: coverUrl, createdAt: now)
        do {
            try store.insertBook(book, owner: owner, limits: limits)
        } catch let duplicate as DuplicateBook {
            throw BookExists(existingId: duplicate.existingId)
        }
        if coverUrl != nil { covers.fetchLater(bookId: book.id, owner: owner, url: coverUrl!) }
        return book
    }

    /// Deletes a book with its sentences and sessions, and its cover file when no other book uses it.
    func deleteBook(id: String, owner: String) throws -> Bool {
        let (deleted, cover) = try store.deleteBook(id: id, owner: owner)
        if let cover, try !store.coverFileInUse(cover) { covers.remove(cover) }
        return deleted
    }

    /// Checks a sentence's fields; 422 names the bad ones.
    func checkSentence(text: String, page: Int?, memo: String?) throws {
        let problems = SentenceRules.problems(text: text, page: page, memo: memo)
        if !problems.isEmpty {
            throw AppError.invalid(problems: problems, problems["text"] != nil
                ? Message("error.sentence_text", String(SentenceRules.maxText)) : Message("error.sentence_invalid"))
        }
    }

    func addSentence(bookId: String, text: String, page: Int?, emotion: Emotion?, memo: String?, owner: String, at now: Date) throws -> Sentence {
        let text = SentenceRules.clean(text)
        let memo = memo.map(SentenceRules.clean).flatMap { $0.isEmpty ? nil : $0 }
        try checkSentence(text: text, page: page, memo: memo)
        let sentence = Sentence(bookId: bookId, text: text, page: page, emotion: emotion, memo: memo, createdAt: now)
        guard try store.insertSentence(sentence, owner: owner, limits: limits) == true else { throw Self.bookNotFound }
        return sentence
    }

    /// Nil for absent or blank text, else the text trimmed.
    static func optional(_ s: String?) -> String? {
        guard let s else { return nil }
        let t = SentenceRules.clean(s)
        return t.isEmpty ? nil : t
    }
}

/// 409 `book_exists`: the ISBN is already on the reader's shelf; `fields.id` names that book.
struct BookExists: DomainError {
    var existingId: String
    var status: Int { 409 }
    var code: String { "book_exists" }
    var readerMessage: Message { Message("error.book_exists") }
    var fields: [String: Message] { ["id": .verbatim(existingId)] }
}
