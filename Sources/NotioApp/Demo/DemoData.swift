import Foundation
import NotioCore
import NotioStore

/// The demo account `study@notio.io` / `password`: created (or refreshed) only with `--seed-demo`.
/// Each feature adds its part (notes, quizzes, books, sentences, sessions).
enum DemoData {
    static let email = "study@notio.io"
    static let password = "password"
    static let name = "데모 학생"

    static func seed(store: Store, now: Date) throws {
        let hash = try Crypto.hashPassword(password)
        let userId: String
        if let existing = try store.credentials(email: email) {
            // Refresh: the demo password is always the documented one, and missing demo notes come back.
            try store.setPasswordHash(userId: existing.user.id, hash)
            userId = existing.user.id
        } else {
            let user = User(id: UUID().uuidString.lowercased(), email: email, name: name, language: "ko", timeZone: "Asia/Seoul", createdAt: now)
            _ = try store.insertUser(user, passwordHash: hash, termsAgreedAt: now)
            userId = user.id
        }
        try DemoNotes.seed(store: store, ownerId: userId, now: now)
        if let user = try store.user(id: userId) {
            try DemoStudy.seed(store: store, owner: user, now: now)
            try DemoReading.seed(store: store, owner: user, now: now)
        }
    }

    /// Without `--seed-demo` no account may have a password everyone knows: a demo account left
    /// by an earlier start (older versions seeded it on every first start) gets a random one.
    /// Returns whether it had the public password.
    static func closePublicPassword(store: Store) throws -> Bool {
        guard let existing = try store.credentials(email: email), existing.passwordHash != closed,
              Crypto.verifyPassword(password, hash: existing.passwordHash) else { return false }
        try store.setPasswordHash(userId: existing.user.id, closed)
        return true
    }

    /// Not a hash of any password (libsodium refuses it at once), so no password signs in, and
    /// the next start without `--seed-demo` needs no Argon2 check to see that it is closed.
    static let closed = "!closed: started without --seed-demo"
}
