import Foundation
import NotioCore

/// Cuts a paragraph into sentences at ". ", "? ", "! " (and "다." in Korean text), keeping every
/// sentence a verbatim run of the paragraph.
enum SentenceSplitter {
    private static let abbreviations: Set<String> = [
        "e.g", "i.e", "etc", "vs", "fig", "cf", "dr", "mr", "mrs", "ms", "al", "no", "eq", "sec", "ch", "p", "pp", "vol", "approx", "resp",
    ]

    static func sentences(in paragraph: String) -> [String] {
        let chars = Array(paragraph)
        var result: [String] = []
        var start = 0
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "." || c == "?" || c == "!" || c == "。" {
                // Closing quotes, brackets and footnote digits right after the stop stay with it.
                var end = i + 1
                while end < chars.count, "\"'”’)]".contains(chars[end]) { end += 1 }
                if end < chars.count, chars[end] == " ", isBoundary(chars, stop: i, next: end + 1) {
                    append(chars[start..<end], to: &result)
                    start = end + 1
                    i = end + 1
                    continue
                }
            }
            i += 1
        }
        append(chars[start..<chars.count], to: &result)
        return result
    }

    private static func append(_ slice: ArraySlice<Character>, to result: inout [String]) {
        let sentence = String(slice).trimmingSpaces()
        if !sentence.isEmpty { result.append(sentence) }
    }

    private static func isBoundary(_ chars: [Character], stop: Int, next: Int) -> Bool {
        guard chars[stop] == "." else { return true }
        guard next < chars.count else { return true }
        // "W. N. Venables": an initial.
        var wordStart = stop
        while wordStart > 0, chars[wordStart - 1].isLetter || chars[wordStart - 1] == "." { wordStart -= 1 }
        let word = String(chars[wordStart..<stop]).lowercased()
        if word.count == 1, chars[wordStart].isUppercase { return false }
        if abbreviations.contains(word) { return false }
        let following = chars[next]
        if following.isLowercase { return false }
        return true
    }
}
