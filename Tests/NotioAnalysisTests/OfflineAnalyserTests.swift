import Foundation
import NotioCore
import Testing
@testable import NotioAnalysis

@Suite struct OfflineAnalyserTests {
    /// What the text must contain verbatim: every definition, summary sentence, key point, keyword and related term.
    func expectVerbatim(_ analysis: NoteAnalysis, in document: ExtractedDocument) {
        let whole = OfflineFixtures.searchableText(document)
        let text = Verbatim(text: whole)
        for concept in analysis.concepts {
            let found = text.containsSentences(OfflineFixtures.normalised(concept.summary))
            #expect(found, "summary of \(concept.name): \(concept.summary)")
            if let definition = concept.definition {
                let found = text.contains(OfflineFixtures.normalised(definition))
                #expect(found, "definition of \(concept.name): \(definition)")
            }
            for point in concept.keyPoints {
                let found = text.contains(OfflineFixtures.normalised(point))
                #expect(found, "key point of \(concept.name): \(point)")
            }
        }
        for keyword in analysis.keywords {
            let found = text.contains(keyword.term)
                #expect(found, "keyword \(keyword.term)")
            for term in keyword.relatedTerms { let found = text.contains(term)
                #expect(found, "related term \(term) of \(keyword.term)") }
        }
    }

    /// Keeps the document out of failure messages.
    struct Verbatim {
        let text: String
        func contains(_ piece: String) -> Bool { text.contains(piece) }

        /// Whether `summary` is a run of sentences each of which occurs in the text (not necessarily together).
        func containsSentences(_ summary: String) -> Bool {
            let chars = Array(summary)
            // Places where one sentence may end and the next begin: a space after a stop, digit, quote or bracket.
            var cuts = [0]
            for i in chars.indices where chars[i] == " " && i > 0 && ".?!。0123456789\"”’)]".contains(chars[i - 1]) { cuts.append(i) }
            cuts.append(chars.count)
            var reachable = Set([0])
            for (a, from) in cuts.enumerated() where reachable.contains(from) {
                for to in cuts[(a + 1)...] {
                    let piece = String(chars[from..<to]).trimmingCharacters(in: .whitespaces)
                    if !piece.isEmpty, text.contains(piece) { reachable.insert(to) }
                }
            }
            return !summary.isEmpty && reachable.contains(chars.count)
        }
    }

    func expectWellFormed(_ analysis: NoteAnalysis, pageCount: Int) {
        #expect((6...12).contains(analysis.keywords.count), "keywords: \(analysis.keywords.map(\.term))")
        for keyword in analysis.keywords {
            #expect((2...5).contains(keyword.relatedTerms.count), "related terms of \(keyword.term)")
            #expect(!keyword.relatedTerms.contains(keyword.term))
            #expect(!keyword.term.allSatisfy { $0.isNumber })
        }
        #expect(Set(analysis.concepts.map(\.id)).count == analysis.concepts.count)
        for concept in analysis.concepts {
            #expect(!concept.summary.isEmpty, "summary of \(concept.name)")
            #expect((1...6).contains(concept.keyPoints.count), "key points of \(concept.name)")
            #expect(!concept.pages.isEmpty && concept.pages == concept.pages.sorted())
            #expect(concept.pages.allSatisfy { (1...pageCount).contains($0) })
        }
    }

    @Test func koreanBookTitleConceptsAndKeywords() async throws {
        let document = try OfflineFixtures.document("lshort-ko")
        let analysis = try await OfflineFixtures.analyse(document)
        #expect(analysis.title.contains("입문") && analysis.title.contains("LATEX"), "title: \(analysis.title)")
        #expect((8...30).contains(analysis.concepts.count), "concepts: \(analysis.concepts.map(\.name))")
        let outlineTitles = Set(document.outline.map { OfflineFixtures.normalised($0.title) })
        for concept in analysis.concepts { #expect(outlineTitles.contains(concept.name), "not a section: \(concept.name)") }
        #expect(analysis.concepts.contains { $0.name == "알아두어야 할 기본 사항" })
        #expect(!analysis.concepts.contains { ["색인", "표 목차", "그림 목차", "문헌 목록"].contains($0.name) })
        #expect(analysis.keywords.contains { $0.term == "LATEX" || $0.term == "LaTeX" }, "keywords: \(analysis.keywords.map(\.term))")
        #expect(analysis.keywords.allSatisfy { !$0.term.hasSuffix("은") && !$0.term.hasSuffix("를") })
        expectWellFormed(analysis, pageCount: document.pages.count)
        expectVerbatim(analysis, in: document)
    }

    @Test func englishManualTitleConceptsAndDefinitions() async throws {
        let document = try OfflineFixtures.document("R-intro")
        let analysis = try await OfflineFixtures.analyse(document)
        #expect(analysis.title == "An Introduction to R")
        #expect((8...30).contains(analysis.concepts.count), "concepts: \(analysis.concepts.map(\.name))")
        let outlineTitles = document.outline.map { OfflineFixtures.normalised($0.title) }
        for concept in analysis.concepts {
            #expect(outlineTitles.contains { $0 == concept.name || $0.hasSuffix(" " + concept.name) }, "not a section: \(concept.name)")
        }
        let intro = try #require(analysis.concepts.first { $0.name == "Introduction and preliminaries" })
        #expect(intro.pages.first == 8)
        #expect(intro.definition != nil)
        #expect(!analysis.concepts.contains { $0.name.lowercased().hasSuffix("index") })
        expectWellFormed(analysis, pageCount: document.pages.count)
        expectVerbatim(analysis, in: document)
    }

    @Test func withoutOutlineSectionsComeFromNumberedHeadings() async throws {
        var document = try OfflineFixtures.document("R-intro")
        let outline = document.outline
        document.outline = []
        let analysis = try await OfflineFixtures.analyse(document)
        #expect((8...30).contains(analysis.concepts.count), "concepts: \(analysis.concepts.map(\.name))")
        let outlineTitles = Set(outline.map { OfflineFixtures.normalised($0.title).drop { $0.isNumber || $0 == " " } }.map(String.init))
        let matching = analysis.concepts.filter { outlineTitles.contains($0.name) }
        #expect(matching.count * 10 >= analysis.concepts.count * 8, "concepts: \(analysis.concepts.map(\.name))")
        expectVerbatim(analysis, in: document)

        var korean = try OfflineFixtures.document("lshort-ko")
        let koreanOutline = Set(korean.outline.map { SectionFinder.compact($0.title) })
        korean.outline = []
        let koreanAnalysis = try await OfflineFixtures.analyse(korean)
        #expect(koreanAnalysis.concepts.count >= 5, "concepts: \(koreanAnalysis.concepts.map(\.name))")
        let koreanMatching = koreanAnalysis.concepts.filter { koreanOutline.contains(SectionFinder.compact($0.name)) }
        #expect(koreanMatching.count * 10 >= koreanAnalysis.concepts.count * 7, "concepts: \(koreanAnalysis.concepts.map(\.name))")
        expectVerbatim(koreanAnalysis, in: korean)
    }

    @Test func lectureNoteGivesDefinitionsAndComparisons() async throws {
        let document = try OfflineFixtures.textDocument("os-lecture-ko.txt")
        let analysis = try await OfflineFixtures.analyse(document)
        #expect(analysis.title == "운영체제 강의 노트")
        #expect(analysis.concepts.map(\.name) == ["프로세스", "스레드", "프로세스와 스레드의 비교", "스케줄링"])
        let process = try #require(analysis.concepts.first)
        #expect(process.definition == "프로세스는 실행 중인 프로그램이다.")
        #expect(process.keyPoints.contains("문맥 교환이 일어나면 운영체제는 PCB를 저장하고 복원한다."))
        #expect(process.comparison == nil)
        let thread = analysis.concepts[1]
        #expect(thread.definition == "스레드란 프로세스 안에서 실행되는 흐름의 단위이다.")
        let contrast = try #require(thread.comparison)
        #expect(contrast.rows.map { $0.first } == ["프로세스", "스레드"])
        let table = try #require(analysis.concepts[2].comparison)
        #expect(table.columns == ["항목", "프로세스", "스레드"])
        #expect(table.rows.first == ["메모리", "독립된 주소 공간", "프로세스의 메모리를 공유"])
        #expect(table.rows.count == 3)
        #expect(analysis.concepts[3].comparison == nil)
        #expect(analysis.concepts[3].definition == "CPU 스케줄링은 준비 큐의 프로세스 가운데 다음에 실행할 것을 고르는 일을 말한다.")
        #expect(analysis.concepts[2].definition == nil)
        #expect(analysis.concepts[3].pages == [3])
        let terms = analysis.keywords.map(\.term)
        #expect(terms.contains("프로세스") && terms.contains("스레드"), "keywords: \(terms)")
        #expect(!terms.contains("프로세스는"))
        #expect(terms.contains("문맥 교환"), "keywords: \(terms)")
        #expect(!terms.contains("너무") && !terms.contains("오래"), "keywords: \(terms)")
        expectVerbatim(analysis, in: document)
    }

    @Test func sameDocumentSameAnalysis() async throws {
        let document = try OfflineFixtures.document("lshort-ko")
        let first = try await OfflineFixtures.analyse(document)
        let second = try await OfflineFixtures.analyse(document)
        #expect(first == second)
    }

    @Test func progressRunsFromZeroToOneAndCancellationStops() async throws {
        let document = try OfflineFixtures.document("R-intro")
        let seen = Progress()
        _ = try await OfflineAnalyser().analyse(document) { seen.append($0) }
        let values = seen.values
        #expect(values.first == 0 && values.last == 1)
        #expect(values == values.sorted())

        let task = Task { try await OfflineAnalyser().analyse(document) { _ in } }
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
    }

    final class Progress: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Double] = []
        func append(_ value: Double) { lock.lock(); stored.append(value); lock.unlock() }
        var values: [Double] { lock.lock(); defer { lock.unlock() }; return stored }
    }
}
