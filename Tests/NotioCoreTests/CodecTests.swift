import Foundation
import Testing
import NotioCore
@testable import NotioCodecs

/// SHA-256 (libsodium) and CRC-32 (zlib) against published values, the import fingerprint
/// against values computed elsewhere, and the zip reader (libzip) on archives the team did not
/// write: Python's zipfile and Info-ZIP's zip, hostile or damaged on purpose.
struct SHA256Tests {
    @Test func publishedVectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(String(repeating: "a", count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(SHA256.hex(Data()) == SHA256.hex(""))
        #expect(SHA256.digest(Data("abc".utf8)) == SHA256.digest([0x61, 0x62, 0x63]))
        #expect(SHA256.digest("abc").count == 32)
    }

    /// Databases hold fingerprints made by the hand-written SHA-256 this replaced: the values
    /// must not move. The first is Python's `hashlib.sha256(key + "\n" + text)[:32]`; the
    /// fixtures' values in `ImportTests` were made by the old code.
    @Test func importFingerprintsStayTheSame() {
        let key = ImportedBook.key(title: "채식주의자", author: "한강")
        #expect(ImportedSentence.fingerprint(bookKey: key, text: "나는 꿈을 꿨어.") == "daa1fc596be5fd1756bf4e3643ec217f")
        let sentence = ImportedSentence(bookKey: key, text: "나는  꿈을\u{A0}꿨어.")
        #expect(sentence.identity == "채식주의자 | 한강\n나는 꿈을 꿨어.")
        #expect(sentence.fingerprint == "daa1fc596be5fd1756bf4e3643ec217f")
    }
}

struct CRCTests {
    @Test func publishedVectorsAndPieces() {
        #expect(CRC32.checksum(Data("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Data("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
        var pieces = CRC32()
        for word in ["The quick ", "", "brown fox jumps", " over the lazy dog"] { pieces.update(Data(word.utf8)) }
        #expect(pieces.value == 0x414F_A339)
    }
}

struct ZipReadingTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("notio-zipread-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Runs a Python script with the archive's path as its argument; returns the path.
    private func python(_ script: String, _ name: String = "made.zip") throws -> String {
        let path = directory.appendingPathComponent(name).path
        let run = try Tool.run(Tool.python3!, ["-c", script, path])
        #expect(run.status == 0, "\(run.output)")
        return path
    }

    @Test(.enabled(if: Tool.python3 != nil)) func pythonsDeflatedAndStoredEntriesAreRead() throws {
        let path = try python("""
        import sys, zipfile
        with zipfile.ZipFile(sys.argv[1], "w") as z:
            z.writestr("notes/노트.md", "# 노트\\n" * 2000, zipfile.ZIP_DEFLATED)
            z.writestr("plain.txt", "stored", zipfile.ZIP_STORED)
            z.writestr("big.bin", bytes((i * 7919) % 251 for i in range(3_000_000)), zipfile.ZIP_DEFLATED)
        """)
        let reader = try ZipReader(path: path, allowsDeflate: true)
        #expect(reader.entries.map(\.name) == ["notes/노트.md", "plain.txt", "big.bin"])
        #expect(reader.entries.map(\.method) == [8, 0, 8])
        #expect(try reader.data(named: "notes/노트.md") == Data(String(repeating: "# 노트\n", count: 2000).utf8))
        #expect(try reader.data(named: "plain.txt") == Data("stored".utf8))
        // Streamed in bounded chunks, never whole.
        var largest = 0, total = 0
        var crc = CRC32()
        try reader.read(reader.entry(named: "big.bin")!) { chunk in
            largest = max(largest, chunk.count); total += chunk.count; crc.update(chunk)
        }
        #expect(total == 3_000_000 && largest <= 256 * 1024)
        #expect(crc.value == reader.entry(named: "big.bin")!.crc32)
        // Without being asked to, the reader keeps to stored entries.
        #expect(throws: ZipError.unsupportedCompression(name: "notes/노트.md", method: 8)) {
            try ZipReader(path: path).data(named: "notes/노트.md")
        }
    }

