import Foundation
import NotioHTTP

/// The route table: every route the server answers, one line each. The OpenAPI document lists
/// the same API routes (a test compares them).
func routeTable(_ app: AppContext) -> [Route] {
    let accounts = AccountsAPI(app: app)
    let pages = AccountPages(app: app)
    let notes = NotesAPI(app: app)
    let quizzes = QuizzesAPI(app: app)
    let notePages = NotePages(app: app)
    let quizPages = QuizPages(app: app)
    let reading = ReadingAPI(app: app)
    let readingPages = ReadingPages(app: app)
    let timer = TimerAPI(app: app)
    let timerPages = TimerPages(app: app)
    let readingStats = ReadingStatsAPI(app: app)
    let catalog = CatalogAPI(app: app)
    let imports = ImportsAPI(app: app)
    let ocr = OCRAPI(app: app)
    let widget = WidgetAPI(app: app)
    let cards = CardAPI(app: app)
    let backup = BackupAPI(app: app)
    let exports = ExportAPI(app: app)
    let photo = app.config.maxPhotoBytes + (1 << 20)
    let statsPages = ReadingStatsPages(app: app)
    let upload = app.config.maxUploadBytes + (1 << 20)
    let openAPI = OpenAPIDocument.response
    return [
        Route("GET", "/healthz", .sync(accounts.health)),
        Route("GET", "/api/openapi.json", .sync({ _ in openAPI })),
        Route("POST", "/api/v1/auth/signup", .async(accounts.signup)),
        Route("GET", "/api/v1/auth/email-available", .sync(accounts.emailAvailable)),
        Route("POST", "/api/v1/auth/login", .async(accounts.login)),
        Route("POST", "/api/v1/auth/logout", .sync(accounts.logout)),
        Route("GET", "/api/v1/me", .sync(accounts.me)),
        Route("PATCH", "/api/v1/me", .sync(accounts.updatePreferences)),
        Route("DELETE", "/api/v1/me", .async(accounts.deleteAccount)),
        Route("POST", "/api/v1/me/password", .async(accounts.changePassword)),
        Route("POST", "/api/v1/me/sessions/revoke-others", .sync(accounts.endOtherSessions)),

        Route("POST", "/api/v1/notes", maxBodyBytes: upload, .sync(notes.upload)),
        Route("GET", "/api/v1/notes", .sync(notes.list)),
        Route("GET", "/api/v1/notes/{id}", .sync(notes.detail)),
        Route("PATCH", "/api/v1/notes/{id}", .sync(notes.update)),
        Route("DELETE", "/api/v1/notes/{id}", .sync(notes.delete)),
        Route("GET", "/api/v1/notes/{id}/source", .sync(notes.source)),
        Route("GET", "/api/v1/jobs/{id}", .sync(notes.job)),
        Route("GET", "/api/v1/jobs/{id}/events", .sync(notes.events)),
        Route("POST", "/api/v1/jobs/{id}/cancel", .sync(notes.cancel)),

        Route("POST", "/api/v1/notes/{id}/quizzes", .async(quizzes.create)),
        Route("GET", "/api/v1/notes/{id}/quiz-supply", .sync(quizzes.supply)),
        Route("GET", "/api/v1/quizzes/{id}", .sync(quizzes.quiz)),
        Route("POST", "/api/v1/quizzes/{id}/attempts", .sync(quizzes.submit)),
        Route("GET", "/api/v1/notes/{id}/attempts", .sync(quizzes.history)),
        Route("GET", "/api/v1/attempts/{id}", .sync(quizzes.attempt)),
        Route("GET", "/api/v1/notes/{id}/wrong-answers", .sync(quizzes.wrongAnswers)),
        Route("POST", "/api/v1/notes/{id}/wrong-answers/quiz", .sync(quizzes.retryWrong)),
        Route("GET", "/api/v1/wrong-answers", .sync(quizzes.wrongAnswers)),
        Route("GET", "/api/v1/stats/study", .sync(quizzes.stats)),
        Route("GET", "/api/v1/review", .sync(quizzes.reviewQueue)),
        Route("POST", "/api/v1/review/{questionId}", .sync(quizzes.answerReview)),

        Route("GET", "/api/v1/catalog/search", .async(catalog.search)),
        Route("GET", "/api/v1/catalog/recommended", .async(catalog.recommended)),
        Route("GET", "/api/v1/books", .sync(reading.listBooks)),
        Route("POST", "/api/v1/books", .sync(reading.createBook)),
        Route("GET", "/api/v1/books/{id}", .sync(reading.book)),
        Route("PATCH", "/api/v1/books/{id}", .sync(reading.updateBook)),
        Route("DELETE", "/api/v1/books/{id}", .sync(reading.deleteBook)),
        Route("GET", "/api/v1/books/{id}/cover", .sync(reading.cover)),
        Route("POST", "/api/v1/books/{id}/sentences", .sync(reading.createSentence)),
        Route("GET", "/api/v1/sentences", .sync(reading.listSentences)),
        // Literal routes first: the table is tried in order.
        Route("GET", "/api/v1/sentences/random", .sync(widget.random)),
        Route("GET", "/api/v1/sentences/daily", .sync(widget.daily)),
        Route("GET", "/api/v1/sentences/{id}", .sync(reading.sentence)),
        Route("PATCH", "/api/v1/sentences/{id}", .sync(reading.updateSentence)),
        Route("DELETE", "/api/v1/sentences/{id}", .sync(reading.deleteSentence)),
        Route("GET", "/api/v1/emotions", .sync(reading.emotions)),
        Route("POST", "/api/v1/ocr/underline", maxBodyBytes: photo, .async(ocr.underline)),
        Route("POST", "/api/v1/ocr/words", maxBodyBytes: photo, .async(ocr.words)),
        Route("GET", "/api/v1/widget/sentence", .sync(widget.json)),
        Route("POST", "/api/v1/widget/token", .sync(widget.createToken)),
        Route("DELETE", "/api/v1/widget/token", .sync(widget.revokeToken)),
        Route("GET", "/widget/sentence", .sync(widget.html)),
        Route("GET", "/widget/sentence.png", .async(cards.widgetPNG)),
        Route("POST", "/api/v1/sentences/{id}/card", maxBodyBytes: photo, .async(cards.card)),
        Route("GET", "/api/v1/backup", .sync(backup.backup)),
        Route("GET", "/api/v1/export/markdown", .sync(exports.markdown)),
        Route("GET", "/api/v1/export/anki", .sync(exports.anki)),
        Route("POST", "/api/v1/restore", maxBodyBytes: BackupAPI.maxBytes, spoolsBody: true, .sync(backup.restore)),
        Route("POST", "/api/v1/imports", maxBodyBytes: ImportsAPI.maxBytes + (1 << 20), .sync(imports.create)),
        Route("GET", "/api/v1/timer", .sync(timer.state)),
        Route("POST", "/api/v1/timer/start", .sync(timer.start)),
        Route("POST", "/api/v1/timer/pause", .sync(timer.pause)),
        Route("POST", "/api/v1/timer/resume", .sync(timer.resume)),
        Route("POST", "/api/v1/timer/stop", .sync(timer.stop)),
        Route("GET", "/api/v1/sessions", .sync(timer.sessions)),
        Route("GET", "/api/v1/stats/reading", .sync(readingStats.reading)),
        Route("GET", "/api/v1/stats/heatmap", .sync(readingStats.heatmap)),
        Route("POST", "/api/v1/books/{id}/sessions", .sync(timer.addSession)),
        Route("PATCH", "/api/v1/sessions/{id}", .sync(timer.updateSession)),
        Route("DELETE", "/api/v1/sessions/{id}", .sync(timer.deleteSession)),

        Route("GET", "/", .sync(pages.root)),
        Route("GET", "/welcome", .sync(pages.onboarding)),
        Route("GET", "/login", .sync(pages.loginForm)),
        Route("POST", "/login", .async(pages.login)),
        Route("GET", "/signup", .sync(pages.signupForm)),
        Route("POST", "/signup", .async(pages.signup)),
        Route("GET", "/terms", .sync(pages.terms)),
        Route("POST", "/logout", .sync(pages.logout)),
        Route("POST", "/guest", .sync(pages.guest)),
        Route("GET", "/settings", .sync(pages.settings)),
        Route("POST", "/settings", .sync(pages.saveSettings)),
        Route("POST", "/settings/widget", .sync(pages.widget)),
        Route("POST", "/settings/password", .async(pages.changePassword)),
        Route("POST", "/settings/sessions", .sync(pages.endOtherSessions)),
        Route("POST", "/settings/delete-account", .async(pages.deleteAccount)),
        Route("POST", "/settings/restore", maxBodyBytes: BackupAPI.maxBytes, .sync(backup.preview)),
        Route("POST", "/settings/restore/confirm", .sync(backup.confirm)),

        Route("GET", "/reading", .sync(readingPages.shelf)),
        Route("GET", "/books/new", .async(readingPages.newBook)),
        Route("POST", "/books", .sync(readingPages.createBook)),
        Route("GET", "/books/{id}", .sync(readingPages.book)),
        Route("POST", "/books/{id}", .sync(readingPages.updateBook)),
        Route("GET", "/books/{id}/edit", .sync(readingPages.editBook)),
        Route("GET", "/books/{id}/delete", .sync(readingPages.deleteConfirm)),
        Route("POST", "/books/{id}/delete", .sync(readingPages.delete)),
        Route("GET", "/books/{id}/sentences/new", .sync(readingPages.captureForm)),
        Route("POST", "/books/{id}/sentences", .sync(readingPages.createSentence)),
        Route("GET", "/sentences", .sync(readingPages.sentences)),
        Route("GET", "/timer", .sync(timerPages.page)),
        Route("POST", "/timer", .sync(timerPages.act)),
        Route("GET", "/reading/stats", .sync(statsPages.page)),
        Route("GET", "/reading/import", .sync(readingPages.importForm)),
        Route("POST", "/reading/import", maxBodyBytes: ImportsAPI.maxBytes + (1 << 20), .sync(readingPages.importFile)),
        Route("GET", "/sentences/{id}/edit", .sync(readingPages.editSentence)),
        Route("GET", "/sentences/{id}/card", .sync(readingPages.cardEditor)),
        Route("POST", "/sentences/{id}", .sync(readingPages.updateSentence)),
        Route("POST", "/sentences/{id}/delete", .sync(readingPages.deleteSentence)),

        Route("GET", "/notes", .sync(notePages.list)),
        Route("POST", "/notes", maxBodyBytes: upload, .sync(notePages.upload)),
        Route("GET", "/notes/{id}", .sync(notePages.summary)),
        Route("POST", "/notes/{id}", .sync(notePages.update)),
        Route("GET", "/notes/{id}/progress", .sync(notePages.progress)),
        Route("GET", "/notes/{id}/concepts/{conceptId}", .sync(notePages.concept)),
        Route("GET", "/notes/{id}/source", .sync(notePages.source)),
        Route("GET", "/notes/{id}/delete", .sync(notePages.deleteConfirm)),
        Route("POST", "/notes/{id}/delete", .sync(notePages.delete)),
        Route("POST", "/jobs/{id}/cancel", .sync(notePages.cancelJob)),

        Route("POST", "/notes/{id}/quizzes", .async(quizPages.create)),
        Route("GET", "/quizzes/{id}", .sync(quizPages.take)),
        Route("POST", "/quizzes/{id}", .sync(quizPages.submit)),
        Route("GET", "/attempts/{id}", .sync(quizPages.attempt)),
        Route("GET", "/notes/{id}/attempts", .sync(quizPages.history)),
        Route("GET", "/notes/{id}/wrong-answers", .sync(quizPages.notebook)),
        Route("POST", "/notes/{id}/wrong-answers/quiz", .sync(quizPages.retryWrong)),
        Route("GET", "/wrong-answers", .sync(quizPages.notebook)),
        Route("GET", "/review", .sync(quizPages.review)),
        Route("POST", "/review/{questionId}", .sync(quizPages.answerReview)),
    ]
}
