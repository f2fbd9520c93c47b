import Foundation
import NotioAnalysis
import NotioCore
import NotioMedia
import NotioStore

extension MediaError: UserFacingError {
    /// Korean first, then the worker's own English sentence (which carries counts and limits).
    var userMessage: String {
        let korean: String? = switch code {
        case "empty_file": "빈 파일이에요."
        case "not_a_pdf": "PDF 파일이 아니에요."
        case "encrypted_pdf": "암호가 걸린 PDF는 읽을 수 없어요. 암호를 풀고 다시 올려 주세요."
        case "damaged_pdf": "PDF 파일이 손상되었거나 끝까지 올라오지 않아 읽을 수 없어요."
        case "too_many_pages": "페이지가 너무 많아요."
        case "too_large": "파일이 너무 커요."
        case "timeout": "PDF를 읽는 데 너무 오래 걸려서 멈췄어요."
        case "worker_crashed": "PDF를 읽다가 처리가 멈췄어요. 파일이 손상되었을 수 있어요."
        case "ocr_unavailable": "스캔한 PDF를 읽을 OCR 엔진을 찾지 못했어요."
        case "not_found", "file_missing": "업로드한 파일을 찾을 수 없어요. 다시 올려 주세요."
        case "no_text": nil
        default: "PDF를 읽지 못했어요."
        }
        return korean.map { "\($0) (\(message))" } ?? message
    }
}

extension AnalysisError: UserFacingError {
    var userMessage: String { message }
}

/// The `analyse-note` job: text out of the PDF in the isolated worker (OCR for scanned pages),
/// analysis by the configured provider, then everything saved in one transaction.
struct NoteAnalysisJob {
    static let kind = "analyse-note"

    let store: Store
    let files: FileStorage
    let media: MediaWorkerClient
    let provider: any AnalysisProvider
    /// The application's clock (when the note was titled, completed or failed).
    let clock: @Sendable () -> Date

    func run(_ ctx: JobContext) async throws {
        guard let noteId = ctx.job.noteId else { throw CancellationError() }
        let owner = ctx.job.ownerId
        guard let path = try files.localPath(FileStorage.notePDF(noteId)) else {
            throw MediaError(code: "file_missing", message: "업로드한 파일을 찾을 수 없어요. 다시 올려 주세요. (The uploaded file is gone; upload it again.)")
        }
        ctx.report(stage: "extract", progress: 0.02)
        let document = try await media.extractPDF(at: path) { stage in
            switch stage {
            case .extracting(let page, let of):
                ctx.report(stage: "extract", progress: 0.02 + 0.18 * Double(page) / Double(max(of, 1)), page: page, pages: of)
            case .ocr(let page, let of):
                ctx.report(stage: "ocr", progress: 0.2 + 0.4 * Double(page) / Double(max(of, 1)), page: page, pages: of)
            }
        }
        try Task.checkCancellation()
        let meaningful = document.pages.reduce(0) { $0 + $1.text.filter { !$0.isWhitespace }.count }
        guard meaningful >= 20 else {
            throw MediaError(code: "no_text", message: "이 PDF에서 읽을 수 있는 글자를 찾지 못했어요. (No readable text was found in this PDF.)")
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
            try? store.failNote(id: noteId, error: message ?? "분석에 실패했어요.", at: clock())
        }
    }
}
