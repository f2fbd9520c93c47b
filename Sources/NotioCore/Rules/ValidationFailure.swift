import Foundation

/// A value one of the rules below refused: the field it came in and why. The JSON API answers
/// it with 422 `invalid_values` and `error.fields[field] = problem`; a form shows it beside the
/// field. The rules need no I/O, so the API and the pages call the same function.
public enum ValidationFailure: Error, Sendable, Equatable {
    /// Longer than `max` characters, or empty when `min` is 1.
    case length(field: String, min: Int, max: Int)
    /// A number outside `min...max`.
    case range(field: String, min: Int, max: Int)
    /// Not a valid ISBN-10 or ISBN-13.
    case isbn(field: String)
    /// Not a publication date in one of the forms `PublicationDate` accepts.
    case publicationDate(field: String)
    /// Not one of the listed values.
    case choice(field: String, allowed: [String])
    /// Not an http or https address.
    case webAddress(field: String)

    /// The field as the JSON API names it.
    public var field: String {
        switch self {
        case .length(let f, _, _), .range(let f, _, _), .isbn(let f), .publicationDate(let f), .choice(let f, _), .webAddress(let f): f
        }
    }

    /// The problem as `error.fields` states it (the API's stable English wording).
    public var problem: String {
        switch self {
        case .length(_, 0, let max): "must be at most \(max) characters"
        case .length(_, let min, let max): "must be \(min) to \(max) characters"
        case .range(let field, let min, let max):
            // A page may be 0 (a preface); the wording says so, as it always has.
            field == "page" ? "must be between \(min) and \(max)" : "must be \(min) to \(max)"
        case .isbn: "must be a valid ISBN-10 or ISBN-13"
        case .publicationDate: "must be a date written YYYY, YYYY-MM or YYYY-MM-DD"
        case .choice(_, let allowed):
            allowed.count <= 3
                ? "must be \(allowed.dropLast().joined(separator: ", ")) or \(allowed.last ?? "")"
                : "must be one of \(allowed.joined(separator: ", "))"
        case .webAddress: "must be an http or https URL"
        }
    }
}

extension Dictionary where Key == String, Value == String {
    /// Adds the failure of `rule` (if any) under its field and returns the value it checked,
    /// so that a handler can check every field and answer all the problems at once.
    public mutating func collect<T>(_ rule: () throws(ValidationFailure) -> T) -> T? {
        do { return try rule() } catch { self[error.field] = error.problem; return nil }
    }
}

/// A note's rules.
public enum NoteRules {
    /// The most characters of a note's title (an upload's typed title, a rename).
    public static let maxTitle = 200

    /// A title trimmed; empty is allowed only where `required` is false (an upload falls back
    /// to the file's name).
    public static func title(_ raw: String, required: Bool = true) throws(ValidationFailure) -> String {
        let title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if title.count > maxTitle || (required && title.isEmpty) {
            throw .length(field: "title", min: required ? 1 : 0, max: maxTitle)
        }
        return title
    }

    public static func category(_ raw: String) throws(ValidationFailure) -> NoteCategory {
        guard let category = NoteCategory(rawValue: raw) else {
            throw .choice(field: "category", allowed: NoteCategory.allCases.map(\.rawValue))
        }
        return category
    }
}

/// A quiz's rules.
public enum QuizRules {
    /// The fewest and most questions one quiz asks (the offline generator makes up to 30 too).
    public static let counts = 1...30

    public static func difficulty(_ raw: String?) throws(ValidationFailure) -> Difficulty {
        guard let raw, let difficulty = Difficulty(rawValue: raw) else {
            throw .choice(field: "difficulty", allowed: Difficulty.allCases.map(\.rawValue))
        }
        return difficulty
    }

    /// The most characters of a typed answer (the forms cut there, as their inputs do).
    public static let maxAnswerText = 500

    public static func answerText(_ text: String, field: String = "text") throws(ValidationFailure) -> String {
        guard text.count <= maxAnswerText else { throw .length(field: field, min: 0, max: maxAnswerText) }
        return text
    }

    public static func count(_ value: Int?) throws(ValidationFailure) -> Int {
        guard let value, counts.contains(value) else { throw .range(field: "count", min: counts.lowerBound, max: counts.upperBound) }
        return value
    }
}

/// When a book was published, as precise as the source knows it: Open Library gives a year
/// (`first_publish_year`), Aladin a day (`pubDate` "2018-02-12"), a reader may type a month.
/// Years of one to four digits, so that 명상록's "180" is a date too. Nothing else is accepted:
/// free text could not be sorted or shown as a year.
public enum PublicationDate {
    /// The most characters a stored publication date has ("2018-02-12").
    public static let maxLength = 10
    /// The forms as a regular expression, for the OpenAPI schema (`parse` also checks the day
    /// against the month).
    public static let pattern = "^[0-9]{1,4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$"

    /// The date trimmed, if it is `Y…`, `Y…-MM` or `Y…-MM-DD` with a real month and day.
    public static func parse(_ raw: String, field: String = "publishedAt") throws(ValidationFailure) -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        func digits(_ s: Substring, _ counts: ClosedRange<Int>) -> Int? {
            guard counts.contains(s.count), s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(s)
        }
        guard (1...3).contains(parts.count), let year = digits(parts[0], 1...4), year > 0 else { throw .publicationDate(field: field) }
        if parts.count >= 2 {
            guard let month = digits(parts[1], 2...2), (1...12).contains(month) else { throw .publicationDate(field: field) }
            if parts.count == 3 {
                let days = [31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
                guard let day = digits(parts[2], 2...2), (1...days[month - 1]).contains(day) else { throw .publicationDate(field: field) }
            }
        }
        return text
    }

    /// A catalog's date made one of the accepted forms: the whole date when it is one, else its
    /// leading four-digit year ("2018-02-12T…", "1998-1-2"), else nil.
    public static func fromCatalog(_ raw: String?) -> String? {
        guard let raw else { return nil }
        if let date = try? parse(raw) { return date }
        let year = raw.trimmingCharacters(in: .whitespaces).prefix(4)
        guard year.count == 4, let y = try? parse(String(year)) else { return nil }
        return y
    }
}

extension BookRules {
    /// An ISBN-10 or ISBN-13 as its ISBN-13.
    public static func isbn(_ raw: String) throws(ValidationFailure) -> String {
        guard let isbn13 = ISBN.isbn13(from: raw) else { throw .isbn(field: "isbn13") }
        return isbn13
    }

    public static func status(_ raw: String?) throws(ValidationFailure) -> BookStatus {
        guard let raw, let status = BookStatus(rawValue: raw) else {
            throw .choice(field: "status", allowed: BookStatus.allCases.map(\.rawValue))
        }
        return status
    }

    /// A cover's source address: http or https with a host, at most 2000 characters.
    public static func coverAddress(_ raw: String) throws(ValidationFailure) -> String {
        guard raw.count <= 2000, let url = URL(string: raw), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw .webAddress(field: "coverUrl")
        }
        return raw
    }
}

extension SentenceRules {
    public static func page(_ value: Int) throws(ValidationFailure) -> Int {
        guard (0...maxPage).contains(value) else { throw .range(field: "page", min: 0, max: maxPage) }
        return value
    }

    /// One of the emotions a sentence may carry.
    public static func emotion(_ raw: String) throws(ValidationFailure) -> Emotion {
        guard let emotion = Emotion(rawValue: raw) else { throw .choice(field: "emotion", allowed: Emotion.allCases.map(\.rawValue)) }
        return emotion
    }
}
