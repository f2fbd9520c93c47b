import CMicroHTTPD
import Foundation
import Synchronization

/// The state of one request while libmicrohttpd works on it, held through `con_cls` from the
/// first call of the access handler until the completed callback. Used only from the MHD thread
/// that owns the connection, except `asyncResult`, which a Task fills.
final class Exchange: @unchecked Sendable {
    enum BodyMode { case none, raw, urlEncoded, multipart, spool, discard }
    /// `draining`: the answer went out while the body was still arriving (a chunked body past its
    /// limit); the rest is read and dropped, up to `drainAllowance`, then the connection closes.
    enum Phase { case receiving, running, resumed, answered, draining }

    /// How much of a refused chunked body is still read after the answer, so that the client
    /// sees the answer before the connection closes under it.
    static let drainAllowance = 4 << 20

    let id: UInt64
    let startNanos: UInt64
    let method: String
    let path: String
    var headers = Headers()
    var query: [String: String] = [:]
    var cookieHeader: String?
    var contentType: String?
    var contentLength: Int?
    /// Every Content-Length field as sent, and whether Transfer-Encoding was sent: together they
    /// say whether the body's framing is unambiguous.
    var contentLengthFields: [String] = []
    var hasTransferEncoding = false
    var remoteAddress = ""

    var route: Route?
    var parameters: [String: String] = [:]
    var allowed: [String] = []
    /// Set when the request is to be answered with an error instead of its handler.
    var failure: (any Error)?
    /// What to answer once the body passes `limit` (the route's 413 when nil).
    var tooLargeAnswer: (any Error)?
    var status = 0
    var phase = Phase.receiving

    // Body.
    var mode = BodyMode.none
    var limit = 1 << 20
    var received = 0
    var raw = Data()
    var postProcessor: OpaquePointer?
    var fieldBytes: [String: [UInt8]] = [:]
    var form = FormLimits.standard
    /// Parts of a multipart body seen so far, and the bytes of its text fields together.
    var partCount = 0
    var textBytes = 0
    /// Whether file parts may go to disk (the route admitted a signed-in reader).
    var writesFiles = true
    var files: [UploadedFile] = []
    var fileFD: Int32 = -1
    var uploadDirectory = ""
    var tempPaths: [String] = []

    /// The response of an async handler, filled by its Task before the connection is resumed.
    let asyncResult = Mutex<Response?>(nil)
    /// True while this exchange counts in the server's suspended connections.
    var countedSuspended = false
    /// The connection's slow-client watch (nil when the watch is off).
    var watch: SlowClients.Connection?

    /// Whether the request comes with a body: a Content-Length above zero, or Transfer-Encoding.
    var carriesBody: Bool { (contentLength ?? 0) > 0 || hasTransferEncoding }

    /// A body held in memory is kept to `bytes`: past it, the plain 413 of that limit.
    func limitInMemory(_ bytes: Int) {
        if bytes < limit { limit = bytes; tooLargeAnswer = nil }
    }

    init(id: UInt64, startNanos: UInt64, method: String, path: String) {
        self.id = id; self.startNanos = startNanos; self.method = method; self.path = path
    }

    /// Why the body's length cannot be trusted, or nil. Two different Content-Length fields, a
    /// value that is not a plain number, or Content-Length beside Transfer-Encoding: a proxy in
    /// front may read the body's end elsewhere than we do (request smuggling, RFC 9112 §6.3),
    /// so such a request is refused before its body is read and the connection is closed.
    var framingProblem: HTTPError? {
        let values = contentLengthFields.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !values.isEmpty else { return nil }
        if values.contains(where: { Int($0) == nil || !$0.utf8.allSatisfy { (48...57).contains($0) } }) {
            return .badRequest("The Content-Length header is not a number.")
        }
        // Identical repeats say the same thing; RFC 9110 §8.6 lets a recipient accept them.
        if Set(values).count > 1 { return .badRequest("The request has conflicting Content-Length headers.") }
        if hasTransferEncoding { return .badRequest("The request has both Content-Length and Transfer-Encoding.") }
        return nil
    }

    /// Takes one chunk of the body. Past the limit the body is no longer kept, only counted.
    func consume(_ bytes: UnsafePointer<CChar>, count: Int) {
        received += count
        if received > limit {
            if failure == nil { failure = tooLargeAnswer ?? HTTPError.tooLarge(limit: limit) }
            if mode != .discard { abandonBody() }
            return
        }
        switch mode {
        case .none, .discard:
            break
        case .raw, .urlEncoded:
            bytes.withMemoryRebound(to: UInt8.self, capacity: count) { raw.append($0, count: count) }
        case .spool:
            if fileFD < 0, !startFile(field: "body", fileName: "", contentType: contentType ?? "application/octet-stream") {
                failure = HTTPError.uploadFailed()
                abandonBody()
            } else if !writeToFile(bytes, count) {
                failure = HTTPError.uploadFailed()
                abandonBody()
            }
        case .multipart:
            if MHD_post_process(postProcessor, bytes, count) == MHD_Result.NO {
                if failure == nil { failure = HTTPError.formUnreadable() }
                abandonBody()
            }
        }
    }

