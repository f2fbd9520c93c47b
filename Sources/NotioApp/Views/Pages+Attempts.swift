import Foundation
import NotioCore

extension Pages {
    /// `GET /attempts/{id}`: score, the note's learning rate and status, every answer against the
    /// right one, and the ways on: retry the wrong ones, a new quiz, back to the note.
    static func attemptResult(_ ctx: PageContext, attempt: Attempt, quiz: QuizRecord, note: NoteSummary, study: NoteStudyPanel) -> String {
        let given = Dictionary(attempt.answers.map { ($0.questionId, $0) }, uniquingKeysWith: { a, _ in a })
        let rows = HTML.join(quiz.questions.enumerated().map { (i, q) in answerRow(ctx, q, given[q.id], number: i + 1, noteId: note.id) })
        let wrong = attempt.total - attempt.correctCount
        let rate = study.progress.learningRate.map { NoteViews.percent($0) + "%" } ?? "–"
        let retry: HTML = HTML.when(study.wrongCount > 0 && !ctx.isGuest) { """
            <form method="post" action="\(Paths.noteWrongAnswersQuiz(note.id))" class="inline">
              \(Form.csrfField(ctx))
              <button class="button button-primary" type="submit" id="retry-wrong">\(ctx.t("notebook.retry")) <span class="count">\(study.wrongCount)</span></button>
            </form>
            """ }
        let body: HTML = """
        <div class="page-head">
          \(NoteViews.backLink(Paths.note(note.id), note.title))
          <h1>\(ctx.t("attempt.title")) <span class="muted">· \(QuizViews.kindLabel(ctx, attempt))</span></h1>
          <p class="muted"><time>\(QuizViews.date(attempt.createdAt, study.timeZone))</time></p>
        </div>
        <section class="card result-card" aria-labelledby="score-heading">
          <h2 id="score-heading" class="visually-hidden">\(ctx.t("attempt.score"))</h2>
          <p class="score" id="score"><span class="score-main">\(attempt.correctCount) / \(attempt.total)</span>
            <span class="score-percent">\(NoteViews.percent(attempt.accuracy))%</span></p>
          \(QuizViews.accuracyBar(attempt.accuracy, label: ctx.t("attempt.accuracy")))
          <dl class="stats">
            <div><dt>\(ctx.t("attempt.wrong"))</dt><dd>\(wrong)</dd></div>
            <div><dt>\(ctx.t("notes.learningRate"))</dt><dd id="learning-rate">\(rate)</dd></div>
            <div><dt>\(ctx.t("study.status"))</dt><dd>\(QuizViews.status(ctx, study.progress))</dd></div>
          </dl>
          <div class="button-row">
            \(retry)
            \(HTML.when(!ctx.isGuest) { "<a class=\"button button-secondary\" id=\"new-quiz\" href=\"\(Paths.noteStudy(note.id))\">\(ctx.t("quiz.new"))</a>" })
            <a class="button button-secondary" href="\(Paths.noteAttempts(note.id))">\(ctx.t("history.title"))</a>
            <a class="button button-quiet" href="\(Paths.note(note.id))">\(ctx.t("attempt.backToNote"))</a>
          </div>
        </section>
        <section class="note-section" aria-labelledby="answers-heading">
          <h2 id="answers-heading">\(ctx.t("attempt.answers"))</h2>
          <ol class="answer-list">\(rows)</ol>
        </section>
        """
        return Layout.page(ctx: ctx, title: ctx.t("attempt.title"), body: body, bodyClass: "page-attempt")
    }

