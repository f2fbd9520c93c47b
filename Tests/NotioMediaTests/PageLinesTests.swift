import Foundation
import NotioCore
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// The extractor rebuilds pages from where their characters sit. The fixtures are Korean web
/// pages printed by Chromium (Tests/NotioAnalysisTests/Fixtures/layout, with their HTML and
/// make-pdfs.sh): scheduling.pdf with Chromium's header and footer, memory.pdf without.
@Suite struct PageLinesTests {
    static let fixtures = TestFiles.root.appendingPathComponent("Tests/NotioAnalysisTests/Fixtures/layout")

    func extract(_ name: String) throws -> ExtractedDocument {
        let data = try #require(FileManager.default.contents(atPath: Self.fixtures.appendingPathComponent(name).path))
        return try PDFExtractor.extract(data: data, options: PDFExtractionOptions(ocr: false))
    }

    func compact(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    @Test func browserHeaderAndFooterAreDropped() throws {
        let document = try extract("scheduling.pdf")
        #expect(document.pages.count == 2)
        for page in document.pages {
            // Chromium prints the date and the page's <title> on top, its address and "1/2" below.
            #expect(!page.text.contains("os-scheduling"), "page \(page.number): \(page.text.prefix(80))")
            #expect(!page.text.contains("file://"))
            #expect(!page.text.contains("\(page.number)/2"))
            #expect(page.text.range(of: #"\d+/\d+/\d+"#, options: .regularExpression) == nil)
            #expect(page.lines?.isEmpty == false)
        }
        #expect(document.pages[0].text.hasPrefix("3장. 프로세스 스케줄링\n"))
        #expect(document.pages[1].text.hasPrefix("3.4. 최단 작업 우선 스케줄링\n"))
    }

    @Test func headingsAreLargerThanTheBodyAndAWrappedOneIsOneLine() throws {
        let document = try extract("scheduling.pdf")
        let lines = document.pages.flatMap { $0.lines ?? [] }
        let body = try #require(lines.first { $0.text.hasPrefix("운영체제는 여러 프로세스가") })
        let title = try #require(lines.first { $0.text == "3장. 프로세스 스케줄링" })
        let question = try #require(lines.first { $0.text == "3.1. 프로세스란 무엇인가요?" })
        #expect(title.fontSize > question.fontSize && question.fontSize > body.fontSize * 1.15)
        #expect(title.y < body.y)
        // The heading wraps after "응답 시" in the PDF; one line now (spaces aside: the spacing
        // of the join is the text cleanup's rule).
        let wrapped = "3.2. 선점형 스케줄링과 비선점형 스케줄링의 차이, 그리고 각 방식이 응답 시간과 처리량에 미치는 영향"
        #expect(lines.contains { compact($0.text) == compact(wrapped) }, "\(lines.map(\.text).filter { $0.hasPrefix("3.2") })")
        #expect(document.pages[0].text.split(separator: "\n").contains { compact(String($0)) == compact(wrapped) })
    }

    @Test func tableRowsComeBackCellByCell() throws {
        let document = try extract("scheduling.pdf")
        let rows = document.pages.flatMap { $0.lines ?? [] }.compactMap(\.cells)
        #expect(rows == [["구분", "선점형", "비선점형"], ["CPU 회수", "운영체제가 회수", "프로세스가 반납"], ["응답 시간", "짧고 고르다", "길어질 수 있다"],
                         ["문맥 교환", "자주 일어난다", "적게 일어난다"], ["대표 알고리즘", "라운드 로빈", "FCFS, SJF"]])
        // Each row on a line of its own in the text, in reading order after the paragraph before.
        let text = document.pages[0].text
        let header = try #require(text.range(of: "구분 선점형 비선점형"))
        let before = try #require(text.range(of: "두 방식의 차이는 다음 표와"))
        #expect(before.upperBound < header.lowerBound)
        #expect(text.contains("\nCPU 회수 운영체제가 회수 프로세스가 반납\n"))

