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
    /// Whether the document writes the term with a particle after it somewhere (운영체제는): the
    /// mark of a noun that a bare two-syllable word (너무, 얻기) lacks.
    private(set) var takesParticles: [Bool] = []
    /// The words of each phrase term ("라운드 로빈"), by the phrase's id.
    private(set) var phraseWords: [Int: [Int]] = [:]
    private var phraseIDs: [[Int]: Int] = [:]
    /// One-syllable nouns of this document (큐, 힙): written alone or with two different particles.
    private var singleSyllableNouns: Set<String> = []

    var count: Int { forms.count }

    /// Term ids of the words of a text, in order.
    func terms(_ text: String) -> [Int] {
        var result: [Int] = []
        let scalars = text.unicodeScalars
        var start: String.UnicodeScalarView.Index?
        var i = scalars.startIndex
        while i != scalars.endIndex {
            if KoreanText.isLetterOrDigit(scalars[i]) {
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

    /// Term ids of a text's words as the morphological analyser tagged them: each noun that
    /// names something (`TaggedWord.contentNounUses`: "선거관리위원회는" → 선거관리위원회), and a
    /// word without one by its stem ("가진다" → 가지), which is never a keyword. The tags, not the
    /// particle lists, say what a noun is, so a verb form glued to a noun ("얻어") is none.
    func terms(of words: [TaggedWord]) -> [Int] {
        var result: [Int] = []
        for word in words {
            let nouns = word.contentNounUses
            if nouns.isEmpty {
                if let stem = word.lexicalStem { result.append(nonNounID(of: stem)) }
            } else {
                for use in nouns { result.append(nounID(of: use.noun, asVerbStem: use.isVerbStem)) }
            }
        }
        return result
    }

    /// Words of a multi-word term candidate, in order; `isPart`: a run of words inside a
    /// longer phrase of the text ("대화 상자" of "해당 대화 상자").
    struct Phrase {
        var words: [Int]
        var isPart: Bool
    }

    /// The noun phrases of two or three nouns in the tagged words ("정보 공개 청구를" → 정보, 공개,
    /// 청구), each with its runs of two nouns as parts: the candidates of multi-word terms that
    /// `TermPhrases` keeps by how often the document writes them, and writes them whole (a part
    /// never written alone, "가능 자녀" of "육아휴직 가능 자녀", is no term). A longer run of nouns
    /// is a heading or a name, no term to teach.
    func nounPhrases(of words: [TaggedWord]) -> [Phrase] {
        var phrases: [Phrase] = []
        for phrase in NounPhrase.phrases(in: words) {
            let parts = phrase.text.split(separator: " ")
            guard (2...3).contains(parts.count) else { continue }
            let ids = parts.map { nounID(of: String($0), asVerbStem: false, counted: false) }
            // All of one script, as `adjacentPairs` asks: "주어진 Number" is no term either.
            guard Set(ids).count == ids.count, ids.allSatisfy({ isCandidate[$0] }),
                  Set(ids.map { KoreanText.containsHangul(forms[$0]) }).count == 1 else { continue }
            phrases.append(Phrase(words: ids, isPart: false))
            if ids.count == 3 {
                phrases.append(Phrase(words: Array(ids[0...1]), isPart: true))
                phrases.append(Phrase(words: Array(ids[1...2]), isPart: true))
            }
        }
        return phrases
    }

    /// The id of a noun the tags found. `asVerbStem`: this use is a verb's or an adjective's stem
    /// ("포함하여"); a noun the document uses more often so than as a noun (필요, 포함, 이용) names an
    /// activity or a quality, no thing to teach, and is no keyword.
    private func nounID(of noun: String, asVerbStem: Bool, counted: Bool = true) -> Int {
        let key = noun.lowercased()
        let id: Int
        if let known = ids[key] {
            id = known
        } else {
            id = forms.count
            ids[key] = id
            forms.append(noun)
            isCandidate.append(Self.mayBeTaggedKeyword(noun, key: key))
            takesParticles.append(false)
            nounUses.append(0)
        }
        if counted { nounUses[id] += asVerbStem ? -1 : 1 }
        takesParticles[id] = nounUses[id] >= 0
        return id
    }

    /// Per term: uses as a noun less uses as a verb's stem (`nounID`), for tagged nouns.
    private var nounUses: [Int] = []

    private func nonNounID(of stem: String) -> Int {
        let key = "\u{2}" + stem.lowercased()
        if let id = ids[key] { return id }
        let id = forms.count
        ids[key] = id
        forms.append(stem)
        isCandidate.append(false)
        takesParticles.append(false)
        nounUses.append(0)
        return id
    }

    /// `mayBeKeyword` for a noun the tags found: the lists of verb endings are not needed, the
    /// lists of words too common to teach are (경우, 내용, 방법 are nouns).
    private static func mayBeTaggedKeyword(_ form: String, key: String) -> Bool {
        if form.unicodeScalars.contains(where: { $0.properties.numericType != nil }) { return false }
        guard KoreanText.containsHangul(form) else { return mayBeKeyword(form, key: key) }
        guard form.count >= 2, form.count <= 10 else { return false }
        return !Stopwords.korean.contains(form) && !Stopwords.koreanAdverbs.contains(form) && !Stopwords.koreanDependentNouns.contains(form)
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
                form = stripParticle(word)
                stems[word] = form
            }
        } else {
            form = word
        }
        let key = form.lowercased()
        let nounParticle = form != word && KoreanText.containsHangul(form) && Self.nounParticles.contains(String(word.dropFirst(form.count)))
        if let id = ids[key] {
            if nounParticle { takesParticles[id] = true }
            return id
        }
        let id = forms.count
        ids[key] = id
        forms.append(form)
        isCandidate.append(Self.mayBeKeyword(form, key: key))
        takesParticles.append(nounParticle)
        nounUses.append(0)
        return id
    }

    /// `KoreanText.stripParticle`, which keeps one-syllable stems whole ("국가" is no 국 + 가),
    /// except for the document's one-syllable nouns: "큐에" → "큐".
    private func stripParticle(_ word: String) -> String {
        let stripped = KoreanText.stripParticle(word)
        if stripped != word || word.count != 2 { return stripped }
        let first = String(word.prefix(1))
        return singleSyllableNouns.contains(first) && Self.singleParticles.contains(word.last!) ? first : word
    }

    /// Particles that only follow nouns (란 and 라는 are the copula's). 는, 다, 고, 며, 나, 도, 만 also
    /// end verbs (나타내는, 가진다), so a word seen only with them is not known to be a noun.
    static let nounParticles: Set<String> = Set(KoreanText.particles).subtracting(["는", "다", "고", "며", "나", "도", "만"])

    static let singleParticles: Set<Character> = ["은", "는", "이", "가", "을", "를", "의", "에", "로", "와", "과", "도", "만"]

    /// Reads the whole document once before any term is made, to learn its one-syllable nouns:
    /// a syllable written alone, or followed by two different particles (큐에, 큐를).
    func learnNouns(from texts: [String]) {
        var particlesAfter: [String: Set<Character>] = [:]
        var alone: Set<String> = []
        for text in texts {
            for token in text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) where token.count <= 2 {
                guard token.allSatisfy({ $0.unicodeScalars.count == 1 && (0xAC00...0xD7A3).contains($0.unicodeScalars.first!.value) }) else { continue }
                if token.count == 1 { alone.insert(String(token)) }
                else if Self.singleParticles.contains(token.last!) { particlesAfter[String(token.prefix(1)), default: []].insert(token.last!) }
            }
        }
        for (syllable, particles) in particlesAfter where particles.count >= 2 || (alone.contains(syllable) && !particles.isEmpty) {
            if !Stopwords.korean.contains(syllable) && !Stopwords.koreanDependentNouns.contains(syllable) { singleSyllableNouns.insert(syllable) }
        }
    }

    /// Whether a term may be one of the note's keywords: a candidate word that is a noun by the
    /// document's own use (a particle after it somewhere: 운영체제는), or a phrase. A Hangul word the
    /// document never puts a particle after is an adverb, a verb form or half of a phrase (너무, 얻기, 추가할).
    func isKeyword(_ id: Int) -> Bool {
        guard isCandidate[id] else { return false }
        if phraseWords[id] != nil || takesParticles[id] { return true }
        return !KoreanText.containsHangul(forms[id])
    }

    /// "간의", "것이": a one-syllable word with its particle, kept whole by `stripParticle`.
    static func isOneSyllableWithParticle(_ form: String) -> Bool {
        form.count == 2 && KoreanText.containsHangul(form) && (singleParticles.contains(form.last!) || form.last == "인")
    }

    /// Whether a word can begin a two-word term: a noun, not a verb's adnominal form (누른, 입력할,
    /// 주어진) unless the document also uses it as a noun, nor a counter (번째, 개의).
    private func mayBeginPhrase(_ id: Int) -> Bool {
        let form = forms[id]
        guard KoreanText.containsHangul(form) else { return true }
        if form.hasSuffix("째") { return false }
        if takesParticles[id] { return true }
        if Self.isOneSyllableWithParticle(form) { return false }
        if let last = form.last, Stopwords.koreanAdnominalFinals.contains(last) { return false }
        return true
    }

    /// The id of the phrase of two or three words, made on first use; its form is their forms
    /// with a space between.
    func phrase(_ words: [Int]) -> Int {
        if let id = phraseIDs[words] { return id }
        let form = words.map { forms[$0] }.joined(separator: " ")
        let id = forms.count
        ids["\u{1}" + form.lowercased()] = id
        forms.append(form)
        isCandidate.append(true)
        takesParticles.append(takesParticles[words.last!])
        nounUses.append(0)
        phraseWords[id] = words
        phraseIDs[words] = id
        return id
    }

    /// The (first, second) word ids of each pair of words that stand next to each other in the text,
    /// separated by one space only, both possible keywords of the same script, the first without a particle.
    func adjacentPairs(_ text: String) -> [(Int, Int)] {
        let tokens = text.split(separator: " ")
        var pairs: [(Int, Int)] = []
        for (left, right) in zip(tokens, tokens.dropFirst()) {
            guard left.allSatisfy({ $0.isLetter || $0.isNumber }), let start = right.first, start.isLetter else { continue }
            let rightWord = right.prefix { $0.isLetter || $0.isNumber }
            // Both words Hangul, or both Latin: "주어진 Number는" is no term.
            let leftHangul = left.allSatisfy { KoreanText.containsHangul(String($0)) }
            guard leftHangul ? rightWord.allSatisfy({ KoreanText.containsHangul(String($0)) }) : (left.allSatisfy(\.isASCII) && rightWord.allSatisfy(\.isASCII))
            else { continue }
            let first = terms(String(left)), second = terms(String(rightWord))
            guard first.count == 1, second.count == 1, isCandidate[first[0]], isCandidate[second[0]], first[0] != second[0],
                  mayBeginPhrase(first[0]), !Self.isOneSyllableWithParticle(forms[second[0]]) else { continue }
            guard forms[first[0]].lowercased() == left.lowercased() else { continue }
            // A Latin phrase is named by its two words' forms, so it is a phrase only where the
            // text writes them so: "emphasized text" is no "emphasized Text" because "Text" is
            // the word's usual form elsewhere.
            if !leftHangul, forms[first[0]] != left || forms[second[0]] != rightWord { continue }
            // "선형 모델로(의)": a longer word ending in 로 here carries the particle (로, 으로), and
            // the pair is a noun with its particle, not a term.
            let secondForm = forms[second[0]]
            if secondForm.count >= 3, secondForm.hasSuffix("로"), KoreanText.containsHangul(secondForm) { continue }
            pairs.append((first[0], second[0]))
        }
        return pairs
    }

    private static func mayBeKeyword(_ form: String, key: String) -> Bool {
        if form.unicodeScalars.contains(where: { $0.properties.numericType != nil }) { return false }
        if KoreanText.containsHangul(form) {
            guard form.count >= 2, form.count <= 10 else { return false }
            if Stopwords.korean.contains(form) { return false }
            if Stopwords.koreanVerbSuffixes.contains(where: { form.hasSuffix($0) }) { return false }
            if let last = form.last, Stopwords.koreanVerbFinals.contains(last) { return false }
            if Stopwords.koreanAdverbs.contains(form) || Stopwords.koreanDependentNouns.contains(form) { return false }
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
    것 수 등 때 경우 때문 해당 이하 미만 이상 초과 이내 위해 위한 통해 대한 대해 관한 다음 이것 그것 저것 여기 거기 이러한 그러한 이런 그런 저런 모든 각각 또한 그리고 \
    그러나 하지만 따라서 및 또는 혹은 이후 이전 정도 우리 자신 가장 매우 아주 많은 많이 여러 다른 같은 어떤 무엇 이제 지금 먼저 다시 바로 함께 \
    모두 여기서 이를 그러면 예를 하나 그림 이번 이때 그때 대부분 자체 부분 내용 방법 사용 사용해 경우에 그래서 만약 만일 물론 보통 대개 \
    하나의 역주 아래 위에 다음과 이렇게 그렇게 어떻게 약간 조금 때로 계속 항상 전혀 거의 특히 이미 아직 곧 별로 
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    static let koreanVerbSuffixes: [String] = [
        "하다", "한다", "하는", "하여", "하고", "하면", "하지", "하게", "해서", "했다", "된다", "되는", "되어", "되면", "되고", "되지",
        "있는", "있다", "없는", "없다", "같은", "같이", "니다", "습니", "하기", "되기", "시오", "세요", "려면", "어야", "아야", "해야",
        "으면", "는지", "을지", "할지", "는가", "도록", "면서", "거나", "지만", "어서", "아서",
    ]
    static let koreanVerbFinals: Set<Character> = [
        "한", "된", "될", "있", "없", "했", "됐", "었", "았", "였", "겠", "며", "게", "듯", "하", "되", "해", "돼",
        "는", "은", "을", "를", "다", "까", "니", "요", "히", "할", "놓",
    ]
    /// Last syllables of verbs' adnominal forms (누른, 주어진, 입력할, 가진): such a word before a noun
    /// describes it; it does not name a term with it.
    static let koreanAdnominalFinals: Set<Character> = [
        "할", "한", "된", "될", "진", "른", "는", "은", "을", "던", "린", "운", "온", "인", "쓴", "본", "낸", "준", "둔", "친", "난", "간", "갈", "올", "줄", "볼", "낼", "일",
    ]
    /// Adverbs and other words that never name a concept.
    static let koreanAdverbs: Set<String> = Set("""
    너무 오래 얻기 이나 잘 더 덜 못 안 곧 꼭 좀 늘 또 즉 왜 각 새 두 세 네 한 몇 이 그 저 별 왜냐하면 비록 아마 이처럼 그대로 스스로 서로 \
    충분히 적절히 빨리 자주 따라 따로 가끔 오직 단지 다만 주로 흔히 쉽게 크게 작게 새로 더욱 훨씬 아무 어느 무슨 이와 바와 데에
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    /// Dependent nouns: words that need a word before them (것, 수, 바, 데).
    static let koreanDependentNouns: Set<String> = ["것", "수", "바", "데", "줄", "듯", "채", "뿐", "만큼", "때문", "중", "등", "따위", "측", "편", "점", "번", "개", "명", "곳", "번째", "가지", "중인", "간"]
}
