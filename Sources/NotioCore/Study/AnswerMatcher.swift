import Foundation

/// Grades a short answer the way a fair teacher would: forgiving about form (Unicode form, case,
/// spacing, punctuation, Korean particles and copula endings, full-width digits, small typos in
/// long words, listed and parenthesised alternatives) and strict about meaning (other numbers,
/// negated terms such as 비선점형 for 선점형, one letter off in short acronyms, negated phrases).
public struct AnswerMatcher: Sendable {
    public init() {}

    /// Whether `given` says the same as `answer` or one of `alternatives`.
    public func isCorrect(given: String, answer: String, alternatives: [String] = []) -> Bool {
        if matchesAsWritten(given: given, answer: answer, alternatives: alternatives) { return true }
        // Written in hanja (大統領 for 대통령): read as the accepted answer's Hangul where it can be.
        return HanjaReadings.containsHan(given) && ([answer] + alternatives).contains { accepted in
            matchesAsWritten(given: HanjaReadings.hangul(given, like: accepted), answer: answer, alternatives: alternatives)
        }
    }

    private func matchesAsWritten(given: String, answer: String, alternatives: [String]) -> Bool {
        let givenForms = Self.forms(ofGiven: given)
        guard !givenForms.isEmpty else { return false }
        let negatedGiven = Self.hasNegation(given)
        for accepted in Self.acceptedForms(answer: answer, alternatives: alternatives) {
            if negatedGiven && !Self.hasNegation(accepted.raw) { continue }
            for form in givenForms where Self.matches(form, accepted) { return true }
        }
        return false
    }

    /// `isCorrect` with the reason a student is told: which allowance made the answer right
    /// (the closest one: an exact answer before a spacing difference before another spelling …),
    /// or what makes it wrong. The same forms and comparisons as `isCorrect`, so the two agree.
    public func verdict(given: String, answer: String, alternatives: [String] = []) -> AnswerVerdict {
        let asWritten = verdictAsWritten(given: given, answer: answer, alternatives: alternatives)
        guard !asWritten.isCorrect, HanjaReadings.containsHan(given) else { return asWritten }
        // Written in hanja: right when its reading is (isCorrect does the same).
        for accepted in [answer] + alternatives {
            let read = HanjaReadings.hangul(given, like: accepted)
            if verdictAsWritten(given: read, answer: answer, alternatives: alternatives).isCorrect {
                return AnswerVerdict(isCorrect: true, reason: .otherSpelling(accepted))
            }
        }
        return asWritten
    }

    private func verdictAsWritten(given: String, answer: String, alternatives: [String]) -> AnswerVerdict {
        let trimmed = given.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !Self.normalized(trimmed).isEmpty else { return AnswerVerdict(isCorrect: false, reason: .blank) }
        let negatedGiven = Self.hasNegation(trimmed)
        // The answer as written, with or without its parenthesised part; anything else accepted is another spelling.
        let ownKeys: Set<String> = [Self.normalized(answer), Self.normalized(Self.splitParentheses(answer).outside)]
        var best: AnswerVerdict?
        for form in Self.labelledForms(ofGiven: trimmed) {
            for accepted in Self.acceptedForms(answer: answer, alternatives: alternatives) {
                if negatedGiven && !Self.hasNegation(accepted.raw) { continue }
                guard Self.matches(form.form, accepted) else { continue }
                let reason: AnswerVerdict.Reason
                if let noun = form.headNoun {
                    reason = .headNoun(noun)
                } else if form.spelledNumber {
                    reason = .spelledNumber(accepted.raw)
                } else if !ownKeys.contains(accepted.key) {
                    reason = .otherSpelling(accepted.raw)
                } else if form.form.key == accepted.key {
                    reason = trimmed == accepted.raw || trimmed == answer ? .exact : .spacingOrCase
                } else if form.form.stem == accepted.stem || form.form.stem == accepted.key {
                    reason = .particle
                } else {
                    reason = .typo
                }
                let verdict = AnswerVerdict(isCorrect: true, reason: reason)
                if best == nil || verdict.reason.rank < best!.reason.rank { best = verdict }
            }
        }
        if let best { return best }
        // Wrong: say what differs when it is one of the strict rules.
        let givenForm = Self.make(trimmed)
        for accepted in Self.acceptedForms(answer: answer, alternatives: alternatives) {
            // "비선점형" for 선점형, "선점형이 아닌 것" for 선점형: the answer's term, negated.
            if Self.isNegationPair(givenForm.stem, accepted.stem)
                || negatedGiven && !Self.hasNegation(accepted.raw) && KoreanText.contains(givenForm.key, accepted.key) {
                return AnswerVerdict(isCorrect: false, reason: .opposite)
            }
        }
        let answerDigits = Self.make(answer).digits
        if !answerDigits.isEmpty, !givenForm.digits.isEmpty, answerDigits != givenForm.digits {
            return AnswerVerdict(isCorrect: false, reason: .otherNumber)
        }
        return AnswerVerdict(isCorrect: false, reason: .different)
    }

