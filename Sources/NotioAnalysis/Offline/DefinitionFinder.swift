import Foundation
import NotioCore

/// Sentences that define something: "X는 …이다", "X란 …", "…을 X(이)라 한다", "X is a …",
/// "X refers to …", "X is defined as …". Returns the defined term with the sentence.
enum DefinitionFinder {
    private static let koreanEndings = [
        "이다.", "입니다.", "말한다.", "말합니다.", "뜻한다.", "뜻합니다.", "의미한다.", "의미합니다.", "가리킨다.", "가리킵니다.",
        "일컫는다.", "일컫습니다.", "라 한다.", "라고 한다.", "라 합니다.", "라고 합니다.", "라 부른다.", "라고 부른다.",
        "라 부릅니다.", "라고 부릅니다.",
    ]
    private static let namingEndings = ["라 한다.", "라고 한다.", "라 합니다.", "라고 합니다.", "라 부른다.", "라고 부른다.", "라 부릅니다.", "라고 부릅니다."]
    private static let pronouns: Set<String> = [
        "it", "this", "that", "these", "those", "there", "here", "they", "we", "you", "he", "she", "one", "each", "which", "what", "note",
        "이것", "그것", "이", "그", "이는", "그는", "우리", "나", "저", "이것은", "그것은", "다음", "여기", "이때", "결과",
    ]
    private static let determiners: Set<String> = ["이", "그", "저", "이러한", "그러한", "이런", "그런", "다음", "위의", "아래의", "각", "이들", "these", "this", "that", "those", "such"]
    private static let englishLinks = [" is a ", " is an ", " is the ", " are a ", " are the ", " refers to ", " refer to ", " is defined as ", " are defined as ", " means ", " denotes "]

    /// The term a sentence defines, or nil.
    static func definedTerm(in sentence: String) -> String? {
        guard sentence.count >= 10, sentence.count <= 320 else { return nil }
        // One sentence: "…유도한다. 구조를 … 기본이다." is two, and the first defines nothing.
        guard !sentence.dropLast().contains("다. ") else { return nil }
        let trimmed = stripTrailingReference(sentence)
        if KoreanText.containsHangul(trimmed) { if let term = korean(trimmed) { return term } }
        return english(trimmed)
    }

    private static func stripTrailingReference(_ s: String) -> String {
        // "…목적이다[2]." → "…목적이다."; a footnote digit after the stop goes too.
        var text = s
        while let last = text.last, last.isNumber { text.removeLast() }
        if text.hasSuffix("].") , let open = text.lastIndex(of: "[") { text = String(text[..<open]) + "." }
        return text
    }

    private static func korean(_ s: String) -> String? {
        let words = s.split(separator: " ").map(String.init)
        guard words.count >= 3 else { return nil }
        // A question ("프로세스란 무엇인가?") asks for a definition; it gives none.
        guard !s.hasSuffix("?"), !s.contains("무엇") else { return nil }
        // "X란 …다." / "X이란 …다." / "X는 … 이다/을 말한다/…하는 것이다."
        let declarative = s.hasSuffix("다.") || s.hasSuffix("요.")
        for i in 0..<min(3, words.count - 1) {
            let word = words[i]
            var subject: String?
            if (word.hasSuffix("이란") || word.hasSuffix("란")) && declarative {
                subject = String(word.dropLast(word.hasSuffix("이란") ? 2 : 1))
            } else if word.hasSuffix("는") || word.hasSuffix("은") {
                if koreanEndings.contains(where: { s.hasSuffix($0) }) && !predictsInsteadOfDefining(words) { subject = String(word.dropLast()) }
            }
            if var stem = subject, !stem.isEmpty {
                if i > 0 { stem = words[0..<i].joined(separator: " ") + " " + stem }
                return acceptable(stem) ? stem : nil
            }
        }
        // "…을 X라고 한다." / "…를 X(이)라 부른다."
        if let ending = namingEndings.first(where: { s.hasSuffix($0) }) {
            let head = s.dropLast(ending.count).trimmingCharacters(in: .whitespaces)
            guard let last = head.split(separator: " ").last else { return nil }
            var term = String(last)
            if term.hasSuffix("이") && term.count > 2 { term.removeLast() }
            term = term.trimmingCharacters(in: CharacterSet(charactersIn: "\"'“”‘’()"))
            return acceptable(term) ? term : nil
        }
        return nil
    }

