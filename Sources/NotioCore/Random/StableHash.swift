import Foundation

/// FNV-1a, for identifiers and seeds that are stable across runs (Swift's `Hasher` and
/// `String.hashValue` are seeded per process).
public func stableHash(_ text: String, seed: UInt64 = 0) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ seed
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0100_0000_01B3
    }
    return hash
}
