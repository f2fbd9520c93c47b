import Foundation

/// JSON text written by hand where encoding values one by one would cost too much: the hot
/// API answers and the backup's rows.
public enum JSONText {
    /// `quote(text)` appended to `out`, without a string in between (answers written by hand).
    public static func append(_ text: String, to out: inout String) {
        if !needsEscaping(text) {
            out += "\""
            out += text
            out += "\""
        } else {
            out += quote(text)
        }
    }

    /// A JSON string literal for `text`.
    public static func quote(_ text: String) -> String {
        if !needsEscaping(text) { return "\"" + text + "\"" }
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `quote(text)` appended to a byte buffer: the runs that need no escaping are copied whole.
    public static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { s in
            out.reserveCapacity(out.count + s.count + 2)
            out.append(0x22)
            var run = 0
            var i = 0
            func flush(_ end: Int) {
                if end > run { out.append(contentsOf: UnsafeBufferPointer(rebasing: s[run..<end])) }
            }
            while i < s.count {
                let b = s[i]
                let escape: StaticString?
                var width = 1
                switch b {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0xE2 where i + 2 < s.count && s[i + 1] == 0x80 && (s[i + 2] == 0xA8 || s[i + 2] == 0xA9):
                    // U+2028 and U+2029, which JavaScript does not accept raw in strings.
                    escape = s[i + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                case _ where b < 0x20:
                    flush(i)
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]])
                    i += 1
                    run = i
                    continue
                default: escape = nil
                }
                if let escape {
                    flush(i)
                    escape.withUTF8Buffer { out.append(contentsOf: $0) }
                    i += width
                    run = i
                } else {
                    i += 1
                }
            }
            flush(s.count)
            out.append(0x22)
        }
    }

    /// Whether `text` has a byte that may need escaping. 0xE2 leads U+2028 and U+2029 (and
    /// other punctuation such as "—", which then takes the byte-wise path above).
    @inline(__always)
    static func needsEscaping(_ text: String) -> Bool {
        text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 })
    }
}
