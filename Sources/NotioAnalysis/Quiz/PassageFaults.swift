import Foundation
import NotioCore

/// Faults the readers of the judged sample at 5953219 still found (Tests/Fixtures/corpus/judged-2026-12-02-*.json):
/// broken marks and glued English words, blanks any reader could fill from common sense, English
/// options of another kind than the key, keys that siblings share, and the one option that
/// repeats the stem's words. Each rule is tested with the judged passage verbatim
/// (QuizJudgedFaultsTests).
extension QuizText {
    /// Words that open a sentence by pointing at one before it ("이런 경우 ○○에 저장되어 있는 …",
    /// "이 변수는 …", "그러므로 …"): out of the page, what they point at is not shown.
    static let pointingOpeners: Set<String> = ["이", "그", "이런", "그런", "이러한", "그러한", "이렇게", "그렇게", "이와", "그와", "이같이",
                                               "이처럼", "그처럼", "이에", "이로써", "그러므로", "그러므로,", "그래서", "그래서,",
                                               "That", "Those", "Such", "Here,", "Then,", "Hence,"]

    /// Whether a passage opens by pointing back (`pointingOpeners`, "In this case").
    static func opensByPointingBack(_ passage: String) -> Bool {
        let t = passage.trimmingCharacters(in: .whitespaces)
        let first = t.split(separator: " ").first.map(String.init) ?? ""
        if pointingOpeners.contains(first) { return true }
        let lowered = t.lowercased()
        return ["in this case", "in that case", "in such a case", "in these cases", "in such cases", "in this way"].contains { lowered.hasPrefix($0) }
    }

    /// Whether a passage's quotation marks or brackets do not pair up ('… displayed as "invalid.'):
    /// the PDF or the sentence splitter cut it, and it is not shown as written.
    static func hasUnbalancedMarks(_ passage: String) -> Bool {
        let count = { (c: Character) in passage.filter { $0 == c }.count }
        return count("\"") % 2 == 1 || count("“") != count("”") || count("(") != count(")") || count("[") != count("]")
    }

    /// Short English function words: two words glued where a line broke ("ofthe") are mostly these.
    static let shortEnglishFunctionWords: Set<String> = ["of", "to", "in", "on", "at", "by", "as", "is", "be", "an", "or", "it", "if", "no", "so", "we", "us"]

    /// English words written as two function words run together that are words of their own.
    static let englishCompounds: Set<String> = ["into", "onto", "within", "without", "cannot", "upon", "itself", "thereby", "whereby",
                                                "whereas", "wherein", "thereof", "therein", "thereon", "whereon", "hereby", "herein",
                                                "whatever", "whenever", "wherever", "whoever", "whichever", "inasmuch", "insofar",
                                                "notwithstanding", "nowhere", "anywhere", "anyhow", "areas", "soon", "noon", "beat", "bean", "canon"]

    /// Whether an English token is two function words glued ("ofthe", "inthe", "canbe"); with
    /// `writtenApart`, only when the document writes the two side by side elsewhere.
    static func isGluedEnglish(_ token: String, writtenApart: (String, String) -> Bool = { _, _ in true }) -> Bool {
        let t = token.lowercased()
        guard t.count >= 4, t.allSatisfy({ $0.isASCII && $0.isLetter }), !englishCompounds.contains(t) else { return false }
        let functionWords = englishFunctionWords.union(shortEnglishFunctionWords)
        let chars = Array(t)
        for cut in 2...(chars.count - 2) where functionWords.contains(String(chars[..<cut])) && functionWords.contains(String(chars[cut...]))
            && writtenApart(String(chars[..<cut]), String(chars[cut...])) {
            return true
        }
        return false
    }

    // MARK: - Blanks a reader fills from common sense

