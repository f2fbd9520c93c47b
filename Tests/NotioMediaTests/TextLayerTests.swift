import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// Issue 16, point 3: a PDF whose fonts map glyphs to the wrong characters is read by OCR.
@Suite struct TextLayerTests {
    @Test func aBrokenFontsRareSyllablesAreToldFromRealKorean() {
        // kotex-doc.pdf's text layer as poppler gives it, and the same lines as printed.
        let broken = TextLayerJudge.judge("한국어 텍 ko줮쥔쥅쥘\n김강수\n쥶쥥쥲쥳쥩쥯쥮 줳줮줰\n줲줰줲줱년 줷월")
        #expect(broken.isBroken, "\(broken)")
        #expect(!TextLayerJudge.judge("한국어 텍 ko.TEX\n김강수\nversion 3.0\n2021년 7월").isBroken)
        // A name or a rare word now and then is not a broken font.
        #expect(!TextLayerJudge.judge(String(repeating: "운영체제는 프로세스를 스케줄링한다. ", count: 20) + "똠얌꿍").isBroken)
        // Glyphs poppler could not map at all.
        #expect(TextLayerJudge.judge("프로세스 \u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD} 스케줄링").isBroken)
        // A big bracket of a formula, set from private-use pieces (lshort-ko.pdf p. 65), is no broken font.
        #expect(!TextLayerJudge.judge("행렬은 다음과 같다 \u{F8EB}\u{F8EC}\u{F8ED} a b \u{F8F6}\u{F8F7}\u{F8F8} 로 쓴다").isBroken)
    }

    /// A font exported with its codes shifted into Hangul (as kotex-doc.pdf's Latin font is).
    static func shifted(_ latin: String) -> String {
        String(String.UnicodeScalarView(latin.unicodeScalars.map { (0x21...0x7E).contains($0.value) ? Unicode.Scalar($0.value + 0xC900)! : $0 }))
    }

    @Test func theShiftLearnedFromOCRDecodesTheWholeLayer() throws {
        let printed = ["한국텍학회(KTS)는 2021년 7월에 ko.TEX 3.0을 냈다.", "CTAN에서 XeTeX-ko와 LuaTeX-ko를 받는다.",
                       "핵심 매크로는 plain TeX과 LaTeX을 위한 것이다.", "2013년 9월, 제2판을 썼다."]
        let layer = printed.map { Self.shifted($0) }
        // OCR as it reads such pages: Hangul right, the logo and some letters wrong.
        let ocr = ["한국텍학회(KTS)는 2021년 7월에 67x 3.0을 냈다.", "CTAN에서 XqTEX-ko와 LualEx-ko를 받는다.",
                   "핵심 매크로는 plain TeX과 IATEX을 위한 것이다.", "2013년 9월, 제2판을 썼다."]
        #expect(layer.allSatisfy { TextLayerJudge.judge($0).isBroken })
        let repair = TextLayerRepair(pages: Array(zip(layer, ocr)).map { (layer: $0, ocr: $1) })
        for (broken, expected) in zip(layer, printed) {
            #expect(repair.decode(broken) == expected)
        }
        // Real words that happen to use a syllable of the shifted range stay.
        #expect(repair.decode("쥐가 " + Self.shifted("CPU") + "를 갉았다.") == "쥐가 CPU를 갉았다.")
    }

    @Test func withoutAShiftOnlyWhatOCRConfirmedIsDecodedAndTheRestGoesToOCR() {
        // A scrambled font: no common offset. Two readings teach 줮 → "." and 쥩 → "x".
        let layer = "그림 1줮2를 보라줮 쥩 축은 시간이다줮"
        let ocr = "그림 1.2를 보라. x 축은 시간이다."
        let repair = TextLayerRepair(pages: [(layer: layer, ocr: ocr), (layer: layer, ocr: ocr)])
        #expect(repair.decode(layer) == ocr)
        // Glyphs never lined up with OCR are left; the page is then still broken and OCR's text is used.
        #expect(repair.decode("줵줶줷 줸줹줺 줻줼") == nil)
    }

    @Test(.enabled(if: TestFiles.havePDFs && TestFiles.haveNotio, TestFiles.missingPDFs))
    func kotexDocsBrokenPagesComeOutAsPrinted() async throws {
        let log = ProgressLog()
        let document = try await MediaWorkerClient(executable: TestFiles.notio, limits: MediaLimits())
            .extractPDF(at: TestFiles.pdf("kotex-doc.pdf")) { log.record($0) }
        let text = { (page: Int) in document.pages[page - 1].text }
        // The cover: title, version, year and month.
        #expect(text(1).contains("한국어 텍 ko.TEX"), "\(text(1))")
        #expect(text(1).contains("version 3.0"))
        #expect(text(1).contains("2021년 7월"))
        // Chapter headings and body text with Latin words and numbers.
        #expect(text(7).contains("ko.TEX에 관하여"), "\(text(7))")
        #expect(text(7).contains("ko.TEX의 구성"))
        #expect(text(3).contains("2013년에 ko.TEX이 CTAN에 등재되어"), "\(text(3))")
        #expect(text(12).contains("kotex.sty"))
        #expect(text(12).contains("패키지 사용 선언"))
        for page in document.pages {
            #expect(!TextLayerJudge.judge(page.text).isBroken, "page \(page.number): \(page.text.prefix(200))")
        }
        // The note says which pages OCR read (or mended); once the first broken pages taught the
        // font's map, the others are decoded without OCR, and progress counts what OCR read.
        #expect(document.ocrPages.contains(1) && document.ocrPages.contains(3) && !document.ocrPages.contains(2))
        let learned = PDFExtractor.pagesToLearnFrom
        #expect(log.all.last == .ocr(page: learned, of: learned))
        // Headings keep their layout once decoded.
        #expect(document.pages[6].lines?.contains { $0.text.contains("ko.TEX") } == true)
    }
}
