import Foundation

/// The worker's answers on stdout. Foundation's `FileHandle.write(_:)` traps when the write fails,
/// and it fails when the server that started the worker is gone or gave up on it (its end of the
/// pipe closed, SIGPIPE ignored): the worker then has nobody left to answer and leaves quietly
/// instead of crashing with a backtrace.
enum WorkerOutput {
    static func write(_ data: Data) {
        do { try FileHandle.standardOutput.write(contentsOf: data) } catch { exit(EXIT_FAILURE) }
    }
}