    /// The forms of a given answer with how each was made, for `verdict`.
    static func labelledForms(ofGiven given: String) -> [(form: Accepted, headNoun: String?, spelledNumber: Bool)] {
        var raws: [(String, String?, Bool)] = [(given, nil, false)]
        let (outside, _) = splitParentheses(given)
        if outside != given, !outside.isEmpty { raws.append((outside, nil, false)) }
        if let numeral = spelledNumber(given) { raws.append((numeral, nil, true)) }
        for (raw, _, spelled) in raws {
            if let bare = withoutHeadNoun(raw) {
                let noun = String(stem(raw).dropFirst(bare.count))
                raws.append((bare, noun, spelled))
            }
        }
        return raws.map { (make($0.0), $0.1, $0.2) }.filter { !$0.form.key.isEmpty }
    }

    /// The key two answers are compared by: NFKC, lower case, no spaces or punctuation.
    /// Also what `QuestionValidator` compares options and prompts by.
    public static func normalized(_ text: String) -> String { KoreanText.compact(text) }

    /// The key with a trailing particle or copula ending removed ("스레드입니다." → "스레드").
    public static func stem(_ text: String) -> String {
        let lowered = KoreanText.nfkc(text).lowercased()
        var words = lowered.unicodeScalars.split { $0.properties.isWhitespace }.map(Array.init)
        // Punctuation at the end belongs to no word: "스레드입니다." → "스레드입니다".
        while var last = words.last {
            while let end = last.last, !KoreanText.isLetterOrDigit(end) { last.removeLast() }
            if last.isEmpty { words.removeLast() } else { words[words.count - 1] = last; break }
        }
        guard let last = words.last else { return "" }
        // English articles in front carry nothing: "the deadlock" = "deadlock".
        if words.count > 1, articles.contains(words[0]) { words.removeFirst() }
        words[words.count - 1] = stripEnding(last)
        var joined = String.UnicodeScalarView()
        for word in words { joined.append(contentsOf: word) }
        return KoreanText.compact(String(joined))
    }

    static let articles: [[Unicode.Scalar]] = ["a", "an", "the"].map { Array($0.unicodeScalars) }

    /// A name and the alternatives in its parentheses: "교착 상태(Deadlock)" → ("교착 상태", ["Deadlock"]).
    public static func nameParts(_ text: String) -> (main: String, alternatives: [String]) {
        let (outside, inside) = splitParentheses(text)
        return (outside, inside)
    }

    // MARK: - Forms

    struct Accepted {
        var raw: String
        var key: String
        var stem: String
        var digits: [String]
        var letters: [Unicode.Scalar]
    }

    /// Endings a student adds to a noun answer, longest first; tried before the particles.
    static let endings = ["이었습니다", "였습니다", "입니다", "이에요", "이예요", "예요", "에요", "이다", "이야", "이요", "임", "요", "야"]

    static let endingScalars: [[Unicode.Scalar]] = endings.map { Array($0.unicodeScalars) }

    static func stripEnding(_ word: [Unicode.Scalar]) -> [Unicode.Scalar] {
        for ending in endingScalars where word.count > ending.count && word.suffix(ending.count).elementsEqual(ending) {
            let stem = Array(word.dropLast(ending.count))
            // A one-syllable ending may be the word's own last syllable ("고양이야" keeps "고양이").
            guard stem.count >= (ending.count == 1 ? 2 : 1) else { continue }
            return KoreanText.stripParticle(stem).map(Array.init) ?? stem
        }
        return KoreanText.stripParticle(word).map(Array.init) ?? word
    }

    static func acceptedForms(answer: String, alternatives: [String]) -> [Accepted] {
        var raws: [String] = []
        for text in [answer] + alternatives {
            raws.append(text)
            // "교착 상태(Deadlock)" accepts "교착 상태" and "Deadlock" on their own.
            let (outside, inside) = splitParentheses(text)
            if !inside.isEmpty {
                raws.append(outside)
                raws.append(contentsOf: inside)
            }
        }
        var seen = Set<String>()
        var out: [Accepted] = []
        for raw in raws {
            let key = normalized(raw)
            guard !key.isEmpty, seen.insert(key).inserted else { continue }
            out.append(make(raw))
        }
        return out
    }

