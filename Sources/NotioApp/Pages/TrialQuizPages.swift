import Foundation
import NotioCore
import NotioHTTP

/// A quiz a guest of the demo (둘러보기) may take: questions already made for a demo note,
/// graded by the same `QuizGrader` without writing a row — no quiz, attempt, notebook entry or
/// review card. The result invites sign-up. A signed-in member has the real quiz and is sent there.
struct TrialQuizPages {
    let app: AppContext
    /// How many questions the trial asks.
    static let questionCount = 5

    /// `GET /notes/{id}/try`: the questions, their options in a new order each time.
    func take(_ request: Request, _ member: Member) throws -> Response {
        guard let note = try app.store.note(id: request[.id], owner: member.id) else { throw AppError.noteNotFound }
        guard member.isGuest else { return .redirect(Paths.note(note.id)) }
        let ctx = app.pageContext(request, member)
        let questions = try app.store.noteQuestions(noteId: note.id, owner: member.id, limit: Self.questionCount)
        let orders = questions.map { q in q.kind == .choice ? Self.newOrder(q.options.count) : [] }
        return app.page(Pages.trialQuiz(ctx, note: note, questions: zip(questions, orders).map(Self.reordered)), newCSRF: nil)
    }

    /// `POST /notes/{id}/try`: graded and shown, nothing stored.
    func grade(_ request: Request, _ member: Member) throws -> Response {
        let ctx = app.pageContext(request, member)
        guard let note = try app.store.note(id: request[.id], owner: member.id) else { throw AppError.noteNotFound }
        let f = request.formFields
        // The order each question was shown in came with the form: the choice is graded as seen.
        let questions = try app.store.noteQuestions(noteId: note.id, owner: member.id, limit: Self.questionCount).map { q in
            let order = (f["order-\(q.id)"] ?? "").split(separator: ",").compactMap { Int($0) }
            return Self.reordered(q, order).0
        }
        let given = questions.compactMap { q -> QuizGrader.Given? in
            guard let value = f["q-\(q.id)"]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
            return q.kind == .choice ? Int(value).map { QuizGrader.Given(questionId: q.id, choice: $0) }
                : QuizGrader.Given(questionId: q.id, text: String(value.prefix(QuizRules.maxAnswerText)))
        }
        let graded = QuizGrader().grade(questions, given)
        return app.page(Pages.trialResult(ctx, note: note, questions: questions, graded: graded), newCSRF: nil)
    }

    /// A shuffled order of `count` options, never the stored one when there is another.
    static func newOrder(_ count: Int) -> [Int] {
        var order = Array(0..<count)
        repeat { order.shuffle() } while order == Array(0..<count) && count > 1
        return order
    }

    /// The question with its options in `order` (ignored unless it is a permutation of them).
    static func reordered(_ q: Question, _ order: [Int]) -> (Question, [Int]) {
        guard q.kind == .choice, order.sorted() == Array(q.options.indices) else { return (q, Array(q.options.indices)) }
        var copy = q
        copy.options = order.map { q.options[$0] }
        copy.correctIndex = q.correctIndex.flatMap { order.firstIndex(of: $0) }
        return (copy, order)
    }
}
