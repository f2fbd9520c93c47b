import Foundation
import NotioCore

/// One run of the offline analysis over one document.
struct OfflineAnalysis {
    static let candidateSentences = 60
    /// At most this many keywords per note: a teacher's list of terms, not an index.
    static let keywordCount = 12

    struct Sentence {
        var text: String
        var terms: [Int]
        /// The tagger's words of `text`, when the analysis has a tagger.
        var words: [TaggedWord]?
        var isBullet: Bool
        var page: Int
        /// `isProse(text)`, computed once: the candidate and definition searches both ask.
        var isProse: Bool
    }

    let document: ExtractedDocument
    let layout: TextLayout
    let sections: [Section]
    let firstHeading: String?
    let vocabulary = TermVocabulary()
    let pageTexts: [Int: String]

    init(document: ExtractedDocument) {
        self.document = document
        var layout = TextLayout(document)
        let plan = SectionFinder.plan(of: document, layout: layout)
        layout.markHeadings(plan)
        self.layout = layout
        self.sections = plan.sections
        self.firstHeading = plan.firstHeading
        self.pageTexts = Dictionary(document.pages.map { ($0.number, $0.text) }, uniquingKeysWith: { first, _ in first })
    }

    /// A sentence of a section before its words are read: a block's sentence, or a bullet whole.
    struct Piece {
        var text: String
        var isBullet: Bool
        var page: Int
    }

    /// Each section's sentences in order.
    func pieces() -> [[Piece]] {
        var blockIndex = 0
        var out: [[Piece]] = []
        for section in sections {
            while blockIndex > 0, layout.blocks[blockIndex - 1].firstLine >= section.lines.lowerBound { blockIndex -= 1 }
            while blockIndex < layout.blocks.count, layout.blocks[blockIndex].firstLine < section.lines.lowerBound { blockIndex += 1 }
            var pieces: [Piece] = []
            var index = blockIndex
            while index < layout.blocks.count, layout.blocks[index].firstLine < section.lines.upperBound {
                let block = layout.blocks[index]
                for text in block.kind == .bullet ? [block.text] : SentenceSplitter.sentences(in: block.text) {
                    pieces.append(Piece(text: text, isBullet: block.kind == .bullet, page: block.page))
                }
                index += 1
            }
            out.append(pieces)
        }
        return out
    }

    /// The analysis of `pieces` (`pieces()`); `tagged`, when given, holds the tagger's words of
    /// every piece in order (sections one after the other), and terms are then read from the
    /// tags; without it, from the particle lists of `TermVocabulary`.
    func run(pieces: [[Piece]], tagged: [[TaggedWord]]? = nil, progress: AnalysisProgress) throws -> NoteAnalysis {
        let title = TitleFinder.title(of: document, layout: layout, firstHeading: firstHeading)
        try Task.checkCancellation()
        progress(0.1)

        // Sentences and terms of each section.
        if tagged == nil { vocabulary.learnNouns(from: layout.blocks.map(\.text)) }
        var sectionSentences: [[Sentence]] = []
        var next = 0
        for section in pieces {
            sectionSentences.append(section.map { piece in
                defer { next += 1 }
                let words = tagged.map { $0[next] }
                return Sentence(text: piece.text, terms: words.map(vocabulary.terms(of:)) ?? vocabulary.terms(piece.text), words: words,
                                isBullet: piece.isBullet, page: piece.page, isProse: Self.isProse(piece.text))
            })
        }
        TermPhrases.add(to: &sectionSentences, vocabulary: vocabulary)
        try Task.checkCancellation()
        progress(0.3)

        let weights = TermWeights(sections: sectionSentences.map { $0.map(\.terms) }, vocabularySize: vocabulary.count)

        var concepts: [Concept] = []
        var pageCache: [Int: String] = [:]
        for (number, section) in sections.enumerated() {
            try Task.checkCancellation()
            // A document without headings is one card named after the document, not "Section 1".
            let untitled = section.title.isEmpty && sections.count == 1 && !title.isEmpty
            let concept = makeConcept(untitled ? Section(title: title, lines: section.lines) : section, number: number,
                                      sentences: sectionSentences[number], weights: weights, pageCache: &pageCache)
            if let concept { concepts.append(concept) }
            progress(0.3 + 0.6 * Double(number + 1) / Double(sections.count))
        }
        let keywords = KeywordPicker(vocabulary: vocabulary, weights: weights, sections: sectionSentences.map { $0.map(\.terms) })
            .keywords(count: Self.keywordCount)
        return NoteAnalysis(title: title, concepts: concepts, keywords: keywords)
    }

    /// Key points a card keeps: five when the document has many sections, up to twelve when it
    /// has few (a bill's three parts, a two-page FAQ), so that a short document still has
    /// enough of its text on its cards to study and to be asked about.
    var keyPointLimit: Int { max(5, min(12, 40 / max(1, sections.count))) }

