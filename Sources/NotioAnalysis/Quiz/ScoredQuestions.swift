import Foundation
import NotioCore

/// Questions by score, each level by its own construction, for whatever the careful forms of
/// `QuizMaker` leave unasked: every sentence of every concept card is a candidate, each fault a
/// reader finds in a question is a feature with a weight (`PassageScore`), and candidates are
/// taken best first down to one floor. Nothing here is tied to one kind of document: the forms
/// need only concept cards with sentences and the note's terms.
///
/// - 하: which concept (section) the sentence is about: recognise a term from what the text says.
/// - 중: the sentence with one of the note's terms blanked; the options are terms of its kind.
/// - 상: which statement about a concept is false (one of four has a term or number swapped), or
///   which of three statements (ㄱ, ㄴ, ㄷ) are true.
struct ScoredQuestion {
    var question: Question
    var score: Double
    /// The sentences it is made from: one question per sentence in a quiz.
    var sources: [String]
    /// For a term asked about (a blank, a described term): the question before its options, so
    /// that they come from the one chooser every form uses (`QuizMaker.distractors(for:)`), and
    /// a short answer where no three options of the key's kind exist.
    var candidate: Candidate? = nil
}

/// The weighted faults of a passage, 1 for none. A fault lowers the score by its weight; the
/// weights are the share of such questions readers judged unusable.
enum PassageScore {
    static let floor = 0.5

    /// Words that lean on the sentence before ("이는 …", "따라서 …"): read alone, the passage
    /// points at something not shown.
    static let leaningStarts: Set<String> = ["이는", "이것은", "이것이", "이를", "그러나", "따라서", "또한", "그리고", "즉", "그래서",
                                               "하지만", "이러한", "이런", "그런", "그", "이", "위의", "위와", "다만", "한편", "반면",
                                               "여기서", "이때", "이에", "이와", "그들은", "그들의", "이상의", "동", "해당", "그것은", "그것이", "그것을", "이것을",
                                               "This", "It", "These", "However,", "Therefore,"]

    /// Endings and particles that are a word only where a sentence was cut before them.
    static let boundWords: Set<String> = ["고", "며", "면", "서", "는", "은", "을", "를", "에", "의", "와", "과", "로", "으로", "다", "나", "든", "지", "하고", "하며"]

    /// Demonstratives and pronouns that point at what the page said before, wherever they stand.
    static let pointingWords = ["이러한", "그러한", "이런", "그런", "그들", "이들", "이것", "그것", "저것"]

    /// Conjunctive adverbs that join a sentence to the one before without pointing at anything
    /// in it: dropped, the sentence says the same on its own ("따라서 육아휴직이 …" → "육아휴직이 …").
    /// Pronouns and demonstratives ("이는", "이러한") point, and stay a fault.
    static let connectives: Set<String> = ["그러나", "따라서", "또한", "그리고", "그래서", "하지만", "한편", "반면", "여기서", "이때", "즉"]

    /// The sentence without a leading conjunctive adverb (`connectives`).
    static func standingAlone(_ sentence: String) -> String {
        guard let space = sentence.firstIndex(of: " ") else { return sentence }
        let first = sentence[..<space].trimmingCharacters(in: CharacterSet(charactersIn: ","))
        guard connectives.contains(first) else { return sentence }
        return String(sentence[space...].drop { $0 == " " })
    }

    /// Endings that ask (해요체 and 합쇼체 questions, "-는가"): a sentence ending in one says nothing
    /// true or false. The same endings make a heading a question (`QuizMaterial.Concept.asksAQuestion`).
    static let interrogativeEndings = ["나요", "가요", "까요", "니까", "는가", "인가", "은가"]

    /// Whether a sentence is a question: its mark, or, where the PDF printed none ("… 특별한 규정은
    /// 무엇인가요"), an FAQ's heading run into its section, its ending.
    static func asks(_ sentence: String) -> Bool {
        let unquoted = sentence.trimmingCharacters(in: CharacterSet(charactersIn: "”\"'’) ").union(.whitespaces))
        return unquoted.hasSuffix("?") || unquoted.hasSuffix("？") || interrogativeEndings.contains { unquoted.hasSuffix($0) }
    }

