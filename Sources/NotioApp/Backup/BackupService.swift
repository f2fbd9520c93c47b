import Foundation
import NotioCore
import NotioHTTP
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
        let tmp = (dataDirectory as NSString).appendingPathComponent("tmp")
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        let path = "\(tmp)/backup-\(UUID().uuidString)" + (withFiles ? ".zip" : ".json")
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else { throw HTTPError(500, "backup_failed", "The backup could not be written.") }
        defer { try? handle.close() }
        do {
            if withFiles {
                let zip = ZipWriter { try handle.write(contentsOf: $0) }
                let entry = try zip.addStream(name: Self.documentName)
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

    /// Restores a document (JSON) or a backup zip from a file. Everything is checked first; then
    /// the rows are written in one transaction; then the files, each written under a temporary
    /// name and renamed (a file is never half there).
    func restore(file path: String, owner: User, replace: Bool, dryRun: Bool) throws -> Outcome {
        guard let head = FileHandle(forReadingAtPath: path) else { throw HTTPError.badRequest("The backup file could not be read.") }
        let magic = (try? head.read(upToCount: 4)) ?? Data()
        try? head.close()
        var files: [(zipName: String, target: String)] = []
        let storage = self.files
        let document: Data
        var zip: ZipReader?
        if magic.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            let reader: ZipReader
            do { reader = try ZipReader(path: path) } catch {
                throw HTTPError(422, "invalid_backup", "백업 파일(zip)이 손상되었어요. (The backup zip is damaged: \(error))", fields: ["file": "\(error)"])
            }
            guard reader.entry(named: Self.documentName) != nil else {
                throw HTTPError(422, "invalid_backup", "zip 안에 notio-backup.json이 없어요. (The zip holds no notio-backup.json.)", fields: ["$": "notio-backup.json is missing"])
            }
            do { document = try reader.data(named: Self.documentName) } catch {
                throw HTTPError(422, "invalid_backup", "백업 파일(zip)이 손상되었어요. (The backup zip is damaged: \(error))")
            }
            zip = reader
        } else {
            guard let data = FileManager.default.contents(atPath: path) else { throw HTTPError.badRequest("The backup file could not be read.") }
            document = data
        }
        let contents: BackupContents
        do {
            contents = try Store.validateBackup(document, for: owner)
        } catch let p as BackupProblem {
            throw Self.invalid(p)
        }
        if let zip {
            for id in contents.noteFiles where zip.entry(named: "files/notes/\(id).pdf") != nil {
                files.append(("files/notes/\(id).pdf", FileStorage.notePDF(id)))
            }
            for name in contents.coverFiles where !name.contains("/") && zip.entry(named: "files/covers/\(name)") != nil {
                files.append(("files/covers/\(name)", FileStorage.cover(name)))
            }
        }
        try checkLimits(contents, owner: owner, replace: replace)
        let counts: BackupCounts
        do {
            counts = try store.restoreBackup(contents, owner: owner, replace: replace, dryRun: dryRun)
        } catch let p as BackupProblem {
            throw Self.invalid(p)
        }
        var outcome = Outcome(counts: counts, dryRun: dryRun)
        outcome.counts.files = files.count
        if !dryRun, let zip {
            let tmp = (dataDirectory as NSString).appendingPathComponent("tmp")
            try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
            for (name, target) in files {
                let part = "\(tmp)/restore-file-\(UUID().uuidString)"
                guard let entry = zip.entry(named: name) else { continue }
                defer { try? FileManager.default.removeItem(atPath: part) }
                try zip.extract(entry, to: part)
                try storage.put(target, movingFrom: part)
            }
        }
        return outcome
    }

    /// A restore that would take the account past its limits is refused whole, before writing.
    /// Replace counts the document alone; merge adds what the account does not have yet.
    private func checkLimits(_ contents: BackupContents, owner: User, replace: Bool) throws {
        guard limits != .none else { return }
        if replace {
            if contents.newRowCount(.books) > limits.books { throw AccountLimitExceeded(.books, limit: Int64(limits.books)) }
            if contents.newRowCount(.sentences) > limits.sentences { throw AccountLimitExceeded(.sentences, limit: Int64(limits.sentences)) }
            if contents.noteFileBytes() > limits.storedBytes { throw AccountLimitExceeded(.storage, limit: limits.storedBytes) }
            return
        }
        let have = try store.accountUsage(owner: owner.id)
        let books = contents.newRowCount(.books, existing: try store.ownedIds(.books, owner: owner.id))
        if have.books + books > limits.books { throw AccountLimitExceeded(.books, limit: Int64(limits.books)) }
        let sentences = contents.newRowCount(.sentences, existing: try store.ownedIds(.sentences, owner: owner.id))
        if have.sentences + sentences > limits.sentences { throw AccountLimitExceeded(.sentences, limit: Int64(limits.sentences)) }
        let bytes = contents.noteFileBytes(existing: try store.ownedIds(.notes, owner: owner.id))
        if have.storedBytes + bytes > limits.storedBytes { throw AccountLimitExceeded(.storage, limit: limits.storedBytes) }
    }

    static func invalid(_ p: BackupProblem) -> HTTPError {
        HTTPError(422, "invalid_backup", "백업을 복원할 수 없어요: \(p.path) \(p.message) (The backup cannot be restored: \(p.path) \(p.message).) 아무것도 바뀌지 않았어요. (Nothing was changed.)",
                  fields: [p.path: p.message])
    }
}
