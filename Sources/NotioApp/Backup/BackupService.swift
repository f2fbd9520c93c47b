import Foundation
import NotioCodecs
import NotioCore
import NotioStore

/// Backup and restore of everything a reader made, for the settings page, the API and the
/// command line: the JSON document alone, or a zip holding it with the files (PDFs, covers).
struct BackupService: Sendable {
    let store: Store
    let files: FileStorage
    let dataDirectory: String
    var limits: AccountLimits = .none
    static let documentName = "notio-backup.json"

    /// Writes the document (or a zip with it and the files) to a new file in the data folder's
    /// tmp/, streamed: memory stays bounded whatever the library's size.
    func export(owner: User, withFiles: Bool, at now: Date) throws -> String {
        let tmp = try Self.temporaryDirectory(dataDirectory)
        let path = "\(tmp)/backup-\(UUID().uuidString)" + (withFiles ? ".zip" : ".json")
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else { throw AppError(500, "backup_failed", Message("backupError.failed")) }
        defer { try? handle.close() }
        do {
            if withFiles {
                let zip = ZipWriter { try handle.write(contentsOf: $0) }
                let entry = try zip.addStream(name: Self.documentName, modified: now)
                try store.exportBackup(owner: owner, at: now) { try entry.write($0) }
                try entry.finish()
                for id in try store.notes(owner: owner.id).map(\.id) {
                    if let pdf = try files.localPath(FileStorage.notePDF(id)) { try zip.add(name: "files/notes/\(id).pdf", file: pdf) }
                }
                var seen = Set<String>()
                for book in try store.books(owner: owner.id) where book.hasCover {
                    guard let name = try store.bookCoverFile(id: book.id, owner: owner.id), seen.insert(name).inserted else { continue }
                    if let cover = try files.localPath(FileStorage.cover(name)) { try zip.add(name: "files/covers/\(name)", file: cover) }
                }
                try zip.finish()
            } else {
                try store.exportBackup(owner: owner, at: now) { try handle.write(contentsOf: $0) }
            }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        return path
    }

    /// What a restore would write, or wrote.
    struct Outcome: Sendable {
        var counts: BackupCounts
        var dryRun: Bool
    }

    /// Largest cover file taken from a backup zip (a catalog's cover is at most 5 MB).
    static let maxCoverBytes = 16 << 20

    /// Restores a document (JSON) or a backup zip from a file, all or nothing. The document is
    /// read streaming, twice: once to check everything (values, ids, names, references), once to
    /// write the rows in one transaction. The zip's files are checked (a cover's bytes must hash
    /// to its name) and written under temporary names before the transaction, moved into place
    /// after it commits, and removed on any failure. Messages are in the reader's language.
    func restore(file path: String, owner: User, replace: Bool, dryRun: Bool) throws -> Outcome {
        let tmp = try Self.temporaryDirectory(dataDirectory)
        var temporaries: [String] = []
        defer { for t in temporaries { try? FileManager.default.removeItem(atPath: t) } }
        func temporary() -> String {
            let t = "\(tmp)/\(Self.restorePrefix)\(UUID().uuidString)"
            temporaries.append(t)
            return t
        }
        guard let head = FileHandle(forReadingAtPath: path) else { throw AppError(400, "malformed_request", Message("backupError.unreadable")) }
        let magic = (try? head.read(upToCount: 4)) ?? Data()
        try? head.close()
        var document = path
        var zip: ZipReader?
        if magic.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            let reader: ZipReader
            // Deflated entries too: a reader who unpacked a backup and zipped it again with their own
            // tool gets it back; the reader refuses zip bombs by size and ratio.
            do { reader = try ZipReader(path: path, allowsDeflate: true) } catch {
                throw Self.damaged(field: "file", error)
            }
            guard let entry = reader.entry(named: Self.documentName) else {
                throw AppError(422, "invalid_backup", Message("backupError.zip_no_document"), fields: ["$": .verbatim("notio-backup.json is missing")])
            }
            document = temporary()
            do { try reader.extract(entry, to: document) } catch {
                throw Self.damaged(field: "file", error)
            }
            zip = reader
        }
        do {
            let check = try Store.checkBackup(file: document, for: owner)
            // Covers a book may keep: the reader's own, and those whose bytes the zip brings.
            var covers = try store.coverFiles(owner: owner.id)
            var placed: [(temporary: String, name: String)] = []
            if let zip {
                for id in check.noteIds.sorted() {
                    let name = "files/notes/\(id).pdf"
                    guard let entry = zip.entry(named: name) else { continue }
                    let part = temporary()
                    try extract(zip, entry, to: part)
                    guard Self.starts(part, with: Array("%PDF".utf8)) else { throw BackupProblem(path: name, .notPDF) }
                    placed.append((part, FileStorage.notePDF(id)))
                }
                for cover in check.coverFiles.sorted() {
                    let name = "files/covers/\(cover)"
                    guard let entry = zip.entry(named: name) else { continue }
                    guard entry.size <= UInt64(Self.maxCoverBytes) else { throw BackupProblem(path: name, .fileTooLarge) }
                    let part = temporary()
                    try extract(zip, entry, to: part)
                    // Covers are shared by content: a name is only ever given to its own bytes.
                    guard let bytes = FileManager.default.contents(atPath: part), Crypto.sha256Hex(bytes) == Backup.coverHash(cover) else {
                        throw BackupProblem(path: name, .fileDiffers)
                    }
                    covers.insert(cover)
                    if !files.exists(FileStorage.cover(cover)) { placed.append((part, FileStorage.cover(cover))) }
                }
            }
            var outcome = Outcome(counts: try store.restoreBackup(file: document, check: check, owner: owner, replace: replace,
                                                                  dryRun: dryRun, covers: covers, limits: limits), dryRun: dryRun)
            outcome.counts.files = placed.count
            if !dryRun {
                for (part, name) in placed { try files.put(name, movingFrom: part) }
            }
            return outcome
        }
    }

