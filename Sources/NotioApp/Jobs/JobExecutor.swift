import Foundation

/// Runs jobs' async code on threads of its own. Analysis is CPU-bound for seconds at a time; on
/// Swift's cooperative pool or on Dispatch's shared threads (one per core for CPU-bound work) it
/// would starve request handlers and everything else that waits for those threads.
final class JobExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [UnownedJob] = []
    private var stopped = false

    init(threads: Int = 2, name: String = "notio-job") {
        for i in 0..<max(1, threads) {
            let thread = Thread { [self] in self.work() }
            thread.name = "\(name)-\(i)"
            thread.stackSize = 4 << 20
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        condition.lock()
        let late = stopped
        if !late { pending.append(unowned) }
        condition.signal()
        condition.unlock()
        // A task still resuming after shutdown (a job that ignored its cancel) runs to its end
        // on a thread of its own rather than waiting for threads that are gone.
        if late { Thread { unowned.runSynchronously(on: self.asUnownedTaskExecutor()) }.start() }
    }

    /// Application shutdown: the threads finish what is waiting and end. Without this every
    /// application started in one process (each test's server) would keep its threads for ever.
    func shutdown() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while pending.isEmpty && !stopped { condition.wait() }
            if pending.isEmpty {
                condition.unlock()
                return
            }
            let job = pending.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
