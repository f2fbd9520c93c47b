import Foundation
import NotioCore
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// The OCR path on real pages: lshort-ko.pdf pages 21–22 as pictures only, read back.
@Suite(.serialized, .enabled(if: TestFiles.havePDFs && TestFiles.haveNotio, "needs the test PDFs and the notio binary"))
struct OCRTests {
    /// Hangul syllables of `text` as a multiset.
    func syllables(_ text: String) -> [Unicode.Scalar: Int] {
        text.unicodeScalars.filter { (0xAC00...0xD7A3).contains($0.value) }.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    @Test func scannedPagesAreReadByOCRInTheWorker() async throws {
        let scanned = try #require(TestFiles.scannedKorean)
        let original = try PDFExtractor.extract(
            data: try #require(FileManager.default.contents(atPath: TestFiles.pdf("lshort-ko.pdf"))),
            options: PDFExtractionOptions(ocr: false))
        let log = ProgressLog()
        let started = Date()
        let document = try await MediaWorkerClient(executable: TestFiles.notio, limits: MediaLimits())
            .extractPDF(at: scanned) { log.record($0) }
        let seconds = Date().timeIntervalSince(started)

        #expect(document.ocrPages == [1, 2])
        #expect(log.all.contains(.ocr(page: 2, of: 2)))
        for (index, page) in document.pages.enumerated() {
            let expected = syllables(original.pages[20 + index].text)
            let found = syllables(page.text)
            let matched = expected.reduce(0) { $0 + min($1.value, found[$1.key] ?? 0) }
            let total = expected.values.reduce(0, +)
            #expect(total > 300)
            #expect(Double(matched) >= 0.85 * Double(total), "page \(index + 1): \(matched) of \(total) syllables")
        }
        print("OCR of 2 scanned pages through the worker: \(String(format: "%.1f", seconds)) s")
    }

    @Test func cancellingKillsTheWorker() async throws {
        let scanned = try #require(TestFiles.scannedKorean)
        let pids = PidLog()
        var client = MediaWorkerClient(executable: TestFiles.notio, limits: MediaLimits())
        client.launched = { pids.record($0) }
        let task = Task {
            try await client.extractPDF(at: scanned) { _ in }
        }
        // Cancel once the worker is busy with the first OCR page.
        var pid: Int32?
        for _ in 0..<200 where pid == nil {
            try await Task.sleep(nanoseconds: 20_000_000)
            pid = pids.first
        }
        let child = try #require(pid)
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(kill(child, 0) == 0, "the worker runs before the cancel")
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(kill(child, 0) == -1 && errno == ESRCH, "the worker \(child) is gone")
    }

    @Test func engineGivesEojeolWithBoxes() throws {
        let data = try #require(FileManager.default.contents(atPath: TestFiles.pdf("lshort-ko.pdf")))
        let pdf = try PDFText(data: data)
        let (image, dpi) = try #require(pdf.renderGray(page: 20, dpi: 300))
        let engine = try OCREngine()
        let result = engine.recognise(image, dpi: Int(dpi))
        let words = Set(result.words.map(\.text))
        for eojeol in ["클래스를", "기본적인", "문서의", "작성자가"] {
            #expect(words.contains(eojeol), "\(eojeol) among \(result.words.prefix(40).map(\.text))")
        }
        #expect(result.words.allSatisfy { $0.box.width > 0 && $0.box.height > 0 && $0.box.x + $0.box.width <= image.width })
        let lines = result.words.map(\.line)
        #expect(lines == lines.sorted())
    }
}

final class PidLog: @unchecked Sendable {
    private let lock = NSLock()
    private var pids: [Int32] = []
    func record(_ pid: Int32) { lock.lock(); pids.append(pid); lock.unlock() }
    var first: Int32? { lock.lock(); defer { lock.unlock() }; return pids.first }
}
