import Foundation
import NotioStore

/// Book covers in our own storage: a catalog's cover is downloaded once, named by the hash of
/// its bytes (two books with the same cover share one file), and served from here, so pages
/// never load images from a catalog's server.
struct CoverStorage: Sendable {
    /// Downloads an image: its bytes and content type, or an error.
    typealias Fetch = @Sendable (URL) async throws -> (data: Data, contentType: String)

    let files: FileStorage
    /// A folder for a download on its way in.
    let scratch: String
    let store: Store
    let limits: AccountLimits
    let fetch: Fetch
    /// Counts downloads in flight, so tests can wait for them.
    let pending = PendingCounter()

    init(files: FileStorage, scratch: String, store: Store, limits: AccountLimits = .none, fetch: @escaping Fetch) throws {
        self.files = files
        self.scratch = scratch
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        self.store = store
        self.limits = limits
        self.fetch = fetch
    }

    /// Starts downloading a book's cover; a failure leaves the book without one (the page draws
    /// a cover from the title).
    func fetchLater(bookId: String, owner: String, url: String) {
        guard let url = URL(string: url) else { return }
        pending.add()
        Task.detached { [self] in
            defer { pending.done() }
            guard let (data, type) = try? await fetch(url) else { return }
            try? save(data, contentType: type, bookId: bookId, owner: owner)
        }
    }

    /// Stores an image for a book and records it; an account whose storage is full gets none
    /// (`AccountLimitExceeded`), and the page draws a cover from the title.
    func save(_ data: Data, contentType: String, bookId: String, owner: String) throws {
        try store.checkRoom(owner: owner, bytes: Int64(data.count), within: limits)
        let ext = contentType.contains("png") ? "png" : contentType.contains("gif") ? "gif" : contentType.contains("webp") ? "webp" : "jpg"
        let name = Crypto.sha256Hex(data) + "." + ext
        if !files.exists(FileStorage.cover(name)) { try files.put(FileStorage.cover(name), data: data, scratch: scratch) }
        try store.setBookCover(id: bookId, owner: owner, file: name, bytes: data.count)
    }

    /// The stored file for a name the store gave, never a path outside the folder.
    func path(of name: String) -> String? {
        guard !name.contains("/") else { return nil }
        return (try? files.localPath(FileStorage.cover(name))) ?? nil
    }

    func remove(_ name: String) {
        guard !name.contains("/") else { return }
        files.remove(FileStorage.cover(name))
    }

    static func contentType(ofFile name: String) -> String {
        switch (name as NSString).pathExtension {
        case "png": "image/png"
        case "gif": "image/gif"
        case "webp": "image/webp"
        default: "image/jpeg"
        }
    }
}

/// A count of pieces of background work, with a way to wait until none is left.
final class PendingCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() { lock.lock(); count += 1; lock.unlock() }
    func done() { lock.lock(); count -= 1; lock.unlock() }
    var isIdle: Bool { lock.lock(); defer { lock.unlock() }; return count == 0 }
}
