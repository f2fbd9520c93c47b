import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// `POST /api/v1/imports`: Kindle `My Clippings.txt`, Goodreads library CSV, Readwise CSV →
/// books and sentences. The page `/reading/import` posts the same form.
struct ImportsAPI {
    let app: AppContext
    static let maxBytes = 10 << 20

    /// Reads the uploaded file, parses it and stores what is new. Throws 4xx with a clear
    /// message for a missing, empty, too large or unreadable file; nothing is stored then.
    static func run(_ request: Request, app: AppContext, owner: User) throws -> (ImportFormat, ImportCounts) {
        guard let file = request.files.first(where: { $0.fieldName == "file" }) else {
            throw AppError.invalid(field: "file", Message("error.import_file"))
        }
        guard file.size <= maxBytes else { throw HTTPError.tooLarge(limit: maxBytes) }
        guard let data = FileManager.default.contents(atPath: file.path) else { throw AppError(400, "malformed_request", Message("error.file_unreadable")) }
        var format: ImportFormat?
        if let raw = request.formFields["format"], !raw.isEmpty, raw != "auto" {
            guard let f = ImportFormat(rawValue: raw) else { throw HTTPError.unprocessable(["format": "must be kindle, goodreads or readwise"]) }
            format = f
        }
        var options = ImportOptions()
        options.timeZone = TimeZone(identifier: owner.timeZone) ?? options.timeZone
        let library = try LibraryImport.parse(data, format: format, options: options)
        let dryRun = ["true", "1"].contains(request.query["dryRun"] ?? request.formFields["dryRun"] ?? "")
        do {
            return (library.format, try app.store.importLibrary(library, owner: owner.id, at: app.now(), dryRun: dryRun, limits: app.config.accountLimits))
        } catch let d as DryRun {
            return (library.format, d.counts)
        }
    }

    func create(_ request: Request, _ member: Member) throws -> Response {
        let (format, counts) = try Self.run(request, app: app, owner: member.user)
        struct Answer: Encodable { var format: String; var counts: ImportCounts }
        return JSON.response(Answer(format: format.rawValue, counts: counts), status: 201)
    }
}
