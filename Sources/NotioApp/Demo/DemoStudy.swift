import Foundation
import NotioAnalysis
import NotioCore
import NotioStore

/// The demo account's study history: quizzes taken on the demo notes over the last days, some
/// answers wrong (so the notebook and the review queue have entries), and a streak up to today.
enum DemoStudy {
    /// (note title prefix, days ago, difficulty, questions, which answers are wrong)
    static let plan: [(String, Int, Difficulty, Int, Set<Int>)] = [
        ("운영체제", 4, .easy, 5, [1, 3]),
        ("데이터베이스", 3, .easy, 5, [1, 4]),
        ("운영체제", 2, .medium, 6, [0, 2, 5]),
        ("컴퓨터 네트워크", 1, .medium, 5, [2]),
        ("운영체제", 0, .hard, 5, [1, 3]),
    ]

    static func seed(store: Store, owner: User, now: Date) throws {
        guard try store.attemptActivity(owner: owner.id).isEmpty else { return }
        let notes = try store.notes(owner: owner.id)
        let zone = TimeZone(identifier: owner.timeZone) ?? .current
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // Mid-afternoon in the user's zone, so "days ago" are whole calendar days there.
        let today = calendar.date(bySettingHour: 15, minute: 0, second: 0, of: now) ?? now
        let scheduler = FSRSScheduler()
        for (i, (prefix, daysAgo, difficulty, count, wrong)) in plan.enumerated() {
            guard let note = notes.first(where: { $0.title.hasPrefix(prefix) }),
                  let detail = try store.noteDetail(id: note.id, owner: owner.id),
                  let pages = try store.notePages(id: note.id, owner: owner.id) else { continue }
            var at = calendar.date(byAdding: .day, value: -daysAgo, to: today) ?? today
            if at > now { at = now.addingTimeInterval(-60) }
            let asked = try store.askedPrompts(noteId: note.id, owner: owner.id)
            let request = QuizRequest(analysis: NoteAnalysis(title: note.title, concepts: detail.concepts, keywords: detail.keywords),
                                      pages: pages, difficulty: difficulty, count: count, avoidPrompts: asked, seed: UInt64(i + 1))
            let questions = OfflineQuizGenerator().questions(for: request).map { q -> Question in
                var q = q; q.id = UUID().uuidString.lowercased(); return q
            }
            guard !questions.isEmpty else { continue }
            let quiz = QuizRecord(id: UUID().uuidString.lowercased(), noteId: note.id, difficulty: difficulty, origin: .new, createdAt: at, questions: questions)
            try store.insertQuiz(quiz, owner: owner.id)
            let given: [QuizGrader.Given] = questions.enumerated().map { j, q in
                let right = !wrong.contains(j)
                switch q.kind {
                case .choice: return .init(questionId: q.id, choice: right ? q.correctIndex : ((q.correctIndex ?? 0) + 1) % 4)
                case .short: return .init(questionId: q.id, text: right ? q.answer : "잘 모르겠어요")
                }
            }
            let graded = QuizGrader().grade(questions, given)
            let attempt = Attempt(id: UUID().uuidString.lowercased(), quizId: quiz.id, noteId: note.id, difficulty: difficulty, origin: .new,
                                  correctCount: graded.filter(\.isCorrect).count, total: graded.count, createdAt: at, answers: graded)
            let cards = graded.filter { !$0.isCorrect }.map {
                scheduler.review(card: nil, itemId: $0.questionId, kind: QuizService.reviewKind, rating: .again, at: at)
            }
            _ = try store.insertAttempt(attempt, quiz: quiz, owner: owner.id, reviewCards: cards)
        }
    }
}
