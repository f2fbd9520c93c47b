import Foundation

/// One eojeol (a word between spaces) of a tagged text, with its morphemes in order.
/// Offsets are UTF-8 offsets into the tagged text, as in `Morpheme`.
public struct TaggedWord: Codable, Sendable, Hashable {
    /// The eojeol as written: "선거관리위원회는".
    public var text: String
    public var start: Int
    public var end: Int
    /// The first word of its line: nothing but spaces before it since the text's start or a line
    /// break. Noun phrases do not run across a line break.
    public var startsLine: Bool
    /// Cover the word from start to end; each lies inside it.
    public var morphemes: [Morpheme]

    public init(text: String, start: Int, end: Int, startsLine: Bool, morphemes: [Morpheme]) {
        self.text = text; self.start = start; self.end = end; self.startsLine = startsLine; self.morphemes = morphemes
    }

    public func range(in text: String) -> Range<String.Index> {
        TextOffsets.range(start, end, in: text)
    }

    /// The word's leading noun run as written: "선거관리위원회는" → "선거관리위원회", "권리와" → "권리",
    /// "제12조에" → "제12조", "TCP/IP를" → "TCP/IP"; nil when the word does not begin with a noun
    /// (a verb, an adverb, an ending).
    public var nounStem: String? {
        guard let run = NounRuns.runs(in: morphemes).first, run.lowerBound == 0 else { return nil }
        return NounRuns.surface(of: morphemes[run], in: self)
    }

    /// The word's noun runs that name something (a content noun in them), as written ("입법·행정을"
    /// → 입법, 행정; "사용하기" → 사용; "3개의" and "가진다" → none), each with whether the word uses
    /// it as the stem of a verb or an adjective (a 하다/되다 suffix after it: "포함하여", "필요한",
    /// "설치된") rather than as a noun (bare, or a particle, the copula or a symbol after it:
    /// "포함은", "설치").
    public var contentNounUses: [(noun: String, isVerbStem: Bool)] {
        NounRuns.runs(in: morphemes).compactMap { run in
            guard morphemes[run].contains(where: { Morpheme.contentNounTags.contains($0.tag) }) else { return nil }
            let next = run.upperBound < morphemes.count ? morphemes[run.upperBound].tag : ""
            return (NounRuns.surface(of: morphemes[run], in: self), next.hasPrefix("XSV") || next.hasPrefix("XSA"))
        }
    }

    /// The word's first lexical morpheme that is no noun, in the dictionary's form ("가진다" →
    /// 가지, "빠르게" → 빠르): what a verb, an adjective or an adverb is known by whatever ending
    /// it carries. Nil for a word of nouns, particles, endings and symbols only.
    public var lexicalStem: String? {
        guard let m = morphemes.first(where: { m in ["V", "M", "X", "I"].contains(m.tag.prefix(1)) && m.tag != "XSN" && m.tag != "XPN" }) else { return nil }
        return m.parts?.first?.form ?? m.surface
    }

    /// Whether the whole word is a noun run, with no particle or ending: "국회", "정보", "제12조".
    public var isBareNoun: Bool {
        guard let run = NounRuns.runs(in: morphemes).first else { return false }
        return run == morphemes.indices
    }

    /// Spaces between words: Unicode's White_Space (U+00A0, U+3000 and line breaks too) and
    /// control characters, which are no letters of any word.
    public static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v == 0x20 { return true }
        if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
        return v >= 0x80 && scalar.properties.isWhitespace
    }

    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// The eojeols of `text` with the morphemes that lie in them (sorted by `start`, as a tagger
    /// gives them). Every tagger of this protocol builds its words here, so the split is one rule.
    public static func words(of text: String, morphemes: [Morpheme]) -> [TaggedWord] {
        var words: [TaggedWord] = []
        var next = 0  // the first morpheme not yet placed
        var offset = 0
        var wordStart: Int?
        var lineBreakSeen = true
        var startsLine = true

        func close(at end: Int) {
            guard let start = wordStart else { return }
            var inWord: [Morpheme] = []
            // A morpheme that began before this word (none does with a tagger that skips spaces)
            // is dropped rather than put in the wrong word.
            while next < morphemes.count && morphemes[next].start < start { next += 1 }
            while next < morphemes.count && morphemes[next].start < end {
                inWord.append(morphemes[next])
                next += 1
            }
            words.append(TaggedWord(text: String(text[TextOffsets.range(start, end, in: text)]), start: start, end: end,
                                    startsLine: startsLine, morphemes: inWord))
            wordStart = nil
        }

        for scalar in text.unicodeScalars {
            if isSeparator(scalar) {
                close(at: offset)
                if isLineBreak(scalar) { lineBreakSeen = true }
            } else if wordStart == nil {
                wordStart = offset
                startsLine = lineBreakSeen
                lineBreakSeen = false
            }
            offset += UTF8.width(scalar)
        }
        close(at: offset)
        return words
    }
}
