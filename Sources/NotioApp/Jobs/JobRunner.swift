import Foundation
import NotioCore
import NotioStore

/// What a running job can do: report where it is, and notice that it was cancelled.
struct JobContext: Sendable {
    let job: Job
    let runner: JobRunner

    /// Records the stage and progress (0...1), and tells the watchers. `page`/`pages` say which
    /// page of how many, for stages that go page by page.
    func report(stage: String, progress: Double, page: Int? = nil, pages: Int? = nil) {
        runner.report(job.id, stage: stage, progress: progress, page: page, pages: pages)
    }
}

/// A job's state as watchers see it, with the page counter that is only kept in memory.
struct JobProgress: Sendable, Encodable {
    var id: String
    var state: Job.State
    var stage: String
    var progress: Double
    var error: String?
    var noteId: String?
    var page: Int?
    var pages: Int?

    init(_ job: Job, page: Int? = nil, pages: Int? = nil) {
        id = job.id; state = job.state; stage = job.stage; progress = job.progress; error = job.error; noteId = job.noteId
        self.page = page; self.pages = pages
    }
}

/// The in-process pool that runs jobs stored in the database. Jobs survive restarts: at start-up
/// the ones that were queued or running are queued again. Cancelling sets a flag in the database
/// and cancels the job's Task, which stops child processes and outgoing requests.
final class JobRunner: @unchecked Sendable {
    typealias Work = @Sendable (JobContext) async throws -> Void
    /// Run when a job ends without finishing (failure or cancel), to remove half-made results.
    typealias Cleanup = @Sendable (Job, _ cancelled: Bool, _ message: String?) -> Void

    private let store: Store
    private let maxConcurrent: Int
    private let lock = NSLock()
    private var kinds: [String: (work: Work, cleanup: Cleanup)] = [:]
    private var queue: [String] = []
    private var running: [String: Task<Void, Never>] = [:]
    private var watchers: [String: [UUID: @Sendable (JobProgress) -> Void]] = [:]
    private var pageCounters: [String: (Int, Int)] = [:]
    private var stopping = false
    /// Also lends its threads to other CPU-bound work (making quizzes).
    let executor = JobExecutor()

    init(store: Store, maxConcurrent: Int) {
        self.store = store
        self.maxConcurrent = max(1, maxConcurrent)
    }

    func register(kind: String, work: @escaping Work, cleanup: @escaping Cleanup) {
        lock.withLock { kinds[kind] = (work, cleanup) }
    }

    /// Queues again what was unfinished when the server last stopped.
    func resumeUnfinished() throws {
        for job in try store.unfinishedJobs() {
            if job.state == .running { try store.requeueJob(id: job.id, at: Date()) }
            enqueue(job.id)
        }
    }

    func enqueue(_ jobId: String) {
        lock.withLock { if !queue.contains(jobId) { queue.append(jobId) } }
        pump()
    }

    private func pump() {
        while true {
            let next: String? = lock.withLock {
                guard !stopping, running.count < maxConcurrent, !queue.isEmpty else { return nil }
                return queue.removeFirst()
            }
            guard let jobId = next else { return }
            start(jobId)
        }
    }

    private func start(_ jobId: String) {
        guard (try? store.claimJob(id: jobId, at: Date())) == true, let job = try? store.job(id: jobId),
              let kind = lock.withLock({ kinds[job.kind] }) else {
            if let job = try? store.job(id: jobId) { publish(job) }
            return
        }
        // The Task is registered before it can finish, under the same lock it removes itself with.
        lock.lock()
        let task = Task.detached(executorPreference: executor) { [weak self] in
            guard let self else { return }
            await self.run(job, kind.work, kind.cleanup)
        }
        running[jobId] = task
        lock.unlock()
        publish(job)
    }

    private func run(_ job: Job, _ work: Work, _ cleanup: Cleanup) async {
        let ctx = JobContext(job: job, runner: self)
        var outcome: (Job.State, String?)
        do {
            try await work(ctx)
            try Task.checkCancellation()
            outcome = (.done, nil)
        } catch is CancellationError {
            outcome = (.cancelled, nil)
        } catch let e as UserFacingError {
            outcome = (.failed, e.userMessage)
        } catch {
            Log.line("job \(job.id) failed: \(error)")
            outcome = (.failed, "분석 중 예상치 못한 문제가 생겼어요. 다시 시도해 주세요. (Something unexpected went wrong.)")
        }
        let shuttingDown = lock.withLock { stopping }
        if shuttingDown && outcome.0 == .cancelled {
            // Stopped by a server shutdown, not by the user: leave it running so the next start resumes it.
            lock.withLock { running[job.id] = nil }
            return
        }
        if outcome.0 != .done { cleanup(job, outcome.0 == .cancelled, outcome.1) }
        try? store.finishJob(id: job.id, state: outcome.0, error: outcome.1, at: Date())
        lock.withLock { running[job.id] = nil; pageCounters[job.id] = nil }
        if let finished = try? store.job(id: job.id) { publish(finished) }
        pump()
    }

    func report(_ jobId: String, stage: String, progress: Double, page: Int?, pages: Int?) {
        try? store.updateJob(id: jobId, stage: stage, progress: min(max(progress, 0), 1), at: Date())
        lock.withLock {
            if let page, let pages { pageCounters[jobId] = (page, pages) } else { pageCounters[jobId] = nil }
        }
        if let job = try? store.job(id: jobId) { publish(job) }
    }

    /// The user asked to stop: the flag is already stored; stop the Task if it runs here.
    func cancel(_ jobId: String) {
        let task = lock.withLock { () -> Task<Void, Never>? in
            queue.removeAll { $0 == jobId }
            return running[jobId]
        }
        task?.cancel()
        if task == nil, let job = try? store.job(id: jobId) {
            if job.state == .cancelled, let kind = lock.withLock({ kinds[job.kind] }) { kind.cleanup(job, true, nil) }
            publish(job)
        }
    }

    func progress(of job: Job) -> JobProgress {
        let counter = lock.withLock { pageCounters[job.id] }
        return JobProgress(job, page: counter?.0, pages: counter?.1)
    }

    /// Calls `watcher` on every change of the job until `unwatch`.
    func watch(_ jobId: String, _ watcher: @escaping @Sendable (JobProgress) -> Void) -> UUID {
        let token = UUID()
        lock.withLock { watchers[jobId, default: [:]][token] = watcher }
        return token
    }

    func unwatch(_ jobId: String, _ token: UUID) {
        lock.withLock {
            watchers[jobId]?[token] = nil
            if watchers[jobId]?.isEmpty == true { watchers[jobId] = nil }
        }
    }

    private func publish(_ job: Job) {
        let p = progress(of: job)
        let list = lock.withLock { watchers[job.id].map { Array($0.values) } ?? [] }
        for w in list { w(p) }
    }

    /// Server shutdown: running jobs are interrupted and stay resumable.
    func stop() {
        let tasks = lock.withLock { () -> [Task<Void, Never>] in
            stopping = true
            return Array(running.values)
        }
        tasks.forEach { $0.cancel() }
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline && lock.withLock({ !running.isEmpty }) { usleep(20_000) }
    }

    var isIdle: Bool { lock.withLock { running.isEmpty && queue.isEmpty } }
}

/// An error whose message is written for the person who started the job.
protocol UserFacingError: Error {
    var userMessage: String { get }
}
