import Foundation
import NotioCore

/// Saved sentences in the review queue: their cards, the sentences not yet scheduled, and the
/// log of review answers the streak reads.
extension Store {
    /// Sentence cards due by `now`, with their sentences and books, soonest first.
    public func dueSentenceReviews(owner: String, at now: Date, limit: Int = 50) throws -> [(ReviewCard, SentenceWithBook)] {
        try database.read { c in
            try c.all("""
                SELECT \(Self.sentenceColumns), r.item_kind, r.item_id, r.stability, r.difficulty, r.due, r.last_review, r.reps, r.lapses, r.state
                FROM review_cards r JOIN sentences s ON s.id = r.item_id JOIN books b ON b.id = s.book_id
                WHERE r.owner_id = ? AND r.item_kind = 'sentence' AND r.due <= ? ORDER BY r.due, r.item_id LIMIT ?
                """, [owner, now.millis, limit]) { r in
                // The card's nine columns follow the sentence's ten.
                (Self.reviewCard(r, from: 10), Self.sentence(r))
            }
        }
    }

    /// Sentences saved by `savedBefore` that have no card yet, oldest first: the new ones the
    /// queue may take in (owner, savedBefore, limit).
    private static let unscheduled = """
        FROM sentences s JOIN books b ON b.id = s.book_id
        WHERE s.owner_id = ? AND s.created_at <= ?
          AND NOT EXISTS (SELECT 1 FROM review_cards r WHERE r.owner_id = s.owner_id AND r.item_kind = 'sentence' AND r.item_id = s.id)
        ORDER BY s.created_at, s.id LIMIT ?
        """

    /// The sentences of `unscheduled`.
    public func unscheduledSentences(owner: String, savedBefore: Date, limit: Int) throws -> [SentenceWithBook] {
        try database.read { c in
            try c.all("SELECT \(Self.sentenceColumns) " + Self.unscheduled, [owner, savedBefore.millis, limit]) { Self.sentence($0) }
        }
    }

    /// The texts of the same sentences as `unscheduledSentences`, in the same order: to count them.
    public func unscheduledSentenceTexts(owner: String, savedBefore: Date, limit: Int) throws -> [String] {
        try database.read { c in
            try c.all("SELECT s.text " + Self.unscheduled, [owner, savedBefore.millis, limit]) { $0.string(0) }
        }
    }

    /// How many sentence cards were made since `since` (new sentences taken in today).
    public func sentenceCardsMade(owner: String, since: Date) throws -> Int {
        try database.read { c in
            try c.first("SELECT count(*) FROM review_cards WHERE owner_id = ? AND item_kind = 'sentence' AND created_at >= ?",
                        [owner, since.millis], { $0.int(0) }) ?? 0
        }
    }

    /// When the owner answered review items, newest first (milliseconds).
    public func reviewAnswerTimes(owner: String) throws -> [Int64] {
        try database.read { c in
            try c.all("SELECT answered_at FROM review_log WHERE owner_id = ? ORDER BY answered_at DESC", [owner]) { $0.int64(0) }
        }
    }
}
