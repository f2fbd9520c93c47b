import Foundation

/// A list of particles to take off the end of a word, tried in order: the first the word ends
/// with, leaving enough of the word, is taken off. Words of ASCII and precomposed syllables
/// (nearly all) are compared by bytes, where a character is a scalar and a suffix a byte suffix,
/// without String's grapheme and canonical-equivalence machinery; other words by characters.
public struct ParticleSuffixes: Sendable {
    private let particles: [(text: String, length: Int, bytes: [UInt8])]

    public init(_ particles: [String]) {
        self.particles = particles.map { ($0, $0.count, Array($0.utf8)) }
    }

    /// `word` without its particle; `minimumRest` gives, for a particle of so many characters,
    /// how many characters must stay before it.
    public func removing(from word: String, minimumRest: (Int) -> Int) -> String {
        guard KoreanText.isStable(word) else {
            let count = word.count
            for particle in particles where count - particle.length >= minimumRest(particle.length) && word.hasSuffix(particle.text) {
                return String(word.dropLast(particle.length))
            }
            return word
        }
        let count = word.unicodeScalars.count
        for particle in particles where count - particle.length >= minimumRest(particle.length)
            && word.utf8.suffix(particle.bytes.count).elementsEqual(particle.bytes) {
            return String(decoding: word.utf8.dropLast(particle.bytes.count), as: UTF8.self)
        }
        return word
    }
}
