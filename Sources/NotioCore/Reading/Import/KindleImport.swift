import Foundation

/// Kindle's `My Clippings.txt`. Each entry is a title line "Title (Author)", a metadata line
/// "- Your Highlight on page 12 | Location 100-102 | Added on Monday, May 1, 2023 3:45:53 PM",
/// a blank line, the text, and a line of ten `=`. Files start with a BOM (some devices put one
/// before every title) and use CRLF.
///
/// - Highlights become sentences. When the reader extended a highlight, Kindle keeps both
///   clippings: one whose text lies inside a later, longer one at an overlapping place is dropped.
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
        var bookKey: String { ImportedBook.key(title: title, author: author) }
    }

    static func parse(_ text: String, options: ImportOptions) throws -> ImportedLibrary {
        var dates = KindleDates(timeZone: options.timeZone)
        var entries: [Entry] = []
        var skipped = 0, firstBadLine: Int?, sawEntry = false
        var block: [(text: Substring, line: Int)] = []

        func finishBlock() {
            defer { block.removeAll() }
            var lines = block.map { (text: $0.text.drop { $0 == "\u{FEFF}" }, line: $0.line) }
            while let first = lines.first, first.text.allSatisfy(\.isWhitespace) { lines.removeFirst() }
            guard let titleLine = lines.first else { return }
            sawEntry = true
            guard lines.count >= 2, lines[1].text.trimmingCharacters(in: .whitespaces).hasPrefix("-") else {
                skipped += 1
                firstBadLine = firstBadLine ?? titleLine.line
                return
            }
            let (title, author) = titleAndAuthor(String(titleLine.text))
            var entry = metadata(String(lines[1].text), dates: &dates)
            entry.title = title
            entry.author = author
            entry.line = titleLine.line
            entry.text = ImportText.clean(lines.dropFirst(2).map { String($0.text) }.joined(separator: "\n"))
            entries.append(entry)
        }

        for (index, line) in ImportText.lines(text).enumerated() {
            if line.trimmingCharacters(in: .whitespaces) == separator {
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
        let comparable = Dictionary(uniqueKeysWithValues: highlights.map { ($0, ImportText.comparable(entries[$0].text!)) })
        var byBook: [String: [Int]] = [:]
        for index in highlights { byBook[entries[index].bookKey, default: []].append(index) }
        var superseded = Set<Int>()
        for indices in byBook.values {
            for shorter in indices {
                guard let span = entries[shorter].span else { continue }
                let text = comparable[shorter]!
                for longer in indices where longer != shorter && !superseded.contains(longer) {
                    guard let other = entries[longer].span, other.overlaps(span) else { continue }
                    let otherText = comparable[longer]!
                    if otherText.count > text.count && otherText.contains(text) {
                        superseded.insert(shorter)
                        break
                    }
                }
            }
        }
        skipped += superseded.count

        var attached: [Int: [String]] = [:]
        var standalone = Set<Int>()
        for index in notes {
            let note = entries[index]
            let candidates = (byBook[note.bookKey] ?? []).filter { !superseded.contains($0) }
            if let target = noteTarget(note, among: candidates.map { ($0, entries[$0]) }) {
                attached[target, default: []].append(note.text!)
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
    static func noteTarget(_ note: Entry, among highlights: [(index: Int, entry: Entry)]) -> Int? {
        guard let position = note.span?.upperBound else { return nil }
        let holding = highlights.filter { $0.entry.span?.contains(position) == true && ($0.entry.location == nil) == (note.location == nil) }
        let before = holding.filter { $0.entry.line < note.line }
        let pool = before.isEmpty ? holding : before
        return (pool.last { $0.entry.span?.upperBound == position } ?? pool.last)?.index
    }

    /// "Title (Author)": the last balanced parenthesis group is the author. "Adams, Richard"
    /// becomes "Richard Adams".
    static func titleAndAuthor(_ line: String) -> (String, String) {
        let line = line.trimmingCharacters(in: .whitespaces)
        guard line.hasSuffix(")") else { return (line, "") }
        var depth = 0
        var index = line.endIndex
        while index > line.startIndex {
            index = line.index(before: index)
            if line[index] == ")" { depth += 1 }
            if line[index] == "(" {
                depth -= 1
                if depth == 0 { break }
            }
        }
        guard depth == 0, line[index] == "(" else { return (line, "") }
        let title = line[..<index].trimmingCharacters(in: .whitespaces)
        let author = line[line.index(after: index)..<line.index(before: line.endIndex)].trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return (line, "") }
        return (title, ImportText.authorFromLastFirst(author))
    }

    /// Reads "- Your Highlight on page 2 | Location 153-154 | Added on Friday, June 2, 2023 1:15:39 AM".
    static func metadata(_ line: String, dates: inout KindleDates) -> Entry {
        var entry = Entry(title: "", author: "", kind: .unknown, line: 0)
        let body = line.trimmingCharacters(in: .whitespaces).drop { $0 == "-" || $0 == " " }
        let segments = body.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        if let first = segments.first?.lowercased() {
            if first.contains("highlight") || first.contains("하이라이트") || first.contains("clipping") || first.contains("클립") {
                entry.kind = .highlight
            } else if first.contains("note") || first.contains("메모") {
                entry.kind = .note
            } else if first.contains("bookmark") || first.contains("북마크") {
                entry.kind = .bookmark
            }
        }
        var pageSpan: ClosedRange<Int>?
        for segment in segments {
            let lower = segment.lowercased()
            if let range = numbers(after: ["location ", "loc. ", "위치 "], in: lower) {
                entry.location = range.text
                entry.span = range.span
            } else if let range = numbers(after: ["page ", "페이지 "], in: lower) ?? numbers(before: ["페이지", "쪽"], in: lower) {
                entry.page = range.span?.lowerBound
                pageSpan = range.span
            }
            for prefix in ["added on ", "추가된 날짜:", "추가 날짜:", "추가됨:"] where lower.hasPrefix(prefix) {
                entry.addedAt = dates.read(String(segment.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces))
            }
        }
        if entry.span == nil { entry.span = pageSpan }
        return entry
    }

    /// The digits and hyphen after the first of `keywords`: "location 171-72" gives "171-172"
    /// (old Kindles shorten the end) and 171...172.
    static func numbers(after keywords: [String], in text: String) -> (text: String, span: ClosedRange<Int>?)? {
        for keyword in keywords {
            guard let found = text.range(of: keyword) else { continue }
            let digits = text[found.upperBound...].prefix { $0.isASCII && ($0.isNumber || $0 == "-") }
            if let range = numberRange(String(digits)) { return range }
        }
        return nil
    }

    /// The digits just before one of `keywords`: "12페이지".
    static func numbers(before keywords: [String], in text: String) -> (text: String, span: ClosedRange<Int>?)? {
        for keyword in keywords {
            guard let found = text.range(of: keyword) else { continue }
            let digits = text[..<found.lowerBound].trimmingCharacters(in: .whitespaces).reversed().prefix { $0.isASCII && ($0.isNumber || $0 == "-") }
            if let range = numberRange(String(digits.reversed())) { return range }
        }
        return nil
    }

    private static func numberRange(_ text: String) -> (text: String, span: ClosedRange<Int>?)? {
        let parts = text.split(separator: "-").map(String.init)
        guard let first = parts.first, let start = Int(first) else { return nil }
        guard parts.count == 2, var end = Int(parts[1]) else { return (first, start...start) }
        if end < start, parts[1].count < first.count {
            end = Int(first.dropLast(parts[1].count) + parts[1]) ?? end
        }
        return end >= start ? ("\(start)-\(end)", start...end) : (first, start...start)
    }
}

/// Kindle's "Added on" dates in the formats devices have used, read in the reader's time zone;
/// the format that worked last is tried first.
struct KindleDates {
    private var formatters: [DateFormatter]

    init(timeZone: TimeZone) {
        let english = [
            "EEEE, MMMM d, yyyy h:mm:ss a",   // US: Wednesday, May 31, 2023 3:45:53 PM
            "EEEE, d MMMM yyyy HH:mm:ss",     // UK: Wednesday, 31 May 2023 15:45:53
            "EEEE, MMMM d, yyyy, hh:mm a",    // older: Saturday, July 14, 2012, 07:38 PM
            "EEEE, d MMMM yyyy h:mm:ss a",
        ]
        let korean = ["yyyy년 M월 d일 EEEE a h:mm:ss", "yyyy년 M월 d일 EEEE a h시 m분 s초", "yyyy년 M월 d일 a h:mm:ss"]
        formatters = english.map { Self.formatter($0, "en_US_POSIX", timeZone) } + korean.map { Self.formatter($0, "ko_KR", timeZone) }
    }

    private static func formatter(_ format: String, _ locale: String, _ timeZone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        return formatter
    }

    mutating func read(_ text: String) -> Date? {
        for (index, formatter) in formatters.enumerated() {
            if let date = formatter.date(from: text) {
                if index > 0 { formatters.swapAt(0, index) }
                return date
            }
        }
        return nil
    }
}