    /// Whether a sentence ends as a statement does: a verb's or copula's final ending ("…이다.",
    /// "…합니다.", "…하십시오.", "…함."), not a phrase cut by a list or a reference ("…개요는 5.1절.").
    static func endsAStatement(_ sentence: String) -> Bool {
        let whole = sentence.trimmingCharacters(in: .whitespaces)
        // A question, or a title quoted whole (“데비안과 … 호환이 되나요?”, a pointer to another
        // section), says nothing true or false.
        if asks(whole) { return false }
        if let first = whole.first, "“\"‘".contains(first), let last = whole.last, "”\"’".contains(last) { return false }
        let text = whole.trimmingCharacters(in: CharacterSet(charactersIn: ".!?”\"'’)"))
        guard let last = text.last else { return false }
        return "다요오음함임됨까".contains(last) || (last.isASCII && last.isLetter)
    }

    static func score(_ sentence: String) -> Double {
        var score = 1.0
        let words = sentence.split(separator: " ")
        if let first = words.first, leaningStarts.contains(String(first).trimmingCharacters(in: CharacterSet(charactersIn: ",."))) || leaningStarts.contains(String(first)) { score -= 0.55 }
        // Begins with an ending or a particle standing alone ("고 가정한 경우, …"): the rest of a
        // sentence the split cut, whose start is in the one before.
        if let first = words.first, Self.boundWords.contains(String(first)) { score -= 0.6 }
        // Points back anywhere in it ("… 이러한 목적으로", "그들과 함께"), not only at its start.
        // Or by its form ("만약 그렇다면", "두 번째 방법은"), where the word list does not reach: one
        // fault, weighed once.
        if words.dropFirst().contains(where: { word in Self.pointingWords.contains { word.hasPrefix($0) } })
            || QuizText.pointsBackByForm(sentence) { score -= 0.55 }
        // A bracket or quote opened and not closed, or the reverse: the split cut the sentence
        // inside it ("… 특히 강력합니다 (7장.").
        if QuizText.hasUnbalancedMarks(sentence) { score -= 0.55 }
        // Points at a list or table the passage does not show ("다음 사항을 관장한다").
        if sentence.contains("다음") && (sentence.contains("같") || sentence.contains("사항") || sentence.contains("각 호")) { score -= 0.55 }
        if sentence.hasSuffix(":") || sentence.hasSuffix("：") { score -= 0.5 }
        if QuizText.sendsElsewhere(sentence) { score -= 0.55 }
        let letters = sentence.filter(\.isLetter).count
        if letters < 12 { score -= 0.5 }
        // Says too little to be asked about ("공통적인 문제가 하나 있습니다."): a reader cannot tell
        // what it is about, however it is asked.
        else if letters < 20 { score -= 0.3 }
        if sentence.count > 170 { score -= 0.3 }
        // Text broken by the PDF's line ends ("그 사 유", "법령안 이 심사"): many one-syllable words.
        let hangulWords = words.filter { $0.unicodeScalars.allSatisfy(KoreanText.isHangulScalar) }
        let single = hangulWords.filter { $0.count == 1 }.count
        if hangulWords.count >= 4, Double(single) / Double(hangulWords.count) > 0.3 { score -= 0.45 }
        // A table's filler, not prose.
        if sentence.contains("---") || sentence.contains("(생 략)") || sentence.contains("(현행과 같음)") || sentence.contains("∼") { score -= 0.6 }

        // Cut: no end of a sentence and no noun ending a list item.
        if let last = sentence.last, !".다요음함임됨?)”\"".contains(last), !last.isLetter { score -= 0.2 }
        return score
    }
}

