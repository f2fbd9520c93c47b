import Foundation

/// Runs jobs' async code on threads of its own. Analysis is CPU-bound for seconds at a time; on
/// Swift's cooperative pool or on Dispatch's shared threads (one per core for CPU-bound work) it
/// would starve request handlers and everything else that waits for those threads.
final class JobExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [UnownedJob] = []

    init(threads: Int = 2, name: String = "notio-job") {
        for i in 0..<max(1, threads) {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "\(name)-\(i)"
            thread.stackSize = 4 << 20
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        condition.lock()
        pending.append(unowned)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while pending.isEmpty { condition.wait() }
            let job = pending.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
