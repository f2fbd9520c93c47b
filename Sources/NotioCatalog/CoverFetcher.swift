import CCurl
import Foundation
import Synchronization

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
    static let forbiddenAddress = badURL("Covers are not fetched from this machine or a private network.")
}

/// Downloads a cover image once, for the app to store and serve from its own storage, through
/// libcurl:
/// - http and https only (`CURLOPT_PROTOCOLS_STR`), also after redirects, which are followed
///   here one hop at a time (at most `maxRedirects`), each hop checked like the first;
/// - the address of every connection is checked by `policy` in curl's open-socket callback,
///   which sees the exact address curl connects to: the name is resolved once, by curl, and the
///   checked address is the one used (no second lookup to race). Proxies are not used, so the
///   address checked is the cover server's own;
/// - at most `maxBytes`: refused on the declared length, and the download stops as soon as it
///   is exceeded when no length is declared;
/// - the declared type must be an image type (or absent / octet-stream), refused before the
///   body is read; the bytes must start like a JPEG, PNG, GIF or WebP file, and the returned
///   type is the one the bytes show.
public final class CoverFetcher: Sendable {
    public let maxBytes: Int
    let timeout: Double
    let policy: AddressPolicy
    static let maxRedirects = 5

    /// `allowPrivateHosts`: also private networks and this machine (an intranet catalog).
    public convenience init(maxBytes: Int = 5 << 20, timeout: Double = 15, allowPrivateHosts: Bool = false) {
        self.init(maxBytes: maxBytes, timeout: timeout, policy: allowPrivateHosts ? .withPrivateNetworks : .internetOnly)
    }

    public init(maxBytes: Int = 5 << 20, timeout: Double = 15, policy: AddressPolicy) {
        self.maxBytes = maxBytes
        self.timeout = max(1, timeout)
        self.policy = policy
    }

    /// curl_global_init is not thread-safe: once, before any transfer (at the first fetch, not at
    /// start-up: it initialises OpenSSL, megabytes of resident memory an idle server need not hold).
    static let curlReady: Bool = notio_curl_global_init() == CURLE_OK

    public func fetch(_ url: URL) async throws -> (data: Data, contentType: String) {
        _ = Self.curlReady
        let cancelled = CancelFlag()
        // curl blocks: each download runs on a thread of its own, not on the cooperative pool.
        let data: Data = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread { [self] in
                    continuation.resume(with: Result { try self.download(url, cancelled: cancelled) })
                }
            }
        } onCancel: {
            cancelled.set()
        }
        guard let type = ImageType(data) else {
            throw CoverFetchError.notImage("The cover address does not hold a JPEG, PNG, GIF or WebP image.")
        }
        return (data, type.rawValue)
    }

    /// Follows redirects by hand so that each new address is checked before it is asked.
    func download(_ start: URL, cancelled: CancelFlag) throws -> Data {
        var url = start.absoluteString
        for hop in 0...Self.maxRedirects {
            if let problem = Self.problem(with: url) {
                throw CoverFetchError.badURL(hop == 0 ? problem : "The cover address redirects somewhere it may not: \(problem)")
            }
            let outcome: Transfer.Outcome
            do {
                outcome = try Transfer(maxBytes: maxBytes, policy: policy, cancelled: cancelled).run(url, timeout: timeout)
            } catch let error as CoverFetchError where hop > 0 && error == .forbiddenAddress {
                throw CoverFetchError.badURL("The cover address redirects somewhere it may not: \(error.message)")
            }
            switch outcome {
            case .body(let data): return data
            case .redirect(let next): url = next
            }
        }
        throw CoverFetchError.unavailable("The cover address redirects too many times.")
    }

    /// Why `url` may not be asked at all, or nil.
    static func problem(with url: String) -> String? {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "Covers are fetched only over http or https."
        }
        guard let host = parts.host, !host.isEmpty else { return "The cover address has no host." }
        return nil
    }
}

/// Set when the Swift task that waits for a download is cancelled; curl's progress callback reads it.
final class CancelFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .relaxed) }
    var isSet: Bool { value.load(ordering: .relaxed) }
}

/// One request on one curl handle, used by one thread; the C callbacks reach it through their
/// user-data pointers.
final class Transfer {
    enum Outcome { case body(Data), redirect(String) }

    let maxBytes: Int
    let policy: AddressPolicy
    let cancelled: CancelFlag
    var body = Data()
    var received = 0
    var status = 0
    var isRedirect = false
    /// Why the transfer was stopped by us, if it was.
    var failure: CoverFetchError?
    /// The policy refused an address curl wanted to connect to.
    var refusedAddress = false
    var host = "?"
    /// The curl handle while `run` performs the request.
    var handle: UnsafeMutableRawPointer?

    init(maxBytes: Int, policy: AddressPolicy, cancelled: CancelFlag) {
        self.maxBytes = maxBytes; self.policy = policy; self.cancelled = cancelled
    }

