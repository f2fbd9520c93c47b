import Foundation
import NotioCore
import NotioHTTP
import NotioMedia

/// `POST /api/v1/ocr/underline` and `/ocr/words`: a page photo read by the warm OCR workers
/// (child processes: a crash or a hang there fails one request, never the server).
struct OCRAPI {
    let app: AppContext

    /// A photo error as the contract's status and a message in the reader's two languages.
    static func httpError(_ e: MediaError) -> HTTPError {
        let (status, ko): (Int, String) = switch e.code {
        case "bad_strokes": (400, "밑줄 정보를 읽을 수 없어요.")
        case "strokes_outside_image": (422, "밑줄이 사진 밖에 있어요.")
        case "not_an_image": (415, "사진 파일이 아니에요. JPEG나 PNG 사진을 올려 주세요.")
        case "damaged_image": (422, "사진 파일이 손상되었어요. 다시 찍어 주세요.")
        case "too_many_pixels": (413, "사진이 너무 커요 (최대 40메가픽셀).")
        case "too_large": (413, "사진 파일이 너무 커요.")
        case "timeout": (504, "사진을 읽는 데 너무 오래 걸렸어요. 다시 시도해 주세요.")
        case "busy": (503, "지금 읽을 사진이 많아요. 잠시 후 다시 시도해 주세요.")
        case "ocr_unavailable": (503, "이 서버에서는 글자 인식을 쓸 수 없어요.")
        default: (500, "사진을 읽다가 문제가 생겼어요. 다시 시도해 주세요.")
        }
        var error = HTTPError(status, e.code, "\(ko) (\(e.message))")
        if e.code == "busy" { error.fields["retryAfter"] = "2" }
        return error
    }

    /// The uploaded photo, checked for size before any reading.
    private func photo(_ request: Request) throws -> UploadedFile {
        guard let file = request.files.first(where: { $0.fieldName == "image" }), file.size > 0 else {
            throw HTTPError.unprocessable(["image": "사진을 올려 주세요. (Attach a photo.)"], "사진을 올려 주세요. (Attach a photo as `image`.)")
        }
        guard file.size <= app.config.maxPhotoBytes else { throw HTTPError.tooLarge(limit: app.config.maxPhotoBytes) }
        return file
    }

    func underline(_ request: Request, _ member: Member) async throws -> Response {
        let file = try photo(request)
        let strokes: [Stroke]
        do {
            strokes = try Stroke.parseList(json: request.formFields["strokes"] ?? "")
        } catch let e as MediaError {
            throw Self.httpError(e)
        }
        do {
            let result = try await app.ocr.underline(inImageAt: file.path, strokes: strokes)
            struct Answer: Encodable {
                var text: String, words: [OCRWord], imageWidth: Int, imageHeight: Int, message: String?
            }
            let empty = result.text.isEmpty ? "밑줄 위에서 글자를 찾지 못했어요. 글자 바로 아래에 그어 보세요. (No words were found above the line: draw it just under the words.)" : nil
            return JSON.response(Answer(text: result.text, words: result.words, imageWidth: result.imageWidth,
                                        imageHeight: result.imageHeight, message: empty))
        } catch let e as MediaError {
            throw Self.httpError(e)
        }
    }

    func words(_ request: Request, _ member: Member) async throws -> Response {
        let file = try photo(request)
        do {
            let page = try await app.ocr.words(inImageAt: file.path)
            return JSON.response(page)
        } catch let e as MediaError {
            throw Self.httpError(e)
        }
    }
}
