import Foundation

/// One running `notio-worker serve-ocr` and its two pipes. Used by one slot thread;
/// `terminate` may come from another.
final class OCRChild: @unchecked Sendable {
    enum Sent { case sent, closed, timedOut }
    enum Received { case answer(OCRAnswer), ended, timedOut }

    private let process: ChildProcess
    private let input: FileHandle
    private let output: FileHandle
    /// Bytes read after the last complete line.
    private var pending = Data()

    /// Writing to a pipe whose reader died raises SIGPIPE, which ends a process by default.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    init(executable: String, environment extra: [String: String]) throws {
        _ = Self.ignoreBrokenPipes
        var environment = ProcessInfo.processInfo.environment
        // Must be in the environment at exec: tesseract's OpenMP reads it once at load time.
        environment["OMP_THREAD_LIMIT"] = "1"
        environment.merge(extra) { _, new in new }
        let stdin = Pipe(), stdout = Pipe()
        // Not inherited by other children started meanwhile: a sibling holding our pipes' ends
        // would keep a dead worker's stdout from reaching end-of-file.
        for handle in [stdin.fileHandleForReading, stdin.fileHandleForWriting, stdout.fileHandleForReading, stdout.fileHandleForWriting] {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        // Our end of stdin never blocks: a stuck worker with a full pipe must not hang the slot
        // past its deadline.
        let writeEnd = stdin.fileHandleForWriting.fileDescriptor
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        let child = try ChildProcess.spawn(executable, arguments: ["serve-ocr"], environment: environment,
                                           input: stdin.fileHandleForReading.fileDescriptor, output: stdout.fileHandleForWriting.fileDescriptor)
        // The child's ends belong to it now; keeping them open here would hide its exit.
        try? stdin.fileHandleForReading.close()
        try? stdout.fileHandleForWriting.close()
        process = child
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
    }

    var isRunning: Bool { process.isRunning }

    /// Only a child not yet reaped is signalled: its pid cannot have been reused.
    func terminate() { process.signal(SIGKILL) }

    /// Writes a whole request line, waiting for room in the pipe until `deadline`.
    func send(_ line: Data, until deadline: ContinuousClock.Instant) -> Sent {
        let fd = input.fileDescriptor
        return line.withUnsafeBytes { raw -> Sent in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written > 0 { offset += written; continue }
                if written < 0 && errno == EINTR { continue }
                guard written < 0 && errno == EAGAIN else { return .closed }
                guard let wait = Self.pollMilliseconds(until: deadline) else { return .timedOut }
                var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&pfd, 1, wait)
            }
            return .sent
        }
    }

    /// Reads lines until the answer to request `id`, the end of the child's output, or `deadline`.
    /// Lines that are not an answer to `id` are skipped.
    func receive(id: Int, until deadline: ContinuousClock.Instant) -> Received {
        let fd = output.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = pending[pending.startIndex..<newline]
                pending.removeSubrange(pending.startIndex...newline)
                if let answer = try? JSONDecoder().decode(OCRAnswer.self, from: line), answer.id == id {
                    return .answer(answer)
                }
            }
            guard let wait = Self.pollMilliseconds(until: deadline) else { return .timedOut }
            // Poll rather than block, so the deadline holds however the child behaves.
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, wait)
            if ready == 0 { continue }
            if ready < 0 { if errno == EINTR { continue }; return .ended }
            let count = read(fd, &chunk, chunk.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 { return .ended }
            pending.append(contentsOf: chunk[0..<count])
        }
    }

    /// How long one `poll` may wait before the deadline is looked at again (at most 0.2 s), or
    /// nil once it has passed.
    private static func pollMilliseconds(until deadline: ContinuousClock.Instant) -> Int32? {
        let left = deadline - .now
        guard left > .zero else { return nil }
        let (seconds, attoseconds) = min(left, .milliseconds(200)).components
        return Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000) + 1
    }

    /// Closes stdin (a healthy worker exits at its end), kills a worker still there after a
    /// moment, and waits for it to be reaped.
    func end() {
        try? input.close()
        try? output.close()
        let gentle = ContinuousClock.now + .seconds(2)
        while process.isRunning && ContinuousClock.now < gentle { usleep(5_000) }
        if process.isRunning {
            terminate()
            process.reap(waitingAtMost: 2)
        }
    }
}
