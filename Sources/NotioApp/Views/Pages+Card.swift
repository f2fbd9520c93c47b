import Foundation
import NotioCore
import NotioMedia

extension Pages {
    /// `GET /sentences/{id}/card`: the card editor. The preview is drawn by the browser with the
    /// same presets, fonts and proportions; the PNG comes from the server. Without JavaScript the
    /// form posts straight to the API and the browser downloads the PNG.
    static func cardEditor(_ ctx: PageContext, sentence s: SentenceWithBook, maxPhotoMB: Int) -> String {
        let x = s.sentence
        let presets = HTML.join(CardPresets.all.enumerated().map { i, p in
            """
            <label class="swatch" title="\(p.label)"><input type="radio" name="background" value="\(p.id)"\(i == 0 ? HTML(raw: " checked") : .empty) data-css="\(p.css)" data-text="\(p.textColor)"><span style="background: \(p.css)"></span><span class="visually-hidden">\(p.label)</span></label>
            """
        })
        func radios(_ name: String, _ items: [(String, String)], checked: String) -> HTML {
            HTML.join(items.map { value, label in
                "<label class=\"segment\"><input type=\"radio\" name=\"\(name)\" value=\"\(value)\"\(value == checked ? HTML(raw: " checked") : .empty)><span>\(label)</span></label>"
            })
        }
        let footer = CardAPI.content(s, ctx.language).footer ?? ""
        let body: HTML = """
        \(NoteViews.backLink(Paths.book(x.bookId), s.bookTitle))
        <div class="page-head"><h1>\(ctx.t("card.title"))</h1></div>
        <div class="card-editor" id="card-editor" data-sentence-id="\(x.id)" data-max-bytes="\(maxPhotoMB << 20)"
             data-msg-made="\(ctx.t("card.made"))" data-msg-share="\(ctx.t("card.shareTitle"))">
          <div class="card-preview-wrap">
            <div class="card-preview" id="card-preview" data-size="portrait" data-font="serif" data-align="center" style="--card-bg: \(CardPresets.all[0].css); --card-text: \(CardPresets.all[0].textColor); --card-dim: 0.35; --card-scale: 1">
              <div class="card-photo" id="card-photo"></div>
              <div class="card-dim"></div>
              <div class="card-body">
                <p class="card-text" id="card-text">\(x.text)</p>
                <p class="card-footer">\(footer)</p>
              </div>
            </div>
          </div>
          <form class="card-controls stack" id="card-form" method="post" action="\(Paths.API.sentenceCard(x.id))" enctype="multipart/form-data">
            \(Form.csrfField(ctx))
            <input type="hidden" name="options" id="card-options" value="{}">
            <fieldset><legend>\(ctx.t("card.size"))</legend><div class="segments">\(radios("size", [("portrait", "1080×1350"), ("story", "1080×1920"), ("square", "1080×1080")], checked: "portrait"))</div></fieldset>
            <fieldset><legend>\(ctx.t("card.font"))</legend><div class="segments">\(radios("font", [("serif", ctx.t("card.font.serif")), ("sans", ctx.t("card.font.sans"))], checked: "serif"))</div></fieldset>
            <fieldset><legend>\(ctx.t("card.align"))</legend><div class="segments">\(radios("align", [("left", ctx.t("card.align.left")), ("center", ctx.t("card.align.center")), ("right", ctx.t("card.align.right"))], checked: "center"))</div></fieldset>
            <div class="field"><label for="card-scale">\(ctx.t("card.textSize"))</label><input id="card-scale" name="textScale" type="range" min="0.7" max="1.6" step="0.05" value="1"></div>
            <fieldset><legend>\(ctx.t("card.background"))</legend>
              <div class="swatches">\(presets)<label class="swatch swatch-photo" title="\(ctx.t("card.photo"))"><input type="radio" name="background" value="photo"><span>\(Icon.card)</span><span class="visually-hidden">\(ctx.t("card.photo"))</span></label></div>
              \(Form.dropzone(id: "card-background", name: "background", accept: "image/*", label: ctx.t("card.photo"), required: false))
            </fieldset>
            <div class="field"><label for="card-dim">\(ctx.t("card.dim"))</label><input id="card-dim" name="dim" type="range" min="0" max="0.8" step="0.05" value="0.35"></div>
            <div class="form-actions">
              <button class="button button-primary" type="submit" id="card-make">\(ctx.t("card.make"))</button>
            </div>
            <p class="capture-status" id="card-status" role="status" aria-live="polite"></p>
          </form>
          <div class="card-result" id="card-result" hidden>
            <img id="card-image" alt="\(ctx.t("card.title"))">
            <div class="form-actions">
              <a class="button button-primary" id="card-download" download="notio-card.png" href="#">\(ctx.t("card.download"))</a>
              <button class="button button-secondary" type="button" id="card-share" hidden>\(ctx.t("card.share"))</button>
              <button class="button button-secondary" type="button" id="card-copy-image" hidden data-done="\(ctx.t("card.imageCopied"))" data-failed="\(ctx.t("copy.failed"))">\(ctx.t("card.copyImage"))</button>
              <button class="button button-secondary" type="button" id="card-copy-text" hidden data-done="\(ctx.t("copy.done"))" data-failed="\(ctx.t("copy.failed"))" data-text="\(x.text)\(footer.isEmpty ? "" : " \(footer)")">\(ctx.t("card.copyText"))</button>
            </div>
          </div>
        </div>
        """
        return Layout.page(ctx: ctx, title: ctx.t("card.title"), body: body, scripts: ["card.js", "dropzone.js"], bodyClass: "page-card")
    }
}
