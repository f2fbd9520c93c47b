import Foundation

/// The files a reader can bring from elsewhere.
public enum ImportFormat: String, Sendable, CaseIterable, Codable {
    /// Kindle's `My Clippings.txt`: highlights, notes and bookmarks, entries ended by `==========`.
    case kindle
    /// Goodreads' library export CSV: books, shelves and ratings, no highlights.
    case goodreads
    /// Readwise's CSV export: highlights with their book, note, tags and location.
    case readwise
}

/// A book found in an imported file.
public struct ImportedBook: Sendable, Hashable {
    /// `ImportedBook.key(title:author:)`: the same for the same book in any file, so that
    /// re-importing (or importing a Kindle file after a Readwise one) finds the book again.
    public var key: String
    public var title: String
    public var author: String
    public var isbn13: String?
    public var publisher: String?
    public var genre: String?
    /// "reading", "finished" or "wishlist" (Goodreads' exclusive shelf); nil when unknown.
    public var status: String?
    /// 1...5; nil when not rated.
    public var rating: Int?
    public var addedAt: Date?

    public init(title: String, author: String, isbn13: String? = nil, publisher: String? = nil, genre: String? = nil,
                status: String? = nil, rating: Int? = nil, addedAt: Date? = nil) {
        self.key = Self.key(title: title, author: author)
        self.title = title; self.author = author; self.isbn13 = isbn13; self.publisher = publisher
        self.genre = genre; self.status = status; self.rating = rating; self.addedAt = addedAt
    }

    /// Title and author, compatibility-normalised, lower-cased, with whitespace collapsed, joined
    /// by " | ". The app can compute it for books already on the shelf to match imports to them.
    public static func key(title: String, author: String) -> String {
        ImportText.comparable(title) + " | " + ImportText.comparable(author)
    }
}

/// A highlighted sentence (or a note on its own) found in an imported file.
public struct ImportedSentence: Sendable, Hashable {
    /// The `ImportedBook.key` of its book.
    public var bookKey: String
    public var text: String
    public var page: Int?
    /// Where an e-reader says it is, e.g. Kindle's "153-154".
    public var location: String?
    /// The reader's own note on it.
    public var note: String?
    public var addedAt: Date?
    /// What makes two highlights the same sentence, stable across imports and files:
    /// `ImportedSentence.identity(bookKey:text:)`. The store keeps a hash of it (NotioCodecs'
    /// `fingerprint`), so that a re-import adds nothing twice.
    public var identity: String
    /// True for a Kindle note that belongs to no highlight: `text` is then the reader's words,
    /// not the book's. The app may keep it as a memo or leave it out.
    public var isNoteOnly: Bool

    public init(bookKey: String, text: String, page: Int? = nil, location: String? = nil, note: String? = nil,
                addedAt: Date? = nil, isNoteOnly: Bool = false) {
        self.bookKey = bookKey; self.text = text; self.page = page; self.location = location; self.note = note
        self.addedAt = addedAt; self.isNoteOnly = isNoteOnly
        identity = Self.identity(bookKey: bookKey, text: text)
    }

    /// The book key and the text compared loosely (case, width and spacing do not count), one
    /// line each.
    public static func identity(bookKey: String, text: String) -> String {
        bookKey + "\n" + ImportText.comparable(text)
    }
}

/// Everything a file held. `skipped` counts entries or rows that gave nothing: bookmarks, empty
/// highlights, highlights replaced by a longer one at the same place, repeats within the file,
/// discarded or heading-only Readwise rows, rows without a title.
public struct ImportedLibrary: Sendable, Hashable {
    public var format: ImportFormat
    public var books: [ImportedBook]
    public var sentences: [ImportedSentence]
    public var skipped: Int
}

/// A file that cannot be imported. Nothing from it should be stored. Suggested status 422.
public struct ImportError: Error, Sendable, Hashable {
    /// `empty_file`, `not_text`, `unknown_format`, `wrong_format`, `missing_columns`,
    /// `malformed_csv`, `malformed_clippings`.
    public var code: String
    /// English text for the reader.
    public var message: String
    public var messageKo: String
    /// The 1-based line of the file where the problem is, when there is one.
    public var line: Int?

    public init(code: String, message: String, messageKo: String, line: Int? = nil) {
        self.code = code; self.message = message; self.messageKo = messageKo; self.line = line
    }
}

/// Choices that the file cannot tell.
public struct ImportOptions: Sendable {
    /// Kindle and Goodreads dates carry no time zone: they are read in this one (the reader's).
    public var timeZone: TimeZone

    public init(timeZone: TimeZone = TimeZone(identifier: "Asia/Seoul")!) {
        self.timeZone = timeZone
    }
}
