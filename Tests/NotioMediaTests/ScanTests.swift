import Foundation
import Testing
@testable import NotioMediaEngine

/// Scans of real pages we did not write, read back through the worker's OCR path
/// (`notio-worker read-scan`: the pages rasterised at 200 dpi into an image-only PDF, then
/// `PDFExtractor` with real Tesseract and poppler, an engine per core) and compared with the
/// source's own text layer.
@Suite(.serialized, .enabled(if: TestFiles.havePDFs && TestFiles.haveNotio, "needs the test PDFs and the notio-worker binary"))
struct ScanTests {
    struct Reading: Decodable {
        struct Page: Decodable { var page: Int; var cer: Double; var missing: [String] }
        var pages: [Page]
        var cer: Double
    }

    /// Runs `notio-worker read-scan` on pages `first...last` of `file` and returns its figures and
    /// the text it read of each page.
    func readScan(_ file: String, _ first: Int, _ last: Int) throws -> (Reading, [Int: String]) {
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestFiles.notio)
        process.arguments = ["read-scan", TestFiles.pdf(file), "\(first)", "\(last)", "200", directory.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let reading = try JSONDecoder().decode(Reading.self, from: data)
        var texts: [Int: String] = [:]
        for page in first...last {
            texts[page] = try String(contentsOf: directory.appendingPathComponent("\(page).read.txt"), encoding: .utf8)
        }
        return (reading, texts)
    }

