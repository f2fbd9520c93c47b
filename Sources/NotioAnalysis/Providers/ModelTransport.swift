import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a provider makes of a failed HTTP reply.
struct HTTPFailure: Error {
    /// Worth asking again (429, 5xx); false for a refused key or an unknown model.
    var retryable: Bool
    /// The message a user reads if no retry helps.
    var message: String
    /// The server's own "try again in" hint, in seconds.
    var retryAfter: Double?
}

/// Sends one JSON request to a model server, retrying by a `RetryPolicy`, and lets task
/// cancellation reach the `URLSessionTask`.
struct ModelTransport: Sendable {
    var session: URLSession
    var retry: RetryPolicy
    /// Turns an error status and body into a decision and a message.
    var classify: @Sendable (_ status: Int, _ body: Data, _ response: HTTPURLResponse) -> HTTPFailure
    /// Names the server in network-error messages ("Gemini", "the OpenAI-compatible server at …").
    var serverName: String

    func send(_ request: URLRequest) async throws -> Data {
        var attempt = 0
        var waited = 0.0
        while true {
            attempt += 1
            try Task.checkCancellation()
            let failure: HTTPFailure
            do {
                let (data, response) = try await perform(request)
                if (200..<300).contains(response.statusCode) { return data }
                failure = classify(response.statusCode, data, response)
            } catch let error as URLError {
                if error.code == .cancelled || Task.isCancelled { throw CancellationError() }
                failure = HTTPFailure(retryable: true, message: networkMessage(error), retryAfter: nil)
            }
            guard failure.retryable, attempt < retry.maxAttempts else { throw AnalysisError(failure.message) }
            let delay = retry.delay(afterAttempt: attempt, hint: failure.retryAfter)
            guard waited + delay <= retry.maxTotalWait else {
                let wait = Int(delay.rounded(.up))
                throw AnalysisError(failure.retryAfter != nil
                    ? "\(failure.message) The server asks to wait \(wait) s; try again later."
                    : failure.message)
            }
            waited += delay
            try await Task.sleep(nanoseconds: UInt64(delay * retry.delayScale * 1_000_000_000))
        }
    }

    private func networkMessage(_ error: URLError) -> String {
        switch error.code {
        case .timedOut: "\(serverName) did not answer in time."
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet, .networkConnectionLost:
            "\(serverName) could not be reached (\(error.failingURL?.host ?? "no connection"))."
        default: "\(serverName) could not be reached: \(error.localizedDescription)"
        }
    }

    /// One request. Cancelling the Swift task cancels this one URLSessionTask: never a whole
    /// group at once (a lock inversion in swift-corelibs-foundation can deadlock on mass cancel).
    private func perform(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let holder = DataTaskHolder()
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
                if !holder.start(task) { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            holder.cancel()
        }
    }
}

/// Holds the task across the cancellation handler, which may run before the task exists.
private final class DataTaskHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    /// Resumes the task unless the Swift task was already cancelled; false then.
    func start(_ task: URLSessionDataTask) -> Bool {
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
