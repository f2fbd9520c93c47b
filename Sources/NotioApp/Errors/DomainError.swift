import Foundation

/// Something a reader is told: a catalog key and the values for its `%@` (or `%1`, `%2`…),
/// rendered only once the reader's language is known. Errors carry messages, never text.
struct Message: Sendable, Equatable {
    enum Form: Sendable, Equatable {
        /// A key of `L10n` with its values.
        case catalog(String, [String])
        /// Text that already comes in both languages from a module with its own wording
        /// (a catalog service's answer, a backup problem).
        case translated(ko: String, en: String)
        /// Text a rule wrote for programs (a field's technical reason), the same in every language.
        case verbatim(String)
    }
    let form: Form

    init(_ key: String, _ values: String...) { form = .catalog(key, values) }
    init(form: Form) { self.form = form }

    static func translated(ko: String, en: String) -> Message { Message(form: .translated(ko: ko, en: en)) }
    static func verbatim(_ text: String) -> Message { Message(form: .verbatim(text)) }

    /// The text in `language`.
    func text(_ language: Language) -> String {
        switch form {
        case .catalog(let key, let values): L10n.t(key, language, values)
        case .translated(let ko, let en): language == .en ? en : ko
        case .verbatim(let text): text
        }
    }
}

/// A failure a service or a rule reports: the HTTP status it answers with, a stable snake_case
/// `code` for programs and a message for people (`readerMessage`: a catalog key and its values). Services throw these and never see a request;
/// the one error responder (`ErrorPages`) renders them in the reader's language, and pages that
/// re-show a form read `readerMessage` and `fields` the same way.
protocol DomainError: Error, Sendable {
    var status: Int { get }
    var code: String { get }
    var readerMessage: Message { get }
    /// For 422: field name → what is wrong with it.
    var fields: [String: Message] { get }
    /// Seconds a client should wait before asking again (429, 503).
    var retryAfter: Int? { get }
}

extension DomainError {
    var fields: [String: Message] { [:] }
    var retryAfter: Int? { nil }
}

/// The application's own failures. Each has a named constructor below so that a handler and a
/// service that refuse the same thing say it the same way.
struct AppError: DomainError, Equatable {
    var status: Int
    var code: String
    var readerMessage: Message
    var fields: [String: Message] = [:]
    var retryAfter: Int?
    /// Extra values for programs, sent beside `fields` (the id of the book that already exists).
    var details: [String: String] = [:]

    init(_ status: Int, _ code: String, _ message: Message, fields: [String: Message] = [:], retryAfter: Int? = nil) {
        self.status = status; self.code = code; self.readerMessage = message; self.fields = fields; self.retryAfter = retryAfter
    }

    /// 404 `not_found` naming what is absent (or not the reader's: never say which).
    static func notFound(_ key: String) -> AppError { AppError(404, "not_found", Message(key)) }

    /// 422 `invalid_values` with the bad fields; `message` sums them up.
    static func invalid(_ fields: [String: Message], _ message: Message = Message("error.invalid_values")) -> AppError {
        AppError(422, "invalid_values", message, fields: fields)
    }
    /// 422 for one field, whose message is also the summary.
    static func invalid(field: String, _ message: Message) -> AppError { invalid([field: message], message) }
    /// 422 from a rule's own problems (NotioCore validators name a field and say why, for programs).
    static func invalid(problems: [String: String], _ message: Message) -> AppError {
        invalid(problems.mapValues(Message.verbatim), message)
    }

    /// 413 for a file over `limit` bytes.
    static func tooLarge(limit: Int) -> AppError {
        AppError(413, "payload_too_large", Message("http.payload_too_large", ByteCountFormatter.string(fromByteCount: Int64(limit), countStyle: .file)))
    }

    /// 400 for a body that is not JSON at all.
    static let bodyNotJSON = AppError(400, "malformed_request", Message("error.body_not_json"))

    static let noteNotFound = notFound("error.note_not_found")
    static let quizNotFound = notFound("error.quiz_not_found")
    static let attemptNotFound = notFound("error.attempt_not_found")
    static let reviewNotFound = notFound("error.review_not_found")
    static let jobNotFound = notFound("error.job_not_found")
    static let conceptNotFound = notFound("error.concept_not_found")
    static let bookNotFound = notFound("error.book_not_found")
    static let sentenceNotFound = notFound("error.sentence_not_found")
    static let sessionNotFound = notFound("error.session_not_found")
    static let noSentences = notFound("error.no_sentences")
    /// Guests browse the demo read-only.
    static let readOnly = AppError(403, "read_only", Message("error.read_only"))
}
