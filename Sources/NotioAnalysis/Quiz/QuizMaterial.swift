import Foundation
import NotioCore
import Synchronization

/// A note prepared once for quiz making: each concept's names, page, definition and sentences;
/// the pool of terms distractors and blanks are drawn from; cached bigrams for similarity.
struct QuizMaterial {
    struct ConceptEntry {
        var concept: Concept
        /// The name and the parts of "교착 상태(Deadlock)": every spelling to mask.
        var names: [String]
        /// `names` as compact keys.
        var nameKeys: [String]
        /// The name as shown in options ("교착 상태(Deadlock)" stays whole).
        var display: String
        var page: Int?
        /// Definition, else the first sentence of the summary.
        var definition: String?
        /// Key points first, then summary sentences: material for cloze and detail questions.
        var keySentences: [String]
        /// The other sentences of the concept's section in the document, which its card does not
        /// show: more to ask about, never the card's own (`sectionSentences(of:pages:)`).
        var sectionSentences: [String] = []
        /// Concepts this one mentions or is compared with.
        var related: Set<Int>
        /// Whether the compared things of the concept's table stand in its header row (after the
        /// first cell) rather than down its first column; see `QuizMaterial.thingsInColumns`.
        var thingsInColumns = false
        /// Whether the concept is named after the document's title: every sentence of the
        /// document is about it, so "which concept does this describe" and "which is true of it"
        /// have several right answers unless the passage names it.
        var coversDocument = false

        /// Whether the heading is a question ("커널이란 무엇인가요?"): an FAQ's sections are its
        /// questions, and "which section is this about" reads as "which question does it answer".
        var asksAQuestion: Bool {
            // "-까" too: a heading is never a statement that could end in it.
            PassageScore.asks(display) || display.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("까")
        }

        /// Whether the heading names what its section is about. A bill's or a report's part names
        /// (제안이유, 주요내용, 부칙) are layout, the same in every bill: no passage is "about" one.
        var namesATopic: Bool {
            !asksAQuestion && !ReportHeadings.partNames.contains(SectionFinder.compact(ReportHeadings.withoutPartNumber(display)))
        }
    }

    struct Term {
        var text: String
        var key: String
        /// The concept the term names or belongs to, when known.
        var concept: Int?
        /// Keyword group: terms of one keyword with its related terms share a group.
        var group: Int?
        /// A keyword's related term that names no concept: a word met beside a keyword ("해당
        /// 문서", "상자"), not one the note teaches. Never blanked, never offered for a blank.
        var isRelated = false
        /// A concept's name, a keyword or a compared thing: a term the note teaches, which a
        /// student may be asked to write (a related term is only met beside one).
        var isKeyTerm = false
    }

    var concepts: [ConceptEntry] = []
    var terms: [Term] = []
    /// The note's title, compact: a sentence naming it is true of the whole lecture.
    var titleKey = ""
    /// The title's words of two letters or more that are no numbering ("운영체제" of "운영체제 3장").
    var titleWords: [String] = []
    /// Spellings the document pairs in two scripts ("커널(kernel)"), by compact key.
    var scriptPairs: [String: [String]] = [:]
    /// Every term's key and every concept name's key.
    var termKeys = Set<String>()
    /// How many distinct key sentences the note has: what `sentenceCount` is measured against.
    var sentenceTotal = 0
    /// `sentenceCount` of every term.
    private var termSentenceCounts: [String: Int] = [:]
    private var bigramCache: [String: [String]] = [:]
    /// How often the document writes each word (`countWords`): to tell words the PDF glued or split.
    var documentWords: [String: Int] = [:]
    /// Nouns the document uses as verbs ("선언합니다", "검증할", "전송되는"): names of an activity.
    var verbalNouns: Set<String> = []
    /// The whole document, compact: to tell whether it writes a phrase somewhere.
    var documentText = SearchableText()
    /// Most of the document's letters are Hangul: a sentence left in English (an untranslated
    /// paragraph of a manual) is then no passage of its quizzes.
    var writesKorean = false
    /// The document's words in order, lower case, punctuation off: to tell what it writes beside a name.
    var documentTokens: [String] = []
    /// The places each term stands in the document, to tell terms of one kind.
    var contexts = TermContexts(tokens: [])
    /// `isFragment`'s answers so far. They depend on `termKeys` and `documentText` alone, which
    /// are set once here.
    let fragments = Memo<String, Bool>()