extension QuizMaker {
    /// Every scored question of the level not yet taken, best first, above the floor.
    mutating func scoredQuestions() -> [ScoredQuestion] {
        var out: [ScoredQuestion] = []
        switch request.difficulty {
        case .easy: out = whichConceptQuestions()
        case .medium: out = blankedTermQuestions()
        case .hard: out = falseStatementQuestions() + trueStatementSetQuestions()
        }
        return out.filter { $0.score >= PassageScore.floor }
            .enumerated().sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }.map(\.element)
    }

    /// The sentences of a concept that can be read alone, with their scores.
    func usableSentences(_ index: Int) -> [(text: String, score: Double)] {
        let entry = material.concepts[index]
        let shown = Set(entry.keySentences)
        return (entry.keySentences + entry.sectionSentences).compactMap { s in
            let text = PassageScore.standingAlone(Whitespace.normalised(s))
            // A question asks nothing of the reader as a passage: it is a heading ("____을(를) 다루려고
            // 제공하는 특별한 규정은 무엇인가요"), and its blank is given away by the section's name.
            guard material.isInNotesLanguage(text), !PassageScore.asks(text) else { return nil }
            var score = PassageScore.score(text)
            // The card chose its sentences as the section's most telling; the rest come after.
            if !shown.contains(s) { score -= 0.05 }
            // A sentence about the document's own subject is true of every section alike.
            if material.titleKey.count >= 2, KoreanText.contains(KoreanText.compact(text), material.titleKey) { score -= 0.6 }
            if let first = text.split(separator: " ").first, subjectWords.contains(where: { first.hasPrefix($0) }) { score -= 0.6 }
            return score >= PassageScore.floor ? (text, score) : nil
        }
    }

    /// 상's statements of a concept: its usable sentences short enough to stand side by side as
    /// options, each ending as a statement does.
    func statements(_ index: Int) -> [(text: String, score: Double)] {
        usableSentences(index).filter { $0.text.count <= 130 && PassageScore.endsAStatement($0.text) }
    }

    /// The words of the note's title that name its subject ("운영체제" of "운영체제 3장").
    var subjectWords: [String] {
        material.titleKey.isEmpty ? [] : material.titleWords
    }

    /// Concepts that can stand as options: named by a heading, not the document itself.
    var optionConcepts: [Int] {
        material.concepts.indices.filter { !material.concepts[$0].coversDocument && KoreanText.compact(material.concepts[$0].display).count >= 2 }
    }

    // MARK: 하

    /// The share of option concepts a heading form needs: a few odd headings (an appendix, a
    /// bill's 부칙) may sit among them as distractors, not a majority.
    static let headingFormShare = 0.75

    mutating func whichConceptQuestions() -> [ScoredQuestion] {
        let concepts = optionConcepts
        var out: [ScoredQuestion] = whichTermQuestions()
        guard concepts.count >= 4 else { return out }
        // Which section a passage belongs to is a question of content only where the headings name
        // topics; where they are questions, the passage answers one of them.
        let questions = concepts.filter { material.concepts[$0].asksAQuestion }
        let topics = concepts.filter { material.concepts[$0].namesATopic }
        let fitting: Set<Int>
        let lead: String
        let asQuestions = Double(questions.count) >= Self.headingFormShare * Double(concepts.count)
        if asQuestions {
            (fitting, lead) = (Set(questions), "다음 내용이 답하는 질문은?")
        } else if Double(topics.count) >= Self.headingFormShare * Double(concepts.count) {
            (fitting, lead) = (Set(topics), "다음 내용과 가장 관련 있는 것은?")
        } else {
            return out
        }
        for i in concepts where fitting.contains(i) {
            let entry = material.concepts[i]
            for (sentence, base) in usableSentences(i) {
                guard let masked = QuizText.maskWhole(sentence, terms: entry.names, with: QuizText.nameMask) else { continue }
                // A sentence that is the heading itself leaves nothing to read once it is masked.
                guard QuizText.hasContext(masked) else { continue }
                // Another concept's name in the passage points at that one.
                let key = KoreanText.compact(masked)
                let others = concepts.filter { $0 != i && fitting.contains($0) }
                guard others.count >= 3 else { continue }
                if others.contains(where: { j in material.concepts[j].nameKeys.contains { $0.count >= 2 && KoreanText.contains(key, $0) } }) { continue }
                var score = base
                // A sentence that names no term of its own section could be any section's.
                if masked == sentence { score -= 0.15 }
                var pool = others
                pool.shuffle(using: &rng)
                pool.sort { material.similarity(material.concepts[$0].display, entry.display) > material.similarity(material.concepts[$1].display, entry.display) }
                let answer = asQuestions ? Self.asQuestion(entry.display) : entry.display
                let distractors = Array(pool.suffix(3)).map { asQuestions ? Self.asQuestion(material.concepts[$0].display) : material.concepts[$0].display }
                let options = shuffled([answer] + distractors)
                let prompt = "\(lead)\n\n\(masked)"
                out.append(ScoredQuestion(question: choice(i, .name, prompt, options, answer, source: sentence), score: score, sources: [sentence]))
            }
        }
        return out
    }

    /// A question heading as an option, its question mark written whatever the PDF kept of it:
    /// the one option without one would stand out.
    static func asQuestion(_ heading: String) -> String {
        heading.trimmingCharacters(in: CharacterSet(charactersIn: "?？ ")) + "?"
    }

    /// "다음 설명에 해당하는 용어는?": a sentence that says what a term is or does, the term its
    /// subject or topic ("○○은 …", "○○이란 …"), masked. An object or a possessor ("○○을", "○○의")
    /// is what the sentence does something to, not what it describes. The options come from the
    /// one chooser of term options (`distractors(for:)`).
    mutating func whichTermQuestions() -> [ScoredQuestion] {
        let terms = swappableTerms
        guard terms.count >= 4 else { return [] }
        var out: [ScoredQuestion] = []
        let particles: Set<String> = ["은", "는", "이란", "란", "이", "가"]
        // The document's own subject: its sentences are true of the lecture, no question of one term.
        for i in material.concepts.indices where !material.concepts[i].coversDocument {
            for (sentence, base) in usableSentences(i) {
                // The term the sentence speaks of: written with a particle, the earlier the better
                // (a subject at the start says the most of it).
                let words = sentence.split(separator: " ").map(String.init)
                guard let (position, term) = words.enumerated().lazy.compactMap({ (n, w) in
                    terms.first { t in w.hasPrefix(t) && particles.contains(String(w.dropFirst(t.count))) }.map { (n, $0) }
                }).first else { continue }
                let base = base - 0.04 * Double(max(0, position - 3))
                guard let masked = QuizText.maskWhole(sentence, terms: [term], with: QuizText.nameMask),
                      masked != sentence, QuizText.hasContext(masked) else { continue }
                let candidate = Candidate(form: .name, concept: i, prompt: "다음 설명에 해당하는 용어는?\n\n\(masked)",
                                          shortPrompt: "다음 설명에 해당하는 용어를 쓰시오.\n\n\(masked)",
                                          answer: term, pool: .terms, source: sentence)
                out.append(ScoredQuestion(question: choice(i, .name, candidate.prompt, [term], term, source: sentence), score: base,
                                          sources: [sentence], candidate: candidate))
            }
        }
        return out
    }

    // MARK: 중

    /// The note's terms that can fill a blank: keywords and short concept names, by kind (their
    /// last syllable, then their length).
    var blankableTerms: [String] {
        var seen = Set<String>()
        var out: [String] = []
        let names = material.concepts.map(\.display).filter { KoreanText.compact($0).count <= 12 }
        for term in material.terms.filter({ !$0.isRelated }).map(\.text) + names {
            let key = KoreanText.compact(term)
            guard key.count >= 2, !term.contains("?"), material.isContentTerm(term), seen.insert(key).inserted else { continue }
            out.append(term)
        }
        return out
    }

    /// Three terms of the answer's kind: the same last syllable first ("국회" and "정부", not
    /// "국회" and "임명하다"), then the same script and a near length.
    mutating func termsOfKind(_ answer: String, from terms: [String], notIn sentence: String, count: Int = 3) -> [String]? {
        let answerKey = KoreanText.compact(answer)
        let sentenceKey = KoreanText.compact(sentence)
        let latin = answer.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic }
        let candidates = terms.filter { t in
            let k = KoreanText.compact(t)
            return k != answerKey && !KoreanText.contains(sentenceKey, k) && !KoreanText.contains(answerKey, k) && !KoreanText.contains(k, answerKey)
                && (t.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic }) == latin
        }
        guard candidates.count >= 3 else { return nil }
        func closeness(_ t: String) -> Double {
            var c = material.similarity(t, answer)
            if t.last == answer.last { c += 1 }
            c -= Double(abs(t.count - answer.count)) * 0.1
            return c
        }
        var shuffledCandidates = candidates
        shuffledCandidates.shuffle(using: &rng)
        // Each closeness once, not once per comparison: it compares the words' letters.
        let byCloseness = shuffledCandidates.map { ($0, closeness($0)) }.sorted { $0.1 > $1.1 }.map(\.0)
        let chosen = Self.withoutVariants(of: answer, byCloseness)
        return chosen.count >= 3 ? Array(chosen.prefix(count)) : nil
    }

    /// Options with no word in common with the answer or with an option before them: "The
    /// Variant type" beside "Variant variable" is one thing twice, and the answer's own word
    /// in a distractor points at it.
    static func withoutVariants(of answer: String, _ options: [String]) -> [String] {
        func words(_ t: String) -> Set<String> {
            Set(t.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { $0.count >= 3 || $0.unicodeScalars.allSatisfy(KoreanText.isHangulScalar) && $0.count >= 2 })
        }
        var seen = words(answer)
        var out: [String] = []
        for option in options {
            let w = words(option)
            guard w.isDisjoint(with: seen) else { continue }
            seen.formUnion(w)
            out.append(option)
        }
        return out
    }

    /// The most terms of one sentence each blanked in a question of its own: a quiz asks one of
    /// them (one question per sentence), the next quiz another.
    static let blanksPerSentence = 3

    mutating func blankedTermQuestions() -> [ScoredQuestion] {
        let terms = blankableTerms
        guard terms.count >= 4 else { return [] }
        var out: [ScoredQuestion] = []
        for i in material.concepts.indices where !material.concepts[i].coversDocument {
            for (sentence, base) in usableSentences(i) {
                let key = KoreanText.compact(sentence)
                // The rarest of the note's terms the sentence writes first, then the longest.
                let found = terms.filter { KoreanText.contains(key, KoreanText.compact($0)) }
                    .filter { t in !self.present(longerThan: t, in: terms, key: key) }
                    .sorted { (material.sentenceCount(KoreanText.compact($0)), -$0.count) < (material.sentenceCount(KoreanText.compact($1)), -$1.count) }
                for (rank, term) in found.prefix(Self.blanksPerSentence).enumerated() {
                    guard let blanked = QuizText.maskWhole(sentence, terms: [term], with: QuizText.blank),
                          blanked != sentence, termsOfKind(term, from: terms, notIn: sentence) != nil else { continue }
                    var score = base - 0.05 * Double(rank)
                    // Nothing around the blank says what fills it ("____을(를) 선택합니다").
                    if !QuizText.hasContext(blanked) { score -= 0.6 }
                    let blanks = QuizText.blankCount(blanked)
                    if blanks > 1 { score -= 0.15 * Double(blanks - 1) }
                    // A term on most sentences is guessed, not known.
                    if material.sentenceTotal > 0, Double(material.sentenceCount(KoreanText.compact(term))) > 0.3 * Double(material.sentenceTotal) { score -= 0.25 }
                    if KoreanText.compact(term).count < 2 { score -= 0.5 }
                    let candidate = Candidate(form: .cloze, concept: i, prompt: "빈칸에 들어갈 말로 알맞은 것은?\n\n\(blanked)",
                                              shortPrompt: "빈칸에 들어갈 말을 쓰시오.\n\n\(blanked)", answer: term, pool: .terms,
                                              source: sentence, writtenOnly: QuizText.blankShowsKind(blanked))
                    out.append(ScoredQuestion(question: choice(i, .cloze, candidate.prompt, [term], term, source: sentence), score: score,
                                              sources: [sentence], candidate: candidate))
                }
            }
        }
        return out
    }

    /// Whether a longer term containing `term` is also in the sentence (blank the whole term).
    func present(longerThan term: String, in terms: [String], key: String) -> Bool {
        let k = KoreanText.compact(term)
        return terms.contains { other in
            let o = KoreanText.compact(other)
            return o.count > k.count && o.contains(k) && KoreanText.contains(key, o)
        }
    }

    // MARK: 상

    /// A term's words: a swap keeps their number.
    static func wordCount(_ term: String) -> Int { term.split(whereSeparator: \.isWhitespace).count }

    /// How alike (bigram similarity) a swapped-in term may be to the one it replaces.
    static let swapSimilarity = 0.25

    /// The sentence made false: one of the note's terms in it swapped for another of its kind, or
    /// a number changed. nil when it has neither.
    mutating func falsified(_ sentence: String, terms: [String]) -> String? {
        let key = KoreanText.compact(sentence)
        let present = terms.filter {
            KoreanText.contains(key, KoreanText.compact($0)) && !self.present(longerThan: $0, in: terms, key: key)
                && Self.standsAlone($0, in: sentence)
        }
        // The rarest term first: what the sentence says of it alone, not a word on every line.
        var ordered = present
        ordered.shuffle(using: &rng)
        ordered = ordered.map { ($0, material.sentenceCount(KoreanText.compact($0))) }.sorted { $0.1 < $1.1 }.map(\.0)
        for term in ordered {
            // A term that shares letters with the one it replaces may name the same thing or a kind
            // of it ("대체인력" for "대체고용인력자", "휴직자" for "육아휴직자"): the statement could
            // stay true (their bigram similarity 0.44 and 0.67). A term of the key's kind below
            // `swapSimilarity`, of as many words (a phrase in a one-word slot, "육아휴직자
            // 월급여액에게", reads as broken, not as false), and of those the one the document
            // writes in places most like the term's (`TermContexts`): "비용추계를 주지는" and
            // "초등학교를 주지는" read as nonsense where the text says "월급여액을 주지는"; a term
            // written nowhere alike is no swap.
            let kin = (termsOfKind(term, from: terms, notIn: sentence, count: terms.count) ?? [])
                .filter { KoreanText.similarity($0, term) < Self.swapSimilarity && Self.wordCount($0) == Self.wordCount(term) }
            let fits = kin.map { ($0, material.contexts.fit($0, term)) }
            guard let other = fits.max(by: { $0.1 < $1.1 }), other.1 > 0 else { continue }
            let swapped = Self.replacing(term, with: other.0, in: sentence)
            if swapped != sentence { return swapped }
        }
        if let number = NumberBlank(sentence) {
            let changed = number.value > 2 ? number.value - 1 - Int(rng.next() % UInt64(min(number.value - 1, 3))) : number.value + 2
            let text = number.blanked.replacingOccurrences(of: QuizText.blank, with: number.answer.replacingOccurrences(of: String(number.value), with: String(changed)))
            if text != sentence { return text }
        }
        return nil
    }

    /// Whether `sentence` writes `term` as a word of its own somewhere: not inside a longer word,
    /// where a swap gives itself away ("육아휴직신청자" → "월급여액신청자", "현행법" → "연령법").
    static func standsAlone(_ term: String, in sentence: String) -> Bool {
        var rest = Substring(sentence)
        while let range = rest.range(of: term) {
            if isWholeWord(range, in: rest) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// A word starts where the range does (nothing of a word before it) and ends with it, or goes
    /// on with a particle only.
    static func isWholeWord(_ range: Range<Substring.Index>, in text: Substring) -> Bool {
        if range.lowerBound > text.startIndex, text[text.index(before: range.lowerBound)].isLetter { return false }
        let tail = String(text[range.upperBound...].prefix { $0.isLetter })
        return tail.isEmpty || KoreanText.particles.contains(tail)
    }

    /// `term` replaced by `other` wherever the sentence writes it as a word, the particle after it
    /// agreeing with the new word's last sound ("정당은" → "국가는", not "국가은").
    static func replacing(_ term: String, with other: String, in sentence: String) -> String {
        var out = ""
        var rest = Substring(sentence)
        while let range = rest.range(of: term) {
            guard isWholeWord(range, in: rest) else {
                out += rest[..<range.upperBound]
                rest = rest[range.upperBound...]
                continue
            }
            out += rest[..<range.lowerBound] + other
            rest = rest[range.upperBound...]
            if let (particle, written) = QuizText.agreeingParticle(after: other, at: rest) {
                out += particle
                rest = rest.dropFirst(written)
            }
        }
        return out + rest
    }

    /// The terms a false statement swaps: the note's own terms, not its headings (a chapter
    /// name in a sentence is false at a glance).
    var swappableTerms: [String] {
        let names = Set(material.concepts.map { KoreanText.compact($0.display) })
        return blankableTerms.filter { !names.contains(KoreanText.compact($0)) }
    }

    mutating func falseStatementQuestions() -> [ScoredQuestion] {
        let terms = swappableTerms
        var out: [ScoredQuestion] = []
        for i in material.concepts.indices where !material.concepts[i].coversDocument {
            let entry = material.concepts[i]
            let sentences = statements(i)
            guard sentences.count >= 4 else { continue }
            for (k, target) in sentences.enumerated() {
                guard let wrong = falsified(target.text, terms: terms) else { continue }
                let rest = sentences.enumerated().filter { $0.offset != k }.map(\.element)
                let trueOnes = Array(rest.sorted { $0.score > $1.score }.prefix(3))
                let score = ([target] + trueOnes).map(\.score).reduce(0, +) / 4
                let prompt = "다음 중 ‘\(entry.display)’에 대한 설명으로 옳지 않은 것은?"
                let options = shuffled([wrong] + trueOnes.map(\.text))
                var q = choice(i, .application, prompt, options, wrong, source: target.text)
                q.explanation = "\(entry.display): \(target.text)" + (entry.page.map { " (p. \($0))" } ?? "")
                out.append(ScoredQuestion(question: q, score: score, sources: [target.text]))
                break  // One such prompt per concept: the prompt is the same for every target.
            }
            // And its mirror: the one true statement among three made false, of other sentences.
            for (k, target) in sentences.enumerated().reversed() {
                let rest = sentences.enumerated().filter { $0.offset != k }.map(\.element).sorted { $0.score > $1.score }
                var wrongs: [(text: String, score: Double)] = []
                for s in rest where wrongs.count < 3 {
                    if let wrong = falsified(s.text, terms: terms) { wrongs.append((wrong, s.score)) }
                }
                guard wrongs.count == 3 else { continue }
                let score = ([target] + wrongs).map(\.score).reduce(0, +) / 4
                let prompt = "다음 중 ‘\(entry.display)’에 대한 설명으로 옳은 것은?"
                var q = choice(i, .application, prompt, shuffled([target.text] + wrongs.map(\.text)), target.text, source: target.text)
                q.explanation = "\(entry.display): \(target.text)" + (entry.page.map { " (p. \($0))" } ?? "")
                out.append(ScoredQuestion(question: q, score: score, sources: [target.text]))
                break
            }
        }
        return out
    }

    /// "옳은 것만을 있는 대로 고른 것은?": three statements about a concept, each true or made
    /// false; the options are four sets of ㄱ, ㄴ, ㄷ. The statements are the prompt's, so each
    /// triple is a question of its own.
    mutating func trueStatementSetQuestions() -> [ScoredQuestion] {
        let terms = swappableTerms
        let sets = ["ㄱ", "ㄴ", "ㄷ", "ㄱ, ㄴ", "ㄱ, ㄷ", "ㄴ, ㄷ", "ㄱ, ㄴ, ㄷ"]
        var out: [ScoredQuestion] = []
        for i in material.concepts.indices where !material.concepts[i].coversDocument {
            let entry = material.concepts[i]
            let sentences = statements(i)
            guard sentences.count >= 3 else { continue }
            var start = 0
            while start + 3 <= sentences.count {
                let three = Array(sentences[start..<(start + 3)])
                // Overlapping triples: each is a question of its own, and a quiz never takes two
                // that share a sentence.
                start += 1
                var statements: [String] = []
                var truth: [Bool] = []
                for s in three {
                    let makeFalse = rng.next() % 2 == 0
                    if makeFalse, let wrong = falsified(s.text, terms: terms) { statements.append(wrong); truth.append(false) } else { statements.append(s.text); truth.append(true) }
                }
                guard truth.contains(true) else { continue }
                let marks = ["ㄱ", "ㄴ", "ㄷ"]
                let answer = zip(marks, truth).filter(\.1).map(\.0).joined(separator: ", ")
                let distractors = Self.setDistractors(answer: answer, from: sets, rng: &rng)
                let options = sets.filter { $0 == answer || distractors.contains($0) }
                let lines = zip(marks, statements).map { "\($0). \($1)" }.joined(separator: "\n")
                let prompt = "‘\(entry.display)’에 대한 설명으로 옳은 것만을 있는 대로 고른 것은?\n\n\(lines)"
                var q = choice(i, .application, prompt, options, answer, source: three[0].text, keepOrder: true)
                q.explanation = "\(entry.display): " + three.map(\.text).joined(separator: " ") + (entry.page.map { " (p. \($0))" } ?? "")
                let score = three.map(\.score).reduce(0, +) / 3 - (entry.coversDocument ? 0.1 : 0)
                out.append(ScoredQuestion(question: q, score: score, sources: three.map(\.text)))
            }
        }
        return out
    }

    /// Three other sets of ㄱ, ㄴ, ㄷ beside the answer, with at least one of the answer's shape (a
    /// single mark or a combination): "ㄱ | ㄴ | ㄷ | ㄱ, ㄴ, ㄷ" leaves one combination, the key.
    static func setDistractors(answer: String, from sets: [String], rng: inout SeededGenerator) -> [String] {
        let isCombination = { (set: String) in set.contains(",") }
        var others = sets.filter { $0 != answer }
        others.shuffle(using: &rng)
        let sameShape = others.filter { isCombination($0) == isCombination(answer) }
        let otherShape = others.filter { isCombination($0) != isCombination(answer) }
        guard let first = sameShape.first else { return Array(others.prefix(3)) }
        // One of each shape at least, the third from either.
        var chosen = [first]
        if let other = otherShape.first { chosen.append(other) }
        for set in others where chosen.count < 3 && !chosen.contains(set) { chosen.append(set) }
        return chosen
    }

    // MARK: Helpers

    mutating func shuffled(_ options: [String]) -> [String] {
        var o = options
        o.shuffle(using: &rng)
        return o
    }

    func choice(_ concept: Int, _ form: QuestionForm, _ prompt: String, _ options: [String], _ answer: String, source: String, keepOrder: Bool = false) -> Question {
        let entry = material.concepts[concept]
        var explanation = entry.display
        if let definition = entry.definition { explanation += ": " + definition }
        explanation += "\n" + source
        if let page = entry.page { explanation += " (p. \(page))" }
        return Question(id: questionID(prompt, answer), kind: .choice, form: form, prompt: prompt, options: options,
                        correctIndex: options.firstIndex(of: answer), answer: answer, alternatives: [],
                        conceptId: entry.concept.id, conceptName: entry.display, page: entry.page, explanation: explanation)
    }
}