    private func makeConcept(_ section: Section, number: Int, sentences: [Sentence], weights: TermWeights, pageCache: inout [Int: String]) -> Concept? {
        let pages = pageRange(section)
        let name = Self.conceptName(section.title, fallback: number)
        let candidates = sentenceCandidates(sentences, weights: weights)
        let order = SentenceRanker.rank(candidates.map { Array(Set(sentences[$0].terms)).sorted() }).map { candidates[$0] }
        // Two to four sentences where the section has them: enough to say what it is about.
        let summaryCount = candidates.count >= 30 ? 4 : candidates.count >= 8 ? 3 : 2
        let summaryIndices = order.filter { !sentences[$0].isBullet }.prefix(summaryCount).sorted()

        var keyPoints: [String] = []
        let bullets = sentences.indices.filter { sentences[$0].isBullet && Self.isKeyPointLike(sentences[$0].text) }
        if bullets.count >= 3 {
            let ranked = Set(order.filter { sentences[$0].isBullet }.prefix(5))
            let chosen = ranked.count >= 3 ? ranked.sorted() : Array(bullets.prefix(5))
            keyPoints = chosen.map { sentences[$0].text }
        }
        if keyPoints.count < 3 {
            for index in order where !summaryIndices.contains(index) && sentences[index].text.count <= 180 && !keyPoints.contains(sentences[index].text) {
                keyPoints.append(sentences[index].text)
                if keyPoints.count >= keyPointLimit { break }
            }
        }
        if keyPoints.count < 3 {
            for index in summaryIndices where !keyPoints.contains(sentences[index].text) && keyPoints.count < 3 { keyPoints.append(sentences[index].text) }
        }

        // Everything shown must be a run of the pages' text; a sentence that is not (a line lost as a
        // page header, say) is left out rather than shown changed.
        let pageText = normalisedText(of: pages, cache: &pageCache)
        let summaryText = summaryIndices.map { sentences[$0].text }.filter { pageText.utf8Contains($0) }.joined(separator: " ")
        keyPoints = keyPoints.filter { pageText.utf8Contains($0) }
        let definition = bestDefinition(sentences, conceptName: name, weights: weights).flatMap { pageText.utf8Contains($0) ? $0 : nil }
        let comparison = ComparisonFinder.table(lines: layout.lines[section.lines], sentences: sentences.map(\.text))
        // A section that is only a table (a bill's 신·구조문대비표) is a card for its table.
        if summaryText.isEmpty && keyPoints.isEmpty && definition == nil && comparison == nil { return nil }
        return Concept(id: "concept-\(number + 1)", name: name, summary: summaryText, definition: definition,
                       keyPoints: Array(keyPoints.prefix(max(6, keyPointLimit))), comparison: comparison, pages: pages)
    }

    /// `Whitespace.normalised(KoreanText.nfc(pages' texts joined with "\n"))`, built from each page's
    /// normalised text, which is computed once (sections share pages). The same string: NFC never
    /// composes across a newline, and a newline between two pages becomes one space between their
    /// normalised texts, or nothing when either is empty.
    private func normalisedText(of pages: [Int], cache: inout [Int: String]) -> String {
        var parts: [String] = []
        for page in pages {
            guard let raw = pageTexts[page] else { continue }
            let text: String
            if let cached = cache[page] { text = cached } else {
                text = Whitespace.normalised(KoreanText.nfc(raw))
                cache[page] = text
            }
            if !text.isEmpty { parts.append(text) }
        }
        return parts.joined(separator: " ")
    }

    private func pageRange(_ section: Section) -> [Int] {
        let content = section.lines.filter { !layout.lines[$0].isBreak }
        guard let first = content.first.map({ layout.lines[$0].page }), let last = content.last.map({ layout.lines[$0].page }) else {
            return section.lines.first.map { [layout.lines[$0].page] } ?? []
        }
        return Array(first...last)
    }

