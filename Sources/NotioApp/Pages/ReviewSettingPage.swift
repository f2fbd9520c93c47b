import Foundation
import NotioCore
import NotioHTTP

extension AccountPages {
    /// `POST /settings/review`: saved sentences in 오늘 복습 on (`sentenceReview=on`) or off → 303 to the settings.
    func saveReviewSetting(_ request: Request, _ member: Member) throws -> Response {
        try app.store.setSentenceReview(userId: member.id, request.formFields["sentenceReview"] == "on")
        app.sessions.clear()
        return .redirect("\(Paths.settings)?done=review#review-setting")
    }
}

extension Pages {
    /// The switch for saved sentences in 오늘 복습 (the same preference as `PATCH /api/v1/me`).
    static func reviewSection(_ ctx: PageContext) -> HTML {
        """
        <section class="card settings-section" aria-labelledby="review-setting" id="review-setting-section">
          <h2 id="review-setting">\(ctx.t("settings.review.title"))</h2>
          <form method="post" action="\(Paths.settingsReview)" class="review-setting-form">
            \(Form.csrfField(ctx))
            <label class="check"><input type="checkbox" name="sentenceReview" id="sentence-review" value="on" data-autosubmit\(HTML.when(ctx.user?.sentenceReview ?? true) { " checked" })>
              <span>\(ctx.t("settings.review.sentences"))</span></label>
            <p class="muted">\(ctx.t("settings.review.hint"))</p>
            <button class="button button-secondary" type="submit" id="sentence-review-save" data-autosubmit-button>\(ctx.t("settings.review.save"))</button>
          </form>
        </section>
        """
    }
}
