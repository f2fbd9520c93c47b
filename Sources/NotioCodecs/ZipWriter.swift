import Foundation

/// Writes a zip archive entry by entry to a sink (a file, an HTTP response), holding at most one
/// chunk of a file in memory.
///
/// Written here rather than with libzip, which reads archives for us: libzip builds an archive
/// in `zip_close`, all at once, into a seekable file (a temporary one it renames into place), and
/// reads every added source again then; it cannot hand bytes to a socket as they are produced.
/// A backup streamed to an HTTP response would first have to be written whole to disk. The CRC
/// comes from zlib (`CRC32`); there is no compression to borrow.
///
/// Entries are stored, not compressed: PDFs and JPEGs do not shrink, and stored entries can be
/// written as they come. Names are UTF-8 (flag bit 11). Entries whose size is not known in
/// advance (files, streams) carry a data descriptor (flag bit 3) after their data. An archive
/// of more than 65,535 entries or past 4 GiB is written as ZIP64 (APPNOTE 4.3.14–4.3.15, 4.5.3):
/// a ZIP64 end of central directory record and its locator, and a ZIP64 extra field on each
/// entry whose offset does not fit in 32 bits. A single entry stays under 4 GiB (`tooLarge`).
///
///     let zip = ZipWriter(fileHandle: handle)
///     try zip.add(name: "files/notes/\(id).pdf", file: path)
///     let json = try zip.addStream(name: "notio-backup.json")
///     try json.write(part); try json.finish()
///     try zip.finish()
public final class ZipWriter {
    /// Receives the archive's bytes in order.
    public typealias Sink = (Data) throws -> Void

    private let sink: Sink
    private let timeZone: TimeZone
    /// The largest size or offset the 32-bit fields may hold (0xFFFFFFFF itself means ZIP64);
    /// tests lower it to reach the ZIP64 paths with small archives.
    let limit: UInt64
    /// Entry counts from this on need the ZIP64 record (0xFFFF itself means "see ZIP64").
    static let maxClassicEntries = 0xFFFF
    private let chunkSize = 256 * 1024
    private var offset: UInt64 = 0
    private var central = Data()
    private var entryCount = 0
    private var names = Set<String>()
    private var streamOpen = false
    /// The last timestamp converted: a Calendar conversion per entry costs more than writing a
    /// small entry, and an export's entries mostly share one second.
    private var lastStamp: (second: Int64, stamp: DOSTimestamp)?
    private var finished = false
    private var failed = false

    /// - Parameter timeZone: the zone of the DOS timestamps; an extended timestamp in UTC is written too.
    public convenience init(timeZone: TimeZone = .current, sink: @escaping Sink) {
        self.init(timeZone: timeZone, limit: 0xFFFF_FFFE, sink: sink)
    }

    /// Writes at the handle's current position; the caller closes the handle.
    public convenience init(fileHandle: FileHandle, timeZone: TimeZone = .current) {
        self.init(timeZone: timeZone) { try fileHandle.write(contentsOf: $0) }
    }

    init(timeZone: TimeZone, limit: UInt64, sink: @escaping Sink) {
        self.sink = sink
        self.timeZone = timeZone
        self.limit = limit
    }

    /// Bytes handed to the sink so far.
    public var bytesWritten: UInt64 { offset }

    /// Adds an entry whose bytes are at hand.
    public func add(name: String, data: Data, modified: Date) throws {
        let header = try begin(name: name, modified: modified)
        guard UInt64(data.count) <= limit else { throw ZipError.tooLarge("the entry \"\(name)\"") }
        var entry = header
        entry.crc = CRC32.checksum(data)
        entry.size = UInt32(data.count)
        try guarded {
            try emit(entry.localHeader())
            try emit(data)
        }
        record(entry)
    }

