import Foundation

/// SplitMix64: a small, fast generator whose sequence depends only on the seed, so that the same
/// quiz request always yields the same questions on every platform.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// FNV-1a, for identifiers that are stable across runs (Swift's `Hasher` is seeded per process).
func stableHash(_ text: String, seed: UInt64 = 0) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ seed
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0100_0000_01B3
    }
    return hash
}
