import Foundation

/// Reading a clipping's title line and metadata line.
extension KindleImport {
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
    /// Works on bytes: a file has one such line per clipping, and String searching is slow on Linux.
    static func metadata(_ line: String, dates: inout KindleDates) -> Entry {
        var entry = Entry(title: "", author: "", kind: .unknown, line: 0)
        let original = Array(line.utf8)
        // ASCII letters lower-cased; Hangul bytes are left as they are.
        let bytes = original.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        var segments: [Range<Int>] = []
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "|") {
            var range = start..<index
            while let first = range.first, bytes[first] == 32 || bytes[first] == UInt8(ascii: "-") || bytes[first] == 9 { range = range.dropFirst() }
            while let last = range.last, bytes[last] == 32 || bytes[last] == 9 { range = range.dropLast() }
            segments.append(range)
            start = index + 1
        }
        if let first = segments.first {
            func has(_ words: [[UInt8]]) -> Bool { words.contains { find($0, in: bytes, first) != nil } }
            if has(Keywords.highlight) {
                entry.kind = .highlight
            } else if has(Keywords.note) {
                entry.kind = .note
            } else if has(Keywords.bookmark) {
                entry.kind = .bookmark
            }
        }
        var pageSpan: ClosedRange<Int>?
        for segment in segments {
            if let range = numbers(after: Keywords.location, in: bytes, segment) {
                entry.location = range.text
                entry.span = range.span
            } else if let range = numbers(after: Keywords.page, in: bytes, segment) ?? numbers(before: Keywords.pageAfter, in: bytes, segment) {
                entry.page = range.span?.lowerBound
                pageSpan = range.span
            }
            for prefix in Keywords.added where bytes[segment].starts(with: prefix) {
                let text = String(decoding: original[segment.dropFirst(prefix.count)], as: UTF8.self)
                entry.addedAt = dates.read(text.trimmingCharacters(in: .whitespaces))
            }
        }
        if entry.span == nil { entry.span = pageSpan }
        return entry
    }

    /// What metadata lines say, lower-cased, in English and Korean.
    private enum Keywords {
        static let highlight = ["highlight", "하이라이트", "clipping", "클립"].map { Array($0.utf8) }
        static let note = ["note", "메모"].map { Array($0.utf8) }
        static let bookmark = ["bookmark", "북마크"].map { Array($0.utf8) }
        static let location = ["location ", "loc. ", "위치 "].map { Array($0.utf8) }
        static let page = ["page ", "페이지 "].map { Array($0.utf8) }
        /// "12페이지", "12쪽".
        static let pageAfter = ["페이지", "쪽"].map { Array($0.utf8) }
        static let added = ["added on ", "추가된 날짜:", "추가 날짜:", "추가됨:"].map { Array($0.utf8) }
    }

    /// Where `needle` starts within `range` of `bytes`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        guard !needle.isEmpty, range.count >= needle.count else { return nil }
        var index = range.lowerBound
        while index + needle.count <= range.upperBound {
            if bytes[index] == needle[0] && bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The digits and hyphen after the first of `keywords`: "location 171-72" gives "171-172"
    /// (old Kindles shorten the end) and 171...172.
    private static func numbers(after keywords: [[UInt8]], in bytes: [UInt8], _ range: Range<Int>) -> (text: String, span: ClosedRange<Int>?)? {
        for keyword in keywords {
            guard let found = find(keyword, in: bytes, range) else { continue }
            var end = found + keyword.count
            while end < range.upperBound, (bytes[end] >= 48 && bytes[end] <= 57) || bytes[end] == UInt8(ascii: "-") { end += 1 }
            if let numbers = numberRange(String(decoding: bytes[(found + keyword.count)..<end], as: UTF8.self)) { return numbers }
        }
        return nil
    }

    /// The digits just before one of `keywords`: "12페이지".
    private static func numbers(before keywords: [[UInt8]], in bytes: [UInt8], _ range: Range<Int>) -> (text: String, span: ClosedRange<Int>?)? {
        for keyword in keywords {
            guard var start = find(keyword, in: bytes, range) else { continue }
            while start > range.lowerBound, bytes[start - 1] == 32 { start -= 1 }
            let end = start
            while start > range.lowerBound, (bytes[start - 1] >= 48 && bytes[start - 1] <= 57) || bytes[start - 1] == UInt8(ascii: "-") { start -= 1 }
            if let numbers = numberRange(String(decoding: bytes[start..<end], as: UTF8.self)) { return numbers }
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
    private let timeZone: TimeZone
    private static let months = ["january", "february", "march", "april", "may", "june", "july", "august",
                                 "september", "october", "november", "december"]

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
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

    /// The two common English forms without DateFormatter, which costs tens of microseconds per
    /// date on Linux: "Friday, June 2, 2023 1:15:39 AM" and "Wednesday, 31 May 2023 15:45:53".
    func englishDate(_ text: String) -> Date? {
        let words = text.lowercased().split(separator: " ")
        guard words.count == 5 || words.count == 6, words[0].hasSuffix(",") else { return nil }
        let us = words.count == 6
        let monthWord = us ? words[1] : words[2]
        let dayWord = us ? words[2].dropLast() : words[1]
        guard let month = Self.months.firstIndex(where: { $0 == monthWord }), let day = Int(dayWord), let year = Int(words[3]),
              !us || words[2].hasSuffix(",") else { return nil }
        let clock = words[4].split(separator: ":").map { Int($0) }
        guard clock.count == 3, var hour = clock[0], let minute = clock[1], let second = clock[2] else { return nil }
        if us {
            guard (1...12).contains(hour), words[5] == "am" || words[5] == "pm" else { return nil }
            hour = hour % 12 + (words[5] == "pm" ? 12 : 0)
        }
        return ImportText.date(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: Double(second), timeZone: timeZone)
    }

    mutating func read(_ text: String) -> Date? {
        if let date = englishDate(text) { return date }
        for (index, formatter) in formatters.enumerated() {
            if let date = formatter.date(from: text) {
                if index > 0 { formatters.swapAt(0, index) }
                return date
            }
        }
        return nil
    }
}
