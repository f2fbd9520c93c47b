import Foundation
import NotioCore

/// Reading Aladin's `output=js` answers.
///
/// Quirks handled: the body may end with `;` (and with `CallBack=` it is wrapped in
/// `name(true, {…});`); text fields carry HTML entities; an error is a 200 answer
/// `{"errorCode": 100, "errorMessage": "잘못된 TTBKey입니다."}`, and some clients report errors in
/// XML (`<error><errorCode>…`) even for `output=js`, so both are read.
enum AladinAnswer {
    enum Failure: Error {
        /// ItemLookUp's answer for an unknown item (error code 8, as client code reports it).
        case notFound
    }

    static func books(_ data: Data, name: CatalogName) throws -> [CatalogBook] {
        let object = try envelope(data, name: name)
        if let code = CatalogJSON.int(object, "errorCode") {
            if code == 8 { throw Failure.notFound }
            let message = CatalogJSON.string(object, "errorMessage")?.catalogText ?? "no message"
            throw name.refused("\(message) (error \(code))")
        }
        guard let items = CatalogJSON.objects(object, "item") else {
            // A search with no hits may leave `item` out; anything else without it is not an answer.
            if object["totalResults"] != nil { return [] }
            throw name.malformed()
        }
        return items.compactMap(book)
    }

    /// The JSON object inside the body, whatever wraps it.
    private static func envelope(_ data: Data, name: CatalogName) throws -> [String: Any] {
        let bytes = [UInt8](data)
        guard let open = bytes.firstIndex(of: UInt8(ascii: "{")), let close = bytes.lastIndex(of: UInt8(ascii: "}")), open < close else {
            if let error = xmlError(data) { throw name.refused(error) }
            throw name.malformed()
        }
        if bytes[..<open].contains(UInt8(ascii: "<")), let error = xmlError(data) { throw name.refused(error) }
        guard let object = CatalogJSON.object(Data(bytes[open...close])) else { throw name.malformed() }
        return object
    }

    /// "message (error N)" from `<errorCode>N</errorCode><errorMessage>message</errorMessage>`.
    private static func xmlError(_ data: Data) -> String? {
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        func element(_ tag: String) -> String? {
            guard let start = text.range(of: "<\(tag)>"), let end = text.range(of: "</\(tag)>", range: start.upperBound..<text.endIndex) else { return nil }
            return String(text[start.upperBound..<end.lowerBound]).catalogText
        }
        guard let message = element("errorMessage") else { return nil }
        return element("errorCode").map { "\(message) (error \($0))" } ?? message
    }

    static func book(_ item: [String: Any]) -> CatalogBook? {
        guard let title = CatalogJSON.string(item, "title")?.catalogText else { return nil }
        let subInfo = item["subInfo"] as? [String: Any] ?? [:]
        let isbn13 = CatalogJSON.string(item, "isbn13").flatMap(ISBN.isbn13(from:))
            ?? CatalogJSON.string(item, "isbn").flatMap(ISBN.isbn13(from:))
        return CatalogBook(
            title: title,
            author: mainAuthors(CatalogJSON.string(item, "author") ?? ""),
            publisher: CatalogJSON.string(item, "publisher")?.catalogText,
            isbn13: isbn13,
            coverUrl: CatalogJSON.string(item, "cover")?.catalogText,
            genre: genre(CatalogJSON.string(item, "categoryName")),
            publishedAt: publishedDate(CatalogJSON.string(item, "pubDate")),
            description: CatalogJSON.string(item, "description")?.catalogText,
            pages: CatalogJSON.int(subInfo, "itemPage").flatMap { $0 > 0 ? $0 : nil })
    }

    /// The second level of the category path: "국내도서>소설/시/희곡>한국소설>2000년대 이후 한국소설"
    /// gives "소설/시/희곡". The first level only names the shop (국내도서, 외국도서, eBook) and the
    /// deeper ones are too fine for statistics by genre.
    static func genre(_ categoryName: String?) -> String? {
        guard let path = categoryName?.catalogText else { return nil }
        let levels = path.split(separator: ">").map { $0.trimmingCharacters(in: .whitespaces) }
        guard levels.count >= 2, !levels[1].isEmpty else { return nil }
        return levels[1]
    }

    /// Roles whose people are "the author": 지은이, 글 and the like, in both the current
    /// "이름 (지은이)" and the older "이름 지음" notation.
    private static let authorRoles: Set<String> = [
        "지은이", "지음", "글", "저", "저자", "공저", "엮은이", "엮음", "편저", "편저자", "공편저", "편", "원작",
        "글·그림", "글/그림", "글그림", "그림·글", "작가",
    ]
    /// Words that end a contributor in the older notation ("남명성 옮김", "라임스튜디오 그림").
    private static let trailingRoles: Set<String> = authorRoles.union([
        "옮김", "옮긴이", "역", "역자", "편역", "그림", "감수", "사진", "해설", "기획", "각색", "구성", "번역", "엮고옮김",
    ])

    /// The main authors of an Aladin author line: "제임스 브라이언 스미스 (지은이), 이대근 (옮긴이)"
    /// gives "제임스 브라이언 스미스"; "A, B (지은이), C (옮긴이)" gives "A, B" (a role applies to
    /// the names before it back to the previous role). Translators, illustrators and editors are
    /// left out; when nobody has an author role, the first contributor group is kept.
    static func mainAuthors(_ line: String) -> String {
        guard let line = line.catalogText else { return "" }
        var groups: [(names: [String], role: String?)] = []
        var pending: [String] = []
        for part in line.split(separator: ",") {
            var name = part.trimmingCharacters(in: .whitespaces)
            var role: String?
            if name.hasSuffix(")"), let open = name.lastIndex(of: "(") {
                role = name[name.index(after: open)..<name.index(before: name.endIndex)].trimmingCharacters(in: .whitespaces)
                name = name[..<open].trimmingCharacters(in: .whitespaces)
            } else if let space = name.lastIndex(of: " "), trailingRoles.contains(String(name[name.index(after: space)...])) {
                role = String(name[name.index(after: space)...])
                name = name[..<space].trimmingCharacters(in: .whitespaces)
            }
            if !name.isEmpty { pending.append(name) }
            if let role {
                groups.append((pending, role))
                pending = []
            }
        }
        if !pending.isEmpty { groups.append((pending, nil)) }
        var chosen = groups.filter { $0.role.map(authorRoles.contains) ?? false }.flatMap(\.names)
        if chosen.isEmpty { chosen = groups.filter { $0.role == nil }.flatMap(\.names) }
        if chosen.isEmpty { chosen = groups.first?.names ?? [] }
        var seen = Set<String>()
        return chosen.filter { seen.insert($0).inserted }.joined(separator: ", ")
    }
}
