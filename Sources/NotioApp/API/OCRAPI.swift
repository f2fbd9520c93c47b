import Foundation
import NotioCore
import NotioHTTP
import NotioMedia

/// `POST /api/v1/ocr/underline` and `/ocr/words`: a page photo read by the warm OCR workers
/// (child processes: a crash or a hang there fails one request, never the server).
struct OCRAPI {
    let app: AppContext

    /// The uploaded photo, checked for size before any reading.
    private func photo(_ request: Request) throws -> UploadedFile {
        guard let file = request.files.first(where: { $0.fieldName == "image" }), file.size > 0 else {
            throw AppError.invalid(["image": Message("error.photo_required")], Message("error.photo_required"))
        }
        guard file.size <= app.config.maxPhotoBytes else { throw HTTPError.tooLarge(limit: app.config.maxPhotoBytes) }
        return file
    }

    func underline(_ request: Request, _ member: Member) async throws -> Response {
        let file = try photo(request)
        let strokes = try Stroke.parseList(json: request.formFields["strokes"] ?? "")
        let language = Language.of(member.user)
        let result = try await app.ocr.underline(inImageAt: file.path, strokes: strokes)
        struct Answer: Encodable {
            var text: String, words: [OCRWord], imageWidth: Int, imageHeight: Int, message: String?
        }
        let empty = result.text.isEmpty ? L10n.t("error.no_words", language) : nil
        return JSON.response(Answer(text: result.text, words: result.words, imageWidth: result.imageWidth,
                                    imageHeight: result.imageHeight, message: empty))
    }

    func words(_ request: Request, _ member: Member) async throws -> Response {
        let file = try photo(request)
        return JSON.response(try await app.ocr.words(inImageAt: file.path))
    }
}
