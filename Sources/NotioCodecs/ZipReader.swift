import CZip
import Foundation

/// One file in a zip archive, as the central directory describes it.
public struct ZipEntry: Sendable, Hashable {
    public var name: String
    /// Uncompressed size in bytes, as declared.
    public var size: UInt64
    public var compressedSize: UInt64
    public var crc32: UInt32
    /// 0 stored, 8 deflate.
    public var method: UInt16
    public var modified: Date?
    /// Encrypted entries are listed but never read.
    public var isEncrypted: Bool
    /// Its index in libzip's archive.
    var index: UInt64

    public var isDirectory: Bool { name.hasSuffix("/") }
}

/// Reads a zip archive from a file through libzip (the format, ZIP64, deflate, CRC-32 and the
/// consistency of local headers with the central directory), adding what an archive from an
/// untrusted upload needs on top: names that cannot leave the unpacking folder, no duplicates,
/// sizes that fit the file, a bound on the number of entries, no encrypted entries, and for
/// compressed entries a bound on the size and on how much they expand (zip bombs). Entries are
/// read in chunks, never whole.
public final class ZipReader {
    /// Entries in central-directory order.
    public let entries: [ZipEntry]
    private let archive: OpaquePointer
    private let byName: [String: Int]
    private let allowsDeflate: Bool
    private let maxEntrySize: UInt64
    private let maxRatio: UInt64
    private let chunkSize = 256 * 1024

