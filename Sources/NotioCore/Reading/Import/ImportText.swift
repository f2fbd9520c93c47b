import Foundation

/// Text helpers shared by the importers.
enum ImportText {
    /// For comparing, not for showing: compatibility-normalised (full-width letters, no-break
    /// spaces), lower-cased, whitespace runs made one space, trimmed.
    static func comparable(_ text: String) -> String {
        let folded = text.precomposedStringWithCompatibilityMapping.lowercased()
        return folded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// For showing: trimmed, with line breaks normalised to "\n"; nil when empty.
    static func clean(_ text: String?) -> String? {
        guard let text else { return nil }
        let unified = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let trimmed = unified.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// "Adams, Richard" → "Richard Adams"; "Gladstone, Max;El-Mohtar, Amal" → "Max Gladstone,
    /// Amal El-Mohtar": each `;`-separated name with exactly one comma is turned round, others stay.
    static func authorFromLastFirst(_ text: String) -> String {
        let names = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return names.map { name -> String in
            let parts = name.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return name }
            let last = parts[0].trimmingCharacters(in: .whitespaces), first = parts[1].trimmingCharacters(in: .whitespaces)
            guard !last.isEmpty, !first.isEmpty, !first.contains(" and "), !first.contains("&") else { return name }
            return first + " " + last
        }.joined(separator: ", ")
    }

    /// Lines without their terminators (LF, CRLF or CR), split on bytes: much faster on Linux than
    /// splitting by Character.
    static func lines(_ text: String) -> [Substring] {
        var out: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == 10 || byte == 13 {
                out.append(Substring(utf8[start..<index]))
                var next = utf8.index(after: index)
                if byte == 13, next != utf8.endIndex, utf8[next] == 10 { next = utf8.index(after: next) }
                start = next
                index = next
            } else {
                index = utf8.index(after: index)
            }
        }
        if start != utf8.endIndex { out.append(Substring(utf8[start..<utf8.endIndex])) }
        return out
    }

    /// A date from its parts in `timeZone`; nil for impossible dates.
    static func date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Double = 0, timeZone: TimeZone) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), second >= 0, second < 61 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let whole = Int(second)
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: whole)
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day else { return nil }
        return date.addingTimeInterval(second - Double(whole))
    }
}

/// Sentences without repeats: a sentence whose identity is already there is not added, and
/// its note (if any) joins the kept sentence's so that no words of the reader are lost.
struct UniqueSentences {
    private(set) var all: [ImportedSentence] = []
    private var positions: [String: Int] = [:]

    /// False when it was a repeat.
    mutating func add(_ sentence: ImportedSentence) -> Bool {
        guard let position = positions[sentence.identity] else {
            positions[sentence.identity] = all.count
            all.append(sentence)
            return true
        }
        if let note = sentence.note {
            let existing = all[position].note
            if existing == nil || !existing!.contains(note) {
                all[position].note = existing.map { $0 + "\n" + note } ?? note
            }
        }
        return false
    }
}
