import Foundation

/// How well an item was recalled, FSRS's four grades (1…4).
public enum ReviewRating: Int, Codable, Sendable, CaseIterable {
    case again = 1, hard = 2, good = 3, easy = 4
}

/// Where a card is in its life: never seen, being learnt, in long-term review, relearning after a lapse.
public enum ReviewState: String, Codable, Sendable {
    case new, learning, review, relearning
}

/// One item in the spaced-review queue. Generic on purpose: `kind` says what `itemId` points at
/// ("question" for a quiz question, "sentence" for a book sentence), so both spaces share one queue.
public struct ReviewCard: Codable, Sendable, Hashable {
    public var itemId: String
    public var kind: String
    /// Days until recall probability falls to 90 %.
    public var stability: Double
    /// 1 (easy) … 10 (hard).
    public var difficulty: Double
    public var due: Date
    public var lastReview: Date?
    public var reps: Int
    public var lapses: Int
    public var state: ReviewState

    public init(itemId: String, kind: String, stability: Double = 0, difficulty: Double = 0, due: Date,
                lastReview: Date? = nil, reps: Int = 0, lapses: Int = 0, state: ReviewState = .new) {
        self.itemId = itemId; self.kind = kind; self.stability = stability; self.difficulty = difficulty
        self.due = due; self.lastReview = lastReview; self.reps = reps; self.lapses = lapses; self.state = state
    }

    /// A card never reviewed, due at once.
    public static func new(itemId: String, kind: String, at now: Date) -> ReviewCard {
        ReviewCard(itemId: itemId, kind: kind, due: now)
    }
}

/// The Free Spaced Repetition Scheduler, version 5 (the formulas of fsrs4anki / py-fsrs 5), with
/// intervals in whole days. A lapse ("again") comes back after `againDelay` the same day; a review
/// on the same day as the last one uses FSRS-5's short-term stability update.
public struct FSRSScheduler: Sendable {
    /// FSRS-5 default parameters w0…w18.
    public static let defaultWeights: [Double] = [
        0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192,
        1.01925, 1.9395, 0.11, 0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621,
    ]
    /// The forgetting curve R(t) = (1 + FACTOR·t/S)^DECAY, with R(S) = 0.9.
    public static let decay = -0.5
    public static let factor = 19.0 / 81.0

    public var weights: [Double]
    public var desiredRetention: Double
    public var maximumInterval: Int
    /// When a forgotten card is shown again.
    public var againDelay: TimeInterval

    public init(weights: [Double] = FSRSScheduler.defaultWeights, desiredRetention: Double = 0.9,
                maximumInterval: Int = 36500, againDelay: TimeInterval = 10 * 60) {
        precondition(weights.count == 19, "FSRS-5 has 19 parameters")
        self.weights = weights; self.desiredRetention = desiredRetention
        self.maximumInterval = maximumInterval; self.againDelay = againDelay
    }

    /// The card after a review with `rating` at `now`.
    public func review(card: ReviewCard, rating: ReviewRating, at now: Date) -> ReviewCard {
        var next = card
        let g = Double(rating.rawValue)
        if card.state == .new || card.lastReview == nil {
            next.stability = initialStability(rating)
            next.difficulty = initialDifficulty(g)
        } else {
            let elapsed = elapsedDays(from: card.lastReview!, to: now)
            if elapsed < 1 {
                next.stability = shortTermStability(card.stability, rating: g)
            } else {
                let r = retrievability(elapsedDays: elapsed, stability: card.stability)
                next.stability = rating == .again
                    ? forgetStability(difficulty: card.difficulty, stability: card.stability, retrievability: r)
                    : recallStability(difficulty: card.difficulty, stability: card.stability, retrievability: r, rating: rating)
            }
            next.difficulty = nextDifficulty(card.difficulty, rating: g)
        }
        next.stability = max(next.stability, 0.01)
        next.reps += 1
        next.lastReview = now
        if rating == .again {
            if card.state == .review { next.lapses += 1 }
            next.state = card.state == .new || card.state == .learning ? .learning : .relearning
            next.due = now.addingTimeInterval(againDelay)
        } else {
            next.state = .review
            next.due = now.addingTimeInterval(Double(interval(stability: next.stability)) * 86_400)
        }
        return next
    }

