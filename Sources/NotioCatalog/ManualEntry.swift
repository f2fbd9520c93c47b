import Foundation
import NotioCore

extension CatalogBook {
    /// A book typed by hand (the page offers it when no catalog can help), checked and tidied:
    /// text trimmed, the ISBN made ISBN-13, empty optional fields dropped. Throws
    /// `CatalogError.invalidBook` naming the first bad field (422 `invalid_book`).
    public static func manual(title: String, author: String, publisher: String? = nil, isbn: String? = nil,
                              genre: String? = nil, publishedAt: String? = nil, coverUrl: String? = nil,
                              description: String? = nil, pages: Int? = nil) throws -> CatalogBook {
        func text(_ value: String?, _ field: String, max: Int) throws -> String? {
            guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
            guard value.count <= max else {
                throw CatalogError.invalidBook(field: field, message: "Keep \(field) within \(max) characters.",
                                               messageKo: "\(field) 항목은 \(max)자 이내로 입력하세요.")
            }
            return value
        }
        guard let title = try text(title, "title", max: 300) else {
            throw CatalogError.invalidBook(field: "title", message: "A book needs a title.", messageKo: "책 제목을 입력하세요.")
        }
        var isbn13: String?
        if let given = try text(isbn, "isbn13", max: 40) {
            guard let valid = ISBN.isbn13(from: given) else {
                throw CatalogError.invalidBook(field: "isbn13", message: "“\(given)” is not a valid ISBN-10 or ISBN-13.",
                                               messageKo: "‘\(given)’은(는) 올바른 ISBN(10자리 또는 13자리)이 아닙니다.")
            }
            isbn13 = valid
        }
        var published: String?
        if let given = try text(publishedAt, "publishedAt", max: PublicationDate.maxLength) {
            guard (try? PublicationDate.parse(given)) == given else {
                throw CatalogError.invalidBook(field: "publishedAt", message: "Write the publication date as YYYY, YYYY-MM or YYYY-MM-DD.",
                                               messageKo: "출간일은 YYYY, YYYY-MM 또는 YYYY-MM-DD 형식으로 입력하세요.")
            }
            published = given
        }
        let cover = try text(coverUrl, "coverUrl", max: 2000)
        if let cover {
            let scheme = URL(string: cover)?.scheme?.lowercased()
            guard scheme == "http" || scheme == "https", URL(string: cover)?.host != nil else {
                throw CatalogError.invalidBook(field: "coverUrl", message: "A cover address must start with http:// or https://.",
                                               messageKo: "표지 주소는 http:// 또는 https://로 시작해야 합니다.")
            }
        }
        if let pages, !(1...100_000).contains(pages) {
            throw CatalogError.invalidBook(field: "pages", message: "Pages must be between 1 and 100000.",
                                           messageKo: "쪽수는 1에서 100000 사이여야 합니다.")
        }
        return CatalogBook(title: title, author: try text(author, "author", max: 200) ?? "",
                           publisher: try text(publisher, "publisher", max: 200), isbn13: isbn13, coverUrl: cover,
                           genre: try text(genre, "genre", max: 100), publishedAt: published,
                           description: try text(description, "description", max: 5000), pages: pages)
    }
}
