import Foundation
import NotioCore

/// Lenient reading of catalog answers: a field of an unexpected type reads as missing instead of
/// failing the whole answer, which Codable would do.
enum CatalogJSON {
    /// The top-level object of `data`, or nil. A body that strict JSON rejects gets one repair pass
    /// for what hand-built JSON writers emit: raw control characters inside strings and `\'`.
    static func object(_ data: Data) -> [String: Any]? {
        if let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] { return object }
        guard let repaired = repair(data) else { return nil }
        return (try? JSONSerialization.jsonObject(with: repaired)) as? [String: Any]
    }

    static func string(_ object: [String: Any], _ key: String) -> String? {
        switch object[key] {
        case let text as String: text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    static func int(_ object: [String: Any], _ key: String) -> Int? {
        switch object[key] {
        case let number as NSNumber: number.intValue
        case let text as String: Int(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }

    static func strings(_ object: [String: Any], _ key: String) -> [String] {
        (object[key] as? [Any])?.compactMap { $0 as? String } ?? []
    }

    static func objects(_ object: [String: Any], _ key: String) -> [[String: Any]]? {
        (object[key] as? [Any])?.compactMap { $0 as? [String: Any] }
    }

    /// Escapes raw control characters inside strings and turns `\'` into `'`; nil when nothing
    /// needed changing (so a body that is simply not JSON is not parsed twice for nothing).
    private static func repair(_ data: Data) -> Data? {
        var out = [UInt8]()
        out.reserveCapacity(data.count + 16)
        var inString = false, escaped = false, changed = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                    if byte == UInt8(ascii: "'") { out.removeLast(); changed = true }
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if byte < 0x20 {
                    out.append(contentsOf: Array(String(format: "\\u%04x", Int(byte)).utf8))
                    changed = true
                    continue
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            }
            out.append(byte)
        }
        return changed ? Data(out) : nil
    }
}

/// HTML character references as catalogs leave them in plain-text fields (`&lt;82년생 김지영&gt;`,
/// `&amp;`, `&#39;`).
enum HTMLEntities {
    private static let named: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "middot": "·", "hellip": "…", "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’",
        "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "times": "×", "copy": "©",
    ]

    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            // A reference is short; a lone "&" followed by text stays as it is.
            if let semicolon = after.prefix(10).firstIndex(of: ";"), let value = reference(after[..<semicolon]) {
                out += value
                rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }

    private static func reference(_ name: Substring) -> String? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let code = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let code, code != 0, let scalar = Unicode.Scalar(code) else { return nil }
            return String(Character(scalar))
        }
        return named[name]
    }
}

extension String {
    /// Entities decoded, surrounding whitespace trimmed, nil when nothing is left.
    var catalogText: String? {
        let text = HTMLEntities.decode(self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}

/// A catalog's date in the one form books keep (`PublicationDate`); anything else is dropped.
func publishedDate(_ text: String?) -> String? {
    PublicationDate.fromCatalog(text)
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
