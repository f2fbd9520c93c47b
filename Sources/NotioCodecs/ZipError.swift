import Foundation

/// Why a zip archive could not be written or read. `description` is a sentence fit to show.
public enum ZipError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One entry would pass 4 GiB (the writer uses ZIP64 for the archive's offsets and entry
    /// count, not for the size of a single entry).
    case tooLarge(String)
    /// More entries than the format (65,535 without ZIP64) or the reader's limit allows.
    case tooManyEntries(Int)
    /// A name that is empty, absolute, climbs out with `..`, or holds a backslash or NUL.
    case invalidName(String)
    case duplicateName(String)
    /// An entry compressed with a method the reader was not told to accept: stored (0) always,
    /// deflate (8) only when asked for.
    case unsupportedCompression(name: String, method: UInt16)
    /// Encrypted entries, split archives.
    case unsupportedFeature(String)
    /// An entry that would unpack to more bytes than the reader allows.
    case entryTooLarge(name: String, size: UInt64, limit: UInt64)
    /// A compressed entry that would expand more than real files do: a zip bomb.
    case compressionBomb(name: String, ratio: UInt64)
    /// The bytes do not form a zip archive, or are cut short.
    case corrupt(String)
    case checksumMismatch(name: String)
    case entryNotFound(String)
    /// The writer was used out of order (an entry added while a stream is open, after `finish()`).
    case misuse(String)
    /// A file could not be opened, read or written.
    case io(String)

    public var description: String {
        switch self {
        case .tooLarge(let what): "\(what) is larger than 4 GiB, which this writer does not support"
        case .tooManyEntries(let count): "the archive has too many entries (\(count))"
        case .invalidName(let name): "unsafe entry name \"\(name)\""
        case .duplicateName(let name): "the entry \"\(name)\" appears more than once"
        case .unsupportedCompression(let name, let method):
            "the entry \"\(name)\" is compressed with method \(method)\(method == 8 ? " (deflate)" : ""); only stored entries are supported"
        case .unsupportedFeature(let feature): "\(feature) is not supported"
        case .entryTooLarge(let name, let size, let limit): "the entry \"\(name)\" unpacks to \(size) bytes, more than the \(limit) allowed"
        case .compressionBomb(let name, let ratio):
            "the entry \"\(name)\" would expand more than \(ratio) times its packed size, as a zip bomb does"
        case .corrupt(let why): "the archive is damaged: \(why)"
        case .checksumMismatch(let name): "the entry \"\(name)\" is damaged (CRC-32 mismatch)"
        case .entryNotFound(let name): "the archive has no entry \"\(name)\""
        case .misuse(let why): why
        case .io(let why): why
        }
    }
}

/// Rules both sides apply to entry names (libzip checks the format, not what a name may mean).
enum ZipName {
    /// Throws for names that could land outside the folder an archive is unpacked into.
    static func validate(_ name: String) throws {
        let unsafe = name.isEmpty || name.hasPrefix("/") || name.contains("\\") || name.contains("\0")
            || name.split(separator: "/", omittingEmptySubsequences: false).contains("..")
            // "C:..." is absolute on Windows.
            || (name.count >= 2 && name.dropFirst().first == ":" && name.first!.isLetter)
        if unsafe { throw ZipError.invalidName(name) }
    }

    /// The key under which two names are the same file once unpacked (NFC, as macOS would see them).
    static func key(_ name: String) -> String { name.precomposedStringWithCanonicalMapping }
}

/// Little-endian fields of zip headers.
extension Data {
    mutating func appendLE(_ value: UInt16) { Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) } }
    mutating func appendLE(_ value: UInt32) { Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) } }
    mutating func appendLE(_ value: UInt64) { Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) } }

    func uint16(at offset: Int) -> UInt16 {
        let i = startIndex + offset
        return UInt16(self[i]) | UInt16(self[i + 1]) << 8
    }

    func uint32(at offset: Int) -> UInt32 {
        let i = startIndex + offset
        return UInt32(self[i]) | UInt32(self[i + 1]) << 8 | UInt32(self[i + 2]) << 16 | UInt32(self[i + 3]) << 24
    }

    func uint64(at offset: Int) -> UInt64 {
        UInt64(uint32(at: offset)) | UInt64(uint32(at: offset + 4)) << 32
    }
}

/// MS-DOS date and time as zip headers store them: local time, two-second steps, 1980...2107.
struct DOSTimestamp: Equatable {
    var time: UInt16
    var date: UInt16

    init(time: UInt16, date: UInt16) { self.time = time; self.date = date }

    init(_ date: Date, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = c.year ?? 1980
        if year < 1980 {
            self.init(time: 0, date: 1 << 5 | 1)
        } else if year > 2107 {
            self.init(time: 23 << 11 | 59 << 5 | 29, date: 127 << 9 | 12 << 5 | 31)
        } else {
            self.init(time: UInt16(c.hour! << 11 | c.minute! << 5 | c.second! / 2),
                      date: UInt16((year - 1980) << 9 | c.month! << 5 | c.day!))
        }
    }

    func date(in timeZone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = DateComponents(year: Int(date >> 9) + 1980, month: Int(date >> 5 & 0xF), day: Int(date & 0x1F),
                                   hour: Int(time >> 11), minute: Int(time >> 5 & 0x3F), second: Int(time & 0x1F) * 2)
        return calendar.date(from: parts)
    }
}
