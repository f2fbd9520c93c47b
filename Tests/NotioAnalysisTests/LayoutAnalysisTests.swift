import Foundation
import NotioCore
import Testing
@testable import NotioAnalysis
import NotioMediaEngine

/// Structure from real PDFs: headings by type size and weight, titles, tables. The fixtures are
/// Korean web pages printed to PDF by Chromium (Fixtures/layout, with their HTML); the books
/// come from Debian packages (scripts/fetch-test-pdfs.sh).
@Suite struct LayoutAnalysisTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let books = root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".cache/pdfs")
    static let haveBooks = ["kotex-doc.pdf", "cjk-ko-doc.pdf", "lshort-ko.pdf"]
        .allSatisfy { FileManager.default.fileExists(atPath: books.appendingPathComponent($0).path) }

    func extract(_ path: String) throws -> ExtractedDocument {
        let data = try #require(FileManager.default.contents(atPath: path))
        return try PDFExtractor.extract(data: data, options: PDFExtractionOptions(maxPages: 5000, ocr: false))
    }

    func fixture(_ name: String) throws -> ExtractedDocument {
        try extract(Self.root.appendingPathComponent("Fixtures/layout/\(name)").path)
    }

    func compact(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    @Test func browserPrintedLectureHasItsHeadingsAsCards() async throws {
        let analysis = try await OfflineFixtures.analyse(try fixture("scheduling.pdf"))
        // The metadata title is the page's <title>, "os-scheduling": a file name.
        #expect(analysis.title == "3장. 프로세스 스케줄링")
        let names = analysis.concepts.map(\.name)
        #expect(names.map(compact) == ["프로세스란 무엇인가요?", "선점형 스케줄링과 비선점형 스케줄링의 차이, 그리고 각 방식이 응답 시간과 처리량에 미치는 영향",
                                       "라운드 로빈 스케줄링", "최단 작업 우선 스케줄링"].map(compact), "\(names)")
        #expect(analysis.concepts.last?.pages == [2])
        for concept in analysis.concepts {
            let shown = ([concept.name, concept.summary, concept.definition ?? ""] + concept.keyPoints).joined(separator: " ")
            #expect(!shown.contains("os-scheduling") && !shown.contains("file://") && !shown.contains("PM"), "\(concept.name): \(shown)")
        }
        let table = try #require(analysis.concepts[1].comparison)
        #expect(table.columns == ["구분", "선점형", "비선점형"])
        #expect(table.rows.first == ["CPU 회수", "운영체제가 회수", "프로세스가 반납"])
        #expect(table.rows.count == 4)
        #expect(analysis.concepts[0].comparison == nil)
    }

    @Test func wordProcessorTitleGivesWayToTheFirstHeading() async throws {
        let analysis = try await OfflineFixtures.analyse(try fixture("memory.pdf"))
        #expect(analysis.title == "4장. 메모리 관리")
        #expect(analysis.concepts.map(\.name) == ["논리 주소와 물리 주소는 어떻게 다른가요?", "페이징", "가상 메모리"])
        let table = try #require(analysis.concepts[1].comparison)
        #expect(table.columns == ["용어", "뜻"])
        #expect(table.rows.map { $0[0] } == ["페이지", "프레임", "페이지 테이블"])
    }

    @Test(.enabled(if: haveBooks, "real PDFs missing: run scripts/fetch-test-pdfs.sh"))
    func koreanBooksHaveNamedSections() async throws {
        // kotex-doc.pdf has seven chapters of two to three pages: enough cards as they are
        // (SectionFinder.fewestCards), so they are not split into their subsections.
        for (name, range) in [("kotex-doc.pdf", 7...30), ("cjk-ko-doc.pdf", 5...30), ("lshort-ko.pdf", 12...30)] {
            let document = try extract(Self.books.appendingPathComponent(name).path)
            // The sections (kotex-doc.pdf's text has Latin letters and digits in a broken encoding,
            // so few of its sentences make cards; its headings are still right).
            let layout = TextLayout(document)
            let sections = SectionFinder.plan(of: document, layout: layout).sections.map(\.title)
            #expect(range.contains(sections.count), "\(name): \(sections)")
            #expect(!sections.contains(""), "\(name): \(sections)")
            let analysis = try await OfflineFixtures.analyse(document)
            let names = analysis.concepts.map(\.name)
            #expect(!names.isEmpty, "\(name)")
            #expect(!names.contains { $0.hasPrefix("Section ") }, "\(name): \(names)")
            #expect(names.allSatisfy { (2...120).contains($0.count) }, "\(name): \(names)")
            #expect(Set(names).count == names.count, "\(name): \(names)")
            #expect(!analysis.title.isEmpty && TitleFinder.isMeaningful(analysis.title), "\(name): \(analysis.title)")
        }
    }

    @Test func fileAndApplicationNamesAreNoTitles() {
        for title in ["lecture.html", "os-scheduling", "week_03", "강의자료.pdf", "발표.pptx", "보고서.hwp", "notes.docx", "lecture3",
                      "PowerPoint 프레젠테이션", "Microsoft Word - 운영체제 3장.docx", "Microsoft PowerPoint - week3", "Untitled", "제목 없음",
                      "Document1", "프레젠테이션1", ""] {
            #expect(!TitleFinder.isMeaningful(title), "\(title)")
        }
        for title in ["3장. 프로세스 스케줄링", "운영체제", "Documentation of R", "An Introduction to R", "cjk-ko 간단 매뉴얼", "프레젠테이션 잘하는 법"] {
            #expect(TitleFinder.isMeaningful(title), "\(title)")
        }
    }

    @Test func textOnlyDocumentsKeepQuestionHeadings() async throws {
        // No layout (a document stored before, or built by hand): the text rules, questions kept.
        let paragraph = "프로세스는 실행 중인 프로그램을 말한다. 운영체제는 프로세스마다 제어 블록을 두어 상태를 기록한다. 문맥 교환은 상태를 저장하고 불러오는 일이다."
        let document = ExtractedDocument(pages: [
            SourcePage(number: 1, text: "1.1. 프로세스란 무엇인가요?\n\(paragraph)\n1.2. 스레드는 왜 쓰나요?\n\(paragraph)"),
            SourcePage(number: 2, text: "1.3. 스케줄링\n\(paragraph)"),
        ], metadataTitle: "lecture.pdf")
        let analysis = try await OfflineFixtures.analyse(document)
        #expect(analysis.concepts.map(\.name) == ["프로세스란 무엇인가요?", "스레드는 왜 쓰나요?", "스케줄링"])
        #expect(analysis.title == "1.1. 프로세스란 무엇인가요?")
    }

    @Test func aChapterNumberAboveItsTitleIsOneHeading() async throws {
        // Lines as the extractor gives them: "제1장" set apart above the chapter's title.
        func line(_ text: String, _ y: Double, _ size: Double, bold: Bool = false) -> TextLine {
            TextLine(text: text, x: 72, y: y, width: 300, height: size * 1.2, fontSize: size, bold: bold)
        }
        let body = "프로세스는 실행 중인 프로그램을 말한다. 운영체제는 프로세스마다 제어 블록을 두어 상태를 기록한다."
        var pages: [SourcePage] = []
        for (number, (chapter, title)) in [("제1장", "프로세스"), ("제2장", "메모리 관리")].enumerated() {
            let lines = [line(chapter, 100, 17, bold: true), line(title, 130, 20.5, bold: true), line(body, 180, 10), line(body, 200, 10), line(body, 220, 10)]
            let text = "\(chapter)\n\n\(title)\n\n\(body)\n\(body)\n\(body)"
            pages.append(SourcePage(number: number + 1, text: text, lines: lines))
        }
        let analysis = try await OfflineFixtures.analyse(ExtractedDocument(pages: pages))
        #expect(analysis.concepts.map(\.name) == ["프로세스", "메모리 관리"])
        #expect(analysis.title == "제1장 프로세스")
    }

    @Test func aDocumentWithoutHeadingsIsNamedAfterItsTitle() async throws {
        let text = "운영체제는 컴퓨터의 자원을 관리하는 프로그램이다. 프로세스와 메모리, 파일을 관리한다. 사용자는 운영체제 덕분에 하드웨어를 직접 다루지 않아도 된다."
        let analysis = try await OfflineFixtures.analyse(ExtractedDocument(pages: [SourcePage(number: 1, text: text)], metadataTitle: "운영체제 개요"))
        #expect(analysis.concepts.map(\.name) == ["운영체제 개요"])
    }

    /// A scanned copy of a browser-printed page: OCR reads the margins' date and address
    /// differently on each page, so they are known by their form, not by repeating.
    @Test func browserMarginsReadByOCRAreNotContent() {
        let pages = [
            "12/1/26, 4:41 PM 디지털 서명 사용\n디지털 서명 사용\n문서에 디지털 서명을 적용할 때는 체크섬이 계산됩니다.\nfle:///tmp/help.libreoffice.org/7.4/ko/text/shared/guide/digital_signatures.html 1/4",
            "12/1/26, 4:4 PM\n서명의 검증은 법적으로 구속력이 있는 보증이 아닙니다.\nfile:///tmp/help.libreoffice.org/7.4/ko/text/shared/guide/digital_signatures.html",
        ]
        let layout = TextLayout(ExtractedDocument(pages: pages.enumerated().map { SourcePage(number: $0.offset + 1, text: $0.element) }))
        let content = layout.lines.filter { !$0.isBreak }.map(\.text)
        #expect(!content.contains { $0.contains("://") || $0.contains("PM") }, "\(content)")
        #expect(content.contains("서명의 검증은 법적으로 구속력이 있는 보증이 아닙니다."))
        #expect(TextLayout.isPrintMargin("26. 12. 1. 오후 4:41"))
        // The browser's header names the page: the title of a scanned printout, whose big heading
        // OCR may misread.
        #expect(TitleFinder.title(of: ExtractedDocument(pages: pages.enumerated().map { SourcePage(number: $0.offset + 1, text: $0.element) },
                                                        metadataTitle: "digital-signatures-scan"), layout: layout) == "디지털 서명 사용")
        #expect(!TextLayout.isPrintMargin("프로세스는 오후 4:41에 시작된다는 식으로 기록되며 로그에 남는다."))
    }
}
