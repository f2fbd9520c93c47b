import Foundation

/// Notes and books as Markdown files for Obsidian: YAML front matter (properties), then the body.
public enum MarkdownExport {
    /// A note with its concepts; `pages` adds the source text at the end.
    public static func note(_ detail: NoteDetail, pages: [SourcePage]?) -> (fileName: String, text: String) {
        let note = detail.summary
        var lines = ["---"]
        lines.append("title: \(yaml(note.title))")
        lines.append("category: \(yaml(note.category.label))")
        lines.append("category-id: \(note.category.rawValue)")
        lines += yamlList("tags", tags(detail.keywords.map(\.term)))
        lines.append("created: \(iso8601(note.createdAt))")
        lines.append("source: notio")
        lines.append("notio-id: \(yaml(note.id))")
        lines += ["---", "", "# \(oneLine(note.title))", ""]

        if !detail.keywords.isEmpty {
            let terms = detail.keywords.map { keyword in
                keyword.relatedTerms.isEmpty ? oneLine(keyword.term)
                    : "\(oneLine(keyword.term)) (\(keyword.relatedTerms.map(oneLine).joined(separator: ", ")))"
            }
            lines += ["**키워드:** \(terms.joined(separator: " · "))", ""]
        }
        for concept in detail.concepts {
            lines += ["## \(oneLine(concept.name))", ""]
            if let definition = concept.definition, !definition.isEmpty {
                lines += paragraphLines(definition).map { $0.isEmpty ? ">" : "> \($0)" } + [""]
            }
            if !concept.summary.isEmpty { lines += paragraphLines(concept.summary) + [""] }
            if !concept.keyPoints.isEmpty { lines += concept.keyPoints.map { "- \(oneLine($0))" } + [""] }
            if let table = concept.comparison, !table.columns.isEmpty { lines += tableLines(table) + [""] }
            if !concept.pages.isEmpty { lines += ["*p. \(concept.pages.map(String.init).joined(separator: ", "))*", ""] }
        }
        if let pages, !pages.isEmpty {
            lines += ["## 원문", ""]
            for page in pages {
                lines += ["### p. \(page.number)", ""] + paragraphLines(page.text) + [""]
            }
        }
        return (fileName(note.title), lines.joined(separator: "\n"))
    }

    /// A book with the sentences kept from it, in the order given.
    public static func book(_ book: Book, sentences: [Sentence]) -> (fileName: String, text: String) {
        var lines = ["---"]
        lines.append("title: \(yaml(book.title))")
        lines.append("author: \(yaml(book.author))")
        if let publisher = book.publisher, !publisher.isEmpty { lines.append("publisher: \(yaml(publisher))") }
        if let isbn13 = book.isbn13, !isbn13.isEmpty { lines.append("isbn13: \(yaml(isbn13))") }
        if let genre = book.genre, !genre.isEmpty { lines.append("genre: \(yaml(genre))") }
        lines.append("status: \(yaml(book.status.label))")
        lines.append("status-id: \(book.status.rawValue)")
        lines += yamlList("tags", tags(["book"] + [book.genre].compactMap { $0 }))
        lines.append("created: \(iso8601(book.createdAt))")
        lines.append("source: notio")
        lines.append("notio-id: \(yaml(book.id))")
        lines += ["---", "", "# \(oneLine(book.title))", ""]
        if !book.author.isEmpty { lines += ["*\(oneLine(book.author))*", ""] }

        for (index, sentence) in sentences.enumerated() {
            if index > 0 { lines += ["---", ""] }
            lines += paragraphLines(sentence.text).map { $0.isEmpty ? ">" : "> \($0)" } + [""]
            var about: [String] = []
            if let page = sentence.page { about.append("p. \(page)") }
            if let emotion = sentence.emotion { about.append("\(emotion.emoji) \(emotion.label)") }
            if !about.isEmpty { lines += [about.joined(separator: " · "), ""] }
            if let memo = sentence.memo, !memo.isEmpty { lines += paragraphLines(memo) + [""] }
        }
        return (fileName(book.title), lines.joined(separator: "\n"))
    }

