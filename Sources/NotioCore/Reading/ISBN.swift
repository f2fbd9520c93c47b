import Foundation

/// International Standard Book Numbers: validation, normalisation and conversion between the
/// 10-digit form (before 2007, check digit may be `X`) and the 13-digit EAN form (978/979).
///
/// Inputs may carry what people and exports put around the digits: hyphens, spaces, full-width
/// digits, a leading `ISBN`, `ISBN-13:` label, or Goodreads' `="…"` wrapper.
public enum ISBN {
    /// `text` without separators (hyphens, dashes, spaces), labels and wrappers, with `x`
    /// upper-cased and full-width digits made ASCII. Any other character is kept, so that
    /// "978abc" stays invalid. Does not validate: "978-89-1234" gives "978891234".
    public static func normalised(_ text: String) -> String {
        // Full-width digits (from Korean and Japanese input methods) become ASCII digits.
        var rest = Substring(text.precomposedStringWithCompatibilityMapping)
        // Goodreads writes ISBNs as ="9781250313195" so that spreadsheets keep them as text.
        rest = rest.drop { $0 == "=" || $0 == "\"" || $0.isWhitespace }
        while let last = rest.last, last == "\"" || last.isWhitespace { rest = rest.dropLast() }
        if rest.uppercased().hasPrefix("ISBN") {
            rest = rest.dropFirst(4)
            // "ISBN-13:", "ISBN 10 :", "ISBN:" — the label's number is not part of the ISBN.
            rest = rest.drop { $0 == "-" || $0 == ":" || $0.isWhitespace }
            // A following ":" or space marks "13"/"10" as the label, not the start of the number.
            if rest.hasPrefix("13") || rest.hasPrefix("10"),
               let next = rest.dropFirst(2).first, next == ":" || next.isWhitespace {
                rest = rest.dropFirst(2).drop { $0 == ":" || $0.isWhitespace }
            }
        }
        var out = ""
        for character in rest {
            if character == "x" {
                out.append("X")
            } else if !separators.contains(character) && !character.isWhitespace {
                out.append(character)
            }
        }
        return out
    }

    /// Hyphen, hyphen-like dashes and the minus sign, as typed or pasted from web pages.
    private static let separators: Set<Character> = ["-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2212}"]

    /// True for a valid ISBN-10 (nine digits and a check digit 0–9 or X), separators allowed.
    public static func isValidISBN10(_ text: String) -> Bool {
        isValid10(normalised(text))
    }

    /// True for a valid ISBN-13: 13 digits starting with 978 or 979 and a correct check digit.
    public static func isValidISBN13(_ text: String) -> Bool {
        isValid13(normalised(text))
    }

    /// The ISBN-13 of a valid ISBN-10 or ISBN-13, or nil when `text` is neither.
    public static func isbn13(from text: String) -> String? {
        let digits = normalised(text)
        if isValid13(digits) { return digits }
        if isValid10(digits) { return convert10to13(digits) }
        return nil
    }

    /// The ISBN-10 of a valid ISBN-10, or of a valid 978 ISBN-13; nil otherwise (979 numbers
    /// have no ISBN-10).
    public static func isbn10(from text: String) -> String? {
        let digits = normalised(text)
        if isValid10(digits) { return digits }
        guard isValid13(digits), digits.hasPrefix("978") else { return nil }
        let body = Array(digits.utf8.dropFirst(3).prefix(9)).map { Int($0 - 48) }
        return String(body.map { Character(String($0)) }) + check10(body)
    }

    /// True when `text` is a valid ISBN-10 or ISBN-13 and nothing else (separators allowed):
    /// a catalog query that is one goes to lookup instead of search.
    public static func isISBNQuery(_ text: String) -> Bool {
        isbn13(from: text) != nil
    }

    // MARK: - Check digits

    private static func isValid10(_ digits: String) -> Bool {
        let bytes = Array(digits.utf8)
        guard bytes.count == 10 else { return false }
        var sum = 0
        for (index, byte) in bytes.enumerated() {
            let value: Int
            if byte >= 48, byte <= 57 {
                value = Int(byte - 48)
            } else if byte == UInt8(ascii: "X"), index == 9 {
                value = 10
            } else {
                return false
            }
            sum += value * (10 - index)
        }
        return sum % 11 == 0
    }

    private static func isValid13(_ digits: String) -> Bool {
        let bytes = Array(digits.utf8)
        guard bytes.count == 13, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return false }
        guard digits.hasPrefix("978") || digits.hasPrefix("979") else { return false }
        let values = bytes.map { Int($0 - 48) }
        return check13(Array(values.prefix(12))) == values[12]
    }

    private static func convert10to13(_ digits: String) -> String {
        let body = [9, 7, 8] + Array(digits.utf8.prefix(9)).map { Int($0 - 48) }
        return String(body.map { Character(String($0)) }) + String(check13(body))
    }

    /// Weights 1, 3, 1, 3… over the first 12 digits.
    private static func check13(_ body: [Int]) -> Int {
        var sum = 0
        for (index, value) in body.enumerated() { sum += index % 2 == 0 ? value : value * 3 }
        return (10 - sum % 10) % 10
    }

    /// Weights 10…2 over the first 9 digits; 10 is written X.
    private static func check10(_ body: [Int]) -> String {
        var sum = 0
        for (index, value) in body.enumerated() { sum += value * (10 - index) }
        let check = (11 - sum % 11) % 11
        return check == 10 ? "X" : String(check)
    }
}