    /// Prose sentences worth ranking; at most `candidateSentences`, the ones with the weightiest words.
    private func sentenceCandidates(_ sentences: [Sentence], weights: TermWeights) -> [Int] {
        let usable = sentences.indices.filter { sentences[$0].isProse && sentences[$0].terms.count >= 3 }
        guard usable.count > Self.candidateSentences else { return usable }
        let scored = usable.map { index -> (Int, Double) in
            let terms = Set(sentences[index].terms)
            let total = terms.reduce(0.0) { $0 + weights.idf[$1] }
            return (index, total / sqrt(Double(sentences[index].terms.count)))
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(Self.candidateSentences).map(\.0).sorted()
    }

    /// The first sentence of the section that defines the concept: its name, or the term the
    /// section is about (the defined term used at least three times in the section, as "R" in an
    /// introduction to R). A sentence that defines something else is no definition of this concept.
    private func bestDefinition(_ sentences: [Sentence], conceptName: String, weights: TermWeights) -> String? {
        var aboutTerm: String?
        for sentence in sentences where sentence.isProse {
            guard let term = DefinitionFinder.definedTerm(in: sentence.text) else { continue }
            if DefinitionFinder.defines(term, concept: conceptName) { return sentence.text }
            if aboutTerm == nil, isSubject(term, of: sentences) { aboutTerm = sentence.text }
        }
        return aboutTerm
    }

    /// Whether the section is about a term: it is mentioned in three sentences or more, and at
    /// least half as often as the section's most mentioned keyword candidate.
    private func isSubject(_ term: String, of sentences: [Sentence]) -> Bool {
        let ids = vocabulary.terms(term)
        guard !ids.isEmpty, ids.count <= 3 else { return false }
        var mentions: [Int: Int] = [:]
        for sentence in sentences { for id in Set(sentence.terms) { mentions[id, default: 0] += 1 } }
        let own = ids.map { mentions[$0] ?? 0 }.min() ?? 0
        let most = mentions.filter { vocabulary.isCandidate[$0.key] }.values.max() ?? 0
        return own >= 3 && 2 * own >= most
    }

    // MARK: Text checks

    /// A sentence, not code or a table row: mostly letters, few symbols, not too short or long.
    static func isProse(_ text: String) -> Bool {
        // Fewer than 12 bytes is fewer than 12 characters: too short either way.
        guard text.utf8.count >= 12 else { return false }
        let count = text.count
        let korean = KoreanText.containsHangul(text)
        guard count >= (korean ? 12 : 25), count <= 320 else { return false }
        var letters = 0, symbols = 0
        for scalar in text.unicodeScalars {
            // ASCII and Hangul syllables answered directly; Unicode properties are slow to look up.
            let v = scalar.value
            if v < 0x80 {
                let folded = v | 0x20
                if folded >= 0x61 && folded <= 0x7A { letters += 1 } else if isSymbol(UInt8(v)) { symbols += 1 }
            } else if v >= 0xAC00 && v <= 0xD7A3 || scalar.properties.isAlphabetic {
                letters += 1
            }
        }
        if text.first?.isLowercase == true && !korean { return false }
        // A whole sentence, not a piece cut off by a page break or a formula.
        let ending = text.reversed().drop { "\"'”’)]0123456789".contains($0) }.first
        guard let ending, ".?!。".contains(ending) || ending == "다" || ending == "요" else { return false }
        if text.hasPrefix(">") || text.utf8Contains("<-") || text.utf8Contains(" > ") || text.utf8Contains("()") || text.utf8Contains(" = ") { return false }
        let scalars = text.unicodeScalars.count
        return Double(letters) >= 0.6 * Double(scalars) * (korean ? 0.8 : 1) && Double(symbols) <= 0.05 * Double(scalars)
    }

    /// One of `<>{}[]()=$#\_~^|;*&%@` (all ASCII).
    @inline(__always)
    private static func isSymbol(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "="), UInt8(ascii: "$"), UInt8(ascii: "#"), UInt8(ascii: "\\"),
             UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "^"), UInt8(ascii: "|"), UInt8(ascii: ";"), UInt8(ascii: "*"),
             UInt8(ascii: "&"), UInt8(ascii: "%"), UInt8(ascii: "@"):
            return true
        default:
            return false
        }
    }

    static func isKeyPointLike(_ text: String) -> Bool {
        text.count >= 6 && text.count <= 200 && text.filter(\.isLetter).count * 2 >= text.count
    }

    /// The section title without its number: "1.2 Vectors" → "Vectors", "제 3 장 프로세스" → "프로세스".
    static func conceptName(_ title: String, fallback: Int) -> String {
        var name = title
        for prefix in ["Chapter ", "CHAPTER ", "Appendix ", "Lecture ", "Part "] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count).drop { $0.isNumber || $0.isUppercase && $0.isASCII }
            let trimmed = rest.drop { $0 == ":" || $0 == "." || $0 == " " }
            if !trimmed.isEmpty, rest.count < name.count - prefix.count { name = String(trimmed) }
        }
        let numbered = name.prefix { $0.isNumber || $0 == "." }
        if !numbered.isEmpty, name.dropFirst(numbered.count).first == " " { name = String(name.dropFirst(numbered.count + 1)) }
        // "10장. 데비안 및 커널": a chapter numbered without 제.
        if let first = name.first, first.isNumber, let 장 = name.firstIndex(where: { "장절관편강".contains($0) }),
           name[..<장].allSatisfy(\.isNumber), case let rest = name[name.index(after: 장)...].drop(while: { $0 == "." || $0 == " " }), !rest.isEmpty {
            name = String(rest)
        }
        if name.hasPrefix("제"), let 장 = name.firstIndex(where: { "장절관편강".contains($0) }), name.distance(from: name.startIndex, to: 장) <= 5 {
            let rest = name[name.index(after: 장)...].trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty { name = rest }
        }
        name = name.trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? "Section \(fallback + 1)" : name
    }
}
