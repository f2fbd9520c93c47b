import Foundation
import NotioCore
import NotioStore

/// Accepting an uploaded PDF and deleting notes: the rules shared by the pages and the API.
struct NoteService: Sendable {
    let store: Store
    let files: FileStorage
    let jobs: JobRunner
    let maxUploadBytes: Int
    var limits: AccountLimits = .none
    /// The application's clock (notes' and jobs' times).
    let clock: Now

    /// An uploaded file as the form gave it: where the server keeps it, its name and size.
    struct Upload: Sendable {
        var path: String
        var fileName: String
        var size: Int
    }

    /// Checks the upload, keeps the file, stores the note and its job, and queues the job.
    /// `category` and `title` are the form's raw values (nil or empty when not given).
    func accept(_ file: Upload?, category rawCategory: String?, title rawTitle: String?, owner: User) throws -> (NoteSummary, Job) {
        guard let file else { throw AppError.invalid(field: "file", Message("error.choose_pdf")) }
        guard file.size > 0 else { throw AppError.invalid(field: "file", Message("error.empty_file")) }
        guard file.size <= maxUploadBytes else { throw AppError.tooLarge(limit: maxUploadBytes) }
        guard Self.looksLikePDF(file.path) else {
            throw AppError(415, "unsupported_media_type", Message("error.pdf_only"))
        }
        var category = NoteCategory.major
        if let c = rawCategory, !c.isEmpty {
            var problems: [String: String] = [:]
            guard let parsed = problems.collect({ () throws(ValidationFailure) in try NoteRules.category(c) }) else {
                throw AppError.invalid(problems: problems, Message("error.invalid_values"))
            }
            category = parsed
        }
        var problems: [String: String] = [:]
        guard let typedTitle = problems.collect({ () throws(ValidationFailure) in try NoteRules.title(rawTitle ?? "", required: false) }) else {
            throw AppError.invalid(problems: problems, Message("error.title_length"))
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
