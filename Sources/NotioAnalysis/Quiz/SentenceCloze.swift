import Foundation
import NotioCore
import Synchronization

/// A reader's own saved sentence with one or two of its content words blanked, for 오늘 복습:
/// "우리는 ____을 잃어버린 채 ____ 속을 걸었다". The words are chosen as the study space
/// chooses cloze blanks (`QuizText.isContentTerm`: no particles left on, no generic or UI
/// words), the particle stays in sight, and the choice depends only on the text, so the page
/// that asks and the request that answers agree without storing anything.
public struct SentenceCloze: Sendable, Equatable {
    /// The sentence with `blank` in place of each missing word.
    public var blanked: String
    /// The missing words, in reading order.
    public var answers: [String]

    /// The placeholder of a missing word (the study space's).
    public static let blank = QuizText.blank
    /// Sentences of this many words or more lose two words; shorter ones one.
    static let wordsForTwoBlanks = 8

    /// The cloze of `text`, or nil when no word of it can fairly be blanked (a sentence of one
    /// word, or only numbers and particles).
    public init?(_ text: String) {
        let source = KoreanText.nfc(text)
        let words = source.split(whereSeparator: \.isWhitespace)
        guard words.count >= 2 else { return nil }
        // Each word's core (without surrounding punctuation) and its stem without a particle.
        struct Candidate { var index: Int; var stem: Substring; var score: Int }
        var candidates: [Candidate] = []
        for (i, word) in words.enumerated() {
            guard let first = word.firstIndex(where: { $0.isLetter || $0.isNumber }),
                  let last = word.lastIndex(where: { $0.isLetter || $0.isNumber }) else { continue }
            let core = word[first...last]
            let stem = KoreanText.stripParticle(String(core))
            guard stem.count >= 2, QuizText.isContentTerm(stem), core.hasPrefix(stem) else { continue }
            // A word that carried a particle is a noun: what one remembers of a sentence first.
            let score = stem.count * 2 + (stem.count < core.count ? 3 : 0)
            candidates.append(Candidate(index: i, stem: core.prefix(stem.count), score: score))
        }
        let wanted = words.count >= Self.wordsForTwoBlanks ? 2 : 1
        var chosen: [Candidate] = []
        for c in candidates.sorted(by: { ($0.score, -$0.index) > ($1.score, -$1.index) }) where chosen.count < wanted {
            // Two blanks side by side leave nothing to recall them by.
            if chosen.contains(where: { abs($0.index - c.index) < 2 }) { continue }
            chosen.append(c)
        }
        guard !chosen.isEmpty else { return nil }
        chosen.sort { $0.index < $1.index }
        var out = source
        // From the end, so earlier ranges stay valid.
        for c in chosen.reversed() { out.replaceSubrange(c.stem.startIndex..<c.stem.endIndex, with: Self.blank) }
        blanked = out
        answers = chosen.map { String($0.stem) }
    }

    /// The cloze of `text` as `init` makes it, remembered: the review queue's count (on the home
    /// and in the study statistics) asks for the same few sentences on every request, and the
    /// word analysis was most of those requests' time. The cloze depends only on the text, so the
    /// text is the key; the table is emptied when full rather than kept in any order.
    public static func of(_ text: String) -> SentenceCloze? {
        if let known = remembered.withLock({ $0[text] }) { return known }
        let made = SentenceCloze(text)
        remembered.withLock { table in
            if table.count >= rememberedLimit { table.removeAll(keepingCapacity: true) }
            table[text] = .some(made)
        }
        return made
    }

    /// Clozes made so far by text (nil inside: a sentence without a word to blank).
    private static let remembered = Mutex<[String: SentenceCloze?]>([:])
    /// A day's queue asks for a handful of sentences per reader; this many covers many readers.
    static let rememberedLimit = 2_048

    /// Which typed words match the missing ones, forgiving spacing and case as the quiz does.
    public func grade(_ given: [String]) -> [Bool] {
        answers.enumerated().map { i, answer in
            i < given.count && AnswerMatcher().isCorrect(given: given[i], answer: answer)
        }
    }
}
