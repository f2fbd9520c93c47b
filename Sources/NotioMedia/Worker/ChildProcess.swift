import Foundation

/// A child process started with `posix_spawn`, its standard input and output on descriptors we
/// give, every other descriptor of ours closed in it (`closefrom`, in the child, after the
/// duplications). Foundation's `Process` is not used: on Linux it lists every open descriptor of
/// the parent to close them one by one in the child, and with a thousand descriptors opened and
/// closed by other threads meanwhile (a busy server, the parallel tests) it crashed in
/// `Process.run()`.
///
/// The child is reaped by whoever first sees it gone (`isRunning`, `waitForExit`), under a lock,
/// and a signal is sent only to a child not yet reaped: its pid cannot have been reused.
final class ChildProcess: @unchecked Sendable {
    let pid: pid_t
    private let lock = NSLock()
    private var status: Int32?

    private init(pid: pid_t) { self.pid = pid }

    /// Starts `executable` with `arguments`; the child reads `input` as its standard input and
    /// writes its standard output to `output`; its standard error is ours.
    static func spawn(_ executable: String, arguments: [String], environment: [String: String],
                      input: Int32, output: Int32) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
        guard let closeFrom = closeFrom else { throw POSIXError(.ENOSYS) }
        closeFrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own, as Foundation's Process gave it: a terminal's Ctrl-C reaches the
        // server, which then stops its children itself.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var pid: pid_t = 0
        let failed = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard failed == 0 else { throw POSIXError(POSIXErrorCode(rawValue: failed) ?? .EIO) }
        return ChildProcess(pid: pid)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up at run time:
    /// Swift's Glibc module does not declare it.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// Whether a wait status says the child was ended by a signal (a crash, or a kill).
    static func endedBySignal(_ status: Int32) -> Bool {
        let signal = status & 0x7f
        return signal != 0 && signal != 0x7f
    }

    /// Whether the child still runs; reaps it when it has ended.
    var isRunning: Bool {
        lock.withLock { reapIfEnded() == nil }
    }

    /// Waits for the child to end (looking every 5 ms, so that `isRunning` and `signal` from other
    /// threads stay answered meanwhile); returns its wait status.
    @discardableResult
    func waitForExit() -> Int32 {
        while true {
            if let status = lock.withLock({ reapIfEnded() }) { return status }
            usleep(5_000)
        }
    }

    /// Waits up to `seconds` for the child to end; past that, a thread of its own waits to reap
    /// it, so the caller is never tied to how busy the machine is.
    func reap(waitingAtMost seconds: Double) {
        let limit = ContinuousClock.now + .seconds(seconds)
        while isRunning && ContinuousClock.now < limit { usleep(5_000) }
        if isRunning { Thread { [self] in waitForExit() }.start() }
    }

    /// Sends `signal` unless the child has been reaped.
    func signal(_ signal: Int32) {
        lock.withLock {
            if reapIfEnded() == nil { _ = kill(pid, signal) }
        }
    }

    /// Call with the lock held.
    private func reapIfEnded() -> Int32? {
        if let status { return status }
        var raw: Int32 = 0
        let reaped = waitpid(pid, &raw, WNOHANG)
        if reaped == pid || (reaped < 0 && errno == ECHILD) {
            status = raw
            return raw
        }
        return nil
    }
}
