import Foundation

/// Decides whether a line break between two Hangul syllables was a space.
///
/// Browsers and word processors wrap Korean between any two syllables, and a PDF keeps no trace
/// of the space that was eaten at a line end: "먼저" / "실행하는" and "프로" / "세스" look alike.
/// The document itself is the best evidence: the words it writes whole elsewhere (between two
/// spaces, never at a line edge), the nouns it puts particles after. A small lexicon of particles,
/// endings and adverbs answers where the document is silent. Measured on LibreOffice's Korean help
/// printed by Chromium (Tests/NotioMediaTests/Fixtures): under 1 glued and about 1 wrongly split
/// pair per 1,000 Hangul syllables, against 11–17 glued when every such break was joined.
public struct KoreanSpacing: Sendable {
    /// Whole Hangul words (between spaces, punctuation trimmed) and how often each occurs.
    private var words: [String: Int] = [:]
    /// The same words without a trailing particle: the document's nouns and stems.
    private var stems: [String: Int] = [:]

    /// Statistics of a document given as lines. The first and last word of every line are left
    /// out: either may be half a word cut by the wrap.
    public init(lines: [String]) {
        for line in lines {
            let tokens = line.split(separator: " ")
            guard tokens.count > 2 else { continue }
            for token in tokens[1..<(tokens.count - 1)] {
                guard let word = Self.wholeHangulWord(token) else { continue }
                words[word, default: 0] += 1
                stems[Self.stripParticle(word), default: 0] += 1
            }
        }
    }

    /// Whether the text of `next` continues `line` after a space. Only for a break between two
    /// Hangul syllables; `line` and `next` are whole lines (their edge words are looked at).
    public func needsSpace(after line: Substring, before next: Substring) -> Bool {
        decision(after: line, before: next).space
    }

    /// The decision with the rule that made it (for tests and measurements).
    public func decision(after line: Substring, before next: Substring) -> (space: Bool, rule: Rule) {
        let leftToken = line.split(separator: " ").last.map(String.init) ?? ""
        let rightToken = next.split(separator: " ").first.map(String.init) ?? ""
        let left = Self.trailingHangul(leftToken), right = Self.leadingHangul(rightToken)
        guard let l = left.last, let r = right.first else { return (true, .notHangul) }
        let joined = left + right
        let bare = String(rightToken.reversed().drop { Self.closingPunctuation.contains($0) }.reversed())
        let rightIsWhole = bare == right

        // 할 수 | 있는: the dependent noun 수 before 있다/없다.
        if leftToken == "수", left == "수", r == "있" || r == "없" { return (true, .dependentNoun) }
        let rightKnown = right.count >= 2 && knownHead(right)
        // 는|지 and 는|데 continue an ending only when nothing but a particle follows (하는지를, 하는데도);
        // "교차하는 지점을" starts a new word.
        let dependentStart = (r == "지" || r == "데") && right.count > 1 && !Self.particleSet.contains(String(right.dropFirst()))
        if Self.continuations.contains([l, r]) && !rightKnown && !dependentStart { return (false, .continuation) }
        if (words[joined] ?? 0) > 0 { return (false, .wordOfDocument) }
        let joinedStem = Self.stripParticle(joined)
        if joinedStem != joined, joinedStem.count > left.count, known(joinedStem) { return (false, .stemOfDocument) }
        let leftEndsWord = Self.endsWord(left) || Self.adverbs.contains(left)
        if rightIsWhole, ["이", "그", "저"].contains(right), leftEndsWord { return (true, .determiner) }
        if rightIsWhole, Self.particleSet.contains(right) { return (false, .particle) }
        if Self.neverStartsWord.contains(r) { return (false, .neverStartsWord) }
        if Self.lightVerbs.contains(right) || (rightIsWhole && Self.shortVerbs.contains(right)),
           left.count >= 2, !leftEndsWord || (left.hasSuffix("의") && known(left)) {
            return (false, .lightVerb)
        }
        // An adnominal form before a dependent noun: 위치한 | 곳의, 실행할 | 때, 사용하는 | 경우.
        if left.count >= 2, let last = left.last, Self.adnominalFinals.contains(last), Self.dependentNouns.contains(where: { noun in
            right == noun || (right.hasPrefix(noun) && Self.particleSet.contains(String(right.dropFirst(noun.count))))
        }) { return (true, .dependentNoun) }
        if leftToken == left, Self.adverbs.contains(left) { return (true, .adverb) }
        if rightIsWhole, Self.adverbs.contains(right) { return (true, .adverb) }
        // A particle after a Latin word or a path, joined to it ("modules에") or set apart from it
        // ("/etc/modules 에"): the word ends with the particle.
        let beforeLeft = line.split(separator: " ").dropLast().last.map(String.init) ?? ""
        if Self.particleSet.contains(left),
           leftToken != left || (!beforeLeft.isEmpty && Self.trailingHangul(beforeLeft).isEmpty) { return (true, .particleAfterLatin) }
        let leftStem = Self.stripParticle(left)
        let leftKnown = known(left) || (leftStem != left && known(leftStem))
        let rightHead = knownHead(right)
        if leftKnown && rightHead { return (true, .bothWords) }
        if leftStem != left, leftStem.count >= 2, known(leftStem) { return (true, .particleAfterNoun) }
        if left.count >= 2, Self.endsWord(left) { return (true, .ending) }
        if rightHead, right.count >= 2, left.count >= 2 { return (true, .nextIsWord) }
        // Unknown on both sides: a browser breaks inside a word about twice as often as at a space.
        return (false, .unknown)
    }

