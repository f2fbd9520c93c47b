import Foundation

/// A noun phrase of a tagged text: a maximal run of noun morphemes within an eojeol
/// ("선거관리위원회는" → "선거관리위원회"), continued across eojeols while the words before are bare
/// nouns on the same line ("국회 의원", "정보 공개 청구를" → "정보 공개 청구"). Phrases without a
/// content noun (NNG, NNP, SL, SH) are left out: "것", "3개", "제1" are no terms.
public struct NounPhrase: Sendable, Hashable {
    /// The phrase with one space between its words, however the text spaced them.
    public var text: String
    /// UTF-8 offsets of the phrase in the tagged text, from its first morpheme's start to its
    /// last one's end.
    public var start: Int
    public var end: Int
    public var morphemes: [Morpheme]

    public init(text: String, start: Int, end: Int, morphemes: [Morpheme]) {
        self.text = text; self.start = start; self.end = end; self.morphemes = morphemes
    }

    public func range(in text: String) -> Range<String.Index> {
        TextOffsets.range(start, end, in: text)
    }

    /// The noun phrases of a text's words (one text's `KoreanTagger` answer), in order.
    public static func phrases(in words: [TaggedWord]) -> [NounPhrase] {
        var phrases: [NounPhrase] = []
        var open: NounPhrase?

        func flush() {
            if let phrase = open, phrase.morphemes.contains(where: { Morpheme.contentNounTags.contains($0.tag) }) {
                phrases.append(phrase)
            }
            open = nil
        }

        for word in words {
            let runs = NounRuns.runs(in: word.morphemes)
            if runs.isEmpty { flush() }
            for (k, run) in runs.enumerated() {
                let morphemes = Array(word.morphemes[run])
                let surface = NounRuns.surface(of: word.morphemes[run], in: word)
                if k == 0, run.lowerBound == 0, !word.startsLine, var phrase = open {
                    phrase.text += " " + surface
                    phrase.end = morphemes.last!.end
                    phrase.morphemes += morphemes
                    open = phrase
                } else {
                    flush()
                    open = NounPhrase(text: surface, start: morphemes.first!.start, end: morphemes.last!.end, morphemes: morphemes)
                }
                // Only a bare noun word lets the phrase go on into the next word.
                if run != word.morphemes.indices { flush() }
            }
        }
        flush()
        return phrases
    }
}

/// Runs of noun morphemes inside one eojeol, the rule `TaggedWord.nounStem` and `NounPhrase` share.
enum NounRuns {
    /// Maximal runs of `Morpheme.nounTags`, each begun by a noun, a numeral, a foreign word, hanja
    /// or a prefix (not a suffix). A symbol between digits or foreign letters stays inside ("3.5",
    /// "TCP/IP"), as do the pluses and sharps after a foreign word ("C++", "C#"); between Korean
    /// nouns it ends the run ("입법·행정" is two nouns of a list).
    static func runs(in morphemes: [Morpheme]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        var i = 0
        while i < morphemes.count {
            let m = morphemes[i]
            if let s = start {
                if m.isNounLike || isInnerSymbol(at: i, in: morphemes) || isTrailingPlus(at: i, in: morphemes) {
                    i += 1
                    continue
                }
                runs.append(s..<i)
                start = nil
            }
            if m.isNounLike && m.tag != "XSN" { start = i }
            i += 1
        }
        if let s = start { runs.append(s..<morphemes.count) }
        return runs
    }

    private static let latinOrDigits: Set<String> = ["SL", "SN"]

    private static func isInnerSymbol(at i: Int, in morphemes: [Morpheme]) -> Bool {
        guard ["SY", "SC"].contains(morphemes[i].tag), i > 0, i + 1 < morphemes.count else { return false }
        return latinOrDigits.contains(morphemes[i - 1].tag) && latinOrDigits.contains(morphemes[i + 1].tag)
    }

    private static func isTrailingPlus(at i: Int, in morphemes: [Morpheme]) -> Bool {
        guard morphemes[i].tag == "SY", i > 0, morphemes[i - 1].tag == "SL" else { return false }
        return morphemes[i].surface.allSatisfy { $0 == "+" || $0 == "#" }
    }

    /// The run as written in the word (it is contiguous: a word has no spaces).
    static func surface(of run: ArraySlice<Morpheme>, in word: TaggedWord) -> String {
        guard let first = run.first, let last = run.last else { return "" }
        let utf8 = word.text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: first.start - word.start)
        let to = utf8.index(utf8.startIndex, offsetBy: last.end - word.start)
        return String(word.text[from..<to])
    }
}
