import Foundation
import Testing
@testable import NotioApp
import NotioStore

/// The quiz pages against the real server, as a browser without JavaScript uses them: the demo
/// account's 운영체제 note, a quiz made by the form, answered by the form, its result, history,
/// notebook, the retry of the wrong ones, and the note's status afterwards.
@Suite(.serialized) struct QuizPagesTests {
    /// Signs in as the demo account through the login form and keeps the session's form token.
    private func demo(_ server: TestServer) async throws -> Client {
        let c = Client(server)
        _ = try await c.get("/login")
        let r = try await c.postForm("/login", ["email": "study@notio.io", "password": "password"])
        #expect(r.status == 303)
        c.csrfToken = token(in: try await c.get("/notes").text)
        // A clean slate: the demo's own study history (quizzes, attempts, notebook) goes.
        let id = (try await c.get("/api/v1/me").json["user"] as? [String: Any])?["id"] as? String ?? ""
        try server.app.context.store.database.write { db in
            try db.run("DELETE FROM quizzes WHERE owner_id = ?", [id])
            try db.run("DELETE FROM review_cards WHERE owner_id = ?", [id])
        }
        // Rows changed by hand: the statistics' per-day sums are made again from them.
        try server.app.context.store.rebuildActivityDays()
        return c
    }

    private func token(in html: String) -> String? {
        guard let r = html.range(of: "<meta name=\"csrf-token\" content=\"") else { return nil }
        return String(html[r.upperBound...].prefix { $0 != "\"" })
    }

    private func noteId(_ c: Client, titled prefix: String) async throws -> String {
        let items = try await c.get("/api/v1/notes").json["items"] as? [[String: Any]] ?? []
        return try #require(items.first { ($0["title"] as? String ?? "").hasPrefix(prefix) }?["id"] as? String)
    }