    init(analysis: NoteAnalysis, pages: [SourcePage]) {
        scriptPairs = ScriptPairs.find(in: pages)
        documentWords = Self.countWords(pages)
        verbalNouns = Self.verbalNouns(documentWords.keys)
        let wholeText = pages.map(\.text).joined(separator: " ")
        documentText = SearchableText(keys: KoreanText.compact(wholeText))
        writesKorean = QuizText.isMostlyHangul(wholeText)
        documentTokens = pages.flatMap { $0.text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init) }
        contexts = TermContexts(tokens: documentTokens)
        // Page keys are only needed for concepts without pages: computed once, on first need.
        var pageKeysCache: [(Int, String)]?
        func pageKeys() -> [(Int, String)] {
            if let pageKeysCache { return pageKeysCache }
            let keys = pages.map { ($0.number, KoreanText.compact($0.text)) }
            pageKeysCache = keys
            return keys
        }
        let titleKey = KoreanText.compact(analysis.title)
        self.titleKey = titleKey
        titleWords = analysis.title.split(separator: " ").map(String.init).filter { w in
            w.filter(\.isLetter).count >= 2 && !w.contains(where: \.isNumber)
        }
        for var concept in analysis.concepts where !KoreanText.compact(concept.name).isEmpty {
            concept.name = Self.withoutFullStop(concept.name)
            let (outside, inside) = AnswerMatcher.nameParts(concept.name)
            var names = [concept.name]
            if !inside.isEmpty { names.append(outside); names.append(contentsOf: inside) }
            // "실행 취소하기" is about 실행 취소: a passage that names the activity names the card.
            if let activity = Self.activityOf(concept.name) { names.append(activity) }
            names = names.filter { !KoreanText.compact($0).isEmpty }
            let nameKey = KoreanText.compact(outside.isEmpty ? concept.name : outside)
            let page = concept.pages.min() ?? pageKeys().first { KoreanText.contains($0.1, nameKey) }?.0
            let summarySentences = QuizText.sentences(concept.summary)
            let definition = concept.definition.flatMap { KoreanText.compact($0).count >= 6 ? $0 : nil } ?? summarySentences.first
            var seen = Set<String>()
            var sentences: [String] = []
            for s in concept.keyPoints.flatMap(QuizText.sentences) + summarySentences + [definition].compactMap({ $0 })
            where seen.insert(KoreanText.compact(s)).inserted {
                sentences.append(s)
            }
            concepts.append(ConceptEntry(concept: concept, names: names, nameKeys: names.map(KoreanText.compact), display: concept.name, page: page,
                                         definition: definition, keySentences: sentences, related: [], thingsInColumns: false,
                                         coversDocument: Self.isTitle(nameKey, titleKey)))
        }
        Self.addSectionSentences(to: &concepts, pages: pages)
        // Relations: a concept mentions another, or both stand in one comparison table.
        let nameKeys = concepts.map(\.nameKeys)
        for i in concepts.indices {
            let c = concepts[i].concept
            let text = KoreanText.compact(([c.summary, c.definition ?? ""] + c.keyPoints).joined(separator: " "))
            let tableText = KoreanText.compact(((c.comparison?.columns ?? []) + (c.comparison?.rows.flatMap { $0 } ?? [])).joined(separator: " "))
            for j in concepts.indices where j != i {
                if nameKeys[j].contains(where: { KoreanText.contains(text, $0) || KoreanText.contains(tableText, $0) }) {
                    concepts[i].related.insert(j)
                    concepts[j].related.insert(i)
                }
            }
        }
        // Terms: concept names, keywords with their related terms, compared things.
        var seenTerms = Set<String>()
        func add(_ text: String, concept: Int?, group: Int?, isRelated: Bool = false, isKeyTerm: Bool = true) {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let key = KoreanText.compact(trimmed)
            guard key.count >= 2, trimmed.count <= 24, seenTerms.insert(key).inserted else { return }
            terms.append(Term(text: trimmed, key: key, concept: concept, group: group, isRelated: isRelated, isKeyTerm: isKeyTerm))
        }
        for (i, entry) in concepts.enumerated() { add(entry.names.count > 1 ? entry.names[1] : entry.display, concept: i, group: nil) }
        // Keywords before any related term: a keyword that is also another's related term stays a keyword.
        for (g, keyword) in analysis.keywords.enumerated() {
            let owner = concepts.indices.first { nameKeys[$0].contains(KoreanText.compact(keyword.term)) }
            add(keyword.term, concept: owner, group: g)
        }
        for (g, keyword) in analysis.keywords.enumerated() {
            for related in keyword.relatedTerms {
                let owner = concepts.indices.first { nameKeys[$0].contains(KoreanText.compact(related)) }
                // A product or standard's name ("StarOffice", "OOXML") is a term wherever the keyword
                // list put it; only common words are merely met beside a keyword.
                // A related term of three letters or more ("체크섬", "서명 검증") may be a term of its
                // own; a short one ("상자", "비용") is a word met beside the keyword.
                add(related, concept: owner, group: g,
                    isRelated: owner == nil && !Self.isLatinName(related) && KoreanText.compact(related).count < 3, isKeyTerm: owner != nil)
            }
        }
        // The compared things of each table are terms too; its aspects ("장점", "단점") are not.
        let knownKeys = Set(terms.map(\.key) + concepts.flatMap(\.nameKeys))
        for (i, entry) in concepts.enumerated() {
            guard let table = entry.concept.comparison else { continue }
            concepts[i].thingsInColumns = Self.thingsInColumns(table, knownTerms: knownKeys)
            let things = concepts[i].thingsInColumns ? Array(table.columns.dropFirst()) : table.rows.compactMap(\.first)
            for thing in things { add(thing, concept: i, group: nil) }
        }
        termKeys = Set(terms.map(\.key) + concepts.flatMap(\.nameKeys))
        let sentenceKeys = Set(concepts.flatMap(\.keySentences).map(KoreanText.compact))
        sentenceTotal = sentenceKeys.count
        for term in terms {
            termSentenceCounts[term.key] = sentenceKeys.reduce(0) { $0 + (KoreanText.contains($1, term.key) ? 1 : 0) }
        }
        conceptTexts = concepts.map { entry in
            KoreanText.compact(([entry.concept.summary, entry.concept.definition ?? ""] + entry.concept.keyPoints).joined(separator: " "))
        }
        for term in terms where isContentTerm(term.text) {
            let owners = conceptTexts.indices.filter { KoreanText.contains(conceptTexts[$0], term.key) }
            if owners.count == 1 { distinctiveTerms[owners[0], default: []].append(term.key) }
        }
    }

    /// Each concept's summary, definition and key points as one compact text (`conceptText`).
    var conceptTexts: [String] = []

    /// Terms of the note that only one concept's text uses, by concept: a sentence with one of
    /// them belongs to that concept and no other.
    var distinctiveTerms: [Int: [String]] = [:]

    /// Whether a sentence can be told to belong to concept `index`: it names the concept, or uses
    /// a term that only this concept's text uses. Without either, "which concept is this about"
    /// has its answer only in the layout of the page ("데이터를 적합하도록 변환해야 합니다.").
    func singlesOut(_ sentence: String, concept index: Int) -> Bool {
        // A sentence without a subject is about the section it stands in (see `mayDescribe`).
        if QuizText.lacksSubject(sentence) { return true }
        let key = KoreanText.compact(sentence)
        if concepts[index].nameKeys.contains(where: { !$0.isEmpty && KoreanText.contains(key, $0) }) { return true }
        return (distinctiveTerms[index] ?? []).contains { KoreanText.contains(key, $0) }
    }

    /// The activity a heading of a nominalised verb names: "실행 취소하기" → 실행 취소, "타일 캐쉬
    /// 설정하는 방법" → 타일 캐쉬 설정; nil for other headings.
    static func activityOf(_ name: String) -> String? {
        for suffix in ["하기", "하는 방법", "하는 법"] where name.hasSuffix(suffix) {
            let rest = String(name.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            if KoreanText.compact(rest).count >= 2 { return rest }
        }
        return nil
    }

    /// Whether a term is one Latin word written as a name: an acronym ("OOXML") or a capital
    /// inside it ("StarOffice", "WebDAV").
    static func isLatinName(_ term: String) -> Bool {
        let t = term.trimmingCharacters(in: .whitespaces)
        guard t.count >= 3, t.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        return t.filter(\.isUppercase).count >= 2 && (t.dropFirst().contains(where: \.isUppercase))
    }

    /// A name without the full stop a sentence left on it ("Variant." → "Variant"); an
    /// abbreviation with inner stops ("e.g.") keeps it.
    static func withoutFullStop(_ name: String) -> String {
        let t = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard t.hasSuffix("."), t.filter({ $0 == "." }).count == 1, t.dropLast().last?.isLetter == true else { return name }
        return String(t.dropLast())
    }

    /// Whether a concept's name (compact) is the document's title, or the title
    /// contains the name as most of itself ("디지털 서명 사용" in "디지털 서명 사용 안내").
    static func isTitle(_ nameKey: String, _ titleKey: String) -> Bool {
        guard !nameKey.isEmpty, !titleKey.isEmpty else { return false }
        if nameKey == titleKey { return true }
        return KoreanText.contains(titleKey, nameKey) && nameKey.count * 3 >= titleKey.count * 2
    }

    /// Whether two concepts are variants of one thing: one name contains the other, or they
    /// share an English word that is not generic ("The Variant type", "Variant variable"). A
    /// variant offered beside the key is a second right option.
    func areVariants(_ i: Int, _ j: Int) -> Bool {
        let a = concepts[i], b = concepts[j]
        for x in a.nameKeys where !x.isEmpty {
            for y in b.nameKeys where !y.isEmpty && (KoreanText.contains(x, y) || KoreanText.contains(y, x)) { return true }
        }
        let words = { (entry: ConceptEntry) -> Set<String> in
            Set(entry.names.flatMap { $0.lowercased().split(whereSeparator: { !$0.isLetter || !$0.isASCII }) }.map(String.init)
                .filter { $0.count >= 4 && !Self.genericWords.contains($0) })
        }
        return !words(a).isDisjoint(with: words(b))
    }

    /// English words many different concepts' names share: sharing one says nothing.
    static let genericWords: Set<String> = ["type", "types", "variable", "variables", "data", "file", "files", "with", "from",
                                            "value", "values", "function", "functions", "method", "list", "mode", "format"]

    /// Whether a table compares the things named in its header row ("구분 | 프로세스 | 스레드")
    /// rather than those down its first column ("알고리즘 | 장점 | 단점" with a row per algorithm):
    /// the axis with more of the note's terms holds the things; with none on either, a header
    /// cell such as "구분" or "항목" says the things are the columns.
    static func thingsInColumns(_ table: ComparisonTable, knownTerms: Set<String>) -> Bool {
        let columnLabels = table.columns.dropFirst().map(KoreanText.compact)
        let rowLabels = table.rows.compactMap(\.first).map(KoreanText.compact)
        let columnShare = Double(columnLabels.filter(knownTerms.contains).count) / Double(max(columnLabels.count, 1))
        let rowShare = Double(rowLabels.filter(knownTerms.contains).count) / Double(max(rowLabels.count, 1))
        if columnShare != rowShare { return columnShare > rowShare }
        return ["구분", "항목", "비교", "비교항목", "기준", ""].contains(KoreanText.compact(table.columns.first ?? ""))
    }

    /// Each concept's section as the document prints it: from the line that is its heading to
    /// the next concept's heading, found in order (a heading is a short line that ends with the
    /// concept's name; a mention inside a sentence is not). Only where both ends are found, so a
    /// sentence is never given to a concept it does not belong to; the last concept's section
    /// ends with its last page. Questions and lines naming another concept (a table of
    /// contents) are no sentences to ask about.
    static func addSectionSentences(to concepts: inout [ConceptEntry], pages: [SourcePage]) {
        // The document's lines and paragraphs as the analysis reads them: lines a PDF breaks
        // inside a sentence joined, running headers and page numbers left out.
        let layout = TextLayout(ExtractedDocument(pages: pages))
        let keys = layout.lines.map { $0.isBreak ? "" : KoreanText.compact($0.text) }
        func headingLine(_ entry: ConceptEntry, after start: Int) -> Int? {
            guard let key = entry.nameKeys.first, key.count >= 2 else { return nil }
            let firstPage = entry.concept.pages.min() ?? 0
            return layout.lines.indices.dropFirst(start).first { i in
                layout.lines[i].page >= firstPage && keys[i].hasSuffix(key) && keys[i].count <= key.count + 12
            }
        }
        var starts: [Int?] = []
        var from = 0
        for entry in concepts {
            let found = headingLine(entry, after: from)
            starts.append(found)
            if let found { from = found + 1 }
        }
        let otherNames = concepts.map { $0.nameKeys.filter { $0.count >= 3 } }
        for i in concepts.indices {
            guard let start = starts[i] else { continue }
            let end: Int
            if i + 1 < concepts.count {
                guard let next = starts[i + 1] else { continue }
                end = next
            } else {
                let lastPage = concepts[i].concept.pages.max() ?? layout.lines[start].page
                end = (layout.lines.indices.last { layout.lines[$0].page <= lastPage } ?? start) + 1
            }
            guard start + 1 < end else { continue }
            var seen = Set(concepts[i].keySentences.map(KoreanText.compact))
            let others = otherNames.enumerated().filter { $0.offset != i }.flatMap(\.element)
            for (number, block) in layout.blocks.enumerated() where block.firstLine > start && block.firstLine < end && block.kind == .paragraph {
                // A block that goes on with a sentence the one before left open (across a page
                // break) starts with half a sentence; one that stops without a sentence's end (a
                // sign-off, a contact line, a line cut by the page) ends with one.
                let continues = number > 0 && !TextLayout.endsSentence(layout.blocks[number - 1].text)
                for (index, sentence) in SentenceSplitter.sentences(in: block.text).enumerated() {
                    let key = KoreanText.compact(sentence)
                    guard !(index == 0 && continues), TextLayout.endsSentence(sentence),
                          sentence.first.map({ $0.isLetter || $0.isNumber || "“\"'(".contains($0) }) == true,
                          !sentence.hasSuffix("?"), !others.contains(where: { KoreanText.contains(key, $0) }),
                          seen.insert(key).inserted else { continue }
                    concepts[i].sectionSentences.append(sentence)
                }
            }
        }
    }

    /// `alternatives` with the other-script spellings the document gives for `answer` or for any
    /// of them, each once.
    func withScriptPairs(_ answer: String, _ alternatives: [String]) -> [String] {
        var out = alternatives
        var seen = Set(([answer] + alternatives).map(KoreanText.compact))
        for text in [answer] + alternatives {
            for other in scriptPairs[KoreanText.compact(text)] ?? [] where seen.insert(KoreanText.compact(other)).inserted {
                out.append(other)
            }
        }
        return out
    }

    /// Whether a term of this note may be blanked or offered (`QuizText.isContentTerm`, with the
    /// note's own terms to catch a particle left on a shorter one: "큐에" beside "큐").
    func isContentTerm(_ text: String) -> Bool {
        QuizText.isContentTerm(text, knownTerms: termKeys)
    }

    /// In how many of the note's sentences a term (compact key) occurs: how rare it is here.
    func sentenceCount(_ key: String) -> Int { termSentenceCounts[key] ?? 0 }

    /// Whether a term stands in the sentence only inside a longer term of the note ("계수" in
    /// "결정 계수"): blanked, half a term would show.
    func isInsideLongerTerm(_ key: String, sentenceKey: String) -> Bool {
        termKeys.contains { $0.count > key.count && KoreanText.contains($0, key) && KoreanText.contains(sentenceKey, $0) }
    }

    /// Whether a passage, its blank aside, still names one of the note's terms: "____는 여러 가지
    /// 기능을 제공한다" is about nothing the note teaches, and anything could fill it.
    func anchorsBlank(_ blanked: String) -> Bool {
        let key = KoreanText.compact(blanked.replacingOccurrences(of: QuizText.blank, with: " "))
        return termKeys.contains { $0.count >= 2 && KoreanText.contains(key, $0) }
    }

    /// Whether a term is rare enough to blank: in at most a sixth of the note's sentences (two
    /// at least). A word on every line ("변수" in a lecture on variables) is guessed, not known.
    func isRare(_ key: String) -> Bool {
        sentenceCount(key) <= max(2, sentenceTotal / 6)
    }

    mutating func bigrams(_ text: String) -> [String] {
        if let cached = bigramCache[text] { return cached }
        let grams = KoreanText.bigrams(text)
        bigramCache[text] = grams
        return grams
    }

    mutating func similarity(_ a: String, _ b: String) -> Double {
        KoreanText.diceCoefficient(bigrams(a), bigrams(b))
    }
}

