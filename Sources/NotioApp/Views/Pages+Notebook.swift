import Foundation
import NotioCore

/// A question due in 오늘 복습, with the note it came from.
struct ReviewItem: Sendable {
    var question: Question
    var noteId: String
    var noteTitle: String
}

/// What the review page says about the answer just given without JavaScript.
struct ReviewFeedback: Sendable {
    var question: Question
    var isCorrect: Bool
    /// When the question is due again, by the schedule the answer set.
    var nextDue: Date?
    /// The application's clock when the page was made, to say "in 3 days" (a view never reads the time).
    var now: Date
}

extension Pages {
    /// `GET /notes/{id}/wrong-answers` (`note` given) and `GET /wrong-answers` (every note).
    static func wrongAnswerNotebook(_ ctx: PageContext, note: NoteSummary?, items: [WrongAnswer], total: Int? = nil, more: String? = nil,
                                    flash: Layout.Flash? = nil) -> String {
        // Grouped by note, in the order the newest entry of each note comes.
        var order: [String] = []
        var groups: [String: [WrongAnswer]] = [:]
        for item in items {
            if groups[item.noteId] == nil { order.append(item.noteId) }
            groups[item.noteId, default: []].append(item)
        }
        let content: HTML
        if items.isEmpty {
            content = """
            <div class="empty-state empty-state-large" data-empty="notebook">
              <div class="empty-art" aria-hidden="true">\(Icon.quiz)</div>
              <p>\(ctx.t("notebook.empty"))</p>
              \(note.map { "<a class=\"button button-secondary\" href=\"\(Paths.note($0.id))\">\(ctx.t("attempt.backToNote"))</a>" as HTML })
            </div>
            """
        } else {
            content = HTML.join(order.map { noteId in
                let entries = groups[noteId] ?? []
                let title = entries.first?.noteTitle ?? ""
                return """
                <section class="notebook-group" data-note-id="\(noteId)" aria-labelledby="group-\(noteId)">
                  <div class="notebook-group-head">
                    <h2 id="group-\(noteId)"><a href="\(Paths.note(noteId))">\(title)</a> <span class="count">\(entries.count)</span></h2>
                    \(HTML.when(!ctx.isGuest) { """
                    <form method="post" action="\(Paths.noteWrongAnswersQuiz(noteId))" class="inline">
                      \(Form.csrfField(ctx))
                      <button class="button button-primary button-small retry-wrong" type="submit">\(ctx.t("notebook.retry"))</button>
                    </form>
                    """ })
                  </div>
                  <ul class="wrong-list">\(entries.map { wrongRow(ctx, $0) })</ul>
                </section>
                """
            })
        }
        let title = ctx.t("notebook.title")
        let body: HTML = """
        <div class="page-head">
          \(note.map { NoteViews.backLink(Paths.note($0.id), $0.title) } ?? NoteViews.backLink(Paths.home, ctx.t("nav.home")))
          <h1>\(title) <span class="count" id="notebook-total">\(total ?? items.count)</span></h1>
          <p class="muted">\(ctx.t("notebook.subtitle"))</p>
          \(HTML.when(note != nil) { "<a class=\"muted-link\" href=\"\(Paths.wrongAnswers)\">\(ctx.t("notebook.all"))</a>" })
        </div>
        \(HTML.when(ctx.isGuest && !items.isEmpty) { "<p class=\"notice guest-hint\">\(ctx.t("quiz.guestHint")) <a href=\"\(Paths.signup)\">\(ctx.t("guest.signup"))</a></p>" })
        <div id="notebook-groups">\(content)</div>
        \(ListViews.more(ctx, href: more, list: "notebook-groups"))
        """
        return Layout.page(ctx: ctx, title: title, body: body, bodyClass: "page-notebook", flash: flash)
    }

    static func wrongRow(_ ctx: PageContext, _ w: WrongAnswer) -> HTML {
        let q = w.question
        return """
        <li class="wrong-item card" data-question-id="\(q.id)">
          <p class="answer-prompt">\(QuizViews.blanksKeptWhole(q.prompt))</p>
          <dl class="wrong-facts">
            <div><dt>\(ctx.t("notebook.lastAnswer"))</dt><dd class="given-text">\(w.lastGiven.isEmpty ? ctx.t("attempt.blank") : w.lastGiven)</dd></div>
            <div><dt>\(ctx.t("attempt.rightAnswer"))</dt><dd class="answer-text">\(q.answer)</dd></div>
            <div><dt>\(ctx.t("notebook.times"))</dt><dd class="wrong-count">\(NoteViews.format(ctx, "notebook.timesValue", String(w.wrongCount)))</dd></div>
          </dl>
          \(QuizViews.reasonLine(ctx, AnswerVerdict.of(q, given: w.lastGiven, choice: nil, stored: false)))
          <p class="answer-source muted"><span class="chip chip-keyword">\(q.conceptName)</span> \(QuizViews.sourceLink(ctx, noteId: w.noteId, page: q.page))</p>
        </li>
        """
    }

