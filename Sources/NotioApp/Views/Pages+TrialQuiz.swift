import Foundation
import NotioCore

extension Pages {
    /// `GET /notes/{id}/try`: a guest's quiz, every question on one page; the order of each
    /// question's options travels with the form so the answer is graded as it was seen.
    static func trialQuiz(_ ctx: PageContext, note: NoteSummary, questions: [(Question, [Int])]) -> String {
        let total = questions.count
        let content: HTML
        if questions.isEmpty {
            content = "<div class=\"empty-state\" data-empty=\"trial\"><p>\(ctx.t("trial.none"))</p></div>"
        } else {
            let blocks = HTML.join(questions.enumerated().map { (i, item) -> HTML in
                let (q, order) = item
                return """
                \(questionBlock(ctx, q, number: i + 1, total: total, noteId: note.id))
                \(HTML.when(q.kind == .choice) { "<input type=\"hidden\" name=\"order-\(q.id)\" value=\"\(order.map(String.init).joined(separator: ","))\">" })
                """
            })
            content = """
            <form class="quiz-form trial-form" id="trial-form" method="post" action="\(Paths.noteTrialQuiz(note.id))">
              \(Form.csrfField(ctx))
              \(blocks)
              <div class="quiz-submit-bar">
                <button class="button button-primary button-block" type="submit" id="trial-submit">\(ctx.t("quiz.submit"))</button>
              </div>
            </form>
            """
        }
        let body: HTML = """
        <div class="page-head quiz-head">
          \(NoteViews.backLink(Paths.note(note.id), note.title))
          <h1 id="quiz-title">\(ctx.t("trial.title")) <span class="muted">· \(NoteViews.format(ctx, "quiz.questions", String(total)))</span></h1>
          <p class="notice guest-hint" id="trial-notice">\(ctx.t("trial.nothingStored"))</p>
        </div>
        \(content)
        """
        return Layout.page(ctx: ctx, title: ctx.t("trial.title"), body: body, bodyClass: "page-quiz page-trial")
    }

    /// The guest's result: the score, each answer beside the right one, and sign-up.
    static func trialResult(_ ctx: PageContext, note: NoteSummary, questions: [Question], graded: [GradedAnswer]) -> String {
        let correct = graded.filter(\.isCorrect).count
        let rows = HTML.join(zip(questions, graded).map { q, g -> HTML in
            """
            <li class="card answer-row \(g.isCorrect ? "is-correct" : "is-wrong")" data-question-id="\(q.id)">
              \(QuizViews.prompt(q.prompt, id: "trial-\(q.id)"))
              <p><span class="muted">\(ctx.t("trial.yourAnswer"))</span> <span class="given-text">\(g.given.isEmpty ? ctx.t("attempt.blank") : g.given)</span></p>
              <p><span class="muted">\(ctx.t("attempt.rightAnswer"))</span> <span class="answer-text">\(q.answer)</span></p>
            </li>
            """
        })
        let body: HTML = """
        <div class="page-head">
          \(NoteViews.backLink(Paths.note(note.id), note.title))
          <h1>\(ctx.t("trial.title"))</h1>
          <p class="trial-score" id="trial-score"><strong>\(correct) / \(graded.count)</strong></p>
        </div>
        <section class="card trial-invite" id="trial-invite" aria-labelledby="trial-invite-title">
          <h2 id="trial-invite-title">\(ctx.t("trial.inviteTitle"))</h2>
          <p>\(ctx.t("trial.invite"))</p>
          <a class="button button-primary button-block" href="\(Paths.signup)" id="trial-signup">\(ctx.t("guest.signup"))</a>
          <a class="button button-secondary button-block" href="\(Paths.noteTrialQuiz(note.id))">\(ctx.t("trial.again"))</a>
        </section>
        <ol class="answer-list trial-answers">\(rows)</ol>
        """
        return Layout.page(ctx: ctx, title: ctx.t("trial.title"), body: body, bodyClass: "page-attempt page-trial")
    }
}
