import Foundation
import NotioAnalysis
import NotioCore

/// What the review page says about a sentence just answered without JavaScript.
struct SentenceFeedback: Sendable {
    var sentence: SentenceWithBook
    var answers: [String]
    var isCorrect: Bool
    var nextDue: Date?
    var now: Date
}

extension Pages {
    /// A saved sentence in 오늘 복습: the book and page, the sentence with its words blanked, one
    /// field per blank.
    static func sentenceCard(_ ctx: PageContext, _ item: SentenceReviewItem, number: Int, total: Int) -> HTML {
        let s = item.sentence.sentence
        let fields = item.cloze.answers.indices.map { i -> HTML in
            let id = "review-\(s.id)-\(i)"
            return """
            <div class="field short-answer">
              <label for="\(id)">\(NoteViews.format(ctx, "review.sentence.blank", String(i + 1)))</label>
              <input id="\(id)" name="blank-\(i)" type="text" maxlength="\(QuizRules.maxAnswerText)" autocomplete="off" required>
            </div>
            """
        }
        return """
        <li class="review-item review-sentence card" data-item-kind="sentence" data-item-id="\(s.id)" data-kind="sentence" tabindex="-1" aria-labelledby="review-prompt-\(number)">
          <p class="question-meta"><span class="question-number">\(number) / \(total)</span>
            <a class="chip chip-keyword" href="\(Paths.book(s.bookId))">\(item.sentence.bookTitle)</a>
            \(s.page.map { "<span class=\"chip review-page\">\(NoteViews.format(ctx, "sentence.pageN", String($0)))</span>" as HTML } ?? .empty)</p>
          <form method="post" action="\(Paths.reviewAnswer(s.id))" class="review-form">
            \(Form.csrfField(ctx))
            <fieldset>
              <legend class="quiz-prompt" id="review-prompt-\(number)">\(ctx.t("review.sentence.prompt"))</legend>
              <blockquote class="quiz-passage review-cloze">\(item.cloze.blanked)</blockquote>
              \(fields)
            </fieldset>
            <div class="review-result" aria-live="polite"></div>
            \(HTML.when(!ctx.isGuest) { "<button class=\"button button-primary\" type=\"submit\">\(ctx.t("review.check"))</button>" })
          </form>
        </li>
        """
    }

    static func sentenceFeedbackHTML(_ ctx: PageContext, _ f: SentenceFeedback) -> HTML {
        """
        <div class="notice review-feedback \(f.isCorrect ? "is-correct" : "is-wrong")" id="review-last" role="status">
          <strong>\(ctx.t(f.isCorrect ? "review.correct" : "review.incorrect"))</strong>
          \(ctx.t("review.sentence.missing")): <span class="answer-text">\(f.answers.joined(separator: " · "))</span>
          <blockquote class="quiz-passage review-whole">\(f.sentence.sentence.text)</blockquote>
          \(f.nextDue.map { "<p class=\"review-next-due\">\(QuizViews.comesBack(ctx, $0, now: f.now))</p>" as HTML } ?? .empty)
        </div>
        """
    }
}