        let memory = try extract("memory.pdf")
        #expect(memory.pages.flatMap { $0.lines ?? [] }.compactMap(\.cells)
                == [["용어", "뜻"], ["페이지", "논리 주소 공간을 나눈 조각"], ["프레임", "물리 메모리를 나눈 조각"], ["페이지 테이블", "페이지와 프레임의 대응표"]])
    }

    @Test(.enabled(if: TestFiles.havePDFs, TestFiles.missingPDFs))
    func proseIsNoTableAndBookPagesKeepTheirText() throws {
        // Two-column prose, contents pages with leaders and code listings must not pass for tables.
        let data = try #require(FileManager.default.contents(atPath: TestFiles.pdf("lshort-ko.pdf")))
        let document = try PDFExtractor.extract(data: data, options: PDFExtractionOptions(ocr: false))
        let tables = document.pages.flatMap { $0.lines ?? [] }.compactMap(\.cells)
        for row in tables { #expect(row.joined().count <= 200, "\(row)") }
        #expect(document.pages.filter { $0.lines != nil }.count >= 136, "pages read by layout")
        // Running heads ("2.4. 특수문자와 기호" beside the page number "19") are gone from the text:
        // no page starts with its printed page number or ends with it.
        let numbered = document.pages.filter { page in
            let lines = page.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            return [lines.first, lines.last].contains { line in line.map { !$0.isEmpty && $0.allSatisfy(\.isNumber) } ?? false }
        }
        #expect(numbered.count <= 3, "\(numbered.map(\.number))")
    }

    @Test func pageMarkersAreRecognised() {
        for marker in ["3", "3 / 12", "- 4 -", "Page 3", "p. 7", "12/1/26, 2:57 PM", "2026. 12. 1. 오후 3:05", "file:///tmp/a.html",
                       "https://example.com/lecture", "3쪽", "3 of 12"] {
            #expect(PageLines.isPageMarker(marker), "\(marker)")
        }
        for text in ["3장. 프로세스", "운영체제 3", "Chapter 1", "1.2 Vectors", "2024년 기말고사"] {
            #expect(!PageLines.isPageMarker(text), "\(text)")
        }
    }

    @Test func boldFacesAreToldByName() {
        for name in ["ABCDEF+NotoSansCJKkr-Bold", "Arial-BoldMT", "Pretendard-Black", "NanumSquare-Heavy", "SourceSans-SemiBold",
                     "Inter-700", "CMBX10", "SFSX1095", "AKMQQA+nanummjbc9", "LMSans10-Bold-Identity-H"] {
            #expect(PDFText.isBoldFont(name), "\(name)")
        }
        for name in ["NotoSansCJKkr-Regular", "CMR10", "SFRM1000", "nanummjmd5", "Helvetica", "Inter-400", "LMRoman12-Italic-Identity-H", ""] {
            #expect(!PDFText.isBoldFont(name), "\(name)")
        }
    }
}

/// Poppler reads a Latin run in another font as a line of its own; the row puts it back.
@Suite struct PageLinesRowTests {
    func span(_ text: String, _ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double, line: Int, size: Double = 16) -> Span {
        Span(text: text, x0: x0, x1: x1, y0: y0, y1: y1, size: size, bold: false, characters: text.filter { $0 != " " }.count, line: line)
    }

    @Test func aLatinRunReadApartRejoinsItsLineAndMakesNoTable() {
        // What ms_user.html printed by Chromium gives: Korean boxes are taller than Latin ones, and
        // the leading Latin words come after the Korean lines in poppler's order.
        let spans = [
            span("및 LibreOffice 사용", 213, 406, 34, 91, line: 1, size: 24),
            span("Microsoft Office", 35, 206, 55, 81, line: 0, size: 24),
            span("는 Microsoft Office 파일을 열고 저장할 수 있습니다.", 109.6, 538, 92, 128, line: 2),
            span("형식 포함)", 110, 170, 112, 148, line: 3),
            span("LibreOffice", 35, 109.6, 106, 122, line: 4),
            span("Open XML", 35, 105.5, 125, 141, line: 5),
            span("파일 열기", 207, 282, 144, 192, line: 7, size: 20),
            span("Microsoft Office", 35, 200.6, 162, 184, line: 6, size: 20),
        ]
        let page = PageSpans(spans: spans, lineCount: 8, height: 800)
        let result = PageLines.page(page, dropped: [], body: (size: 16, bold: false), join: { $0 + " " + $1 })
        #expect(result.lines.allSatisfy { $0.cells == nil }, "\(result.lines.compactMap(\.cells))")
        let texts = result.lines.map(\.text)
        #expect(texts.contains("Microsoft Office 및 LibreOffice 사용"), "\(texts)")
        #expect(texts.contains("LibreOffice는 Microsoft Office 파일을 열고 저장할 수 있습니다."), "\(texts)")
        #expect(texts.contains("Open XML 형식 포함)"), "\(texts)")
        #expect(texts.contains("Microsoft Office 파일 열기"), "\(texts)")
    }

