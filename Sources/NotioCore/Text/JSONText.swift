import Foundation

/// JSON text written by hand where encoding values one by one would cost too much: the hot
/// API answers and the backup's rows.
public enum JSONText {
    /// `quote(text)` appended to `out`, without a string in between (answers written by hand).
    public static func append(_ text: String, to out: inout String) {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
            out += "\""
            out += text
            out += "\""
        } else {
            out += quote(text)
        }
    }

    /// A JSON string literal for `text`.
    public static func quote(_ text: String) -> String {
        // Most values need no escaping: check the bytes once and copy them whole. 0xE2 leads
        // U+2028 and U+2029, which JavaScript does not accept raw in strings.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
            return "\"" + text + "\""
        }
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
