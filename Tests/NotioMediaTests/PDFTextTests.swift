import Foundation
import NotioCore
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

@Suite(.enabled(if: TestFiles.havePDFs, TestFiles.missingPDFs))
struct PDFTextTests {
    func extract(_ name: String) throws -> ExtractedDocument {
        let data = try #require(FileManager.default.contents(atPath: TestFiles.pdf(name)))
        return try PDFExtractor.extract(data: data, options: PDFExtractionOptions(maxPages: 5000, ocr: false))
    }

    @Test func koreanBookHasItsPagesOutlineAndText() throws {
        let document = try extract("lshort-ko.pdf")
        #expect(document.pages.count == 143)
        #expect(document.pages.map(\.number) == Array(1...143))
        #expect((135...150).contains(document.outline.count), "outline has \(document.outline.count) entries")
        #expect(document.outline.first { $0.title == "알아두어야 할 기본 사항" }?.level == 0)
        #expect(document.outline.contains { $0.title == "간략한 역사" && $0.level == 1 })
        #expect(document.outline.allSatisfy { ($0.page ?? 1) >= 1 && ($0.page ?? 1) <= 143 })
        let classes = try #require(document.outline.first { $0.title == "문서 클래스" }?.page)
        let page = document.pages[classes - 1].text
        #expect(page.contains("1.6.1 문서 클래스"))
        #expect(page.contains("표 1.1에 기본적인 문서 클래스를 열거하였다."))
        #expect(page.contains("LATEX이 요구하는 첫 번째 정보는 작성자가 만들려고 하는 문서의 유형에 대한 것이다."))
        #expect(document.ocrPages.isEmpty)
    }

    @Test func englishManualHasNoWordsBrokenAtLineEnds() throws {
        let document = try extract("R-intro.pdf")
        #expect(document.pages.count == 113)
        #expect((140...150).contains(document.outline.count), "outline has \(document.outline.count) entries")
        // Pages apart: a word hyphenated across a page break stays (the footer between them is gone now).
        let text = document.pages.map(\.text).joined(separator: "\n\n")
        let broken = text.matches(of: /[a-z]-\n[a-z]/).map { String(text[$0.range]) }
        #expect(broken.isEmpty, "hyphenated line ends left: \(broken.prefix(5))")
        // Each was split across two lines in the PDF ("pack-/ages", "re-/spectively", ...).
        for word in ["packages", "respectively", "corresponding", "components", "Although"] {
            #expect(text.contains(word))
        }
        #expect(text.contains("R has an inbuilt help facility similar to the man facility of UNIX."))
    }

    @Test func koreanTitleComesFromMetadata() throws {
        let data = try #require(FileManager.default.contents(atPath: TestFiles.pdf("cjk-ko-doc.pdf")))
        let pdf = try PDFText(data: data)
        let title = try #require(pdf.metadataTitle)
        #expect(title.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(title)")
    }

    @Test func badBytesGetClearErrors() throws {
        #expect(throws: MediaError.emptyFile) { try PDFText(data: Data()) }
        #expect(throws: MediaError.notAPDF) { try PDFText(data: Data((0..<4096).map { _ in UInt8.random(in: 0...255) })) }
        #expect(throws: MediaError.encrypted) { try PDFText(data: TestFiles.encryptedPDF()) }
        let whole = try #require(FileManager.default.contents(atPath: TestFiles.pdf("lshort-ko.pdf")))
        #expect(throws: MediaError.damaged) { try PDFText(data: whole.prefix(whole.count / 3)) }
    }
}
