import Foundation
import NotioCore

/// Interns the words of a document as integer ids: Korean particles stripped (운영체제는 → 운영체제),
/// Latin words compared case-insensitively, and keeps the first form seen, which occurs verbatim.
final class TermVocabulary {
    private var ids: [String: Int] = [:]
    private var stems: [String: String] = [:]
    private(set) var forms: [String] = []
    /// Whether a term may be a keyword: not a stopword, a number, a verb form or too short.
    private(set) var isCandidate: [Bool] = []

    var count: Int { forms.count }

    /// Term ids of the words of a text, in order.
    func terms(_ text: String) -> [Int] {
        var result: [Int] = []
        let scalars = text.unicodeScalars
        var start: String.UnicodeScalarView.Index?
        var i = scalars.startIndex
        while i != scalars.endIndex {
            if Self.isWordScalar(scalars[i]) {
                if start == nil { start = i }
            } else if let first = start {
                result.append(id(of: String(scalars[first..<i])))
                start = nil
            }
            scalars.formIndex(after: &i)
        }
        if let first = start { result.append(id(of: String(scalars[first...]))) }
        return result
    }

    /// A letter or a digit (alphabetic or with a numeric type); ASCII and Hangul syllables answered
    /// without the (slow) Unicode property lookup.
    @inline(__always)
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 {
            let folded = v | 0x20
            return (folded >= 0x61 && folded <= 0x7A) || (v >= 0x30 && v <= 0x39)
        }
        if v >= 0xAC00 && v <= 0xD7A3 { return true }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Id of each word seen, so that a repeated word skips particle stripping and lower-casing.
    private var wordIDs: [String: Int] = [:]

    private func id(of word: String) -> Int {
        if let known = wordIDs[word] { return known }
        let id = newID(of: word)
        wordIDs[word] = id
        return id
    }

    private func newID(of word: String) -> Int {
        let form: String
        if let last = word.unicodeScalars.last, KoreanText.isHangul(last) {
            if let cached = stems[word] { form = cached } else {
                form = KoreanText.stripParticle(word)
                stems[word] = form
            }
        } else {
            form = word
        }
        let key = form.lowercased()
        if let id = ids[key] { return id }
        let id = forms.count
        ids[key] = id
        forms.append(form)
        isCandidate.append(Self.mayBeKeyword(form, key: key))
        return id
    }

    private static func mayBeKeyword(_ form: String, key: String) -> Bool {
        if form.unicodeScalars.contains(where: { $0.properties.numericType != nil }) { return false }
        if KoreanText.containsHangul(form) {
            guard form.count >= 2, form.count <= 10 else { return false }
            if Stopwords.korean.contains(form) { return false }
            if Stopwords.koreanVerbSuffixes.contains(where: { form.hasSuffix($0) }) { return false }
            if let last = form.last, Stopwords.koreanVerbFinals.contains(last) { return false }
            return true
        }
        guard form.count >= 2, form.count <= 30 else { return false }
        if form.count == 2 && form != form.uppercased() { return false }
        return !Stopwords.english.contains(key)
    }
}

enum Stopwords {
    static let english: Set<String> = Set("""
    a about above after again against all almost also although always am among an and another any anything are aren around as at \
    be because been before being below between both but by can cannot could did do does doing done down during each either else \
    enough etc even ever every example few first for from further get gets given gives go going got had has have having he her here \
    hers him his how however if in into is isn it its itself just last least less let like likely made make makes many may me might \
    more most much must my need needs never new next no non nor not now of off often on once one only onto or other others otherwise \
    our out over own part per perhaps possible put quite rather really same see seen several shall she should show shown shows \
    similar simply since so some something sometimes still such take than that the their theirs them themselves then there these \
    they thing things this those though through thus to together too two under until up upon us use used useful uses using usually \
    various very via want was way ways we well were what whatever when where whether which while who whole whom whose why will with \
    within without would yes yet you your yours yourself zero three four five six seven eight nine ten called call section chapter \
    page pages note notes following see also value values default true false null na argument arguments details description usage \
    examples author authors references
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    static let korean: Set<String> = Set("""
    것 수 등 때 경우 때문 위해 위한 통해 대한 대해 관한 다음 이것 그것 저것 여기 거기 이러한 그러한 이런 그런 저런 모든 각각 또한 그리고 \
    그러나 하지만 따라서 및 또는 혹은 이후 이전 정도 우리 자신 가장 매우 아주 많은 많이 여러 다른 같은 어떤 무엇 이제 지금 먼저 다시 바로 함께 \
    모두 여기서 이를 그러면 예를 하나 그림 이번 이때 그때 대부분 자체 부분 내용 방법 사용 사용해 경우에 그래서 만약 만일 물론 보통 대개 \
    하나의 역주 아래 위에 다음과 이렇게 그렇게 어떻게 약간 조금 때로 계속 항상 전혀 거의 특히 이미 아직 곧 별로 
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    static let koreanVerbSuffixes: [String] = [
        "하다", "한다", "하는", "하여", "하고", "하면", "하지", "하게", "해서", "했다", "된다", "되는", "되어", "되면", "되고", "되지",
        "있는", "있다", "없는", "없다", "같은", "같이", "니다", "습니", "하기", "되기", "시오", "세요", "려면", "어야", "아야", "해야",
    ]
    static let koreanVerbFinals: Set<Character> = [
        "한", "된", "될", "있", "없", "했", "됐", "었", "았", "였", "겠", "며", "게", "듯", "하", "되", "해", "돼",
        "는", "은", "을", "를", "다", "까", "니",
    ]
}