    /// One span per line at 10 pt from x = 40, each line 14 pt below the last; `end` is where it stops.
    func text(_ rows: [(String, Double)]) -> String {
        let spans = rows.enumerated().map { index, row in span(row.0, 40, row.1, 60 + Double(index) * 14, 72 + Double(index) * 14, line: index, size: 10) }
        let page = PageSpans(spans: spans, lineCount: rows.count, height: 800)
        // Paragraphs as the text cleanup leaves them (blank lines between), each on one line.
        let text = PageLines.page(page, dropped: [], body: (size: 10, bold: false), join: { $0 + " " + $1 }).text
        return TextCleanup.clean(text).replacingOccurrences(of: "\n\n", with: "¶").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "¶", with: "\n")
    }

    @Test func rowsOfAnErrorListStayApart() {
        let text = text([
            ("다음 오류 코드가 있습니다. 프로그램은 오류가 나면 아래 번호 가운데 하나를 돌려줍니다. 각 번호의", 500),
            ("뜻은 다음과 같습니다.", 160),
            ("366 개체를 사용할 수 없습니다", 210),
            ("380 잘못된 속성 값입니다.", 190),
            ("382 속성이 읽기 전용입니다.", 195),
        ])
        #expect(text == """
            다음 오류 코드가 있습니다. 프로그램은 오류가 나면 아래 번호 가운데 하나를 돌려줍니다. 각 번호의 뜻은 다음과 같습니다.
            366 개체를 사용할 수 없습니다
            380 잘못된 속성 값입니다.
            382 속성이 읽기 전용입니다.
            """)
    }

    @Test func aHeadingInBodyTypeIsNotGluedToItsFirstSentence() {
        let text = text([
            ("중단점의 속성", 110),
            ("중단점의 속성은 중단점 열에서 마우스 오른쪽 버튼으로 중단점을 눌러 콘텍스트 메뉴를 통해", 497),
            ("사용할 수 있습니다.", 150),
        ])
        #expect(text == "중단점의 속성\n중단점의 속성은 중단점 열에서 마우스 오른쪽 버튼으로 중단점을 눌러 콘텍스트 메뉴를 통해 사용할 수 있습니다.")
    }

    @Test func koreanGlyphsGiveALinesSizeAndWeight() {
        // A heading "Microsoft Office 파일로 저장" where the Latin font states a smaller size and a
        // bold face the Korean one does not: the Korean glyphs say what the line is.
        var glyphs: [Glyph] = []
        var x = 35.0
        for scalar in "Microsoft Office 파일로 저장".unicodeScalars {
            let hangul = (0xAC00...0xD7A3).contains(scalar.value)
            let width = hangul ? 17.0 : 8.0
            glyphs.append(Glyph(scalar: scalar, x0: x, y0: 100, x1: x + width, y1: 120, size: hangul ? 18.5 : 9.5, bold: !hangul))
            x += width
        }
        let page = PageLines.spans(PageGlyphs(glyphs: glyphs, width: 595, height: 842))
        #expect(page.spans.count == 1)
        #expect(page.spans.first?.size == 18.5)
        #expect(page.spans.first?.bold == false)
    }

    @Test func aBoldWordEndingASentenceIsNoHeading() {
        let bold = TextLine(text: "Variant.", x: 79, y: 100, width: 60, height: 14, fontSize: 14, bold: true)
        #expect(!PageLines.isHeadingStyle(bold, body: (size: 14, bold: false)))
        var heading = bold
        heading.text = "Variant 유형"
        #expect(PageLines.isHeadingStyle(heading, body: (size: 14, bold: false)))
    }

    @Test func aWrapBeforeALongWordStillJoins() {
        // The line stops 30 pt short because the next word (4 syllables, about 40 pt) did not fit.
        let text = text([
            ("문서에 서명하면 서명은 문서 안의 다음 파일에 저장되며 그 경로를 보려면 다음과 같은", 470),
            ("대화상자 에서 확인할 수 있습니다. 이 줄은 오른쪽 끝까지 이어지는 긴 줄입니다.", 500),
        ])
        #expect(!text.contains("\n"), "\(text)")
    }
}