    private func occurrences(_ needle: String, _ text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    private func escaped(_ s: String) -> String { HTML.escape(s) }

    @Test func theWholeLoopWithoutJavaScript() async throws {
        let server = try await TestServer.start()
        let c = try await demo(server)
        let note = try await noteId(c, titled: "운영체제")

        let page = try await c.get("/notes/\(note)")
        #expect(page.text.contains("action=\"/notes/\(note)/quizzes\""))
        #expect(page.text.contains("data-status=\"in_progress\""))

        // Refused forms show the note page again with the reason.
        #expect(try await c.postForm("/notes/\(note)/quizzes", ["difficulty": "hard", "count": "31"]).status == 422)
        let unknown = try await c.postForm("/notes/\(note)/quizzes", ["difficulty": "insane", "count": "5"])
        #expect(unknown.status == 422)
        #expect(unknown.text.contains("id=\"new-quiz-error\" role=\"alert\">"))

        let made = try await c.postForm("/notes/\(note)/quizzes", ["difficulty": "hard", "count": "5"])
        #expect(made.status == 303)
        let location = try #require(made.header("Location"))
        #expect(location.hasPrefix("/quizzes/"))
        let quizId = String(location.dropFirst("/quizzes/".count))

        let taker = try await c.get(location)
        #expect(taker.status == 200)
        #expect(occurrences("class=\"quiz-question card\"", taker.text) == 5)
        #expect(taker.text.contains("action=\"/quizzes/\(quizId)\""))
        let questions = try #require((try await c.get("/api/v1/quizzes/\(quizId)").json["quiz"] as? [String: Any])?["questions"] as? [[String: Any]])
        for q in questions {
            // The stem is the legend; a passage it asks about is quoted apart below it.
            let parts = (q["prompt"] as! String).components(separatedBy: "\n\n")
            #expect(taker.text.contains(">\(QuizViews.blanksKeptWhole(parts[0]).rendered)</legend>"))
            if parts.count > 1 {
                let passage = parts.dropFirst().joined(separator: "\n\n")
                #expect(taker.text.contains("<blockquote class=\"quiz-passage\">\(QuizViews.blanksKeptWhole(passage).rendered)</blockquote>"))
                // A blank keeps the particle written on it on its line ("____이(가)", never "____ / 이(가)"),
                // with whatever its word holds before it ("‘____’의").
                if let blank = passage.range(of: "____") {
                    let glued = passage[blank.upperBound...].prefix { !$0.isWhitespace }
                    let kept = "<span class=\"blank-whole\">[^<\\s]*" + NSRegularExpression.escapedPattern(for: "____" + escaped(String(glued))) + "</span>"
                    #expect(taker.text.range(of: kept, options: .regularExpression) != nil, "\(passage)")
                }
            }
        }
        // No concept label on the question screen: for "다음 설명에 해당하는 개념은?" it is the answer.
        #expect(!taker.text.contains("chip-keyword"))

        // Option 1 for every choice, "모름" for every short answer: some of it wrong on purpose.
        var fields: [String: String] = [:]
        for q in questions { fields["q-\(q["id"] as! String)"] = q["kind"] as? String == "choice" ? "0" : "모름" }
        let submitted = try await c.postForm("/quizzes/\(quizId)", fields)
        #expect(submitted.status == 303)
        let attemptPath = try #require(submitted.header("Location"))
        #expect(attemptPath.hasPrefix("/attempts/"))
        let attemptId = String(attemptPath.dropFirst("/attempts/".count))
        let attempt = try #require(try await c.get("/api/v1/attempts/\(attemptId)").json["attempt"] as? [String: Any])
        let correct = attempt["correctCount"] as! Int
        let answers = attempt["answers"] as! [[String: Any]]
        let wrong = answers.filter { $0["isCorrect"] as? Bool == false }
        #expect(!wrong.isEmpty)

        let result = try await c.get(attemptPath)
        #expect(result.status == 200)
        #expect(result.text.contains("<span class=\"score-main\">\(correct) / 5</span>"))
        #expect(result.text.contains("\(Int((Double(correct) / 5 * 100).rounded()))%"))
        for a in answers { #expect(result.text.contains(escaped(a["correctAnswer"] as! String))) }
        #expect(occurrences("data-correct=\"false\"", result.text) == wrong.count)
        #expect(result.text.contains("/notes/\(note)/source#p-"))
        #expect(result.text.contains("action=\"/notes/\(note)/wrong-answers/quiz\""))

        // Answering twice leads to the same attempt, never a second one.
        let again = try await c.postForm("/quizzes/\(quizId)", fields)
        #expect(again.status == 303 && again.header("Location") == attemptPath)
        let reopened = try await c.get("/quizzes/\(quizId)")
        #expect(reopened.status == 303 && reopened.header("Location") == attemptPath)
        #expect((try await c.get("/api/v1/notes/\(note)/attempts").json["items"] as? [Any])?.count == 1)

        let history = try await c.get("/notes/\(note)/attempts")
        #expect(history.status == 200)
        #expect(history.text.contains("data-attempt-id=\"\(attemptId)\""))
        #expect(history.text.contains("id=\"summary-attempts\">1<"))
        #expect(history.text.contains("id=\"summary-wrong\">\(wrong.count)<"))

        let notebook = try await c.get("/notes/\(note)/wrong-answers")
        #expect(occurrences("class=\"wrong-item card\"", notebook.text) == wrong.count)
        for w in wrong { #expect(notebook.text.contains(QuizViews.blanksKeptWhole(w["prompt"] as! String).rendered)) }
        #expect(occurrences("class=\"wrong-item card\"", try await c.get("/wrong-answers").text) == wrong.count)

        // The review form without JavaScript answers one wrong question and comes back with feedback.
        // The form of a choice question sends a choice, that of a short answer its text.
        let reviewedFields = wrong[0]["kind"] as? String == "choice" ? ["choice": "0"] : ["text": "모름"]
        let reviewed = try await c.postForm("/review/\(wrong[0]["questionId"] as! String)", reviewedFields)
        #expect(reviewed.status == 303)
        #expect(reviewed.header("Location")?.hasPrefix("/review?last=") == true)
        let feedback = try await c.get(reviewed.header("Location")!)
        #expect(feedback.status == 200 && feedback.text.contains("id=\"review-last\""))
        // It says when the question comes back: a wrong answer brings it back within the day.
        #expect(feedback.text.contains("<p class=\"review-next-due\">다음 복습: 오늘 안에</p>"))
        // The concept is named after answering, never on the items still to answer.
        #expect(feedback.text.contains("review-concept\">\(escaped(wrong[0]["conceptName"] as? String ?? "?"))<"))
        let queue = try await c.get("/review")
        #expect(!queue.text.contains("review-concept") && !queue.text.contains("<span class=\"muted\">\(escaped(wrong[0]["conceptName"] as? String ?? "?"))</span>"))

        // 틀린 문제만 다시 풀기: exactly the notebook, answered right this time.
        let notebookItems = try await c.get("/api/v1/notes/\(note)/wrong-answers").json["items"] as? [[String: Any]] ?? []
        let retry = try await c.postForm("/notes/\(note)/wrong-answers/quiz", [:])
        #expect(retry.status == 303)
        let retryId = String(try #require(retry.header("Location")).dropFirst("/quizzes/".count))
        let retryQuestions = (try await c.get("/api/v1/quizzes/\(retryId)").json["quiz"] as? [String: Any])?["questions"] as? [[String: Any]] ?? []
        #expect(retryQuestions.count == notebookItems.count)
        var right: [String: String] = [:]
        for q in retryQuestions {
            let entry = try #require(notebookItems.first { $0["prompt"] as? String == q["prompt"] as? String })
            let answer = entry["correctAnswer"] as! String
            if let options = q["options"] as? [String] {
                right["q-\(q["id"] as! String)"] = String(try #require(options.firstIndex(of: answer)))
            } else {
                right["q-\(q["id"] as! String)"] = answer
            }
        }
        let second = try await c.postForm("/quizzes/\(retryId)", right)
        let secondPage = try await c.get(try #require(second.header("Location")))
        #expect(secondPage.text.contains("<span class=\"score-main\">\(retryQuestions.count) / \(retryQuestions.count)</span>"))
        // A perfect retry is practice, not mastery: the note keeps the first quiz's rate.
        let firstPercent = Int((Double(correct) / 5 * 100).rounded())
        let firstStatus = correct >= 4 ? "done" : "in_progress"
        #expect(secondPage.text.contains("data-status=\"\(firstStatus)\""))
        #expect(!secondPage.text.contains("id=\"retry-wrong\""))

        let empty = try await c.get("/notes/\(note)/wrong-answers")
        #expect(empty.text.contains("data-empty=\"notebook\""))
        // The retry form of an empty notebook goes back to it rather than failing.
        let none = try await c.postForm("/notes/\(note)/wrong-answers/quiz", [:])
        #expect(none.status == 303 && none.header("Location") == "/notes/\(note)/wrong-answers?cleared=1")

        let after = try await c.get("/notes/\(note)")
        #expect(after.text.contains("id=\"learning-rate\">\(firstPercent)%<"))
        #expect(after.text.contains("data-status=\"\(firstStatus)\""))
        #expect(after.text.contains("id=\"notebook-count\">0<"))
        let home = try await c.get("/")
        #expect(home.text.contains("id=\"home-streak\""))
        #expect(home.text.contains("id=\"home-week\">\(5 + retryQuestions.count)<"))
        #expect(home.text.contains("href=\"/review\""))
        let list = try await c.get("/notes")
        #expect(list.text.contains(correct >= 4 ? "status-done" : "status-in-progress"))
    }

    @Test func anotherAccountGetsNotFoundAndGuestsOnlyLook() async throws {
        let server = try await TestServer.start()
        let owner = try await demo(server)
        let note = try await noteId(owner, titled: "운영체제")
        let made = try await owner.postForm("/notes/\(note)/quizzes", ["difficulty": "easy", "count": "2"])
        let quizPath = try #require(made.header("Location"))
        let attemptPath = try #require(try await owner.postForm(quizPath, [:]).header("Location"))

        let intruder = Client(server)
        try await intruder.signUp()
        for path in [quizPath, attemptPath, "/notes/\(note)/attempts", "/notes/\(note)/wrong-answers"] {
            #expect(try await intruder.get(path).status == 404, "\(path)")
        }
        #expect(try await intruder.postForm("/notes/\(note)/quizzes", ["difficulty": "easy", "count": "2"]).status == 404)
        #expect(try await intruder.get("/wrong-answers").text.contains("data-empty=\"notebook\""))

        // A guest sees the demo's study pages without the buttons that change anything.
        let guest = Client(server)
        _ = try await guest.get("/")
        #expect(try await guest.postForm("/guest", [:]).status == 303)
        guest.csrfToken = token(in: try await guest.get("/notes").text)
        let notePage = try await guest.get("/notes/\(note)")
        #expect(notePage.status == 200)
        #expect(!notePage.text.contains("id=\"new-quiz-form\""))
        #expect(notePage.text.contains("guest-hint"))
        let result = try await guest.get(attemptPath)
        #expect(result.status == 200)
        #expect(!result.text.contains("id=\"retry-wrong\""))
        #expect(try await guest.postForm("/notes/\(note)/quizzes", ["difficulty": "easy", "count": "2"]).status == 403)
        #expect(try await guest.postForm("/notes/\(note)/wrong-answers/quiz", [:]).status == 403)
        #expect(try await guest.get("/notes/\(note)/wrong-answers").status == 200)
        #expect(try await guest.get("/review").status == 200)
    }
}