    /// The body as the handler sees it; called once, after the last chunk.
    func finishBody() -> RequestBody {
        switch mode {
        case .none, .discard:
            return .none
        case .raw:
            return raw.isEmpty && contentLength == nil ? .none : .bytes(raw)
        case .urlEncoded:
            let fields = FormDecoding.urlEncoded(raw)
            raw = Data()
            guard fields.count <= form.maxFields else {
                failure = HTTPError.tooManyFields(form.maxFields)
                return .none
            }
            return .form(fields: fields, files: [])
        case .spool:
            closeFile()
            return files.first.map { .file($0) } ?? .none
        case .multipart:
            let complete = MHD_destroy_post_processor(postProcessor) == MHD_Result.YES
            postProcessor = nil
            closeFile()
            if !complete {
                if failure == nil { failure = HTTPError.formUnreadable() }
                return .none
            }
            var fields: [String: String] = [:]
            for (name, bytes) in fieldBytes { fields[name] = String(decoding: bytes, as: UTF8.self) }
            return .form(fields: fields, files: files)
        }
    }

    /// Stops keeping the body: files already written are deleted, later chunks are counted only.
    func abandonBody() {
        if let pp = postProcessor { _ = MHD_destroy_post_processor(pp); postProcessor = nil }
        closeFile()
        removeTempFiles()
        files = []; fieldBytes = [:]; raw = Data()
        mode = .discard
    }

    func removeTempFiles() {
        for path in tempPaths { unlink(path) }
        tempPaths = []
    }

    func closeFile() {
        if fileFD >= 0 { close(fileFD); fileFD = -1 }
    }

    /// Called when the request is over, whatever happened.
    func release() {
        if let pp = postProcessor { _ = MHD_destroy_post_processor(pp); postProcessor = nil }
        closeFile()
        removeTempFiles()
    }

    // MARK: multipart parts

    /// One piece of one part, from the post processor. Text fields stay in memory, at most
    /// `form.maxFields` of them holding `form.maxBytes` together; file parts go to a new
    /// temporary file, chunk by chunk, when the route admitted files.
    func part(name: String, fileName: UnsafePointer<CChar>?, contentType: UnsafePointer<CChar>?,
              data: UnsafePointer<CChar>?, offset: UInt64, size: Int) -> Bool {
        if offset == 0 {
            partCount += 1
            if partCount > form.maxFields {
                failure = HTTPError.tooManyFields(form.maxFields)
                return false
            }
        }
        if let fileName {
            if offset == 0 {
                closeFile()
                guard writesFiles else {
                    failure = HTTPError.formUnreadable()
                    return false
                }
                guard startFile(field: name, fileName: String(cString: fileName),
                                contentType: contentType.map { String(cString: $0) } ?? "application/octet-stream") else {
                    failure = HTTPError.uploadFailed()
                    return false
                }
            }
            guard fileFD >= 0, let data, size > 0 else { return true }
            guard writeToFile(data, size) else {
                failure = HTTPError.uploadFailed()
                return false
            }
            return true
        }
        if offset == 0, fieldBytes[name] == nil { fieldBytes[name] = [] }
        guard let data, size > 0 else { return true }
        textBytes += size
        if textBytes > form.maxBytes {
            failure = HTTPError.tooLarge(limit: form.maxBytes)
            return false
        }
        data.withMemoryRebound(to: UInt8.self, capacity: size) {
            fieldBytes[name, default: []].append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
        }
        return true
    }

    /// Appends to the file being received (the last of `files`).
    private func writeToFile(_ data: UnsafePointer<CChar>, _ size: Int) -> Bool {
        var written = 0
        while written < size {
            let n = write(fileFD, data + written, size - written)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += n
        }
        files[files.count - 1].size += size
        return true
    }

    private func startFile(field: String, fileName: String, contentType: String) -> Bool {
        var template = Array("\(uploadDirectory)/notio-upload-\(id)-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return false }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        fileFD = fd
        tempPaths.append(path)
        files.append(UploadedFile(fieldName: field, fileName: fileName, contentType: contentType, path: path, size: 0))
        return true
    }
}
