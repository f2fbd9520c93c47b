import Foundation

/// One CSV record and the file line it starts on (1-based), for error messages.
struct CSVRecord {
    var fields: [String]
    var line: Int
}

/// RFC 4180 CSV: fields separated by commas, records by CRLF, LF or CR; a quoted field may hold
/// commas, line breaks and `""` for a quote. Lenient where spreadsheets are: a quote inside an
/// unquoted field is kept as a character, and text after a closing quote is appended to the
/// field (as Python's csv module does). Line breaks inside fields come out as "\n". Blank lines
/// are skipped. A quote that never closes is an error: the file was cut off or is not CSV.
enum CSVReader {
    static func records(_ text: String) throws -> [CSVRecord] {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var records: [CSVRecord] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1, recordLine = 1, quoteLine = 0
        var inQuotes = false, wasQuoted = false
        var index = 0

        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(CSVRecord(fields: fields, line: recordLine)) }
            fields.removeAll()
        }

        while index < bytes.count {
            let byte = bytes[index]
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 2
                        continue
                    }
                    inQuotes = false
                } else if byte == 13 || byte == 10 {
                    // CRLF, CR and LF inside a field all become "\n".
                    if byte == 13, index + 1 < bytes.count, bytes[index + 1] == 10 { index += 1 }
                    field.append(10)
                    line += 1
                } else {
                    field.append(byte)
                }
            } else {
                switch byte {
                case UInt8(ascii: ","):
                    endField()
                case 13, 10:
                    if byte == 13, index + 1 < bytes.count, bytes[index + 1] == 10 { index += 1 }
                    endRecord()
                    line += 1
                    recordLine = line
                case UInt8(ascii: "\"") where field.isEmpty && !wasQuoted:
                    inQuotes = true
                    wasQuoted = true
                    quoteLine = line
                default:
                    field.append(byte)
                }
            }
            index += 1
        }
        if inQuotes {
            throw ImportError(code: "malformed_csv",
                              message: "A quoted field that starts on line \(quoteLine) never ends: the file may be cut off.",
                              messageKo: "\(quoteLine)번째 줄에서 시작한 따옴표가 닫히지 않았습니다. 파일이 잘렸을 수 있습니다.",
                              line: quoteLine)
        }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return records
    }
}

/// A CSV file's records read by header name.
struct CSVTable {
    let header: [String]
    let rows: [CSVRecord]
    private let columns: [String: Int]

    init(_ records: [CSVRecord]) {
        header = records.first?.fields.map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        rows = Array(records.dropFirst())
        var columns: [String: Int] = [:]
        for (index, name) in header.enumerated() where columns[name.lowercased()] == nil { columns[name.lowercased()] = index }
        self.columns = columns
    }

    func has(_ name: String) -> Bool { columns[name.lowercased()] != nil }

    /// The names in `required` that the header lacks, as an error; nil when all are there.
    func missing(_ required: [String], format: String) -> ImportError? {
        let missing = required.filter { !has($0) }
        guard !missing.isEmpty else { return nil }
        let list = missing.joined(separator: ", ")
        return ImportError(code: "missing_columns",
                           message: "This \(format) file has no \(list) column\(missing.count > 1 ? "s" : "").",
                           messageKo: "\(format) 파일에 \(list) 열이 없습니다.", line: 1)
    }

    /// The field, or "" when the column or the field is missing (short rows are padded).
    func value(_ row: CSVRecord, _ name: String) -> String {
        guard let index = columns[name.lowercased()], index < row.fields.count else { return "" }
        return row.fields[index]
    }
}
