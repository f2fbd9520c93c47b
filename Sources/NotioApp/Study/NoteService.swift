import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// Accepting an uploaded PDF and deleting notes: the rules shared by the pages and the API.
struct NoteService: Sendable {
    let store: Store
    let files: FileStorage
    let jobs: JobRunner
    let maxUploadBytes: Int
    var limits: AccountLimits = .none
    /// The application's clock (notes' and jobs' times).
    var clock: @Sendable () -> Date = { Date() }

    /// Checks the upload, keeps the file, stores the note and its job, and queues the job.
    func accept(_ request: Request, owner: User) throws -> (NoteSummary, Job) {
        guard let file = request.files.first(where: { $0.fieldName == "file" }) else {
            throw HTTPError.unprocessable(["file": "PDF 파일을 골라 주세요. (Choose a PDF file.)"], "PDF 파일을 골라 주세요. (Choose a PDF file.)")
        }
        guard file.size > 0 else {
            throw HTTPError.unprocessable(["file": "빈 파일이에요. (The file is empty.)"], "빈 파일이에요. (The file is empty.)")
        }
        guard file.size <= maxUploadBytes else { throw HTTPError.tooLarge(limit: maxUploadBytes) }
        guard Self.looksLikePDF(file.path) else {
            throw HTTPError(415, "unsupported_media_type", "PDF 파일만 올릴 수 있어요. (Only PDF files can be uploaded.)")
        }
        let fields = request.formFields
        var category = NoteCategory.major
        if let c = fields["category"], !c.isEmpty {
            var problems: [String: String] = [:]
            guard let parsed = problems.collect({ () throws(ValidationFailure) in try NoteRules.category(c) }) else { throw HTTPError.unprocessable(problems) }
            category = parsed
        }
        var problems: [String: String] = [:]
        guard let typedTitle = problems.collect({ () throws(ValidationFailure) in try NoteRules.title(fields["title"] ?? "", required: false) }) else {
            throw HTTPError.unprocessable(problems)
        }
        let fallbackTitle = ((file.fileName as NSString).deletingPathExtension).trimmingCharacters(in: .whitespaces)
        let now = clock()
        let noteId = UUID().uuidString.lowercased()
        let note = NoteSummary(id: noteId, title: typedTitle.isEmpty ? (fallbackTitle.isEmpty ? "새 노트" : fallbackTitle) : typedTitle,
                               category: category, favorite: false, state: .analysing, fileName: file.fileName, createdAt: now)
        let job = Job(id: UUID().uuidString.lowercased(), ownerId: owner.id, kind: NoteAnalysisJob.kind, noteId: noteId, state: .queued,
                      stage: "upload", progress: 0, createdAt: now, updatedAt: now)
        // The file first, then the rows: a node that takes the job always finds the file.
        try files.put(FileStorage.notePDF(noteId), movingFrom: file.path)
        do {
            try store.insertNote(note, ownerId: owner.id, titleLocked: !typedTitle.isEmpty, job: job, fileSize: file.size, limits: limits)
        } catch {
            files.remove(FileStorage.notePDF(noteId))
            throw error
        }
        jobs.enqueue(job.id)
        return (NoteSummary(id: note.id, title: note.title, category: note.category, favorite: false, state: .analysing,
                            fileName: note.fileName, createdAt: now, jobId: job.id), job)
    }

    /// Stops its job if one runs, then removes the note and its file.
    func delete(id: String, owner: String) throws -> Bool {
        guard let note = try store.note(id: id, owner: owner) else { return false }
        if let jobId = note.jobId, try store.requestCancel(jobId: jobId, owner: owner, at: clock()) { jobs.cancel(jobId) }
        let deleted = try store.deleteNote(id: id, owner: owner)
        files.remove(FileStorage.notePDF(id))
        return deleted
    }

    /// `%PDF-` within the first KiB, as readers accept it.
    static func looksLikePDF(_ path: String) -> Bool {
        guard let h = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? h.close() }
        let head = h.readData(ofLength: 1024)
        return head.range(of: Data("%PDF-".utf8)) != nil
    }
}
