import Foundation
import NotioAnalysis
import NotioCore
import NotioHTTP
import NotioStore

/// The quiz loop as pages: a new quiz from the note page, the taker, the result, the history, the
/// wrong-answer notebook and 오늘 복습. Every form works without JavaScript; quiz-runner.js and
/// review.js take over when they can. The rules live in `QuizService`, shared with the JSON API.
struct QuizPages {
    let app: AppContext

    private static let noteNotFound = AppError.noteNotFound
    private static let quizNotFound = AppError.quizNotFound
    private static let attemptNotFound = AppError.attemptNotFound

    private func zone(_ user: User) -> TimeZone { TimeZone(identifier: user.timeZone) ?? TimeZone(identifier: "Asia/Seoul")! }

    /// The study section of a note's page: progress, latest attempts, notebook size.
    /// With `detail`, the quiz sheet is shown: it also says how many new questions each level supports.
    func panel(noteId: String, user: User, form: NewQuizForm = NewQuizForm(), detail: NoteDetail? = nil) throws -> NoteStudyPanel {
        let attempts = try app.store.attempts(noteId: noteId, owner: user.id)
        return NoteStudyPanel(progress: StudyProgress(attempts: attempts.map(AttemptScore.init)),
                              recent: Array(attempts.prefix(3)), wrongCount: try app.store.wrongAnswerCount(owner: user.id, noteId: noteId),
                              timeZone: zone(user), form: form, supply: try detail.map { try app.quizzes.supply($0, owner: user) })
    }

    /// `POST /notes/{id}/quizzes`: the new-quiz form → 303 to the taker. A refused form shows the
    /// note page again with the reason in the quiz panel.
    func create(_ request: Request, _ member: Member) async throws -> Response {
        let user = member.user
        guard let detail = try app.store.noteDetail(id: request[.id], owner: user.id) else { throw Self.noteNotFound }
        let f = request.formFields
        var form = NewQuizForm(difficulty: Difficulty(rawValue: f["difficulty"] ?? "") ?? .medium, count: Int(f["count"] ?? "") ?? 10)
        do {
            var problems: [String: String] = [:]
            guard let difficulty = problems.collect({ () throws(ValidationFailure) in try QuizRules.difficulty(f["difficulty"]) }) else {
                throw AppError.invalid(field: "difficulty", Message("error.quiz_difficulty"))
            }
            guard let count = problems.collect({ () throws(ValidationFailure) in try QuizRules.count(Int(f["count"] ?? "")) }) else {
                throw AppError.invalid(field: "count", Message("error.quiz_count", String(QuizRules.counts.upperBound)))
            }
            let quiz = try await app.quizzes.makeQuiz(noteId: detail.summary.id, owner: user, difficulty: difficulty, count: count)
            return .redirect(quiz.questions.count < count ? "\(Paths.quiz(quiz.id))?requested=\(count)" : Paths.quiz(quiz.id))
        } catch let e as DomainError where e is QuizError || e.status == 422 {
            form.error = e.readerMessage.text(app.pageContext(request, member).language)
            let ctx = app.pageContext(request, member)
            return app.page(Pages.noteSummary(ctx, detail: detail, study: try panel(noteId: detail.summary.id, user: user, form: form, detail: detail)),
                            status: e.status, newCSRF: nil)
        }
    }

    /// `GET /quizzes/{id}`: the taker; a quiz already answered goes to its attempt.
    func take(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        let owner = member.id
        guard let quiz = try app.store.quiz(id: request[.id], owner: owner) else { throw Self.quizNotFound }
        if let attemptId = quiz.attemptId { return .redirect(Paths.attempt(attemptId)) }
        guard let note = try app.store.note(id: quiz.noteId, owner: owner) else { throw Self.quizNotFound }
        let requested = Int(request.query["requested"] ?? "").flatMap { (quiz.questions.count + 1...QuizRules.counts.upperBound).contains($0) ? $0 : nil }
        return app.page(Pages.quizTaker(ctx, quiz: quiz, note: note, requested: requested), newCSRF: nil)
    }

    /// `POST /quizzes/{id}`: the whole quiz as one form, fields `q-<questionId>` → 303 to the result.
    func submit(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        guard let quiz = try app.store.quiz(id: request[.id], owner: user.id) else { throw Self.quizNotFound }
        if let attemptId = quiz.attemptId { return .redirect(Paths.attempt(attemptId)) }
        let f = request.formFields
        let answers = quiz.questions.compactMap { q -> QuizGrader.Given? in
            guard let value = f["q-\(q.id)"]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
            switch q.kind {
            case .choice: return Int(value).map { QuizGrader.Given(questionId: q.id, choice: $0) }
            case .short: return QuizGrader.Given(questionId: q.id, text: String(value.prefix(QuizRules.maxAnswerText)))
            }
        }
        do {
            let (attempt, _) = try app.quizzes.submit(quizId: quiz.id, owner: user, answers: answers)
            return .redirect(Paths.attempt(attempt.id))
        } catch QuizError.alreadyAnswered {
            // Submitted twice at once: the first one won; show it.
            if let id = try app.store.quiz(id: quiz.id, owner: user.id)?.attemptId { return .redirect(Paths.attempt(id)) }
            throw QuizError.alreadyAnswered
        }
    }

