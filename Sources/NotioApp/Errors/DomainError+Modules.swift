import Foundation
import NotioCatalog
import NotioCore
import NotioMedia
import NotioStore

// The errors of the lower modules, each given its status, code and message once, here.
// Handlers and services let them pass; `ErrorPages` renders them.

/// A photo or card the media workers refused (the `/ocr` and card routes). A PDF's failure is
/// stored with its note instead: see `FailureReason`.
extension MediaError: DomainError {
    var status: Int {
        switch code {
        case "bad_strokes": 400
        case "strokes_outside_image", "damaged_image": 422
        case "not_an_image": 415
        case "too_many_pixels", "too_large": 413
        case "timeout": 504
        case "busy", "ocr_unavailable": 503
        default: 500
        }
    }
    var readerMessage: Message {
        let key = "photo.\(code)"
        return L10n.has(key) ? Message(key) : Message("photo.failed")
    }
    var fields: [String: Message] { code == "busy" ? ["retryAfter": .verbatim("2")] : [:] }
}

/// A timer action its state does not allow (start while running, pause while idle…).
extension ReadingTimer.Conflict: DomainError {
    var status: Int { 409 }
    var code: String { "timer_conflict" }
    var readerMessage: Message {
        switch (state, action) {
        case (.running, "start"), (.paused, "start"): Message("timer.conflict.running")
        case (.idle, _): Message("timer.conflict.idle")
        case (.finished, _): Message("timer.conflict.finished")
        case (.paused, _): Message("timer.conflict.paused")
        default: Message("timer.conflict.other")
        }
    }
}

/// A full account: 422 for counts (books, sentences), 413 for storage, 429 for queued analyses.
extension AccountLimitExceeded: DomainError {
    var status: Int {
        switch kind {
        case .books, .sentences: 422
        case .storage: 413
        case .queuedJobs: 429
        }
    }
    var code: String {
        switch kind {
        case .books: "too_many_books"
        case .sentences: "too_many_sentences"
        case .storage: "storage_full"
        case .queuedJobs: "too_many_jobs"
        }
    }
    var readerMessage: Message {
        switch kind {
        case .books: Message("limit.books", limit.formatted())
        case .sentences: Message("limit.sentences", limit.formatted())
        case .storage: Message("limit.storage", (limit >> 20).formatted())
        case .queuedJobs: Message("limit.queuedJobs", limit.formatted())
        }
    }
    var fields: [String: Message] {
        switch kind {
        case .books: ["books": readerMessage]
        case .sentences: ["sentences": readerMessage]
        case .storage, .queuedJobs: [:]
        }
    }
}

/// A book catalog that could not answer, or a query or manual book it refuses. NotioCatalog
/// words its own messages in both languages.
extension CatalogError: DomainError {
    var readerMessage: Message {
        switch self {
        case let .unavailable(en, ko):
            .translated(ko: ko + " " + L10n.t("catalog.addByHand", .ko), en: en + " " + L10n.t("catalog.addByHand", .en))
        case .unknownProvider(let name): Message("catalog.unknownProvider", name)
        case .invalidQuery: Message("catalog.invalidQuery", String(CatalogService.maxQueryLength))
        case let .invalidBook(_, en, ko): .translated(ko: ko, en: en)
        }
    }
    var fields: [String: Message] {
        if case let .invalidBook(field, en, _) = self { return [field: .verbatim(en)] }
        return [:]
    }
}

/// A reading-library file that cannot be imported: 422 with the parser's code, naming the line.
/// NotioCore words the reason in both languages.
extension ImportError: DomainError {
    var status: Int { 422 }
    var readerMessage: Message {
        .translated(ko: messageKo + (line.map { " (\($0)번째 줄)" } ?? ""), en: message + (line.map { " (line \($0))" } ?? ""))
    }
    var fields: [String: Message] { ["file": .translated(ko: messageKo, en: message)] }
}

/// A rule of NotioCore a handler did not collect itself: the same 422 as the collected ones,
/// the rule's wording (for programs) under its field.
extension ValidationFailure: DomainError {
    var status: Int { 422 }
    var code: String { "invalid_values" }
    var readerMessage: Message { Message("error.invalid_values") }
    var fields: [String: Message] { [field: .verbatim(problem)] }
}
