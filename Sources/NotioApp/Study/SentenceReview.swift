import Foundation
import NotioAnalysis
import NotioCore
import NotioStore

/// A saved sentence in 오늘 복습: the sentence, its blanked words, and its card (nil for a
/// sentence taken in today that was never reviewed).
struct SentenceReviewItem: Sendable {
    var sentence: SentenceWithBook
    var cloze: SentenceCloze
    var card: ReviewCard?
    /// When it became due: its card's due time, or a day after it was saved for a new one.
    var due: Date
}

/// What answering a sentence gave: which blanks were right, and the card's next schedule.
struct SentenceReviewAnswer: Sendable {
    var sentence: SentenceWithBook
    var cloze: SentenceCloze
    var given: [String]
    var blanksRight: [Bool]
    var card: ReviewCard
    var isCorrect: Bool { blanksRight.allSatisfy { $0 } }
}

/// Saved sentences come back in 오늘 복습 beside wrong answers, on the same FSRS schedule. The
/// one place that says which sentences enter the queue: a sentence saved at least a day ago
/// (the day it was read it is still fresh), oldest first, at most `newPerDay` new ones a local
/// day; once answered it has a card like a wrong answer's. All right is Good, some right Hard,
/// none Again. A reader who turned sentence review off sees none, and none are counted.
struct SentenceReview: Sendable {
    let store: Store
    let clock: @Sendable () -> Date
    let scheduler = FSRSScheduler()

    static let kind = "sentence"
    /// New sentences taken into the queue per local day.
    static let newPerDay = 3
    /// How long a sentence rests after it was saved before it may come back.
    static let restAfterSaving: TimeInterval = 86_400

    /// Today's sentence items: the due cards, then today's new sentences.
    func queue(_ user: User, at now: Date) throws -> [SentenceReviewItem] {
        guard user.sentenceReview else { return [] }
        let due = try store.dueSentenceReviews(owner: user.id, at: now).compactMap { card, s in
            SentenceCloze.of(s.sentence.text).map { SentenceReviewItem(sentence: s, cloze: $0, card: card, due: card.due) }
        }
        return due + (try newItems(user, at: now))
    }

    /// The new sentences today still has room for.
    func newItems(_ user: User, at now: Date) throws -> [SentenceReviewItem] {
        let room = try newRoom(user, at: now)
        guard room > 0 else { return [] }
        // A few more than the room: a sentence with no word to blank is passed over.
        return try store.unscheduledSentences(owner: user.id, savedBefore: now.addingTimeInterval(-Self.restAfterSaving), limit: room * 4)
            .compactMap { s in
                SentenceCloze.of(s.sentence.text).map {
                    SentenceReviewItem(sentence: s, cloze: $0, card: nil, due: s.sentence.createdAt.addingTimeInterval(Self.restAfterSaving))
                }
            }
            .prefix(room).map { $0 }
    }

    /// How many new sentences today still takes in (none when sentence review is off).
    private func newRoom(_ user: User, at now: Date) throws -> Int {
        guard user.sentenceReview else { return 0 }
        return Self.newPerDay - (try store.sentenceCardsMade(owner: user.id, since: startOfDay(now, user)))
    }

    /// Every item due now, both kinds: the home's count and `reviewDue`. The new sentences are
    /// `newItems` counted, from their texts alone (the statistics ask this on every visit).
    func dueCount(_ user: User, at now: Date) throws -> Int {
        let room = try newRoom(user, at: now)
        let new = room > 0
            ? try store.unscheduledSentenceTexts(owner: user.id, savedBefore: now.addingTimeInterval(-Self.restAfterSaving), limit: room * 4)
                .lazy.filter { SentenceCloze.of($0) != nil }.prefix(room).count
            : 0
        return try store.dueReviewCount(owner: user.id, at: now, sentences: user.sentenceReview) + new
    }

    /// Answers a sentence of the queue with one word per blank and reschedules it.
    func answer(sentenceId: String, owner: User, given: [String]) throws -> SentenceReviewAnswer {
        let now = clock()
        guard owner.sentenceReview, let sentence = try store.sentence(id: sentenceId, owner: owner.id),
              let cloze = SentenceCloze.of(sentence.sentence.text) else { throw AppError.reviewNotFound }
        let card = try store.reviewCards(owner: owner.id, kind: Self.kind, ids: [sentenceId])[sentenceId]
        // A sentence without a card may be answered only when today takes it in.
        if card == nil, try !newItems(owner, at: now).contains(where: { $0.sentence.sentence.id == sentenceId }) { throw AppError.reviewNotFound }
        guard given.count == cloze.answers.count else {
            throw AppError.invalid(["blanks": Message("error.review_blanks", String(cloze.answers.count))])
        }
        for (i, word) in given.enumerated() {
            do { _ = try QuizRules.answerText(word, field: "blanks[\(i)]") } catch {
                throw AppError.invalid([error.field: Message("error.answer_too_long", String(QuizRules.maxAnswerText))])
            }
        }
        let right = cloze.grade(given)
        let rating: ReviewRating = right.allSatisfy { $0 } ? .good : right.contains(true) ? .hard : .again
        let next = scheduler.review(card: card, itemId: sentenceId, kind: Self.kind, rating: rating, at: now)
        try store.recordReview(owner: owner.id, card: next, answeredRight: rating == .good, at: now)
        return SentenceReviewAnswer(sentence: sentence, cloze: cloze, given: given, blanksRight: right, card: next)
    }

    /// Midnight of `now`'s day in the reader's time zone.
    private func startOfDay(_ now: Date, _ user: User) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: user.timeZone) ?? TimeZone(identifier: "Asia/Seoul")!
        return calendar.startOfDay(for: now)
    }
}

extension QuizService {
    /// The sentence side of the review queue, on the same clock.
    var sentences: SentenceReview { SentenceReview(store: store, clock: clock) }
}
