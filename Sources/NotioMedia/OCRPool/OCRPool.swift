import Foundation

/// How the OCR pool runs its workers.
public struct OCRPoolConfiguration: Sendable, Equatable {
    /// Long-lived `notio-worker serve-ocr` children, each with its own warm engines (~70 MB
    /// idle, ~150 MB reading; a worker that has tagged a note also maps the dictionary's pages,
    /// up to ~100 MB shared in the page cache). Each does one request at a time.
    public var workers: Int
    /// A request that takes longer is answered `timeout` and its worker is killed.
    public var timeoutSeconds: Double
    /// Requests waiting for a free worker beyond this are refused with `busy`.
    public var maxWaiting: Int
    /// A worker unused this long exits to free its memory; the next request starts a fresh one.
    /// 0 keeps workers for the life of the pool.
    public var idleSeconds: Double
    public var photo: PhotoLimits
    /// Added to the workers' environment (tests turn on the worker's test operations).
    public var environment: [String: String]

    public init(workers: Int = 1, timeoutSeconds: Double = 30, maxWaiting: Int = 16, idleSeconds: Double = 600,
                photo: PhotoLimits = PhotoLimits(), environment: [String: String] = [:]) {
        self.workers = max(1, workers); self.timeoutSeconds = timeoutSeconds; self.maxWaiting = maxWaiting
        self.idleSeconds = idleSeconds; self.photo = photo; self.environment = environment
    }
}

/// Reads photos with warm OCR engines kept in long-lived worker processes, so the server never
/// loads tesseract (a crash in it fails one request, not the server) and an interactive
/// underline does not pay for a process start and engine initialisation (0.1–0.6 s) each time.
///
/// Requests wait in order when every worker is busy. Blocking pipe I/O runs on one thread per
/// worker, never on Swift's cooperative threads. Workers start on first use (or `warmUp()`);
/// a worker that crashes or times out is killed and replaced on the next request.
public final class OCRPool: Sendable {
    public let configuration: OCRPoolConfiguration
    let queue: OCRQueue

    /// `executable` is the `notio-worker` binary (see `MediaWorkerClient.currentExecutable()`).
    public init(executable: String, configuration: OCRPoolConfiguration = OCRPoolConfiguration()) {
        self.configuration = configuration
        queue = OCRQueue(executable: executable, configuration: configuration)
    }

    /// A pool dropped without `shutdown()` still ends its workers.
    deinit {
        queue.shutdown()
    }

    /// Every word on the photo at `path`, with boxes in the oriented photo's pixels.
    ///
    /// Throws `MediaError`: `not_found`, `too_large`, `not_an_image`, `damaged_image`,
    /// `too_many_pixels`, `timeout`, `worker_crashed`, `busy`, `ocr_unavailable`; or
    /// `CancellationError`.
    public func words(inImageAt path: String) async throws -> OCRPage {
        try checkFile(path)
        let answer = try await perform(OCRRequest(op: "words", path: path, limits: configuration.photo))
        guard let page = answer.page else { throw MediaError.workerFailed }
        return page
    }

    /// The words underlined by `strokes` (oriented photo pixels, see `Stroke.parseList`) on the
    /// photo at `path`, and the sentence they make; `text` is empty when no word was touched.
    ///
    /// Throws what `words(inImageAt:)` throws, and `strokes_outside_image`.
    public func underline(inImageAt path: String, strokes: [Stroke]) async throws -> UnderlineResult {
        try checkFile(path)
        let answer = try await perform(OCRRequest(op: "underline", path: path, strokes: strokes, limits: configuration.photo))
        guard let result = answer.underline else { throw MediaError.workerFailed }
        return result
    }

    /// Starts the workers now, so that the first photo does not wait for the engines.
    public func warmUp() {
        queue.start(launchingWorkers: true)
    }

    /// Kills the workers. Waiting and running requests fail with `ocr_unavailable`, and so does
    /// every later one.
    public func shutdown() {
        queue.shutdown()
    }

    /// Refuses missing and oversized files before they take a worker's turn.
    private func checkFile(_ path: String) throws {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.intValue else {
            throw MediaError(code: "not_found", message: "The uploaded picture could not be found.")
        }
        guard size <= configuration.photo.maxBytes else {
            throw MediaError.tooLarge(bytes: size, limit: configuration.photo.maxBytes)
        }
    }

    /// Sends a request to the next free worker and waits for its answer.
    func perform(_ request: OCRRequest) async throws -> OCRAnswer {
        let job = OCRJob(request: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                job.attach(continuation)
                queue.enqueue(job)
            }
        } onCancel: {
            queue.cancel(job)
        }
    }
}

extension MediaError {
    package static let workerFailed = MediaError(code: "worker_failed", message: "The picture could not be read.")
    package static let ocrStopped = MediaError(code: "ocr_unavailable", message: "Text recognition is shutting down.")
    package static let ocrBusy = MediaError(
        code: "busy", message: "Text recognition is busy with other photos. Try again in a moment.")
}

/// One request on its way: answered exactly once, by a worker, by a cancellation or by the
/// pool's shutdown, whichever comes first.
final class OCRJob: @unchecked Sendable {
    let request: OCRRequest
    private let lock = NSLock()
    private var continuation: CheckedContinuation<OCRAnswer, any Error>?
    /// An outcome that came before the continuation (a cancellation at once).
    private var early: Result<OCRAnswer, any Error>?
    private var finished = false

    init(request: OCRRequest) {
        self.request = request
    }

    var isFinished: Bool { lock.withLock { finished } }

    func attach(_ continuation: CheckedContinuation<OCRAnswer, any Error>) {
        lock.lock()
        if let early {
            lock.unlock()
            continuation.resume(with: early)
        } else {
            self.continuation = continuation
            lock.unlock()
        }
    }

    func finish(_ outcome: Result<OCRAnswer, any Error>) {
        lock.lock()
        guard !finished else { lock.unlock(); return }
        finished = true
        if let continuation {
            self.continuation = nil
            lock.unlock()
            continuation.resume(with: outcome)
        } else {
            early = outcome
            lock.unlock()
        }
    }
}
