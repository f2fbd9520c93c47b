import CSodium
import Foundation
import NotioCodecs

/// Passwords, tokens and hashes through libsodium.
enum Crypto {
    /// `sodium_init` is idempotent and thread-safe; call it before anything else here.
    static let ready: Bool = sodium_init() >= 0

    /// An Argon2id hash string (salt and parameters inside), about 85 ms and 64 MiB.
    static func hashPassword(_ password: String) throws -> String {
        precondition(ready)
        var out = [CChar](repeating: 0, count: Int(crypto_pwhash_strbytes()))
        let bytes = Array(password.utf8)
        let rc = bytes.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(bytes.count, 1)) { cp in
                crypto_pwhash_str_alg(&out, cp, UInt64(bytes.count), UInt64(crypto_pwhash_opslimit_interactive()),
                                      crypto_pwhash_memlimit_interactive(), crypto_pwhash_alg_argon2id13())
            }
        }
        guard rc == 0 else { throw ConfigurationError(description: "password hashing ran out of memory") }
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func verifyPassword(_ password: String, hash: String) -> Bool {
        precondition(ready)
        let bytes = Array(password.utf8) + [0]
        return hash.withCString { h in
            bytes.withUnsafeBufferPointer { p in
                p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { cp in
                    crypto_pwhash_str_verify(h, cp, UInt64(bytes.count - 1)) == 0
                }
            }
        }
    }

    /// 256 random bits as URL-safe base64 without padding.
    static func randomToken() -> String {
        precondition(ready)
        var bytes = [UInt8](repeating: 0, count: 32)
        randombytes_buf(&bytes, 32)
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Whether `text` has the shape of a `randomToken()` (what a cookie sent back must have).
    static func isToken(_ text: String) -> Bool {
        text.utf8.count == 43 && text.utf8.allSatisfy { b in
            (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
        }
    }

    static func sha256(_ text: String) -> Data {
        Data(SHA256.digest(text))
    }

    /// A content name for stored files: the SHA-256 of the bytes, in hex.
    static func sha256Hex(_ data: Data) -> String {
        SHA256.hex(data)
    }

    /// Compares secrets without leaking where they differ.
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count, !x.isEmpty else { return false }
        return sodium_memcmp(x, y, x.count) == 0
    }
}
