import Foundation
import NotioMedia
import NotioCore

/// What `PDFExtractor` may do with one document.
public struct PDFExtractionOptions: Codable, Sendable, Equatable {
    /// Documents with more pages are refused before any page is read.
    public var maxPages: Int
    /// Read pages with too little text by OCR.
    public var ocr: Bool
    /// A page with fewer non-space characters than this is a candidate for OCR.
    public var ocrMinChars: Int
    /// Resolution pages are rendered at for OCR.
    public var ocrDPI: Int
    /// Pages recognised at once, one engine each (`NOTIO_OCR_THREADS`; default: the cores).
    public var ocrThreads: Int

    public init(maxPages: Int = 500, ocr: Bool = true, ocrMinChars: Int = 20, ocrDPI: Int = 300,
                ocrThreads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.maxPages = maxPages; self.ocr = ocr; self.ocrMinChars = ocrMinChars; self.ocrDPI = ocrDPI
        self.ocrThreads = max(1, ocrThreads)
    }
}


/// PDF bytes → `ExtractedDocument`: text page by page (cleaned), OCR for scanned pages, the
/// outline and the metadata title. Runs in the worker process; see `MediaWorkerClient`.
public enum PDFExtractor {
    /// Extracts a document. `makeEngine` is called once per OCR thread, only if a page needs OCR.
    public static func extract(
        data: Data,
        options: PDFExtractionOptions,
        makeEngine: @Sendable () throws -> OCREngine = { try OCREngine() },
        progress: (ExtractionStage) -> Void = { _ in }
    ) throws -> ExtractedDocument {
        let pdf = try PDFText(data: data)
        let count = pdf.pageCount
        guard count <= options.maxPages else { throw MediaError.tooManyPages(count, limit: options.maxPages) }

        var raw: [String] = []
        raw.reserveCapacity(count)
        var spans: [PageSpans?] = []
        spans.reserveCapacity(count)
        var scanned: [Int] = []
        var broken = Set<Int>()
        for index in 0..<count {
            let text = pdf.rawText(page: index)
            raw.append(text)
            spans.append(pdf.glyphs(page: index).map(PageLines.spans))
            if options.ocr, TextLayerJudge.judge(text).isBroken {
                broken.insert(index)
                scanned.append(index)
            } else if options.ocr, needsOCR(pdf, page: index, text: text, minChars: options.ocrMinChars) {
                scanned.append(index)
            }
            progress(.extracting(page: index + 1, of: count))
        }

        // Pages rebuilt from where their characters sit (headers and footers out, tables row by
        // row, wrapped headings joined); the plain text where poppler gives no layout.
        let rules = TextCleanup.koreanLineRules(in: raw)
        let join = { (line: String, next: String) in
            TextCleanup.joinWrapped(line, next, koreanBreaks: rules.breaks, spacing: rules.spacing)
        }
        let body = PageLines.bodyStyle(spans)
        let running = PageLines.runningSpans(spans, bodySize: body.size)
        var lines = [[TextLine]?](repeating: nil, count: count)
        for index in 0..<count {
            guard let page = spans[index], !page.spans.isEmpty else { continue }
            let rebuilt = PageLines.page(page, dropped: running[index], body: body, join: join)
            raw[index] = rebuilt.text
            lines[index] = rebuilt.lines
        }
        spans = []

        var texts = TextCleanup.clean(pages: raw)
        if !scanned.isEmpty {
            // A broken layer decoded by the glyph map learned from OCR of its first pages keeps its
            // exact text and its layout, and spares OCR on the rest; a page the map cannot decode
            // whole is read by OCR.
            let learnFrom = Set(broken.sorted().prefix(pagesToLearnFrom))
            var read = try OCRPages.recognise(scanned.filter { !broken.contains($0) || learnFrom.contains($0) }, of: data,
                                              options: options, makeEngine: makeEngine, progress: progress)
            let repair = TextLayerRepair(pages: learnFrom.sorted().compactMap { i in read[i].map { (layer: texts[i], ocr: $0) } })
            var decoded: [Int: String] = [:]
            for index in broken { decoded[index] = repair.decode(texts[index]) }
            let undecoded = broken.filter { !learnFrom.contains($0) && decoded[$0] == nil }.sorted()
            if !undecoded.isEmpty {
                let done = read.count
                read.merge(try OCRPages.recognise(undecoded, of: data, options: options, makeEngine: makeEngine,
                                                  counted: done, of: done + undecoded.count, progress: progress)) { $1 }
            }
            for index in scanned {
                if let text = decoded[index] {
                    texts[index] = text
                    lines[index] = lines[index]?.map { line in
                        var line = line
                        line.text = repair.decode(line.text) ?? line.text
                        line.cells = line.cells?.map { repair.decode($0) ?? $0 }
                        return line
                    }
                } else if let text = read[index] {
                    texts[index] = TextCleanup.clean(text)
                    lines[index] = nil
                }
            }
        }

        return ExtractedDocument(
            pages: texts.enumerated().map { SourcePage(number: $0.offset + 1, text: $0.element, lines: lines[$0.offset]) },
            outline: pdf.outline,
            metadataTitle: pdf.metadataTitle,
            ocrPages: scanned.map { $0 + 1 })
    }

    /// Broken pages read by OCR to learn their font's glyph map: enough for the votes to agree.
    static let pagesToLearnFrom = 4

    /// A page needs OCR when it has too little text and something drawn on it: an image, or (for
    /// text drawn as outlines) ink visible in a coarse rendering. (A page whose text layer is
    /// broken, `TextLayerJudge`, is read by OCR too.)
    static func needsOCR(_ pdf: PDFText, page index: Int, text: String, minChars: Int) -> Bool {
        let characters = text.unicodeScalars.lazy.filter { !$0.properties.isWhitespace }.count
        guard characters < minChars else { return false }
        if pdf.hasImages(page: index) { return true }
        guard let (preview, _) = pdf.renderGray(page: index, dpi: 24) else { return false }
        let ink = preview.pixels.lazy.filter { $0 < 128 }.count
        return ink * 500 > preview.pixels.count
    }
}
