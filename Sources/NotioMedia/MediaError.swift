import Foundation

/// The one error NotioMedia hands to the outside world: a stable `code` for programs
/// (`not_a_pdf`, `encrypted_pdf`, `too_many_pages`, `too_large`, `timeout`, `worker_crashed`,
/// `not_an_image`, `damaged_image`, `too_many_pixels`, `bad_strokes`, `strokes_outside_image`, ...)
/// and a `message` a user can read.
public struct MediaError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}

extension MediaError {
    package static let emptyFile = MediaError(code: "empty_file", message: "The file is empty.")
    package static let notAPDF = MediaError(code: "not_a_pdf", message: "This file is not a PDF document.")
    package static let encrypted = MediaError(
        code: "encrypted_pdf",
        message: "This PDF is protected by a password. Remove the protection and upload it again.")
    package static let damaged = MediaError(
        code: "damaged_pdf",
        message: "This PDF is damaged or incomplete and cannot be read. Try exporting it again.")

    package static func tooManyPages(_ count: Int, limit: Int) -> MediaError {
        MediaError(code: "too_many_pages",
                   message: "This PDF has \(count) pages; at most \(limit) pages can be read.")
    }

    package static func tooLarge(bytes: Int, limit: Int) -> MediaError {
        MediaError(code: "too_large",
                   message: "This file is \(megabytes(bytes)); files up to \(megabytes(limit)) can be read.")
    }

    package static let notAnImage = MediaError(
        code: "not_an_image", message: "This file is not a picture. Upload a photo (JPEG, PNG, WebP, ...).")
    package static let damagedImage = MediaError(
        code: "damaged_image", message: "This picture is damaged or incomplete and cannot be read. Take or export it again.")

    package static func tooManyPixels(width: Int, height: Int, limit: Int) -> MediaError {
        MediaError(code: "too_many_pixels",
                   message: "This picture is \(width) × \(height) pixels; pictures up to \(limit / 1_000_000) megapixels can be read.")
    }

    package static func badStrokes(_ reason: String) -> MediaError {
        MediaError(code: "bad_strokes", message: "The underline could not be read: \(reason).")
    }

    package static let strokesOutsideImage = MediaError(
        code: "strokes_outside_image", message: "The underline lies outside the picture. Draw it under the words on the photo.")

    private static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_000_000
        return value >= 10 ? "\(Int(value.rounded())) MB" : String(format: "%.1f MB", value)
    }
}

extension MediaError {
    package static func taggerUnavailable(_ dictionary: String) -> MediaError {
        MediaError(code: "tagger_unavailable",
                   message: "The Korean dictionary was not found in \(dictionary) (run scripts/fetch-korean-dictionary.sh or set NOTIO_KOREAN_DICTIONARY).")
    }

    package static func languageModelUnavailable(_ folder: String) -> MediaError {
        MediaError(code: "language_model_unavailable",
                   message: "The Korean language model was not found in \(folder) (run scripts/build-korean-model.sh or set NOTIO_KOREAN_MODEL).")
    }

    /// The worker's answer to a language-model request did not fit the sentences asked about.
    package static func tooManyToScore(_ count: Int, limit: Int) -> MediaError {
        MediaError(code: "too_large", message: "\(count) sentences were sent to be scored; up to \(limit) can be at once.")
    }

    package static let scoringFailed = MediaError(code: "worker_failed", message: "The sentences could not be scored.")

    package static let taggerFailed = MediaError(code: "tagger_failed", message: "The Korean morphological analyser failed on this text.")

    /// The worker's tagging answer did not fit the texts asked about, or never came.
    package static let taggingFailed = MediaError(code: "worker_failed", message: "The text could not be analysed.")

    package static func tooMuchToTag(bytes: Int, limit: Int) -> MediaError {
        MediaError(code: "too_large", message: "This text is \(megabytes(bytes)); texts up to \(megabytes(limit)) can be analysed.")
    }
}
