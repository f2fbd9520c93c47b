import CMicroHTTPD
import Foundation
import Synchronization

/// The state of one request while libmicrohttpd works on it, held through `con_cls` from the
/// first call of the access handler until the completed callback. Used only from the MHD thread
/// that owns the connection, except `asyncResult`, which a Task fills.
final class Exchange: @unchecked Sendable {
    enum BodyMode { case none, raw, urlEncoded, multipart, spool, discard }
    enum Phase { case receiving, running, resumed, answered }

    let id: UInt64
    let startNanos: UInt64
    let method: String
    let path: String
    var headers = Headers()
    var query: [String: String] = [:]
    var cookieHeader: String?
    var contentType: String?
    var contentLength: Int?
    var remoteAddress = ""

    var route: Route?
    var parameters: [String: String] = [:]
    var allowed: [String] = []
    /// Set when the request is to be answered with an error instead of its handler.
    var failure: HTTPError?
    var status = 0
    var phase = Phase.receiving

    // Body.
    var mode = BodyMode.none
    var limit = 1 << 20
    var received = 0
    var raw = Data()
    var postProcessor: OpaquePointer?
    var fieldBytes: [String: [UInt8]] = [:]
    var fieldOrder: [String] = []
    var maxFieldBytes = 1 << 20
    var files: [UploadedFile] = []
    var fileFD: Int32 = -1
    var uploadDirectory = ""
    var tempPaths: [String] = []

    /// The response of an async handler, filled by its Task before the connection is resumed.
    let asyncResult = Mutex<Response?>(nil)
    /// True while this exchange counts in the server's suspended connections.
    var countedSuspended = false

    init(id: UInt64, startNanos: UInt64, method: String, path: String) {
        self.id = id; self.startNanos = startNanos; self.method = method; self.path = path
    }

    /// Takes one chunk of the body. Returns false when the connection should be dropped (a body
    /// far beyond its limit that keeps coming).
    func consume(_ bytes: UnsafePointer<CChar>, count: Int) -> Bool {
        received += count
        if received > limit {
            if failure == nil { failure = .tooLarge(limit: limit) }
            if mode != .discard { abandonBody() }
            return received <= limit + (4 << 20)
        }
        switch mode {
        case .none, .discard:
            break
        case .raw, .urlEncoded:
            bytes.withMemoryRebound(to: UInt8.self, capacity: count) { raw.append($0, count: count) }
        case .spool:
            if fileFD < 0, !startFile(field: "body", fileName: "", contentType: contentType ?? "application/octet-stream") {
                failure = HTTPError(500, "upload_failed", "The upload could not be stored.")
                abandonBody()
            } else if !writeToFile(bytes, count) {
                failure = HTTPError(500, "upload_failed", "The upload could not be stored.")
                abandonBody()
            }
        case .multipart:
            if MHD_post_process(postProcessor, bytes, count) == MHD_Result.NO {
                if failure == nil { failure = .badRequest("The form could not be read.") }
                abandonBody()
            }
        }
        return true
    }

    /// The body as the handler sees it; called once, after the last chunk.
    func finishBody() -> RequestBody {
        switch mode {
        case .none, .discard:
            return .none
        case .raw:
            return raw.isEmpty && contentLength == nil ? .none : .bytes(raw)
        case .urlEncoded:
            return .form(fields: FormDecoding.urlEncoded(raw), files: [])
        case .spool:
            closeFile()
            return files.first.map { .file($0) } ?? .none
        case .multipart:
            let complete = MHD_destroy_post_processor(postProcessor) == MHD_Result.YES
            postProcessor = nil
            closeFile()
            if !complete {
                if failure == nil { failure = .badRequest("The form could not be read.") }
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

    /// One piece of one part, from the post processor. Text fields stay in memory up to
    /// `maxFieldBytes`; file parts go to a new temporary file, chunk by chunk.
    func part(name: String, fileName: UnsafePointer<CChar>?, contentType: UnsafePointer<CChar>?,
              data: UnsafePointer<CChar>?, offset: UInt64, size: Int) -> Bool {
        if let fileName {
            if offset == 0 {
                closeFile()
                guard startFile(field: name, fileName: String(cString: fileName),
                                contentType: contentType.map { String(cString: $0) } ?? "application/octet-stream") else {
                    failure = HTTPError(500, "upload_failed", "The upload could not be stored.")
                    return false
                }
            }
            guard fileFD >= 0, let data, size > 0 else { return true }
            guard writeToFile(data, size) else {
                failure = HTTPError(500, "upload_failed", "The upload could not be stored.")
                return false
            }
            return true
        }
        if offset == 0, fieldBytes[name] == nil { fieldBytes[name] = [] }
        guard let data, size > 0 else { return true }
        if (fieldBytes[name]?.count ?? 0) + size > maxFieldBytes {
            failure = .tooLarge(limit: maxFieldBytes)
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