    private func extract(_ zip: ZipReader, _ entry: ZipEntry, to path: String) throws {
        do { try zip.extract(entry, to: path) } catch {
            throw Self.damaged(field: entry.name, error)
        }
    }

    private static func starts(_ path: String, with prefix: [UInt8]) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: prefix.count)).map { Array($0) == prefix } ?? false
    }

    /// 422 for a zip that cannot be read, naming the entry (or `file`) and the reader's reason.
    private static func damaged(field: String, _ error: Error) -> AppError {
        AppError(422, "invalid_backup", Message("backupError.zip_damaged"), fields: [field: .verbatim("\(error)")])
    }

    /// Names of a restore's temporary files in the data folder's tmp/ (and of kept uploads):
    /// whatever a killed restore left is removed at the next start.
    static let restorePrefix = "restore-"
    static let leftoverPrefixes = [restorePrefix, "pending-restore-", "backup-", "notio-upload-"]

    static func temporaryDirectory(_ dataDirectory: String) throws -> String {
        let tmp = (dataDirectory as NSString).appendingPathComponent("tmp")
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        return tmp
    }

    /// Removes what a killed restore, backup or upload left in tmp/ (called before serving).
    static func removeLeftovers(dataDirectory: String) {
        let tmp = (dataDirectory as NSString).appendingPathComponent("tmp")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? [] where leftoverPrefixes.contains(where: name.hasPrefix) {
            try? FileManager.default.removeItem(atPath: "\(tmp)/\(name)")
        }
    }
}

/// A backup that cannot be restored: 422 `invalid_backup`, naming where and why. NotioStore
/// words the reason in both languages; nothing was changed.
extension BackupProblem: DomainError {
    var status: Int { 422 }
    var code: String { "invalid_backup" }
    var readerMessage: Message {
        .translated(ko: L10n.t("backupError.invalid", .ko, [path, message(language: "ko")]),
                    en: L10n.t("backupError.invalid", .en, [path, message(language: "en")]))
    }
    var fields: [String: Message] { [path: .translated(ko: message(language: "ko"), en: message(language: "en"))] }
}
