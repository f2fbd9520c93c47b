import Foundation
import NotioCodecs
import NotioCore
import NotioHTTP
import NotioStore

/// `GET /api/v1/export/markdown` (a zip of Markdown files for Obsidian: one per note, one per
/// book) and `GET /api/v1/export/anki` (quiz questions as a TSV Anki imports).
struct ExportAPI {
    let app: AppContext

    func markdown(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        let path = (app.config.dataDirectory as NSString).appendingPathComponent("tmp/export-\(UUID().uuidString).zip")
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else { throw AppError(500, "export_failed", Message("error.export_failed")) }
        do {
            defer { try? handle.close() }
            let zip = ZipWriter(fileHandle: handle)
            var used = Set<String>()
            // One time for every file: the export is one moment of the library.
            let exported = app.now()
            // One note at a time, the list a page at a time: the export's memory does not grow with
            // the library. Past 65,535 entries the writer switches to ZIP64.
            try Paging.walk({ try app.store.notes(owner: owner, page: $0) }) { summary in
                guard summary.state == .ready, let detail = try app.store.noteDetail(id: summary.id, owner: owner) else { return }
                let (name, text) = MarkdownExport.note(detail, pages: try app.store.notePages(id: summary.id, owner: owner))
                try zip.add(name: "노트/" + MarkdownExport.uniqueName(name, used: &used), data: Data(text.utf8), modified: exported)
            }
            try Paging.walk({ try app.store.books(owner: owner, page: $0) }) { book in
                let sentences = book.sentenceCount == 0 ? []
                    : try app.store.sentences(owner: owner, SentenceFilter(bookId: book.id), page: nil).items.map(\.sentence).reversed()
                let (name, text) = MarkdownExport.book(book, sentences: Array(sentences))
                try zip.add(name: "밑줄/" + MarkdownExport.uniqueName(name, used: &used), data: Data(text.utf8), modified: exported)
            }
            try zip.finish()
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        var r = Response(status: 200, headers: Headers([("Content-Type", "application/zip")]), body: .temporaryFile(path: path))
        r.headers.set("Content-Disposition", "attachment; filename=\"notio-markdown.zip\"")
        r.headers.set("Cache-Control", "no-store")
        return r
    }

    func anki(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        let tsv = AnkiExport.tsv(questions: try app.store.allQuestions(owner: owner))
        var r = Response(status: 200, contentType: "text/tab-separated-values; charset=utf-8", body: Data(tsv.utf8))
        r.headers.set("Content-Disposition", "attachment; filename=\"notio-anki.tsv\"")
        r.headers.set("Cache-Control", "no-store")
        return r
    }
}
