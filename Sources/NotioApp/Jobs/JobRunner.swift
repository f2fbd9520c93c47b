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

/// A job's state as watchers see it.
struct JobProgress: Sendable, Encodable, Equatable {
    var id: String
    var state: Job.State
    var stage: String
    var progress: Double
    var error: String?
    var noteId: String?
    var page: Int?
    var pages: Int?

    init(_ job: Job) {
        id = job.id; state = job.state; stage = job.stage; progress = job.progress; error = job.error; noteId = job.noteId
        // Which node runs it stays inside: node names are the operator's hosts, not the reader's business.
        page = job.page; pages = job.pages
    }

    /// The same, its failure reason worded in `language`.
    func worded(_ language: Language) -> JobProgress {
        var p = self
        p.error = FailureReason.text(error, language)
        return p
    }
}

/// Runs the jobs stored in the database, on this node, beside any number of other nodes on the
/// same database. A node takes a job with a lease and renews it every second or so while the job
/// runs; a job whose node died is taken by another node once its lease runs out, and started
/// again from its beginning. Cancelling sets a flag in the database: the node running the job
/// sees it at its next renewal (or at once, when that is this node) and cancels the job's Task,
/// which stops child processes and outgoing requests. Watchers on any node see progress: this
/// node tells its watchers as it reports, and reads the database for jobs that run elsewhere.
final class JobRunner: @unchecked Sendable {
    typealias Work = @Sendable (JobContext) async throws -> Void
    /// Run when a job ends without finishing (failure or cancel), to remove half-made results.
    typealias Cleanup = @Sendable (Job, _ cancelled: Bool, _ message: String?) -> Void

    /// A job is run at most this many times (a node died running it, or it brought the node
    /// down); the next take fails it: a file that crashes every node must not go round for ever.
    /// A node that stops cleanly gives the job back without counting.
    static let maxTries = 3

    // Leases, ticks and job times are read from the wall clock, not the application's injected
    // clock: nodes share them through the database and wait on real threads, so a test that
    // moves the application's time by days must not expire a running job's lease. How long the
    // loop waits is a duration, measured on `ContinuousClock`.
    private let wallClock: Now = WallClock.now
    private let store: Store
    private let maxConcurrent: Int
    let node: String
    let lease: TimeInterval
    private let lock = NSCondition()
    private var kinds: [String: (work: Work, cleanup: Cleanup)] = [:]
    private var running: [String: Task<Void, Never>] = [:]
    /// Jobs this node lost (another node holds them now): their outcome is not written.
    private var lost: Set<String> = []
    private var watchers: [String: [UUID: @Sendable (JobProgress) -> Void]] = [:]
    private var lastSeen: [String: JobProgress] = [:]
    private var stopping = false
    private var started = false
    private var wake = false
    /// Also lends its threads to other CPU-bound work (making quizzes).
    let executor = JobExecutor()

    init(store: Store, maxConcurrent: Int, node: String, lease: TimeInterval) {
        self.store = store
        // 0: a node that only answers requests and leaves the jobs to the others.
        self.maxConcurrent = max(0, maxConcurrent)
        self.node = node
        self.lease = max(2, lease)
    }

    func register(kind: String, work: @escaping Work, cleanup: @escaping Cleanup) {
        lock.withLock { kinds[kind] = (work, cleanup) }
    }

    /// Starts taking jobs. What this node held when it last stopped without saying so (a crash,
    /// `kill -9`) is given back first: it cannot still be running here.
    func resumeUnfinished() throws {
        try store.releaseJobs(node: node, at: wallClock())
        let begin = lock.withLock { () -> Bool in
            defer { started = true }
            return !started
        }
        guard begin else { return }
        let thread = Thread { [weak self] in self?.loop() }
        thread.name = "notio-jobs"
        thread.start()
    }

    /// A job was stored on this node: look for work now rather than at the next tick (on
    /// PostgreSQL the listener hears it too).
    func enqueue(_ jobId: String) {
        lock.withLock { wake = true; lock.signal() }
    }

