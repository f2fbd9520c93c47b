import Foundation

/// Reads a file exported from Kindle, Goodreads or Readwise into books and sentences. Pure: it
/// stores nothing, so a file that throws changes nothing. Size limits are the caller's.
public enum LibraryImport {
    /// Parses `data` as `format`, or as the format its content shows when `format` is nil.
    public static func parse(_ data: Data, format: ImportFormat? = nil, options: ImportOptions = ImportOptions()) throws -> ImportedLibrary {
        let text = try decode(data)
        let detected = ImportFormat.detect(text)
        if let format, let detected, format != detected {
            throw ImportError(code: "wrong_format",
                              message: "This looks like a \(detected.displayName) file, not a \(format.displayName) one.",
                              messageKo: "\(format.displayName) 파일이 아니라 \(detected.displayName) 파일로 보입니다.")
        }
        switch format ?? detected {
        case .kindle:
            return try KindleImport.parse(text, options: options)
        case .goodreads:
            return try GoodreadsImport.parse(CSVTable(try CSVReader.records(text)), options: options)
        case .readwise:
            return try ReadwiseImport.parse(CSVTable(try CSVReader.records(text)), options: options)
        case nil:
            throw ImportError(code: "unknown_format",
                              message: "This is not a Kindle “My Clippings.txt”, a Goodreads library export or a Readwise CSV export.",
                              messageKo: "킨들 “My Clippings.txt”, 굿리즈 서재 내보내기, 리드와이즈 CSV 파일이 아닙니다.")
        }
    }

    /// UTF-8 (with or without a BOM), or UTF-16 with a BOM; anything else is refused.
    static func decode(_ data: Data) throws -> String {
        let bytes = [UInt8](data.prefix(4))
        var text: String?
        if bytes.starts(with: [0xFF, 0xFE]) {
            text = String(data: data, encoding: .utf16LittleEndian).map { String($0.drop { $0 == "\u{FEFF}" }) }
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            text = String(data: data, encoding: .utf16BigEndian).map { String($0.drop { $0 == "\u{FEFF}" }) }
        } else if !data.prefix(8192).contains(0) {
            text = String(data: data, encoding: .utf8)
        }
        if data.isEmpty || text?.allSatisfy({ $0.isWhitespace || $0 == "\u{FEFF}" }) == true {
            throw ImportError(code: "empty_file", message: "The file is empty.", messageKo: "빈 파일입니다.")
        }
        guard let text else {
            throw ImportError(code: "not_text",
                              message: "The file is not UTF-8 text. Export it again, or save it as UTF-8 (CSV UTF-8 in Excel).",
                              messageKo: "UTF-8 텍스트 파일이 아닙니다. 다시 내보내거나 UTF-8로 저장하세요 (엑셀에서는 ‘CSV UTF-8’).")
        }
        return text
    }
}

extension ImportFormat {
    /// The format `text` is in, from its first line (the CSV exports' headers) or its entry
    /// separators (Kindle); nil when it is none of them.
    public static func detect(_ text: String) -> ImportFormat? {
        let lines = ImportText.lines(text)
        guard let first = lines.first(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        let header = Set(first.drop { $0 == "\u{FEFF}" }.split(separator: ",").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")).lowercased()
        })
        if header.isSuperset(of: ["highlight", "book title"]) { return .readwise }
        if header.isSuperset(of: ["title", "author"]) && (header.contains("exclusive shelf") || header.contains("book id")) { return .goodreads }
        if lines.prefix(5000).contains(where: { $0.trimmingCharacters(in: .whitespaces) == KindleImport.separator }) { return .kindle }
        return nil
    }

    /// The name readers know it by.
    public var displayName: String {
        switch self {
        case .kindle: "Kindle"
        case .goodreads: "Goodreads"
        case .readwise: "Readwise"
        }
    }
}
