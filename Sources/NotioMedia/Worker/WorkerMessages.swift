import Foundation
import NotioCore

/// The one request `notio-worker` reads, as a JSON line on stdin: `extractPDF` (the PDF at
/// `path`, with the limits).
package struct WorkerRequest: Codable, Sendable {
    package var op: String
    package var path: String?
    package var maxPages: Int?
    package var ocr: Bool?
    package var ocrMinChars: Int?
    package var ocrDPI: Int?
    package var ocrThreads: Int?
}

/// One JSON line the worker writes to stdout: progress lines, then one result or one error.
package struct WorkerLine: Codable, Sendable {
    package struct Progress: Codable, Sendable {
        package var stage: String
        package var page: Int
        package var pages: Int
    }

    package var progress: Progress?
    package var result: ExtractedDocument?
    package var error: MediaError?

    package init(progress: Progress? = nil, result: ExtractedDocument? = nil, error: MediaError? = nil) {
        self.progress = progress; self.result = result; self.error = error
    }

    /// An answer, as opposed to a progress line.
    package var isAnswer: Bool { result != nil }

    package init(_ stage: ExtractionStage) {
        switch stage {
        case let .extracting(page, pages): progress = Progress(stage: "extract", page: page, pages: pages)
        case let .ocr(page, pages): progress = Progress(stage: "ocr", page: page, pages: pages)
        }
    }

    package var stage: ExtractionStage? {
        guard let progress else { return nil }
        switch progress.stage {
        case "extract": return .extracting(page: progress.page, of: progress.pages)
        case "ocr": return .ocr(page: progress.page, of: progress.pages)
        default: return nil
        }
    }
}
