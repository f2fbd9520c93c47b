import Foundation
import NotioCore

/// Folds the analyses of a document's chunks into one note: a concept named in several chunks
/// becomes one card with the union of its pages and the fuller text.
enum NoteMerger {
    static func merge(_ parts: [NoteAnalysis]) -> NoteAnalysis {
        var concepts: [Concept] = []
        var conceptIndex: [String: Int] = [:]
        for concept in parts.flatMap(\.concepts) {
            let key = normalisedName(concept.name)
            guard let index = conceptIndex[key] else {
                conceptIndex[key] = concepts.count
                concepts.append(concept)
                continue
            }
            var kept = concepts[index]
            if concept.summary.count > kept.summary.count { kept.summary = concept.summary }
            if (concept.definition?.count ?? 0) > (kept.definition?.count ?? 0) { kept.definition = concept.definition }
            let seen = Set(kept.keyPoints.map(normalisedName))
            kept.keyPoints += concept.keyPoints.filter { !seen.contains(normalisedName($0)) }
            if kept.comparison == nil { kept.comparison = concept.comparison }
            kept.pages = Array(Set(kept.pages).union(concept.pages)).sorted()
            concepts[index] = kept
        }

        var keywords: [Keyword] = []
        var keywordIndex: [String: Int] = [:]
        for keyword in parts.flatMap(\.keywords) {
            let key = normalisedName(keyword.term)
            guard let index = keywordIndex[key] else {
                keywordIndex[key] = keywords.count
                keywords.append(Keyword(term: keyword.term, relatedTerms: unique(keyword.relatedTerms)))
                continue
            }
            keywords[index].relatedTerms = unique(keywords[index].relatedTerms + keyword.relatedTerms)
        }

        let title = parts.lazy.map(\.title).first(where: { !$0.isEmpty }) ?? ""
        return NoteAnalysis(title: title, concepts: concepts, keywords: keywords)
    }

    /// "Process Scheduling", "process  scheduling.", "Ｐｒｏｃｅｓｓ Scheduling" → one key.
    static func normalisedName(_ text: String) -> String {
        let folded = text.precomposedStringWithCompatibilityMapping.lowercased()
        return String(String.UnicodeScalarView(folded.unicodeScalars.filter {
            CharacterSet.letters.contains($0) || CharacterSet.decimalDigits.contains($0)
        }))
    }

    private static func unique(_ terms: [String]) -> [String] {
        var seen = Set<String>()
        return terms.filter { seen.insert(normalisedName($0)).inserted }
    }
}
