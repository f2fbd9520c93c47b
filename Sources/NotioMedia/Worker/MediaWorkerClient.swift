import Foundation
import NotioCore

/// The server's side of the isolated worker: runs `notio-worker` as a child process for one
/// document, relays its progress, and turns every way it can end into a value or a `MediaError`.
public struct MediaWorkerClient: Sendable {
    public let executable: String
    public let limits: MediaLimits
    /// Called with the child's pid once it runs (tests check that cancellation ends it).
    var launched: @Sendable (Int32) -> Void = { _ in }

    /// `executable` is the notio binary, normally `/proc/self/exe` resolved
    /// (see `currentExecutable()`).
    public init(executable: String, limits: MediaLimits = MediaLimits()) {
        self.executable = executable
        self.limits = limits
    }

    /// `notio-worker` beside the running binary: the server and the worker are built together.
    public static func currentExecutable() -> String {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("notio-worker").path
    }

    /// Extracts a PDF's text (OCR for scanned pages), outline and title in a child process.
    ///
    /// Throws `MediaError` (`not_found`, `too_large`, `not_a_pdf`, `encrypted_pdf`, `damaged_pdf`,
    /// `empty_file`, `too_many_pages`, `timeout`, `worker_crashed`, `worker_failed`, ...), or
    /// `CancellationError` when the task is cancelled; the child is killed in both last cases.
    public func extractPDF(at path: String, progress: @escaping @Sendable (ExtractionStage) -> Void) async throws -> ExtractedDocument {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.intValue else {
            throw MediaError(code: "not_found", message: "The uploaded file could not be found.")
        }
        guard size <= limits.maxBytes else { throw MediaError.tooLarge(bytes: size, limit: limits.maxBytes) }

        let request = WorkerRequest(op: "extractPDF", path: path, maxPages: limits.maxPages, ocr: limits.ocr,
                                    ocrMinChars: limits.ocrMinChars, ocrDPI: limits.ocrDPI,
                                    ocrThreads: limits.ocrThreads > 0 ? limits.ocrThreads : nil)
        let run = WorkerRun(executable: executable, request: try JSONEncoder().encode(request) + Data([0x0A]),
                            timeout: limits.timeoutSeconds, documentName: (path as NSString).lastPathComponent, launched: launched)
        let line = try await withTaskCancellationHandler {
            try await run.start(progress: progress)
        } onCancel: {
            run.cancel()
        }
        guard let result = line.result else {
            throw MediaError(code: "worker_failed", message: "The document could not be read.")
        }
        return result
    }
}

/// One child process: its state is shared by the task, the reader thread, the timer and the
/// cancellation handler, hence the lock.
final class WorkerRun: @unchecked Sendable {
    private enum Ending { case timedOut, cancelled }

    private let executable: String
    private let request: Data
    private let timeout: Double
    private let launched: @Sendable (Int32) -> Void
    private let lock = NSLock()
    private var process: ChildProcess?
    private var ending: Ending?

    private let documentName: String

    init(executable: String, request: Data, timeout: Double, documentName: String = "", launched: @escaping @Sendable (Int32) -> Void) {
        self.executable = executable; self.request = request; self.timeout = timeout; self.launched = launched
        self.documentName = documentName
    }

    func cancel() { stop(.cancelled) }

