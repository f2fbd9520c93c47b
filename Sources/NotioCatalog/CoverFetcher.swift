import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a cover could not be fetched. The book is saved without a cover either way; `code` is for
/// logs and for the API when the reader gave the address (422 for the first three, 502 else).
public struct CoverFetchError: Error, Sendable, Hashable {
    /// `cover_bad_url`, `cover_too_large`, `cover_not_image`, `cover_unavailable`.
    public var code: String
    public var message: String

    static func badURL(_ why: String) -> Self { .init(code: "cover_bad_url", message: why) }
    static func tooLarge(_ limit: Int) -> Self { .init(code: "cover_too_large", message: "The cover is larger than \(limit / 1_048_576) MB.") }
    static func notImage(_ why: String) -> Self { .init(code: "cover_not_image", message: why) }
    static func unavailable(_ why: String) -> Self { .init(code: "cover_unavailable", message: why) }
}

/// Downloads a cover image once, for the app to store and serve from its own storage.
///
/// Only http(s), also after redirects (swift-corelibs-foundation itself rewrites a redirect to
/// another scheme into a request for the same path on the same http host); at most `maxBytes` (the download stops as soon as it is
/// exceeded, whatever Content-Length says); the declared type must be an image type (or absent /
/// octet-stream), and the bytes must start like a JPEG, PNG, GIF or WebP file: the returned type
/// is the one the bytes show. Addresses of this machine and private networks written as
/// `localhost` or an IP literal are refused unless `allowPrivateHosts` (names that resolve to
/// such addresses are not checked).
public final class CoverFetcher: Sendable {
    public let maxBytes: Int
    private let session: URLSession
    private let downloads: Downloads

    public init(maxBytes: Int = 5 << 20, timeout: Double = 15, allowPrivateHosts: Bool = false) {
        self.maxBytes = maxBytes
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = max(1, timeout)
        configuration.timeoutIntervalForResource = max(1, timeout) * 2
        configuration.httpAdditionalHeaders = ["User-Agent": CatalogHTTP.userAgent, "Accept": "image/*"]
        downloads = Downloads(maxBytes: maxBytes, allowPrivateHosts: allowPrivateHosts)
        // The session keeps its delegate until invalidated, which deinit does.
        session = URLSession(configuration: configuration, delegate: downloads, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    public func fetch(_ url: URL) async throws -> (data: Data, contentType: String) {
        if let problem = downloads.problem(with: url) { throw CoverFetchError.badURL(problem) }
        let task = session.dataTask(with: URLRequest(url: url))
        let data: Data = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                downloads.begin(task, continuation)
            }
        } onCancel: {
            downloads.cancel(task)
        }
        guard let type = ImageType(data) else {
            throw CoverFetchError.notImage("The cover address does not hold a JPEG, PNG, GIF or WebP image.")
        }
        return (data, type.rawValue)
    }
}

/// What the first bytes of a file say it is.
enum ImageType: String {
    case jpeg = "image/jpeg", png = "image/png", gif = "image/gif", webp = "image/webp"

    init?(_ data: Data) {
        let b = [UInt8](data.prefix(12))
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { self = .gif }
        else if b.count == 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { self = .webp }
        else { return nil }
    }

    /// Declared types that may hold one of these images; the bytes decide which.
    static let acceptedDeclarations: Set<String> = [
        "image/jpeg", "image/jpg", "image/pjpeg", "image/png", "image/gif", "image/webp",
        "application/octet-stream", "binary/octet-stream",
    ]
}

