import Foundation
import NotioCore

/// Sentences a teacher would not put in front of a student, whatever is blanked or masked in
/// them: steps of operating a program, formulas whose layout the PDF lost, sentences that lean on
/// the one before them. Each rule comes from questions a reader who had not written the generator
/// judged unusable (Tests/Fixtures/corpus/judging/verdicts-*.json).
extension QuizText {
    /// Words of a step of operating a screen: pressing, clicking, choosing in a menu. A help
    /// page's procedure ("…을 선택하고 마우스 오른쪽 버튼을 눌러 보조 메뉴를 엽니다") asks where a
    /// command is, not what the lecture teaches.
    /// ("마우스 클릭으로 활성화되는 상호 참조" describes a hyperlink: a click as a noun is no step.)
    static let procedureWords = ["누르", "누릅", "눌러", "클릭하", "클릭합", "클릭한 ", "마우스 오른쪽", "마우스 왼쪽", "마우스로",
                                 "선택하고", "선택하여", "선택합니다", "선택하십시오", "선택한 다음", "선택한 후", "엽니다", "여십시오",
                                 "드래그", "끌어", "click", "press ", "choose ", "select "]

    /// Whether a passage is a step of operating the program: a procedure word, or a menu path
    /// ("파일 - 마법사 - 문서 변환기": words on both sides of a spaced hyphen).
    static func isProcedure(_ passage: String) -> Bool {
        let lowered = passage.lowercased()
        if procedureWords.contains(where: { lowered.contains($0) }) { return true }
        let chars = Array(passage)
        for i in chars.indices.dropFirst(2).dropLast(2) where chars[i] == "-" && chars[i - 1] == " " && chars[i + 1] == " " {
            if chars[i - 2].isLetter && chars[i + 2].isLetter { return true }
        }
        return false
    }