    /// Writing to a pipe whose reader died raises SIGPIPE, which ends a process by default.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    private func stop(_ reason: Ending) {
        lock.lock()
        defer { lock.unlock() }
        guard ending == nil else { return }
        ending = reason
        // Only a child not yet reaped is signalled: its pid cannot have been reused.
        process?.signal(SIGKILL)
    }

    /// Runs the child to its end; returns the final result or error line's content.
    func start(progress: @escaping @Sendable (ExtractionStage) -> Void) async throws -> WorkerLine {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { [self] in
                continuation.resume(with: Result { try run(progress: progress) })
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Blocking: spawns the child, reads its lines until it closes stdout, reaps it.
    private func run(progress: @Sendable (ExtractionStage) -> Void) throws -> WorkerLine {
        var environment = ProcessInfo.processInfo.environment
        // Must be in the environment at exec: tesseract's OpenMP reads it once at load time.
        environment["OMP_THREAD_LIMIT"] = "1"
        let input = Pipe(), output = Pipe()
        // Not inherited by other children started meanwhile (another job's worker): a sibling
        // holding our pipe's write end would keep us waiting for end-of-file after a kill.
        for handle in [input.fileHandleForReading, input.fileHandleForWriting, output.fileHandleForReading, output.fileHandleForWriting] {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }

        lock.lock()
        if ending == .cancelled {
            lock.unlock()
            throw CancellationError()
        }
        let child: ChildProcess
        do {
            // The document's name rides along, unused by the worker: `ps` then shows which
            // document each worker reads.
            child = try ChildProcess.spawn(executable, arguments: ["worker", documentName], environment: environment,
                                           input: input.fileHandleForReading.fileDescriptor, output: output.fileHandleForWriting.fileDescriptor)
        } catch {
            lock.unlock()
            throw MediaError(code: "worker_failed", message: "The document reader could not be started.")
        }
        process = child
        lock.unlock()
        // The child's ends are its own now; keeping them open here would hide its exit.
        try? input.fileHandleForReading.close()
        try? output.fileHandleForWriting.close()
        launched(child.pid)

        // The deadline is checked by the reading loop itself, not by a dispatch timer that a busy
        // process could run late.
        let deadline = ContinuousClock.now + .seconds(timeout)

        // A child that dies before reading its request must not take this process with it.
        _ = Self.ignoreBrokenPipes
        try? input.fileHandleForWriting.write(contentsOf: request)
        try? input.fileHandleForWriting.close()

        var final: WorkerLine?
        var buffer = Data()
        let reader = output.fileHandleForReading
        let fd = reader.fileDescriptor
        var chunkBytes = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            // Poll rather than block: once the child is killed and gone, stop reading even if a
            // process started elsewhere in the meantime still holds the pipe's write end open.
            if ContinuousClock.now >= deadline { stop(.timedOut) }
            // Killed (timeout or cancel): the child's output no longer matters.
            if lock.withLock({ ending != nil }) { break }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, 200)
            if ready == 0 { continue }
            if ready < 0 { if errno == EINTR { continue }; break }
            let n = read(fd, &chunkBytes, chunkBytes.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            // Only the new bytes are searched for line ends: the result line of a long document
            // is megabytes and arrives in many reads.
            var searchFrom = buffer.endIndex
            buffer.append(contentsOf: chunkBytes[0..<n])
            while let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                searchFrom = buffer.startIndex
                guard let decoded = try? JSONDecoder().decode(WorkerLine.self, from: line) else { continue }
                if let stage = decoded.stage {
                    progress(stage)
                } else {
                    final = decoded
                }
            }
        }
        try? reader.close()
        let killed = lock.withLock { ending != nil }
        var diedOfASignal = false
        if killed {
            child.reap(waitingAtMost: 2)
        } else {
            diedOfASignal = ChildProcess.endedBySignal(child.waitForExit())
        }

        lock.lock()
        let reason = ending
        lock.unlock()

        switch reason {
        case .cancelled:
            throw CancellationError()
        case .timedOut:
            throw MediaError(code: "timeout",
                             message: "Reading this document took longer than \(Int(timeout)) seconds and was stopped.")
        case nil:
            break
        }
        if diedOfASignal {
            throw MediaError(code: "worker_crashed",
                             message: "The document reader stopped unexpectedly on this file. The file may be damaged.")
        }
        if let error = final?.error { throw error }
        guard let final, final.isAnswer else {
            throw MediaError(code: "worker_failed", message: "The document could not be read.")
        }
        return final
    }
}