    /// Whether the next line can only continue the word: it starts with a bare particle or ending
    /// ("다.", "를"). Such a break is inside a word even when the line is not full.
    public func continuesWord(after line: Substring, before next: Substring) -> Bool {
        let rule = decision(after: line, before: next)
        return !rule.space && [.continuation, .particle, .neverStartsWord].contains(rule.rule)
    }

    /// Whether the document itself shows that this break is inside a word (the joined word is
    /// written whole elsewhere, or the next line starts with a bare particle or ending): how a
    /// document that wraps between syllables is told from one that wraps at spaces.
    public func isInsideWord(after line: Substring, before next: Substring) -> Bool {
        let rule = decision(after: line, before: next)
        return !rule.space && [.continuation, .wordOfDocument, .stemOfDocument, .particle, .neverStartsWord].contains(rule.rule)
    }

    /// The rules in the order they are tried.
    public enum Rule: String, Sendable {
        case notHangul, dependentNoun, continuation, wordOfDocument, stemOfDocument, determiner, particle, neverStartsWord, lightVerb
        case adverb, particleAfterLatin, bothWords, particleAfterNoun, ending, nextIsWord, unknown
    }

    // MARK: - The document's words

    private func known(_ word: String) -> Bool {
        if (words[word] ?? 0) > 0 || (stems[word] ?? 0) > 0 { return true }
        // 용어들 is 용어 with the plural suffix.
        return word.count >= 3 && word.hasSuffix("들") && known(String(word.dropLast()))
    }

    /// A known word, or a known noun followed by a particle or a 하다/되다 form ("관리자에", "곳의", "이동할").
    private func knownHead(_ word: String) -> Bool {
        let stem = Self.stripParticle(word)
        if known(word) || (stem != word && known(stem)) { return true }
        let characters = Array(word)
        for cut in stride(from: 2, to: characters.count, by: 1)
        where known(String(characters[..<cut])) {
            let rest = String(characters[cut...])
            if Self.particleSet.contains(rest) || Self.lightVerbs.contains(rest) || Self.shortVerbs.contains(rest) { return true }
        }
        // One-syllable nouns (곳, 셀, 창, 키) only when the document writes them alone twice.
        if characters.count >= 2, (words[String(characters[0])] ?? 0) >= 2, Self.particleSet.contains(String(characters[1...])) { return true }
        return false
    }

    // MARK: - Lexicon

    /// Particles and copula forms, longest first; `KoreanText.particles` and the forms a line
    /// break leaves alone on a line ("에서도", "이므로").
    static let particles: [String] = (KoreanText.particles + [
        "에서도", "에도", "로는", "에서의", "에의", "으로의", "로의", "과의", "와의", "인", "일", "이므로", "이지만", "이면",
        "이어야", "이어서", "였다", "예요", "이에요", "대로", "마다", "조차", "밖에",
    ]).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.sorted { $0.count > $1.count }
    static let particleSet = Set(particles)

    /// Syllables that practically never begin a word.
    static let neverStartsWord: Set<Character> = ["는", "를", "을", "으", "었", "였", "했", "겠", "습", "됩", "됐", "며"]

    /// Two syllables that continue one ending across the break: 에|서, 으|로, 니|다, 되|어.
    static let continuations: Set<[Character]> = [
        ["어", "야"], ["어", "서"], ["된", "다"], ["한", "다"], ["는", "다"], ["에", "서"], ["로", "서"], ["로", "써"], ["으", "로"],
        ["니", "다"], ["는", "지"], ["는", "데"], ["지", "만"], ["도", "록"], ["려", "면"], ["면", "서"], ["하", "여"], ["되", "어"], ["있", "어"],
    ]

