import Foundation
import NotioCore

/// Text operations of quiz making: masking a term wherever it occurs (ignoring case and spacing,
/// so "교착상태" is masked for "교착 상태"), checking that a prompt does not give its answer away,
/// splitting sentences.
enum QuizText {
    /// The placeholder for a concept's name inside a description.
    static let nameMask = "○○"
    /// The blank of a cloze sentence.
    static let blank = "____"

    /// `text` with every occurrence of each term replaced by `placeholder`, longest terms first.
    static func mask(_ text: String, terms: [String], with placeholder: String) -> String {
        var chars = Array(KoreanText.nfc(text))
        let patterns = terms.map { Array(KoreanText.compact($0)) }.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        var folded = chars.map(fold)
        for pattern in patterns {
            var i = 0
            while i < chars.count {
                if let end = matchEnd(folded, from: i, pattern: pattern) {
                    chars.replaceSubrange(i..<end, with: Array(placeholder))
                    folded.replaceSubrange(i..<end, with: Array(placeholder))
                    i += placeholder.count
                } else {
                    i += 1
                }
            }
        }
        return String(chars)
    }

    /// A character as `KoreanText.compact` sees it: lower case, NFKC, without Foundation for the usual cases.
    private static func fold(_ c: Character) -> Character {
        if c.isASCII { return Character(c.lowercased()) }
        if let v = c.unicodeScalars.first?.value, c.unicodeScalars.count == 1, (0xAC00...0xD7A3).contains(v) { return c }
        return KoreanText.nfkc(String(c)).lowercased().first ?? c
    }

    /// Where a match of `pattern` (compact characters) starting at `start` ends; spaces, hyphens
    /// and middle dots inside the text are skipped.
    private static func matchEnd(_ text: [Character], from start: Int, pattern: [Character]) -> Int? {
        guard text[start] == pattern[0] else { return nil }
        var k = start + 1
        var j = 1
        while j < pattern.count {
            guard k < text.count else { return nil }
            let c = text[k]
            if c == pattern[j] { j += 1; k += 1; continue }
            if c.isWhitespace || c == "-" || c == "·" || c == "_" { k += 1; continue }
            return nil
        }
        return k
    }

    /// A description as an option among others: its masked subject ("○○는 …", "○○이란 …") is
    /// dropped and any other mask becomes "이것", so that no option is told apart by carrying
    /// (or lacking) the mask — every option reads the same way.
    static func withoutNameMask(_ text: String) -> String {
        var t = text.trimmingCharacters(in: .whitespaces)
        if t.hasPrefix(nameMask) {
            var rest = t.dropFirst(nameMask.count).drop { $0 == " " }
            for particle in ["이라 함은", "이라고 함은", "이란", "란", "은", "는", "이", "가"] where rest.hasPrefix(particle) {
                let after = rest.dropFirst(particle.count)
                if after.first == " " || after.first == "," { rest = after; break }
            }
            t = String(rest.drop { $0 == " " || $0 == "," })
        }
        return t.replacingOccurrences(of: nameMask, with: "이것")
    }

    /// Whether the prompt contains the answer (or its stem without particle) in any spacing or case.
    static func reveals(prompt: String, answer: String) -> Bool {
        let p = KoreanText.compact(prompt)
        let a = KoreanText.compact(answer)
        if a.isEmpty { return false }
        if KoreanText.contains(p, a) { return true }
        let stem = AnswerMatcher.stem(answer)
        return !stem.isEmpty && KoreanText.contains(p, stem)
    }

    /// Sentences of a paragraph: split after . ! ? 。 followed by space, or at line breaks.
    static func sentences(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        let chars = Array(KoreanText.nfc(text))
        for (i, ch) in chars.enumerated() {
            if ch == "\n" {
                flush(&current, into: &out)
                continue
            }
            current.append(ch)
            if ".!?。".contains(ch), i + 1 == chars.count || chars[i + 1].isWhitespace {
                // "e.g." and decimal points do not end sentences: require a letter before the mark.
                flush(&current, into: &out)
            }
        }
        flush(&current, into: &out)
        return out
    }

    private static func flush(_ current: inout String, into out: inout [String]) {
        let s = current.trimmingCharacters(in: .whitespacesAndNewlines)
            .trimmingCharacters(in: CharacterSet(charactersIn: "-•·*▪◦ "))
        if KoreanText.compact(s).count >= 4 { out.append(s) }
        current = ""
    }
}
