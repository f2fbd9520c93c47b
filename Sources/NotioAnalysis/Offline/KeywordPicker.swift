import Foundation
import NotioCore

/// Term frequencies per section and inverse section frequencies.
struct TermWeights {
    var idf: [Double]
    var total: [Int]
    var sectionFrequency: [Int]
    /// Σ over sections of tf/len · idf: high for words that matter a lot to some sections.
    var score: [Double]

    init(sections: [[[Int]]], vocabularySize: Int) {
        total = [Int](repeating: 0, count: vocabularySize)
        sectionFrequency = [Int](repeating: 0, count: vocabularySize)
        var perSection: [[Int: Int]] = []
        for section in sections {
            var counts: [Int: Int] = [:]
            for sentence in section { for term in sentence { counts[term, default: 0] += 1 } }
            for (term, count) in counts { total[term] += count; sectionFrequency[term] += 1 }
            perSection.append(counts)
        }
        let n = Double(max(sections.count, 1))
        idf = sectionFrequency.map { log(1 + n / Double(max($0, 1))) }
        score = [Double](repeating: 0, count: vocabularySize)
        for counts in perSection {
            let length = Double(max(counts.values.reduce(0, +), 1))
            for (term, count) in counts { score[term] += (1 + log(Double(count))) / sqrt(length) * idf[term] }
        }
    }
}

/// The document's keywords: candidate words with the best TF-IDF scores, each with the
/// candidates that share its sentences most often as related terms.
struct KeywordPicker {
    let vocabulary: TermVocabulary
    let weights: TermWeights
    let sections: [[[Int]]]

    /// A phrase outranks its words by this factor: "라운드 로빈" is the term, "라운드" a piece of it.
    static let phraseBoost = 1.5

    func keywords(count: Int) -> [Keyword] {
        // Terms made after the weights (a definition's subject looked up) have no weight and are no candidates.
        var candidates = Set((0..<weights.total.count).filter { vocabulary.isKeyword($0) && weights.total[$0] >= 2 })
        // A word used mostly inside a phrase is represented by the phrase (로빈 by 라운드 로빈).
        for (phrase, words) in vocabulary.phraseWords where candidates.contains(phrase) {
            for word in words where 2 * weights.total[phrase] >= weights.total[word] { candidates.remove(word) }
        }
        func score(_ term: Int) -> Double { weights.score[term] * (vocabulary.phraseWords[term] == nil ? 1 : Self.phraseBoost) }
        let ranked = candidates.sorted { score($0) != score($1) ? score($0) > score($1) : $0 < $1 }
        let chosen = Array(ranked.prefix(count))
        let pool = Set(ranked.prefix(200))
        let chosenIndex = Dictionary(uniqueKeysWithValues: chosen.enumerated().map { ($1, $0) })
        var together = [[Int: Int]](repeating: [:], count: chosen.count)
        for section in sections {
            for sentence in section {
                let present = Set(sentence)
                let keys = present.compactMap { chosenIndex[$0] }
                guard !keys.isEmpty else { continue }
                let others = present.filter { pool.contains($0) }
                for key in keys { for other in others where other != chosen[key] { together[key][other, default: 0] += 1 } }
            }
        }
        return chosen.enumerated().map { position, term in
            var scored: [(term: Int, weight: Double)] = []
            for (other, shared) in together[position] {
                let frequency = Double(weights.total[other])
                scored.append((other, Double(shared) / frequency.squareRoot()))
            }
            scored.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.term < $1.term }
            let related: [String] = scored.map { vocabulary.forms[$0.term] }
            var unique: [String] = []
            for form in related where !unique.contains(form) && form.lowercased() != vocabulary.forms[term].lowercased() {
                unique.append(form)
                if unique.count == 5 { break }
            }
            if unique.count < 2 {
                for other in ranked.prefix(30) where other != term && !unique.contains(vocabulary.forms[other]) {
                    unique.append(vocabulary.forms[other])
                    if unique.count >= 2 { break }
                }
            }
            return Keyword(term: vocabulary.forms[term], relatedTerms: unique)
        }
    }
}
