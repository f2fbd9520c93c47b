import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// `GET /api/v1/backup` and `POST /api/v1/restore`, and the settings page's forms around them.
struct BackupAPI {
    let app: AppContext
    /// Largest backup accepted (a zip with every PDF can be big; it streams to disk).
    static let maxBytes = 1 << 30

    var service: BackupService { BackupService(store: app.store, files: app.files, dataDirectory: app.config.dataDirectory, limits: app.config.accountLimits) }

    /// The whole document as an attachment; `?files=true` makes it a zip with the PDFs and covers.
    func backup(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        let withFiles = ["true", "1"].contains(request.query["files"] ?? "")
        let now = app.now()
        let path = try service.export(owner: user, withFiles: withFiles, at: now)
        let day = ReadingStatsCalculator(timeZone: TimeZone(identifier: user.timeZone) ?? .current).day(now)
        let name = "notio-backup-\(day)" + (withFiles ? ".zip" : ".json")
        var r = Response(status: 200, headers: Headers([("Content-Type", withFiles ? "application/zip" : "application/json")]), body: .temporaryFile(path: path))
        r.headers.set("Content-Disposition", "attachment; filename=\"\(name)\"")
        r.headers.set("Cache-Control", "no-store")
        return r
    }

    /// `mode=replace|merge`, `dryRun=true`; the document as the JSON body, or a multipart `file`
    /// (JSON or the backup zip).
    func restore(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        let mode = request.query["mode"] ?? request.formFields["mode"] ?? "merge"
        guard ["replace", "merge"].contains(mode) else { throw HTTPError.unprocessable(["mode": "must be replace or merge"]) }
        let dryRun = ["true", "1"].contains(request.query["dryRun"] ?? request.formFields["dryRun"] ?? "")
        let path = try uploaded(request, user: user)
        let outcome = try service.restore(file: path, owner: user, replace: mode == "replace", dryRun: dryRun)
        app.sessions.clear()
        struct Answer: Encodable { var mode: String; var dryRun: Bool; var counts: [String: Int]; var files: Int }
        return JSON.response(Answer(mode: mode, dryRun: dryRun, counts: outcome.counts.tables, files: outcome.counts.files))
    }

    /// The request's backup as a file on disk: a multipart `file`, or the body itself, which the
    /// server streamed to a temporary file (the route spools its body), so a large document is
    /// never held in memory. The server removes both after the answer.
    private func uploaded(_ request: Request, user: User) throws -> String {
        if let file = request.files.first(where: { $0.fieldName == "file" }), file.size > 0 { return file.path }
        if case .file(let body) = request.body, body.size > 0 { return body.path }
        throw AppError.invalid(["file": .verbatim("a backup document is needed")], Message("backupError.no_file"))
    }

    // MARK: The settings page

    /// `POST /settings/restore`: runs a dry run, keeps the upload as the reader's one preview
    /// (replacing an earlier one; counted in their storage) and asks for confirmation.
    func preview(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        let ctx = app.pageContext(request, member)
        let mode = request.formFields["mode"] == "replace" ? "replace" : "merge"
        guard let file = request.files.first(where: { $0.fieldName == "file" }), file.size > 0 else {
            return app.page(Pages.restorePage(ctx, state: .init(error: ctx.t("backup.noFile"))), status: 422, newCSRF: nil)
        }
        // The earlier preview goes first: its bytes must not count against the new one.
        try app.previews.discard(owner: user.id)
        app.previews.sweep()
        do {
            let outcome = try service.restore(file: file.path, owner: user, replace: mode == "replace", dryRun: true)
            // Kept under a random name the confirmation form carries; only this reader's prefix is accepted back.
            let token = try app.previews.keep(upload: file.path, size: file.size, owner: user.id)
            return app.page(Pages.restorePage(ctx, state: .init(mode: mode, token: token, counts: outcome.counts)), newCSRF: nil)
        } catch let e as DomainError {
            return app.page(Pages.restorePage(ctx, state: .init(error: e.readerMessage.text(ctx.language))), status: e.status, newCSRF: nil)
        }
    }

    /// `POST /settings/restore/confirm`: restores the kept upload for real (404 once it expired
    /// or another upload replaced it).
    func confirm(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        let f = request.formFields
        let token = f["token"] ?? ""
        guard !token.isEmpty, token.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { throw HTTPError.badRequest() }
        guard let kept = try app.previews.take(owner: user.id, token: token) else {
            throw AppError.notFound("backupError.pending_gone")
        }
        defer { try? FileManager.default.removeItem(atPath: kept) }
        _ = try service.restore(file: kept, owner: user, replace: f["mode"] == "replace", dryRun: false)
        app.sessions.clear()
        return .redirect("\(Paths.settings)?restored=1")
    }
}