    /// Words of computing every text uses: "____에 업로드해야 하는 … 맵 파일" is answered 서버 by
    /// anyone, "네트워크에서 ____에 필요한" 데이터 전송 or 통신 alike. A blank is a term of the lecture.
    static let everydayComputingWords: Set<String> = ["서버", "데이터", "파일", "전송", "네트워크", "웹", "서비스", "장치", "주소", "연결",
                                                      "통신", "교환", "다운로드", "업로드", "사용자", "정보", "저장", "컴퓨터", "인터넷",
                                                      "프로그램", "server", "data", "file", "network", "web", "service", "computer",
                                                      "internet", "user", "transfer"]

    /// Whether every word of a term is an everyday word (`commonNouns`, `everydayComputingWords`,
    /// a generic head noun): "서버", "데이터 전송" name nothing this document teaches.
    static func isEverydayTerm(_ term: String) -> Bool {
        let words = term.split(whereSeparator: \.isWhitespace).map { KoreanText.compact(String($0)) }.filter { !$0.isEmpty }
        return !words.isEmpty && words.allSatisfy {
            everydayComputingWords.contains($0) || commonNouns.contains($0) || AnswerMatcher.headNouns.contains($0)
        }
    }

    /// The words of a passage that say something of what it is about: content words
    /// (`contentWords`) without generic stems or counts, blanks and masks aside.
    static func specificWords(_ passage: String) -> Set<String> {
        let text = passage.replacingOccurrences(of: blank, with: " ").replacingOccurrences(of: nameMask, with: " ")
        return contentWords(text).filter { word in
            !genericStems.contains { word.hasPrefix($0) } && !(word.first?.isNumber ?? false) && !isEverydayWord(word)
        }
    }

    /// Whether a word is an everyday word of computing or a generic head noun, alone or made a
    /// verb ("업로드해야").
    static func isEverydayWord(_ word: String) -> Bool {
        if everydayComputingWords.contains(word) || AnswerMatcher.headNouns.contains(word) { return true }
        return everydayComputingWords.contains { everyday in
            KoreanText.containsHangul(everyday) && word.hasPrefix(everyday)
                && QuizMaterial.endingStarts.contains { word.dropFirst(everyday.count).hasPrefix($0) }
        }
    }

    /// Whether a blank's sentence carries enough words of its own to point at one term: three for
    /// a choice ("____과 공개 키는 문서와 함께 저장됩니다" has two, and 서명 fits it as well as
    /// 체크섬), four to be written from memory.
    static func pinsBlank(_ blanked: String, written: Bool) -> Bool {
        specificWords(blanked).count >= (written ? 4 : 3)
    }

    /// Whether the blank is joined to the word before it by "이나", "및", "또는", "와/과" ("페이지의
    /// 그림이나 ____(으)로 표시됩니다"): its partner says what kind of thing fills it, and among
    /// options only those of the partner's kind stand (전송 프로토콜 and 이미지맵 형식 do not).
    static func blanksCoordinate(_ blanked: String) -> Bool {
        guard let range = blanked.range(of: blank), blanked[..<range.lowerBound].last == " ",
              let previous = blanked[..<range.lowerBound].split(separator: " ").last.map(String.init),
              KoreanText.containsHangul(previous) else { return false }
        if ["및", "또는", "혹은"].contains(previous) { return true }
        return previous.count >= 2 && previous != "그러나" && ["이나", "나", "와", "과"].contains { previous.hasSuffix($0) }
    }

    /// Whether the words around a blank say what kind of thing fills it: a noun right after it
    /// ("____ 프로그래밍 언어는", "텍스트나 ____ 참조가") or a partner joined to it. Such a blank is
    /// asked to be written, where the kind helps no more than it should, never with options.
    static func blankShowsKind(_ blanked: String) -> Bool {
        masksBeforeKindWord(blanked, mask: blank) || blanksCoordinate(blanked)
    }

    // MARK: - English options of the key's kind

    /// English words that say what kind of thing a name is.
    static let englishKindWords = ["format", "type", "protocol", "language", "function", "standard", "address", "tag", "program"]

