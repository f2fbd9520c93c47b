import Foundation
import NotioCore
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// Spaces at Korean line breaks, measured on a browser-printed PDF against its source text.
@Suite struct KoreanSpacingMeasureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Glued pairs (a space in the source, none in the text) and wrongly split pairs per 1,000
    /// Hangul syllables of the source.
    struct Measure {
        var hangul = 0, glued = 0, split = 0, aligned = 0, total = 0
        /// The source around each wrong pair, "먼저|실행하는", for the failure message.
        var wrong: [String] = []
        var gluedPer1000: Double { 1000 * Double(glued) / Double(max(hangul, 1)) }
        var splitPer1000: Double { 1000 * Double(split) / Double(max(hangul, 1)) }
    }

    /// Non-space characters with whether a space came before each.
    static func spaced(_ text: String) -> [(character: Character, spaceBefore: Bool)] {
        var result: [(Character, Bool)] = []
        var space = false
        for character in text {
            if character.isWhitespace { space = true; continue }
            result.append((character, space))
            space = false
        }
        return result
    }

    /// Walks both texts' characters in step; where they differ (a dropped hyphen, say), skips
    /// ahead on one side until four characters agree again. Pairs are only counted where both
    /// syllables were aligned.
    static func measure(extracted: String, truth: String) -> Measure {
        let a = spaced(extracted), b = spaced(truth)
        var m = Measure()
        m.total = b.count
        m.hangul = b.filter { KoreanSpacing.isSyllable($0.character) }.count
        func agree(_ i: Int, _ j: Int) -> Bool {
            (0..<4).allSatisfy { i + $0 < a.count && j + $0 < b.count && a[i + $0].character == b[j + $0].character }
        }
        var i = 0, j = 0, previousAligned = false
        while i < a.count && j < b.count {
            if a[i].character == b[j].character {
                m.aligned += 1
                if previousAligned, KoreanSpacing.isSyllable(a[i].character), KoreanSpacing.isSyllable(a[i - 1].character) {
                    let context = String(b[max(0, j - 4)..<j].map(\.character)) + "|" + String(b[j..<min(b.count, j + 4)].map(\.character))
                    if b[j].spaceBefore && !a[i].spaceBefore { m.glued += 1; m.wrong.append("glued " + context) }
                    if a[i].spaceBefore && !b[j].spaceBefore { m.split += 1; m.wrong.append("split " + context) }
                }
                previousAligned = true
                i += 1; j += 1
                continue
            }
            previousAligned = false
            if let skip = (1...12).first(where: { agree(i + $0, j) }) { i += skip }
            else if let skip = (1...12).first(where: { agree(i, j + $0) }) { j += skip }
            else { i += 1; j += 1 }
        }
        return m
    }

    @Test func browserPrintedKoreanHasAtMostOneGluedPairPerThousandSyllables() throws {
        let data = try #require(FileManager.default.contents(atPath: Self.fixtures.appendingPathComponent("korean-help-print.pdf").path))
        let truth = try String(contentsOf: Self.fixtures.appendingPathComponent("korean-help-print.txt"), encoding: .utf8)
        let document = try PDFExtractor.extract(data: data, options: PDFExtractionOptions(ocr: false))
        let text = document.pages.map(\.text).joined(separator: "\n")
        let pdf = try PDFText(data: data)
        let raw = (0..<pdf.pageCount).map { pdf.rawText(page: $0) }
        #expect(TextCleanup.koreanLineBreaks(in: raw) == .betweenSyllables)
        let measured = Self.measure(extracted: text, truth: truth)
        // Joining every such break without a space, as before, glued 15 pairs per 1,000 here.
        print("Korean spacing on korean-help-print.pdf: \(measured.hangul) Hangul syllables, "
              + String(format: "%.2f glued and %.2f wrongly split pairs per 1,000", measured.gluedPer1000, measured.splitPer1000))
        #expect(measured.aligned * 100 >= measured.total * 98, "the extracted text is not the source's text")
        #expect(measured.gluedPer1000 <= 1.0, "\(measured.wrong)")
        #expect(measured.splitPer1000 <= 1.5, "\(measured.wrong)")
        // Words broken inside between lines of this PDF stay whole.
        for word in ["문자를", "구두점과", "습니다", "스프레드시트로"] { #expect(text.contains(word)) }
    }

    @Test func measureCountsGluedAndSplitPairs() {
        let m = Self.measure(extracted: "먼저실행하는 프로 세스", truth: "먼저 실행하는 프로세스")
        #expect(m.hangul == 10)
        #expect(m.glued == 1)
        #expect(m.split == 1)
    }
}
