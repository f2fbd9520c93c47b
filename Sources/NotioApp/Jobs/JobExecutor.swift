import Foundation

/// Runs jobs' async code on threads of their own. Analysis is CPU-bound for seconds at a time;
/// on Swift's shared cooperative pool (one thread per core) it would starve the request handlers
/// that suspend connections (sign-in, uploads) until it finished.
final class JobExecutor: TaskExecutor, @unchecked Sendable {
    private let queue: DispatchQueue

    init(label: String = "notio.jobs", concurrent: Bool = true) {
        queue = DispatchQueue(label: label, qos: .utility, attributes: concurrent ? .concurrent : [])
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        queue.async { unowned.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
