import Foundation
import NotioCore
import NotioHTTP
import NotioMedia
import NotioStore

/// Image cards: `POST /api/v1/sentences/{id}/card` renders a sentence over a preset background
/// or the reader's own photo (in the warm media workers: cairo + pango, Korean broken between
/// words) and answers the PNG; `/widget/sentence.png` is the same card at widget size.
struct CardAPI {
    let app: AppContext

    /// Renders a card to a temporary PNG and answers it; the file is removed once sent.
    func render(content: CardContent, options: CardOptions, background: String?, fileName: String) async throws -> Response {
        let problems = content.problems.merging(options.problems) { a, _ in a }
        guard problems.isEmpty else {
            throw AppError.invalid(problems: problems, Message("error.card_invalid"))
        }
        if options.hasPhoto && background == nil {
            throw AppError.invalid(["background": .verbatim("a photo is needed for the photo background")], Message("error.card_photo"))
        }
        let out = (app.config.dataDirectory as NSString).appendingPathComponent("tmp/card-\(UUID().uuidString).png")
        do {
            _ = try await app.ocr.renderCard(content: content, options: options, backgroundPath: options.hasPhoto ? background : nil, outputPath: out)
        } catch {
            try? FileManager.default.removeItem(atPath: out)
            throw error
        }
        guard let data = FileManager.default.contents(atPath: out) else { throw AppError(500, "card_failed", Message("error.card_failed")) }
        try? FileManager.default.removeItem(atPath: out)
        var r = Response(status: 200, contentType: "image/png", body: data)
        r.headers.set("Content-Disposition", "attachment; filename=\"\(fileName)\"")
        r.headers.set("Cache-Control", "no-store")
        return r
    }

    /// The card's words; its page written as the reader's catalog writes it ("37쪽", "p. 37").
    static func content(_ s: SentenceWithBook, _ language: Language) -> CardContent {
        var content = CardContent(text: s.sentence.text, title: s.bookTitle, author: s.bookAuthor, page: s.sentence.page)
        content.pageFormat = L10n.t("sentence.pageN", language)
        return content
    }

    /// `POST /api/v1/sentences/{id}/card`: multipart `options` (JSON) and an optional `background` photo.
    func card(_ request: Request, _ member: Member) async throws -> Response {
        let owner = member.id
        guard let s = try app.store.sentence(id: request[.id], owner: owner) else { throw ReadingService.sentenceNotFound }
        var raw = request.formFields["options"] ?? "{}"
        if case .bytes(let data) = request.body { raw = String(decoding: data, as: UTF8.self) }
        let options: CardOptions
        switch CardOptions.parse(json: Data((raw.isEmpty ? "{}" : raw).utf8)) {
        case .success(let o): options = o
        case .failure(let problems): throw AppError.invalid(problems: problems.fields, Message("error.card_invalid"))
        }
        let photo = request.files.first { $0.fieldName == "background" && $0.size > 0 }
        if let photo, photo.size > app.config.maxPhotoBytes { throw HTTPError.tooLarge(limit: app.config.maxPhotoBytes) }
        return try await render(content: Self.content(s, Language.of(member.user)), options: options, background: photo?.path, fileName: "notio-card.png")
    }

    /// `GET /widget/sentence.png?token=&w=&h=&theme=`: the widget's sentence as a picture.
    func widgetPNG(_ request: Request, _ user: User) async throws -> Response {
        let widget = WidgetAPI(app: app)
        let mode = request.query["mode"] == "random" ? "random" : "daily"
        guard let s = try widget.pick(user, mode: mode, emotion: try ReadingAPI.emotion(request.query["emotion"])) else {
            throw AppError.noSentences
        }
        let width = Int(request.query["w"] ?? "") ?? 600, height = Int(request.query["h"] ?? "") ?? 600
        var options = CardOptions(size: .widget, width: width, height: height)
        options.background = request.query["theme"] == "dark" ? "night" : (request.query["background"] ?? CardPresets.defaultID)
        options.textScale = 1
        var r = try await render(content: Self.content(s, Language.of(user)), options: options, background: nil, fileName: "notio-widget.png")
        r.headers.set("Content-Disposition", "inline; filename=\"notio-widget.png\"")
        return r
    }
}
