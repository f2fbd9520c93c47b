import Foundation
import NotioCore

/// A JSON value read by `JSONStream`: plain Swift values, no Foundation objects in between.
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

/// A whole JSON text read into a `JSONValue` (small documents and tests).
enum FastJSON {
    typealias Failure = JSONStream.Failure

    static func parse(_ data: Data) throws -> JSONValue {
        let reader = JSONStream(data: data)
        let value = try reader.value()
        try reader.finish()
        return value
    }
}

/// A strict JSON reader (RFC 8259) that pulls its bytes through one fixed buffer, so a document
/// of hundreds of megabytes is read in the memory of one buffer and of the value in hand. The
/// caller walks the structure (`object`, `array`) and takes values whole (`value`) where they
/// are small: a backup is read a row at a time, never as one tree.
final class JSONStream {
    struct Failure: Error { let offset: Int; let reason: String }

    /// Longest string taken (a note's whole text is far less); longer means a broken document.
    static let maxString = 16 << 20
    /// Largest value taken whole with `value()`, in bytes of text.
    static let maxValue = 16 << 20

    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var pos = 0
    private var end = 0
    /// Bytes of the source before `buffer[0]`.
    private var consumed = 0
    private var depth = 0
    private var exhausted = false
    /// Fills the buffer from the source; 0 at its end.
    private let fill: (UnsafeMutablePointer<UInt8>, Int) throws -> Int
    private let close: () -> Void

