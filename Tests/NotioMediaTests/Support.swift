import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// Files the media tests read: real PDFs from Debian packages (`scripts/fetch-test-pdfs.sh`,
/// run by `make test`) and the built `notio-worker` binary (built by `swift build`).
enum TestFiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let pdfs = root.appendingPathComponent(".cache/pdfs")
    static let havePDFs = FileManager.default.fileExists(atPath: pdfs.appendingPathComponent("lshort-ko.pdf").path)
        && FileManager.default.fileExists(atPath: pdfs.appendingPathComponent("R-intro.pdf").path)
    static let missingPDFs: Comment = "real PDFs missing: run scripts/fetch-test-pdfs.sh (make test does)"

    static func pdf(_ name: String) -> String { pdfs.appendingPathComponent(name).path }

    /// The `notio-worker` binary next to the test bundle, else in `.build/debug`.
    static let notio: String = {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("notio-worker").path
        if FileManager.default.isExecutableFile(atPath: besideTests) { return besideTests }
        return root.appendingPathComponent(".build/debug/notio-worker").path
    }()
    static let haveNotio = FileManager.default.isExecutableFile(atPath: notio)
    static let missingNotio: Comment = "the notio-worker binary is missing: run swift build before swift test"

    /// mecab-ko-dic, put into the tree by `scripts/fetch-korean-dictionary.sh` (run by `make test`).
    static let koreanDictionary = root.appendingPathComponent(KoreanDictionary.treeFolder).path
    static let haveKoreanDictionary = FileManager.default.fileExists(atPath: koreanDictionary + "/sys.dic")
    static let missingKoreanDictionary: Comment = "mecab-ko-dic missing: run scripts/fetch-korean-dictionary.sh (make test does)"
    static let koreanModel = root.appendingPathComponent(KoreanModelFolder.treeFolder).path
    static let haveKoreanModel = FileManager.default.fileExists(atPath: koreanModel + "/cong.mdl")
    static let missingKoreanModel: Comment = "Kiwi's model missing: run scripts/build-korean-model.sh (make test does)"

    /// A fresh temporary directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("notio-media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A scanned copy of lshort-ko.pdf's pages 21–22 (Korean prose), kept next to the PDFs.
    static let scannedKorean: String? = {
        let path = pdf("scanned-lshort-ko-21-22.pdf")
        if FileManager.default.fileExists(atPath: path) { return path }
        let partial = path + ".\(getpid())"
        guard havePDFs, let data = FileManager.default.contents(atPath: pdf("lshort-ko.pdf")),
              let source = try? PDFText(data: data),
              (try? source.writeScannedCopy(pages: 21...22, dpi: 150, to: partial)) != nil,
              rename(partial, path) == 0 else { return nil }
        return path
    }()

    /// A PDF whose standard security handler wants a password we do not have.
    static func encryptedPDF() -> Data {
        let hex = { (count: Int) in (0..<count).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined() }
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
            "<< /Filter /Standard /V 1 /R 2 /O <\(hex(32))> /U <\(hex(32))> /P -4 >>",
        ]
        var body = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(body.utf8.count)
            body += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = body.utf8.count
        body += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { body += String(format: "%010d 00000 n \n", offset) }
        let id = hex(16)
        body += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R /Encrypt 4 0 R /ID [<\(id)> <\(id)>] >>\n"
        body += "startxref\n\(xref)\n%%EOF\n"
        return Data(body.utf8)
    }
}

/// Collects progress reports from the worker's thread.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stages: [ExtractionStage] = []

    func record(_ stage: ExtractionStage) {
        lock.lock(); stages.append(stage); lock.unlock()
    }

    var all: [ExtractionStage] {
        lock.lock(); defer { lock.unlock() }
        return stages
    }
}