    /// 하다/되다 forms that follow a noun without a space (설정|합니다, 정의|되는).
    static let lightVerbs: Set<String> = Set("""
        하는 하다 한다 합니다 하여 하고 하면 하지 하게 해야 해서 했다 하기 하며 하려면 하도록 했습니다 하므로 하십시오 하세요 해도 하거나 \
        되는 된다 됩니다 되어 되고 되면 되며 되지 되기 됐다 되었다 되었습니다 되도록 되어야 됨 함 시킬 시킵니다 시키는 시켜
        """.split(whereSeparator: \.isWhitespace).map(String.init))
    /// One-syllable verb forms after a noun (표시|한, 사용|할), when they stand alone before a space.
    static let shortVerbs: Set<String> = ["한", "할", "된", "될", "함", "됨", "하여", "해", "했", "했다"]

    /// Endings after which an eojeol is over: particles of two syllables or more, verb endings.
    static let wordEndings: [String] = (Set("""
        거나 지만 도록 려면 려고 면서 므로 으로 에서 에게 까지 부터 하여 하고 하며 하면 되어 되고 되며 되면 있어 있고 있는 없는 하는 되는 \
        했다 한다 된다 니다 이다 이며 에는 에도 와의 과의 으며 어서 아서 여서 에서는 들이 히 과 와 를 을 는 은 의 에 고 며 면 서 게 지 할 될 \
        된 려 야 듯 는데 처럼 보다 마다 대로
        """.split(whereSeparator: \.isWhitespace).map(String.init)).union(particles.filter { $0.count >= 2 }))
        .sorted { $0.count > $1.count }

    /// Adverbs, conjunctions and determiners that stand alone.
    static let adverbs: Set<String> = Set("""
        또는 및 이미 먼저 다시 모두 함께 현재 그러나 따라서 하지만 그리고 또한 특히 바로 항상 가장 매우 각 각각 모든 다른 같은 여러 새 두 세 \
        예를 들어 즉 더 덜 잘 못 안 곧 이제 아직 만약 만일 물론 보통 대개 직접 자동으로 계속 전혀 거의 아래 위 처음 새로 잠시 다음
        """.split(whereSeparator: \.isWhitespace).map(String.init))

    /// Last syllables of verbs' adnominal forms (한, 된, 할, 는, 은, 을, 인 …).
    static let adnominalFinals: Set<Character> = ["한", "된", "할", "될", "는", "은", "을", "인", "던", "운", "른", "진", "린", "난", "본", "쓴", "온", "올"]
    /// Nouns that follow an adnominal form as a word of their own.
    static let dependentNouns: [String] = ["경우", "동안", "만큼", "곳", "것", "수", "때", "중", "줄", "데", "바", "뿐", "후", "전", "뒤"]

    static let closingPunctuation: Set<Character> = [".", ",", ")", "\"", "'", "”", "’", ":", ";"]

    static func endsWord(_ word: String) -> Bool { wordEndings.contains { word.hasSuffix($0) } }

    /// The word without a trailing particle; one-syllable particles only after two syllables or more.
    static func stripParticle(_ word: String) -> String {
        particleSuffixes.removing(from: word) { $0 == 1 ? 2 : 1 }
    }

    static let particleSuffixes = ParticleSuffixes(particles)

    // MARK: - Characters

    /// A precomposed Hangul syllable (U+AC00…U+D7A3).
    public static func isSyllable(_ character: Character) -> Bool {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
        return (0xAC00...0xD7A3).contains(scalar.value)
    }

    private static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }

    /// The Hangul run a token starts with, after opening punctuation ("(프로세스" → "프로세스").
    static func leadingHangul(_ token: String) -> String {
        String(token.drop { !isWordCharacter($0) }.prefix { isSyllable($0) })
    }

    /// The Hangul run a token ends with, before closing punctuation ("CPU를," → "를").
    static func trailingHangul(_ token: String) -> String {
        String(String(token.reversed().drop { !isWordCharacter($0) }.prefix { isSyllable($0) }).reversed())
    }

    /// The token when it is Hangul only, apart from punctuation around it.
    static func wholeHangulWord(_ token: Substring) -> String? {
        let inner = token.drop { !isWordCharacter($0) }.reversed().drop { !isWordCharacter($0) }.reversed()
        guard !inner.isEmpty, inner.allSatisfy(isSyllable) else { return nil }
        return String(inner)
    }
}
