import Foundation
import Testing
@testable import NotioCore

/// FSRS-5 with its default parameters, against values computed by hand from the published formulas:
///   R(t,S) = (1 + 19/81 · t/S)^−0.5          I(0.9, S) = S
///   S0(G) = w[G−1]                             D0(G) = w4 − e^(w5·(G−1)) + 1
///   D' = w7·D0(4) + (1−w7)·(D − w6·(G−3)·(10−D)/9)
///   S'r = S·(e^w8·(11−D)·S^−w9·(e^(w10·(1−R))−1)·[w15 hard]·[w16 easy] + 1)
///   S'f = min(w11·D^−w12·((S+1)^w13−1)·e^(w14·(1−R)), S/e^(w17·w18))
///   same day: S' = S·e^(w17·(G−3+w18))
struct FSRSTests {
    let scheduler = FSRSScheduler()
    let start = Date(timeIntervalSince1970: 1_767_225_600) // 2026-01-01 00:00 UTC
    let day: TimeInterval = 86_400

    func newCard() -> ReviewCard { .new(itemId: "q-1", kind: "question", at: start) }

    @Test func firstRatingSetsInitialStabilityAndDifficulty() {
        // Good: S = w2 = 3.173, D0(3) = 7.1949 − e^(0.5345·2) + 1 = 7.1949 − 2.912466 + 1 = 5.282434
        let good = scheduler.review(card: newCard(), rating: .good, at: start)
        #expect(abs(good.stability - 3.173) < 1e-9)
        #expect(abs(good.difficulty - 5.282434) < 1e-5)
        #expect(good.due == start.addingTimeInterval(3 * day)) // round(3.173) = 3 days
        #expect(good.state == .review && good.reps == 1 && good.lapses == 0 && good.lastReview == start)

        // Again: S = w0 = 0.40255, D0(1) = w4 = 7.1949; shown again after ten minutes.
        let again = scheduler.review(card: newCard(), rating: .again, at: start)
        #expect(abs(again.stability - 0.40255) < 1e-9)
        #expect(abs(again.difficulty - 7.1949) < 1e-9)
        #expect(again.state == .learning)
        #expect(again.due == start.addingTimeInterval(600))

        // Hard: S = w1 = 1.18385 → 1 day, D0(2) = 7.1949 − e^0.5345 + 1 = 6.488305.
        let hard = scheduler.review(card: newCard(), rating: .hard, at: start)
        #expect(abs(hard.difficulty - 6.488305) < 1e-5)
        #expect(hard.due == start.addingTimeInterval(1 * day))

        // Easy: S = w3 = 15.69105 → 16 days, D0(4) = 7.1949 − e^1.6035 + 1 = 3.224502.
        let easy = scheduler.review(card: newCard(), rating: .easy, at: start)
        #expect(abs(easy.difficulty - 3.224502) < 1e-5)
        #expect(easy.due == start.addingTimeInterval(16 * day))
    }

    @Test func goodThenGoodThenAgain() {
        let first = scheduler.review(card: newCard(), rating: .good, at: start)
        // 3 days later: R = (1 + 0.234568·3/3.173)^−0.5 = 1.221779^−0.5 = 0.904698
        let t1 = start.addingTimeInterval(3 * day)
        #expect(abs(scheduler.retrievability(of: first, at: t1) - 0.904698) < 1e-5)
        // S' = 3.173·(e^1.54575·(11−5.282434)·3.173^−0.1192·(e^(1.01925·0.095302)−1) + 1) = 10.738926
        // D' = 0.0046·3.224502 + 0.9954·5.282434 = 5.272968 (Good leaves D, mean reversion pulls it)
        let second = scheduler.review(card: first, rating: .good, at: t1)
        #expect(abs(second.stability - 10.738926) < 1e-4)
        #expect(abs(second.difficulty - 5.272968) < 1e-5)
        #expect(second.due == t1.addingTimeInterval(11 * day))
        #expect(second.reps == 2)

        // 11 days later, forgotten: R = (1 + 0.234568·11/10.738926)^−0.5 = 0.897929
        // S'f = min(1.9395·5.272968^−0.11·(11.738926^0.29605 − 1)·e^(2.2698·0.102071), 10.738926/e^(0.51655·0.6621))
        //     = min(2.185775, 7.646…) = 2.185775
        // D' = 0.0046·3.224502 + 0.9954·(5.272968 + 2·1.4604·(10 − 5.272968)/9) = 6.790568
        let t2 = t1.addingTimeInterval(11 * day)
        let third = scheduler.review(card: second, rating: .again, at: t2)
        #expect(abs(third.stability - 2.185775) < 1e-4)
        #expect(abs(third.difficulty - 6.790568) < 1e-5)
        #expect(third.state == .relearning && third.lapses == 1)
        #expect(third.due == t2.addingTimeInterval(600))

        // Relearnt the same day: S' = 2.185775·e^(0.51655·(0 + 0.6621)) = 3.077… → 3 days.
        let t3 = t2.addingTimeInterval(600)
        let fourth = scheduler.review(card: third, rating: .good, at: t3)
        #expect(abs(fourth.stability - 2.185775 * exp(0.51655 * 0.6621)) < 1e-4)
        #expect(fourth.state == .review)
        #expect(fourth.due == t3.addingTimeInterval(3 * day))
    }

    @Test func firstReviewWithoutACard() {
        let card = scheduler.review(card: nil, itemId: "s-1", kind: "sentence", rating: .good, at: start)
        #expect(card.itemId == "s-1" && card.kind == "sentence" && abs(card.stability - 3.173) < 1e-9)
    }

    @Test func hardAfterThreeDays() {
        // S'r with w15 = 0.2315: 4.924512; D' = 0.0046·3.224502 + 0.9954·(5.282434 + 1.4604·(10−5.282434)/9) = 6.034950
        let first = scheduler.review(card: newCard(), rating: .good, at: start)
        let hard = scheduler.review(card: first, rating: .hard, at: start.addingTimeInterval(3 * day))
        #expect(abs(hard.stability - 4.924512) < 1e-4)
        #expect(abs(hard.difficulty - 6.034950) < 1e-5)
    }

    @Test func intervalEqualsStabilityAtNinetyPercent() {
        #expect(scheduler.interval(stability: 10.4) == 10)
        #expect(scheduler.interval(stability: 0.2) == 1)
        #expect(scheduler.interval(stability: 1e9) == 36500)
        #expect(FSRSScheduler(desiredRetention: 0.8).interval(stability: 10) > 10)
    }

    @Test func cardsOfAnyKindShareTheQueue() {
        let q = scheduler.review(card: .new(itemId: "q-1", kind: "question", at: start), rating: .again, at: start)
        let s = scheduler.review(card: .new(itemId: "s-9", kind: "sentence", at: start), rating: .good, at: start)
        let later = start.addingTimeInterval(4 * day)
        #expect(FSRSScheduler.dueCards([s, q], at: start.addingTimeInterval(60)).isEmpty)
        #expect(FSRSScheduler.dueCards([s, q], at: later).map(\.kind) == ["question", "sentence"])
    }

    @Test func difficultyStaysInRange() {
        var card = newCard()
        var now = start
        for _ in 0..<20 {
            card = scheduler.review(card: card, rating: .again, at: now)
            now = now.addingTimeInterval(2 * day)
        }
        #expect(card.difficulty <= 10 && card.difficulty >= 1)
        #expect(card.stability > 0)
    }
}
