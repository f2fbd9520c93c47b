import Foundation

/// Kindle's `My Clippings.txt`. Each entry is a title line "Title (Author)", a metadata line
/// "- Your Highlight on page 12 | Location 100-102 | Added on Monday, May 1, 2023 3:45:53 PM",
/// a blank line, the text, and a line of ten `=`. Files start with a BOM (some devices put one
/// before every title) and use CRLF.
///
/// - Highlights become sentences. When the reader extended a highlight, Kindle keeps both
///   clippings: one whose text lies inside a longer one at an overlapping place is dropped.
/// - A note goes to the highlight of the same book whose location range holds the note's location
///   (Kindle puts notes at a highlight's end), or, without locations, on the same page. A note
///   with no such highlight is kept on its own (`isNoteOnly`).
/// - Bookmarks and empty clippings are skipped.
/// - Metadata in Korean ("- 위치 105-105의 하이라이트 | 추가된 날짜: 2023년 5월 31일 수요일 오후 3:45:53")
///   is read on a best-effort basis: no real Korean file was available. A metadata line in another
///   language is taken as a highlight when it has text, without page or location.
enum KindleImport {
    static let separator = "=========="

    enum Kind { case highlight, note, bookmark, unknown }

    struct Entry {
        var title: String
        var author: String
        var kind: Kind
        var page: Int?
        var location: String?
        /// The location range (or the page when there is no location), for overlaps and notes.
        var span: ClosedRange<Int>?
        var addedAt: Date?
        var text: String?
        var line: Int
        var bookKey = ""
    }

    static func parse(_ text: String, options: ImportOptions) throws -> ImportedLibrary {
        var dates = KindleDates(timeZone: options.timeZone)
        var entries: [Entry] = []
        var skipped = 0, firstBadLine: Int?, sawEntry = false
        var block: [(text: Substring, line: Int)] = []
        var books: [String: (title: String, author: String, key: String)] = [:]

        func finishBlock() {
            defer { block.removeAll() }
            var lines = block.map { (text: $0.text.drop { $0 == "\u{FEFF}" }, line: $0.line) }
            while let first = lines.first, first.text.allSatisfy(\.isWhitespace) { lines.removeFirst() }
            guard let titleLine = lines.first else { return }
            sawEntry = true
            guard lines.count >= 2, lines[1].text.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("-") else {
                skipped += 1
                firstBadLine = firstBadLine ?? titleLine.line
                return
            }
            // A file has many clippings per book: read each title line once.
            let titleText = String(titleLine.text)
            let book = books[titleText] ?? {
                let (title, author) = titleAndAuthor(titleText)
                let book = (title, author, ImportedBook.key(title: title, author: author))
                books[titleText] = book
                return book
            }()
            var entry = metadata(String(lines[1].text), dates: &dates)
            (entry.title, entry.author, entry.bookKey) = book
            entry.line = titleLine.line
            entry.text = ImportText.clean(lines.dropFirst(2).map { String($0.text) }.joined(separator: "\n"))
            entries.append(entry)
        }

        for (index, line) in ImportText.lines(text).enumerated() {
            if isSeparator(line) {
                finishBlock()
            } else {
                block.append((line, index + 1))
            }
        }
        finishBlock()

        guard sawEntry else {
            throw ImportError(code: "empty_file", message: "The file holds no clippings.", messageKo: "파일에 하이라이트가 없습니다.")
        }
        if entries.isEmpty, let line = firstBadLine {
            throw ImportError(code: "malformed_clippings",
                              message: "Line \(line) does not look like a Kindle clipping (a title line, then a line starting with “- Your Highlight”).",
                              messageKo: "\(line)번째 줄이 킨들 하이라이트 형식(제목 줄 다음에 “- Your Highlight”로 시작하는 줄)이 아닙니다.",
                              line: line)
        }
        return assemble(entries, skipped: skipped)
    }