    /// "…할 것이다" and "…일 것입니다" foretell, "…수 있다" allows; neither says what X is.
    private static func predictsInsteadOfDefining(_ words: [String]) -> Bool {
        guard words.count >= 2, let last = words.last, last.hasPrefix("것이") || last.hasPrefix("것입") else { return false }
        let before = words[words.count - 2]
        return before.hasSuffix("할") || before.hasSuffix("될") || before.hasSuffix("을") || before.hasSuffix("일")
    }

    /// Whether a defined term is about a concept: the term is the concept's name (or a name such as
    /// "프로세스란 무엇인가요?" asks for it), or the name contains it, or it contains the name.
    static func defines(_ term: String, concept name: String) -> Bool {
        let key = SectionFinder.compact(term), nameKey = SectionFinder.compact(conceptSubject(name))
        guard !key.isEmpty, !nameKey.isEmpty else { return false }
        if key == nameKey { return true }
        // A one-syllable or one-letter overlap ("X" in "X Window") says nothing.
        guard min(key.count, nameKey.count) >= 2 else { return false }
        return nameKey.utf8Contains(key) || key.utf8Contains(nameKey)
    }

    /// The thing a heading is about: "프로세스란 무엇인가요?" → "프로세스", "스케줄링의 정의" → "스케줄링".
    static func conceptSubject(_ name: String) -> String {
        var subject = name.trimmingCharacters(in: CharacterSet(charactersIn: " ?？"))
        for tail in ["이란 무엇인가요", "란 무엇인가요", "이란 무엇인가", "란 무엇인가", "이란", "의 정의", "의 개념", "란"] where subject.hasSuffix(tail) {
            let rest = String(subject.dropLast(tail.count)).trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty { subject = rest; break }
        }
        return subject
    }

    private static func english(_ s: String) -> String? {
        for link in englishLinks {
            guard let range = s.utf8FirstRange(of: link) else { continue }
            // "Vectors are the most important type…" ranks; it does not define.
            let predicate = s[range.upperBound...]
            if ["most ", "best ", "only ", "first ", "same ", "main "].contains(where: { predicate.hasPrefix($0) }) { continue }
            let subject = String(s[..<range.lowerBound]).trimmingSpaces()
            var words = subject.split(separator: " ").map(String.init)
            guard !words.isEmpty, words.count <= 5 else { continue }
            if ["a", "an", "the"].contains(words[0].lowercased()) { words.removeFirst() }
            guard let first = words.first, !pronouns.contains(first.lowercased()) else { continue }
            guard first.first?.isUppercase == true || first.first?.isLetter == true else { continue }
            let term = words.joined(separator: " ")
            if term.contains(",") || term.contains("(") { continue }
            return acceptable(term) ? term : nil
        }
        return nil
    }

    private static func acceptable(_ term: String) -> Bool {
        let plain = term.trimmingSpaces()
        guard plain.count >= 1, plain.count <= 30, plain.contains(where: \.isLetter) else { return false }
        // "이 명령", "다음 수학기호 목록": a pointer to something said before, not a term.
        if let first = plain.split(separator: " ").first, plain.contains(" "), determiners.contains(String(first)) { return false }
        if let last = plain.last, KoreanText.containsHangul(String(last)) {
            if Stopwords.koreanVerbFinals.contains(last) || ["에서", "에게", "에", "으로", "로"].contains(where: { plain.hasSuffix($0) }) { return false }
        }
        return !pronouns.contains(plain.lowercased())
    }
}
