import Foundation

/// What a card says: the sentence, and a footer line "— 제목 · 저자 · p. 123" from the book.
public struct CardContent: Codable, Sendable, Equatable {
    public var text: String
    public var title: String
    public var author: String
    public var page: Int?
    /// How the page is written, `%@` standing for the number: the reader's catalog gives "%@쪽"
    /// (the UI's own "37쪽"); "p. %@" when none is given.
    public var pageFormat: String = "p. %@"

    /// Longer sentences would be set too small to read on a phone; the editor says so first.
    public static let maxText = 1000
    public static let maxFooterPart = 200

    public init(text: String, title: String = "", author: String = "", page: Int? = nil) {
        self.text = text; self.title = title; self.author = author; self.page = page
    }

    /// `title`, `author` and `page` may be left out.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        text = try values.decode(String.self, forKey: .text)
        title = try values.decodeIfPresent(String.self, forKey: .title) ?? ""
        author = try values.decodeIfPresent(String.self, forKey: .author) ?? ""
        page = try values.decodeIfPresent(Int.self, forKey: .page)
        pageFormat = try values.decodeIfPresent(String.self, forKey: .pageFormat) ?? "p. %@"
    }

    /// The footer line, without the parts that are empty; nil when all are.
    public var footer: String? {
        var parts = [title, author].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        if let page { parts.append(pageFormat.replacingOccurrences(of: "%@", with: String(page))) }
        return parts.isEmpty ? nil : "— " + parts.joined(separator: " · ")
    }

    /// Fields that cannot be drawn, with what is wrong with each; empty when all is well.
    public var problems: [String: String] {
        var problems: [String: String] = [:]
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || trimmed.count > Self.maxText { problems["text"] = "must be 1 to \(Self.maxText) characters" }
        if title.count > Self.maxFooterPart { problems["title"] = "must be at most \(Self.maxFooterPart) characters" }
        if author.count > Self.maxFooterPart { problems["author"] = "must be at most \(Self.maxFooterPart) characters" }
        if let page, page < 0 || page > 100_000 { problems["page"] = "must be between 0 and 100000" }
        return problems
    }
}

/// A card the worker wrote: the PNG's path and size.
public struct CardResult: Codable, Sendable, Equatable {
    public var path: String
    public var width: Int
    public var height: Int

    public init(path: String, width: Int, height: Int) {
        self.path = path; self.width = width; self.height = height
    }
}