    /// `GET /attempts/{id}`: the result with every answer, the right one and where to read it.
    func attempt(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        let user = member.user
        guard let (attempt, quiz) = try app.store.attempt(id: request[.id], owner: user.id),
              let note = try app.store.note(id: attempt.noteId, owner: user.id) else { throw Self.attemptNotFound }
        let study = try panel(noteId: note.id, user: user)
        return app.page(Pages.attemptResult(ctx, attempt: attempt, quiz: quiz, note: note, study: study), newCSRF: nil)
    }

    /// `GET /notes/{id}/attempts`: every attempt on a note and the totals.
    func history(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        let user = member.user
        guard let note = try app.store.note(id: request[.id], owner: user.id) else { throw Self.noteNotFound }
        let attempts = try app.store.attempts(noteId: note.id, owner: user.id, page: Paging.screen(request))
        var study = try panel(noteId: note.id, user: user)
        study.recent = attempts.items
        return app.page(Pages.attemptHistory(ctx, note: note, study: study, more: Paging.nextHref(request, attempts.next)), newCSRF: nil)
    }

    /// `GET /notes/{id}/wrong-answers` and `GET /wrong-answers`: the notebook of one note or of all.
    func notebook(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        let owner = member.id
        var note: NoteSummary?
        if request.declares(.id) {
            guard let n = try app.store.note(id: request[.id], owner: owner) else { throw Self.noteNotFound }
            note = n
        }
        let items = try app.store.wrongAnswers(owner: owner, noteId: note?.id, page: Paging.screen(request))
        let flash = request.query["cleared"] != nil ? Layout.Flash(ctx.t("notebook.cleared"), kind: .success) : nil
        return app.page(Pages.wrongAnswerNotebook(ctx, note: note, items: items.items, total: try app.store.wrongAnswerCount(owner: owner, noteId: note?.id),
                                                  more: Paging.nextHref(request, items.next), flash: flash), newCSRF: nil)
    }

    /// `POST /notes/{id}/wrong-answers/quiz`: "틀린 문제만 다시 풀기" → 303 to the new quiz.
    func retryWrong(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        guard let note = try app.store.note(id: request[.id], owner: user.id) else { throw Self.noteNotFound }
        do {
            let quiz = try app.quizzes.retryWrong(noteId: note.id, owner: user)
            return .redirect(Paths.quiz(quiz.id))
        } catch QuizError.notebookEmpty {
            return .redirect("\(Paths.noteWrongAnswers(note.id))?cleared=1")
        }
    }

    /// `GET /review`: 오늘 복습, wrong answers and saved sentences. `?last=<id>&correct=0|1`
    /// shows the feedback of the form just answered without JavaScript.
    func review(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        let owner = member.id
        let now = app.now()
        let due = try app.store.dueQuestionReviews(owner: owner, at: now)
        var feedback: ReviewFeedback?
        var sentenceFeedback: SentenceFeedback?
        if let last = request.query["last"] {
            if let (question, _) = try app.store.question(id: last, owner: owner) {
                let card = try app.store.reviewCards(owner: owner, kind: QuizService.reviewKind, ids: [last])[last]
                feedback = ReviewFeedback(question: question, isCorrect: request.query["correct"] == "1", nextDue: card?.due, now: now)
            } else if let sentence = try app.store.sentence(id: last, owner: owner), let cloze = SentenceCloze(sentence.sentence.text) {
                let card = try app.store.reviewCards(owner: owner, kind: SentenceReview.kind, ids: [last])[last]
                sentenceFeedback = SentenceFeedback(sentence: sentence, answers: cloze.answers, isCorrect: request.query["correct"] == "1",
                                                    nextDue: card?.due, now: now)
            }
        }
        let items = due.map { ReviewItem(question: $0.1, noteId: $0.noteId, noteTitle: $0.noteTitle) }
        let sentences = try app.quizzes.sentences.queue(member.user, at: now)
        return app.page(Pages.reviewQueue(ctx, items: items, sentences: sentences, feedback: feedback, sentenceFeedback: sentenceFeedback), newCSRF: nil)
    }

    /// `POST /review/{id}`: one answer of the queue (`choice` or `text` for a question,
    /// `blank-0`, `blank-1` for a sentence) → 303 back to /review.
    func answerReview(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        let id = try request[.questionId]
        let f = request.formFields
        guard try app.store.question(id: id, owner: user.id) != nil else {
            let blanks = (0..<2).compactMap { f["blank-\($0)"] }.map { String($0.prefix(QuizRules.maxAnswerText)) }
            let answer = try app.quizzes.sentences.answer(sentenceId: id, owner: user, given: blanks)
            return .redirect("\(Paths.review)?last=\(id)&correct=\(answer.isCorrect ? 1 : 0)")
        }
        let text = f["text"].map { String($0.prefix(QuizRules.maxAnswerText)) }
        let (graded, _, _) = try app.quizzes.review(questionId: id, owner: user, given: .init(questionId: id, choice: f["choice"].flatMap { Int($0) }, text: text))
        return .redirect("\(Paths.review)?last=\(id)&correct=\(graded.isCorrect ? 1 : 0)")
    }
}
