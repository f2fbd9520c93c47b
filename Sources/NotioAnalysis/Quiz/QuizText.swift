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

    /// The whole words a prompt's blanks cut, the key in them: "____위원회" with the key 선거관리
    /// is 선거관리위원회, which a student who knows it writes whole. A particle after the blank
    /// ("____은(는)") cuts no word.
    static func wholeWordsAtBlanks(_ prompt: String, answer: String) -> [String] {
        var out: [String] = []
        var rest = prompt[...]
        while let range = rest.range(of: blank) {
            let before = String(rest[..<range.lowerBound].reversed().prefix { $0.isLetter || $0.isNumber }.reversed())
            let after = String(rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber })
            let whole = before + answer + after
            if AnswerMatcher.stem(whole) != AnswerMatcher.stem(answer), !out.contains(whole) { out.append(whole) }
            rest = rest[range.upperBound...]
        }
        return out
    }

    /// `mask`, or nil where a term stands in the text inside a longer word: a mask there cuts the
    /// word and shows half of it ("대○○장" of 대법원장 for 법원, "지역○○" of 지역경제, "대상____의"
    /// of 대상연령). A word is the term whole when letters of no other word stand before it and
    /// only particles (one or two: "에서는") after it. Terms of several words are not checked.
    static func maskWhole(_ text: String, terms: [String], with placeholder: String) -> String? {
        let single = terms.filter { !$0.contains(where: \.isWhitespace) }.map(KoreanText.compact).filter { !$0.isEmpty }
        for word in KoreanText.nfc(text).split(whereSeparator: { $0.isWhitespace }) {
            let core = KoreanText.compact(String(word))
            for term in single where core != term && KoreanText.contains(core, term) {
                // The longest term inside the word decides: "법원장" masked whole is no cut.
                if single.contains(where: { $0.count > term.count && KoreanText.contains(core, $0) }) { continue }
                guard core.hasPrefix(term), isParticles(String(core.dropFirst(term.count))) else { return nil }
            }
        }
        return mask(text, terms: terms, with: placeholder)
    }

    /// Whether a word's tail is one particle or two ("는", "에서는", "에게도"), after the plural
    /// suffix or not ("들을": the word is still the term, many of it).
    static func isParticles(_ tail: String) -> Bool {
        if tail.hasPrefix("들") { return isParticles(String(tail.dropFirst())) }
        if tail.isEmpty || KoreanText.particles.contains(tail) { return true }
        return KoreanText.particles.contains { tail.hasPrefix($0) && KoreanText.particles.contains(String(tail.dropFirst($0.count))) }
    }

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
        if let rest = afterMaskedSubject(t) { t = String(rest) }
        // "이것" ends in a consonant: the particle the name took is set to agree ("○○는" → "이것은").
        var out = t.replacingOccurrences(of: nameMask, with: "이것")
        for (vowelForm, consonantForm) in [("이것는", "이것은"), ("이것가", "이것이"), ("이것를", "이것을"), ("이것와", "이것과"),
                                           ("이것로", "이것으로"), ("이것라는", "이것이라는"), ("이것란", "이것이란"), ("이것나", "이것이나")] {
            out = out.replacingOccurrences(of: vowelForm, with: consonantForm)
        }
        return out
    }

    /// Particles that make a masked name at the start of a sentence its subject or topic.
    static let subjectParticles = ["이라 함은", "이라고 함은", "이란", "란", "은", "는", "이", "가"]

    /// The rest of a sentence after its masked subject ("○○는 …", "○○(File Transfer Protocol)는 …"),
    /// or nil when the sentence does not open with the mask as its subject.
    static func afterMaskedSubject(_ text: String) -> Substring? {
        guard text.hasPrefix(nameMask) else { return nil }
        var rest = text.dropFirst(nameMask.count).drop { $0 == " " }
        // A gloss in brackets after the name is part of it.
        if rest.first == "(", let close = rest.firstIndex(of: ")") { rest = rest[rest.index(after: close)...] }
        for particle in subjectParticles where rest.hasPrefix(particle) {
            let after = rest.dropFirst(particle.count)
            if after.first == " " || after.first == "," { return after.drop { $0 == " " || $0 == "," } }
        }
        return nil
    }

    /// Whether a sentence, its concept masked, states something of the concept as its subject
    /// ("○○는 내부 서식으로 …"), the one form whose mask can be dropped without a trace.
    static func statesOfMask(_ masked: String) -> Bool {
        afterMaskedSubject(masked.trimmingCharacters(in: .whitespaces)) != nil
    }

    /// Whether a mask stands before a bracket: "○○(File Transfer Protocol)" spells the name out.
    static func bracketsMask(_ text: String) -> Bool {
        text.contains(nameMask + "(") || text.contains(nameMask + " (") || text.contains("(" + nameMask)
    }

    /// Whether a description option reads "이것" where its concept was named: options of one
    /// question all do or all do not, or the mask tells the key apart.
    static func carriesMask(_ option: String) -> Bool { option.contains("이것") }

    /// Whether the prompt contains the answer (or its stem without particle) in any spacing or case.
    static func reveals(prompt: String, answer: String) -> Bool {
        let p = KoreanText.compact(prompt)
        let a = KoreanText.compact(answer)
        if a.isEmpty { return false }
        if KoreanText.contains(p, a) { return true }
        let stem = AnswerMatcher.stem(answer)
        if !stem.isEmpty && KoreanText.contains(p, stem) { return true }
        // A page's typo beside the answer ("추체선 방정식" in a heading, 추세선 방정식 the key) still shows it;
        // so does its translation ("날짜" for Date) or its spelled-out letters (Standard Generalized Markup Language).
        return (a.count >= 5 && nearlyContains(p, a)) || Glossary.translates(prompt: prompt, answer: answer)
            || Glossary.writesInEnglish(prompt: prompt, answer: answer) || Glossary.spellsOut(prompt: prompt, answer: answer)
    }

    // MARK: - Terms fit to ask

    /// Words that are never an option or a blank: function words, adverbs and fragments that a
    /// poor keyword list yields ("것이", "있나요", "너무", "바와", "이나", "큐에" is caught by the
    /// particle rule of `isContentTerm`).
    static let functionWords: Set<String> = Set("""
    것 것이 것은 것을 것으로 수 등 때 바 바와 이나 거나 너무 오래 얻기 있나요 있다 없다 있는 없는 경우 때문 위해 위한 통해 대한 대해 \
    관한 다음 이것 그것 저것 이런 그런 모든 각각 또한 그리고 그러나 하지만 따라서 및 또는 혹은 정도 가장 매우 아주 많은 많이 여러 \
    다른 같은 어떤 무엇 먼저 다시 바로 함께 모두 자체 부분 내용 이후 이전 항상 거의 특히 이미 아직 조금 약간 보통 대개 하는 되는 \
    합니다 입니다 됩니다 하나 둘
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    /// Answers that are no term: catch-alls a teacher's list of four never needs.
    static let catchAllKeys: Set<String> = ["모두정답", "모두맞다", "정답없음", "해당없음", "모두해당", "위의모두", "보기모두",
                                            "alloftheabove", "noneoftheabove"]

    /// Endings of an inflected word (a verb or adjective form, a question ending), never of a term.
    static let inflectedEndings = ["나요", "니까", "니다", "어요", "아요", "해요", "세요", "지만", "하고", "하며", "하면", "해서", "하게",
                                   "된다", "한다", "했다", "하는", "되는", "있는", "없는", "하여", "되어"]

    /// Whether an option (a term or a statement) is junk: empty after normalising, a catch-all,
    /// a function word, or a short inflected fragment. Statements (with spaces, longer than a
    /// term) end in verbs by nature and are not judged by their ending.
    static func isJunkOption(_ option: String) -> Bool {
        let key = KoreanText.compact(option)
        if key.isEmpty || catchAllKeys.contains(key) { return true }
        if key == KoreanText.compact(nameMask) || key == KoreanText.compact(blank) { return true }
        if isCut(option) { return true }
        // A verb form inside a short phrase: a two-syllable word ending in 며 or 러 ("터 서며",
        // "눌러 보조") is a connective (…하며, 눌러), not a noun; OCR misreadings take this shape too.
        let words = option.split(separator: " ")
        if (2...3).contains(words.count), words.contains(where: { $0.count == 2 && ($0.hasSuffix("며") || $0.hasSuffix("러")) }) { return true }
        let isStatement = option.contains(where: \.isWhitespace) && key.count > 8
        if isStatement { return false }
        if functionWords.contains(key) { return true }
        guard KoreanText.containsHangul(key), key.count <= 5 else { return false }
        if inflectedEndings.contains(where: { key.hasSuffix($0) }) { return true }
        // A two-syllable noun made a verb form: "검토할", "사용된" (but "역할", "제한", "권한" are nouns).
        if let last = key.last, "할한된될던".contains(last), key.count == 3, key.allSatisfy({ KoreanText.isHangul($0.unicodeScalars.first!) }) {
            return true
        }
        return false
    }

    /// Whether a term may be blanked in a cloze or offered as a term option: not junk, at least
    /// two letters, not a number, not a generic noun on its own (파일, 방식: what `AnswerMatcher`
    /// forgives as a head noun), and not a word with its particle still on ("큐에", "스택을").
    static func isContentTerm(_ term: String, knownTerms: Set<String> = []) -> Bool {
        let key = KoreanText.compact(term)
        guard key.count >= 2, !isJunkOption(term), !key.allSatisfy(\.isNumber) else { return false }
        if AnswerMatcher.headNouns.contains(key) || commonNouns.contains(key) { return false }
        // Mouse buttons and clicks are how to operate a screen, not what a lecture teaches.
        if uiWords.contains(where: { key.contains($0) }) { return false }
        // An adjectival root ("일반적", "기본적") describes; it names nothing.
        if key.count == 3, key.hasSuffix("적"), key.allSatisfy({ KoreanText.isHangul($0.unicodeScalars.first!) }) { return false }
        // 그외, 이외, 그밖: "the rest", never what a question asks for; nor a determiner alone (기타, 일부).
        if ["그외", "이외", "그밖", "그밖에"].contains(key) || determiners.contains(key) { return false }
        // A single word of three syllables or more ending in 로 ("모델로", "프로토콜로") keeps its
        // particle; the nouns that end in 로 are short (경로, 회로) or written apart (집적 회로).
        if !term.contains(where: \.isWhitespace), key.count >= 3, key.hasSuffix("로"),
           key.allSatisfy({ KoreanText.isHangul($0.unicodeScalars.first!) }) { return false }
        // A particle left on a longer word ("그외에"): no noun of three syllables or more ends in 에.
        if key.count >= 3, key.hasSuffix("에"), key.allSatisfy({ KoreanText.isHangul($0.unicodeScalars.first!) }) { return false }
        // A single lowercase English word is an everyday word ("older", "parts", "icon") or a
        // piece of a path: the names a lecture teaches are capitalised (LibreOffice, OOXML, Java).
        if !term.contains(where: \.isWhitespace), term.allSatisfy({ $0.isASCII && $0.isLowercase }) { return false }
        // A phrase led by a determiner ("해당 문서", "각 항목", "모든 서명") points at a thing; it names none.
        if let first = term.split(separator: " ").first, term.contains(" "), determiners.contains(String(first)) { return false }
        // A particle glued to a shorter known term: "큐에" when "큐" is a term of the note.
        for particle in gluedParticles where key.count > particle.count && key.hasSuffix(particle) {
            if knownTerms.contains(String(key.dropLast(particle.count))) { return false }
        }
        return true
    }

    /// Words that point at a thing rather than name it, as the first word of a phrase.
    static let determiners: Set<String> = ["해당", "이", "그", "저", "각", "모든", "다른", "같은", "일부", "여러", "기타", "전체", "이런", "그런", "어떤",
                                           // "진짜 상태", "실제 값": a word of everyday speech before a noun makes a phrase, not a term.
                                           "진짜", "실제", "원래", "일반"]

    /// Whether a student can be asked to write an answer from memory: a term of up to three
    /// words and twelve letters, not a heading such as "많은 Microsoft Office 파일을 OpenDocument 형식으로 변환".
    static func isWritable(_ answer: String) -> Bool {
        let words = answer.split(whereSeparator: \.isWhitespace)
        // A verb form inside ("서명한 문서 열기", "변환된 파일") makes a task's heading, not a term.
        let inflected = words.count > 1 && words.contains { w in
            KoreanText.containsHangul(String(w)) && ["한", "된", "는", "을", "를", "하기"].contains { w.hasSuffix($0) } && w.count >= 2
        }
        // "변수의 명명 규칙": a phrase with a particle inside is a section's heading.
        let phrase = words.count > 1 && words.dropLast().contains { $0.count >= 2 && $0.hasSuffix("의") }
        return words.count <= 3 && KoreanText.compact(answer).count <= 10 && !inflected && !phrase
    }

    /// Whether the prompt shows half or more of a multi-word answer's words ("변수 값은 …" for
    /// "변수 값 관찰", "중단점을 …" for "중단점의 속성"): the rest is guessed from the options.
    static func revealsPart(prompt: String, answer: String) -> Bool {
        let words = answer.split(whereSeparator: \.isWhitespace).map { word -> String in
            var w = String(word)
            // "중단점의" is the word 중단점 with its particle.
            if w.count > 2, w.hasSuffix("의") { w.removeLast() }
            return KoreanText.compact(w)
        }.filter { $0.count >= 2 }
        guard words.count >= 2, words.count <= 4 else { return false }
        let p = KoreanText.compact(prompt.replacingOccurrences(of: nameMask, with: " ").replacingOccurrences(of: blank, with: " "))
        // The first word tells the answer from its neighbours ("스택 호출 창", "거듭제곱 회귀식"); the
        // head noun alone ("호출", "회귀식") is shared with them.
        let first = answer.split(whereSeparator: \.isWhitespace).first.map { w -> String in
            var w = String(w)
            if w.count > 2, w.hasSuffix("의") { w.removeLast() }
            return KoreanText.compact(w)
        } ?? ""
        if first.count >= 2, KoreanText.contains(p, first) { return true }
        return words.filter { KoreanText.contains(p, $0) }.count * 2 > words.count
    }

    /// How many blanks a prompt shows.
    static func blankCount(_ text: String) -> Int { text.components(separatedBy: blank).count - 1 }

    /// Whether a blank stands beside a bracket: "____(Content Management …)" spells the answer
    /// out after it, "VBA(____ Basic …)" is an expansion whose letters the abbreviation gives.
    static func bracketsBlank(_ text: String) -> Bool {
        text.contains(blank + "(") || text.contains(blank + " (") || text.contains("(" + blank)
    }

    /// Parts of words that name how a screen is operated (UI trivia, not lecture content).
    static let uiWords = ["마우스", "오른쪽", "왼쪽", "버튼", "클릭", "더블클릭", "아이콘"]

    /// Particles and connectives that cannot open a sentence or an option: a text that starts
    /// with one was cut from a longer sentence ("를 선택합니다.", "이나 평균값 선을 …"), or, for
    /// "그리고", is a step that means nothing out of its list.
    static let cutOpeners: Set<String> = ["을", "를", "은", "는", "가", "의", "에", "와", "과", "로", "으로", "도", "만", "에서",
                                          "이나", "나", "및", "또는", "이며", "며", "하고", "그리고", "그런", "그러면", "그래서",
                                          // A sentence that leans on the one before it ("즉, 유효한 서명이 …", "이를 사용해 …",
                                          // "However, Any is …", "It includes …") says nothing alone.
                                          "즉", "즉,", "따라서", "따라서,", "그러나", "그러나,", "하지만", "하지만,", "이때", "이때,",
                                          "이를", "이는", "이것은", "이것을", "그것은",
                                          // An adnominal ending cut from its verb ("…을 확장한 XML 속성" split before 한).
                                          "한", "된", "하는", "되는",
                                          "However,", "Therefore,", "Thus,", "It", "This", "These", "They"]

    /// Whether a text is cut at its start: it opens with a particle or a connective, a bare
    /// number, or (for an English sentence ending in a full stop) with a lowercase word ("can be forced.").
    static func isCut(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let firstWord = t.split(whereSeparator: \.isWhitespace).first else { return false }
        if cutOpeners.contains(String(firstWord)) { return true }
        // A bare number first is a row of a numbered list ("53 파일을 찾을 수 없습니다"): an error
        // code or a step, which means nothing without its table.
        // ("20 bytes" is a value with its unit, not a row.)
        if firstWord.allSatisfy(\.isNumber), t.split(whereSeparator: \.isWhitespace).count >= 3 { return true }
        if let first = t.first, first.isASCII, first.isLowercase, t.hasSuffix("."), !KoreanText.containsHangul(t) { return true }
        return false
    }

    /// Whether a passage shown in a prompt leaves enough to read once its blanks and masks are
    /// taken out: at least 12 letters, not cut at its start ("____를 선택합니다." asks nothing),
    /// not a list of numbered rows.
    static func hasContext(_ passage: String) -> Bool {
        let rest = KoreanText.compact(passage.replacingOccurrences(of: blank, with: " ").replacingOccurrences(of: nameMask, with: " "))
        // Three bare numbers or more: rows of a list run together ("951 알수 없는 기호: 952 예상: …").
        let bareNumbers = passage.split(whereSeparator: \.isWhitespace).filter { $0.allSatisfy(\.isNumber) }.count
        return rest.count >= 12 && !isCut(passage) && bareNumbers < 3 && !pointsAway(passage) && !particleApart(passage)
    }

    /// Words that point at what follows or stands below on the page ("다음과 같이", "다음 명령",
    /// "as follows"): out of the page, the sentence refers to something the question does not show.
    static let pointers = ["다음과 같", "다음은", "다음을", "다음의", "다음 명령", "다음 예", "다음 회귀", "다음 유형", "다음 항목", "다음 옵션", "아래의", "아래와", "아래 ", "위의 ", "위와 같",
                           "as follows", "the following", "below:", "following example"]

    static func pointsAway(_ passage: String) -> Bool {
        let lowered = passage.lowercased()
        return pointers.contains { lowered.contains($0) }
    }

    /// Whether a cloze passage is fair: enough context (`hasContext`), exactly one blank (two
    /// blanks of a repeated word read as a riddle), and no bracket beside it spelling the answer out.
    static func isFairBlank(_ blanked: String) -> Bool {
        // A blank in a list ("____, Month, Year 또는 Hour") is guessed from the pattern of its neighbours.
        guard hasContext(blanked), blankCount(blanked) == 1, !bracketsBlank(blanked), !lacksSubject(blanked),
              !blanked.contains(blank + ","), !blanked.contains(", " + blank), !blanksCompoundHead(blanked), !blanksScreenLabel(blanked),
              // "An ____" tells a vowel from a consonant, and "a FTP" in the source misleads.
              !(" " + blanked.lowercased()).contains(" a " + blank), !(" " + blanked.lowercased()).contains(" an " + blank),
              let range = blanked.range(of: blank) else { return false }
        // The blank starts a word: "원격 웹____에서" blanks the end of a word (웹서버), not a term.
        if let before = blanked[..<range.lowerBound].last, before.isLetter || before.isNumber { return false }
        return true
    }

    /// Whether an English term may be blanked where it stands in `sentence`: not glued into a
    /// longer token ("____.org 3.2" leaves the answer in sight), and, as a single word, a name
    /// rather than an everyday word or verb ("marked", "Variables" at a sentence's start): it
    /// has a capital inside ("OpenDocument", "VBA") or a capital where a sentence would not give
    /// it one. Terms with Hangul always may.
    static func isBlankableLatin(_ term: String, in sentence: String) -> Bool {
        let t = term.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !KoreanText.containsHangul(t), t.contains(where: { $0.isASCII && $0.isLetter }) else { return true }
        if let range = sentence.range(of: t, options: .caseInsensitive) {
            let before = sentence[..<range.lowerBound].last
            let after = sentence[range.upperBound...]
            if let before, before.isLetter || before.isNumber { return false }
            if let next = after.first, next.isLetter || next.isNumber { return false }
            if after.hasPrefix("."), let afterStop = after.dropFirst().first, afterStop.isLetter { return false }
            guard !t.contains(where: \.isWhitespace) else { return true }
            // One word of a longer name ("LibreOffice ____ IDE", "____ Basic for Applications"):
            // a capitalised Latin word beside it belongs to the same name.
            let previousWord = sentence[..<range.lowerBound].split(separator: " ").last.map(String.init) ?? ""
            let nextWord = after.split(separator: " ").first.map(String.init) ?? ""
            let isNamePart = { (w: String) in w.first.map { $0.isASCII && $0.isUppercase } == true && !w.hasSuffix(".") && !w.hasSuffix(",") }
            if sentence[..<range.lowerBound].last == " " && isNamePart(previousWord) { return false }
            if after.first == " " && isNamePart(nextWord) { return false }
            if t.dropFirst().contains(where: \.isUppercase) { return true }
            let atStart = sentence[..<range.lowerBound].allSatisfy { !$0.isLetter }
            return t.first?.isUppercase == true && !atStart
        }
        return !t.contains(where: \.isWhitespace) ? t.dropFirst().contains(where: \.isUppercase) : true
    }

    /// Particles a keyword list leaves on a term when the PDF glued them ("큐에", "스택을").
    static let gluedParticles = ["에서", "으로", "에게", "에", "을", "를", "이", "가", "은", "는", "의", "로", "와", "과", "도", "만"]

    /// Everyday nouns that a text uses without teaching them: blanking one tests reading, not the lecture.
    static let commonNouns: Set<String> = Set("""
    사용 방법 정보 문제 결과 시간 사람 자료 목적 이유 특징 역할 예시 예제 종류 차이 장점 단점 의미 설명 설정 상태 대상 요소 다음 \
    이름 번호 처리 작업 경우 수준 관계 변경 선택 입력 출력 사용자 문서 내용 항목 기본 일반 전체 각각 부분 영역 위치 방향 크기 값 \
    코드 저장 소프트웨어 컴퓨터 일반적 버전 메뉴 화면 텍스트 데이터 숫자 문자 기호 목록 상자 페이지 시스템 프로그램 메시지 \
    대화상자 파일형식 인터넷 키워드 상태표시줄 표시줄 옵션 필드 명령 대화 \
    variable variables version versions document documents file files value values data type types code text program
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    // MARK: - Particles after a blank

    /// Whether a word ends in a final consonant (받침) as a particle after it hears it: Hangul by
    /// its last syllable, digits and Latin letters by how Koreans read them ("CPU가", "RAM이").
    /// nil when it cannot be told.
    static func hasFinalConsonant(_ word: String) -> Bool? {
        guard let last = word.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars.last(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) else { return nil }
        let v = last.value
        if (0xAC00...0xD7A3).contains(v) { return (v - 0xAC00) % 28 != 0 }
        // 영(0) 일 삼 육 칠 팔 십 end in a consonant; 이 사 오 구 do not.
        if let digit = Int(String(last)), (0...9).contains(digit) { return [0, 1, 3, 6, 7, 8].contains(digit) }
        // Latin letters as spelled out: L(엘) M(엠) N(엔) R(알) end in a consonant.
        if last.isASCII, last.properties.isAlphabetic {
            let letters = word.filter(\.isLetter)
            // An acronym is read letter by letter; a whole word ("Linux") too irregularly to tell.
            guard letters == letters.uppercased() || letters.count <= 3 else { return nil }
            return "lmnr".contains(Character(String(last).lowercased()))
        }
        return nil
    }

    /// Pairs of particles chosen by the final consonant of the word before: (after a consonant, after a vowel).
    static let particlePairs: [(String, String)] = [("은", "는"), ("이", "가"), ("을", "를"), ("과", "와"), ("으로", "로"), ("이라", "라"), ("이나", "나"), ("이며", "며")]

    /// The particle right after the first blank of `text` that depends on the final consonant of
    /// the word in the blank, or nil.
    static func particleAfterBlank(_ text: String) -> (consonant: String, vowel: String)? {
        text.range(of: blank).flatMap { particle(at: text[$0.upperBound...]) }
    }

    /// Whether a blank or a masked name ("○○는") has a particle that depends on its final
    /// consonant, at any of its places ("○○ 및 … 부동 ○○을": the second one counts too).
    static func hasParticleAfterMarker(_ text: String) -> Bool {
        [blank, nameMask].contains { marker in
            var rest = Substring(text)
            while let range = rest.range(of: marker) {
                rest = rest[range.upperBound...]
                if particle(at: rest) != nil { return true }
            }
            return false
        }
    }

    /// The consonant-dependent particle `after` starts with, or nil.
    private static func particle(at after: Substring) -> (consonant: String, vowel: String)? {
        for (c, v) in particlePairs.sorted(by: { $0.0.count > $1.0.count }) {
            for p in [c, v] where after.hasPrefix(p) {
                // "은" + another syllable is a word ("은행"), not a particle: a particle ends the word.
                let next = after.dropFirst(p.count).first
                if next == nil || next!.isWhitespace || next!.isPunctuation { return (c, v) }
            }
        }
        return nil
    }

    /// The passage a prompt asks about: what follows its question's blank line, or the whole prompt.
    static func passage(of prompt: String) -> String {
        guard let range = prompt.range(of: "\n\n", options: .backwards) else { return prompt }
        return String(prompt[range.upperBound...])
    }

    /// `text` with `word` in each blank and masked name, the particle after it in the form `word`
    /// takes (`agreeingParticle`): "____이 발생한 경우" with 육아휴직자 is "육아휴직자가 발생한 경우".
    static func filled(_ text: String, with word: String) -> String {
        var out = text
        for marker in [blank, nameMask] {
            var result = ""
            var rest = Substring(out)
            while let range = rest.range(of: marker) {
                result += rest[..<range.lowerBound] + word
                rest = rest[range.upperBound...]
                if let (particle, written) = agreeingParticle(after: word, at: rest) {
                    result += particle
                    rest = rest.dropFirst(written)
                }
            }
            out = result + rest
        }
        return out
    }

    /// The consonant-dependent particle `rest` starts with (as written for another word, or both
    /// ways: "은(는)", "(으)로"), in the form `word` takes, with how many characters of `rest` it
    /// replaces; nil when `rest` starts with none, or when `word`'s last sound is not known.
    static func agreeingParticle(after word: String, at rest: Substring) -> (particle: String, written: Int)? {
        guard let final = hasFinalConsonant(word) else { return nil }
        for (c, v) in particlePairs.sorted(by: { $0.0.count > $1.0.count }) {
            let both = c.hasSuffix(v) ? "(\(c.dropLast(v.count)))\(v)" : "\(c)(\(v))"
            // 으로 and 과 keep their form before another particle ("으로서", "과의"); 이 before
            // one is another word ("이다": 국가다, not 국가가다).
            let goesOn = c == "으로" || c == "과"
            let written = rest.hasPrefix(both) ? both : [c, v].first { p in
                rest.hasPrefix(p) && (goesOn || (rest.dropFirst(p.count).first.map { $0.isWhitespace || $0.isPunctuation } ?? true))
            }
            guard let written else { continue }
            // 으로 after a final consonant other than ㄹ, 로 after a vowel or ㄹ ("국무위원으로", "법률로").
            let endsInRieul = word.unicodeScalars.last.map { (0xAC00...0xD7A3).contains($0.value) && ($0.value - 0xAC00) % 28 == 8 } ?? false
            let consonantForm = c == "으로" ? final && !endsInRieul : final
            return (consonantForm ? c : v, written.count)
        }
        return nil
    }

    /// `text` with the consonant-dependent particle after each blank and masked name written both
    /// ways ("____은(는)", "○○이(가)", "____(으)로"), so that no option is told apart by the
    /// particle; `text` itself when there is none.
    static func withNeutralParticle(_ text: String) -> String {
        var out = text
        for marker in [blank, nameMask] {
            var result = ""
            var rest = Substring(out)
            while let range = rest.range(of: marker) {
                result += rest[..<range.upperBound]
                let after = rest[range.upperBound...]
                guard let (c, v) = particle(at: after) else { rest = after; continue }
                let used = after.hasPrefix(c) && (after.dropFirst(c.count).first.map { $0.isWhitespace || $0.isPunctuation } ?? true) ? c : v
                // "은(는)", "이(가)"; "(으)로" where one form contains the other, as exam papers write them.
                result += c.hasSuffix(v) ? "(\(c.dropLast(v.count)))\(v)" : "\(c)(\(v))"
                rest = after.dropFirst(used.count)
            }
            out = result + rest
        }
        return out
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