    /// Reads a file through a buffer of `capacity` bytes.
    init(path: String, capacity: Int = 1 << 20) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw Failure(offset: 0, reason: "the file cannot be opened") }
        self.capacity = capacity
        buffer = .allocate(capacity: capacity)
        fill = { pointer, count in
            while true {
                let n = read(fd, pointer, count)
                if n >= 0 { return n }
                if errno != EINTR { throw Failure(offset: 0, reason: "the file cannot be read") }
            }
        }
        close = { _ = Glibc.close(fd) }
    }

    /// Reads bytes in memory (small documents).
    init(data: Data) {
        capacity = max(data.count, 1)
        buffer = .allocate(capacity: capacity)
        data.copyBytes(to: buffer, count: data.count)
        end = data.count
        exhausted = true
        fill = { _, _ in 0 }
        close = {}
    }

    deinit {
        buffer.deallocate()
        close()
    }

    /// Where the reader is in the source, in bytes.
    var offset: Int { consumed + pos }

    private func fail(_ reason: String) -> Failure { Failure(offset: offset, reason: reason) }

    /// The next byte without taking it; nil at the end of the source.
    @inline(__always) private func peek() throws -> UInt8? {
        if pos < end { return buffer[pos] }
        try refill()
        return pos < end ? buffer[pos] : nil
    }

    private func refill() throws {
        guard !exhausted else { return }
        consumed += end
        pos = 0
        end = try fill(buffer, capacity)
        if end == 0 { exhausted = true }
    }

    @inline(__always) private func take() throws -> UInt8 {
        guard let b = try peek() else { throw fail("the text ends early") }
        pos += 1
        return b
    }

    private func skipSpace() throws {
        while true {
            while pos < end {
                let b = buffer[pos]
                guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
                pos += 1
            }
            try refill()
            if pos >= end { return }
        }
    }

    private func expect(_ byte: UInt8, _ what: String) throws {
        try skipSpace()
        guard try peek() == byte else { throw fail("\(what) is expected") }
        pos += 1
    }

    /// Only white space may follow.
    func finish() throws {
        try skipSpace()
        guard try peek() == nil else { throw fail("text after the value") }
    }

    /// The next value's first byte (`{`, `[`, `"`, a digit, …), after white space.
    func next() throws -> UInt8? {
        try skipSpace()
        return try peek()
    }

    /// Takes `null` if it is next.
    func takeNull() throws -> Bool {
        guard try next() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// Reads an object, calling `member` with each key; `member` must read the key's value.
    func object(_ member: (String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"), "'{'")
        depth += 1
        guard depth <= 64 else { throw fail("nested too deeply") }
        defer { depth -= 1 }
        try skipSpace()
        if try peek() == UInt8(ascii: "}") { pos += 1; return }
        while true {
            try skipSpace()
            guard try peek() == UInt8(ascii: "\"") else { throw fail("a key is expected") }
            let key = try string()
            try expect(UInt8(ascii: ":"), "':'")
            try member(key)
            try skipSpace()
            switch try take() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return
            default: pos -= 1; throw fail("',' or '}' is expected")
            }
        }
    }

    /// Reads an object whose keys are mostly among `keys` (UTF-8), calling `member` with the
    /// index of each known key (matched in the buffer, without making a String; the key after
    /// the last one matched is tried first); other keys' values are checked and dropped.
    func object(keys: [[UInt8]], _ member: (Int) throws -> Void) throws {
        try expect(UInt8(ascii: "{"), "'{'")
        depth += 1
        guard depth <= 64 else { throw fail("nested too deeply") }
        defer { depth -= 1 }
        try skipSpace()
        if try peek() == UInt8(ascii: "}") { pos += 1; return }
        var next = 0
        while true {
            try skipSpace()
            guard try peek() == UInt8(ascii: "\"") else { throw fail("a key is expected") }
            let index = try keyIndex(keys, from: next)
            try expect(UInt8(ascii: ":"), "':'")
            if let index {
                try member(index)
                next = index + 1
            } else {
                try skip()
            }
            try skipSpace()
            switch try take() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return
            default: pos -= 1; throw fail("',' or '}' is expected")
            }
        }
    }

    /// The index of the key at the reader among `keys`, or nil; takes the key.
    private func keyIndex(_ keys: [[UInt8]], from next: Int) throws -> Int? {
        let start = pos + 1
        var scan = start
        while scan < end, buffer[scan] != 0x22, buffer[scan] != 0x5C, buffer[scan] >= 0x20 { scan += 1 }
        guard scan < end, buffer[scan] == 0x22 else {
            // Escapes, or the buffer ends inside the key: the general way.
            return keys.firstIndex(of: Array(try string().utf8))
        }
        pos = scan + 1
        let length = scan - start
        func matches(_ key: [UInt8]) -> Bool {
            key.count == length && key.withUnsafeBufferPointer { memcmp($0.baseAddress!, buffer + start, length) == 0 }
        }
        if next < keys.count, matches(keys[next]) { return next }
        return keys.firstIndex(where: matches)
    }

    /// Reads an array, calling `element` with each index; `element` must read the value.
    func array(_ element: (Int) throws -> Void) throws {
        try expect(UInt8(ascii: "["), "'['")
        depth += 1
        guard depth <= 64 else { throw fail("nested too deeply") }
        defer { depth -= 1 }
        try skipSpace()
        if try peek() == UInt8(ascii: "]") { pos += 1; return }
        var n = 0
        while true {
            try element(n)
            n += 1
            try skipSpace()
            switch try take() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return
            default: pos -= 1; throw fail("',' or ']' is expected")
            }
        }
    }

    /// The next value, whole. It may be at most `maxValue` bytes of text.
    func value() throws -> JSONValue {
        let start = offset
        return try value(from: start)
    }

    private func value(from start: Int) throws -> JSONValue {
        guard offset - start <= Self.maxValue else { throw fail("a value longer than \(Self.maxValue) bytes") }
        switch try next() {
        case nil: throw fail("the text ends early")
        case UInt8(ascii: "{"):
            var out: [String: JSONValue] = [:]
            try object { key in out[key] = try value(from: start) }
            return .object(out)
        case UInt8(ascii: "["):
            var out: [JSONValue] = []
            try array { _ in out.append(try value(from: start)) }
            return .array(out)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    /// Reads the next value and forgets it (checking it all the same).
    func skip() throws {
        switch try next() {
        case UInt8(ascii: "{"): try object { _ in try skip() }
        case UInt8(ascii: "["): try array { _ in try skip() }
        case UInt8(ascii: "\""): _ = try string(keep: false)
        default: _ = try value()
        }
    }

    private func literal(_ word: StaticString) throws {
        for k in 0..<word.utf8CodeUnitCount {
            guard try take() == word.utf8Start[k] else { pos -= 1; throw fail("unexpected character") }
        }
    }

    /// A string; with `keep: false` it is checked and dropped (an unknown key's value).
    func string(keep: Bool = true) throws -> String {
        try skipSpace()
        guard try take() == UInt8(ascii: "\"") else { pos -= 1; throw fail("a string is expected") }
        let start = offset
        // Fast path: the whole string, without escapes, is in the buffer.
        var scan = pos
        while scan < end {
            let b = buffer[scan]
            if b == 0x22 || b == 0x5C || b < 0x20 { break }
            scan += 1
        }
        if scan < end, buffer[scan] == 0x22 {
            let bytes = UnsafeBufferPointer(start: buffer + pos, count: scan - pos)
            pos = scan + 1
            guard keep else { return "" }
            guard let text = String(validating: bytes, as: UTF8.self) else { throw Failure(offset: start, reason: "invalid UTF-8") }
            return text
        }
        var out: [UInt8] = []
        var length = 0
        while true {
            // Fast path: a run without escapes is copied as it is.
            let runStart = pos
            while pos < end {
                let b = buffer[pos]
                if b == 0x22 || b == 0x5C { break }
                guard b >= 0x20 else { throw fail("a control character in a string") }
                pos += 1
            }
            length += pos - runStart
            guard length <= Self.maxString else { throw fail("a string longer than \(Self.maxString) bytes") }
            if keep { out.append(contentsOf: UnsafeBufferPointer(start: buffer + runStart, count: pos - runStart)) }
            guard pos < end else {
                try refill()
                guard pos < end else { throw fail("a string is not closed") }
                continue
            }
            if buffer[pos] == 0x22 { pos += 1; break }
            // An escape.
            pos += 1
            let e = try take()
            var scalar: UInt32
            switch e {
            case UInt8(ascii: "\""): scalar = 0x22
            case UInt8(ascii: "\\"): scalar = 0x5C
            case UInt8(ascii: "/"): scalar = 0x2F
            case UInt8(ascii: "b"): scalar = 0x08
            case UInt8(ascii: "f"): scalar = 0x0C
            case UInt8(ascii: "n"): scalar = 0x0A
            case UInt8(ascii: "r"): scalar = 0x0D
            case UInt8(ascii: "t"): scalar = 0x09
            case UInt8(ascii: "u"):
                scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard try take() == UInt8(ascii: "\\"), try take() == UInt8(ascii: "u") else { throw fail("a lone surrogate") }
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("a lone surrogate")
                }
            default: pos -= 1; throw fail("an invalid escape")
            }
            guard let u = Unicode.Scalar(scalar) else { throw fail("an invalid escape") }
            if keep { out.append(contentsOf: Array(String(Character(u)).utf8)) }
            length += 4
        }
        // A string that is dropped (an unknown key's) is checked for its structure only.
        guard keep else { return "" }
        guard let text = String(validating: out, as: UTF8.self) else { throw Failure(offset: start, reason: "invalid UTF-8") }
        return text
    }

    /// Checks the string at the reader (a string, valid UTF-8) and drops it, without making a
    /// String when it lies in the buffer; false (nothing taken) when the next value is not a string.
    func checkString() throws -> Bool {
        try skipSpace()
        guard try peek() == UInt8(ascii: "\"") else { return false }
        var scan = pos + 1
        while scan < end {
            let b = buffer[scan]
            if b == 0x22 || b == 0x5C || b < 0x20 { break }
            scan += 1
        }
        if scan < end, buffer[scan] == 0x22, Self.isUTF8(UnsafeBufferPointer(start: buffer + pos + 1, count: scan - pos - 1)) {
            pos = scan + 1
            return true
        }
        _ = try string()
        return true
    }

    /// Whether bytes are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, at most U+10FFFF).
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool { i + k < n && bytes[i + k] >= low && bytes[i + k] <= high }
            switch b {
            case 0xC2...0xDF: guard continuation(1) else { return false }; i += 2
            case 0xE0: guard continuation(1, 0xA0), continuation(2) else { return false }; i += 3
            case 0xE1...0xEC, 0xEE...0xEF: guard continuation(1), continuation(2) else { return false }; i += 3
            case 0xED: guard continuation(1, 0x80, 0x9F), continuation(2) else { return false }; i += 3
            case 0xF0: guard continuation(1, 0x90), continuation(2), continuation(3) else { return false }; i += 4
            case 0xF1...0xF3: guard continuation(1), continuation(2), continuation(3) else { return false }; i += 4
            case 0xF4: guard continuation(1, 0x80, 0x8F), continuation(2), continuation(3) else { return false }; i += 4
            default: return false
            }
        }
        return true
    }

    /// Four hex digits after `\u`.
    private func hex4() throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = try take()
            let d: UInt32
            switch c {
            case 48...57: d = UInt32(c - 48)
            case 65...70: d = UInt32(c - 55)
            case 97...102: d = UInt32(c - 87)
            default: pos -= 1; throw fail("an invalid escape")
            }
            v = v * 16 + d
        }
        return v
    }

    private func number() throws -> Double {
        let start = offset
        // Fast path: a whole number of up to 15 digits, ended inside the buffer.
        var scan = pos, negative = false, whole: Int64 = 0
        if scan < end, buffer[scan] == UInt8(ascii: "-") { negative = true; scan += 1 }
        let first = scan
        while scan < end, buffer[scan] >= 48, buffer[scan] <= 57, scan - first < 15 {
            whole = whole * 10 + Int64(buffer[scan] - 48)
            scan += 1
        }
        if scan > first, scan < end, !(buffer[first] == 48 && scan - first > 1) {
            let next = buffer[scan]
            if !(next >= 48 && next <= 57) && next != UInt8(ascii: ".") && next != UInt8(ascii: "e") && next != UInt8(ascii: "E") {
                pos = scan
                return Double(negative ? -whole : whole)
            }
        }
        var text: [UInt8] = []
        func digits() throws -> Int {
            var n = 0
            while let b = try peek(), b >= 48, b <= 57 {
                text.append(b); pos += 1; n += 1
                guard text.count <= 64 else { throw Failure(offset: start, reason: "a number too long") }
            }
            return n
        }
        if try peek() == UInt8(ascii: "-") { text.append(0x2D); pos += 1 }
        guard try digits() > 0 else { throw Failure(offset: start, reason: "unexpected character") }
        if try peek() == UInt8(ascii: ".") {
            text.append(0x2E); pos += 1
            guard try digits() > 0 else { throw fail("a number without digits after '.'") }
        }
        if let b = try peek(), b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
            text.append(b); pos += 1
            if let s = try peek(), s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { text.append(s); pos += 1 }
            guard try digits() > 0 else { throw fail("a number without an exponent") }
        }
        guard let n = Double(String(decoding: text, as: UTF8.self)), n.isFinite else {
            throw Failure(offset: start, reason: "a number out of range")
        }
        return n
    }
}