    // MARK: - File names

    /// A name every OS and Obsidian accepts: no `/\:*?"<>|` (nor `#^[]`, which break Obsidian
    /// links), no control characters, no leading or trailing dots or spaces, at most 80
    /// characters before `.md`, NFC; Korean kept.
    public static func fileName(_ title: String, extension ext: String = "md") -> String {
        let forbidden = Set("/\\:*?\"<>|#^[]")
        var name = String(title.precomposedStringWithCanonicalMapping.map { character -> Character in
            if forbidden.contains(character) { return " " }
            if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return " " }
            return character
        })
        name = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        name = String(name.prefix(80))
        name = name.trimmingCharacters(in: CharacterSet(charactersIn: ". ").union(.whitespaces))
        if name.isEmpty { name = "제목 없음" }
        // Names Windows keeps for devices, whatever the extension.
        let device = name.split(separator: ".").first.map { $0.uppercased() } ?? ""
        if ["CON", "PRN", "AUX", "NUL"].contains(device) || (device.count == 4 && ["COM", "LPT"].contains(device.prefix(3))
            && device.last!.isNumber) {
            name = "_" + name
        }
        return "\(name).\(ext)"
    }

    /// `name`, or `name 2`, `name 3`... before the extension, the first one not in `used`; records it.
    /// `used` holds names folded to lower case, as case-insensitive file systems compare them.
    public static func uniqueName(_ name: String, used: inout Set<String>) -> String {
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let ext = dot.map { String(name[$0...]) } ?? ""
        var candidate = name
        var number = 2
        while used.contains(candidate.lowercased()) {
            candidate = "\(stem) \(number)\(ext)"
            number += 1
        }
        used.insert(candidate.lowercased())
        return candidate
    }

    // MARK: - YAML and Markdown pieces

    /// A YAML double-quoted scalar: always quoted, so that colons, `#`, `yes`, numbers and
    /// leading dashes stay strings.
    static func yaml(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}":
                out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func yamlList(_ key: String, _ values: [String]) -> [String] {
        values.isEmpty ? ["\(key): []"] : ["\(key):"] + values.map { "  - \(yaml($0))" }
    }

    /// Obsidian tags: letters, digits, `_`, `-` and `/`, spaces as `_`, not only digits; no repeats.
    static func tags(_ terms: [String]) -> [String] {
        var seen = Set<String>()
        return terms.compactMap { term in
            let joined = term.split(whereSeparator: \.isWhitespace).joined(separator: "_")
            let tag = String(joined.filter { $0.isLetter || $0.isNumber || "_-/".contains($0) })
            guard !tag.isEmpty, !tag.allSatisfy(\.isNumber), seen.insert(tag.lowercased()).inserted else { return nil }
            return tag
        }
    }

    private static func iso8601(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// Lines of a text as Markdown paragraphs: a line that would open a heading is escaped.
    private static func paragraphLines(_ text: String) -> [String] {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
            .split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { line in line.hasPrefix("#") ? "\\" + line : String(line) }
    }

    private static func tableLines(_ table: ComparisonTable) -> [String] {
        func row(_ cells: [String]) -> String {
            let padded = cells.prefix(table.columns.count) + Array(repeating: "", count: max(0, table.columns.count - cells.count))
            return "| " + padded.map(cell).joined(separator: " | ") + " |"
        }
        return [row(table.columns), "|" + String(repeating: " --- |", count: table.columns.count)] + table.rows.map(row)
    }

    /// A table cell: `|` escaped, line breaks as `<br>`.
    static func cell(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "|", with: "\\|")
            .split(whereSeparator: \.isNewline).joined(separator: "<br>")
    }
}
