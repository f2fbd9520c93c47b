import Foundation
import Synchronization

/// Closes the connections of clients too slow to be anyone's browser: one that has not sent a
/// request's headers within `headersTimeout` of opening (or of its previous answer), and one whose
/// body arrives slower than `minBodyBytesPerSecond` over any stretch of `headersTimeout`.
/// libmicrohttpd's own timeout counts only silence, and a byte every few seconds is not silence:
/// without this, forty such connections held their sockets and buffers for as long as they liked.
final class SlowClients: Sendable {
    /// One connection, from libmicrohttpd's `NOTIFY_STARTED` to its `NOTIFY_CLOSED`. The MHD thread
    /// that owns the connection moves it between phases; the watch thread only reads it.
    final class Connection: Sendable {
        enum Phase: UInt64 { case awaitingHeaders = 0, receivingBody = 1, busy = 2 }
        let fd: Int32
        /// The phase in the low two bits, the monotonic time it began in the others: one word, so
        /// the watch never sees a phase with another phase's start.
        let state: Atomic<UInt64>
        let bodyBytes = Atomic<Int>(0)

        init(fd: Int32, at now: UInt64) {
            self.fd = fd
            state = Atomic(now & ~3 | Phase.awaitingHeaders.rawValue)
        }

        func enter(_ phase: Phase, at now: UInt64) {
            bodyBytes.store(0, ordering: .sequentiallyConsistent)
            state.store(now & ~3 | phase.rawValue, ordering: .sequentiallyConsistent)
        }

        func received(_ count: Int) { bodyBytes.add(count, ordering: .relaxed) }
    }

    /// What the watch remembers of a connection receiving a body: the stretch being measured.
    private struct Watched {
        let connection: Connection
        var state: UInt64 = 0
        var stretchStart: UInt64 = 0
        var stretchBytes = 0
    }

    let headersTimeoutNanos: UInt64
    let minBodyBytesPerSecond: Int
    private let connections = Mutex<[ObjectIdentifier: Watched]>([:])
    private let running = Atomic<Bool>(false)
    private let closedCount = Atomic<Int>(0)

    /// `headersTimeout` 0 turns the watch off.
    init(headersTimeout: Double, minBodyBytesPerSecond: Int) {
        headersTimeoutNanos = UInt64(max(0, headersTimeout) * 1e9)
        self.minBodyBytesPerSecond = max(0, minBodyBytesPerSecond)
    }

    var isOn: Bool { headersTimeoutNanos > 0 }
    /// Connections closed for being slow since the start.
    var closed: Int { closedCount.load(ordering: .relaxed) }

    func opened(_ connection: Connection) {
        connections.withLock { $0[ObjectIdentifier(connection)] = Watched(connection: connection) }
    }

    /// Called by libmicrohttpd before it closes the socket; under the same lock as the watch's
    /// `shutdown`, so the watch never touches a descriptor that was closed and reused.
    func closing(_ connection: Connection) {
        _ = connections.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    func start() {
        guard isOn, !running.exchange(true, ordering: .sequentiallyConsistent) else { return }
        // Looks four times per time limit (at most every quarter second): a connection is closed
        // at most a quarter past its limit.
        let tick = max(0.05, min(0.25, Double(headersTimeoutNanos) / 4e9))
        let thread = Thread { [self] in
            while running.load(ordering: .acquiring) {
                Thread.sleep(forTimeInterval: tick)
                sweep(at: HTTPServer.nanos())
            }
        }
        thread.name = "notio-slow-clients"
        thread.start()
    }

    func stop() { running.store(false, ordering: .releasing) }

    /// Shuts the socket of every connection past its limit; libmicrohttpd then reads the end of
    /// the stream and closes the connection on its own thread, as if the client had left.
    func sweep(at now: UInt64) {
        let limit = headersTimeoutNanos
        let floor = UInt64(minBodyBytesPerSecond) * limit / 1_000_000_000
        connections.withLock { all in
            for key in Array(all.keys) {
                guard var watched = all[key] else { continue }
                let state = watched.connection.state.load(ordering: .sequentiallyConsistent)
                let since = state & ~3
                var slow = false
                switch Connection.Phase(rawValue: state & 3) {
                case .awaitingHeaders:
                    slow = now > since && now - since > limit
                case .receivingBody:
                    let bytes = watched.connection.bodyBytes.load(ordering: .sequentiallyConsistent)
                    if watched.state != state {
                        watched.state = state; watched.stretchStart = since; watched.stretchBytes = 0
                    }
                    if now > watched.stretchStart, now - watched.stretchStart >= limit {
                        slow = UInt64(max(0, bytes - watched.stretchBytes)) < floor
                        watched.stretchStart = now; watched.stretchBytes = bytes
                    }
                    all[key] = watched
                case .busy, nil:
                    break
                }
                if slow {
                    shutdown(watched.connection.fd, Int32(SHUT_RDWR))
                    // Said once: it is no longer watched, whatever libmicrohttpd does next.
                    all.removeValue(forKey: key)
                    closedCount.add(1, ordering: .relaxed)
                }
            }
        }
    }
}