    static func forms(ofGiven given: String) -> [Accepted] {
        var raws = [given]
        let (outside, _) = splitParentheses(given)
        if outside != given, !outside.isEmpty { raws.append(outside) }
        if let numeral = spelledNumber(given) { raws.append(numeral) }
        // "PDF 파일" for PDF, "라운드 로빈 방식" for 라운드 로빈: a generic head noun adds nothing.
        for raw in raws {
            if let bare = withoutHeadNoun(raw) { raws.append(bare) }
        }
        return raws.map(make).filter { !$0.key.isEmpty }
    }

    /// Nouns a student puts after a term to say what kind of thing it is. They carry no meaning
    /// of their own here, so "PDF 파일" says the same as "PDF".
    public static let headNouns = ["파일", "기능", "방식", "방법", "도구", "기법", "기술", "개념", "구조", "원리", "형식", "형태", "모델",
                            "프로그램", "언어", "명령어", "명령", "함수", "알고리즘", "프로토콜", "장치", "과정", "단계", "기능들",
                            "file", "function", "tool", "method", "format", "language", "command", "algorithm", "protocol", "model", "program"]

    /// `text` without a trailing head noun (and its particle or ending), or nil when it has
    /// none or nothing would be left.
    static func withoutHeadNoun(_ text: String) -> String? {
        let stemmed = stem(text)
        for noun in headNouns where stemmed.count > noun.count + 1 && stemmed.hasSuffix(noun) {
            return String(stemmed.dropLast(noun.count))
        }
        return nil
    }

    static func make(_ raw: String) -> Accepted {
        let key = normalized(raw)
        let stem = stem(raw)
        return Accepted(raw: raw, key: key, stem: stem.isEmpty ? key : stem,
                        digits: digitRuns(key), letters: Array(stem.unicodeScalars))
    }

