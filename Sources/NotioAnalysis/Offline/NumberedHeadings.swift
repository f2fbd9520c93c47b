import Foundation
import NotioCore

/// Headings found in plain text: "1.2 Title", "1.2" then "Title" on a later line, "제 3 장 ...",
/// "Chapter 2 ...", "# Title". Tables of contents (lines ending in page numbers) are skipped, and
/// the chapter numbers must go forwards.
enum NumberedHeadings {
    static func find(in layout: TextLayout) -> [Heading] {
        var result: [Heading] = []
        var seen = Set<String>()
        var lastTop: [Bool: Int] = [:]
        var index = 0
        let lines = layout.lines
        // Pages of a table of contents: many dot leaders.
        var leaders: [Int: Int] = [:]
        for line in lines where line.text.contains(". . .") || line.text.contains("....") || line.text.contains("···") { leaders[line.page, default: 0] += 1 }
        let contentsPages = Set(leaders.filter { $0.value >= 4 }.keys)
        while index < lines.count {
            defer { index += 1 }
            let line = lines[index]
            if line.isBreak || contentsPages.contains(line.page) { continue }
            guard let (number, depth, inlineTitle, isChapter) = numbering(line.text) else { continue }
            var title = inlineTitle
            var contentLine = index + 1
            if title.isEmpty {
                // The title on the next non-empty line of the same page ("1.1" / "간략한 역사").
                var next = index + 1
                while next < lines.count, lines[next].text.isEmpty, lines[next].page == line.page { next += 1 }
                guard next < lines.count, lines[next].page == line.page, isTitleLike(lines[next].text) else { continue }
                title = lines[next].text
                contentLine = next + 1
            }
            guard isTitleLike(title) else { continue }
            if let top = number {
                if let last = lastTop[isChapter], top < last || top > last + 2 { continue }
            }
            let key = "\(depth)|\(line.text)|\(title)"
            guard !seen.contains(key) else { continue }
            seen.insert(key)
            if let top = number { lastTop[isChapter] = top }
            result.append(Heading(title: title, level: depth, line: contentLine, marks: Array(index..<contentLine)))
        }
        return result
    }

    /// (chapter number, level, title after the number, whether a chapter) of a numbered heading line.
    /// Chapters ("제 3 장", "Chapter 3") are level 0, "1" level 1, "1.2" level 2.
    private static func numbering(_ text: String) -> (Int?, Int, String, Bool)? {
        let chars = Array(text)
        guard let first = chars.first else { return nil }
        if first == "#" {
            let hashes = chars.prefix { $0 == "#" }.count
            guard hashes <= 3, chars.count > hashes, chars[hashes] == " " else { return nil }
            return (nil, hashes - 1, String(chars[(hashes + 1)...]).trimmingCharacters(in: .whitespaces), false)
        }
        if first == "제" {
            // 제 3 장 / 제3장 / 제 2 절
            var i = 1
            while i < chars.count, chars[i] == " " { i += 1 }
            let digitsStart = i
            while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1 }
            guard i > digitsStart, let n = Int(String(chars[digitsStart..<i])) else { return nil }
            while i < chars.count, chars[i] == " " { i += 1 }
            guard i < chars.count, "장절부강".contains(chars[i]), i + 1 == chars.count || chars[i + 1] == " " else { return nil }
            let depth = chars[i] == "절" ? 1 : 0
            let title = String(chars[(i + 1)...]).trimmingCharacters(in: .whitespaces)
            return (depth == 0 ? n : nil, depth, title, true)
        }
        for word in ["Chapter ", "CHAPTER ", "Lecture ", "Part "] where text.hasPrefix(word) {
            let rest = text.dropFirst(word.count)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let n = Int(digits) else { return nil }
            let title = rest.dropFirst(digits.count).drop { $0 == ":" || $0 == "." || $0 == " " }
            return (n, 0, String(title), true)
        }
        guard first.isASCII, first.isNumber else { return nil }
        var i = 0
        var components: [Int] = []
        while i < chars.count {
            let start = i
            while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1 }
            guard i > start, i - start <= 2, let n = Int(String(chars[start..<i])) else { return nil }
            components.append(n)
            if i < chars.count, chars[i] == ".", i + 1 < chars.count, chars[i + 1].isNumber { i += 1; continue }
            break
        }
        if i < chars.count, chars[i] == "." { i += 1 }
        if i == chars.count {
            // A number alone on its line is a heading only when dotted ("1.1"), not a page number.
            return components.count >= 2 ? (components[0], components.count, "", false) : nil
        }
        guard chars[i] == " " else { return nil }
        let title = String(chars[(i + 1)...]).trimmingCharacters(in: .whitespaces)
        return (components[0], components.count, title, false)
    }

    /// Short, starts with a capital letter or Hangul, no sentence end, not a contents line. A
    /// question is a title ("프로세스란 무엇인가요?"): lecture notes head sections with them.
    static func isTitleLike(_ text: String) -> Bool {
        guard text.count >= 2, text.count <= 60, let first = text.first else { return false }
        guard first.isUppercase || first.unicodeScalars.first.map(KoreanText.isHangulScalar) == true else { return false }
        guard let last = text.last, !".,;:!".contains(last), !last.isNumber else { return false }
        if text.contains(". . .") || text.contains("....") || text.contains(". ") { return false }
        let words = text.split(separator: " ")
        guard words.count <= 10 else { return false }
        let letters = text.filter { $0.isLetter }.count
        return Double(letters) / Double(text.count) >= 0.6
    }
}
