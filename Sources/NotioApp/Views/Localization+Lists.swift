extension L10n {
    /// Long lists shown a page at a time, and the per-account limits.
    static let lists: [String: (ko: String, en: String)] = [
        "list.more": ("더 보기", "Show more"),
        "list.limit_invalid": ("limit은 1부터 200 사이의 정수여야 해요.", "limit must be a whole number from 1 to 200."),
        "list.cursor_invalid": ("cursor가 올바르지 않아요. 받은 nextCursor를 그대로 보내 주세요.", "cursor is not valid; send back the nextCursor you were given."),
        "limit.books": ("책은 계정당 %@권까지 담을 수 있어요. 다른 책을 지운 뒤 다시 시도해 주세요.",
                        "An account can hold at most %@ books. Delete some and try again."),
        "limit.sentences": ("문장은 계정당 %@개까지 저장할 수 있어요. 다른 문장을 지운 뒤 다시 시도해 주세요.",
                            "An account can keep at most %@ sentences. Delete some and try again."),
        "limit.storage": ("저장 공간(계정당 %@ MB)이 모자라요. 노트나 표지를 지운 뒤 다시 시도해 주세요.",
                          "Not enough storage left (%@ MB per account). Delete notes or covers and try again."),
        "limit.queuedJobs": ("분석을 기다리는 노트가 이미 %@개 있어요. 하나가 시작되면 다시 올려 주세요.",
                             "You already have %@ notes waiting to be analysed. Upload again once one has started."),
    ]

    /// `key`'s text with `%@` replaced by `value`.
    static func t(_ key: String, _ lang: Language, _ value: String) -> String {
        t(key, lang).replacingOccurrences(of: "%@", with: value)
    }
}
