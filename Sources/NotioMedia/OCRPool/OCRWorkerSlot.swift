import Foundation

/// One worker of the pool: a thread of its own that takes requests from the queue and talks to
/// one `notio-worker serve-ocr` child, starting a new child whenever there is none.
final class OCRWorkerSlot: @unchecked Sendable {
    /// Strong: the thread may still be finishing a request when the pool lets go of the queue.
    /// The cycle through `OCRQueue.slots` ends at shutdown.
    private let queue: OCRQueue
    /// Only this slot's thread replaces the child; the lock is for `killChild` from shutdown.
    private let lock = NSLock()
    private var child: OCRChild?

    init(queue: OCRQueue) {
        self.queue = queue
    }

    /// The thread's body, until the pool stops.
    func run(launching: Bool) {
        if launching { _ = try? currentChild() }
        while true {
            switch queue.next(hasChild: lock.withLock { child != nil }) {
            case let .job(job, id):
                var request = job.request
                request.id = id
                job.finish(Result { try exchange(request) })
            case .idle:
                retireChild()
            case .stop:
                killChild()
                retireChild()
                return
            }
        }
    }

    /// SIGKILL to the child, from any thread. The slot's thread reaps it.
    func killChild() {
        lock.withLock { child?.terminate() }
    }

    private func currentChild() throws -> OCRChild {
        if let child = lock.withLock({ child }), child.isRunning { return child }
        retireChild()
        let environment = queue.configuration.environment
        let launched = try OCRChild(executable: queue.executable, environment: environment)
        lock.withLock { child = launched }
        // Shutdown between the check and the launch: it could not kill what did not exist yet.
        if queue.isStopped { killChild() }
        return launched
    }

    /// Ends the child (closing its stdin makes it exit; a stuck one is killed) and reaps it.
    private func retireChild() {
        guard let old = lock.withLock({ child }) else { return }
        old.end()
        lock.withLock { child = nil }
    }

    /// One request and its answer. A child that died while idle is replaced before the request
    /// is sent, so only a death while reading this photo counts as a crash.
    private func exchange(_ request: OCRRequest) throws -> OCRAnswer {
        let timeout = queue.configuration.timeoutSeconds
        let deadline = ContinuousClock.now + .seconds(timeout)
        var line = try JSONEncoder().encode(request)
        line.append(0x0A)

        for attempt in 0..<2 {
            let child: OCRChild
            do {
                child = try currentChild()
            } catch {
                throw MediaError(code: "ocr_unavailable", message: "Text recognition could not be started.")
            }
            switch child.send(line, until: deadline) {
            case .sent:
                break
            case .timedOut:
                child.terminate()
                retireChild()
                throw MediaError.ocrTimeout(timeout)
            case .closed:
                retireChild()
                if attempt == 0 && !queue.isStopped { continue }
                throw queue.isStopped ? MediaError.ocrStopped : MediaError.ocrCrashed
            }

            switch child.receive(id: request.id, until: deadline) {
            case let .answer(answer):
                if let error = answer.error { throw error }
                return answer
            case .timedOut:
                child.terminate()
                retireChild()
                throw MediaError.ocrTimeout(timeout)
            case .ended:
                retireChild()
                throw queue.isStopped ? MediaError.ocrStopped : MediaError.ocrCrashed
            }
        }
        throw MediaError.ocrCrashed
    }
}

extension MediaError {
    package static let ocrCrashed = MediaError(
        code: "worker_crashed", message: "Text recognition stopped unexpectedly on this picture. The file may be damaged.")

    package static func ocrTimeout(_ seconds: Double) -> MediaError {
        MediaError(code: "timeout", message: "Reading this picture took longer than \(Int(seconds)) seconds and was stopped.")
    }
}
