import Foundation
import NotioCodecs
import NotioCore
import NotioStore

/// `notio migrate-db --from sqlite:PATH --to postgres://...`: moves a one-machine Notio onto
/// PostgreSQL. Every row is copied in one transaction (a failure leaves the target empty), then
/// the files if asked, then both sides are read again and compared table by table, by count and
/// by a SHA-256 of the rows. A target that holds anything is refused: nothing is ever merged
/// into or written over.
enum MigrateCommand {
    static let usage = "notio migrate-db --from sqlite:PATH --to postgres://USER@HOST/DB [--files-to database|DIR] [--files-from DIR]"

    static func run(_ arguments: [String], out: (String) -> Void = { print($0); fflush(nil) }) throws -> Int32 {
        var options: [String: String] = [:]
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            guard ["--from", "--to", "--files-to", "--files-from"].contains(a), i + 1 < arguments.count else {
                throw ConfigurationError(description: "unknown or incomplete option \(a)\nusage: \(usage)")
            }
            options[a] = arguments[i + 1]
            i += 2
        }
        guard let from = options["--from"], from.hasPrefix("sqlite:") else { throw ConfigurationError(description: "--from sqlite:PATH is required\nusage: \(usage)") }
        guard let to = options["--to"], Store.isPostgresURL(to) else { throw ConfigurationError(description: "--to postgres://... is required\nusage: \(usage)") }

        // PATH is the data folder or its notio.sqlite3.
        var path = String(from.dropFirst("sqlite:".count))
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw ConfigurationError(description: "no such file or folder: \(path)") }
        if !isFolder.boolValue { path = (path as NSString).deletingLastPathComponent }
        guard FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("notio.sqlite3")) else {
            throw ConfigurationError(description: "no notio.sqlite3 in \(path)")
        }
        let source = try Store(directory: path)
        let target = try Store(directory: path, databaseURL: to, poolSize: 2)
        if try target.holdsData() {
            out("migrate-db: refused: \(target.database.location) already holds data. Move into a new, empty database (createdb); nothing was written.")
            return 1
        }
        out("copying \(source.database.location) → \(target.database.location)")
        let copying = try ContinuousClock().measure {
            _ = try source.copyEverything(to: target) { table, rows in out("  \(table.padding(toLength: 18, withPad: " ", startingAt: 0)) \(rows) rows") }
        }
        out(String(format: "rows copied in %.1f s", Double(copying.components.seconds) + Double(copying.components.attoseconds) / 1e18))

        var filesMatch = true
        if let filesTo = options["--files-to"] {
            let filesFrom = options["--files-from"] ?? (path as NSString).appendingPathComponent("files")
            filesMatch = try copyFiles(from: filesFrom, to: filesTo, target: target, out: out)
        } else {
            out("files: left where they are; every node must see them (NOTIO_FILES_DIR), or move them with --files-to database|DIR")
        }

        out("checking:")
        var allMatch = filesMatch
        // Files moved into the database were checked one by one above.
        let skipped: Set<String> = options["--files-to"] == "database" ? ["file_chunks"] : []
        for check in try source.compareEverything(with: target, skipping: skipped) {
            let verdict = check.matches ? "ok" : "DIFFERENT"
            out("  \(check.table.padding(toLength: 18, withPad: " ", startingAt: 0)) \(check.sourceRows) → \(check.targetRows) rows  sha256 \(check.targetDigest.prefix(16))  \(verdict)")
            if !check.matches { allMatch = false }
        }
        out(allMatch ? "migrate-db: done; start the nodes with NOTIO_DATABASE_URL set to the target" : "migrate-db: the copy differs from the source (see above)")
        return allMatch ? 0 : 1
    }

    /// Copies `notes/` and `covers/` into the database or a folder, and checks each copy's bytes.
    static func copyFiles(from folder: String, to destination: String, target: Store, out: (String) -> Void) throws -> Bool {
        var names: [String] = []
        for sub in ["notes", "covers"] {
            let dir = (folder as NSString).appendingPathComponent(sub)
            for file in ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() where !file.hasPrefix(".") && !file.contains(".part-") {
                names.append("\(sub)/\(file)")
            }
        }
        var ok = true
        for name in names {
            let source = (folder as NSString).appendingPathComponent(name)
            let original = try Data(contentsOf: URL(fileURLWithPath: source))
            let copy: Data
            if destination == "database" {
                try target.putFile(name: name, from: source)
                let back = NSTemporaryDirectory() + "notio-migrate-\(UUID().uuidString)"
                defer { try? FileManager.default.removeItem(atPath: back) }
                _ = try target.copyFile(name: name, to: back)
                copy = (try? Data(contentsOf: URL(fileURLWithPath: back))) ?? Data()
            } else {
                let path = (destination as NSString).appendingPathComponent(name)
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                if !FileManager.default.fileExists(atPath: path) { try FileManager.default.copyItem(atPath: source, toPath: path) }
                copy = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            }
            if SHA256.digest(Array(copy)) != SHA256.digest(Array(original)) {
                out("  file \(name): DIFFERENT")
                ok = false
            }
        }
        out("files: \(names.count) copied to \(destination == "database" ? "the database" : destination)\(ok ? ", bytes checked" : "")")
        return ok
    }
}
