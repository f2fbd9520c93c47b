import Foundation
import NotioCore

/// The one request `notio worker` reads, as a JSON line on stdin.
struct WorkerRequest: Codable, Sendable {
    var op: String
    var path: String
    var maxPages: Int?
    var ocr: Bool?
    var ocrMinChars: Int?
    var ocrDPI: Int?
}

/// One JSON line the worker writes to stdout: progress lines, then one result or one error.
struct WorkerLine: Codable, Sendable {
    struct Progress: Codable, Sendable {
        var stage: String
        var page: Int
        var pages: Int
    }

    var progress: Progress?
    var result: ExtractedDocument?
    var error: MediaError?

    init(progress: Progress? = nil, result: ExtractedDocument? = nil, error: MediaError? = nil) {
        self.progress = progress; self.result = result; self.error = error
    }

    init(_ stage: ExtractionStage) {
        switch stage {
        case let .extracting(page, pages): progress = Progress(stage: "extract", page: page, pages: pages)
        case let .ocr(page, pages): progress = Progress(stage: "ocr", page: page, pages: pages)
        }
    }

    var stage: ExtractionStage? {
        guard let progress else { return nil }
        switch progress.stage {
        case "extract": return .extracting(page: progress.page, of: progress.pages)
        case "ocr": return .ocr(page: progress.page, of: progress.pages)
        default: return nil
        }
    }
}