    /// Opens an archive and lists its entries.
    /// - Parameters:
    ///   - maxEntries: archives with more entries are refused before libzip reads their directory.
    ///   - timeZone: the zone of DOS timestamps, for entries without an extended timestamp.
    ///   - allowsDeflate: read deflated entries too; otherwise only stored ones (all that
    ///     `ZipWriter` makes) and a deflated entry is `unsupportedCompression`.
    ///   - maxEntrySize: the most bytes one entry may unpack to (the classic format's limit).
    ///   - maxRatio: the most a compressed entry may expand. Deflate cannot pass about 1,030
    ///     (a file of one repeated byte, the stuff of bombs); real text and JSON stay far below 500.
    public init(path: String, maxEntries: Int = 100_000, timeZone: TimeZone = .current, allowsDeflate: Bool = false,
                maxEntrySize: UInt64 = 0xFFFF_FFFF, maxRatio: UInt64 = 500) throws {
        let end = try ZipEnd.read(path: path, maxEntries: maxEntries)
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &code) else {
            throw Self.diagnose(path: path, code: code, dataEnd: end.directoryOffset, timeZone: timeZone)
        }
        do {
            entries = try Self.list(archive, maxEntries: maxEntries, dataEnd: end.directoryOffset, timeZone: timeZone)
        } catch {
            zip_discard(archive)
            throw error
        }
        self.archive = archive
        self.allowsDeflate = allowsDeflate
        self.maxEntrySize = maxEntrySize
        self.maxRatio = maxRatio
        var byName: [String: Int] = [:]
        for (index, entry) in entries.enumerated() { byName[entry.name] = index }
        self.byName = byName
    }

    deinit { zip_discard(archive) }

    public func entry(named name: String) -> ZipEntry? {
        byName[name].map { entries[$0] }
    }

    /// An entry's bytes, whole, after checking its CRC.
    public func data(for entry: ZipEntry) throws -> Data {
        var data = Data()
        data.reserveCapacity(Int(min(entry.size, UInt64(Int.max))))
        try read(entry) { data.append($0) }
        return data
    }

    public func data(named name: String) throws -> Data {
        guard let entry = entry(named: name) else { throw ZipError.entryNotFound(name) }
        return try data(for: entry)
    }

    /// Copies an entry to a file in chunks; on any error the partial file is removed.
    public func extract(_ entry: ZipEntry, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let output = FileHandle(forWritingAtPath: path) else { throw ZipError.io("cannot create \(path)") }
        do {
            defer { try? output.close() }
            try read(entry) { try output.write(contentsOf: $0) }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    /// Hands an entry's bytes to `consume` chunk by chunk. libzip checks the CRC and the size
    /// after the last chunk, so a consumer must not commit what it received until this returns.
    public func read(_ entry: ZipEntry, into consume: (Data) throws -> Void) throws {
        if entry.isEncrypted { throw ZipError.unsupportedFeature("the encrypted entry \"\(entry.name)\"") }
        guard entry.method == 0 || (entry.method == 8 && allowsDeflate) else {
            throw ZipError.unsupportedCompression(name: entry.name, method: entry.method)
        }
        guard entry.size <= maxEntrySize else { throw ZipError.entryTooLarge(name: entry.name, size: entry.size, limit: maxEntrySize) }
        if entry.method != 0, entry.size / max(entry.compressedSize, 1) >= maxRatio {
            throw ZipError.compressionBomb(name: entry.name, ratio: maxRatio)
        }
        guard let file = zip_fopen_index(archive, entry.index, 0) else {
            throw Self.error(zip_get_error(archive), entry: entry)
        }
        defer { zip_fclose(file) }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var total: UInt64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress, UInt64($0.count)) }
            if count < 0 { throw Self.error(zip_file_get_error(file), entry: entry) }
            if count == 0 { break }
            total += UInt64(count)
            // The declared size bounds what is unpacked: a bomb that lies about it stops here,
            // one chunk past the lie, not at the end of its stream.
            guard total <= entry.size else {
                throw ZipError.corrupt("the entry \"\(entry.name)\" unpacks to more than its declared \(entry.size) bytes")
            }
            try consume(Data(buffer[0..<Int(count)]))
        }
    }

    // MARK: - Listing

    private static func list(_ archive: OpaquePointer, maxEntries: Int, dataEnd: UInt64, timeZone: TimeZone) throws -> [ZipEntry] {
        let count = zip_get_num_entries(archive, 0)
        // The end record may understate the count (Info-ZIP's count modulo 65,536), libzip does not.
        guard count <= maxEntries else { throw ZipError.tooManyEntries(Int(count)) }
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(count))
        var seen = Set<String>()
        for index in 0..<UInt64(max(count, 0)) {
            var stat = zip_stat_t()
            zip_stat_init(&stat)
            // Names as libzip decodes them: UTF-8 when flagged or valid, else code page 437.
            guard zip_stat_index(archive, index, 0, &stat) == 0, let cName = stat.name else {
                throw ZipError.corrupt("entry \(index + 1) of the central directory is damaged")
            }
            let name = String(cString: cName)
            try ZipName.validate(name)
            guard seen.insert(ZipName.key(name)).inserted else { throw ZipError.duplicateName(name) }
            let header = 30 + UInt64(strlen(cName))
            let encrypted = stat.encryption_method != UInt16(ZIP_EM_NONE)
            // A stored entry's data is its bytes, plus a header when encrypted.
            guard dataEnd >= header, stat.comp_size <= dataEnd - header,
                  stat.comp_method != 0 || encrypted || stat.comp_size == stat.size else {
                throw ZipError.corrupt("the entry \"\(name)\" does not fit in the file")
            }
            entries.append(ZipEntry(name: name, size: stat.size, compressedSize: stat.comp_size, crc32: stat.crc,
                                    method: stat.comp_method, modified: modified(archive, index, stat, timeZone),
                                    isEncrypted: encrypted, index: index))
        }
        return entries
    }

    /// The UTC time of an Info-ZIP extended timestamp (0x5455) when there is one, else the DOS
    /// time read in `timeZone`.
    private static func modified(_ archive: OpaquePointer, _ index: UInt64, _ stat: zip_stat_t, _ timeZone: TimeZone) -> Date? {
        var length: UInt16 = 0
        if let field = zip_file_extra_field_get_by_id(archive, index, 0x5455, 0, &length, zip_flags_t(ZIP_FL_CENTRAL)),
           length >= 5, field[0] & 1 == 1 {
            let seconds = UInt32(field[1]) | UInt32(field[2]) << 8 | UInt32(field[3]) << 16 | UInt32(field[4]) << 24
            return Date(timeIntervalSince1970: TimeInterval(Int32(bitPattern: seconds)))
        }
        guard stat.valid & UInt64(ZIP_STAT_MTIME) != 0, stat.mtime != -1 else { return nil }
        // libzip made the DOS fields a time with mktime, in the process's zone: read them again in ours.
        let local = Date(timeIntervalSince1970: TimeInterval(stat.mtime))
        guard timeZone.identifier != TimeZone.current.identifier else { return local }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: local)
        calendar.timeZone = timeZone
        return calendar.date(from: parts)
    }

    // MARK: - Errors

    /// libzip's consistency check names no entry: open the archive again without it and look
    /// for what our own checks can name (a name, a duplicate, a size); else libzip's reason.
    private static func diagnose(path: String, code: Int32, dataEnd: UInt64, timeZone: TimeZone) -> ZipError {
        switch code {
        case ZIP_ER_INCONS, ZIP_ER_NOZIP, ZIP_ER_EXISTS:
            var again: Int32 = 0
            if let archive = zip_open(path, ZIP_RDONLY, &again) {
                defer { zip_discard(archive) }
                do { _ = try list(archive, maxEntries: .max, dataEnd: dataEnd, timeZone: timeZone) } catch let error as ZipError {
                    return error
                } catch {}
            }
            return .corrupt(code == ZIP_ER_EXISTS ? "two entries have the same name" : "its entries do not match their headers (\(message(code)))")
        case ZIP_ER_MULTIDISK: return .unsupportedFeature("an archive split over several files")
        case ZIP_ER_OPEN, ZIP_ER_NOENT, ZIP_ER_READ, ZIP_ER_SEEK, ZIP_ER_MEMORY: return .io("cannot open \(path): \(message(code))")
        default: return .corrupt(message(code))
        }
    }

    private static func error(_ error: UnsafeMutablePointer<zip_error_t>?, entry: ZipEntry) -> ZipError {
        let code = error.map { zip_error_code_zip($0) } ?? ZIP_ER_INTERNAL
        switch code {
        case ZIP_ER_CRC: return .checksumMismatch(name: entry.name)
        case ZIP_ER_EOF, ZIP_ER_INCONS: return .corrupt("the entry \"\(entry.name)\" is cut short")
        case ZIP_ER_ENCRNOTSUPP, ZIP_ER_NOPASSWD, ZIP_ER_WRONGPASSWD: return .unsupportedFeature("the encrypted entry \"\(entry.name)\"")
        case ZIP_ER_COMPNOTSUPP: return .unsupportedCompression(name: entry.name, method: entry.method)
        case ZIP_ER_READ, ZIP_ER_SEEK, ZIP_ER_MEMORY: return .io("cannot read the entry \"\(entry.name)\": \(message(code))")
        default: return .corrupt("the entry \"\(entry.name)\" cannot be read (\(message(code)))")
        }
    }

    /// libzip's sentence for an error code, e.g. "Zip archive inconsistent".
    static func message(_ code: Int32) -> String {
        var error = zip_error_t()
        zip_error_init_with_code(&error, code)
        defer { zip_error_fini(&error) }
        return String(cString: zip_error_strerror(&error))
    }
}

