import Foundation
import NotioCore
import Synchronization

/// Sessions looked up in the last second, so that a burst of requests from one browser or script
/// does not read the same row again and again. Any change to an account or a session made by
/// this process clears it; a session ended on another node stays usable here for at most `ttl`.
final class SessionCache: Sendable {
    private struct Entry { var session: Session; var user: User; var until: Date }
    private let entries = Mutex<[Data: Entry]>([:])
    private let ttl: TimeInterval
    private let capacity: Int

    init(ttl: TimeInterval = 1, capacity: Int = 10_000) {
        self.ttl = ttl
        self.capacity = capacity
    }

    func lookup(_ tokenHash: Data, at now: Date) -> (Session, User)? {
        entries.withLock { e in
            guard let entry = e[tokenHash], entry.until > now, entry.session.expiresAt > now else { return nil }
            return (entry.session, entry.user)
        }
    }

    func store(_ tokenHash: Data, _ session: Session, _ user: User, at now: Date) {
        entries.withLock { e in
            if e.count >= capacity { e.removeAll(keepingCapacity: true) }
            e[tokenHash] = Entry(session: session, user: user, until: now.addingTimeInterval(ttl))
        }
    }

    func clear() { entries.withLock { $0.removeAll(keepingCapacity: true) } }
}
