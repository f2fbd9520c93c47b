import Foundation

/// Two-word terms ("라운드 로빈", "문맥 교환", "Round Robin"): pairs of adjacent words (two nouns of
/// one noun phrase, where the words are tagged) that the document writes together at least
/// twice, and for at least a third of the rarer word's uses.
/// Each becomes a term of its own, added to the sentences it occurs in, so that it is weighed,
/// ranked and related like any word.
enum TermPhrases {
    static let minimumCount = 2
    /// The pair's share of the rarer word's occurrences: "프로세스 스케줄링" in a chapter on
    /// scheduling qualifies, "운영체제 프로세스" said once among fifty uses of each does not.
    static let minimumCohesion = 1.0 / 3.0

    static func add(to sections: inout [[OfflineAnalysis.Sentence]], vocabulary: TermVocabulary) {
        var counts: [[Int]: Int] = [:]
        // How often a phrase is the whole of the phrase the text writes, not a part of a longer
        // one: "가능 자녀" is only ever part of "육아휴직 가능 자녀", "대화 상자" also stands alone.
        var wholeCounts: [[Int]: Int] = [:]
        var wordCounts: [Int: Int] = [:]
        var found: [[[TermVocabulary.Phrase]]] = []
        for section in sections {
            var sectionPhrases: [[TermVocabulary.Phrase]] = []
            for sentence in section {
                for term in sentence.terms { wordCounts[term, default: 0] += 1 }
                let phrases = sentence.words.map(vocabulary.nounPhrases(of:))
                    ?? vocabulary.adjacentPairs(sentence.text).map { TermVocabulary.Phrase(words: [$0.0, $0.1], isPart: false) }
                for phrase in phrases {
                    counts[phrase.words, default: 0] += 1
                    if !phrase.isPart { wholeCounts[phrase.words, default: 0] += 1 }
                }
                sectionPhrases.append(phrases)
            }
            found.append(sectionPhrases)
        }
        let accepted = Set(counts.filter { words, count in
            let rarer = words.map { wordCounts[$0] ?? 0 }.min() ?? 0
            return count >= minimumCount && (wholeCounts[words] ?? 0) > 0 && Double(count) >= minimumCohesion * Double(rarer)
        }.keys)
        guard !accepted.isEmpty else { return }
        for s in sections.indices {
            for i in sections[s].indices {
                for phrase in found[s][i] where accepted.contains(phrase.words) {
                    sections[s][i].terms.append(vocabulary.phrase(phrase.words))
                }
            }
        }
    }
}