/// Answers kept by key, for a value that is costly to work out and asked for again and again.
final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let values = Mutex<[Key: Value]>([:])

    func value(for key: Key, _ make: (Key) -> Value) -> Value {
        if let known = values.withLock({ $0[key] }) { return known }
        let made = make(key)
        values.withLock { $0[key] = made }
        return made
    }
}

/// The material of the notes quizzed last, so that the second quiz of a note, at another level or
/// as the next round, does not read its document again: making the material (the section text
/// as the document prints it, the words and their counts) was over half of a quiz's time on a
/// book. Keyed by the note and its pages themselves, so a note analysed again is new material.
/// A few notes only: a reader studies one note at a time, and a book's material is megabytes.
enum RecentQuizMaterial {
    private struct Key: Hashable, Sendable {
        var analysis: NoteAnalysis
        var pages: [SourcePage]
    }
    static let capacity = 4
    private static let recent = Mutex<[(key: Key, material: QuizMaterial)]>([])

    static func material(analysis: NoteAnalysis, pages: [SourcePage]) -> QuizMaterial {
        let key = Key(analysis: analysis, pages: pages)
        if let found = recent.withLock({ list -> QuizMaterial? in
            guard let index = list.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = list.remove(at: index)
            list.append(entry)
            return entry.material
        }) { return found }
        let made = QuizMaterial(analysis: analysis, pages: pages)
        recent.withLock { list in
            list.removeAll { $0.key == key }
            list.append((key, made))
            if list.count > capacity { list.removeFirst(list.count - capacity) }
        }
        return made
    }
}
