import Foundation

/// `notio-worker read-scan SOURCE FIRST LAST DPI [TEXT_DIR]`: scans pages FIRST…LAST of a real
/// PDF at DPI into an image-only PDF, reads it back through `PDFExtractor` (the worker's own OCR
/// path, an engine per core) and prints one JSON line: per page the character error rate against
/// the source's text layer and the text-layer lines without Hangul that OCR lost; overall the
/// error rate and the extraction's milliseconds. With TEXT_DIR, writes each page's reading and
/// reference there (for looking at the errors).
extension MediaWorker {
    public static func readScan(arguments: [String]) -> Int32 {
        guard (4...5).contains(arguments.count), let first = Int(arguments[1]), let last = Int(arguments[2]),
              first <= last, let dpi = Double(arguments[3]) else {
            FileHandle.standardError.write(Data("usage: notio-worker read-scan SOURCE FIRST LAST DPI [TEXT_DIR]\n".utf8))
            return 2
        }
        let scanPath = NSTemporaryDirectory() + "notio-scan-\(getpid()).pdf"
        defer { try? FileManager.default.removeItem(atPath: scanPath) }
        do {
            let source = try Data(contentsOf: URL(fileURLWithPath: arguments[0]))
            let (pages, ms) = try ScanQuality.measure(source: source, pages: first...last, dpi: dpi, scanPath: scanPath)
            if arguments.count == 5 {
                for page in pages {
                    try page.read.write(toFile: "\(arguments[4])/\(page.number).read.txt", atomically: true, encoding: .utf8)
                    try page.reference.write(toFile: "\(arguments[4])/\(page.number).layer.txt", atomically: true, encoding: .utf8)
                }
            }
            let errors = pages.reduce(0) { $0 + $1.errors }, length = pages.reduce(0) { $0 + $1.length }
            let line = ReadScanLine(
                pages: pages.map {
                    .init(page: $0.number, cer: $0.characterErrorRate, errors: $0.errors, length: $0.length,
                          latinLines: $0.latinLines.count, missing: $0.missingLatinLines)
                },
                cer: length == 0 ? 0 : Double(errors) / Double(length),
                latinLines: pages.reduce(0) { $0 + $1.latinLines.count },
                missingLatinLines: pages.reduce(0) { $0 + $1.missingLatinLines.count },
                ms: ms)
            var data = try JSONEncoder().encode(line)
            data.append(0x0A)
            WorkerOutput.write(data)
            return 0
        } catch {
            FileHandle.standardError.write(Data("notio-worker read-scan: \(error)\n".utf8))
            return 1
        }
    }
}

private struct ReadScanLine: Encodable {
    struct Page: Encodable {
        var page: Int
        var cer: Double
        var errors: Int
        var length: Int
        var latinLines: Int
        var missing: [String]
    }
    var pages: [Page]
    var cer: Double
    var latinLines: Int
    var missingLatinLines: Int
    var ms: Double
}
