import Foundation
import Synchronization

/// The threads that run Argon2id (about 90 ms and 64 MiB each): a fixed pool of its own, shared
/// by every application in the process, never the shared pools (which busy jobs may hold) and
/// never a thread per request. Work waits in a first-in, first-out line; how long the line may
/// grow is each application's business (`PasswordHasher`).
final class PasswordWorkers: @unchecked Sendable {
    /// Two at once: 128 MiB of Argon2 memory at most, and a core left for everything else.
    static let shared = PasswordWorkers(threads: 2)

    let threads: Int
    private let condition = NSCondition()
    private var line: [@Sendable () -> Void] = []
    private var next = 0
    private var started = false

    init(threads: Int) { self.threads = threads }

    func submit(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        line.append(work)
        if !started {
            started = true
            for n in 0..<threads {
                let thread = Thread { [self] in loop() }
                thread.name = "notio-password-\(n)"
                thread.stackSize = 1 << 20
                thread.start()
            }
        }
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            while next == line.count { condition.wait() }
            let work = line[next]
            next += 1
            if next == line.count { line.removeAll(keepingCapacity: true); next = 0 }
            condition.unlock()
            work()
        }
    }
}

/// Password hashing and checking for one application, admitted to the workers through a bounded
/// line: at most `capacity` checks are running or waiting; one more is refused at once (`Busy`,
/// answered 503) instead of piling up requests behind a burst.
final class PasswordHasher: Sendable {
    /// The line is full.
    struct Busy: Error {}

    let capacity: Int
    private let workers: PasswordWorkers
    private let admitted = Atomic<Int>(0)
    private let checked = Atomic<Int>(0)

    /// `waiting`: how many may wait beside those the workers are running.
    init(waiting: Int, workers: PasswordWorkers = .shared) {
        self.workers = workers
        capacity = workers.threads + waiting
    }

    /// Passwords compared with a stored hash so far (tests read it to see what a burst cost).
    var passwordsChecked: Int { checked.load(ordering: .relaxed) }

    /// A hash of a random password, checked against when the email is unknown so that timing
    /// does not tell which emails exist. Made on first use, on a worker.
    private static let decoy: String = (try? Crypto.hashPassword(Crypto.randomToken())) ?? ""

    func hash(_ password: String) async throws -> String {
        try await run { try Crypto.hashPassword(password) }
    }

    /// Checks `password` against `hash`, or against the decoy when there is no account.
    func verify(_ password: String, hash: String?) async throws -> Bool {
        try await run { [self] in
            self.checked.add(1, ordering: .relaxed)
            return Crypto.verifyPassword(password, hash: hash ?? Self.decoy)
        }
    }

    private func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        guard admitted.add(1, ordering: .acquiringAndReleasing).newValue <= capacity else {
            admitted.subtract(1, ordering: .acquiringAndReleasing)
            throw Busy()
        }
        return try await withCheckedThrowingContinuation { done in
            workers.submit { [self] in
                let result = Result { try work() }
                self.admitted.subtract(1, ordering: .acquiringAndReleasing)
                done.resume(with: result)
            }
        }
    }
}