/// The session's delegate: one entry per running download, keyed by task identifier.
private final class Downloads: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Download {
        var continuation: CheckedContinuation<Data, Error>
        var data = Data()
        /// Set before cancelling the task, to report why instead of "cancelled".
        var failure: CoverFetchError?
    }

    let maxBytes: Int
    let allowPrivateHosts: Bool
    private let lock = NSLock()
    private var running: [Int: Download] = [:]
    /// Tasks whose Swift task was cancelled before they began.
    private var cancelledEarly: Set<Int> = []

    init(maxBytes: Int, allowPrivateHosts: Bool) {
        self.maxBytes = maxBytes
        self.allowPrivateHosts = allowPrivateHosts
    }

    func begin(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<Data, Error>) {
        lock.lock()
        if cancelledEarly.remove(task.taskIdentifier) != nil {
            lock.unlock()
            return continuation.resume(throwing: CancellationError())
        }
        running[task.taskIdentifier] = Download(continuation: continuation)
        lock.unlock()
        task.resume()
    }

    /// Cancels one download (never many at once: mass cancellation can deadlock
    /// swift-corelibs-foundation).
    func cancel(_ task: URLSessionDataTask) {
        lock.lock()
        let started = running[task.taskIdentifier] != nil
        if !started { cancelledEarly.insert(task.taskIdentifier) }
        lock.unlock()
        if started { task.cancel() }
    }

    /// Why `url` may not be fetched, or nil.
    func problem(with url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "Covers are fetched only over http or https."
        }
        guard let host = url.host, !host.isEmpty else { return "The cover address has no host." }
        if !allowPrivateHosts && isPrivate(host: host) { return "Covers are not fetched from this machine or a private network." }
        return nil
    }

    private func fail(_ task: URLSessionTask, _ failure: CoverFetchError) {
        lock.lock()
        running[task.taskIdentifier]?.failure = failure
        lock.unlock()
        task.cancel()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        if let url = request.url, let problem = problem(with: url) {
            completionHandler(nil)
            fail(task, .badURL("The cover address redirects somewhere it may not: \(problem)"))
        } else {
            completionHandler(request)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse else { return completionHandler(.allow) }
        var failure: CoverFetchError?
        if !(200..<300).contains(http.statusCode) {
            failure = .unavailable("The cover server answered HTTP \(http.statusCode).")
        } else if http.expectedContentLength > Int64(maxBytes) {
            failure = .tooLarge(maxBytes)
        } else if let declared = http.mimeType?.lowercased(), !ImageType.acceptedDeclarations.contains(declared) {
            failure = .notImage("The cover address holds \(declared), not an image.")
        }
        if let failure {
            lock.lock()
            running[dataTask.taskIdentifier]?.failure = failure
            lock.unlock()
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        guard var download = running[dataTask.taskIdentifier], download.failure == nil else { lock.unlock(); return }
        download.data.append(data)
        let tooLarge = download.data.count > maxBytes
        if tooLarge {
            download.failure = .tooLarge(maxBytes)
            download.data = Data()
        }
        running[dataTask.taskIdentifier] = download
        lock.unlock()
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let download = running.removeValue(forKey: task.taskIdentifier)
        lock.unlock()
        guard let download else { return }
        if let failure = download.failure {
            download.continuation.resume(throwing: failure)
        } else if let error {
            if (error as? URLError)?.code == .cancelled {
                download.continuation.resume(throwing: CancellationError())
            } else if (error as? URLError)?.code == .timedOut {
                download.continuation.resume(throwing: CoverFetchError.unavailable("The cover server did not answer in time."))
            } else {
                download.continuation.resume(throwing: CoverFetchError.unavailable("The cover server could not be reached (\(task.originalRequest?.url?.host ?? "?"))."))
            }
        } else if let status = (task.response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
            download.continuation.resume(throwing: CoverFetchError.unavailable("The cover server answered HTTP \(status)."))
        } else {
            download.continuation.resume(returning: download.data)
        }
    }
}

/// True for `localhost` and IP literals of loopback, private, link-local and unspecified ranges.
func isPrivate(host: String) -> Bool {
    var host = host.lowercased()
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host == "localhost" || host.hasSuffix(".localhost") { return true }
    let octets = host.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
    if octets.count == 4, octets.allSatisfy({ $0 != nil && (0...255).contains($0!) }) {
        let a = octets[0]!, b = octets[1]!
        return a == 0 || a == 10 || a == 127 || (a == 169 && b == 254) || (a == 172 && (16...31).contains(b))
            || (a == 192 && b == 168) || (a == 100 && (64...127).contains(b))
    }
    if host.contains(":") {
        return host == "::1" || host == "::" || host.hasPrefix("fc") || host.hasPrefix("fd") || host.hasPrefix("fe80")
            || host.hasPrefix("::ffff:")
    }
    return false
}
