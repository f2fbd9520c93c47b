import Foundation

/// The files under `Public/`, loaded once and served from memory under `/static/`, each also
/// under a name carrying its content hash (`css/app.3f2a1b9c0d.css`) that can be cached forever.
public struct StaticFiles: Sendable {
    struct Entry: Sendable {
        var data: Data
        var contentType: String
        var hash: String
        var hashedPath: String
    }

    private var byPath: [String: Entry] = [:]
    private var byHashedPath: [String: Entry] = [:]

    /// Reads every regular file under `directory` (hidden files excepted).
    public init(directory: String) throws {
        let root = URL(fileURLWithPath: directory).standardizedFileURL
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                   options: [.skipsHiddenFiles])
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        while let url = files?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(prefix) else { continue }
            let path = String(full.dropFirst(prefix.count))
            let data = try Data(contentsOf: url)
            let hash = Self.hash(data)
            let entry = Entry(data: data, contentType: Self.contentType(for: path), hash: hash,
                              hashedPath: Self.hashedPath(path, hash: hash))
            byPath[path] = entry
            byHashedPath[entry.hashedPath] = entry
        }
    }

    /// The URL to link to: `css/app.css` → `/static/css/app.3f2a1b9c0d.css`; an unknown path
    /// → `/static/<path>`.
    public func url(for path: String) -> String {
        "/static/" + (byPath[path]?.hashedPath ?? path)
    }

    /// A file by its plain path (for `sw.js` and the manifest, which must keep a stable URL).
    public func file(_ path: String) -> (data: Data, contentType: String, etag: String)? {
        byPath[path].map { ($0.data, $0.contentType, "\"\($0.hash)\"") }
    }

    /// Answers a request for `path` (the part after `/static/`), hashed or plain; nil when there is
    /// no such file. Hashed names are immutable; plain names must be revalidated.
    public func response(for request: Request, path: String) -> Response? {
        let entry: Entry
        let immutable: Bool
        if let e = byHashedPath[path] { entry = e; immutable = true }
        else if let e = byPath[path] { entry = e; immutable = false }
        else { return nil }
        let etag = "\"\(entry.hash)\""
        var headers = Headers([("ETag", etag),
                               ("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache")])
        if let match = request.headers["If-None-Match"], Self.matches(match, etag: etag) {
            return Response(status: 304, headers: headers)
        }
        headers.add("Content-Type", entry.contentType)
        return Response(status: 200, headers: headers, body: .bytes(entry.data))
    }

    static func matches(_ header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { item in
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }

    /// `css/app.css` → `css/app.<hash>.css`; a name without extension gets `.<hash>` appended.
    static func hashedPath(_ path: String, hash: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        if let dot = path[slash...].lastIndex(of: "."), dot > slash {
            return path[..<dot] + "." + hash + path[dot...]
        }
        return path + "." + hash
    }

    /// 64-bit FNV-1a, first 10 hex digits: enough to tell versions of one file apart.
    static func hash(_ data: Data) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(h, radix: 16)
        return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(10))
    }

    static func contentType(for path: String) -> String {
        switch path.split(separator: ".").last.map({ $0.lowercased() }) ?? "" {
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "webmanifest": return "application/manifest+json"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "ico": return "image/x-icon"
        case "html": return "text/html; charset=utf-8"
        case "woff2": return "font/woff2"
        case "txt": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }
}
