import Foundation
import NotioCore

/// A JSON value read by `FastJSON`: plain Swift values, no Foundation objects in between.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value written back as compact JSON (for JSON-valued columns).
    var text: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        case .string(let s): JSONText.quote(s)
        case .array(let a): "[" + a.map(\.text).joined(separator: ",") + "]"
        case .object(let o): "{" + o.keys.sorted().map { JSONText.quote($0) + ":" + o[$0]!.text }.joined(separator: ",") + "}"
        }
    }
}

/// A strict JSON reader (RFC 8259) over UTF-8 bytes. A restore reads documents of tens of
/// megabytes; JSONSerialization builds Foundation objects for every value and the checks then
/// bridge each one back, which was most of a restore's time.
struct FastJSON {
    struct Failure: Error { let offset: Int; let reason: String }

    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0

    static func parse(_ data: Data) throws -> JSONValue {
        var reader = FastJSON(bytes: [UInt8](data))
        reader.skipSpace()
        let value = try reader.value()
        reader.skipSpace()
        guard reader.i == reader.bytes.count else { throw Failure(offset: reader.i, reason: "text after the value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func value() throws -> JSONValue {
        guard i < bytes.count else { throw Failure(offset: i, reason: "the text ends early") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard i + count <= bytes.count else { throw Failure(offset: i, reason: "the text ends early") }
        for k in 0..<count where bytes[i + k] != word.utf8Start[k] { throw Failure(offset: i, reason: "unexpected character") }
        i += count
    }

    private mutating func object() throws -> JSONValue {
        depth += 1
        guard depth <= 64 else { throw Failure(offset: i, reason: "nested too deeply") }
        defer { depth -= 1 }
        i += 1
        var out: [String: JSONValue] = [:]
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(out) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw Failure(offset: i, reason: "a key is expected") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw Failure(offset: i, reason: "':' is expected") }
            i += 1
            skipSpace()
            out[key] = try value()
            skipSpace()
            guard i < bytes.count else { throw Failure(offset: i, reason: "the text ends early") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(out) }
            throw Failure(offset: i, reason: "',' or '}' is expected")
        }
    }

    private mutating func array() throws -> JSONValue {
        depth += 1
        guard depth <= 64 else { throw Failure(offset: i, reason: "nested too deeply") }
        defer { depth -= 1 }
        i += 1
        var out: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(out) }
        while true {
            skipSpace()
            out.append(try value())
            skipSpace()
            guard i < bytes.count else { throw Failure(offset: i, reason: "the text ends early") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(out) }
            throw Failure(offset: i, reason: "',' or ']' is expected")
        }
    }

    private mutating func string() throws -> String {
        i += 1
        let start = i
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") {
            guard bytes[i] >= 0x20 else { throw Failure(offset: i, reason: "a control character in a string") }
            i += 1
        }
        guard i < bytes.count else { throw Failure(offset: i, reason: "a string is not closed") }
        var out = [UInt8](bytes[start..<i])
        while bytes[i] != UInt8(ascii: "\"") {
            if bytes[i] == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { throw Failure(offset: i, reason: "a string is not closed") }
                switch bytes[i] {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\"), bytes[i + 2] == UInt8(ascii: "u") else {
                            throw Failure(offset: i, reason: "a lone surrogate")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw Failure(offset: i, reason: "a lone surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw Failure(offset: i, reason: "an invalid escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw Failure(offset: i, reason: "an invalid escape")
                }
                i += 1
            } else {
                guard bytes[i] >= 0x20 else { throw Failure(offset: i, reason: "a control character in a string") }
                out.append(bytes[i])
                i += 1
            }
            guard i < bytes.count else { throw Failure(offset: i, reason: "a string is not closed") }
        }
        i += 1
        guard let text = String(validating: out, as: UTF8.self) else { throw Failure(offset: start, reason: "invalid UTF-8") }
        return text
    }

    /// Four hex digits after `\u`; leaves `i` on the last one.
    private mutating func hex4() throws -> UInt32 {
        guard i + 4 < bytes.count else { throw Failure(offset: i, reason: "the text ends early") }
        var v: UInt32 = 0
        for k in 1...4 {
            let c = bytes[i + k]
            let d: UInt32
            switch c {
            case 48...57: d = UInt32(c - 48)
            case 65...70: d = UInt32(c - 55)
            case 97...102: d = UInt32(c - 87)
            default: throw Failure(offset: i + k, reason: "an invalid escape")
            }
            v = v * 16 + d
        }
        i += 4
        return v
    }

    private mutating func number() throws -> Double {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        var digits = 0
        while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1; digits += 1 }
        guard digits > 0 else { throw Failure(offset: start, reason: "unexpected character") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            var fraction = 0
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1; fraction += 1 }
            guard fraction > 0 else { throw Failure(offset: i, reason: "a number without digits after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            var exponent = 0
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1; exponent += 1 }
            guard exponent > 0 else { throw Failure(offset: i, reason: "a number without an exponent") }
        }
        guard let n = Double(String(decoding: bytes[start..<i], as: UTF8.self)), n.isFinite else {
            throw Failure(offset: start, reason: "a number out of range")
        }
        return n
    }
}
