import Foundation
import NotioCore

/// A note prepared once for quiz making: each concept's names, page, definition and sentences;
/// the pool of terms distractors and blanks are drawn from; cached bigrams for similarity.
struct QuizMaterial {
    struct ConceptEntry {
        var concept: Concept
        /// The name and the parts of "교착 상태(Deadlock)": every spelling to mask.
        var names: [String]
        /// `names` as compact keys.
        var nameKeys: [String]
        /// The name as shown in options ("교착 상태(Deadlock)" stays whole).
        var display: String
        var page: Int?
        /// Definition, else the first sentence of the summary.
        var definition: String?
        /// Key points first, then summary sentences: material for cloze and detail questions.
        var keySentences: [String]
        /// Concepts this one mentions or is compared with.
        var related: Set<Int>
    }

    struct Term {
        var text: String
        var key: String
        /// The concept the term names or belongs to, when known.
        var concept: Int?
        /// Keyword group: terms of one keyword with its related terms share a group.
        var group: Int?
    }

    var concepts: [ConceptEntry] = []
    var terms: [Term] = []
    /// Spellings the document pairs in two scripts ("커널(kernel)"), by compact key.
    var scriptPairs: [String: [String]] = [:]
    /// Every term's key and every concept name's key.
    var termKeys = Set<String>()
    private var bigramCache: [String: [String]] = [:]

    init(analysis: NoteAnalysis, pages: [SourcePage]) {
        scriptPairs = ScriptPairs.find(in: pages)
        // Page keys are only needed for concepts without pages: computed once, on first need.
        var pageKeysCache: [(Int, String)]?
        func pageKeys() -> [(Int, String)] {
            if let pageKeysCache { return pageKeysCache }
            let keys = pages.map { ($0.number, KoreanText.compact($0.text)) }
            pageKeysCache = keys
            return keys
        }
        for concept in analysis.concepts where !KoreanText.compact(concept.name).isEmpty {
            let (outside, inside) = AnswerMatcher.nameParts(concept.name)
            var names = [concept.name]
            if !inside.isEmpty { names.append(outside); names.append(contentsOf: inside) }
            names = names.filter { !KoreanText.compact($0).isEmpty }
            let nameKey = KoreanText.compact(outside.isEmpty ? concept.name : outside)
            let page = concept.pages.min() ?? pageKeys().first { KoreanText.contains($0.1, nameKey) }?.0
            let summarySentences = QuizText.sentences(concept.summary)
            let definition = concept.definition.flatMap { KoreanText.compact($0).count >= 6 ? $0 : nil } ?? summarySentences.first
            var seen = Set<String>()
            var sentences: [String] = []
            for s in concept.keyPoints.flatMap(QuizText.sentences) + summarySentences + [definition].compactMap({ $0 })
            where seen.insert(KoreanText.compact(s)).inserted {
                sentences.append(s)
            }
            concepts.append(ConceptEntry(concept: concept, names: names, nameKeys: names.map(KoreanText.compact), display: concept.name, page: page,
                                         definition: definition, keySentences: sentences, related: []))
        }
        // Relations: a concept mentions another, or both stand in one comparison table.
        let nameKeys = concepts.map(\.nameKeys)
        for i in concepts.indices {
            let c = concepts[i].concept
            let text = KoreanText.compact(([c.summary, c.definition ?? ""] + c.keyPoints).joined(separator: " "))
            let tableText = KoreanText.compact(((c.comparison?.columns ?? []) + (c.comparison?.rows.flatMap { $0 } ?? [])).joined(separator: " "))
            for j in concepts.indices where j != i {
                if nameKeys[j].contains(where: { KoreanText.contains(text, $0) || KoreanText.contains(tableText, $0) }) {
                    concepts[i].related.insert(j)
                    concepts[j].related.insert(i)
                }
            }
        }
        // Terms: concept names, keywords with their related terms, compared things.
        var seenTerms = Set<String>()
        func add(_ text: String, concept: Int?, group: Int?) {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let key = KoreanText.compact(trimmed)
            guard key.count >= 2, trimmed.count <= 24, seenTerms.insert(key).inserted else { return }
            terms.append(Term(text: trimmed, key: key, concept: concept, group: group))
        }
        for (i, entry) in concepts.enumerated() { add(entry.names.count > 1 ? entry.names[1] : entry.display, concept: i, group: nil) }
        for (g, keyword) in analysis.keywords.enumerated() {
            let owner = concepts.indices.first { nameKeys[$0].contains(KoreanText.compact(keyword.term)) }
            add(keyword.term, concept: owner, group: g)
            for related in keyword.relatedTerms { add(related, concept: nil, group: g) }
        }
        for (i, entry) in concepts.enumerated() {
            for column in (entry.concept.comparison?.columns ?? []).dropFirst() { add(column, concept: i, group: nil) }
        }
        termKeys = Set(terms.map(\.key) + concepts.flatMap(\.nameKeys))
    }

    /// `alternatives` with the other-script spellings the document gives for `answer` or for any
    /// of them, each once.
    func withScriptPairs(_ answer: String, _ alternatives: [String]) -> [String] {
        var out = alternatives
        var seen = Set(([answer] + alternatives).map(KoreanText.compact))
        for text in [answer] + alternatives {
            for other in scriptPairs[KoreanText.compact(text)] ?? [] where seen.insert(KoreanText.compact(other)).inserted {
                out.append(other)
            }
        }
        return out
    }

    /// Whether a term of this note may be blanked or offered (`QuizText.isContentTerm`, with the
    /// note's own terms to catch a particle left on a shorter one: "큐에" beside "큐").
    func isContentTerm(_ text: String) -> Bool {
        QuizText.isContentTerm(text, knownTerms: termKeys)
    }

    mutating func bigrams(_ text: String) -> [String] {
        if let cached = bigramCache[text] { return cached }
        let grams = KoreanText.bigrams(text)
        bigramCache[text] = grams
        return grams
    }

    mutating func similarity(_ a: String, _ b: String) -> Double {
        KoreanText.diceCoefficient(bigrams(a), bigrams(b))
    }
}