    /// Turns entries into books and sentences: drops superseded highlights, attaches notes.
    static func assemble(_ entries: [Entry], skipped: Int) -> ImportedLibrary {
        var skipped = skipped
        var highlights: [Int] = []      // indices into entries
        var notes: [Int] = []
        for (index, entry) in entries.enumerated() {
            switch entry.kind {
            case .highlight, .unknown:
                if entry.text != nil { highlights.append(index) } else { skipped += 1 }
            case .note:
                if entry.text != nil { notes.append(index) } else { skipped += 1 }
            case .bookmark:
                skipped += 1
            }
        }

        // A highlight inside a longer one of the same book at an overlapping place was extended.
        // Sorted by where they start, each highlight meets only those starting before it ends.
        var byBook: [String: [Int]] = [:]
        for index in highlights { byBook[entries[index].bookKey, default: []].append(index) }
        var comparable: [Int: String] = [:]
        func text(_ index: Int) -> String {
            if let known = comparable[index] { return known }
            let text = ImportText.comparable(entries[index].text!)
            comparable[index] = text
            return text
        }
        var superseded = Set<Int>()
        for indices in byBook.values {
            let placed = indices.filter { entries[$0].span != nil }.sorted { entries[$0].span!.lowerBound < entries[$1].span!.lowerBound }
            for (position, first) in placed.enumerated() {
                let span = entries[first].span!
                for second in placed[(position + 1)...] {
                    guard entries[second].span!.lowerBound <= span.upperBound else { break }
                    let (a, b) = (text(first), text(second))
                    if a.count < b.count, b.contains(a) { superseded.insert(first) }
                    if b.count < a.count, a.contains(b) { superseded.insert(second) }
                }
            }
        }
        skipped += superseded.count

        var attached: [Int: [String]] = [:]
        var standalone = Set<Int>()
        for index in notes {
            let candidates = (byBook[entries[index].bookKey] ?? []).filter { !superseded.contains($0) }
            if let target = noteTarget(index, among: candidates, in: entries) {
                attached[target, default: []].append(entries[index].text!)
            } else {
                standalone.insert(index)
            }
        }

        var books: [ImportedBook] = []
        var bookKeys = Set<String>()
        var sentences = UniqueSentences()
        let kept = Set(highlights).subtracting(superseded)
        for (index, entry) in entries.enumerated() {
            let isHighlight = kept.contains(index)
            guard isHighlight || standalone.contains(index) else { continue }
            let sentence = ImportedSentence(
                bookKey: entry.bookKey, text: entry.text!, page: entry.page, location: entry.location,
                note: attached[index]?.joined(separator: "\n"), addedAt: entry.addedAt, isNoteOnly: !isHighlight)
            guard sentences.add(sentence) else { skipped += 1; continue }
            if bookKeys.insert(entry.bookKey).inserted { books.append(ImportedBook(title: entry.title, author: entry.author)) }
        }
        return ImportedLibrary(format: .kindle, books: books, sentences: sentences.all, skipped: skipped)
    }

    /// The highlight a note belongs to: its span holds the note's position, preferring one that
    /// ends there, then the latest before the note in the file.
    static func noteTarget(_ note: Int, among highlights: [Int], in entries: [Entry]) -> Int? {
        guard let position = entries[note].span?.upperBound else { return nil }
        let byLocation = entries[note].location != nil
        let holding = highlights.filter {
            entries[$0].span?.contains(position) == true && (entries[$0].location != nil) == byLocation
        }
        let before = holding.filter { $0 < note }
        let pool = before.isEmpty ? holding : before
        return pool.last { entries[$0].span?.upperBound == position } ?? pool.last
    }

    /// A line of ten `=`, perhaps with spaces around.
    static func isSeparator(_ line: Substring) -> Bool {
        var equals = 0
        for byte in line.utf8 {
            if byte == UInt8(ascii: "=") { equals += 1 } else if byte != 32 && byte != 9 { return false }
        }
        return equals == separator.utf8.count
    }
}
