import Foundation
import NotioCore

/// The pool's shared state: requests waiting in order, and one thread per worker taking them.
final class OCRQueue: @unchecked Sendable {
    let executable: String
    let configuration: OCRPoolConfiguration
    private let condition = NSCondition()
    private var waiting: [OCRJob] = []
    private var slots: [OCRWorkerSlot] = []
    private var stopped = false
    private var lastID = 0

    init(executable: String, configuration: OCRPoolConfiguration) {
        self.executable = executable
        self.configuration = configuration
    }

    /// What a worker's thread does next.
    enum Turn {
        case job(OCRJob, id: Int)
        /// Nothing came for `idleSeconds`: let the child go.
        case idle
        case stop
    }

    func enqueue(_ job: OCRJob) {
        condition.lock()
        if stopped {
            condition.unlock()
            job.finish(.failure(MediaError.ocrStopped))
            return
        }
        if waiting.count >= configuration.maxWaiting {
            condition.unlock()
            job.finish(.failure(MediaError.ocrBusy))
            return
        }
        startSlots(launchingWorkers: false)
        waiting.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Starts the worker threads once; with `launchingWorkers` each starts its child at once.
    func start(launchingWorkers: Bool) {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped else { return }
        startSlots(launchingWorkers: launchingWorkers)
    }

    /// Called with the condition's lock held.
    private func startSlots(launchingWorkers: Bool) {
        guard slots.isEmpty else { return }
        for number in 0..<configuration.workers {
            let slot = OCRWorkerSlot(queue: self)
            slots.append(slot)
            let thread = Thread { slot.run(launching: launchingWorkers) }
            thread.name = "notio-ocr-\(number)"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Blocks the calling worker thread until there is a request, the child has been idle too
    /// long (`hasChild`), or the pool stops.
    func next(hasChild: Bool) -> Turn {
        condition.lock()
        defer { condition.unlock() }
        // NSCondition waits until a wall time, so the idle limit is one.
        let idleUntil = hasChild && configuration.idleSeconds > 0 ? WallClock.now().addingTimeInterval(configuration.idleSeconds) : nil
        while true {
            if stopped { return .stop }
            if !waiting.isEmpty {
                let job = waiting.removeFirst()
                // Cancelled while waiting: already answered.
                if job.isFinished { continue }
                lastID += 1
                return .job(job, id: lastID)
            }
            if let idleUntil {
                if !condition.wait(until: idleUntil) && waiting.isEmpty && !stopped { return .idle }
            } else {
                condition.wait()
            }
        }
    }

    var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }

    /// A cancelled request leaves the queue at once; one already with a worker runs on, and its
    /// answer is dropped.
    func cancel(_ job: OCRJob) {
        condition.lock()
        waiting.removeAll { $0 === job }
        condition.unlock()
        job.finish(.failure(CancellationError()))
    }

    func shutdown() {
        condition.lock()
        stopped = true
        let dropped = waiting
        waiting = []
        let running = slots
        slots = []
        condition.broadcast()
        condition.unlock()
        for job in dropped { job.finish(.failure(MediaError.ocrStopped)) }
        for slot in running { slot.killChild() }
    }
}
