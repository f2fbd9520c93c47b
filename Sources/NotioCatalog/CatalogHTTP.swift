import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

extension URLSession {
    /// A session for catalog requests: no cookies or cache, and one timeout for the whole request
    /// (at least a second: sub-second values fire early and unreliably on Linux).
    public static func catalogSession(timeout: Double = CatalogSettings.defaultTimeout) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = max(1, timeout)
        configuration.timeoutIntervalForResource = max(1, timeout)
        configuration.httpAdditionalHeaders = ["User-Agent": CatalogHTTP.userAgent]
        return URLSession(configuration: configuration)
    }
}

/// A catalog's name in messages, in English and Korean. The Korean sentences use particles
/// that fit any name (에, 에서, 의), not 이/가.
struct CatalogName: Sendable {
    var english: String
    var korean: String

    func unreachable(_ host: String?) -> CatalogError {
        let place = host.map { " (\($0))" } ?? ""
        return .unavailable(message: "\(english) could not be reached\(place).", messageKo: "\(korean)에 연결할 수 없습니다\(place).")
    }

    func timedOut(after seconds: Double) -> CatalogError {
        let whole = Int(seconds.rounded())
        return .unavailable(message: "\(english) did not answer within \(whole) s.", messageKo: "\(korean)에서 \(whole)초 안에 응답이 없습니다.")
    }

    func status(_ code: Int) -> CatalogError {
        .unavailable(message: "\(english) answered with an error (HTTP \(code)).", messageKo: "\(korean)에서 오류로 응답했습니다 (HTTP \(code)).")
    }

    func refused(_ detail: String) -> CatalogError {
        .unavailable(message: "\(english) refused the request: \(detail)", messageKo: "\(korean)에서 요청을 거절했습니다: \(detail)")
    }

    func malformed() -> CatalogError {
        .unavailable(message: "\(english) sent an answer that could not be read.", messageKo: "\(korean)의 응답을 읽을 수 없습니다.")
    }
}

/// GET requests for one catalog: errors become `CatalogError.unavailable` in the catalog's
/// name, cancelling the Swift task cancels the one URLSessionTask. No retries: the service
/// falls back to the next catalog instead, and a reader is waiting.
struct CatalogHTTP: Sendable {
    static let userAgent = "Notio (self-hosted study and reading companion)"

    var sessions: LazySession
    var name: CatalogName
    var session: URLSession { sessions.session }

    func get(_ url: URL) async throws -> Data {
        try Task.checkCancellation()
        var request = URLRequest(url: url)
        request.timeoutInterval = session.configuration.timeoutIntervalForRequest
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data: Data
        let response: HTTPURLResponse
        do {
            (data, response) = try await perform(request)
        } catch let error as URLError {
            if error.code == .cancelled || Task.isCancelled { throw CancellationError() }
            // Only the host: the full URL may carry the API key.
            if error.code == .timedOut { throw name.timedOut(after: request.timeoutInterval) }
            throw name.unreachable(url.host)
        }
        guard (200..<300).contains(response.statusCode) else { throw name.status(response.statusCode) }
        return data
    }

    /// One request. Never cancel many of these at once: a lock inversion in
    /// swift-corelibs-foundation can deadlock on mass cancellation.
    private func perform(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let holder = TaskHolder()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, HTTPURLResponse), Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: (error as? URLError) ?? URLError(.unknown))
                    } else if let response = response as? HTTPURLResponse {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                if !holder.start(task) { continuation.resume(throwing: URLError(.cancelled)) }
            }
        } onCancel: {
            holder.cancel()
        }
    }
}

/// Holds a task across the cancellation handler, which may run before the task exists.
final class TaskHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    /// Resumes the task unless the Swift task was already cancelled; false then.
    func start(_ task: URLSessionTask) -> Bool {
        lock.lock()
        self.task = task
        let cancelled = self.cancelled
        lock.unlock()
        if cancelled { return false }
        task.resume()
        return true
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}

/// Builds `base/endpoint?query`. `+` is escaped: URLComponents leaves it as is, and the servers
/// read a bare `+` in a query as a space ("C++" would become "C  ").
func catalogURL(_ base: URL, _ endpoint: String, _ items: [(String, String)]) -> URL {
    let url = endpoint.isEmpty ? base : base.appendingPathComponent(endpoint)
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
    components.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
    components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
    return components.url ?? url
}

/// The catalogs' URLSession, made on the first request rather than at start-up: making one
/// initialises libcurl and OpenSSL, some megabytes of resident memory a server that never looks
/// a book up need not hold. Shared by the catalogs of one `CatalogSettings.catalogs()`.
final class LazySession: Sendable {
    private let make: @Sendable () -> URLSession
    private let made = Mutex<URLSession?>(nil)

    init(_ make: @escaping @Sendable () -> URLSession) { self.make = make }

    var session: URLSession {
        made.withLock { made in
            if let made { return made }
            let session = make()
            made = session
            return session
        }
    }
}
