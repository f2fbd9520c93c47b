import Foundation

/// Quiz questions as a tab-separated file that Anki imports (File → Import) as Basic cards.
public enum AnkiExport {
    /// Header lines tell Anki the separator, that fields are HTML and which column holds tags.
    public static func tsv(questions: [(Question, noteTitle: String)]) -> String {
        var text = "#separator:tab\n#html:true\n#tags column:3\n#columns:Front\tBack\tTags\n"
        for (question, noteTitle) in questions {
            text += [front(question), back(question), tags(question, noteTitle: noteTitle)].joined(separator: "\t")
            text += "\n"
        }
        return text
    }

    /// The prompt, and for a choice question its options as a numbered list.
    static func front(_ question: Question) -> String {
        var front = html(question.prompt)
        if question.kind == .choice, !question.options.isEmpty {
            front += "<ol>" + question.options.map { "<li>\(html($0))</li>" }.joined() + "</ol>"
        }
        return front
    }

    /// The answer (with its number for a choice question), then the explanation.
    static func back(_ question: Question) -> String {
        var back = html(question.answer)
        if question.kind == .choice, let index = question.correctIndex, question.options.indices.contains(index) {
            back = "\(index + 1). " + html(question.options[index])
        }
        if let explanation = question.explanation, !explanation.isEmpty {
            back += "<br><br>" + html(explanation)
        }
        return back
    }

    /// `notio`, the note's title and the concept's name as tags; Anki splits tags on spaces.
    static func tags(_ question: Question, noteTitle: String) -> String {
        var tags = ["notio"]
        for name in [noteTitle, question.conceptName] {
            let tag = name.split(whereSeparator: { $0.isWhitespace || $0 == "\"" }).joined(separator: "_")
            if !tag.isEmpty, !tags.contains(tag) { tags.append(tag) }
        }
        return tags.joined(separator: " ")
    }

    /// A field's text as HTML on one line: `<>&"` escaped (Anki treats a leading quote as CSV
    /// quoting), line breaks as `<br>`, tabs as spaces.
    static func html(_ text: String) -> String {
        var out = ""
        var lastWasReturn = false
        for scalar in text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars {
            defer { lastWasReturn = scalar == "\r" }
            switch scalar {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "\n" where lastWasReturn: continue
            case "\r", "\n", "\u{2028}", "\u{2029}", "\u{85}": out += "<br>"
            case "\t": out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