    static func splitParentheses(_ text: String) -> (outside: String, inside: [String]) {
        var outside = String.UnicodeScalarView()
        var inside: [String] = []
        var current = String.UnicodeScalarView()
        var depth = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "(", "（", "[", "［":
                depth += 1
                if depth == 1 { current = String.UnicodeScalarView(); continue }
            case ")", "）", "]", "］":
                if depth == 1 {
                    depth = 0
                    // "(Deadlock, 데드락)" lists two alternatives.
                    for part in current.split(whereSeparator: { $0 == "," || $0 == "/" || $0 == "，" }) {
                        let trimmed = trim(String.UnicodeScalarView(part))
                        if !trimmed.isEmpty { inside.append(trimmed) }
                    }
                    continue
                }
                depth = max(0, depth - 1)
            default: break
            }
            if depth == 0 { outside.append(scalar) } else { current.append(scalar) }
        }
        return (trim(outside), inside)
    }

    /// Spaces off both ends, without Foundation.
    static func trim(_ view: String.UnicodeScalarView) -> String {
        var start = view.startIndex
        var end = view.endIndex
        while start < end, view[start].properties.isWhitespace { start = view.index(after: start) }
        while end > start, view[view.index(before: end)].properties.isWhitespace { end = view.index(before: end) }
        return String(view[start..<end])
    }

    // MARK: - Comparison

    static func matches(_ given: Accepted, _ accepted: Accepted) -> Bool {
        if given.key == accepted.key || given.stem == accepted.stem || given.stem == accepted.key { return true }
        if !accepted.digits.isEmpty || !given.digits.isEmpty {
            // Numbers are never typo-corrected: "32비트" is not "64비트".
            guard given.digits == accepted.digits else { return false }
            // "3" for "3개" (or the reverse) when the rest is only a counter.
            let g = given.stem.filter { !$0.isNumber }
            let a = accepted.stem.filter { !$0.isNumber }
            return g.isEmpty || a.isEmpty ? counters.contains(g + a) || (g + a).isEmpty : false
        }
        let length = accepted.letters.count
        let allowed = length >= 8 ? 2 : (length >= 4 ? 1 : 0)
        guard allowed > 0, abs(given.letters.count - length) <= allowed else { return false }
        if isNegationPair(given.stem, accepted.stem) { return false }
        return levenshtein(given.letters, accepted.letters, limit: allowed) <= allowed
    }

    static let counters: Set<String> = ["개", "번", "회", "가지", "단계", "명", "개의", "번째", "차", "대", "줄", "장", "권", "쪽", "페이지", "bit", "비트"]

    /// Prefixes that turn a term into its opposite; a typo allowance must not bridge them.
    static let negationPrefixes = ["비", "무", "불", "미", "반", "非", "non", "un", "dis", "anti"]

    static func isNegationPair(_ a: String, _ b: String) -> Bool {
        for prefix in negationPrefixes {
            if a.hasPrefix(prefix) != b.hasPrefix(prefix) {
                let (longer, shorter) = a.hasPrefix(prefix) ? (a, b) : (b, a)
                let rest = longer.dropFirst(prefix.count)
                if rest == shorter[...] || levenshtein(Array(rest.unicodeScalars), Array(shorter.unicodeScalars), limit: 1) <= 1 {
                    return true
                }
            }
        }
        return false
    }

    static let negationWords = ["아닌", "아니", "아님", "않", "없는", "없다", "말고", "제외", "not ", "n't", "except", "rather than", "instead of"]

    static let negationScalars: [[Unicode.Scalar]] = negationWords.map { Array($0.unicodeScalars) }

    static func hasNegation(_ text: String) -> Bool {
        let t = Array((" " + text.lowercased() + " ").unicodeScalars)
        for needle in negationScalars where t.count >= needle.count {
            var i = 0
            while i + needle.count <= t.count {
                if t[i] == needle[0] && t[i..<(i + needle.count)].elementsEqual(needle) { return true }
                i += 1
            }
        }
        return false
    }

    static func digitRuns(_ key: String) -> [String] {
        var runs: [String] = []
        var current = String.UnicodeScalarView()
        var inRun = false
        func close() {
            if inRun { runs.append(current.isEmpty ? "0" : String(current)) }
            current = String.UnicodeScalarView()
            inRun = false
        }
        for scalar in key.unicodeScalars {
            if scalar.value >= 0x30 && scalar.value <= 0x39 {
                inRun = true
                // Leading zeros do not change a number: "07" = "7".
                if !(current.isEmpty && scalar == "0") { current.append(scalar) }
            } else {
                close()
            }
        }
        close()
        return runs
    }

    /// Native Korean and English number words up to ten, spelled alone or before a counter:
    /// "세 개" → "3개", "three" → "3". Sino-Korean 일/이/삼 are left alone: they are also particles and words.
    static func spelledNumber(_ text: String) -> String? {
        // The longest spelled form is "여덟 가지" or "seven": anything longer is not a number word.
        guard let firstScalar = text.unicodeScalars.first(where: { !$0.properties.isWhitespace }),
              numberInitials.contains(firstScalar.properties.lowercaseMapping.unicodeScalars.first ?? firstScalar),
              text.unicodeScalars.count <= 12 else { return nil }
        let words = KoreanText.nfkc(text).lowercased().split { $0.isWhitespace }.map(String.init)
        guard let first = words.first, words.count <= 2 else { return nil }
        let table = numberWords
        if let n = table[first] { return "\(n)" + (words.count == 2 ? words[1] : "") }
        // Written together: "세개", "두번".
        for (word, n) in table where first.hasPrefix(word) && words.count == 1 {
            let rest = String(first.dropFirst(word.count))
            if counters.contains(rest) { return "\(n)\(rest)" }
        }
        return nil
    }

    static let numberInitials = Set(numberWords.keys.compactMap { $0.unicodeScalars.first })

    static let numberWords: [String: Int] = [
        "하나": 1, "한": 1, "둘": 2, "두": 2, "셋": 3, "세": 3, "넷": 4, "네": 4, "다섯": 5, "여섯": 6,
        "일곱": 7, "여덟": 8, "아홉": 9, "열": 10,
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    ]

    /// 0 for the same letter; 1 for another letter, or for a Hangul syllable that differs in one
    /// jamo ("어"/"아", "쥴"/"줄"); 2 for syllables that differ more ("내"/"외" in 내부/외부),
    /// which are other words rather than typos.
    static func substitutionCost(_ x: Unicode.Scalar, _ y: Unicode.Scalar) -> Int {
        if x == y { return 0 }
        let base: UInt32 = 0xAC00
        guard (0xAC00...0xD7A3).contains(x.value), (0xAC00...0xD7A3).contains(y.value) else { return 1 }
        let s = x.value - base, t = y.value - base
        var differing = 0
        if s / 588 != t / 588 { differing += 1 }
        if (s % 588) / 28 != (t % 588) / 28 { differing += 1 }
        if s % 28 != t % 28 { differing += 1 }
        return differing <= 1 ? 1 : 2
    }

    /// Edit distance with an early exit once every path exceeds `limit`.
    static func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMin = i
            for j in 1...b.count {
                let cost = substitutionCost(a[i - 1], b[j - 1])
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
