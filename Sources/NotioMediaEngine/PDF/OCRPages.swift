import Foundation
import NotioMedia

/// Recognises the pages of one PDF on several threads: each thread opens the document and an OCR
/// engine of its own (neither poppler's document nor Tesseract's engine may be shared between
/// threads) and takes the next page left, so a scan keeps every core busy.
enum OCRPages {
    /// Page index → recognised text; pages that could not be rendered are absent. Progress counts
    /// pages in the order they finish, from one thread at a time, after `counted` pages of `total`
    /// read before.
    static func recognise(_ pages: [Int], of data: Data, options: PDFExtractionOptions,
                          makeEngine: @Sendable () throws -> OCREngine,
                          counted: Int = 0, of total: Int? = nil,
                          progress: (ExtractionStage) -> Void) throws -> [Int: String] {
        guard !pages.isEmpty else { return [:] }
        let shared = Shared(pages: pages, counted: counted, total: total ?? counted + pages.count)
        let threads = min(options.ocrThreads, pages.count)
        withoutActuallyEscaping(progress) { progress in
            let report = UncheckedProgress(progress)
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                do {
                    let pdf = try PDFText(data: data)
                    let engine = try makeEngine()
                    while let index = shared.next() {
                        guard let (rendered, dpi) = pdf.renderGray(page: index, dpi: Double(options.ocrDPI)) else {
                            shared.finish(index, text: nil, report: report); continue
                        }
                        var image = rendered
                        PageRules.whiten(&image, dpi: dpi)
                        let text = PageSides.read(image, dpi: dpi) { engine.recognise($0, dpi: Int(dpi.rounded()), latinLines: true).text }
                        shared.finish(index, text: text, report: report)
                    }
                } catch {
                    shared.fail(error)
                }
            }
        }
        return try shared.result()
    }

    /// The queue of pages and what was read, behind one lock.
    private final class Shared: @unchecked Sendable {
        private let lock = NSLock()
        private var queue: ArraySlice<Int>
        private let total: Int
        private var done = 0
        private var texts: [Int: String] = [:]
        private var error: (any Error)?

        init(pages: [Int], counted: Int, total: Int) { queue = pages[...]; done = counted; self.total = total }

        func next() -> Int? {
            lock.withLock { error == nil ? queue.popFirst() : nil }
        }

        func finish(_ index: Int, text: String?, report: UncheckedProgress) {
            lock.withLock {
                if let text { texts[index] = text }
                done += 1
                report.call(.ocr(page: done, of: total))
            }
        }

        func fail(_ error: any Error) { lock.withLock { if self.error == nil { self.error = error } } }

        func result() throws -> [Int: String] {
            try lock.withLock {
                if let error { throw error }
                return texts
            }
        }
    }

    /// The caller's progress callback, called only under `Shared`'s lock, so never at once.
    private struct UncheckedProgress: @unchecked Sendable {
        let call: (ExtractionStage) -> Void
        init(_ call: @escaping (ExtractionStage) -> Void) { self.call = call }
    }
}