    /// The node's own thread: renews leases, takes jobs, and follows jobs watched here that run
    /// elsewhere. It never runs on Swift's cooperative threads, which analysis keeps busy.
    private func loop() {
        let tick = min(1.0, lease / 3)
        // On PostgreSQL the node also hears every other node's job news as it is committed, so
        // a job stored on a node that runs none starts at once elsewhere, and progress and
        // cancels cross nodes without waiting for the tick. The tick stays as the fallback.
        let listener = store.jobListener()
        let clock = ContinuousClock()
        var lastRenewal: ContinuousClock.Instant?
        while true {
            var heard: [String] = []
            if let listener {
                heard = listener.wait(timeout: lock.withLock { wake || stopping } ? 0 : tick)
            } else {
                lock.lock()
                if !wake && !stopping { _ = lock.wait(until: wallClock().addingTimeInterval(tick)) }
                lock.unlock()
            }
            let stop = lock.withLock { () -> Bool in
                wake = false
                return stopping
            }
            if stop { return }
            if lastRenewal.map({ clock.now - $0 >= .seconds(tick * 0.9) }) ?? true {
                renewLeases()
                lastRenewal = clock.now
            } else {
                noticeCancels(among: heard)
            }
            takeJobs()
            followWatchedJobs()
        }
    }

    /// News of a job running here between renewals: it may be the owner's cancel.
    private func noticeCancels(among ids: [String]) {
        for id in Set(ids) {
            guard let task = lock.withLock({ running[id] }) else { continue }
            if (try? store.job(id: id))?.cancelRequested == true { task.cancel() }
        }
    }

    private func renewLeases() {
        let mine = lock.withLock { running }
        for (id, task) in mine {
            // A database that does not answer is not a lost lease: try again at the next tick.
            let answer: Bool?
            do { answer = try store.renewJobLease(id: id, node: node, until: wallClock().addingTimeInterval(lease)) } catch { continue }
            switch answer {
            case nil:
                // Taken over while this node stalled: stop, and leave the outcome to the new holder.
                lock.withLock { _ = lost.insert(id) }
                task.cancel()
            case true?:
                task.cancel()
            case false?:
                break
            }
        }
    }

    private func takeJobs() {
        while true {
            let room = lock.withLock { !stopping && running.count < maxConcurrent }
            guard room else { return }
            let now = wallClock()
            guard let job = (try? store.claimJob(node: node, until: now.addingTimeInterval(lease), at: now)) ?? nil else { return }
            start(job)
        }
    }

