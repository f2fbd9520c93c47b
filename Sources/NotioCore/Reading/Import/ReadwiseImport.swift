import Foundation

/// Readwise's CSV export: Highlight, Book Title, Book Author, Amazon Book ID, Note, Color, Tags,
/// Location Type, Location, Highlighted at, and since 2021 Document tags.
///
/// Rows tagged `discard` (thrown out in Readwise's review) are skipped. Rows tagged `h1`…`h6` are
/// chapter headings the reader marked: skipped, unless the reader wrote a note on them, which is
/// kept with the heading as its text. Inline tags at the start of a note (".h1", ".favorite")
/// are removed from it.
enum ReadwiseImport {
    static let required = ["Highlight", "Book Title", "Book Author"]
    private static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    static func parse(_ table: CSVTable, options: ImportOptions) throws -> ImportedLibrary {
        if let error = table.missing(required, format: "Readwise") { throw error }
        var books: [ImportedBook] = []
        var bookKeys = Set<String>()
        var sentences = UniqueSentences()
        var skipped = 0
        for row in table.rows {
            let tags = Set(table.value(row, "Tags").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
            let note = ImportText.clean(withoutInlineTags(table.value(row, "Note")))
            guard let text = ImportText.clean(table.value(row, "Highlight")), !tags.contains("discard"),
                  tags.isDisjoint(with: headings) || note != nil else { skipped += 1; continue }
            let title = ImportText.clean(table.value(row, "Book Title")) ?? "Untitled"
            let author = ImportText.clean(table.value(row, "Book Author")) ?? ""
            // A paper book's Amazon id is its ISBN-10; a Kindle book's (B00…) is not.
            let book = ImportedBook(title: title, author: author, isbn13: ISBN.isbn13(from: table.value(row, "Amazon Book ID")))
            if bookKeys.insert(book.key).inserted { books.append(book) }

            let position = table.value(row, "Location").trimmingCharacters(in: .whitespaces)
            let kind = table.value(row, "Location Type").trimmingCharacters(in: .whitespaces).lowercased()
            let sentence = ImportedSentence(
                bookKey: book.key, text: text,
                page: kind == "page" ? Int(position) : nil,
                location: kind == "location" && !position.isEmpty ? position : nil,
                note: note,
                addedAt: timestamp(table.value(row, "Highlighted at")))
            if !sentences.add(sentence) { skipped += 1 }
        }
        return ImportedLibrary(format: .readwise, books: books, sentences: sentences.all, skipped: skipped)
    }

    /// ".h1\n\nReflections…" → "Reflections…"; ".favorite .idea text" → "text".
    static func withoutInlineTags(_ note: String) -> String {
        var rest = Substring(note)
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard rest.first == ".", let second = rest.dropFirst().first, second.isLetter || second.isNumber else { break }
            rest = rest.drop { !$0.isWhitespace }
        }
        return String(rest)
    }

    /// "2020-09-21 04:53:16.752500+00:00", also with "T", "Z", without seconds' fraction or zone
    /// (then UTC, Readwise's own).
    static func timestamp(_ text: String) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        let bytes = Array(text.utf8)
        guard bytes.count >= 19 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[from..<from + count] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), bytes[4] == UInt8(ascii: "-"), let month = number(5, 2), bytes[7] == UInt8(ascii: "-"),
              let day = number(8, 2), bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2) else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            var scale = 0.1
            index += 1
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
        }
        var offset = 0
        if index < bytes.count {
            let sign = bytes[index]
            if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                guard let hours = number(index + 1, 2) else { return nil }
                let minutesAt = bytes.count > index + 3 && bytes[index + 3] == UInt8(ascii: ":") ? index + 4 : index + 3
                let minutes = number(minutesAt, 2) ?? 0
                offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
            } else if sign != UInt8(ascii: "Z") {
                return nil
            }
        }
        guard let zone = TimeZone(secondsFromGMT: offset) else { return nil }
        return ImportText.date(year: year, month: month, day: day, hour: hour, minute: minute, second: Double(second) + fraction, timeZone: zone)
    }
}
