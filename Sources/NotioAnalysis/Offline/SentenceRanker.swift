import Foundation

/// TextRank over one section's sentences: a sentence is central when it shares words with many others.
enum SentenceRanker {
    /// Indices of `sentences` (sorted term-id sets), most central first. Ties go to the earlier sentence.
    static func rank(_ sentences: [[Int]]) -> [Int] {
        let n = sentences.count
        guard n > 1 else { return Array(0..<n) }
        var weights = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        var totals = [Double](repeating: 0, count: n)
        for i in 0..<n {
            for j in (i + 1)..<n {
                let shared = overlap(sentences[i], sentences[j])
                guard shared > 0 else { continue }
                let w = Double(shared) / (log(Double(sentences[i].count) + 1) + log(Double(sentences[j].count) + 1))
                weights[i][j] = w; weights[j][i] = w
                totals[i] += w; totals[j] += w
            }
        }
        var score = [Double](repeating: 1, count: n)
        for _ in 0..<30 {
            var next = [Double](repeating: 0.15, count: n)
            for j in 0..<n where totals[j] > 0 {
                let share = 0.85 * score[j] / totals[j]
                for i in 0..<n where weights[j][i] > 0 { next[i] += weights[j][i] * share }
            }
            score = next
        }
        return (0..<n).sorted { score[$0] != score[$1] ? score[$0] > score[$1] : $0 < $1 }
    }

    private static func overlap(_ a: [Int], _ b: [Int]) -> Int {
        var i = 0, j = 0, count = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] { count += 1; i += 1; j += 1 } else if a[i] < b[j] { i += 1 } else { j += 1 }
        }
        return count
    }
}
