import Foundation

/// Goodreads' "Export Library" CSV: one row per book (Title, Author, ISBN13 as `="…"`,
/// Exclusive Shelf, My Rating, Date Added, Publisher…). It holds no highlights; reviews and
/// private notes are not taken.
enum GoodreadsImport {
    static let required = ["Title", "Author", "Exclusive Shelf"]

    static func parse(_ table: CSVTable, options: ImportOptions) throws -> ImportedLibrary {
        if let error = table.missing(required, format: "Goodreads") { throw error }
        var books: [ImportedBook] = []
        var seen = Set<String>()
        var skipped = 0
        for row in table.rows {
            guard let title = ImportText.clean(table.value(row, "Title")).map(withoutSeries) else { skipped += 1; continue }
            let author = ImportText.clean(table.value(row, "Author"))
                ?? ImportText.clean(table.value(row, "Author l-f")).map(ImportText.authorFromLastFirst) ?? ""
            let book = ImportedBook(
                title: title, author: author,
                isbn13: ISBN.isbn13(from: table.value(row, "ISBN13")) ?? ISBN.isbn13(from: table.value(row, "ISBN")),
                publisher: ImportText.clean(table.value(row, "Publisher")),
                status: status(table.value(row, "Exclusive Shelf")),
                rating: Int(table.value(row, "My Rating").trimmingCharacters(in: .whitespaces)).flatMap { (1...5).contains($0) ? $0 : nil },
                addedAt: date(table.value(row, "Date Added"), timeZone: options.timeZone))
            guard seen.insert(book.key).inserted else { skipped += 1; continue }
            books.append(book)
        }
        return ImportedLibrary(format: .goodreads, books: books, sentences: [], skipped: skipped)
    }

    /// read → finished, currently-reading → reading, to-read → wishlist; a shelf of the
    /// reader's own (e.g. "did-not-finish") → nil, for the app's default.
    static func status(_ shelf: String) -> String? {
        switch shelf.trimmingCharacters(in: .whitespaces).lowercased() {
        case "read": "finished"
        case "currently-reading": "reading"
        case "to-read": "wishlist"
        default: nil
        }
    }

    /// Goodreads appends the series to titles: "Gideon the Ninth (The Locked Tomb #1)" →
    /// "Gideon the Ninth". Other parentheses stay.
    static func withoutSeries(_ title: String) -> String {
        guard title.hasSuffix(")"), let open = title.lastIndex(of: "(") else { return title }
        let inside = title[title.index(after: open)..<title.index(before: title.endIndex)]
        guard let hash = inside.lastIndex(of: "#"),
              inside[inside.index(after: hash)...].trimmingCharacters(in: .whitespaces).first?.isNumber == true else { return title }
        let rest = title[..<open].trimmingCharacters(in: .whitespaces)
        return rest.isEmpty ? title : rest
    }

    /// "2020/10/21" (also with "-"), at the start of that day in `timeZone`.
    static func date(_ text: String, timeZone: TimeZone) -> Date? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == "/" || $0 == "-" }).map { Int($0) }
        guard parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2], year > 1000 else { return nil }
        return ImportText.date(year: year, month: month, day: day, timeZone: timeZone)
    }
}
