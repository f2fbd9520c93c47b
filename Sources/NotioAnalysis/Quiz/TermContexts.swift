import Foundation
import NotioCore

/// Where each term stands in the document, told by the words around it: terms of one kind are
/// written in like places ("공무원이 자녀를 양육" and "근로자가 자녀를 양육"; "국회는 … 의결한다" and
/// "정부는 … 의결한다"), terms of other kinds in others (월급여액 "받는", 개정안 "에서"). The
/// distributional model of kinds, from the document alone: no list of kinds to keep up, and it
/// works for any family of documents.
final class TermContexts: Sendable {
    /// The document's words with their particles off, in order.
    private let stems: [String]
    /// The particle each word carried ("" for none): "공무원이" and "근로자가" take a subject's.
    private let particles: [String]
    /// Each stem's positions in `stems`.
    private let positions: [String: [Int]]
    /// How much a neighbour says: a word written everywhere ("있다", "수") says little.
    private let weights: [String: Double]
    /// Each term's neighbour vector and its length, made on first use.
    private let vectors = Memo<String, Vector>()

    struct Vector: Sendable {
        var weights: [String: Double] = [:]
        var norm = 0.0
    }

    /// Neighbours this many words either side count, nearer ones more, each by its side and
    /// distance: what can stand in a term's place shares its neighbours where they stand, not
    /// only its topic ("공무원" beside "근로자", not beside "자녀", which it is often written near).
    static let window = 2

    init(tokens: [String]) {
        var stemOf: [String: String] = [:]
        var stems: [String] = []
        var particles: [String] = []
        stems.reserveCapacity(tokens.count)
        for token in tokens {
            let stem: String
            if let known = stemOf[token] { stem = known } else {
                stem = KoreanText.stripParticle(token)
                stemOf[token] = stem
            }
            stems.append(stem)
            particles.append(String(token.dropFirst(stem.count)))
        }
        self.particles = particles
        var positions: [String: [Int]] = [:]
        for (i, stem) in stems.enumerated() { positions[stem, default: []].append(i) }
        self.stems = stems
        self.positions = positions
        let total = Double(max(stems.count, 1))
        weights = positions.mapValues { log(total / Double($0.count)) / log(total + 1) }
    }

    /// How alike the places of two terms are, 0...1 (cosine of their neighbour vectors); 0 when
    /// either is never found as written.
    func fit(_ a: String, _ b: String) -> Double {
        let x = vector(a), y = vector(b)
        guard x.norm > 0, y.norm > 0 else { return 0 }
        var dot = 0.0
        for (word, weight) in x.weights { if let other = y.weights[word] { dot += weight * other } }
        return dot / (x.norm * y.norm)
    }

    /// What the particle after a term says of its place, against a neighbour's weight (up to 1).
    static let particleWeight = 0.5

    /// A particle by its case, whichever form the last sound of the word took (이/가, 을/를 …).
    static func particleCase(_ particle: String) -> String {
        switch particle {
        case "가": "이"
        case "는": "은"
        case "를": "을"
        case "와": "과"
        case "으로": "로"
        default: particle
        }
    }

    private func vector(_ term: String) -> Vector {
        vectors.value(for: term) { term in
            let words = term.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { KoreanText.stripParticle(String($0)) }
            guard let first = words.first else { return Vector() }
            var vector: [String: Double] = [:]
            for start in positions[first] ?? [] {
                let end = start + words.count
                guard end <= stems.count, Array(stems[start..<end]) == words else { continue }
                vector["P:" + Self.particleCase(particles[end - 1]), default: 0] += Self.particleWeight
                for d in 1...Self.window {
                    if start - d >= 0 {
                        let word = stems[start - d]
                        vector["L\(d):" + word, default: 0] += (weights[word] ?? 0) / Double(d)
                    }
                    if end - 1 + d < stems.count {
                        let word = stems[end - 1 + d]
                        vector["R\(d):" + word, default: 0] += (weights[word] ?? 0) / Double(d)
                    }
                }
            }
            return Vector(weights: vector, norm: vector.values.reduce(0) { $0 + $1 * $1 }.squareRoot())
        }
    }
}
