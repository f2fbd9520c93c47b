import Foundation

extension OCRPool {
    /// Draws an image card in one of the pool's warm workers (fonts loaded, fontconfig ready)
    /// and writes the PNG to `outputPath`. `backgroundPath` is the reader's picture, used when
    /// `options.background` is `photo`.
    ///
    /// Invalid content or options are refused before a worker is asked; for a 422 naming the
    /// fields, check `CardOptions.parse(json:)` and `content.problems` first.
    ///
    /// Throws `MediaError`: `bad_card_options`; for the picture `not_found`, `too_large`,
    /// `not_an_image`, `too_many_pixels`, `damaged_image`; `card_failed`, `timeout`,
    /// `worker_crashed`, `busy`, `ocr_unavailable`; or `CancellationError`.
    public func renderCard(content: CardContent, options: CardOptions, backgroundPath: String?,
                           outputPath: String) async throws -> CardResult {
        var problems = content.problems.merging(options.problems) { first, _ in first }
        if options.hasPhoto && backgroundPath == nil { problems["background"] = "needs a picture" }
        guard problems.isEmpty else { throw MediaError.badCardOptions(problems) }
        let background = options.hasPhoto ? backgroundPath : nil
        if let background {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: background),
                  let size = (attributes[.size] as? NSNumber)?.intValue else {
                throw MediaError(code: "not_found", message: "The uploaded picture could not be found.")
            }
            guard size <= configuration.photo.maxBytes else {
                throw MediaError.tooLarge(bytes: size, limit: configuration.photo.maxBytes)
            }
        }
        let answer = try await perform(.card(content, options: options, background: background, out: outputPath,
                                             limits: configuration.photo))
        guard let card = answer.card else { throw MediaError.workerFailed }
        return card
    }
}
