import Foundation
import NotioCore

/// What a candidate question must not do once its options are known: offer a term the document
/// writes beside the blank's neighbours, let another concept's text fit, show a word of the key,
/// offer English options of another kind, or have a key that repeats the stem's words.
extension QuizMaker {
    /// The passage of a prompt: the text after its instruction line.
    func passage(_ c: Candidate) -> String {
        QuizText.passage(of: c.prompt)
    }

    /// Whether a blank on `term` may be asked as a short answer: a term the note teaches
    /// (`QuizMaterial.isKeyTerm`) in a sentence with words enough to point at it; "____에 업로드해야
    /// 하는 별도의 맵 파일" (서버) and "네트워크에서 ____에 필요한" (데이터 전송) have many right answers.
    func mayBeWritten(_ term: String, _ blanked: String) -> Bool {
        material.isKeyTerm(term) && QuizText.pinsBlank(blanked, written: true)
    }

    /// Whether a blank on a concept's name ("____에 소수가 할당되면 … 올림 또는 버림합니다" for
    /// Integer 변수, written in decimal's section) has no word that tells that concept from its
    /// siblings: Long Integer 변수 fills it as well.
    func siblingFits(_ term: String, _ blanked: String) -> Bool {
        let key = KoreanText.compact(term)
        guard let k = material.concepts.indices.first(where: { material.concepts[$0].nameKeys.contains(key) }) else { return false }
        return !material.tellsFromSiblings(blanked, concept: k)
    }

    /// English options of the key's kind: no verb or plural form of a word the document writes
    /// bare ("Declares"), and when the sentence gives the blank a kind ("any data type", "a popular
    /// format") only names the document itself writes with that kind word ("The Variant type").
    /// Fewer than three leave the question to be written instead.
    func ofEnglishKind(_ pool: [(text: String, closeness: Double)], _ c: Candidate) -> [(text: String, closeness: Double)] {
        var out = material.isInflectedEnglish(c.answer) ? pool : pool.filter { !material.isInflectedEnglish($0.text) }
        if let kind = QuizText.kindWordNearBlank(passage(c)) {
            out = out.filter { material.describesAs($0.text, kind: kind) }
        }
        return out
    }

    /// Whether a 상 "which is true of it" question's key repeats more of the stem's words than any
    /// wrong option ("날짜 및 시간" in the stem, "Day, Month, Year 또는 Hour, …" the key).
    func stemPointsAtKey(_ c: Candidate, _ distractors: [String]) -> Bool {
        guard case .keyPoints = c.pool else { return false }
        return QuizText.stemPointsAtKey(stem: passage(c), key: c.answer, distractors: distractors)
    }

    /// Terms (compact) other than the answer that the document writes right beside the blank's
    /// neighbouring words: each fits the blank too.
    func rivalTerms(_ c: Candidate) -> Set<String> {
        guard let passageStart = c.prompt.range(of: "\n\n", options: .backwards) else { return [] }
        let passage = c.prompt[passageStart.upperBound...]
        guard let blank = passage.range(of: QuizText.blank) else { return [] }
        let neighbour = { (word: Substring?) -> String? in
            guard let word else { return nil }
            let key = QuizMaterial.stem(KoreanText.compact(String(word).trimmingCharacters(in: .punctuationCharacters)))
            // An English function word ("____ is a popular format") is every name's neighbour.
            return key.count >= 2 && !QuizText.functionWords.contains(key) && !QuizText.englishFunctionWords.contains(key)
                && !QuizText.shortEnglishFunctionWords.contains(key) ? key : nil
        }
        let before = passage[..<blank.lowerBound].last == " " ? neighbour(passage[..<blank.lowerBound].split(separator: " ").last) : nil
        let after = passage[blank.upperBound...].first == " " ? neighbour(passage[blank.upperBound...].split(separator: " ").first) : nil
        guard before != nil || after != nil else { return [] }
        let answerKeys = Set(([c.answer] + c.alternatives).map(KoreanText.compact))
        let others = material.termKeys.subtracting(answerKeys)
        var out = Set<String>()
        if let before { out.formUnion(material.keysWritten(others, beside: before, after: true)) }
        if let after { out.formUnion(material.keysWritten(others, beside: after, after: false)) }
        return out
    }

    /// Whether another concept's own text says most of what a "which concept is this" passage says.
    func otherConceptFits(_ c: Candidate) -> Bool {
        guard case .conceptNames = c.pool else { return false }
        return material.anotherConceptFits(c.source, besides: c.concept)
    }

    /// Whether the prompt shows a word of a multi-word answer that no distractor has ("…검증
    /// 파일이 반환하는 메시지" beside 서명 검증, 인증서, 체크섬): the word points at the key.
    func showsAnswerWord(_ c: Candidate, _ distractors: [String]) -> Bool {
        SlotChoice.showsAnswerWord(answerWordsShown(c), distractors)
    }

    /// The words of a key of two or more words that its prompt shows (compact).
    func answerWordsShown(_ c: Candidate) -> [String] {
        let words = c.answer.split(whereSeparator: \.isWhitespace).map { KoreanText.compact(String($0)) }.filter { $0.count >= 2 }
        guard words.count >= 2 else { return [] }
        let shown = KoreanText.compact(c.prompt.replacingOccurrences(of: QuizText.blank, with: " "))
        return words.filter { KoreanText.contains(shown, $0) }
    }
}
