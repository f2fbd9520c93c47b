import Foundation

/// The few sentences at the top of a note that say what the whole document is about: the
/// opening sentence of each of its first cards' summaries, in the document's order. Made from
/// the cards each time a note is shown, so it never disagrees with them, whichever analyser
/// (offline or a model) wrote them.
public enum NoteOverview {
    /// At most this many sentences, and about this many characters.
    public static let sentenceLimit = 3
    public static let characterLimit = 360

    public static func text(of concepts: [Concept]) -> String {
        var chosen: [String] = []
        var length = 0
        for concept in concepts {
            // A question (an FAQ's heading repeated as its first line) says nothing yet.
            guard let first = firstStatement(concept.summary) else { continue }
            guard !chosen.contains(first), length + first.count <= characterLimit || chosen.isEmpty else { continue }
            chosen.append(first)
            length += first.count + 1
            if chosen.count == sentenceLimit { break }
        }
        return chosen.joined(separator: " ")
    }

    /// The summary's first sentence that is a statement, not a question.
    public static func firstStatement(_ summary: String) -> String? {
        var start = summary.startIndex
        var index = summary.startIndex
        while index < summary.endIndex {
            let character = summary[index]
            let next = summary.index(after: index)
            // A sentence ends at ". ", "? ", "! " or the end of the summary.
            if ".?!。".contains(character), next == summary.endIndex || summary[next] == " " {
                let sentence = summary[start..<next].trimmingCharacters(in: .whitespaces)
                if !sentence.isEmpty, character != "?" { return sentence }
                start = next
            }
            index = next
        }
        let rest = summary[start...].trimmingCharacters(in: .whitespaces)
        return rest.isEmpty || rest.hasSuffix("?") ? nil : rest
    }
}
