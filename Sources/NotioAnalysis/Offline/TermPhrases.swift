import Foundation

/// Two-word terms ("라운드 로빈", "문맥 교환", "Round Robin"): pairs of adjacent words that the
/// document writes together at least twice, and for at least a third of the rarer word's uses.
/// Each becomes a term of its own, added to the sentences it occurs in, so that it is weighed,
/// ranked and related like any word.
enum TermPhrases {
    static let minimumCount = 2
    /// The pair's share of the rarer word's occurrences: "프로세스 스케줄링" in a chapter on
    /// scheduling qualifies, "운영체제 프로세스" said once among fifty uses of each does not.
    static let minimumCohesion = 1.0 / 3.0

    static func add(to sections: inout [[OfflineAnalysis.Sentence]], vocabulary: TermVocabulary) {
        struct Pair: Hashable { var first: Int, second: Int }
        var pairCounts: [Pair: Int] = [:]
        var wordCounts: [Int: Int] = [:]
        var pairsOf: [[[Pair]]] = []
        for section in sections {
            var sectionPairs: [[Pair]] = []
            for sentence in section {
                for term in sentence.terms { wordCounts[term, default: 0] += 1 }
                let pairs = vocabulary.adjacentPairs(sentence.text).map { Pair(first: $0.0, second: $0.1) }
                for pair in pairs { pairCounts[pair, default: 0] += 1 }
                sectionPairs.append(pairs)
            }
            pairsOf.append(sectionPairs)
        }
        let accepted = Set(pairCounts.filter { pair, count in
            let rarer = min(wordCounts[pair.first] ?? 0, wordCounts[pair.second] ?? 0)
            return count >= minimumCount && Double(count) >= minimumCohesion * Double(rarer)
        }.keys)
        guard !accepted.isEmpty else { return }
        for s in sections.indices {
            for i in sections[s].indices {
                for pair in pairsOf[s][i] where accepted.contains(pair) {
                    sections[s][i].terms.append(vocabulary.phrase(pair.first, pair.second))
                }
            }
        }
    }
}