    /// Adds a file from disk, read and written in chunks.
    /// - Parameter modified: defaults to the file's modification date.
    public func add(name: String, file path: String, modified: Date? = nil) throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let handle = FileHandle(forReadingAtPath: path),
              let stamp = modified ?? attributes?[.modificationDate] as? Date else { throw ZipError.io("cannot open \(path)") }
        defer { try? handle.close() }
        let stream = try addStream(name: name, modified: stamp)
        try guarded {
            while true {
                let chunk: Data
                do {
                    guard let read = try handle.read(upToCount: chunkSize), !read.isEmpty else { break }
                    chunk = read
                } catch {
                    throw ZipError.io("cannot read \(path): \(error)")
                }
                try stream.write(chunk)
            }
            try stream.finish()
        }
    }

    /// Opens an entry written piece by piece; no other entry can be added until it is finished.
    public func addStream(name: String, modified: Date) throws -> EntryWriter {
        var entry = try begin(name: name, modified: modified)
        entry.flags |= 0x0008
        try guarded { try emit(entry.localHeader()) }
        streamOpen = true
        return EntryWriter(zip: self, entry: entry)
    }

    /// Writes the central directory; the archive is complete after it.
    public func finish() throws {
        try checkUsable()
        let start = offset
        let size = UInt64(central.count)
        let zip64 = entryCount >= Self.maxClassicEntries || start > limit || size > limit || start + size > limit
        var end = Data()
        if zip64 {
            // The ZIP64 end of central directory record, then the locator that points at it.
            let record = start + size
            end.appendLE(UInt32(0x0606_4B50))
            end.appendLE(UInt64(44))          // size of the rest of this record
            end.appendLE(UInt16(3 << 8 | 45))  // made by Unix, version 4.5
            end.appendLE(UInt16(45))           // needed: 4.5, ZIP64
            end.appendLE(UInt32(0))            // this disk
            end.appendLE(UInt32(0))            // disk with the central directory
            end.appendLE(UInt64(entryCount))
            end.appendLE(UInt64(entryCount))
            end.appendLE(size)
            end.appendLE(start)
            end.appendLE(UInt32(0x0706_4B50))
            end.appendLE(UInt32(0))            // disk with the ZIP64 record
            end.appendLE(record)
            end.appendLE(UInt32(1))            // disks in all
        }
        // The classic record, with 0xFFFF / 0xFFFFFFFF where a value is in the ZIP64 record.
        let count = entryCount >= Self.maxClassicEntries ? UInt16.max : UInt16(entryCount)
        end.appendLE(UInt32(0x0605_4B50))
        end.appendLE(UInt16(0))  // this disk
        end.appendLE(UInt16(0))  // disk with the central directory
        end.appendLE(count)
        end.appendLE(count)
        end.appendLE(size > limit ? UInt32.max : UInt32(size))
        end.appendLE(start > limit ? UInt32.max : UInt32(start))
        end.appendLE(UInt16(0))  // comment length
        try guarded {
            try emit(central)
            try emit(end)
        }
        finished = true
        central = Data()
    }

    // MARK: - Entries

    private func checkUsable() throws {
        if failed { throw ZipError.misuse("the archive is incomplete after an earlier error") }
        if finished { throw ZipError.misuse("the archive is already finished") }
        if streamOpen { throw ZipError.misuse("an entry is still being written; finish it first") }
    }

    private func begin(name: String, modified: Date) throws -> Entry {
        try checkUsable()
        try ZipName.validate(name)
        let bytes = Data(name.utf8)
        guard bytes.count <= Int(UInt16.max) else { throw ZipError.invalidName(name) }
        guard !names.contains(ZipName.key(name)) else { throw ZipError.duplicateName(name) }
        let seconds = modified.timeIntervalSince1970
        let second = Int64(seconds.rounded(.down))
        let stamp: DOSTimestamp
        if let last = lastStamp, last.second == second { stamp = last.stamp } else {
            stamp = DOSTimestamp(modified, timeZone: timeZone)
            lastStamp = (second, stamp)
        }
        return Entry(name: name, nameBytes: bytes, flags: 0x0800, stamp: stamp,
                     unixTime: UInt32(max(0, min(seconds, Double(Int32.max)))), offset: offset, limit: limit)
    }

    fileprivate func record(_ entry: Entry) {
        names.insert(ZipName.key(entry.name))
        central.append(entry.centralHeader())
        entryCount += 1
    }

    fileprivate func emit(_ data: Data) throws {
        guard !data.isEmpty else { return }
        try sink(data)
        offset += UInt64(data.count)
    }

    fileprivate func endStream() { streamOpen = false }

    /// Runs work that writes part of an entry: if it fails, the archive cannot be completed.
    fileprivate func guarded(_ work: () throws -> Void) throws {
        do { try work() } catch {
            failed = true
            throw error
        }
    }

    fileprivate func checkRoom(adding count: Int, entrySize: UInt64, name: String) throws {
        guard entrySize + UInt64(count) <= limit else { throw ZipError.tooLarge("the entry \"\(name)\"") }
    }

    /// One entry's header fields.
    fileprivate struct Entry {
        var name: String
        var nameBytes: Data
        var flags: UInt16
        var stamp: DOSTimestamp
        var unixTime: UInt32
        /// Where the local header starts; past `limit` it goes in a ZIP64 extra field.
        var offset: UInt64
        var limit: UInt64
        var crc: UInt32 = 0
        var size: UInt32 = 0

        var localSize: Int { 30 + nameBytes.count + 9 }

        /// Extended timestamp (0x5455): the modification time in UTC seconds, which unzip prefers.
        private var extra: Data {
            var extra = Data()
            extra.appendLE(UInt16(0x5455))
            extra.appendLE(UInt16(5))
            extra.append(1)
            extra.appendLE(unixTime)
            return extra
        }

        func localHeader() -> Data {
            var header = Data()
            header.appendLE(UInt32(0x0403_4B50))
            header.appendLE(UInt16(20))  // version needed: 2.0, for data descriptors
            header.appendLE(flags)
            header.appendLE(UInt16(0))   // stored
            header.appendLE(stamp.time)
            header.appendLE(stamp.date)
            // With a data descriptor these are zero here and follow the data.
            let known = flags & 0x0008 == 0
            header.appendLE(known ? crc : 0)
            header.appendLE(known ? size : 0)
            header.appendLE(known ? size : 0)
            header.appendLE(UInt16(nameBytes.count))
            header.appendLE(UInt16(extra.count))
            header.append(nameBytes)
            header.append(extra)
            return header
        }

        func dataDescriptor() -> Data {
            var descriptor = Data()
            descriptor.appendLE(UInt32(0x0807_4B50))
            descriptor.appendLE(crc)
            descriptor.appendLE(size)
            descriptor.appendLE(size)
            return descriptor
        }

        func centralHeader() -> Data {
            let zip64 = offset > limit
            var extra = self.extra
            if zip64 {
                extra.appendLE(UInt16(0x0001))
                extra.appendLE(UInt16(8))
                extra.appendLE(offset)
            }
            var header = Data()
            header.appendLE(UInt32(0x0201_4B50))
            header.appendLE(UInt16(3 << 8 | (zip64 ? 45 : 20)))  // made by Unix, so that the mode below counts
            header.appendLE(UInt16(zip64 ? 45 : 20))
            header.appendLE(flags)
            header.appendLE(UInt16(0))
            header.appendLE(stamp.time)
            header.appendLE(stamp.date)
            header.appendLE(crc)
            header.appendLE(size)
            header.appendLE(size)
            header.appendLE(UInt16(nameBytes.count))
            header.appendLE(UInt16(extra.count))
            header.appendLE(UInt16(0))  // comment
            header.appendLE(UInt16(0))  // disk
            header.appendLE(UInt16(0))  // internal attributes
            header.appendLE(UInt32(0o100644) << 16)  // a regular file, rw-r--r--
            header.appendLE(zip64 ? UInt32.max : UInt32(offset))
            header.append(nameBytes)
            header.append(extra)
            return header
        }
    }

    /// An entry being written piece by piece; its CRC and size follow the data.
    public final class EntryWriter {
        private let zip: ZipWriter
        private var entry: Entry
        private var crc = CRC32()
        private var size: UInt64 = 0
        private var done = false

        fileprivate init(zip: ZipWriter, entry: Entry) {
            self.zip = zip
            self.entry = entry
        }

        /// The entry's name in the archive.
        public var name: String { entry.name }

        public func write(_ data: Data) throws {
            guard !done else { throw ZipError.misuse("the entry \"\(entry.name)\" is already finished") }
            try zip.guarded {
                try zip.checkRoom(adding: data.count, entrySize: size, name: entry.name)
                crc.update(data)
                try zip.emit(data)
                size += UInt64(data.count)
            }
        }

        /// Writes a string as UTF-8.
        public func write(_ text: String) throws { try write(Data(text.utf8)) }

        /// Ends the entry with its data descriptor; the archive takes the next entry after it.
        public func finish() throws {
            guard !done else { throw ZipError.misuse("the entry \"\(entry.name)\" is already finished") }
            entry.crc = crc.value
            entry.size = UInt32(size)
            try zip.guarded {
                try zip.checkRoom(adding: 16, entrySize: 0, name: entry.name)
                try zip.emit(entry.dataDescriptor())
            }
            done = true
            zip.record(entry)
            zip.endStream()
        }
    }
}