    @Test(.enabled(if: Tool.find("zip") != nil)) func infoZipsDefaultArchivesAreRead() throws {
        let folder = directory.appendingPathComponent("in/sub")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = String(repeating: "마음으로 보아야 잘 보인다.\n", count: 500)
        try Data(text.utf8).write(to: folder.appendingPathComponent("prince.txt"))
        let made = try Tool.run(Tool.find("zip")!, ["-r", "-q", "../made.zip", "."], in: directory.appendingPathComponent("in").path)
        #expect(made.status == 0, "\(made.output)")
        let reader = try ZipReader(path: directory.appendingPathComponent("made.zip").path, allowsDeflate: true)
        let entry = try #require(reader.entry(named: "sub/prince.txt"))
        #expect(entry.method == 8 && reader.entry(named: "sub/")?.isDirectory == true)
        #expect(try reader.data(for: entry) == Data(text.utf8))
        // Info-ZIP writes an extended timestamp: the file's own time comes back.
        let written = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("prince.txt").path)[.modificationDate] as? Date
        #expect(entry.modified.map { abs($0.timeIntervalSince(written!)) < 1 } == true)
    }

    @Test(.enabled(if: Tool.python3 != nil)) func zip64ArchivesAreRead() throws {
        let path = try python("""
        import sys, zipfile
        with zipfile.ZipFile(sys.argv[1], "w") as z:
            for i in range(3):
                with z.open(f"part-{i}.txt", "w", force_zip64=True) as f:
                    f.write(b"x" * (i + 1))
        """)
        let raw = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(raw.range(of: Data([0x50, 0x4B, 0x06, 0x06])) != nil || raw.range(of: Data([0x01, 0x00, 0x10, 0x00])) != nil)
        let reader = try ZipReader(path: path)
        #expect(try reader.entries.map { String(decoding: try reader.data(for: $0), as: UTF8.self) } == ["x", "xx", "xxx"])

        // Our own ZIP64: offsets past a lowered limit, in ZIP64 extra fields and end records.
        var bytes = Data()
        let zip = ZipWriter(timeZone: .gmt, limit: 1000) { bytes.append($0) }
        for i in 0..<6 { try zip.add(name: "part-\(i).txt", data: Data(repeating: UInt8(65 + i), count: 400), modified: .distantPast) }
        try zip.finish()
        let ours = directory.appendingPathComponent("ours.zip")
        try bytes.write(to: ours)
        let again = try ZipReader(path: ours.path)
        #expect(try again.data(named: "part-5.txt") == Data(repeating: 70, count: 400))
    }

    /// 70,000 entries: more than the classic end record can count.
    @Test func seventyThousandEntriesAreRead() throws {
        let path = directory.appendingPathComponent("many.zip").path
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        var buffer = Data()
        let zip = ZipWriter(timeZone: .gmt) { buffer.append($0) }
        for i in 0..<70_000 { try zip.add(name: "밑줄/\(i).md", data: Data("# \(i)\n".utf8), modified: .distantPast) }
        try zip.finish()
        try handle.write(contentsOf: buffer)
        try handle.close()
        let reader = try ZipReader(path: path)
        #expect(reader.entries.count == 70_000)
        #expect(try reader.data(named: "밑줄/69999.md") == Data("# 69999\n".utf8))
        #expect(throws: ZipError.tooManyEntries(70_000)) { try ZipReader(path: path, maxEntries: 65_535) }
    }

    // MARK: - Hostile and damaged

    @Test(.enabled(if: Tool.python3 != nil)) func aZipBombIsRefused() throws {
        // 100 MB of zeros deflate to about 100 kB.
        let path = try python("""
        import sys, zipfile
        with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
            z.writestr("notio-backup.json", b"\\0" * 100_000_000)
        """)
        let reader = try ZipReader(path: path, allowsDeflate: true)
        let entry = try #require(reader.entries.first)
        #expect(entry.size == 100_000_000 && entry.compressedSize < 200_000)
        let target = directory.appendingPathComponent("out").path
        #expect(throws: ZipError.compressionBomb(name: "notio-backup.json", ratio: 500)) { try reader.extract(entry, to: target) }
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(throws: ZipError.entryTooLarge(name: "notio-backup.json", size: 100_000_000, limit: 1_000_000)) {
            try ZipReader(path: path, allowsDeflate: true, maxEntrySize: 1_000_000, maxRatio: 10_000).data(for: entry)
        }

        // The same bomb declaring 1,000 bytes (in both headers): stopped after one chunk.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let central = try #require(bytes.range(of: Data([0x50, 0x4B, 0x01, 0x02]))).lowerBound
        for at in [22, central + 24] { bytes.replaceSubrange(at..<at + 4, with: [0xE8, 0x03, 0, 0]) }
        let liar = directory.appendingPathComponent("liar.zip")
        try bytes.write(to: liar)
        let lying = try ZipReader(path: liar.path, allowsDeflate: true)
        var received = 0
        #expect(throws: ZipError.corrupt("the entry \"notio-backup.json\" unpacks to more than its declared 1000 bytes")) {
            try lying.read(lying.entries[0]) { received += $0.count }
        }
        #expect(received == 0)
    }

    @Test(.enabled(if: Tool.python3 != nil)) func namesThatClimbOutAreRefused() throws {
        for hostile in ["../evil.txt", "notes/../../evil.txt", "/etc/passwd", "a\\\\b.txt"] {
            let path = try python("""
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w") as z:
                z.writestr("ok.txt", "fine")
                z.writestr(zipfile.ZipInfo("\(hostile)"), "evil")
            """, "\(UUID().uuidString).zip")
            #expect(throws: ZipError.invalidName(hostile.replacingOccurrences(of: "\\\\", with: "\\"))) { try ZipReader(path: path) }
        }
    }

    @Test(.enabled(if: Tool.find("zip") != nil)) func encryptedEntriesAreListedButRefused() throws {
        let folder = directory.appendingPathComponent("secret")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("비밀".utf8).write(to: folder.appendingPathComponent("a.txt"))
        let made = try Tool.run(Tool.find("zip")!, ["-0", "-q", "-P", "password", "../secret.zip", "a.txt"], in: folder.path)
        #expect(made.status == 0, "\(made.output)")
        let reader = try ZipReader(path: directory.appendingPathComponent("secret.zip").path, allowsDeflate: true)
        let entry = try #require(reader.entry(named: "a.txt"))
        #expect(entry.isEncrypted)
        #expect(throws: ZipError.unsupportedFeature("the encrypted entry \"a.txt\"")) { try reader.data(for: entry) }
    }

    @Test(.enabled(if: Tool.python3 != nil)) func truncatedArchivesAreRefused() throws {
        let path = try python("""
        import sys, zipfile
        with zipfile.ZipFile(sys.argv[1], "w") as z:
            z.writestr("notio-backup.json", "{}" * 5000)
            z.writestr("files/covers/a.jpg", b"\\xd8" * 5000)
        """)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // Cut at the end: no end record.
        let cut = directory.appendingPathComponent("cut.zip")
        try bytes.dropLast(30).write(to: cut)
        #expect(throws: ZipError.corrupt("no end of central directory: not a zip archive, or cut short")) { try ZipReader(path: cut.path) }
        // Bytes lost in the middle: the directory points past the data, and libzip sees it.
        var holed = bytes
        holed.removeSubrange(6000..<6100)
        let hole = directory.appendingPathComponent("hole.zip")
        try holed.write(to: hole)
        do {
            _ = try ZipReader(path: hole.path)
            Issue.record("an archive with a hole was opened")
        } catch let error as ZipError {
            guard case .corrupt = error else { Issue.record("unexpected \(error)"); return }
            #expect(error.description.hasPrefix("the archive is damaged"))
        }
    }
}
