import Foundation
import NotioCodecs
import NotioCore

/// What an import added and what it found already there.
public struct ImportCounts: Codable, Sendable, Equatable {
    public var booksAdded = 0
    public var booksMatched = 0
    public var sentencesAdded = 0
    public var sentencesDuplicate = 0
    public var skipped = 0
    public init() {}
}

extension Store {
    /// Adds an imported library in one transaction: each book is matched to one already on the
    /// shelf (by import key, ISBN, or title and author) or added; each sentence is added unless
    /// its fingerprint is already there. Importing the same file twice adds nothing the second
    /// time; a failure leaves the shelf as it was.
    /// An import that would take the account past `limits` is refused whole.
    public func importLibrary(_ library: ImportedLibrary, owner: String, at now: Date, dryRun: Bool = false,
                              limits: AccountLimits = .none) throws -> ImportCounts {
        try database.write { c in
            let before = try accountUsage(owner: owner, c)
            var counts = ImportCounts()
            counts.skipped = library.skipped
            // Keys of the books already on the shelf, computed the importer's way.
            var byKey: [String: String] = [:], byISBN: [String: String] = [:]
            try c.query("SELECT id, title, author, isbn13, import_key FROM books WHERE owner_id = ?", [owner]) { r in
                let id = r.string(0)
                let key = ImportedBook.key(title: r.string(1), author: r.string(2))
                if byKey[key] == nil { byKey[key] = id }
                if let key = r.optionalString(4) { byKey[key] = byKey[key] ?? id }
                if let isbn = r.optionalString(3) { byISBN[isbn] = id }
            }
            var bookIds: [String: String] = [:]
            for b in library.books {
                if let id = byKey[b.key] ?? b.isbn13.flatMap({ byISBN[$0] }) {
                    bookIds[b.key] = id
                    counts.booksMatched += 1
                    continue
                }
                let book = Book(title: String(b.title.prefix(BookRules.maxTitle)), author: String(b.author.prefix(BookRules.maxAuthor)),
                                publisher: b.publisher, isbn13: b.isbn13, genre: b.genre,
                                status: b.status.flatMap(BookStatus.init(rawValue:)) ?? .finished, createdAt: b.addedAt ?? now, updatedAt: now)
                try insertBook(book, owner: owner, importKey: b.key, c)
                bookIds[b.key] = book.id
                byKey[b.key] = book.id
                if let isbn = b.isbn13 { byISBN[isbn] = book.id }
                counts.booksAdded += 1
            }
            for s in library.sentences {
                // A note with no highlight is the reader's words, not the book's: not a sentence.
                guard !s.isNoteOnly, let bookId = bookIds[s.bookKey] else { counts.skipped += 1; continue }
                let text = String(SentenceRules.clean(s.text).prefix(SentenceRules.maxText))
                guard !text.isEmpty else { counts.skipped += 1; continue }
                let memo = s.note.map { String(SentenceRules.clean($0).prefix(SentenceRules.maxMemo)) }.flatMap { $0.isEmpty ? nil : $0 }
                let sentence = Sentence(bookId: bookId, text: text, page: s.page.flatMap { (0...SentenceRules.maxPage).contains($0) ? $0 : nil },
                                        memo: memo, createdAt: s.addedAt ?? now, updatedAt: now)
                switch try insertSentence(sentence, owner: owner, fingerprint: s.fingerprint, c) {
                case true?: counts.sentencesAdded += 1
                case nil: counts.sentencesDuplicate += 1
                case false?: counts.skipped += 1
                }
            }
            // Known only once matched and deduplicated; throwing rolls every row of it back.
            if before.books + counts.booksAdded > limits.books { throw AccountLimitExceeded(.books, limit: Int64(limits.books)) }
            if before.sentences + counts.sentencesAdded > limits.sentences { throw AccountLimitExceeded(.sentences, limit: Int64(limits.sentences)) }
            if dryRun { throw DryRun(counts: counts) }
            return counts
        }
    }
}

/// Thrown inside the import transaction to roll a dry run back with its counts.
public struct DryRun: Error, Sendable {
    public let counts: ImportCounts
}
