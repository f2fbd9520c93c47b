import Foundation

/// Files kept in the database (`NOTIO_FILE_STORAGE=database`), in chunks of 1 MiB so that no
/// statement carries a whole PDF and memory stays bounded either way.
extension Store {
    static let fileChunkBytes = 1 << 20

    /// Stores the file at `path` under `name` in one transaction (a reader never sees half of it).
    public func putFile(name: String, from path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw DatabaseError(message: "cannot read \(path)") }
        defer { try? handle.close() }
        try database.write { c in
            // From the file's start: a transaction PostgreSQL retries runs this again.
            try handle.seek(toOffset: 0)
            try c.run("DELETE FROM file_chunks WHERE name = ?", [name])
            var seq = 0
            while let chunk = try handle.read(upToCount: Self.fileChunkBytes), !chunk.isEmpty {
                try c.run("INSERT INTO file_chunks (name, seq, data) VALUES (?, ?, ?)", [name, seq, chunk])
                seq += 1
            }
            if seq == 0 { try c.run("INSERT INTO file_chunks (name, seq, data) VALUES (?, 0, ?)", [name, Data()]) }
        }
    }

    /// Writes the file called `name` to `path`; false when there is none.
    public func copyFile(name: String, to path: String) throws -> Bool {
        let count = try database.read { c in try c.first("SELECT count(*) FROM file_chunks WHERE name = ?", [name], { $0.int(0) }) } ?? 0
        guard count > 0 else { return false }
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let out = FileHandle(forWritingAtPath: path) else { throw DatabaseError(message: "cannot write \(path)") }
        defer { try? out.close() }
        // One chunk a statement: a 100 MB PDF never sits in memory whole.
        for seq in 0..<count {
            guard let data = try database.read({ c in try c.first("SELECT data FROM file_chunks WHERE name = ? AND seq = ?", [name, seq], { $0.data(0) }) }) else {
                throw DatabaseError(message: "file \(name) lost chunk \(seq) while it was read")
            }
            try out.write(contentsOf: data)
        }
        return true
    }

    public func fileExists(name: String) throws -> Bool {
        try database.read { c in try c.first("SELECT 1 FROM file_chunks WHERE name = ? AND seq = 0", [name], { _ in true }) } ?? false
    }

    public func deleteFile(name: String) throws {
        try database.write { c in _ = try c.run("DELETE FROM file_chunks WHERE name = ?", [name]) }
    }

    /// Names and sizes of every stored file (for `migrate-db`'s checks).
    public func storedFiles() throws -> [(name: String, bytes: Int)] {
        try database.read { c in
            try c.all("SELECT name, sum(length(data)) FROM file_chunks GROUP BY name ORDER BY name", [], { ($0.string(0), $0.int(1)) })
        }
    }
}
