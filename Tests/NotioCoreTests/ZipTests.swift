import Foundation
import Testing
@testable import NotioCodecs

/// The time the entries of these archives carry (a whole second: zip keeps two-second steps).
private let entryTime = Date(timeIntervalSince1970: 1_717_000_000)

struct ZipTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("notio-zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    // MARK: - Round trips

    @Test func manyEntriesComeBackWithTheirNamesBytesAndTimes() throws {
        let modified = Date(timeIntervalSince1970: 1_717_000_000)  // 2024-05-29, a whole second
        let (bytes, expected) = try archive { zip in
            var expected: [(String, Data)] = []
            for i in 0..<300 {
                let name = i % 3 == 0 ? "files/covers/표지 \(i).jpg" : "files/notes/\(i).pdf"
                let data = Data((0..<(i * 37 % 1000)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ i) })
                try zip.add(name: name, data: data, modified: modified)
                expected.append((name, data))
            }
            return expected
        }
        let reader = try ZipReader(path: try save(bytes))
        #expect(reader.entries.map(\.name) == expected.map(\.0))
        for (name, data) in expected {
            #expect(try reader.data(named: name) == data)
            #expect(reader.entry(named: name)?.modified == modified)
        }
        #expect(reader.entry(named: "files/covers/표지 0.jpg")?.size == 0)
    }

    @Test func aTwentyMegabyteFileIsStreamedInChunks() throws {
        let source = directory.appendingPathComponent("big.pdf").path
        var generator = SplitMix(seed: 7)
        let words = (0..<2_500_000).map { _ in generator.next() }
        let content = words.withUnsafeBytes { Data($0) }
        try content.write(to: URL(fileURLWithPath: source))

        var bytes = Data()
        var largestWrite = 0
        let zip = ZipWriter { bytes.append($0); largestWrite = max(largestWrite, $0.count) }
        try zip.add(name: "files/notes/big.pdf", file: source)
        try zip.finish()
        #expect(largestWrite <= 256 * 1024)

        let reader = try ZipReader(path: try save(bytes))
        let entry = try #require(reader.entry(named: "files/notes/big.pdf"))
        #expect(entry.size == 20_000_000)
        let copy = directory.appendingPathComponent("copy.pdf").path
        try reader.extract(entry, to: copy)
        #expect(FileManager.default.contents(atPath: copy) == content)
    }

    @Test func aStreamedEntryPutsItsSizesInADataDescriptor() throws {
        let parts = (0..<1000).map { "{\"id\":\($0),\"title\":\"노트 \($0)\"}," }
        let (bytes, _) = try archive { zip in
            let json = try zip.addStream(name: "notio-backup.json", modified: entryTime)
            #expect(throws: ZipError.self) { try zip.add(name: "other", data: Data(), modified: entryTime) }
            for part in parts { try json.write(part) }
            try json.finish()
            try zip.add(name: "after.txt", data: Data("after".utf8), modified: entryTime)
        }
        // Flag bit 3 in the local header, and zeros where the CRC and sizes would be.
        #expect(bytes.uint16(at: 6) & 0x0008 != 0)
        #expect(bytes.uint32(at: 14) == 0 && bytes.uint32(at: 22) == 0)
        let text = parts.joined()
        let descriptorAt = 30 + "notio-backup.json".utf8.count + 9 + text.utf8.count
        #expect(bytes.uint32(at: descriptorAt) == 0x0807_4B50)
        #expect(bytes.uint32(at: descriptorAt + 4) == Self.referenceCRC(Data(text.utf8)))

        let reader = try ZipReader(path: try save(bytes))
        #expect(String(decoding: try reader.data(named: "notio-backup.json"), as: UTF8.self) == text)
        #expect(try reader.data(named: "after.txt") == Data("after".utf8))
    }

    @Test func crcMatchesTheStandardCheckValueAndABitwiseReference() {
        #expect(CRC32.checksum(Data("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Data()) == 0)
        var generator = SplitMix(seed: 1)
        let data = Data((0..<10_007).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        var pieces = CRC32()
        for start in stride(from: 0, to: data.count, by: 333) { pieces.update(data[start..<min(start + 333, data.count)]) }
        #expect(pieces.value == Self.referenceCRC(data))
        #expect(CRC32.checksum(data) == Self.referenceCRC(data))
    }

    @Test func dosTimestampsKeepTheLocalTimeToTwoSeconds() throws {
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        let date = Date(timeIntervalSince1970: 1_717_000_001)
        let stamp = DOSTimestamp(date, timeZone: seoul)
        #expect(stamp.date(in: seoul) == Date(timeIntervalSince1970: 1_717_000_000))
        #expect(DOSTimestamp(Date(timeIntervalSince1970: 0), timeZone: seoul).date(in: seoul)
                == Calendar(identifier: .gregorian).date(from: DateComponents(timeZone: seoul, year: 1980, month: 1, day: 1)))
    }

    // MARK: - Other tools

    @Test(.enabled(if: Tool.python3 != nil)) func pythonAcceptsOurArchives() throws {
        let path = try sampleArchive()
        let check = try Tool.run(Tool.python3!, ["-m", "zipfile", "-t", path])
        #expect(check.status == 0, "\(check.output)")
        let script = """
        import sys, zipfile, hashlib
        with zipfile.ZipFile(sys.argv[1]) as z:
            for i in z.infolist():
                print(i.filename, i.file_size, hashlib.sha256(z.read(i)).hexdigest()[:12], i.flag_bits & 0x808, i.date_time[0])
        """
        let listing = try Tool.run(Tool.python3!, ["-c", script, path])
        #expect(listing.status == 0, "\(listing.output)")
        let lines = listing.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        // 2056: UTF-8 names and a data descriptor; 2048: UTF-8 names, sizes in the header.
        #expect(lines.first?.hasPrefix("notio-backup.json 12 ") == true, "\(lines)")
        #expect(lines.first?.hasSuffix(" 2056 2024") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("files/covers/어린 왕자.jpg 5000 ") && $0.hasSuffix(" 2056 2024") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("notes/readme.txt 10 ") && $0.hasSuffix(" 2048 2024") }, "\(lines)")
    }

    @Test(.enabled(if: Tool.find("unzip") != nil)) func unzipAcceptsOurArchives() throws {
        let check = try Tool.run(Tool.find("unzip")!, ["-t", try sampleArchive()])
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("No errors detected"))
    }

    @Test(.enabled(if: Tool.find("zip") != nil && Tool.find("unzip") != nil))
    func archivesOfDebiansZipWithoutCompressionAreRead() throws {
        let folder = directory.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("안녕".utf8).write(to: folder.appendingPathComponent("a.txt"))
        let made = try Tool.run(Tool.find("zip")!, ["-0", "-r", "-q", "../made.zip", "."], in: folder.path)
        #expect(made.status == 0, "\(made.output)")
        let reader = try ZipReader(path: directory.appendingPathComponent("made.zip").path)
        #expect(try reader.data(named: "a.txt") == Data("안녕".utf8))
    }

    @Test(.enabled(if: Tool.python3 != nil)) func deflatedEntriesAreListedButRefused() throws {
        let path = directory.appendingPathComponent("deflated.zip").path
        let script = """
        import sys, zipfile
        with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("notio-backup.json", "{}" * 1000)
        """
        #expect(try Tool.run(Tool.python3!, ["-c", script, path]).status == 0)
        let reader = try ZipReader(path: path)
        #expect(reader.entries.first?.method == 8)
        #expect(throws: ZipError.unsupportedCompression(name: "notio-backup.json", method: 8)) {
            try reader.data(named: "notio-backup.json")
        }
    }

    // MARK: - Damaged and hostile archives

    @Test func aFlippedByteFailsTheChecksum() throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: try sampleArchive()))
        let at = try #require(bytes.range(of: Data("plain text".utf8))).lowerBound
        bytes[at] ^= 0x20
        let reader = try ZipReader(path: try save(bytes))
        #expect(throws: ZipError.checksumMismatch(name: "notes/readme.txt")) { try reader.data(named: "notes/readme.txt") }
        let target = directory.appendingPathComponent("out.txt").path
        #expect(throws: ZipError.self) { try reader.extract(reader.entry(named: "notes/readme.txt")!, to: target) }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func truncatedOrForeignFilesAreRefusedWithAMessage() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: try sampleArchive()))
        for cut in [bytes.prefix(10), bytes.dropLast(10), bytes.prefix(bytes.count / 2), Data(), Data("%PDF-1.7".utf8)] {
            do {
                _ = try ZipReader(path: try save(Data(cut)))
                Issue.record("a damaged archive of \(cut.count) bytes was opened")
            } catch let error as ZipError {
                guard case .corrupt = error else { Issue.record("unexpected \(error)"); continue }
                #expect(error.description.hasPrefix("the archive is damaged"))
            }
        }
    }

    @Test func namesThatClimbOutOrRepeatAreRefusedByBothSides() throws {
        let zip = ZipWriter { _ in }
        for name in ["../evil", "a/../../evil", "/etc/passwd", "a\\b", "C:/x", ""] {
            #expect(throws: ZipError.invalidName(name)) { try zip.add(name: name, data: Data(), modified: entryTime) }
        }
        try zip.add(name: "a", data: Data(), modified: entryTime)
        #expect(throws: ZipError.duplicateName("a")) { try zip.add(name: "a", data: Data(), modified: entryTime) }

        for (written, hostile) in [("xx/evil.txt", "../evil.txt"), ("Xetc.txt", "/etc.txt"), ("dup2", "dup1")] {
            let (bytes, _) = try archive { zip in
                try zip.add(name: "dup1", data: Data("one".utf8), modified: entryTime)
                try zip.add(name: written, data: Data("two".utf8), modified: entryTime)
            }
            let patched = bytes.replacing(Data(written.utf8), with: Data(hostile.utf8))
            let expected = hostile == "dup1" ? ZipError.duplicateName(hostile) : .invalidName(hostile)
            #expect(throws: expected) { try ZipReader(path: try save(patched)) }
        }
    }

    @Test func sizesThatDoNotFitTheFileAreRefused() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: try sampleArchive()))
        let central = try #require(bytes.range(of: Data([0x50, 0x4B, 0x01, 0x02]))).lowerBound
        var patched = bytes
        patched.replaceSubrange(central + 20..<central + 28, with: [0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0x7F])
        #expect(throws: ZipError.corrupt("the entry \"notio-backup.json\" does not fit in the file")) {
            try ZipReader(path: try save(patched))
        }
    }

    @Test func deflateIsRefusedClearlyEvenWithoutPython() throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: try sampleArchive()))
        let central = try #require(bytes.range(of: Data([0x50, 0x4B, 0x01, 0x02]))).lowerBound
        bytes[central + 10] = 8
        // In the local header too: libzip refuses an archive whose headers disagree.
        bytes[8] = 8
        let reader = try ZipReader(path: try save(bytes))
        do {
            _ = try reader.data(for: reader.entries[0])
            Issue.record("a deflated entry was read")
        } catch let error as ZipError {
            #expect(error == .unsupportedCompression(name: "notio-backup.json", method: 8))
            #expect(error.description.contains("deflate"))
        }
    }

    @Test func archivesWithTooManyEntriesAreRefused() throws {
        let (bytes, _) = try archive { zip in
            for i in 0..<11 { try zip.add(name: "\(i)", data: Data(), modified: entryTime) }
        }
        let path = try save(bytes)
        #expect(throws: ZipError.tooManyEntries(11)) { try ZipReader(path: path, maxEntries: 10) }
        #expect(try ZipReader(path: path, maxEntries: 11).entries.count == 11)
    }

    @Test func theWriterStopsAtTheFormatsEntrySizeLimit() throws {
        let small = ZipWriter(timeZone: .gmt, limit: 1000) { _ in }
        #expect(throws: ZipError.tooLarge("the entry \"big\"")) { try small.add(name: "big", data: Data(count: 2000), modified: entryTime) }
        let stream = try small.addStream(name: "growing", modified: entryTime)
        try stream.write(Data(count: 500))
        #expect(throws: ZipError.tooLarge("the entry \"growing\"")) { try stream.write(Data(count: 600)) }
        #expect(throws: ZipError.misuse("the archive is incomplete after an earlier error")) { try small.finish() }
    }

    /// More than 65,535 entries: the Markdown export of a large library. Written as ZIP64 and
    /// read back by Python's zipfile and by unzip. (About two seconds.)
    @Test(.enabled(if: Tool.python3 != nil)) func seventyThousandEntriesAreWrittenAsZip64() throws {
        let path = directory.appendingPathComponent("many-\(UUID().uuidString).zip").path
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        // Whole entries go to the file in large writes, as the export's file does.
        var buffer = Data()
        let zip = ZipWriter(timeZone: .gmt) { part in
            buffer.append(part)
            if buffer.count > 1 << 20 { try handle.write(contentsOf: buffer); buffer.removeAll(keepingCapacity: true) }
        }
        for i in 0..<70_000 { try zip.add(name: "밑줄/\(i).md", data: Data("# \(i)\n".utf8), modified: entryTime) }
        try zip.finish()
        try handle.write(contentsOf: buffer)
        try handle.close()
        let script = """
        import sys, zipfile
        with zipfile.ZipFile(sys.argv[1]) as z:
            assert z.testzip() is None
            names = z.namelist()
            assert z.read('밑줄/69999.md') == b'# 69999\\n', z.read('밑줄/69999.md')
            assert len(set(names)) == len(names)
            print(len(names))
        """
        let check = try Tool.run(Tool.python3!, ["-c", script, path])
        #expect(check.status == 0 && check.output.trimmingCharacters(in: .whitespacesAndNewlines) == "70000", "\(check.output)")
        if let unzip = Tool.find("unzip") {
            let tested = try Tool.run(unzip, ["-tqq", path])
            #expect(tested.status == 0, "\(tested.output.prefix(500))")
        }
    }

    /// Offsets past the 32-bit fields go in ZIP64 extra fields; a lowered limit reaches that
    /// path with a small archive.
    @Test(.enabled(if: Tool.python3 != nil)) func offsetsPastTheLimitAreWrittenAsZip64() throws {
        var bytes = Data()
        let zip = ZipWriter(timeZone: .gmt, limit: 1000) { bytes.append($0) }
        for i in 0..<6 { try zip.add(name: "part-\(i).txt", data: Data(repeating: UInt8(65 + i), count: 400), modified: entryTime) }
        let stream = try zip.addStream(name: "streamed.txt", modified: entryTime)
        try stream.write(Data(repeating: 0x7A, count: 900))
        try stream.finish()
        try zip.finish()
        #expect(bytes.range(of: Data([0x50, 0x4B, 0x06, 0x06])) != nil, "a ZIP64 end record")
        #expect(bytes.range(of: Data([0x50, 0x4B, 0x06, 0x07])) != nil, "its locator")
        let path = try save(bytes)
        let script = """
        import sys, zipfile
        with zipfile.ZipFile(sys.argv[1]) as z:
            assert z.testzip() is None
            print(' '.join(f'{i.filename}:{i.header_offset}:{z.read(i)[:1].decode()}' for i in z.infolist()))
        """
        let check = try Tool.run(Tool.python3!, ["-c", script, path])
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("part-5.txt:") && check.output.contains(":F") && check.output.contains("streamed.txt:"), "\(check.output)")
        if let unzip = Tool.find("unzip") { #expect(try Tool.run(unzip, ["-tqq", path]).status == 0) }
    }

    @Test func theWriterIsUsedInOrder() throws {
        let zip = ZipWriter { _ in }
        let stream = try zip.addStream(name: "a", modified: entryTime)
        #expect(throws: ZipError.self) { try zip.finish() }
        try stream.finish()
        #expect(throws: ZipError.self) { try stream.write(Data([1])) }
        try zip.finish()
        #expect(throws: ZipError.misuse("the archive is already finished")) { try zip.add(name: "b", data: Data(), modified: entryTime) }
        #expect(zip.bytesWritten > 0)
    }

    // MARK: - Helpers

    /// Builds an archive in memory.
    private func archive<T>(_ build: (ZipWriter) throws -> T) throws -> (Data, T) {
        var bytes = Data()
        let zip = ZipWriter(timeZone: .gmt) { bytes.append($0) }
        let result = try build(zip)
        try zip.finish()
        return (bytes, result)
    }

    private func save(_ bytes: Data) throws -> String {
        let url = directory.appendingPathComponent("\(UUID().uuidString).zip")
        try bytes.write(to: url)
        return url.path
    }

    /// A streamed JSON, a file from disk, a Korean name and a plain entry: what a backup holds.
    private func sampleArchive() throws -> String {
        let cover = directory.appendingPathComponent("cover.jpg")
        try Data(repeating: 0xD8, count: 5000).write(to: cover)
        let modified = Date(timeIntervalSince1970: 1_717_000_000)
        let path = directory.appendingPathComponent("sample-\(UUID().uuidString).zip").path
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        let zip = ZipWriter(fileHandle: handle, timeZone: .gmt)
        let json = try zip.addStream(name: "notio-backup.json", modified: modified)
        try json.write("{\"notes\":")
        try json.write("[]}")
        try json.finish()
        try zip.add(name: "files/covers/어린 왕자.jpg", file: cover.path, modified: modified)
        try zip.add(name: "notes/readme.txt", data: Data("plain text".utf8), modified: modified)
        try zip.add(name: "empty", data: Data(), modified: modified)
        try zip.finish()
        return path
    }

    static func referenceCRC(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// Deterministic bytes that do not compress.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Command-line tools of the machine, used to check our archives against other implementations.
enum Tool {
    static let python3: String? = {
        guard let path = find("python3"), (try? run(path, ["-c", "import zipfile"]))?.status == 0 else { return nil }
        return path
    }()

    static func find(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