    /// Whether a passage holds a formula or a symbol whose superscripts and subscripts the PDF's
    /// text lost ("y=a∙x+b", "b∙xa", "xn의 계수", "결정 계수 R2"): printed flat, it no longer says
    /// what the page said. Korean passages only: in English "a" and "of" are words.
    static func hasFormula(_ passage: String) -> Bool {
        if passage.contains(where: { "=∙Σ^√∑".contains($0) }) { return true }
        guard KoreanText.containsHangul(passage) else { return false }
        // Runs of Latin letters and digits, wherever they stand ("xn의" holds "xn").
        for token in passage.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }) {
            let t = String(token)
            // A letter and a digit ("a0", "R2" for R²), or one or two lower-case letters alone ("xn", "y").
            if t.count == 2, t.first!.isLetter, t.last!.isNumber { return true }
            if t.count <= 2, t.allSatisfy(\.isLowercase) { return true }
        }
        return false
    }

    /// Words that refer back to what the page said before ("이러한 명령", "이 경우", "그 외에"): out
    /// of the page, the sentence is about something the question does not show.
    static let backReferences = ["이러한", "그러한", "이와 같", "이와같", "앞서", "위에서", "앞에서", "이 경우", "그 경우", "그 외", "그외",
                                 "이 외", "여기서", "이런 경우", "그런 경우", "이럴 때", "그럴 때", "이 기능", "이 방법", "이 옵션", "이 명령", "이 값", "these ", "this ", "such "]

    /// Whether a passage leans on an earlier sentence: it is cut (`isCut`), points away
    /// (`pointsAway`), refers back, or opens with "두"/"세" counting things not named ("두 체크섬이
    /// 같으면") or with "물론"/"또한".
    static func leansOnContext(_ passage: String) -> Bool {
        if isCut(passage) || pointsAway(passage) || opensByPointingBack(passage) { return true }
        let lowered = passage.lowercased()
        if backReferences.contains(where: { lowered.contains($0) }) { return true }
        let first = passage.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
        if ["두", "세", "물론", "물론,", "또한", "또한,", "게다가", "그렇지만", "Also,", "Alternatively,", "Otherwise,"].contains(first) { return true }
        return pointsBackByForm(passage)
    }

    /// Whether a word of the passage points back by its form, whatever it is: a demonstrative
    /// predicate in any of its endings ("만약 그렇다면", "이렇게 하면", "저렇듯"), a third-person
    /// plural ("그들과 함께", "이들은"), or an ordinal of items the passage does not list ("두 번째
    /// 방법은"). Found on an FAQ and a manual chapter; the FAQ's two and the manual's one are each
    /// a source the other was not.
    static func pointsBackByForm(_ passage: String) -> Bool {
        for token in passage.split(whereSeparator: \.isWhitespace) {
            let word = token.trimmingCharacters(in: CharacterSet.punctuationCharacters)
            if ["그렇", "이렇", "저렇", "그들", "이들"].contains(where: { word.hasPrefix($0) }) { return true }
        }
        return passage.firstMatch(of: /(?:^|\s)(?:첫|두|세|네|다섯|여섯|마지막) ?번째/) != nil
    }

    /// Whether a sentence may be the passage (or an option) of a question at all.
    static func isAskable(_ sentence: String) -> Bool {
        !isProcedure(sentence) && !hasFormula(sentence) && !leansOnContext(sentence) && !hasUnbalancedMarks(sentence)
            && !sendsElsewhere(sentence)
    }

    /// Sends the reader elsewhere ("…를 참조하십시오", "더 자세한 내용은 파일 포맷 섹션을
    /// 참고하세요", "데비안 프로젝트에 기여하기에서 보십시오"): a pointer, with no fact of its own to ask.
    static func sendsElsewhere(_ sentence: String) -> Bool {
        sentence.contains("참조하")
            || sentence.firstMatch(of: /참고하(?:세요|십시오|시기|시면)|자세한 (?:내용|정보|설명)은|(?:을|를|에서|에서는) 보(?:십시오|세요)/) != nil
    }

    /// Whether at least 30% of a text's letters are Hangul (Korean prose with Latin terms in it
    /// stays well above; an English sentence or a code line is below).
    static func isMostlyHangul(_ text: String) -> Bool {
        let letters = text.filter(\.isLetter).count
        let hangul = text.unicodeScalars.filter(KoreanText.isHangulScalar).count
        return letters > 0 && Double(hangul) >= Double(letters) * 0.3
    }

    /// Whether a masked name is followed by a word that says what kind of thing it is ("○○
    /// 프로그래밍 언어는", "○○ 옵션에서"): the kind alone then picks the key among the options.
    /// The same of a blank ("____ 프로그래밍 언어는", "____ 언어에 대한"): `mask: blank`.
    static func masksBeforeKindWord(_ masked: String, mask: String = nameMask) -> Bool {
        var rest = Substring(masked)
        while let range = rest.range(of: mask) {
            rest = rest[range.upperBound...]
            guard rest.first == " " else { continue }
            let next = rest.dropFirst().prefix { !$0.isWhitespace }
            let syllables = next.filter { KoreanText.isHangul($0.unicodeScalars.first!) }
            // A particle written apart is no word; a noun of two syllables or more is. (In English
            // a verb follows the subject: "○○ is standard for …" says nothing of its kind.)
            if syllables.count >= 2 { return true }
        }
        return false
    }

    /// Whether a particle stands apart from the mask or blank it belongs to (".○○ 로"): the PDF's
    /// spacing, not the sentence's.
    static func particleApart(_ text: String) -> Bool {
        for mark in [nameMask, blank] {
            var rest = Substring(text)
            while let range = rest.range(of: mark) {
                rest = rest[range.upperBound...]
                guard rest.first == " " else { continue }
                let next = rest.dropFirst().prefix { !$0.isWhitespace && !$0.isPunctuation }
                if ["로", "으로", "을", "를", "이", "가", "은", "는", "의", "에", "와", "과"].contains(String(next)) { return true }
            }
        }
        return false
    }

    /// The label a list item opens with ("지수 추세선: 모든 y 값이 …"), or nil: the label, not the
    /// section the item stands in, is what the sentence is about.
    static func itemLabel(_ sentence: String) -> String? {
        guard let colon = sentence.firstIndex(of: ":") else { return nil }
        let label = sentence[..<colon].trimmingCharacters(in: .whitespaces)
        let words = label.split(separator: " ")
        guard !label.isEmpty, words.count <= 4, KoreanText.compact(label).count <= 20 else { return nil }
        return label
    }

    /// Whether `text` contains `answer` with one letter changed (a typo of the page, "추체선 방정식"
    /// for "추세선 방정식", still shows the answer to a reader). Answers of four letters or more.
    static func nearlyContains(_ text: String, _ answer: String) -> Bool {
        let a = Array(KoreanText.compact(answer)), t = Array(KoreanText.compact(text))
        guard a.count >= 4, t.count >= a.count else { return false }
        for start in 0...(t.count - a.count) {
            var misses = 0
            for k in a.indices where t[start + k] != a[k] {
                misses += 1
                if misses > 1 { break }
            }
            if misses <= 1 { return true }
        }
        return false
    }

    /// Stems that say nothing of which concept a passage is about: any concept of any lecture
    /// is "used in various ways", "stored", "provided". A word starting with one does not single out.
    static let genericStems = ["다양", "여러", "방식", "형식", "사용", "저장", "가능", "필요", "제공", "포함", "지정", "표시", "이용",
                               "수행", "적용", "작성", "생성", "만들", "활용", "지원", "중요", "특정", "일부", "간단", "쉽게", "쉬운",
                               "다룰", "다루", "나타", "가지", "갖는", "갖고", "된다", "한다", "단지",
                               "있습", "없습", "있으", "없으", "있어", "없어", "서로", "유형", "유용", "적합", "데이터"]

    /// Whether a "which concept is this" passage is too vague to have one answer: fewer than two
    /// words that are neither function words, everyday nouns nor generic stems ("○○은 다양한
    /// 방식으로 사용되므로 다양한 형식으로 저장할 수 있습니다" fits every concept of the page).
    /// A sentence without its subject ("데이터를 적합하도록 변환해야 합니다", filed under 제약) leans on
    /// its section alone, so it needs three such words. Counts ("2가지") say nothing either.
    static func isVague(_ masked: String) -> Bool {
        let specific = specificWords(masked)
        return specific.count < (!masked.contains(nameMask) && lacksSubject(masked) ? 3 : 2)
    }

    /// English words that carry no content, for `contentWords` of the English passages a Korean
    /// help page keeps.
    static let englishFunctionWords: Set<String> = Set("""
    the and that this then than with from will can are was were for not but its has have had been which what when where \
    who how any all also only into onto their there these those such may must should would could does did
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    /// Whether a Korean passage has no subject or topic outside its blank ("____ 및 함수의 호출
    /// 계층에 대한 개요를 제공합니다": what gives the overview was the list item's label, now lost),
    /// so that anything could fill it. A blank followed by 은/는/이/가 is the subject itself.
    static func lacksSubject(_ passage: String) -> Bool {
        guard KoreanText.containsHangul(passage) else { return false }
        let markers = ["은", "는", "이", "가", "께서", "이란", "란", "이라", "(는)", "(가)"]
        for token in passage.split(whereSeparator: \.isWhitespace) {
            // Only the end is trimmed: the blank's underscores are punctuation too.
            var word = String(token)
            while let last = word.last, last.isPunctuation, last != ")", last != "_" { word.removeLast() }
            guard word.count >= 2 else { continue }
            if markers.contains(where: { word.hasSuffix($0) }) { return false }
        }
        return true
    }

    /// Endings of a word that ties it to the next as its modifier or argument, not as part of one
    /// compound noun: particles, adnominal and connective endings.
    static let modifierEndings = ["의", "은", "는", "이", "가", "을", "를", "에", "로", "과", "와", "도", "만", "한", "된", "인", "할", "될", "던",
                                  "적", "서", "고", "며", "면", "게", "히", "리", "나"]
    /// Words that stand before a noun without making a compound with it ("최대 29개", "약 4바이트").
    static let freeModifiers: Set<String> = ["최대", "최소", "최고", "약", "모두", "가장", "매우", "아주", "다른", "모든", "각", "총", "단지", "오직"]

    /// Whether the blank is the head of a compound whose first word stays in sight ("지수 ____" for
    /// 회귀 곡선, "이전 웹 ____" for 브라우저): the question completes a phrase, it tests nothing.
    static func blanksCompoundHead(_ blanked: String) -> Bool {
        guard let range = blanked.range(of: blank), blanked[..<range.lowerBound].last == " " else { return false }
        guard let previous = blanked[..<range.lowerBound].split(separator: " ").last.map(String.init) else { return false }
        let syllables = previous.filter { KoreanText.isHangul($0.unicodeScalars.first!) }
        guard syllables.count == previous.count, !freeModifiers.contains(previous),
              !modifierEndings.contains(where: { previous.hasSuffix($0) }) else { return false }
        return true
    }

    /// Parts of a screen: a blank right before one names a label on the screen ("____ 필드에",
    /// "____ 대화 상자"), which a lecture's quiz does not ask.
    static let screenParts = ["필드", "창", "상자", "대화 상자", "버튼", "메뉴", "탭", "아이콘", "목록", "옵션", "도구 모음", "표시줄"]

    static func blanksScreenLabel(_ blanked: String) -> Bool {
        guard let range = blanked.range(of: blank) else { return false }
        let after = blanked[range.upperBound...]
        guard after.first == " " else { return false }
        let next = after.dropFirst()
        return screenParts.contains { part in
            next.hasPrefix(part) && (next.dropFirst(part.count).first.map { !KoreanText.isHangul($0.unicodeScalars.first!) || "에의을를은는이가로와과".contains($0) } ?? true)
        }
    }

    /// Content words of a passage, particles taken off, for telling which concepts it could
    /// describe: Hangul words of two syllables or more and Latin words of three letters or more,
    /// no function word or everyday noun.
    static func contentWords(_ passage: String) -> Set<String> {
        var out = Set<String>()
        for token in passage.split(whereSeparator: { $0.isWhitespace || ",.;:()[]\"'‘’“”".contains($0) }) {
            var word = KoreanText.compact(String(token))
            if KoreanText.containsHangul(word) {
                for particle in gluedParticles + ["에는", "에서는", "으로는", "로는", "이며", "이고", "입니다", "합니다", "됩니다"]
                where word.count > particle.count + 1 && word.hasSuffix(particle) {
                    word = String(word.dropLast(particle.count))
                    break
                }
                guard word.count >= 2 else { continue }
            } else if word.count < 3 { continue }
            if functionWords.contains(word) || commonNouns.contains(word) || englishFunctionWords.contains(word)
                || word.contains(KoreanText.compact(nameMask)) { continue }
            out.insert(word)
        }
        return out
    }
}

extension QuizMaterial {
    /// Whether a sentence of this note may be asked: `QuizText.isAskable`, not broken, and in
    /// the note's language.
    func isAskable(_ sentence: String) -> Bool {
        QuizText.isAskable(sentence) && !isBroken(sentence) && isInNotesLanguage(sentence)
    }

    /// A sentence in English (or code) among Korean ones is the document's untranslated part,
    /// not what a Korean reader studies ("In spite of the rather confusing name, …" in a GIMP
    /// chapter); a few Latin words inside Korean prose are not.
    func isInNotesLanguage(_ sentence: String) -> Bool {
        !writesKorean || sentence.filter(\.isLetter).count < 12 || QuizText.isMostlyHangul(sentence)
    }

    /// Whether a sentence may describe concept `index` in "which concept is this": askable, and
    /// not a list item labelled with something else ("지수 추세선: …" filed under 제약 is about
    /// the exponential trend line).
    func mayDescribe(_ sentence: String, concept index: Int) -> Bool {
        // A sentence that does not name the concept is a remark made in its section ("LibreOffice
        // 소프트웨어에서는 … 확인할 수 있는 방법이 없습니다" under 보안 경고), not a description of it —
        // unless it has no subject at all: Korean leaves out the subject the section is about
        // ("스택 호출 창" above "프로시저 및 함수의 호출 계층에 대한 개요를 제공합니다.").
        let key = KoreanText.compact(sentence)
        let namesIt = concepts[index].nameKeys.contains(where: { !$0.isEmpty && KoreanText.contains(key, $0) })
        guard isAskable(sentence), namesIt || QuizText.lacksSubject(sentence) else { return false }
        guard let label = QuizText.itemLabel(sentence) else { return true }
        let labelKey = KoreanText.compact(label)
        return concepts[index].nameKeys.contains { KoreanText.contains(labelKey, $0) }
    }

    /// Whether a sentence of this note was broken by the PDF's text: a word glued from two the
    /// document writes apart ("경우전체", "저장대화" where it writes "경우" and "전체"), or a word
    /// split in two ("파 일" where it writes "파일"). Such a sentence is not shown as written.
    func isBroken(_ sentence: String) -> Bool {
        if gluesEnglishWords(sentence) { return true }
        let tokens = sentence.split(whereSeparator: \.isWhitespace).map { token in
            String(token).trimmingCharacters(in: .punctuationCharacters)
        }
        for (i, token) in tokens.enumerated() {
            let key = KoreanText.compact(token)
            let hangulOnly = !key.isEmpty && key.allSatisfy { KoreanText.isHangul($0.unicodeScalars.first!) }
            guard hangulOnly else { continue }
            if key.count == 1, i + 1 < tokens.count, KoreanText.compact(tokens[i + 1]).count == 1,
               documentWords[key + KoreanText.compact(tokens[i + 1]), default: 0] > 0 {
                return true
            }
            // A particle torn in two ("관리자에 게 문의", "문서에 서"): no word is 게 or 서 alone after 에.
            if ["게", "서"].contains(key), i > 0, tokens[i - 1].hasSuffix("에") { return true }
            // A word the document writes once, made of two it writes on their own.
            guard key.count >= 4, documentWords[key, default: 0] <= 1 else { continue }
            let chars = Array(key)
            for cut in 2...(chars.count - 2) {
                let head = String(chars[..<cut]), tail = String(chars[cut...])
                let tailWord = QuizMaterial.stem(tail)
                // "저장합니다" is a noun and its verb ending, written together as it should be.
                guard !QuizMaterial.endingStarts.contains(where: { tail.hasPrefix($0) }),
                      !QuizText.functionWords.contains(head), !QuizText.functionWords.contains(tailWord) else { continue }
                if documentWords[head, default: 0] > 0, tailWord.count >= 2, documentWords[tailWord, default: 0] > 0,
                   documentWords[head + tailWord, default: 0] <= 1 {
                    return true
                }
            }
        }
        return false
    }

    /// How verb and copula endings begin: a word's second half starting so is its ending, not a word.
    static let endingStarts = ["하", "합", "한", "할", "해", "했", "되", "됩", "된", "될", "돼", "됐", "입", "이", "있", "없", "시키", "시킨",
                               "적", "으로", "에서", "까지", "부터", "처럼", "보다", "마다", "들", "만", "도", "은", "는"]

    /// A word without the particle a sentence put on it ("전체가" → "전체").
    static func stem(_ word: String) -> String {
        // Two characters at least stay before the particle.
        gluedParticles.removing(from: word) { _ in 2 }
    }

    static let gluedParticles = ParticleSuffixes(QuizText.gluedParticles)

    @inline(__always)
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// How often the document writes each word (compact, particle off), from its pages.
    static func countWords(_ pages: [SourcePage]) -> [String: Int] {
        // Per distinct token: how often it is written, then its key and stem once. A lecture
        // writes the same few thousand words again and again, and trimming and compacting each
        // occurrence was most of the material's time.
        // Tokens are split at whitespace scalars, not characters: the same words (a character is
        // whitespace when its first scalar is), without grapheme breaking every page.
        var tokens: [Substring: Int] = [:]
        for page in pages {
            for token in page.text.unicodeScalars.split(whereSeparator: Self.isWhitespace) {
                tokens[Substring(token), default: 0] += 1
            }
        }
        var counts: [String: Int] = [:]
        for (token, times) in tokens {
            // `compact` keeps letters and digits only, so punctuation at the ends goes with the rest.
            let key = KoreanText.compact(String(token))
            guard !key.isEmpty else { continue }
            counts[key, default: 0] += times
            let stem = stem(key)
            if stem != key { counts[stem, default: 0] += times }
        }
        return counts
    }

    /// Whether another concept's own text says nearly all a passage says ("양수, 음수 또는 0 값을
    /// 취할 수 있습니다" is written of Double, Currency and decimal alike): that concept is a second
    /// right answer to "which concept does this describe". Four words in five: parallel
    /// definitions share most words and differ in the one that matters ("가변 크기" beside "고정 크기").
    func alsoDescribes(_ j: Int, _ passage: String) -> Bool {
        alsoDescribes(j, words: QuizText.contentWords(passage))
    }

    /// Whether a concept other than `index` (and not the document's subject) also says most of
    /// what `passage` says: a second answer to "which concept is this".
    func anotherConceptFits(_ passage: String, besides index: Int) -> Bool {
        let words = QuizText.contentWords(passage)
        return concepts.indices.contains { j in j != index && !concepts[j].coversDocument && alsoDescribes(j, words: words) }
    }

    /// `alsoDescribes` with the passage's content words already taken, for asking of every concept.
    func alsoDescribes(_ j: Int, words: Set<String>) -> Bool {
        guard words.count >= 2 else { return false }
        let text = conceptText(j)
        let shared = words.filter { KoreanText.contains(text, $0) }.count
        return shared * 5 >= words.count * 4
    }

    /// A concept's summary, definition and key points as one compact text.
    func conceptText(_ j: Int) -> String { conceptTexts[j] }

    /// How many times the document writes `key` (compact).
    func occurrences(_ key: String) -> Int {
        guard !key.isEmpty else { return 0 }
        return documentText.occurrences(of: key)
    }

    /// Whether a term is only ever written inside longer terms of the note ("서버 사이드" of
    /// "서버 사이드 이미지 맵"): a piece of a name, not an option of its own.
    func isFragment(_ key: String) -> Bool {
        // Distractors are chosen from the same terms for every question: each term's answer is
        // worked out once (a scan of the document per longer term) and kept.
        fragments.value(for: key) { isFragmentOfLongerTerms($0) }
    }

    private func isFragmentOfLongerTerms(_ key: String) -> Bool {
        let count = occurrences(key)
        guard count > 0 else { return false }
        // Every occurrence inside one of the longer terms ("사이드 이미지" in 서버 사이드 이미지 맵 and 클라이언트 사이드 이미지 맵).
        let inLonger = termKeys.filter { $0.count > key.count && $0.contains(key) }.reduce(0) { $0 + occurrences($1) }
        return inLonger >= count
    }

    /// The values the document writes with `unit` ("2바이트", "4 bytes"), in order of first
    /// appearance, each once; none for a bare number.
    func valuesWritten(with unit: String) -> [Int] {
        let unitKey = KoreanText.compact(unit)
        guard !unitKey.isEmpty else { return [] }
        var out: [Int] = []
        for digits in documentText.digits(before: unitKey) {
            if let v = Int(digits), !out.contains(v) { out.append(v) }
        }
        return out
    }

    /// Whether the document writes `phrase` (compact) somewhere: "지수 추세선" makes 추세선 a right
    /// fill for "지수 ____" too.
    func documentWrites(_ phrase: String) -> Bool {
        let key = KoreanText.compact(phrase)
        return key.count >= 3 && documentText.contains(key)
    }

    /// The keys among `keys` for which the document writes `word` then the key (`documentWrites(word
    /// + key)`), or with `after: false` the key then `word`: one search for the word, not one for
    /// every key. `word` and the keys are compact.
    func keysWritten(_ keys: Set<String>, beside word: String, after: Bool) -> Set<String> {
        let long = keys.filter { (word + $0).count >= 3 }
        return Set(after ? documentText.keys(long, writtenAfter: word) : documentText.keys(long, writtenBefore: word))
    }
}
