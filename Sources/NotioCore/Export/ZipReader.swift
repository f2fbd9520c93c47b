import Foundation

/// One file in a zip archive, as the central directory describes it.
public struct ZipEntry: Sendable, Hashable {
    public var name: String
    /// Uncompressed size in bytes.
    public var size: UInt64
    public var compressedSize: UInt64
    public var crc32: UInt32
    /// 0 stored, 8 deflate; only 0 can be read.
    public var method: UInt16
    public var modified: Date?
    var flags: UInt16
    var headerOffset: UInt64

    public var isDirectory: Bool { name.hasSuffix("/") }
}

/// Reads a zip archive from a file through its central directory, checking what it trusts:
/// names that cannot leave the unpacking folder, no duplicates, sizes that fit the file, a bound
/// on the number of entries, and each entry's CRC-32 as it is read. Only stored entries are read,
/// which is all that `ZipWriter` makes.
public final class ZipReader {
    /// Entries in central-directory order.
    public let entries: [ZipEntry]
    private let handle: FileHandle
    /// Where the central directory starts: entry data must end before it.
    private let dataEnd: UInt64
    private let chunkSize = 256 * 1024
    private let byName: [String: Int]

    /// Opens an archive and reads its central directory.
    /// - Parameters:
    ///   - maxEntries: archives with more entries are refused before they are listed.
    ///   - timeZone: the zone of DOS timestamps, for entries without an extended timestamp.
    public init(path: String, maxEntries: Int = 100_000, timeZone: TimeZone = .current) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ZipError.io("cannot open \(path)") }
        self.handle = handle
        do {
            let fileSize = try handle.seekToEnd()
            let end = try Self.endOfCentralDirectory(handle, fileSize: fileSize)
            guard end.entryCount <= maxEntries else { throw ZipError.tooManyEntries(end.entryCount) }
            let directory = try Self.read(handle, at: end.directoryOffset, count: Int(end.directorySize))
            let entries = try Self.parse(directory, expected: end.entryCount, maxEntries: maxEntries,
                                         dataEnd: end.directoryOffset, timeZone: timeZone)
            self.entries = entries
            self.dataEnd = end.directoryOffset
            var byName: [String: Int] = [:]
            for (index, entry) in entries.enumerated() { byName[entry.name] = index }
            self.byName = byName
        } catch {
            try? handle.close()
            throw error
        }
    }

    deinit { try? handle.close() }

    public func entry(named name: String) -> ZipEntry? {
        byName[name].map { entries[$0] }
    }

    /// An entry's bytes, whole, after checking its CRC.
    public func data(for entry: ZipEntry) throws -> Data {
        var data = Data()
        data.reserveCapacity(Int(entry.size))
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

    /// Hands an entry's bytes to `consume` chunk by chunk. The CRC is checked after the last
    /// chunk, so a consumer must not commit what it received until this returns.
    public func read(_ entry: ZipEntry, into consume: (Data) throws -> Void) throws {
        if entry.flags & 0x0001 != 0 { throw ZipError.unsupportedFeature("the encrypted entry \"\(entry.name)\"") }
        guard entry.method == 0 else { throw ZipError.unsupportedCompression(name: entry.name, method: entry.method) }
        let local = try Self.read(handle, at: entry.headerOffset, count: 30)
        guard local.uint32(at: 0) == 0x0403_4B50 else {
            throw ZipError.corrupt("the local header of \"\(entry.name)\" is missing")
        }
        let nameLength = UInt64(local.uint16(at: 26))
        let extraLength = UInt64(local.uint16(at: 28))
        let start = entry.headerOffset + 30 + nameLength + extraLength
        guard start + entry.compressedSize <= dataEnd else {
            throw ZipError.corrupt("the entry \"\(entry.name)\" does not fit in the file")
        }
        let localName = try Self.read(handle, at: entry.headerOffset + 30, count: Int(nameLength))
        guard ZipEntryName.decode(localName) == entry.name else {
            throw ZipError.corrupt("the local header of \"\(entry.name)\" names another entry")
        }
        try handle.seek(toOffset: start)
        var remaining = entry.compressedSize
        var crc = CRC32()
        while remaining > 0 {
            let count = Int(min(remaining, UInt64(chunkSize)))
            guard let chunk = try handle.read(upToCount: count), chunk.count == count else {
                throw ZipError.corrupt("the entry \"\(entry.name)\" is cut short")
            }
            crc.update(chunk)
            try consume(chunk)
            remaining -= UInt64(count)
        }
        guard crc.value == entry.crc32 else { throw ZipError.checksumMismatch(name: entry.name) }
    }

    // MARK: - Central directory

    private struct End {
        var entryCount: Int
        var directorySize: UInt64
        var directoryOffset: UInt64
    }

    /// Finds the end-of-central-directory record, searching back over a comment of up to 64 KiB.
    private static func endOfCentralDirectory(_ handle: FileHandle, fileSize: UInt64) throws -> End {
        let tailLength = min(fileSize, 22 + 0xFFFF)
        let tailStart = fileSize - tailLength
        let tail = try read(handle, at: tailStart, count: Int(tailLength))
        guard tail.count >= 22 else { throw ZipError.corrupt("the file is too short to be a zip archive") }
        var position = tail.count - 22
        while position >= 0 {
            if tail.uint32(at: position) == 0x0605_4B50,
               position + 22 + Int(tail.uint16(at: position + 20)) <= tail.count {
                break
            }
            position -= 1
        }
        guard position >= 0 else {
            throw ZipError.corrupt("no end of central directory: not a zip archive, or cut short")
        }
        let disk = tail.uint16(at: position + 4), directoryDisk = tail.uint16(at: position + 6)
        let onDisk = tail.uint16(at: position + 8), total = tail.uint16(at: position + 10)
        let size = UInt64(tail.uint32(at: position + 12)), offset = UInt64(tail.uint32(at: position + 16))
        let recordOffset = tailStart + UInt64(position)
        if position >= 20 && tail.uint32(at: position - 20) == 0x0706_4B50 {
            throw ZipError.unsupportedFeature("ZIP64 (archives over 4 GiB or 65,535 entries)")
        }
        guard disk == 0, directoryDisk == 0, onDisk == total else {
            throw ZipError.unsupportedFeature("an archive split over several files")
        }
        guard offset + size <= recordOffset else {
            throw ZipError.corrupt("the central directory lies outside the file")
        }
        return End(entryCount: Int(total), directorySize: size, directoryOffset: offset)
    }

    private static func parse(_ directory: Data, expected: Int, maxEntries: Int, dataEnd: UInt64,
                              timeZone: TimeZone) throws -> [ZipEntry] {
        var entries: [ZipEntry] = []
        entries.reserveCapacity(expected)
        var seen = Set<String>()
        var position = 0
        while position < directory.count {
            guard entries.count < maxEntries else { throw ZipError.tooManyEntries(entries.count + 1) }
            guard position + 46 <= directory.count, directory.uint32(at: position) == 0x0201_4B50 else {
                throw ZipError.corrupt("entry \(entries.count + 1) of the central directory is damaged")
            }
            let flags = directory.uint16(at: position + 8)
            let nameLength = Int(directory.uint16(at: position + 28))
            let extraLength = Int(directory.uint16(at: position + 30))
            let commentLength = Int(directory.uint16(at: position + 32))
            let next = position + 46 + nameLength + extraLength + commentLength
            guard next <= directory.count else {
                throw ZipError.corrupt("entry \(entries.count + 1) of the central directory is cut short")
            }
            let base = directory.startIndex + position + 46
            let name = ZipEntryName.decode(directory[base..<base + nameLength])
            try ZipName.validate(name)
            guard seen.insert(ZipName.key(name)).inserted else { throw ZipError.duplicateName(name) }

            let method = directory.uint16(at: position + 10)
            let compressed = UInt64(directory.uint32(at: position + 20))
            let size = UInt64(directory.uint32(at: position + 24))
            let headerOffset = UInt64(directory.uint32(at: position + 42))
            guard headerOffset + 30 + UInt64(nameLength) + compressed <= dataEnd, method != 0 || compressed == size else {
                throw ZipError.corrupt("the entry \"\(name)\" does not fit in the file")
            }
            let extra = directory[base + nameLength..<base + nameLength + extraLength]
            let dos = DOSTimestamp(time: directory.uint16(at: position + 12), date: directory.uint16(at: position + 14))
            entries.append(ZipEntry(name: name, size: size, compressedSize: compressed,
                                    crc32: directory.uint32(at: position + 16), method: method,
                                    modified: extendedTimestamp(extra) ?? dos.date(in: timeZone),
                                    flags: flags, headerOffset: headerOffset))
            position = next
        }
        guard entries.count == expected else {
            throw ZipError.corrupt("the central directory lists \(entries.count) entries, its end record \(expected)")
        }
        return entries
    }

    /// The UTC modification time in an Info-ZIP extended timestamp field (0x5455), if present.
    private static func extendedTimestamp(_ extra: Data) -> Date? {
        var position = 0
        while position + 4 <= extra.count {
            let id = extra.uint16(at: position), length = Int(extra.uint16(at: position + 2))
            let body = position + 4
            if id == 0x5455, length >= 5, body + 5 <= extra.count, extra[extra.startIndex + body] & 1 == 1 {
                return Date(timeIntervalSince1970: TimeInterval(Int32(bitPattern: extra.uint32(at: body + 1))))
            }
            position = body + length
        }
        return nil
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

enum ZipEntryName {
    /// Names without the UTF-8 flag (bit 11) are, by the standard, code page 437; in practice they
    /// are ASCII or UTF-8 from tools that forget the flag, so UTF-8 is tried first whatever the flag.
    static func decode(_ bytes: Data) -> String {
        if let name = String(data: bytes, encoding: .utf8) { return name }
        return String(data: bytes, encoding: .isoLatin1) ?? ""
    }
}