    private func start(_ job: Job) {
        guard let kind = lock.withLock({ kinds[job.kind] }) else {
            _ = try? store.finishJob(id: job.id, node: node, state: .failed, error: FailureReason.unknownKind, at: wallClock())
            Log.line("job \(job.id) has an unknown kind \(job.kind)")
            return
        }
        // Cancelled while no node held it (its node died), or taken too many times: end it here.
        if job.cancelRequested || job.tries > Self.maxTries {
            let cancelled = job.cancelRequested
            let message = cancelled ? nil : FailureReason.stored(FailureReason.crashed, String(Self.maxTries))
            kind.cleanup(job, cancelled, message)
            _ = try? store.finishJob(id: job.id, node: node, state: cancelled ? .cancelled : .failed, error: message, at: wallClock())
            if let ended = try? store.job(id: job.id) { publish(ended) }
            return
        }
        // The Task is registered before it can finish, under the same lock it removes itself with.
        lock.lock()
        let task = Task.detached(executorPreference: executor) { [weak self] in
            guard let self else { return }
            await self.run(job, kind.work, kind.cleanup)
        }
        running[job.id] = task
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
        } catch let e as JobFailure {
            Log.line("job \(job.id) failed: \(e)")
            outcome = (.failed, e.failureReason)
        } catch {
            Log.line("job \(job.id) failed: \(error)")
            outcome = (.failed, FailureReason.unexpected)
        }
        let (shuttingDown, wasLost) = lock.withLock { (stopping, lost.remove(job.id) != nil) }
        if wasLost {
            lock.withLock { running[job.id] = nil }
            return
        }
        if shuttingDown && outcome.0 == .cancelled {
            // Stopped by a shutdown, not by the user: give it back, so another node (or this
            // one, started again) takes it at once.
            try? store.releaseJobs(node: node, id: job.id, at: wallClock())
            lock.withLock { running[job.id] = nil }
            return
        }
        if outcome.0 != .done { cleanup(job, outcome.0 == .cancelled, outcome.1) }
        _ = try? store.finishJob(id: job.id, node: node, state: outcome.0, error: outcome.1, at: wallClock())
        lock.withLock { running[job.id] = nil; wake = true; lock.signal() }
        if let finished = try? store.job(id: job.id) { publish(finished) }
    }

    func report(_ jobId: String, stage: String, progress: Double, page: Int?, pages: Int?) {
        try? store.updateJob(id: jobId, node: node, stage: stage, progress: min(max(progress, 0), 1), page: page, pages: pages, at: wallClock())
        if let job = try? store.job(id: jobId) { publish(job) }
    }

    /// The user asked to stop (the flag is stored): stop the Task if it runs here; a job that
    /// runs on another node stops at that node's next renewal.
    func cancel(_ jobId: String) {
        let task = lock.withLock { running[jobId] }
        task?.cancel()
        if task == nil, let job = try? store.job(id: jobId) {
            if job.state == .cancelled, let kind = lock.withLock({ kinds[job.kind] }) { kind.cleanup(job, true, nil) }
            publish(job)
        }
    }

    func progress(of job: Job) -> JobProgress { JobProgress(job) }

    /// Calls `watcher` on every change of the job until `unwatch`.
    func watch(_ jobId: String, _ watcher: @escaping @Sendable (JobProgress) -> Void) -> UUID {
        let token = UUID()
        lock.withLock { watchers[jobId, default: [:]][token] = watcher }
        return token
    }

    func unwatch(_ jobId: String, _ token: UUID) {
        lock.withLock {
            watchers[jobId]?[token] = nil
            if watchers[jobId]?.isEmpty == true { watchers[jobId] = nil; lastSeen[jobId] = nil }
        }
    }

    /// Jobs watched here but run by another node: their rows are read at every tick and every
    /// piece of news.
    private func followWatchedJobs() {
        let ids = lock.withLock { watchers.keys.filter { running[$0] == nil } }
        for id in ids { if let job = try? store.job(id: id) { publish(job) } }
    }

    private func publish(_ job: Job) {
        let p = JobProgress(job)
        let list = lock.withLock { () -> [@Sendable (JobProgress) -> Void] in
            guard let w = watchers[job.id], lastSeen[job.id] != p else { return [] }
            lastSeen[job.id] = p
            return Array(w.values)
        }
        for w in list { w(p) }
    }

    /// Server shutdown: running jobs are interrupted and given back to the queue.
    func stop() {
        let tasks = lock.withLock { () -> [Task<Void, Never>] in
            stopping = true
            lock.broadcast()
            return Array(running.values)
        }
        tasks.forEach { $0.cancel() }
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline && lock.withLock({ !running.isEmpty }) { usleep(20_000) }
        executor.shutdown()
    }

    var isIdle: Bool { lock.withLock { running.isEmpty } }
}

/// An error that ends a job with a reason the person who started it can read: a catalog key
/// (`failure.*`) with its values, stored as `FailureReason.stored` makes it and worded when read.
protocol JobFailure: Error {
    var failureReason: String { get }
}

/// Why a job (and its note) failed, as stored: a catalog key, worded in the reader's language
/// when shown. Rows written before the reasons were keys hold text: shown as it is.
enum FailureReason {
    static let unreadable = "failure.unreadable"
    static let unknownKind = "failure.unknown_kind"
    static let crashed = "failure.crashed"
    static let unexpected = "failure.unexpected"
    static let generic = "failure.generic"

    /// What is stored for `key` and the values of its `%@`/`%1`/`%2`: `key|value|value`.
    static func stored(_ key: String, _ values: String...) -> String {
        ([key] + values.map { $0.replacingOccurrences(of: "|", with: "/") }).joined(separator: "|")
    }

    /// The stored reason in `language`.
    static func text(_ stored: String?, _ language: Language) -> String? {
        guard let stored else { return nil }
        let parts = stored.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts[0].hasPrefix("failure."), L10n.has(parts[0]) else { return stored }
        return L10n.t(parts[0], language, Array(parts.dropFirst()))
    }
}
