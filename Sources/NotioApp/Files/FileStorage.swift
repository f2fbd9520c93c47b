import Foundation
import NotioStore

/// Where lasting files live: lecture PDFs (`notes/ID.pdf`) and book covers (`covers/NAME`).
/// Every node must see the same files, so they are either in a folder every node mounts
/// (`directory`, the default: `DATA_DIR/files`), or in the database (`database`), from which a
/// node copies a file into its own cache when it needs a path (the PDF worker reads a file).
/// Names never change content: a note's PDF is written once, a cover is named by its hash, so a
/// cached copy is never stale.
struct FileStorage: Sendable {
    enum Place: Sendable { case directory(String), database(Store, cache: String) }
    let place: Place

    init(config: Configuration, store: Store) throws {
        if config.fileStorage == "database" {
            let cache = (config.dataDirectory as NSString).appendingPathComponent("cache")
            try FileManager.default.createDirectory(atPath: cache + "/notes", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: cache + "/covers", withIntermediateDirectories: true)
            place = .database(store, cache: cache)
        } else {
            let root = config.resolvedFilesDirectory
            try FileManager.default.createDirectory(atPath: root + "/notes", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root + "/covers", withIntermediateDirectories: true)
            place = .directory(root)
        }
    }

    static func notePDF(_ noteId: String) -> String { "notes/\(noteId).pdf" }
    static func cover(_ name: String) -> String { "covers/\(name)" }

    /// A name the store gave is a file name, never a path out of the folder.
    private static func isSafe(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && ["notes", "covers"].contains(parts[0]) && !parts[1].isEmpty && !parts[1].hasPrefix(".")
    }

    /// Moves a finished temporary file in under `name`. In a folder it is renamed in (copied
    /// when the folder is on another file system, then renamed): a reader never sees half a file.
    func put(_ name: String, movingFrom source: String) throws {
        guard Self.isSafe(name) else { throw CocoaError(.fileWriteInvalidFileName) }
        switch place {
        case .directory(let root):
            let target = "\(root)/\(name)"
            if rename(source, target) == 0 { return }
            let part = target + ".part-\(UUID().uuidString)"
            try FileManager.default.copyItem(atPath: source, toPath: part)
            guard rename(part, target) == 0 else {
                try? FileManager.default.removeItem(atPath: part)
                throw CocoaError(.fileWriteUnknown)
            }
            try? FileManager.default.removeItem(atPath: source)
        case .database(let store, _):
            try store.putFile(name: name, from: source)
            try? FileManager.default.removeItem(atPath: source)
        }
    }

    /// Stores bytes under `name`.
    func put(_ name: String, data: Data, scratch: String) throws {
        let temporary = "\(scratch)/file-\(UUID().uuidString)"
        try data.write(to: URL(fileURLWithPath: temporary))
        do { try put(name, movingFrom: temporary) } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }

    /// A path to read the file from, or nil when there is no such file.
    func localPath(_ name: String) throws -> String? {
        guard Self.isSafe(name) else { return nil }
        switch place {
        case .directory(let root):
            let path = "\(root)/\(name)"
            return FileManager.default.fileExists(atPath: path) ? path : nil
        case .database(let store, let cache):
            let path = "\(cache)/\(name)"
            if FileManager.default.fileExists(atPath: path) { return path }
            let part = path + ".part-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: part) }
            guard try store.copyFile(name: name, to: part) else { return nil }
            guard rename(part, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
            return path
        }
    }

    func exists(_ name: String) -> Bool {
        guard Self.isSafe(name) else { return false }
        switch place {
        case .directory(let root): return FileManager.default.fileExists(atPath: "\(root)/\(name)")
        case .database(let store, let cache):
            return FileManager.default.fileExists(atPath: "\(cache)/\(name)") || ((try? store.fileExists(name: name)) ?? false)
        }
    }

    func remove(_ name: String) {
        guard Self.isSafe(name) else { return }
        switch place {
        case .directory(let root):
            try? FileManager.default.removeItem(atPath: "\(root)/\(name)")
        case .database(let store, let cache):
            try? store.deleteFile(name: name)
            try? FileManager.default.removeItem(atPath: "\(cache)/\(name)")
        }
    }
}
