import Foundation
import Testing
@testable import NotioApp
import NotioCore
import NotioStore

/// Issue 13, points 6 and 7: the quiz sheet and the API say how many new questions a note
/// supports (exactly what a quiz then holds), and graded answers say why they were accepted or refused.
@Suite struct QuizSupplyAndReasonTests {
    @Test func supplyIsExactlyWhatTheNextQuizHolds() async throws {
        let server = try await TestServer.start()
        let (c, noteId) = try await QuizzesAPITests.demo(server)
        for level in ["easy", "medium", "hard"] {
            // Ask for everything the level supports, repeatedly: each quiz holds what the supply said.
            for _ in 0..<4 {
                let supply = try await c.get("/api/v1/notes/\(noteId)/quiz-supply")
                #expect(supply.status == 200)
                #expect(supply.json["perQuiz"] as? Int == 30)
                let entry = try #require(supply.json[level] as? [String: Any])
                let n = try #require(entry["newQuestions"] as? Int)
                let r = try await c.request("POST", "/api/v1/notes/\(noteId)/quizzes", json: ["difficulty": level, "count": 30])
                if n == 0 {
                    #expect(r.status == 409 && r.errorCode == "no_new_questions")
                    #expect((entry["message"] as? String ?? "").contains("더 만들 수 없어요"))
                    break
                }
                #expect(r.status == 201)
                #expect(((r.json["quiz"] as? [String: Any])?["questions"] as? [Any])?.count == n, "\(level): supply \(n)")
                #expect(entry["message"] as? String == "이 노트로는 새 문제를 \(n)개까지 만들 수 있어요.")
            }
        }
        #expect(try await c.get("/api/v1/notes/nope/quiz-supply").status == 404)
    }

    @Test func theSheetSaysTheSupplyBeforeAsking() async throws {
        let server = try await TestServer.start()
        let (c, noteId) = try await QuizzesAPITests.demo(server)
        let supply = try await c.get("/api/v1/notes/\(noteId)/quiz-supply").json
        let medium = try #require((supply["medium"] as? [String: Any])?["newQuestions"] as? Int)
        let page = try await c.get("/notes/\(noteId)")
        #expect(page.text.contains("id=\"quiz-supply\""))
        #expect(page.text.contains("이 노트로는 새 문제를 \(medium)개까지 만들 수 있어요."))
        for level in ["easy", "medium", "hard"] {
            let n = try #require((supply[level] as? [String: Any])?["newQuestions"] as? Int)
            #expect(page.text.contains("data-supply-\(level)=\"\(n)\""))
        }
    }

    /// Issue 27: each level has its own supply, and the sheet never offers what is not there.
    @Test func aLevelTakenToTheEndLeavesTheOthersAndCannotBeChosen() async throws {
        let server = try await TestServer.start()
        let (c, noteId) = try await QuizzesAPITests.demo(server)
        func supply(_ level: String) async throws -> Int {
            try #require(((try await c.get("/api/v1/notes/\(noteId)/quiz-supply").json[level]) as? [String: Any])?["newQuestions"] as? Int)
        }
        let easyBefore = try await supply("easy")
        let mediumBefore = try await supply("medium")
        #expect(easyBefore > 0 && mediumBefore > 0)
        // 상 asked until nothing new is left.
        var rounds = 0
        while rounds < 20, try await supply("hard") > 0 {
            #expect(try await c.request("POST", "/api/v1/notes/\(noteId)/quizzes", json: ["difficulty": "hard", "count": 30]).status == 201)
            rounds += 1
        }
        #expect(try await supply("hard") == 0)
        // The other levels ask in their own forms: what 상 took does not empty them.
        let easyAfter = try await supply("easy"), mediumAfter = try await supply("medium")
        #expect(easyAfter >= easyBefore - 2 && mediumAfter >= mediumBefore - 2, "\(easyBefore) → \(easyAfter), \(mediumBefore) → \(mediumAfter)")
        let page = try await c.get("/notes/\(noteId)").text
        #expect(page.contains(#"value="hard" disabled"#) && page.contains("새 문제 없음"))
        #expect(!page.contains(#"value="hard" checked"#))
        #expect(!page.contains("다른 난이도나") && !page.contains("틀린 문제 다시 풀기로 이어"))
        #expect(!page.contains(#"id="start-quiz" disabled"#))
    }

    @Test func gradedAnswersSayWhy() async throws {
        let server = try await TestServer.start()
        let (c, noteId) = try await QuizzesAPITests.demo(server)
        // A hard quiz has short answers: answer them in other ways, and every choice with option 0.
        var quiz: [String: Any] = [:]
        var questions: [[String: Any]] = []
        for _ in 0..<5 where !questions.contains(where: { $0["kind"] as? String == "short" }) {
            quiz = try await QuizzesAPITests.quiz(c, noteId, "hard", 10)
            questions = quiz["questions"] as? [[String: Any]] ?? []
        }
        let shortIds = questions.filter { $0["kind"] as? String == "short" }.compactMap { $0["id"] as? String }
        try #require(shortIds.count >= 1)
        let answers: [[String: Any]] = questions.map { q in
            q["kind"] as? String == "choice" ? ["questionId": q["id"]!, "choice": 0] : ["questionId": q["id"]!, "text": "모름"]
        }
        let submitted = try await c.request("POST", "/api/v1/quizzes/\(quiz["id"]!)/attempts", json: ["answers": answers])
        let graded = try #require((submitted.json["attempt"] as? [String: Any])?["answers"] as? [[String: Any]])
        for g in graded {
            let reason = try #require(g["reason"] as? String)
            let message = try #require(g["reasonMessage"] as? String)
            #expect(!message.isEmpty && !message.contains("("), "one language: \(message)")
            if g["kind"] as? String == "short" {
                #expect(reason == "different")
                #expect(message == "정답과 달라요.")
            } else {
                #expect(reason == (g["isCorrect"] as? Bool == true ? "right_option" : "other_option"))
            }
        }
        // The notebook says why too, in the page and the API.
        let notebook = try await c.get("/api/v1/notes/\(noteId)/wrong-answers").json["items"] as? [[String: Any]] ?? []
        #expect(!notebook.isEmpty && notebook.allSatisfy { ["different", "other_option"].contains($0["reason"] as? String ?? "") })
        let page = try await c.get("/notes/\(noteId)/wrong-answers")
        #expect(page.text.contains("data-reason=\"different\"") && page.text.contains("정답과 달라요."))
        let attemptId = try #require((submitted.json["attempt"] as? [String: Any])?["id"] as? String)
        #expect(try await c.get("/attempts/\(attemptId)").text.contains("class=\"answer-reason muted\""))

        // An accepted answer's reason: the right answer with its spacing removed, in English for an English reader.
        let id = try #require(shortIds.first)
        let ownerId = try #require(((try await c.get("/api/v1/me")).json["user"] as? [String: Any])?["id"] as? String)
        let stored = try #require(try server.app.context.store.question(id: id, owner: ownerId))
        let q = stored.0
        let verdict = AnswerVerdict.of(q, given: q.answer.replacingOccurrences(of: " ", with: ""), choice: nil)
        #expect(verdict.isCorrect)
        #expect(QuizViews.reason(AnswerVerdict(isCorrect: true, reason: .headNoun("파일")), .en) == "Right: a generic noun such as ‘파일’ after the term changes nothing.")
        #expect(QuizViews.reason(AnswerVerdict(isCorrect: true, reason: .otherSpelling("Linux")), .ko) == "문서의 다른 표기(Linux)와 같아요.")
    }
}
