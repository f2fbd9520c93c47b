import Foundation

/// One morpheme of a Korean text as the morphological analyser (MeCab with mecab-ko-dic) cut it.
///
/// Offsets are **UTF-8 offsets** into the text that was tagged, `start..<end`: MeCab's own unit,
/// and turned into a `String.Index` in constant time (`range(in:)`). The surface is always the
/// text between them, unchanged.
public struct Morpheme: Codable, Sendable, Hashable {
    /// The text as written: "선거관리위원회", "는", "大統領", "가진다".
    public var surface: String
    /// The dictionary's part of speech, a Sejong tag: NNG common noun, NNP proper noun, NNB and
    /// NNBC dependent nouns (것, 개), NR numeral, NP pronoun, VV verb, VA adjective, VX auxiliary,
    /// VCP/VCN copulas (이다/아니다), MM determiner, MAG/MAJ adverbs, IC interjection, JKS/JKC/JKG/
    /// JKO/JKB/JKV/JKQ case particles, JX auxiliary particle, JC conjunctive particle, EP/EF/EC/
    /// ETN/ETM endings, XPN prefix, XSN/XSV/XSA suffixes, XR root, SF/SE/SS*/SC/SY punctuation and
    /// symbols, SL foreign letters, SH hanja, SN digits. A form the dictionary keeps fused joins
    /// its parts' tags with "+": "가진다" is `VV+EF`, "걸" `NNB+JKO`.
    public var tag: String
    public var start: Int
    public var end: Int
    /// How the dictionary reads the surface, when that is not the surface itself: 大統領 → 대통령.
    public var reading: String?
    /// What the dictionary says a compound or a fused form is made of: 선거관리위원회 →
    /// 선거/NNG 관리/NNG 위원/NNG 회/NNG; 가진다 → 가지/VV ᆫ다/EF (a verb's stem is its first part).
    /// Nil for a simple morpheme.
    public var parts: [Part]?

    /// A piece of a compound or fused morpheme, in the dictionary's spelling.
    public struct Part: Codable, Sendable, Hashable {
        public var form: String
        public var tag: String

        public init(form: String, tag: String) {
            self.form = form
            self.tag = tag
        }
    }

    public init(surface: String, tag: String, start: Int, end: Int, reading: String? = nil, parts: [Part]? = nil) {
        self.surface = surface; self.tag = tag; self.start = start; self.end = end
        self.reading = reading; self.parts = parts
    }

    /// The morpheme's place in `text`, the text it was tagged in.
    public func range(in text: String) -> Range<String.Index> {
        TextOffsets.range(start, end, in: text)
    }

    /// Tags of nouns and of what builds noun phrases with them (prefixes, noun suffixes, digits,
    /// foreign words, hanja).
    public static let nounTags: Set<String> = ["NNG", "NNP", "NNB", "NNBC", "NR", "SN", "SL", "SH", "XPN", "XSN"]
    /// Tags that give a noun phrase its content: a phrase of only dependent nouns, numerals or
    /// affixes (것, 수, 3개) is no term.
    public static let contentNounTags: Set<String> = ["NNG", "NNP", "SL", "SH"]

    /// A noun, or a piece that forms one with nouns (see `nounTags`).
    public var isNounLike: Bool { Self.nounTags.contains(tag) }

    /// The parts of mecab-ko-dic's expression field, "선거/NNG/*+관리/NNG/*" (`*` when empty).
    public static func parts(ofExpression expression: String) -> [Part]? {
        guard expression != "*", !expression.isEmpty else { return nil }
        let parts = expression.split(separator: "+").compactMap { piece -> Part? in
            let fields = piece.split(separator: "/", omittingEmptySubsequences: false)
            guard fields.count >= 2, !fields[0].isEmpty else { return nil }
            return Part(form: String(fields[0]), tag: String(fields[1]))
        }
        return parts.isEmpty ? nil : parts
    }
}

/// UTF-8 offsets and `String.Index` (constant time on Swift's native UTF-8 strings).
public enum TextOffsets {
    public static func index(_ offset: Int, in text: String) -> String.Index {
        text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    }

    public static func range(_ start: Int, _ end: Int, in text: String) -> Range<String.Index> {
        index(start, in: text)..<index(end, in: text)
    }

    /// The UTF-8 offset of `index` in `text`.
    public static func offset(of index: String.Index, in text: String) -> Int {
        text.utf8.distance(from: text.utf8.startIndex, to: index)
    }
}
