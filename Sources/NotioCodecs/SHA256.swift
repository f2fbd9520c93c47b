import CSodium
import Foundation

/// SHA-256 through libsodium (`crypto_hash_sha256`): import fingerprints, content names of
/// stored files, token hashes and the copy checks of `migrate-db`. The digests must stay the
/// same across runs, machines and releases (Swift's `Hasher` is seeded per process).
public enum SHA256 {
    /// The digest's length in bytes (32).
    public static let byteCount = Int(crypto_hash_sha256_bytes())

    /// `sodium_init` is idempotent and thread-safe; it picks the fastest implementation.
    private static let ready: Bool = sodium_init() >= 0

    public static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        precondition(ready)
        var out = [UInt8](repeating: 0, count: byteCount)
        // libsodium reads nothing for length 0, but wants a pointer all the same.
        let empty: UInt8 = 0
        withUnsafePointer(to: empty) { fallback in
            _ = crypto_hash_sha256(&out, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? fallback, UInt64(bytes.count))
        }
        return out
    }

    public static func digest(_ message: [UInt8]) -> [UInt8] {
        message.withUnsafeBytes { digest($0) }
    }

    public static func digest(_ data: Data) -> [UInt8] {
        data.withUnsafeBytes { digest($0) }
    }

    public static func digest(_ text: String) -> [UInt8] {
        digest(Array(text.utf8))
    }

    /// The digest of the text's UTF-8 bytes in lower-case hex.
    public static func hex(_ text: String) -> String {
        hex(digest(text))
    }

    public static func hex(_ data: Data) -> String {
        hex(digest(data))
    }

    /// Bytes in lower-case hex.
    public static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(digest.count * 2)
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
