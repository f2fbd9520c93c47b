import Foundation
import NotioStore

/// What the restore page shows: the dry run's counts and the confirmation, or why it cannot be done.
struct RestoreState: Sendable {
    var mode = "merge"
    var token: String?
    var counts: BackupCounts?
    var error: String?
}

extension Pages {
    /// The settings page's section: download a backup (JSON, or a zip with the files), exports,
    /// and restore (upload → dry run → confirmation).
    static func backupSection(_ ctx: PageContext) -> HTML {
        """
        <section class="card settings-section" aria-labelledby="backup-title" id="backup">
          <h2 id="backup-title">\(ctx.t("backup.title"))</h2>
          <p class="muted">\(ctx.t("backup.about"))</p>
          <div class="export-actions">
            <a class="button button-secondary" id="backup-json" href="\(Paths.API.backup)" download>\(ctx.t("backup.json"))</a>
            <a class="button button-secondary" id="backup-zip" href="\(Paths.API.backup)?files=true" download>\(ctx.t("backup.zip"))</a>
            <a class="button button-secondary" id="export-markdown" href="\(Paths.API.exportMarkdown)" download>\(ctx.t("export.markdown"))</a>
            <a class="button button-secondary" id="export-anki" href="\(Paths.API.exportAnki)" download>\(ctx.t("export.anki"))</a>
          </div>
          \(HTML.when(!ctx.isGuest) { """
          <form method="post" action="\(Paths.settingsRestore)" enctype="multipart/form-data" class="stack" id="restore-form">
            \(Form.csrfField(ctx))
            \(Form.dropzone(id: "restore-file", name: "file", accept: ".json,.zip,application/json,application/zip", label: ctx.t("backup.restoreFile")))
            <fieldset class="segmented"><legend class="visually-hidden">\(ctx.t("backup.mode"))</legend><div class="segments">
              <label class="segment"><input type="radio" name="mode" value="merge" checked><span>\(ctx.t("backup.merge"))</span></label>
              <label class="segment"><input type="radio" name="mode" value="replace"><span>\(ctx.t("backup.replace"))</span></label>
            </div></fieldset>
            <button class="button button-primary" type="submit" id="restore-check">\(ctx.t("backup.check"))</button>
          </form>
          """ })
        </section>
        """
    }

    /// `POST /settings/restore`: what the restore would write, and the button that does it.
    static func restorePage(_ ctx: PageContext, state: RestoreState) -> String {
        let body: HTML
        if let error = state.error {
            body = """
            \(NoteViews.backLink(Paths.settings, ctx.t("settings.title")))
            <div class="page-head"><h1>\(ctx.t("backup.restoreTitle"))</h1></div>
            <div class="notice notice-error" role="alert" id="restore-error"><p>\(error)</p></div>
            """
        } else {
            let counts = state.counts?.tables ?? [:]
            let rows = HTML.join(["notes", "quizzes", "attempts", "books", "sentences", "sessions"].map { key in
                "<tr><th scope=\"row\">\(ctx.t("backup.table.\(key)"))</th><td data-key=\"\(key)\">\(counts[key] ?? 0)</td></tr>" as HTML
            })
            body = """
            \(NoteViews.backLink(Paths.settings, ctx.t("settings.title")))
            <div class="page-head"><h1>\(ctx.t("backup.restoreTitle"))</h1>
              <p class="muted">\(ctx.t(state.mode == "replace" ? "backup.replace.explain" : "backup.merge.explain"))</p></div>
            <div class="card stack" id="restore-summary">
              <table class="data-table-plain"><tbody>\(rows)</tbody></table>
              \(HTML.when((state.counts?.files ?? 0) > 0) { "<p class=\"muted\">\(NoteViews.format(ctx, "backup.files", String(state.counts?.files ?? 0)))</p>" })
              <form method="post" action="\(Paths.settingsRestoreConfirm)" class="form-actions">
                \(Form.csrfField(ctx))
                <input type="hidden" name="token" value="\(state.token ?? "")">
                <input type="hidden" name="mode" value="\(state.mode)">
                <button class="button \(state.mode == "replace" ? "button-danger" : "button-primary")" type="submit" id="restore-confirm">\(ctx.t("backup.confirm"))</button>
                <a class="button button-quiet" href="\(Paths.settings)">\(ctx.t("common.cancel"))</a>
              </form>
            </div>
            """
        }
        return Layout.page(ctx: ctx, title: ctx.t("backup.restoreTitle"), body: body, bodyClass: "page-restore")
    }
}
