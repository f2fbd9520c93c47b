import Foundation
import NotioCore

/// The options a blank may take, to be chosen by how well each fits it: the terms the chooser
/// (`QuizMaker.distractors(for:)`) found of the key's kind, written into the sentence in the
/// key's place and scored by a language model of Korean (`KoreanLanguageModel`).
///
/// The chooser knows the note: which terms are of the key's kind, which are written where the
/// key is written. It cannot know the language: that 발생하다 takes 비용 and 육아휴직자 for its
/// subject and not 초등학교, that "국무총리의 ____으로 임명한다" takes 제청 and not 국민. A
/// reader strikes such options out without knowing the subject; a model of how Korean is written
/// strikes them out first, on any document, with no rule of its own.
struct SlotChoice {
    /// The options offered to the model: the chooser's first eight, ranked as it ranks them.
    static let candidateCount = 8
    /// An option this much less likely in the blank than the key (natural log) is one a reader
    /// strikes out unread: about what 국민 loses to 제청 in "국무총리의 ____으로 대통령이 임명한다"
    /// (15.8), more than 추천 does (4.9).
    static let misfit = 10.0
    /// An option this much likelier in the blank than the key (natural log) may be right too
    /// (the blank fits it better than its own word): 하 offers it only when nothing else is left.
    static let likelierThanKey = 2.0

    /// The sentence with its blanks or masks (the prompt's passage).
    let passage: String
    let answer: String
    /// The options the chooser found, in its order; its first three are the question's.
    let candidates: [String]
    /// Words of a key of two or more words that the prompt shows (`QuizMaker.answerWordsShown`):
    /// some option must carry each, or the word points at the key.
    let shownAnswerWords: [String]
    /// When the prompt writes its particle for the key alone ("____이"), the options must take
    /// it too; nil when it is written both ways ("____이(가)") or there is none.
    let keyEndsInConsonant: Bool?
    /// The question written (a short answer), when its key can be written: asked so when no
    /// three options fit the blank, where four choices would give the key away.
    var written: Question?

    /// nil when the prompt has no blank or mask to write the options into.
    init?(prompt: String, answer: String, candidates: [String], shownAnswerWords: [String]) {
        let passage = QuizText.passage(of: prompt)
        guard passage.contains(QuizText.blank) || passage.contains(QuizText.nameMask) else { return nil }
        self.passage = passage
        self.answer = answer
        self.candidates = candidates
        self.shownAnswerWords = shownAnswerWords
        keyEndsInConsonant = QuizText.hasParticleAfterMarker(passage) && QuizText.withNeutralParticle(passage) != passage
            ? QuizText.hasFinalConsonant(answer) : nil
    }

    /// Words either side of the blanks that the model reads: what decides whether a word fits a
    /// blank stands within a clause of it, and the model's time grows with the text (a law's
    /// sentence of 150 letters takes it three times as long as its 40 around the blank).
    static let contextWords = 6

    /// The passage with the key, then with each candidate, in its blanks, cut to `contextWords`
    /// either side: what the model scores.
    var sentences: [String] {
        let window = Self.window(of: passage)
        return ([answer] + candidates).map { QuizText.filled(window, with: $0) }
    }

    /// `passage` from the sixth word before its first blank or mask to the sixth after its last.
    static func window(of passage: String) -> String {
        let words = passage.split(whereSeparator: \.isWhitespace)
        let marked = words.indices.filter { words[$0].contains(QuizText.blank) || words[$0].contains(QuizText.nameMask) }
        guard let first = marked.first, let last = marked.last else { return passage }
        return words[max(0, first - contextWords)...min(words.count - 1, last + contextWords)].joined(separator: " ")
    }

    /// Three options for the blank by the model's `likelihoods` of `sentences`: those likeliest in
    /// it, so that none is struck out unread. 하 keeps away from options likelier than the key
    /// (`likelierThanKey`) while it has others. nil when no three go together (nested terms, a
    /// shown word of the key no option carries): the chooser's own three stand.
    func distractors(likelihoods: [Double], difficulty: Difficulty) -> [String]? {
        guard likelihoods.count == candidates.count + 1 else { return nil }
        let key = likelihoods[0]
        var ranked = candidates.indices.filter { index in
            keyEndsInConsonant.map { QuizText.hasFinalConsonant(candidates[index]) == $0 } ?? true
        }
        // Stable on ties: the chooser's order decides between options the model cannot tell apart.
        ranked.sort { (likelihoods[$0 + 1], -$0) > (likelihoods[$1 + 1], -$1) }
        if difficulty == .easy {
            let likelier = ranked.filter { likelihoods[$0 + 1] - key > Self.likelierThanKey }
            ranked = ranked.filter { !likelier.contains($0) } + likelier
        }
        var chosen: [String] = []
        for index in ranked where chosen.count < 3 {
            let option = KoreanText.compact(candidates[index])
            // Terms nested in one another ("서명", "디지털 서명") are both right or both wrong.
            if chosen.contains(where: { KoreanText.contains(KoreanText.compact($0), option) || KoreanText.contains(option, KoreanText.compact($0)) }) { continue }
            chosen.append(candidates[index])
        }
        guard chosen.count == 3, !Self.showsAnswerWord(shownAnswerWords, chosen) else { return nil }
        return OptionType.isOddOneOut(answer: answer, beside: chosen) ? nil : chosen
    }

    /// `question` with the options its blank takes best (`distractors(likelihoods:difficulty:)`);
    /// written as a short answer when even those are misfits (`misfit`) and it can be; as it
    /// was when nothing better exists.
    func rechosen(_ question: Question, likelihoods: [Double], difficulty: Difficulty) -> Question {
        guard let distractors = distractors(likelihoods: likelihoods, difficulty: difficulty) else { return question }
        let fits = distractors.map { option in likelihoods[1 + candidates.firstIndex(of: option)!] }
        if let written, fits.allSatisfy({ likelihoods[0] - $0 > Self.misfit }) { return written }
        var question = question
        question.replaceDistractors(with: distractors)
        return question
    }

    /// Whether one of `words` (a key's words the prompt shows) is in no distractor.
    static func showsAnswerWord(_ words: [String], _ distractors: [String]) -> Bool {
        let distractorKeys = distractors.map(KoreanText.compact)
        return words.contains { word in !distractorKeys.contains { KoreanText.contains($0, word) } }
    }
}

extension Question {
    /// The question with `distractors` in place of its wrong options, each where one stood: the
    /// key keeps its place.
    mutating func replaceDistractors(with distractors: [String]) {
        guard kind == .choice, let correctIndex else { return }
        var next = distractors.makeIterator()
        for index in options.indices where index != correctIndex {
            guard let distractor = next.next() else { return }
            options[index] = distractor
        }
    }
}
