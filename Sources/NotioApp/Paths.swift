import Foundation

/// Every URL the pages, redirects and scripts use, built in one place: a renamed page changes
/// here, and a link to it cannot be misspelled elsewhere (a test refuses path literals outside
/// this file and the route table). Scripts get theirs from `data-*` attributes the views fill
/// from here.
enum Paths {
    static let home = "/"
    static let welcome = "/welcome"
    static let login = "/login"
    static let signup = "/signup"
    static let logout = "/logout"
    static let guest = "/guest"
    static let terms = "/terms"
    static let settings = "/settings"
    static let settingsWidget = "/settings/widget"
    static let settingsPassword = "/settings/password"
    static let settingsSessions = "/settings/sessions"
    static let settingsDeleteAccount = "/settings/delete-account"
    static let settingsRestore = "/settings/restore"
    static let settingsRestoreConfirm = "/settings/restore/confirm"
    static let timer = "/timer"
    static let widgetSentence = "/widget/sentence"

    // MARK: Notes and study

    static let notes = "/notes"
    static func note(_ id: String) -> String { "/notes/\(id)" }
    static func noteProgress(_ id: String) -> String { note(id) + "/progress" }
    static func noteSource(_ id: String) -> String { note(id) + "/source" }
    static func noteSource(_ id: String, page: Int) -> String { noteSource(id) + "#p-\(page)" }
    static func noteConcept(_ id: String, _ conceptId: String) -> String { note(id) + "/concepts/\(conceptId)" }
    static func noteDelete(_ id: String) -> String { note(id) + "/delete" }
    /// The study panel of a note's page.
    static func noteStudy(_ id: String) -> String { note(id) + "#study" }
    static func noteQuizzes(_ id: String) -> String { note(id) + "/quizzes" }
    static func noteAttempts(_ id: String) -> String { note(id) + "/attempts" }
    static func noteWrongAnswers(_ id: String) -> String { note(id) + "/wrong-answers" }
    static func noteWrongAnswersQuiz(_ id: String) -> String { noteWrongAnswers(id) + "/quiz" }
    /// A guest's quiz on a demo note, graded without storing anything.
    static func noteTrialQuiz(_ id: String) -> String { note(id) + "/try" }
    static let settingsReview = "/settings/review"
    static let settingsProfile = "/settings/profile"
    static func jobCancel(_ id: String) -> String { "/jobs/\(id)/cancel" }
    static func quiz(_ id: String) -> String { "/quizzes/\(id)" }
    static func attempt(_ id: String) -> String { "/attempts/\(id)" }
    static let wrongAnswers = "/wrong-answers"
    static let review = "/review"
    static func reviewAnswer(_ questionId: String) -> String { review + "/\(questionId)" }

    // MARK: Reading

    static let reading = "/reading"
    static let readingStats = "/reading/stats"
    static let readingImport = "/reading/import"
    static let books = "/books"
    static let newBook = "/books/new"
    static func book(_ id: String) -> String { "/books/\(id)" }
    static func bookEdit(_ id: String) -> String { book(id) + "/edit" }
    static func bookDelete(_ id: String) -> String { book(id) + "/delete" }
    static func bookSentences(_ id: String) -> String { book(id) + "/sentences" }
    static func bookNewSentence(_ id: String) -> String { bookSentences(id) + "/new" }
    static let sentences = "/sentences"
    static func sentence(_ id: String) -> String { "/sentences/\(id)" }
    static func sentenceEdit(_ id: String) -> String { sentence(id) + "/edit" }
    static func sentenceCard(_ id: String) -> String { sentence(id) + "/card" }
    static func sentenceDelete(_ id: String) -> String { sentence(id) + "/delete" }

    /// A URL with `{id}` where a script puts an id it learns later (a new attempt, note or book).
    static let idSlot = "{id}"

    /// The JSON API's URLs that scripts call (given to them in `data-*` attributes).
    enum API {
        static let notes = "/api/v1/notes"
        static func note(_ id: String) -> String { notes + "/\(id)" }
        static func job(_ id: String) -> String { "/api/v1/jobs/\(id)" }
        static func jobEvents(_ id: String) -> String { job(id) + "/events" }
        static func jobCancel(_ id: String) -> String { job(id) + "/cancel" }
        static func quizAttempts(_ id: String) -> String { "/api/v1/quizzes/\(id)/attempts" }
        static let review = "/api/v1/review"
        static func reviewAnswer(_ questionId: String) -> String { review + "/\(questionId)" }
        static let books = "/api/v1/books"
        static let catalogRecommended = "/api/v1/catalog/recommended"
        static let emailAvailable = "/api/v1/auth/email-available"
        static let timer = "/api/v1/timer"
        static let ocrUnderline = "/api/v1/ocr/underline"
        static let ocrWords = "/api/v1/ocr/words"
        static let backup = "/api/v1/backup"
        static let exportMarkdown = "/api/v1/export/markdown"
        static let exportAnki = "/api/v1/export/anki"
        static func sentenceCard(_ id: String) -> String { "/api/v1/sentences/\(id)/card" }
        static let randomSentence = "/api/v1/sentences/random"
        static func bookCover(_ id: String) -> String { books + "/\(id)/cover" }
    }
}