    /// The card after a review; a first review (`card == nil`) starts a new card for the item.
    public func review(card: ReviewCard?, itemId: String, kind: String, rating: ReviewRating, at now: Date) -> ReviewCard {
        review(card: card ?? .new(itemId: itemId, kind: kind, at: now), rating: rating, at: now)
    }

    /// Probability of recall at `now`; 1 for a card never reviewed is meaningless, so 0.
    public func retrievability(of card: ReviewCard, at now: Date) -> Double {
        guard let last = card.lastReview, card.stability > 0 else { return 0 }
        return retrievability(elapsedDays: max(0, now.timeIntervalSince(last) / 86_400), stability: card.stability)
    }

    /// Cards due at `now`, the most overdue first.
    public static func dueCards(_ cards: [ReviewCard], at now: Date) -> [ReviewCard] {
        cards.filter { $0.due <= now }.sorted { $0.due < $1.due }
    }

    // MARK: - Formulas

    /// Whole days since the last review, as py-fsrs counts them.
    func elapsedDays(from last: Date, to now: Date) -> Double {
        max(0, (now.timeIntervalSince(last) / 86_400).rounded(.down))
    }

    func retrievability(elapsedDays t: Double, stability s: Double) -> Double {
        pow(1 + Self.factor * t / s, Self.decay)
    }

    /// I(r, S) = S / FACTOR · (r^(1/DECAY) − 1), rounded, 1 … maximumInterval.
    public func interval(stability s: Double) -> Int {
        let raw = s / Self.factor * (pow(desiredRetention, 1 / Self.decay) - 1)
        return min(max(Int(raw.rounded()), 1), maximumInterval)
    }

    /// S0(G) = w[G−1].
    func initialStability(_ rating: ReviewRating) -> Double { weights[rating.rawValue - 1] }

    /// D0(G) = w4 − e^(w5·(G−1)) + 1, clamped to 1…10.
    func initialDifficulty(_ g: Double) -> Double {
        clampDifficulty(weights[4] - exp(weights[5] * (g - 1)) + 1)
    }

    /// ΔD = −w6·(G−3); D' = D + ΔD·(10−D)/9; D'' = w7·D0(4) + (1−w7)·D'.
    func nextDifficulty(_ d: Double, rating g: Double) -> Double {
        let delta = -weights[6] * (g - 3)
        let damped = d + delta * (10 - d) / 9
        let reverted = weights[7] * (weights[4] - exp(weights[5] * 3) + 1) + (1 - weights[7]) * damped
        return clampDifficulty(reverted)
    }

    /// S' = S·(e^w8·(11−D)·S^(−w9)·(e^(w10·(1−R))−1)·[w15 if hard]·[w16 if easy] + 1).
    func recallStability(difficulty d: Double, stability s: Double, retrievability r: Double, rating: ReviewRating) -> Double {
        let hardPenalty = rating == .hard ? weights[15] : 1
        let easyBonus = rating == .easy ? weights[16] : 1
        return s * (exp(weights[8]) * (11 - d) * pow(s, -weights[9]) * (exp(weights[10] * (1 - r)) - 1) * hardPenalty * easyBonus + 1)
    }

    /// S'f = min(w11·D^(−w12)·((S+1)^w13 − 1)·e^(w14·(1−R)), S / e^(w17·w18)).
    func forgetStability(difficulty d: Double, stability s: Double, retrievability r: Double) -> Double {
        let longTerm = weights[11] * pow(d, -weights[12]) * (pow(s + 1, weights[13]) - 1) * exp(weights[14] * (1 - r))
        let shortTerm = s / exp(weights[17] * weights[18])
        return min(longTerm, shortTerm)
    }

    /// Same-day review: S' = S·e^(w17·(G−3+w18)).
    func shortTermStability(_ s: Double, rating g: Double) -> Double {
        s * exp(weights[17] * (g - 3 + weights[18]))
    }

    func clampDifficulty(_ d: Double) -> Double { min(max(d, 1), 10) }
}
