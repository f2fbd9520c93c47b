import Foundation
import NotioAnalysis
import NotioCore
import NotioMedia
import NotioStore

/// A PDF the worker could not read: the reason by its code (`failure.not_a_pdf`…).
extension MediaError: JobFailure {
    var failureReason: String {
        let key = "failure.\(code == "not_found" ? "file_missing" : code)"
        return L10n.has(key) ? key : FailureReason.unreadable
    }
}

/// The analysis provider refused or failed; its own words go to the log.
extension AnalysisError: JobFailure {
    var failureReason: String { "failure.analysis" }
}

/// A failure whose reason names a limit of this server.
struct NoteFailure: JobFailure {
    var failureReason: String
}

/// The `analyse-note` job: text out of the PDF in the isolated worker (OCR for scanned pages),
/// analysis by the configured provider, then everything saved in one transaction.
struct NoteAnalysisJob {
    static let kind = "analyse-note"

    let store: Store
    let files: FileStorage
    let media: MediaWorkerClient
    /// Korean words for the offline analyser, by MeCab in the warm OCR workers.
    let tagger: any KoreanTagger
    let provider: any AnalysisProvider
    /// The application's clock (when the note was titled, completed or failed).
    let clock: @Sendable () -> Date

    func run(_ ctx: JobContext) async throws {
        guard let noteId = ctx.job.noteId else { throw CancellationError() }
        let owner = ctx.job.ownerId
        guard let path = try files.localPath(FileStorage.notePDF(noteId)) else {
            throw MediaError(code: "file_missing", message: "The uploaded file is gone; upload it again.")
        }
        ctx.report(stage: "extract", progress: 0.02)
        let document: ExtractedDocument
        do {
            document = try await media.extractPDF(at: path) { stage in
                switch stage {
                case .extracting(let page, let of):
                    ctx.report(stage: "extract", progress: 0.02 + 0.18 * Double(page) / Double(max(of, 1)), page: page, pages: of)
                case .ocr(let page, let of):
                    ctx.report(stage: "ocr", progress: 0.2 + 0.4 * Double(page) / Double(max(of, 1)), page: page, pages: of)
                }
            }
        } catch let e as MediaError where e.code == "too_many_pages" {
            throw NoteFailure(failureReason: FailureReason.stored("failure.too_many_pages", String(media.limits.maxPages)))
        }
        try Task.checkCancellation()
        let meaningful = document.pages.reduce(0) { $0 + $1.text.filter { !$0.isWhitespace }.count }
        guard meaningful >= 20 else {
            throw MediaError(code: "no_text", message: "No readable text was found in this PDF.")
        }
        // One title from here on: found in the document now, shown on the progress page and in
        // the list while the analysis runs, and kept whichever provider analyses.
        let title = OfflineAnalyser.title(of: document)
        if !title.isEmpty { try store.setFoundTitle(id: noteId, owner: owner, title: title, at: clock()) }
        ctx.report(stage: "analyse", progress: 0.6)
        let report: AnalysisProgress = { p in ctx.report(stage: "analyse", progress: 0.6 + 0.35 * p) }
        var analysis: NoteAnalysis
        if let gemini = provider as? GeminiProvider {
            // Gemini can read a scanned PDF itself; it decides from the document whether to send it.
            analysis = try await gemini.analyse(document, pdfData: try? Data(contentsOf: URL(fileURLWithPath: path)), progress: report)
        } else if let offline = provider as? OfflineAnalyser {
            // Words by the workers' MeCab: the server never maps the dictionary itself.
            analysis = try await offline.analyse(document, tagger: tagger, progress: report)
        } else {
            analysis = try await provider.analyse(document, progress: report)
        }
        if !title.isEmpty { analysis.title = title }
        try Task.checkCancellation()
        ctx.report(stage: "save", progress: 0.96)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        try store.completeNote(id: noteId, owner: owner, document: document, analysis: analysis, fileSize: size, at: clock())
    }

    /// A failed job leaves a failed note with the reason; a cancelled one leaves nothing.
    func cleanup(_ job: Job, cancelled: Bool, message: String?) {
        guard let noteId = job.noteId else { return }
        if cancelled {
            _ = try? store.deleteNote(id: noteId, owner: job.ownerId)
            files.remove(FileStorage.notePDF(noteId))
        } else {
            try? store.failNote(id: noteId, error: message ?? FailureReason.generic, at: clock())
        }
    }
}