    /// One graded question: mark, prompt, options with mine and the right one, explanation, source.
    static func answerRow(_ ctx: PageContext, _ q: Question, _ a: GradedAnswer?, number: Int, noteId: String) -> HTML {
        let correct = a?.isCorrect ?? false
        let mine = a?.given ?? ""
        let detail: HTML
        if q.kind == .choice {
            let options = q.options.enumerated().map { (i, o) -> HTML in
                let isRight = i == q.correctIndex, isMine = i == a?.choice
                let classes = ["option-result", isRight ? "is-right" : "", isMine ? "is-mine" : ""].filter { !$0.isEmpty }.joined(separator: " ")
                let marks: HTML = """
                \(HTML.when(isRight) { "<span class=\"badge badge-right\">\(ctx.t("attempt.rightAnswer"))</span>" })\(HTML.when(isMine) { "<span class=\"badge badge-mine\">\(ctx.t("attempt.myAnswer"))</span>" })
                """
                return "<li class=\"\(classes)\"><span class=\"option-key\" aria-hidden=\"true\">\(i + 1)</span><span class=\"option-text\">\(o)</span>\(marks)</li>"
            }
            detail = """
            <ul class="option-results">\(options)</ul>
            \(HTML.when(a?.choice == nil) { "<p class=\"given\"><strong>\(ctx.t("attempt.myAnswer"))</strong> <span class=\"muted\">\(ctx.t("attempt.blank"))</span></p>" })
            """
        } else {
            detail = """
            <p class="given"><strong>\(ctx.t("attempt.myAnswer"))</strong> \(mine.isEmpty ? HTML(raw: "<span class=\"muted\">\(HTML.escape(ctx.t("attempt.blank")))</span>") : "<span class=\"given-text\">\(mine)</span>")</p>
            <p class="right-answer"><strong>\(ctx.t("attempt.rightAnswer"))</strong> <span class="answer-text">\(q.answer)</span></p>
            """
        }
        return """
        <li class="answer-row \(correct ? "is-correct" : "is-wrong")" data-question-id="\(q.id)" data-correct="\(correct ? "true" : "false")">
          <p class="answer-head"><span class="mark" aria-hidden="true">\(correct ? "○" : "✕")</span>
            <span class="visually-hidden">\(ctx.t(correct ? "attempt.correct" : "attempt.incorrect"))</span>
            <span class="question-number">\(number).</span> <span class="answer-prompt">\(q.prompt)</span></p>
          \(detail)
          \(a.map { QuizViews.reasonLine(ctx, AnswerVerdict.of(q, given: $0.given, choice: $0.choice, stored: $0.isCorrect)) } ?? .empty)
          \(q.explanation.map { "<p class=\"explanation\">\($0)</p>" as HTML })
          <p class="answer-source muted"><span class="chip chip-keyword">\(q.conceptName)</span> \(QuizViews.sourceLink(ctx, noteId: noteId, page: q.page))</p>
        </li>
        """
    }

    /// `GET /notes/{id}/attempts`: every attempt and the totals.
    static func attemptHistory(_ ctx: PageContext, note: NoteSummary, study: NoteStudyPanel, more: String? = nil) -> String {
        let p = study.progress
        let list: HTML = study.recent.isEmpty
            ? """
              <div class="empty-state" data-empty="attempts"><p>\(ctx.t("study.noAttempts"))</p>
              \(HTML.when(!ctx.isGuest) { "<a class=\"button button-primary\" href=\"\(Paths.noteStudy(note.id))\">\(ctx.t("quiz.new"))</a>" })</div>
              """
            : "<ul class=\"attempt-list\" id=\"attempt-list\">\(study.recent.map { QuizViews.attemptRow(ctx, $0, zone: study.timeZone) })</ul>"
        let percent: (Double?) -> String = { $0.map { NoteViews.percent($0) + "%" } ?? "–" }
        let body: HTML = """
        <div class="page-head">
          \(NoteViews.backLink(Paths.note(note.id), note.title))
          <h1>\(ctx.t("history.title"))</h1>
        </div>
        <section class="card history-summary" aria-label="\(ctx.t("history.summary"))">
          <dl class="stats stats-wide">
            <div><dt>\(ctx.t("history.attempts"))</dt><dd id="summary-attempts">\(p.attempts)</dd></div>
            <div><dt>\(ctx.t("history.solved"))</dt><dd id="summary-solved">\(p.questionsSolved)</dd></div>
            <div><dt>\(ctx.t("attempt.wrong"))</dt><dd id="summary-wrong">\(p.wrongCount)</dd></div>
            <div><dt>\(ctx.t("attempt.accuracy"))</dt><dd id="summary-accuracy">\(percent(p.overallAccuracy))</dd></div>
            <div><dt>\(ctx.t("notes.learningRate"))</dt><dd id="learning-rate">\(percent(p.learningRate))</dd></div>
            <div><dt>\(ctx.t("study.status"))</dt><dd>\(QuizViews.status(ctx, p))</dd></div>
          </dl>
          <a class="button button-secondary button-small" href="\(Paths.noteWrongAnswers(note.id))">\(ctx.t("notebook.title")) <span class="count">\(study.wrongCount)</span></a>
        </section>
        \(list)
        \(ListViews.more(ctx, href: more, list: "attempt-list"))
        """
        return Layout.page(ctx: ctx, title: ctx.t("history.title"), body: body, bodyClass: "page-history")
    }
}
