import Foundation
import NotioHTTP

/// The route table: every route the server answers, one line each: method, pattern, the body it
/// takes (`maxBodyBytes`, by default `Access.defaultBodyLimit`; `storage`: how it counts against
/// the reader's storage) and who may call it. The OpenAPI document lists the same API routes (a
/// test compares them).
func routeTable(_ app: AppContext) -> [AppRoute] {
    let accounts = AccountsAPI(app: app)
    let pages = AccountPages(app: app)
    let notes = NotesAPI(app: app)
    let quizzes = QuizzesAPI(app: app)
    let notePages = NotePages(app: app)
    let quizPages = QuizPages(app: app)
    let trialQuiz = TrialQuizPages(app: app)
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
    return [
        AppRoute("GET", "/healthz", .public(accounts.health)),
        AppRoute("GET", "/api/openapi.json", .public({ _ in OpenAPIDocument.response })),
        AppRoute("POST", "/api/v1/auth/signup", .visitor(accounts.signup)),
        AppRoute("GET", "/api/v1/auth/email-available", .public(accounts.emailAvailable)),
        AppRoute("POST", "/api/v1/auth/login", .session(accounts.login)),
        AppRoute("POST", "/api/v1/auth/logout", .session(accounts.logout)),
        AppRoute("GET", "/api/v1/me", .member(accounts.me)),
        AppRoute("PATCH", "/api/v1/me", .member(accounts.updatePreferences)),
        AppRoute("DELETE", "/api/v1/me", .member(accounts.deleteAccount)),
        AppRoute("POST", "/api/v1/me/password", .member(accounts.changePassword)),
        AppRoute("POST", "/api/v1/me/email", .member(accounts.changeEmail)),
        AppRoute("POST", "/api/v1/me/sessions/revoke-others", .member(accounts.endOtherSessions)),

        AppRoute("POST", "/api/v1/notes", maxBodyBytes: upload, storage: .keeps, .member(notes.upload)),
        AppRoute("GET", "/api/v1/notes", .member(notes.list)),
        AppRoute("GET", "/api/v1/notes/{id}", .member(notes.detail)),
        AppRoute("PATCH", "/api/v1/notes/{id}", .member(notes.update)),
        AppRoute("DELETE", "/api/v1/notes/{id}", .member(notes.delete)),
        AppRoute("GET", "/api/v1/notes/{id}/source", .member(notes.source)),
        AppRoute("GET", "/api/v1/jobs/{id}", .member(notes.job)),
        AppRoute("GET", "/api/v1/jobs/{id}/events", .member(notes.events)),
        AppRoute("POST", "/api/v1/jobs/{id}/cancel", .member(notes.cancel)),

        AppRoute("POST", "/api/v1/notes/{id}/quizzes", .member(quizzes.create)),
        AppRoute("GET", "/api/v1/notes/{id}/quiz-supply", .member(quizzes.supply)),
        AppRoute("GET", "/api/v1/quizzes/{id}", .member(quizzes.quiz)),
        AppRoute("POST", "/api/v1/quizzes/{id}/attempts", .member(quizzes.submit)),
        AppRoute("GET", "/api/v1/notes/{id}/attempts", .member(quizzes.history)),
        AppRoute("GET", "/api/v1/attempts/{id}", .member(quizzes.attempt)),
        AppRoute("GET", "/api/v1/notes/{id}/wrong-answers", .member(quizzes.wrongAnswers)),
        AppRoute("POST", "/api/v1/notes/{id}/wrong-answers/quiz", .member(quizzes.retryWrong)),
        AppRoute("GET", "/api/v1/wrong-answers", .member(quizzes.wrongAnswers)),
        AppRoute("GET", "/api/v1/stats/study", .member(quizzes.stats)),
        AppRoute("GET", "/api/v1/review", .member(quizzes.reviewQueue)),
        AppRoute("POST", "/api/v1/review/{questionId}", .member(quizzes.answerReview)),

        AppRoute("GET", "/api/v1/catalog/search", .member(catalog.search)),
        AppRoute("GET", "/api/v1/catalog/recommended", .member(catalog.recommended)),
        AppRoute("GET", "/api/v1/books", .member(reading.listBooks)),
        AppRoute("POST", "/api/v1/books", .member(reading.createBook)),
        AppRoute("GET", "/api/v1/books/{id}", .member(reading.book)),
        AppRoute("PATCH", "/api/v1/books/{id}", .member(reading.updateBook)),
        AppRoute("DELETE", "/api/v1/books/{id}", .member(reading.deleteBook)),
        AppRoute("GET", "/api/v1/books/{id}/cover", .member(reading.cover)),
        AppRoute("POST", "/api/v1/books/{id}/sentences", .member(reading.createSentence)),
        AppRoute("GET", "/api/v1/sentences", .member(reading.listSentences)),
        // Literal routes first: the table is tried in order.
        AppRoute("GET", "/api/v1/sentences/random", .member(widget.random)),
        AppRoute("GET", "/api/v1/sentences/daily", .member(widget.daily)),
        AppRoute("GET", "/api/v1/sentences/{id}", .member(reading.sentence)),
        AppRoute("PATCH", "/api/v1/sentences/{id}", .member(reading.updateSentence)),
        AppRoute("DELETE", "/api/v1/sentences/{id}", .member(reading.deleteSentence)),
        AppRoute("GET", "/api/v1/emotions", .public(reading.emotions)),
        AppRoute("POST", "/api/v1/ocr/underline", maxBodyBytes: photo, .member(ocr.underline)),
        AppRoute("POST", "/api/v1/ocr/words", maxBodyBytes: photo, .member(ocr.words)),
        AppRoute("GET", "/api/v1/widget/sentence", .widgetToken(widget.json)),
        AppRoute("POST", "/api/v1/widget/token", .member(widget.createToken)),
        AppRoute("DELETE", "/api/v1/widget/token", .member(widget.revokeToken)),
        AppRoute("GET", "/widget/sentence", .widgetToken(widget.html, refused: WidgetAPI.refusedPage)),
        AppRoute("GET", "/widget/sentence.png", .widgetToken(cards.widgetPNG)),
        AppRoute("POST", "/api/v1/sentences/{id}/card", maxBodyBytes: photo, .memberOrGuest(cards.card)),
        AppRoute("GET", "/api/v1/backup", .member(backup.backup)),
        AppRoute("GET", "/api/v1/export/markdown", .member(exports.markdown)),
        AppRoute("GET", "/api/v1/export/anki", .member(exports.anki)),
        AppRoute("POST", "/api/v1/restore", maxBodyBytes: BackupAPI.maxBytes, spoolsBody: true, storage: .restores, .member(backup.restore)),
        AppRoute("POST", "/api/v1/imports", maxBodyBytes: ImportsAPI.maxBytes + (1 << 20), .member(imports.create)),
        AppRoute("GET", "/api/v1/timer", .member(timer.state)),
        AppRoute("POST", "/api/v1/timer/start", .member(timer.start)),
        AppRoute("POST", "/api/v1/timer/pause", .member(timer.pause)),
        AppRoute("POST", "/api/v1/timer/resume", .member(timer.resume)),
        AppRoute("POST", "/api/v1/timer/stop", .member(timer.stop)),
        AppRoute("GET", "/api/v1/sessions", .member(timer.sessions)),
        AppRoute("GET", "/api/v1/stats/reading", .member(readingStats.reading)),
        AppRoute("GET", "/api/v1/stats/heatmap", .member(readingStats.heatmap)),
        AppRoute("POST", "/api/v1/books/{id}/sessions", .member(timer.addSession)),
        AppRoute("PATCH", "/api/v1/sessions/{id}", .member(timer.updateSession)),
        AppRoute("DELETE", "/api/v1/sessions/{id}", .member(timer.deleteSession)),

        AppRoute("GET", "/", .visitor(pages.root)),
        AppRoute("GET", "/welcome", .visitor(pages.onboarding)),
        AppRoute("GET", "/login", .visitor(pages.loginForm)),
        AppRoute("POST", "/login", .session(pages.login)),
        AppRoute("GET", "/signup", .visitor(pages.signupForm)),
        AppRoute("POST", "/signup", .session(pages.signup)),
        AppRoute("GET", "/terms", .visitor(pages.terms)),
        AppRoute("POST", "/logout", .session(pages.logout)),
        AppRoute("POST", "/guest", .session(pages.guest)),
        AppRoute("GET", "/settings", .member(pages.settings)),
        AppRoute("POST", "/settings", .visitor(pages.saveSettings)),
        AppRoute("POST", "/settings/widget", .member(pages.widget)),
        AppRoute("POST", "/settings/password", .member(pages.changePassword)),
        AppRoute("POST", "/settings/sessions", .member(pages.endOtherSessions)),
        AppRoute("POST", "/settings/delete-account", .member(pages.deleteAccount)),
        AppRoute("POST", "/settings/review", .member(pages.saveReviewSetting)),
        AppRoute("POST", "/settings/profile", .member(pages.saveProfile)),
        AppRoute("POST", "/settings/restore", maxBodyBytes: BackupAPI.maxBytes, storage: .restores, .member(backup.preview)),
        AppRoute("POST", "/settings/restore/confirm", .member(backup.confirm)),

        AppRoute("GET", "/reading", .member(readingPages.shelf)),
        AppRoute("GET", "/books/new", .member(readingPages.newBook)),
        AppRoute("POST", "/books", .member(readingPages.createBook)),
        AppRoute("GET", "/books/{id}", .member(readingPages.book)),
        AppRoute("POST", "/books/{id}", .member(readingPages.updateBook)),
        AppRoute("GET", "/books/{id}/edit", .member(readingPages.editBook)),
        AppRoute("GET", "/books/{id}/delete", .member(readingPages.deleteConfirm)),
        AppRoute("POST", "/books/{id}/delete", .member(readingPages.delete)),
        AppRoute("GET", "/books/{id}/sentences/new", .member(readingPages.captureForm)),
        AppRoute("POST", "/books/{id}/sentences", .member(readingPages.createSentence)),
        AppRoute("GET", "/sentences", .member(readingPages.sentences)),
        AppRoute("GET", "/timer", .member(timerPages.page)),
        AppRoute("POST", "/timer", .member(timerPages.act)),
        AppRoute("GET", "/reading/stats", .member(statsPages.page)),
        AppRoute("GET", "/reading/import", .member(readingPages.importForm)),
        AppRoute("POST", "/reading/import", maxBodyBytes: ImportsAPI.maxBytes + (1 << 20), .member(readingPages.importFile)),
        AppRoute("GET", "/sentences/{id}/edit", .member(readingPages.editSentence)),
        AppRoute("GET", "/sentences/{id}/card", .member(readingPages.cardEditor)),
        AppRoute("POST", "/sentences/{id}", .member(readingPages.updateSentence)),
        AppRoute("POST", "/sentences/{id}/delete", .member(readingPages.deleteSentence)),

        AppRoute("GET", "/notes", .member(notePages.list)),
        AppRoute("POST", "/notes", maxBodyBytes: upload, storage: .keeps, .member(notePages.upload)),
        AppRoute("GET", "/notes/{id}", .member(notePages.summary)),
        AppRoute("POST", "/notes/{id}", .member(notePages.update)),
        AppRoute("GET", "/notes/{id}/progress", .member(notePages.progress)),
        AppRoute("GET", "/notes/{id}/concepts/{conceptId}", .member(notePages.concept)),
        AppRoute("GET", "/notes/{id}/source", .member(notePages.source)),
        AppRoute("GET", "/notes/{id}/delete", .member(notePages.deleteConfirm)),
        AppRoute("POST", "/notes/{id}/delete", .member(notePages.delete)),
        AppRoute("POST", "/jobs/{id}/cancel", .member(notePages.cancelJob)),

        AppRoute("POST", "/notes/{id}/quizzes", .member(quizPages.create)),
        AppRoute("GET", "/quizzes/{id}", .member(quizPages.take)),
        AppRoute("POST", "/quizzes/{id}", .member(quizPages.submit)),
        AppRoute("GET", "/attempts/{id}", .member(quizPages.attempt)),
        AppRoute("GET", "/notes/{id}/attempts", .member(quizPages.history)),
        AppRoute("GET", "/notes/{id}/wrong-answers", .member(quizPages.notebook)),
        AppRoute("POST", "/notes/{id}/wrong-answers/quiz", .member(quizPages.retryWrong)),
        AppRoute("GET", "/notes/{id}/try", .member(trialQuiz.take)),
        // The guest's quiz writes nothing, so the read-only guest may send it.
        AppRoute("POST", "/notes/{id}/try", .memberOrGuest(trialQuiz.grade)),
        AppRoute("GET", "/wrong-answers", .member(quizPages.notebook)),
        AppRoute("GET", "/review", .member(quizPages.review)),
        AppRoute("POST", "/review/{questionId}", .member(quizPages.answerReview)),
    ]
}