/// The end records of an archive (end of central directory, and the ZIP64 record and locator
/// when present): where the central directory is and how many entries it lists. Read before
/// libzip, which allocates every entry of a directory as it reads it, so that an archive with
/// more entries than allowed, or a directory larger than that many entries need, is refused
/// before it costs memory; and so that a truncated or foreign file is told apart from a damaged
/// archive. Only these fixed-size records are parsed here; libzip reads everything else.
struct ZipEnd {
    var entryCount: Int
    var directorySize: UInt64
    var directoryOffset: UInt64

    /// Central directory bytes allowed per permitted entry: real headers take 60–200 bytes.
    static let directoryBytesPerEntry: UInt64 = 1024

    static func read(path: String, maxEntries: Int) throws -> ZipEnd {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ZipError.io("cannot open \(path)") }
        defer { try? handle.close() }
        let fileSize = try handle.seekToEnd()
        let tailLength = min(fileSize, 22 + 0xFFFF)
        let tailStart = fileSize - tailLength
        let tail = try read(handle, at: tailStart, count: Int(tailLength))
        guard tail.count >= 22 else { throw ZipError.corrupt("the file is too short to be a zip archive") }
        var position = tail.count - 22
        while position >= 0 {
            if tail.uint32(at: position) == 0x0605_4B50, position + 22 + Int(tail.uint16(at: position + 20)) <= tail.count { break }
            position -= 1
        }
        guard position >= 0 else { throw ZipError.corrupt("no end of central directory: not a zip archive, or cut short") }
        let disk = tail.uint16(at: position + 4), directoryDisk = tail.uint16(at: position + 6)
        let onDisk = tail.uint16(at: position + 8)
        var end = ZipEnd(entryCount: Int(tail.uint16(at: position + 10)), directorySize: UInt64(tail.uint32(at: position + 12)),
                         directoryOffset: UInt64(tail.uint32(at: position + 16)))
        guard disk == 0, directoryDisk == 0, onDisk == UInt16(truncatingIfNeeded: end.entryCount) else {
            throw ZipError.unsupportedFeature("an archive split over several files")
        }
        var recordOffset = tailStart + UInt64(position)
        if position >= 20, tail.uint32(at: position - 20) == 0x0706_4B50 {
            // ZIP64: the locator points at the ZIP64 record, which holds the 64-bit values.
            let at = tail.uint64(at: position - 20 + 8)
            guard at <= recordOffset, recordOffset - at >= 56 else { throw ZipError.corrupt("the ZIP64 end record lies outside the file") }
            let record = try read(handle, at: at, count: 56)
            guard record.uint32(at: 0) == 0x0606_4B50 else { throw ZipError.corrupt("the ZIP64 end record is missing") }
            end.entryCount = Int(clamping: record.uint64(at: 32))
            end.directorySize = record.uint64(at: 40)
            end.directoryOffset = record.uint64(at: 48)
            recordOffset = at
        }
        guard end.directoryOffset <= recordOffset, end.directorySize <= recordOffset - end.directoryOffset else {
            throw ZipError.corrupt("the central directory lies outside the file")
        }
        guard end.entryCount <= maxEntries else { throw ZipError.tooManyEntries(end.entryCount) }
        let (room, overflow) = UInt64(max(maxEntries, 1)).multipliedReportingOverflow(by: directoryBytesPerEntry)
        guard overflow || end.directorySize <= room else {
            throw ZipError.unsupportedFeature("a central directory of \(end.directorySize) bytes (more than \(maxEntries) entries need)")
        }
        return end
    }

    private static func read(_ handle: FileHandle, at offset: UInt64, count: Int) throws -> Data {
        guard count > 0 else { return Data() }
        try handle.seek(toOffset: offset)
        guard let data = try handle.read(upToCount: count), data.count == count else {
            throw ZipError.corrupt("the file is cut short")
        }
        return data
    }
}