    func run(_ url: String, timeout: Double) throws -> Outcome {
        guard let handle = curl_easy_init() else { throw CoverFetchError.unavailable("The cover could not be downloaded.") }
        self.handle = handle
        defer { curl_easy_cleanup(handle); self.handle = nil }
        host = URLComponents(string: url)?.host ?? "?"
        let me = Unmanaged.passUnretained(self).toOpaque()
        let headers = curl_slist_append(nil, "Accept: image/*")
        defer { curl_slist_free_all(headers) }
        var ok = true
        func check(_ code: CURLcode) { if code != CURLE_OK { ok = false } }
        check(notio_curl_set_string(handle, CURLOPT_URL, url))
        check(notio_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
        check(notio_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0))
        check(notio_curl_set_string(handle, CURLOPT_PROXY, ""))
        check(notio_curl_set_long(handle, CURLOPT_NOSIGNAL, 1))
        check(notio_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Int(timeout * 1000)))
        check(notio_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(timeout * 1000)))
        check(notio_curl_set_string(handle, CURLOPT_USERAGENT, CatalogHTTP.userAgent))
        check(notio_curl_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headers)))
        check(notio_curl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBytes)))
        check(notio_curl_set_opensocket(handle, { clientp, _, address in
            guard let clientp, let address else { return CURL_SOCKET_BAD }
            return Unmanaged<Transfer>.fromOpaque(clientp).takeUnretainedValue().openSocket(address)
        }))
        check(notio_curl_set_pointer(handle, CURLOPT_OPENSOCKETDATA, me))
        check(notio_curl_set_write(handle, CURLOPT_HEADERFUNCTION, { buffer, size, count, userdata in
            guard let userdata else { return 0 }
            return Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue().header(buffer, size * count)
        }))
        check(notio_curl_set_pointer(handle, CURLOPT_HEADERDATA, me))
        check(notio_curl_set_write(handle, CURLOPT_WRITEFUNCTION, { buffer, size, count, userdata in
            guard let userdata else { return 0 }
            return Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue().write(buffer, size * count)
        }))
        check(notio_curl_set_pointer(handle, CURLOPT_WRITEDATA, me))
        check(notio_curl_set_xferinfo(handle, { clientp, _, _, _, _ in
            guard let clientp else { return 1 }
            return Unmanaged<Transfer>.fromOpaque(clientp).takeUnretainedValue().cancelled.isSet ? 1 : 0
        }))
        check(notio_curl_set_pointer(handle, CURLOPT_XFERINFODATA, me))
        check(notio_curl_set_long(handle, CURLOPT_NOPROGRESS, 0))
        guard ok else { throw CoverFetchError.unavailable("The cover could not be downloaded.") }

        let code = curl_easy_perform(handle)
        if cancelled.isSet { throw CancellationError() }
        if let failure { throw failure }
        if refusedAddress && code != CURLE_OK { throw CoverFetchError.forbiddenAddress }
        switch code {
        case CURLE_OK:
            break
        case CURLE_FILESIZE_EXCEEDED:
            throw CoverFetchError.tooLarge(maxBytes)
        case CURLE_OPERATION_TIMEDOUT:
            throw CoverFetchError.unavailable("The cover server did not answer in time.")
        case CURLE_UNSUPPORTED_PROTOCOL:
            throw CoverFetchError.badURL("Covers are fetched only over http or https.")
        default:
            throw CoverFetchError.unavailable("The cover server could not be reached (\(host)).")
        }
        if isRedirect {
            guard let next = notio_curl_redirect_url(handle) else {
                throw CoverFetchError.unavailable("The cover server answered HTTP \(status) without an address.")
            }
            return .redirect(String(cString: next))
        }
        return .body(body)
    }

    /// curl's open-socket callback: the one place a connection is made, so the one place the
    /// address is checked.
    func openSocket(_ address: UnsafeMutablePointer<curl_sockaddr>) -> curl_socket_t {
        var bytes = [UInt8](repeating: 0, count: 16)
        var port: Int32 = 0
        let family = notio_curl_peer(address, &bytes, &port)
        let peer = PeerAddress(bytes: family == AF_INET ? Array(bytes.prefix(4)) : bytes, port: Int(port))
        guard family != 0, policy.permits(peer) else {
            refusedAddress = true
            return CURL_SOCKET_BAD
        }
        return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
    }

    /// One header line. At the blank line that ends the headers, the answer is judged before
    /// any of its body is read; returning less than `count` stops the transfer.
    func header(_ buffer: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard count <= 2, let handle else { return count }
        status = notio_curl_response_code(handle)
        switch status {
        case 100..<200:
            return count
        case 300..<400:
            isRedirect = true
            return count
        case 200..<300:
            if let declared = notio_curl_header(handle, "Content-Type") {
                let type = String(cString: declared).split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
                if !type.isEmpty, !ImageType.acceptedDeclarations.contains(type) {
                    failure = .notImage("The cover address holds \(type), not an image.")
                    return 0
                }
            }
            return count
        default:
            failure = .unavailable("The cover server answered HTTP \(status).")
            return 0
        }
    }

    /// Body bytes. A redirect's body is counted but not kept; either stops at `maxBytes`.
    func write(_ buffer: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let buffer else { return 0 }
        received += count
        if received > maxBytes {
            failure = .tooLarge(maxBytes)
            body = Data()
            return 0
        }
        if !isRedirect { buffer.withMemoryRebound(to: UInt8.self, capacity: count) { body.append($0, count: count) } }
        return count
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
