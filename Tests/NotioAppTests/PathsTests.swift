import Foundation
import Testing
import NotioHTTP
@testable import NotioApp

/// URLs are built in one place (`Paths`): every one of them is a route of the table, and no
/// view, redirect, handler or script writes a path of its own.
@Suite struct PathsTests {
    @Test func everyPathIsARouteOfTheTable() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let router = Router(routeTable(server.app.context).map { $0.route(server.app.context) })
        let id = "0b0e5d7a-1c52-4a52-9d1e-2f1b6f8c0a11"
        let pages: [(String, String)] = [
            ("GET", Paths.home), ("GET", Paths.welcome), ("GET", Paths.login), ("GET", Paths.signup), ("POST", Paths.logout),
            ("POST", Paths.guest), ("GET", Paths.terms), ("GET", Paths.settings), ("POST", Paths.settingsWidget),
            ("POST", Paths.settingsPassword), ("POST", Paths.settingsSessions), ("POST", Paths.settingsDeleteAccount),
            ("POST", Paths.settingsRestore), ("POST", Paths.settingsRestoreConfirm), ("GET", Paths.timer), ("GET", Paths.widgetSentence),
            ("GET", Paths.notes), ("GET", Paths.note(id)), ("GET", Paths.noteProgress(id)), ("GET", Paths.noteSource(id)),
            ("GET", Paths.noteConcept(id, "c1")), ("GET", Paths.noteDelete(id)), ("POST", Paths.noteQuizzes(id)),
            ("GET", Paths.noteAttempts(id)), ("GET", Paths.noteWrongAnswers(id)), ("POST", Paths.noteWrongAnswersQuiz(id)),
            ("POST", Paths.jobCancel(id)), ("GET", Paths.quiz(id)), ("GET", Paths.attempt(id)), ("GET", Paths.wrongAnswers),
            ("GET", Paths.review), ("POST", Paths.reviewAnswer(id)),
            ("GET", Paths.reading), ("GET", Paths.readingStats), ("GET", Paths.readingImport), ("POST", Paths.books),
            ("GET", Paths.newBook), ("GET", Paths.book(id)), ("GET", Paths.bookEdit(id)), ("GET", Paths.bookDelete(id)),
            ("POST", Paths.bookSentences(id)), ("GET", Paths.bookNewSentence(id)), ("GET", Paths.sentences),
            ("POST", Paths.sentence(id)), ("GET", Paths.sentenceEdit(id)), ("GET", Paths.sentenceCard(id)), ("POST", Paths.sentenceDelete(id)),
            ("GET", Paths.API.note(id)), ("GET", Paths.API.job(id)), ("GET", Paths.API.jobEvents(id)), ("POST", Paths.API.jobCancel(id)),
            ("POST", Paths.API.quizAttempts(id)), ("GET", Paths.API.review), ("POST", Paths.API.reviewAnswer(id)),
            ("POST", Paths.API.books), ("GET", Paths.API.catalogRecommended), ("GET", Paths.API.emailAvailable),
            ("POST", Paths.API.timer + "/start"), ("POST", Paths.API.ocrUnderline), ("POST", Paths.API.ocrWords), ("POST", Paths.API.notes),
            ("GET", Paths.API.backup), ("GET", Paths.API.exportMarkdown), ("GET", Paths.API.exportAnki),
            ("POST", Paths.API.sentenceCard(id)), ("GET", Paths.API.bookCover(id)),
        ]
        for (method, path) in pages {
            let bare = String(path.prefix { $0 != "#" && $0 != "?" })
            guard case .found = router.match(method: method, path: bare) else {
                Issue.record("\(method) \(path) is no route of the table")
                continue
            }
        }
        // The fragment of a source page is the page's anchor.
        #expect(Paths.noteSource(id, page: 12).hasSuffix("/source#p-12"))
    }

    /// The roots of the URLs the pages use: a string literal starting with one of them, outside
    /// `Paths.swift`, the route table and the OpenAPI document, is a path written twice.
    static let roots = ["notes", "quizzes", "attempts", "wrong-answers", "review", "reading", "books", "sentences", "jobs",
                        "timer", "settings", "login", "signup", "logout", "welcome", "terms", "guest", "widget/sentence"]

    static func sourceFiles(_ folder: String, _ ext: String) throws -> [String] {
        let root = TestServer.packageRoot + "/" + folder
        let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix(ext) }.map { root + "/" + $0 }
    }

    @Test func noPathIsWrittenOutsidePaths() throws {
        let allowed: Set<String> = ["Paths.swift", "Routes.swift", "OpenAPI.swift", "OpenAPI+Reading.swift"]
        var found: [String] = []
        for file in try Self.sourceFiles("Sources/NotioApp", ".swift") where !allowed.contains((file as NSString).lastPathComponent) {
            for (n, line) in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                for root in Self.roots + ["api/v1/"] where line.contains("\"/\(root)") {
                    // `"/notes"` as a Swift literal or `href=\"/notes…\"` inside one; the file store's
                    // own folder names ("/notes" under the data folder) are no URLs.
                    if file.hasSuffix("FileStorage.swift") { continue }
                    found.append("\((file as NSString).lastPathComponent):\(n + 1): \(line.trimmingCharacters(in: .whitespaces).prefix(100))")
                }
            }
        }
        #expect(found.isEmpty, "path literals outside Paths:\n\(found.joined(separator: "\n"))")
    }

    @Test func scriptsTakeTheirURLsFromThePage() throws {
        var found: [String] = []
        for file in try Self.sourceFiles("Public/js", ".js") {
            for (n, line) in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                for root in Self.roots + ["api/"] {
                    for quote in ["\"", "'", "`"] where line.contains(quote + "/" + root) {
                        found.append("\((file as NSString).lastPathComponent):\(n + 1): \(line.trimmingCharacters(in: .whitespaces).prefix(100))")
                    }
                }
            }
        }
        #expect(found.isEmpty, "URL literals in scripts:\n\(found.joined(separator: "\n"))")
    }
}
