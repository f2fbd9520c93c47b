import Foundation
import NotioCore

/// The first number of a sentence with its unit, blanked: "주소는 32비트이다" → "주소는 ____이다".
struct NumberBlank {
    static let units = ["바이트", "비트", "단계", "가지", "개", "번", "회", "초", "자리", "자", "KB", "MB", "GB", "TB", "ms", "bits", "bit", "bytes", "byte", "%"]

    var value: Int
    var unit: String
    var answer: String
    var blanked: String

    /// What may follow a Hangul unit: a particle or the copula, not more of a word ("438 개체" is
    /// no count of 개).
    static let afterUnit = ["으로", "이다", "입니다", "이며", "이고", "이상", "이하", "까지", "부터", "에서", "보다", "짜리", "씩",
                            "의", "을", "를", "이", "가", "은", "는", "로", "와", "과", "만", "에", "인", "도", "나"]

    /// Whether a unit ends where `rest` starts: a Latin unit before no letter, a Hangul unit before
    /// no syllable or before a particle.
    static func endsWord(_ rest: Substring, unit: String) -> Bool {
        guard let next = rest.first else { return true }
        if unit.last.map({ $0.isASCII }) == true { return !(next.isASCII && next.isLetter) }
        guard KoreanText.containsHangul(String(next)) else { return true }
        return afterUnit.contains { rest.hasPrefix($0) }
    }

    /// Wrong values a reader would weigh: the document's own values with the same unit first,
    /// then sizes by powers of two for bytes and bits, near counts for counts (never fewer than
    /// two of "서로 다른 ____ 유형"), near numbers for a bare number. Never 3 or 5 bytes, or 20 for
    /// a polynomial's least degree.
    static func plausibleValues(_ value: Int, unit: String, inDocument: [Int]) -> [Int] {
        var out = inDocument.filter { $0 != value && $0 > 0 }
        switch unit {
        // A limit in characters ("최대 255자") is a size too: 127 or 511, not 254 or 257.
        case "바이트", "비트", "bytes", "byte", "bits", "bit", "KB", "MB", "GB", "TB", "자":
            let isPowerOfTwo = { (v: Int) in v > 0 && v & (v - 1) == 0 }
            out += [value * 2, value / 2, value * 4, value / 4, value * 8]
            // A size that is a power of two is asked among powers of two.
            out = isPowerOfTwo(value) ? out.filter(isPowerOfTwo) : out.filter { $0 > 0 }
        case "가지", "단계", "개", "번", "회", "자리":
            out += [value + 1, value + 2, value - 1, value + 3].filter { $0 >= 2 }
        case "":
            out += [value + 1, value - 1, value + 2, value + 3].filter { $0 >= 1 }
        default:
            out += [value * 2, value / 2, value + 1, value - 1, value * 4, value + 2, value * 10].filter { $0 > 0 && !(value % 2 == 1 && $0 == value / 2) }
        }
        return out
    }

    init?(_ sentence: String) {
        let chars = Array(sentence)
        var i = 0
        while i < chars.count {
            guard chars[i].isASCII, chars[i].isNumber else { i += 1; continue }
            var end = i
            while end < chars.count, chars[end].isASCII, chars[end].isNumber { end += 1 }
            // Part of a name or a decimal ("IPv4", "3.5", "2024년") is not a detail to ask.
            let before = i > 0 ? chars[i - 1] : " "
            let after = end < chars.count ? chars[end] : " "
            guard let value = Int(String(chars[i..<end])), value > 0, value < 10_000,
                  !before.isLetter, before != ".", after != "." || end + 1 >= chars.count || !chars[end + 1].isNumber else {
                i = end
                continue
            }
            var unitEnd = end
            while unitEnd < chars.count, chars[unitEnd] == " " { unitEnd += 1 }
            let rest = String(chars[unitEnd...])
            let unit = Self.units.first { rest.hasPrefix($0) && Self.endsWord(rest.dropFirst($0.count), unit: $0) } ?? ""
            if unit.isEmpty && (after.isLetter || value >= 1000) { i = end; continue }
            // A bare number is a detail only inside a Korean phrase ("값을 1 감소시킨다"); at the
            // start of a sentence or beside Latin words and brackets it is a footnote or section mark.
            if unit.isEmpty {
                let next = chars[end...].first { !$0.isWhitespace }
                let previous = chars[..<i].last { !$0.isWhitespace }
                let isHangul = { (c: Character?) in c.map { KoreanText.containsHangul(String($0)) } ?? false }
                guard isHangul(next), isHangul(previous) else { i = end; continue }
            }
            let stop = unit.isEmpty ? end : unitEnd + unit.count
            self.value = value
            self.unit = unit
            // "20 bytes" keeps its space; "32비트" stays written together.
            let spaced = unitEnd > end && unit.first.map { $0.isASCII && $0.isLetter } == true
            answer = spaced ? "\(value) \(unit)" : "\(value)\(unit)"
            blanked = String(chars[..<i]) + QuizText.blank + String(chars[stop...])
            return
        }
        return nil
    }
}