    /// lshort-ko p. 21 sets its syntax lines centred in frames, in a code font with italic
    /// arguments. Tesseract alone dropped both lines and read "{" as "f".
    @Test func framedCodeLinesOfAKoreanScanAreReadVerbatim() throws {
        let (reading, texts) = try readScan("lshort-ko.pdf", 21, 21)
        let lines = Set((texts[21] ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for display in [#"\documentclass[options]{class}"#, #"\usepackage[options]{package}"#] {
            #expect(lines.contains(display), "\(display) among \(lines.sorted())")
        }
        let page = try #require(reading.pages.first)
        #expect(page.missing.isEmpty, "lines without Hangul not read: \(page.missing)")
        #expect(page.cer <= 0.03, "CER \(page.cer)")
        // Hangul prose around the frames is still read as such.
        #expect(texts[21]?.contains("문서 클래스") == true)
    }

    /// lshort-ko p. 18 sets two listings of code beside what they print. Read as one block, row
    /// by row across both sides, the listing and its output came out interleaved and garbled
    /// (13% CER); read a side at a time (`PageSides`), each listing is whole, and before its
    /// output, as the text layer has them.
    @Test func codeBesideWhatItPrintsIsReadASideAtATime() throws {
        let (reading, texts) = try readScan("lshort-ko.pdf", 18, 18)
        let lines = (texts[18] ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func line(_ text: String) -> Int? { lines.firstIndex { $0.contains(text) } }
        let listingEnd = try #require(line("icexpialidocious"), "the first listing's last line in \(lines)")
        let output = try #require(line("This is an example: Supercal"), "its output in \(lines)")
        #expect(listingEnd < output)
        let secondEnd = try #require(line("\\end{comment}"), "the second listing's \\end{comment} in \(lines)")
        let secondOutput = try #require(line("This is another example for embedding com"), "its output in \(lines)")
        #expect(secondEnd < secondOutput)
        let page = try #require(reading.pages.first)
        #expect(page.cer <= 0.1, "CER \(page.cer)")
    }

    /// An English manual's pages with code examples and a table of operators.
    @Test func anEnglishScanIsReadWithinThreePercent() throws {
        let (reading, texts) = try readScan("R-intro.pdf", 12, 13)
        #expect(reading.cer <= 0.03, "CER \(reading.cer)")
        #expect(texts.values.allSatisfy { !$0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } },
                "no Hangul read into an English page")
    }

    /// lshort-ko pp. 23-24: the Hangul model boxed "LATEX은" as one piece and read only 은; a
    /// file name's box ran on over the next one ("ltexscale.dtx에 dtx에"); a file name of a list
    /// read as digits (".log" as ".108") or with a dash (".lot" as "-lot").
    @Test func everyWordOfAKoreanScanIsReadOnce() throws {
        let (_, texts) = try readScan("lshort-ko.pdf", 23, 24)
        let lines = (texts[23] ?? "").split(separator: "\n") + (texts[24] ?? "").split(separator: "\n")
        let logo = try #require(lines.first { $0.contains("세 종류의") })
        let word = logo.prefix { $0 != " " }
        #expect(word.hasSuffix("은") && word.filter(\.isLetter).count >= 4, "the letters before 은: \(logo)")
        let words = lines.flatMap { $0.split(separator: " ") }
        for (word, next) in zip(words, words.dropFirst()) where next.count >= 3 {
            #expect(!word.hasSuffix(next), "read twice: \(word) \(next)")
        }
        for name in [".log", ".lot"] {
            #expect(lines.contains { $0.hasPrefix(name + " ") }, "\(name) opens its line")
        }
    }

    /// lshort-ko p. 22's table of class options: the English re-read turned "a4paper" into
    /// "adpaper" and "11pt" into "1ipt", where the Hangul model had read them right.
    @Test func optionsOfLettersAndDigitsAreReadVerbatim() throws {
        let (reading, _) = try readScan("lshort-ko.pdf", 22, 22)
        #expect(reading.pages.first?.missing == [], "lines without Hangul not read: \(reading.pages.first?.missing ?? [])")
    }

    /// cjk-ko-doc p. 3, a Korean package manual: its list items' bullets
    /// and its em dashes, which the Hangul model read as "e", "*", "°" and as the jamo ᅳ.
    @Test func bulletsAndDashesOfAKoreanManualAreKept() throws {
        let (_, texts) = try readScan("cjk-ko-doc.pdf", 3, 3)
        let text = texts[3] ?? ""
        let bullets = text.split(separator: "\n").filter { $0.hasPrefix("• ") }.count
        #expect(bullets >= 6, "\(bullets) bullets of 10 in \(text)")
        #expect(text.contains("—") && !text.unicodeScalars.contains("\u{1173}"))
    }

    /// cjk-ko-doc pp. 2-4 (issue 16: within 3%): TeX's logos with their lowered E, read "TpX"
    /// and "Xalex"; a running header in a link's border, read ">?*52-"; bullets read into the
    /// option after them (" nsecjktifont]").
    @Test func aKoreanPackageManualIsReadWithinThreePercent() throws {
        let (reading, texts) = try readScan("cjk-ko-doc.pdf", 2, 4)
        #expect(reading.cer <= 0.03, "CER \(reading.cer)")
        let lines = (2...4).flatMap { (texts[$0] ?? "").split(separator: "\n") }
        #expect(lines.first?.hasPrefix("7 License") == true, "header: \(lines.first ?? "")")
        #expect(lines.contains { $0.hasPrefix("• ko.TEX과") } && lines.contains { $0.contains("LuaTEX") })
        #expect(lines.contains { $0.hasPrefix("• [usecjk") }, "a bullet apart from the option after it")
    }

    /// The measure itself: edits counted over characters, whitespace left out.
    @Test func characterErrorRateIgnoresSpacingOnly() {
        let page = ScanQuality.compare(read: "문서 클래스\n\\documentclass[options] {class}", reference: "문서클래스\n\\documentclass[options]{class}", page: 1)
        #expect(page.errors == 0 && page.missingLatinLines.isEmpty)
        let wrong = ScanQuality.compare(read: "문서 클래스\n\\documentclass[options]fclass}", reference: "문서 클래스\n\\documentclass[options]{class}", page: 1)
        #expect(wrong.errors == 1 && wrong.missingLatinLines == [#"\documentclass[options]{class}"#])
        // Emphasis dots over syllables are no letters; a mark on a Latin letter is one.
        #expect(ScanQuality.compare(read: "현대 한국어", reference: "현\u{307}대\u{307} 한\u{307}국\u{307}어\u{307}", page: 1).errors == 0)
        #expect(ScanQuality.compare(read: "cafe", reference: "cafe\u{301}", page: 1).errors == 1)
    }
}
