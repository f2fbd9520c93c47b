import Foundation

/// SplitMix64: a small, fast generator whose sequence depends only on the seed, so a page set is
/// the same on every machine and every run (the system generator is not seedable).
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A generator for one part of the set (a page, a variant), independent of how many numbers
    /// the other parts drew.
    init(seed: UInt64, stream: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: String.hashValue is salted per process
        for byte in stream.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        state = seed ^ hash
        _ = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

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