/// What kind of text an option is, for choosing distractors of the answer's type.
struct OptionType: Equatable {
    enum Script { case hangul, latin, other }
    var script: Script
    /// Compact length in classes: 1–2, 3–4, 5–7, 8–12, 13–24, longer.
    var lengthClass: Int

    /// Whether two terms are of one word class: at most one word more or fewer, and at most three
    /// times as long ("검증" and "문서 저장 및 서명" are not; "중단점의 속성" and "스택 호출 창" are).
    static func sameWordClass(_ a: String, _ b: String) -> Bool {
        let words = { (t: String) in t.split(whereSeparator: \.isWhitespace).count }
        let (x, y) = (KoreanText.compact(a).count, KoreanText.compact(b).count)
        return abs(words(a) - words(b)) <= 1 && max(x, y) <= 3 * max(min(x, y), 1)
    }

    /// Whether three options of one kind ("…회귀식") stand beside a key of none: the key is the
    /// odd one out, found unread.
    static func isOddOneOut(answer: String, beside options: [String]) -> Bool {
        guard headWord(answer) == nil, let head = options.first.flatMap(headWord) else { return false }
        return options.allSatisfy { headWord($0) == head }
    }

    /// The word that says what kind of thing a term is: the last of two or more ("Date 변수" is
    /// a 변수, "변수 선언" a 선언), nil for one word.
    static func headWord(_ term: String) -> String? {
        let words = term.split(whereSeparator: \.isWhitespace)
        guard words.count >= 2, let last = words.last, last.count >= 2 else { return nil }
        return KoreanText.compact(String(last))
    }

    /// Term options of the answer's kind: when the answer has a head word ("Date 변수") and three
    /// terms share it, only those; otherwise never a term that opens with the
    /// answer's head word ("변수 선언", "변수 이름" beside "Date 변수" are of another kind).
    static func ofAnswersKind(_ pool: [(text: String, closeness: Double)], answer: String) -> [(text: String, closeness: Double)] {
        guard let head = headWord(answer) else { return pool }
        let sameHead = pool.filter { headWord($0.text) == head }
        if Set(sameHead.map { KoreanText.compact($0.text) }).count >= 3 { return sameHead }
        // English phrases a Korean page quotes have no kinds to tell apart but their head word:
        // "single variables" among "explicitly declared" and "elements numbered" is found by grammar.
        if !KoreanText.containsHangul(answer) { return sameHead }
        let opensWithHead = { (text: String) in
            text.split(whereSeparator: \.isWhitespace).first.map { KoreanText.compact(String($0)) == head } ?? false
        }
        return pool.filter { !opensWithHead($0.text) }
    }

    init(_ text: String) {
        let key = KoreanText.compact(text)
        if KoreanText.containsHangul(key) {
            script = .hangul
        } else if key.unicodeScalars.contains(where: { $0.isASCII && $0.properties.isAlphabetic }) {
            script = .latin
        } else {
            script = .other
        }
        lengthClass = switch key.count {
        case ...2: 0
        case 3...4: 1
        case 5...7: 2
        case 8...12: 3
        case 13...24: 4
        default: 5
        }
    }
}

/// What a term names, for options of one kind: an activity ("변수 선언", "데이터 전송": the
/// document writes its head word as a verb), a kind of things ("변수 유형", "명명 규칙"), or a thing
/// ("배열", "체크섬"). "Only one option can be performed" gives the key away as surely as grammar.
enum TermKind: Equatable {
    case thing, activity, category

    /// Head words of a category: what sorts or rules things, not a thing.
    static let categoryHeads: Set<String> = ["유형", "종류", "규칙", "방법", "방식", "원칙", "원리", "분류"]
}

extension QuizMaterial {
    /// Verb endings after a noun that make it a verb ("선언" + "합니다").
    static let verbEndings = ["하", "합", "한", "할", "해", "했", "되", "됩", "된", "될", "돼", "됐"]

    /// Nouns of two syllables or more that some word of the document puts a verb ending after.
    static func verbalNouns<Words: Sequence>(_ words: Words) -> Set<String> where Words.Element == String {
        var out = Set<String>()
        for word in words where word.count >= 3 {
            let chars = Array(word)
            guard chars.allSatisfy({ KoreanText.isHangul($0.unicodeScalars.first!) }) else { continue }
            for cut in 2..<chars.count where verbEndings.contains(String(chars[cut])) {
                out.insert(String(chars[..<cut]))
            }
        }
        return out
    }

    /// The kind of a term by its last word (Hangul terms only; Latin names are things).
    func termKind(_ term: String) -> TermKind {
        guard let last = term.split(whereSeparator: \.isWhitespace).last.map({ KoreanText.compact(String($0)) }),
              KoreanText.containsHangul(last) else { return .thing }
        if TermKind.categoryHeads.contains(last) { return .category }
        return verbalNouns.contains(last) ? .activity : .thing
    }
}
