import Foundation
import NotioCore

/// The seeded generator with the draws the page set needs, so a page set is the same on every
/// machine and every run.
struct SeededRandom: RandomNumberGenerator {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// A generator for one part of the set (a page, a variant), independent of how many numbers
    /// the other parts drew.
    init(seed: UInt64, stream: String) {
        generator = SeededGenerator(seed: seed ^ stableHash(stream))
        _ = next()
    }

    mutating func next() -> UInt64 { generator.next() }

    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    mutating func chance(_ probability: Double) -> Bool {
        uniform(0...1) < probability
    }

    /// A random sign times a magnitude drawn from `range`: "±3°" means 1...3 either way, never 0.
    mutating func signed(_ range: ClosedRange<Double>) -> Double {
        (chance(0.5) ? -1 : 1) * uniform(range)
    }

    /// Standard normal deviate.
    mutating func gaussian() -> Double {
        gaussianPair().0
    }

    /// Two independent standard normal deviates (Box–Muller), for the noise loop where half the
    /// cost of `gaussian()` would be thrown away.
    mutating func gaussianPair() -> (Double, Double) {
        let u1 = Double((next() >> 11) + 1) * 0x1p-53  // (0, 1]: log stays finite
        let u2 = Double(next() >> 11) * 0x1p-53
        let r = (-2 * log(u1)).squareRoot()
        return (r * cos(2 * .pi * u2), r * sin(2 * .pi * u2))
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[int(0...(items.count - 1))]
    }
}
