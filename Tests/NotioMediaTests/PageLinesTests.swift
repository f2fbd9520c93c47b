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