    /// The kind word an English cloze sentence gives its blank ("____ is a popular format",
    /// "declared as ____ can handle any data type"): within six words after the blank or right
    /// before it; nil for none or a Korean sentence.
    static func kindWordNearBlank(_ blanked: String) -> String? {
        guard !KoreanText.containsHangul(blanked), let range = blanked.range(of: blank) else { return nil }
        let words = { (s: Substring) in s.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() } }
        let after = words(blanked[range.upperBound...]).prefix(6)
        let before = words(blanked[..<range.lowerBound]).suffix(1)
        return englishKindWords.first { kind in (Array(after) + Array(before)).contains { $0 == kind || $0 == kind + "s" } }
    }
}

extension QuizMaterial {
    /// Whether a sentence has a token the OCR or the PDF glued from two English words ("ofthe")
    /// that the document writes nowhere else, and writes apart ("of the") elsewhere.
    func gluesEnglishWords(_ sentence: String) -> Bool {
        sentence.split(whereSeparator: { !($0.isASCII && $0.isLetter) }).contains { token in
            documentWords[KoreanText.compact(String(token)), default: 0] <= 1
                && QuizText.isGluedEnglish(String(token)) { head, tail in writesSideBySide(head, tail) }
        }
    }

    /// Whether the document writes two words one right after the other ("of the").
    func writesSideBySide(_ first: String, _ second: String) -> Bool {
        documentTokens.indices.dropLast().contains { documentTokens[$0] == first && documentTokens[$0 + 1] == second }
    }

    /// Whether an English option is a verb or plural form of a word the document writes bare
    /// ("Declares" where it writes "declare"): no name of a thing.
    func isInflectedEnglish(_ option: String) -> Bool {
        let t = option.trimmingCharacters(in: .whitespaces).lowercased()
        guard !t.contains(" "), t.count >= 4, t.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        for suffix in ["ing", "ed", "es", "s"] where t.hasSuffix(suffix) && t.count > suffix.count + 2 {
            let base = String(t.dropLast(suffix.count))
            if documentWords[base, default: 0] > 0 || documentWords[base + "e", default: 0] > 0 { return true }
        }
        return false
    }

    /// Whether the document writes `term` with the kind word `kind` ("The Variant type", "HTML
    /// format", "EPUB is a popular format"): the kind word right before it or within five words after.
    func describesAs(_ term: String, kind: String) -> Bool {
        let termWords = term.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        guard let first = termWords.first else { return false }
        let isKind = { (w: String) in w == kind || w == kind + "s" }
        for i in documentTokens.indices where documentTokens[i] == first {
            let end = i + termWords.count
            guard end <= documentTokens.count, Array(documentTokens[i..<end]) == termWords else { continue }
            if i > 0, isKind(documentTokens[i - 1]) { return true }
            if documentTokens[end..<min(end + 5, documentTokens.count)].contains(where: isKind) { return true }
        }
        return false
    }

    /// Whether a term is everyday words (`QuizText.isEverydayTerm`) and names no concept of the
    /// note: a heading such as "파일 시스템" is what the lecture teaches, whatever its words.
    func isEveryday(_ term: String) -> Bool {
        let key = KoreanText.compact(term)
        return QuizText.isEverydayTerm(term) && !concepts.contains { $0.nameKeys.contains(key) }
    }

    /// Whether a term may be the written answer of a blank: a concept's name, a keyword or a
    /// compared thing, or a related term the document writes twice or more; never an everyday word.
    func isKeyTerm(_ term: String) -> Bool {
        let key = KoreanText.compact(term)
        guard !isEveryday(term), let found = terms.first(where: { $0.key == key }) else { return false }
        return found.isKeyTerm || occurrences(key) >= 2
    }

    // MARK: - Siblings

    /// Concepts named with the key's head word ("Integer 변수", "Long Integer 변수", "Date 변수"):
    /// sections written in parallel, whose statements a reader may hold of any of them.
    func siblings(of index: Int) -> [Int] {
        guard let head = OptionType.headWord(concepts[index].display) else { return [] }
        return concepts.indices.filter { $0 != index && !concepts[$0].coversDocument && OptionType.headWord(concepts[$0].display) == head }
    }

