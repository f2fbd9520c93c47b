import Foundation

/// Decoding of `application/x-www-form-urlencoded` text and of the Cookie header.
enum FormDecoding {
    /// `a=1&b=x+y%21` → ["a": "1", "b": "x y!"]. Later duplicates win; invalid UTF-8 is repaired.
    static func urlEncoded<C: Collection>(_ bytes: C) -> [String: String] where C.Element == UInt8 {
        var result: [String: String] = [:]
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            if let eq = pair.firstIndex(of: UInt8(ascii: "=")) {
                result[decode(pair[pair.startIndex..<eq])] = decode(pair[pair.index(after: eq)...])
            } else {
                result[decode(pair)] = ""
            }
        }
        return result
    }

    /// Percent-decodes with `+` as a space.
    static func decode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "+") {
                out.append(32)
            } else if b == UInt8(ascii: "%"),
                      let h = bytes.index(i, offsetBy: 1, limitedBy: bytes.endIndex), h != bytes.endIndex,
                      let l = bytes.index(h, offsetBy: 1, limitedBy: bytes.endIndex), l != bytes.endIndex,
                      let hi = hexValue(bytes[h]), let lo = hexValue(bytes[l]) {
                out.append(hi << 4 | lo)
                i = l
            } else {
                out.append(b)
            }
            i = bytes.index(after: i)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }

    /// The value of cookie `name` in a `Cookie` header (`a=1; b="two"`: "two" for b), quotes
    /// taken off. The first occurrence of a name wins, as browsers send the most specific cookie
    /// first.
    static func cookie(_ name: String, in header: String) -> String? {
        let wanted = name.utf8
        for part in header.utf8.split(separator: UInt8(ascii: ";")) {
            guard let eq = part.firstIndex(of: UInt8(ascii: "=")) else { continue }
            guard !wanted.isEmpty, trimmed(part[part.startIndex..<eq]).elementsEqual(wanted) else { continue }
            var value = trimmed(part[part.index(after: eq)...])
            if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                value = value.dropFirst().dropLast()
            }
            return String(decoding: value, as: UTF8.self)
        }
        return nil
    }

    private static func trimmed(_ s: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
        var s = s
        while let f = s.first, f == 32 || f == 9 { s = s.dropFirst() }
        while let l = s.last, l == 32 || l == 9 { s = s.dropLast() }
        return s
    }
}