    /// `GET /review`: 오늘 복습. Without JavaScript every due question is its own form; review.js
    /// shows them one at a time with immediate feedback.
    static func reviewQueue(_ ctx: PageContext, items: [ReviewItem], sentences: [SentenceReviewItem] = [], feedback: ReviewFeedback?,
                            sentenceFeedback: SentenceFeedback? = nil) -> String {
        let feedbackHTML: HTML = feedback.map { f in
            """
            <div class="notice review-feedback \(f.isCorrect ? "is-correct" : "is-wrong")" id="review-last" role="status">
              <strong>\(ctx.t(f.isCorrect ? "review.correct" : "review.incorrect"))</strong>
              \(ctx.t("attempt.rightAnswer")): <span class="answer-text">\(f.question.answer)</span>
              <span class="chip chip-keyword review-concept">\(f.question.conceptName)</span>
              \(f.nextDue.map { "<p class=\"review-next-due\">\(QuizViews.comesBack(ctx, $0, now: f.now))</p>" as HTML } ?? .empty)
            </div>
            """
        } ?? .empty
        let list: HTML
        let total = items.count + sentences.count
        if total == 0 {
            list = """
            <div class="empty-state empty-state-large" data-empty="review">
              <div class="empty-art" aria-hidden="true">\(Icon.timer)</div>
              <p>\(ctx.t("review.empty"))</p>
              <a class="button button-secondary" href="\(Paths.home)">\(ctx.t("comingSoon.back"))</a>
            </div>
            """
        } else {
            list = """
            <ol class="review-list" id="review-list">\(items.enumerated().map { (i, item) in reviewCard(ctx, item, number: i + 1, total: total) })\
            \(sentences.enumerated().map { (i, item) in sentenceCard(ctx, item, number: items.count + i + 1, total: total) })</ol>
            """
        }
        let body: HTML = """
        <div class="page-head">
          \(NoteViews.backLink(Paths.home, ctx.t("nav.home")))
          <h1>\(ctx.t("review.title")) <span class="count" id="review-due">\(total)</span></h1>
          <p class="muted">\(ctx.t(sentences.isEmpty ? "review.subtitle" : "review.subtitleWithSentences"))</p>
        </div>
        \(feedbackHTML)
        \(sentenceFeedback.map { sentenceFeedbackHTML(ctx, $0) } ?? .empty)
        \(HTML.when(ctx.isGuest && total > 0) { "<p class=\"notice guest-hint\">\(ctx.t("quiz.guestHint")) <a href=\"\(Paths.signup)\">\(ctx.t("guest.signup"))</a></p>" })
        <div id="review-root" data-answer-api-url="\(Paths.API.reviewAnswer(Paths.idSlot))" data-home-url="\(Paths.home)" data-msg-correct="\(ctx.t("review.correct"))" data-msg-incorrect="\(ctx.t("review.incorrect"))"
          data-msg-right-answer="\(ctx.t("attempt.rightAnswer"))" data-msg-back-today="\(ctx.t("review.backToday"))" data-msg-back-days="\(NoteViews.format(ctx, "review.backInDays", "{n}"))" data-msg-next="\(ctx.t("quiz.next"))" data-msg-done="\(ctx.t("review.done"))" data-msg-partly="\(ctx.t("review.sentence.partly"))" data-msg-missing="\(ctx.t("review.sentence.missing"))"
          data-msg-failed="\(ctx.t("quiz.submitFailed"))">
          \(list)
        </div>
        """
        return Layout.page(ctx: ctx, title: ctx.t("review.title"), body: body, scripts: ctx.isGuest ? [] : ["review.js"], bodyClass: "page-review")
    }

    static func reviewCard(_ ctx: PageContext, _ item: ReviewItem, number: Int, total: Int) -> HTML {
        let q = item.question
        let field = "review-\(q.id)"
        let input: HTML
        switch q.kind {
        case .choice:
            let options = q.options.enumerated().map { (i, o) -> HTML in
                "<label class=\"option\"><input type=\"radio\" name=\"choice\" value=\"\(i)\" required><span class=\"option-key\" aria-hidden=\"true\">\(i + 1)</span><span class=\"option-text\">\(o)</span></label>"
            }
            input = "<div class=\"options\">\(options)</div>"
        case .short:
            input = """
            <div class="field short-answer">
              <label for="\(field)">\(ctx.t("quiz.shortAnswer"))</label>
              <input id="\(field)" name="text" type="text" maxlength="\(QuizRules.maxAnswerText)" autocomplete="off" required>
            </div>
            """
        }
        return """
        <li class="review-item card" data-item-kind="question" data-item-id="\(q.id)" data-question-id="\(q.id)" data-kind="\(q.kind.rawValue)" tabindex="-1" aria-labelledby="review-prompt-\(number)">
          <p class="question-meta"><span class="question-number">\(number) / \(total)</span>
            <a class="chip chip-keyword" href="\(Paths.note(item.noteId))">\(item.noteTitle)</a></p>
          <form method="post" action="\(Paths.reviewAnswer(q.id))" class="review-form">
            \(Form.csrfField(ctx))
            <fieldset>
              \(QuizViews.prompt(q.prompt, id: "review-prompt-\(number)"))
              \(input)
            </fieldset>
            <div class="review-result" aria-live="polite"></div>
            \(HTML.when(!ctx.isGuest) { "<button class=\"button button-primary\" type=\"submit\">\(ctx.t("review.check"))</button>" })
          </form>
        </li>
        """
    }
}
