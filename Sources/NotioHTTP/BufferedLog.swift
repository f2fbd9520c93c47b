import Foundation
import Synchronization

/// A log sink that collects lines in memory and writes them to a file descriptor in batches, at
/// least every 100 ms: one `write(2)` per batch instead of one per request.
public final class BufferedLog: Sendable {
    /// Standard output, flushed by a background thread.
    public static let standardOutput = BufferedLog(fileDescriptor: 1)

    private let fd: Int32
    private let buffer = Mutex<[UInt8]>([])

    public init(fileDescriptor: Int32) {
        fd = fileDescriptor
        buffer.withLock { $0.reserveCapacity(64 << 10) }
        let flusher = Thread { [self] in
            while true {
                usleep(100_000)
                flush()
            }
        }
        flusher.name = "log-flush"
        flusher.start()
    }

    /// Appends one line (a newline is added).
    public func write(_ line: String) {
        let full = buffer.withLock { bytes -> Bool in
            bytes.append(contentsOf: line.utf8)
            bytes.append(10)
            return bytes.count >= 64 << 10
        }
        if full { flush() }
    }

    /// Writes out everything collected so far.
    public func flush() {
        let pending = buffer.withLock { bytes -> [UInt8] in
            if bytes.isEmpty { return [] }
            var out: [UInt8] = []
            out.reserveCapacity(64 << 10)
            swap(&out, &bytes)
            return out
        }
        var offset = 0
        pending.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { if errno == EINTR { continue }; return }
                offset += n
            }
        }
    }
}
