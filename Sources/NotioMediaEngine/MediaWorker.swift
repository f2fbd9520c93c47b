import Foundation
import NotioMedia
import NotioCore

/// The isolated worker: `notio-worker` runs PDF and OCR work in a child process so that a crash
/// or a hang in poppler or tesseract fails one job, never the server.
///
/// Protocol: one JSON request line on stdin, e.g.
/// `{"op":"extractPDF","path":"/tmp/x.pdf","maxPages":500,"ocr":true,"ocrMinChars":20,"ocrDPI":300,"ocrThreads":2}`;
/// on stdout, lines `{"progress":{"stage":"extract"|"ocr","page":n,"pages":m}}`, then one
/// `{"result":<ExtractedDocument>}` or `{"error":{"code":...,"message":...}}`.
public enum MediaWorker {
    /// Entry point of `notio-worker`; returns the exit status (0 also when it reported an error).
    public static func main(arguments: [String]) -> Int32 {
        // A crash in a parser should leave no core file of an untrusted document behind.
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)

        guard let line = readLine(strippingNewline: true),
              let request = try? JSONDecoder().decode(WorkerRequest.self, from: Data(line.utf8)) else {
            write(WorkerLine(error: MediaError(code: "bad_request", message: "The worker got no valid request.")))
            return 2
        }
        do {
            switch request.op {
            case "extractPDF":
                // A scan keeps every core busy for minutes: below the server and the warm OCR
                // workers that answer underline photos, so a reader waiting on one is served first.
                setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
                write(WorkerLine(result: try extractPDF(request)))
            default:
                write(WorkerLine(error: MediaError(code: "bad_request", message: "Unknown operation \(request.op).")))
                return 2
            }
        } catch let error as MediaError {
            write(WorkerLine(error: error))
        } catch {
            write(WorkerLine(error: MediaError(code: "worker_failed", message: "The document could not be read.")))
        }
        return 0
    }

    static func extractPDF(_ request: WorkerRequest) throws -> ExtractedDocument {
        let defaults = PDFExtractionOptions()
        let options = PDFExtractionOptions(
            maxPages: request.maxPages ?? defaults.maxPages,
            ocr: request.ocr ?? defaults.ocr,
            ocrMinChars: request.ocrMinChars ?? defaults.ocrMinChars,
            ocrDPI: request.ocrDPI ?? defaults.ocrDPI,
            ocrThreads: request.ocrThreads ?? defaults.ocrThreads)
        guard let path = request.path, let data = FileManager.default.contents(atPath: path) else {
            throw MediaError(code: "not_found", message: "The uploaded file could not be found.")
        }
        return try PDFExtractor.extract(data: data, options: options, progress: { stage in
            write(WorkerLine(stage))
        })
    }

    private static func write(_ line: WorkerLine) {
        guard var data = try? JSONEncoder().encode(line) else { return }
        data.append(0x0A)
        WorkerOutput.write(data)
    }
}

extension MediaWorker {
    /// `notio-worker scan SOURCE FIRST LAST OUT [DPI]`: an image-only copy of pages FIRST...LAST of a
    /// PDF at DPI (150 unless given), for measuring and testing the OCR path on real pages.
    public static func scan(arguments: [String]) -> Int32 {
        guard (4...5).contains(arguments.count), let first = Int(arguments[1]), let last = Int(arguments[2]), first <= last,
              let dpi = arguments.count == 5 ? Double(arguments[4]) : 150 else {
            FileHandle.standardError.write(Data("usage: notio-worker scan SOURCE FIRST LAST OUT [DPI]\n".utf8))
            return 2
        }
        do {
            let pdf = try PDFText(data: try Data(contentsOf: URL(fileURLWithPath: arguments[0])))
            try pdf.writeScannedCopy(pages: first...last, dpi: dpi, to: arguments[3])
            return 0
        } catch {
            FileHandle.standardError.write(Data("notio-worker scan: \(error)\n".utf8))
            return 1
        }
    }
}
