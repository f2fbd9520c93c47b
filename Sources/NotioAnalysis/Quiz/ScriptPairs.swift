import Foundation
import NotioCore

/// Terms a document writes in two scripts side by side — "커널(kernel)", "Python(파이썬)",
/// "라운드 로빈(Round Robin)" — so that a short answer in either script is graded right.
enum ScriptPairs {
    /// Compact key of each spelling → the other spellings the document pairs it with.
    static func find(in pages: [SourcePage]) -> [String: [String]] {
        var pairs: [String: [String]] = [:]
        for page in pages {
            for (a, b) in find(in: page.text) {
                let (ka, kb) = (KoreanText.compact(a), KoreanText.compact(b))
                if !(pairs[ka]?.contains(b) ?? false) { pairs[ka, default: []].append(b) }
                if !(pairs[kb]?.contains(a) ?? false) { pairs[kb, default: []].append(a) }
            }
        }
        return pairs
    }

    /// Particles that nouns do not end in; a one-syllable particle such as 이/가/도 is left out,
    /// since many names end in those syllables (캐시, 국가).
    static let phraseEndings = ["으로", "에서", "에게", "까지", "부터", "처럼", "이란", "은", "는", "을", "를", "의", "에", "와", "과"]

    /// The pairs of one text: a parenthesis of one to three words right after as many words,
    /// one side Hangul and the other without Hangul (Latin, digits). "(예: …)" and other asides
    /// in the same script are not pairs.
    static func find(in text: String) -> [(String, String)] {
        let chars = Array(text)
        var out: [(String, String)] = []
        var i = 0
        while i < chars.count {
            guard chars[i] == "(" || chars[i] == "（", let close = chars[(i + 1)...].prefix(40).firstIndex(where: { $0 == ")" || $0 == "）" }) else {
                i += 1
                continue
            }
            defer { i = close + 1 }
            let inside = String(chars[(i + 1)..<close]).trimmingCharacters(in: .whitespaces)
            let insideWords = inside.split(separator: " ")
            guard (1...3).contains(insideWords.count), inside.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" }) else { continue }
            // As many words before the parenthesis, on the same line, with nothing between.
            var start = i
            var words = 0
            while words < insideWords.count, start > 0 {
                var k = start
                while k > 0, chars[k - 1] == " " { k -= 1 }
                if words == 0 && k != i { break }
                var b = k
                while b > 0, chars[b - 1].isLetter || chars[b - 1].isNumber || chars[b - 1] == "-" { b -= 1 }
                guard b < k else { break }
                start = b
                words += 1
            }
            guard words == insideWords.count else { continue }
            let outside = String(chars[start..<i]).trimmingCharacters(in: .whitespaces)
            guard KoreanText.containsHangul(outside) != KoreanText.containsHangul(inside),
                  outside.contains(where: \.isLetter), inside.contains(where: \.isLetter) else { continue }
            // A Korean word ending in a plain particle is part of a phrase, not a name: "방식으로(FIFO)".
            let korean = KoreanText.containsHangul(outside) ? outside : inside
            let last = korean.split(separator: " ").last.map(String.init) ?? korean
            guard !Self.phraseEndings.contains(where: { last.count > $0.count + 1 && last.hasSuffix($0) }) else { continue }
            out.append((outside, inside))
        }
        return out
    }
}