    /// Whether a "which concept is this" passage tells concept `index` from its siblings: it has a
    /// word (a name, a number, a noun) that the key's own section writes and no sibling's does,
    /// in either script ("양수" is "positive" in Single's English section). "○○는 양수, 음수 또는
    /// 0 값을 취할 수 있습니다" has none: every numeric variable takes such values.
    func tellsFromSiblings(_ passage: String, concept index: Int) -> Bool {
        let siblings = siblings(of: index)
        guard !siblings.isEmpty else { return true }
        let own = conceptText(index)
        return QuizText.telltaleWords(passage).contains { word in
            KoreanText.contains(own, word) && !siblings.contains { j in
                let text = conceptText(j)
                return KoreanText.contains(text, word) || Glossary.english(for: word).contains { KoreanText.contains(text, $0) }
            }
        }
    }
}

extension QuizText {
    /// Endings of a verb or adjective form ("취할", "신속하게", "계산되기", "할당되면"): what is done,
    /// not what a thing is; such a word tells no concept from its siblings.
    static let verbFormEndings = ["할", "한", "된", "될", "던", "하게", "되게", "하기", "되기", "하면", "되면", "해야", "돼야", "하여", "되어",
                                  "하며", "되며", "하고", "되고", "니다", "있는", "없는", "려면", "도록", "는"]

    /// Words of a passage that can tell one concept from another: numbers, English words and
    /// Hangul nouns (particles off; one syllable too: "큰 값"), never a verb form, a function word,
    /// an everyday noun or a generic stem.
    static func telltaleWords(_ passage: String) -> Set<String> {
        let text = passage.replacingOccurrences(of: blank, with: " ").replacingOccurrences(of: nameMask, with: " ")
        var out = Set<String>()
        for token in text.split(whereSeparator: { $0.isWhitespace || ",.;:()[]\"'‘’“”".contains($0) }) {
            var word = KoreanText.compact(String(token))
            guard !word.isEmpty else { continue }
            if KoreanText.containsHangul(word) {
                for particle in gluedParticles + ["에는", "에서는", "으로는", "로는", "이며", "이고", "입니다", "합니다", "됩니다"]
                where word.count > particle.count && word.hasSuffix(particle) {
                    word = String(word.dropLast(particle.count))
                    break
                }
                // A number keeps its unit ("2바이트" tells Integer from Long Integer's "4바이트").
                if word.contains(where: \.isNumber) { out.insert(word); continue }
                if word.count >= 2, verbFormEndings.contains(where: { word.hasSuffix($0) }) { continue }
            } else if word.count < 2 || englishFunctionWords.contains(word) || shortEnglishFunctionWords.contains(word) {
                continue
            }
            if functionWords.contains(word) || commonNouns.contains(word) || genericStems.contains(where: { word.hasPrefix($0) }) { continue }
            out.insert(word)
        }
        out.remove("")
        return out
    }

    /// How many of a 상 stem's words an option repeats, in its script or as a translation
    /// ("날짜 및 시간" in the stem, "Day, Month, Year 또는 Hour" in the option).
    /// A translation counts twice: it is the stronger tell ("Day" for "날짜" beside "내부" for "내부적").
    static func sharedWords(stem: String, option: String) -> Int {
        let optionKey = KoreanText.compact(option)
        return telltaleWords(stem).reduce(0) { total, word in
            if KoreanText.contains(optionKey, word) { return total + 1 }
            let translated = Glossary.english(for: word).contains { KoreanText.contains(optionKey, $0) }
                || (Glossary.korean[word] ?? []).contains { KoreanText.contains(optionKey, KoreanText.compact($0)) }
            return total + (translated ? 2 : 0)
        }
    }

    /// Whether the key of a "which is true of it" question repeats more of the stem's words than
    /// any wrong option: the key is found by matching words, not by knowing the concept.
    static func stemPointsAtKey(stem: String, key: String, distractors: [String]) -> Bool {
        let keyShare = sharedWords(stem: stem, option: key)
        return keyShare > 0 && distractors.allSatisfy { sharedWords(stem: stem, option: $0) < keyShare }
    }
}
