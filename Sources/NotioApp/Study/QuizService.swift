import Foundation
import NotioAnalysis
import NotioCore
import NotioStore

/// New questions a note supports per level (`QuizService.supply`); a level is absent when the
/// provider cannot tell in advance.
struct QuizSupply: Sendable, Equatable {
    var counts: [Difficulty: Int]
    /// The most one quiz asks.
    static let perQuiz = OfflineQuizGenerator.maximumCount
}

/// Quizzes on demand, retries of the wrong answers, grading, and the review schedule: the rules
/// shared by the pages and the API.
struct QuizService: Sendable {
    let store: Store
    let provider: any AnalysisProvider
    let executor: JobExecutor
    /// The application's clock: quiz and attempt times, the streak and the FSRS schedule follow it.
    let clock: @Sendable () -> Date
    let scheduler = FSRSScheduler()
    static let reviewKind = "question"

    /// A quiz of `count` questions at `difficulty`, avoiding what was asked on this note before.
    func makeQuiz(noteId: String, owner: User, difficulty: Difficulty, count: Int) async throws -> QuizRecord {
        let now = clock()
        guard let detail = try store.noteDetail(id: noteId, owner: owner.id) else { throw AppError.noteNotFound }
        guard detail.summary.state == .ready else {
            throw QuizError.noteNotReady
        }
        let request = try quizRequest(detail, owner: owner, difficulty: difficulty, count: count)
        let asked = request.avoidPrompts
        let provider = self.provider
        // Only new questions: a quiz is never padded with ones asked before (the notebook and
        // 오늘 복습 are where those come back). Fewer than asked is said by the caller.
        let questions = try await withTaskExecutorPreference(executor) { try await provider.makeQuestions(request) }
        guard !questions.isEmpty else {
            throw asked.isEmpty ? QuizError.noQuestions : QuizError.noNewQuestions
        }
        // Providers may give stable or repeated ids; stored questions need their own.
        let fresh = questions.prefix(count).map { q -> Question in var q = q; q.id = UUID().uuidString.lowercased(); return q }
        let quiz = QuizRecord(id: UUID().uuidString.lowercased(), noteId: noteId, difficulty: difficulty, origin: .new, createdAt: now, questions: Array(fresh))
        try store.insertQuiz(quiz, owner: owner.id)
        return quiz
    }

    /// What a new quiz on the note asks the provider for: the note, its pages, what was asked
    /// before. The seed moves on with every quiz, so the offline generator rotates concepts and forms.
    private func quizRequest(_ detail: NoteDetail, owner: User, difficulty: Difficulty, count: Int) throws -> QuizRequest {
        guard let pages = try store.notePages(id: detail.summary.id, owner: owner.id) else { throw AppError.noteNotFound }
        let byLevel = try store.askedPromptsByLevel(noteId: detail.summary.id, owner: owner.id)
        let asked = Difficulty.allCases.flatMap { byLevel[$0] ?? [] }
        let analysis = NoteAnalysis(title: detail.summary.title, concepts: detail.concepts, keywords: detail.keywords)
        var request = QuizRequest(analysis: analysis, pages: pages, difficulty: difficulty, count: count, avoidPrompts: asked, seed: UInt64(asked.count))
        request.levelPrompts = byLevel
        return request
    }

    /// How many new questions the next quiz at each level can hold, from the same request and
    /// generation as `makeQuiz` (so exactly what it would give); nil for a level when the
    /// provider cannot tell without asking its service, and for a note not analysed yet.
    func supply(_ detail: NoteDetail, owner: User) throws -> QuizSupply {
        guard detail.summary.state == .ready else { return QuizSupply(counts: [:]) }
        var request = try quizRequest(detail, owner: owner, difficulty: .easy, count: QuizSupply.perQuiz)
        var counts: [Difficulty: Int] = [:]
        for level in Difficulty.allCases {
            request.difficulty = level
            counts[level] = provider.questionSupply(request)
        }
        return QuizSupply(counts: counts)
    }

    /// "틀린 문제만 다시 풀기": a quiz of exactly the note's notebook entries.
    func retryWrong(noteId: String, owner: User) throws -> QuizRecord {
        let now = clock()
        guard try store.note(id: noteId, owner: owner.id) != nil else { throw AppError.noteNotFound }
        let wrong = try store.wrongAnswers(owner: owner.id, noteId: noteId)
        guard !wrong.isEmpty else { throw QuizError.notebookEmpty }
        var originals: [String: String] = [:]
        let copies = wrong.map { entry -> Question in
            var q = entry.question
            q.id = UUID().uuidString.lowercased()
            originals[q.id] = entry.question.id
            // The options in a new order: a retry should test the answer, not the memory of where it stood.
            if q.kind == .choice, let right = q.correctIndex, q.options.indices.contains(right) {
                let answer = q.options[right]
                var order = Array(q.options.indices)
                repeat { order.shuffle() } while order == Array(q.options.indices) && q.options.count > 1
                q.options = order.map { q.options[$0] }
                q.correctIndex = q.options.firstIndex(of: answer)
            }
            return q
        }
        let quiz = QuizRecord(id: UUID().uuidString.lowercased(), noteId: noteId, difficulty: .medium, origin: .wrong, createdAt: now,
                              questions: copies, originals: originals)
        try store.insertQuiz(quiz, owner: owner.id)
        return quiz
    }

    /// Grades and stores an attempt. Every question of the quiz is graded; one without an answer is wrong.
    func submit(quizId: String, owner: User, answers: [QuizGrader.Given]) throws -> (Attempt, QuizRecord) {
        let now = clock()
        guard let quiz = try store.quiz(id: quizId, owner: owner.id) else { throw AppError.quizNotFound }
        if quiz.attemptId != nil { throw alreadyAnswered }
        var problems: [String: Message] = [:]
        var seen = Set<String>()
        let byId = Dictionary(uniqueKeysWithValues: quiz.questions.map { ($0.id, $0) })
        for (i, a) in answers.enumerated() {
            guard let q = byId[a.questionId] else { problems["answers[\(i)].questionId"] = Message("error.answer_unknown"); continue }
            if !seen.insert(a.questionId).inserted { problems["answers[\(i)].questionId"] = Message("error.answer_twice") }
            if let choice = a.choice {
                if q.kind != .choice { problems["answers[\(i)].choice"] = Message("error.answer_text_expected") }
                else if !(0..<q.options.count).contains(choice) { problems["answers[\(i)].choice"] = Message("error.choice_range", String(q.options.count - 1)) }
            }
            if let text = a.text {
                do { _ = try QuizRules.answerText(text, field: "answers[\(i)].text") } catch { problems[error.field] = Message("error.answer_too_long", String(QuizRules.maxAnswerText)) }
            }
        }
        if !problems.isEmpty { throw AppError.invalid(problems) }
        let graded = QuizGrader().grade(quiz.questions, answers)
        let correct = graded.filter(\.isCorrect).count
        let attempt = Attempt(id: UUID().uuidString.lowercased(), quizId: quiz.id, noteId: quiz.noteId, difficulty: quiz.difficulty,
                              origin: quiz.origin, correctCount: correct, total: graded.count, createdAt: now, answers: graded)
        // A wrong answer starts (or sets back) its review card; a right one moves an existing card on.
        let originals = graded.map { quiz.originalId(of: $0.questionId) }
        let existing = try store.reviewCards(owner: owner.id, kind: Self.reviewKind, ids: originals)
        var cards: [ReviewCard] = []
        for (answer, original) in zip(graded, originals) {
            if !answer.isCorrect {
                cards.append(scheduler.review(card: existing[original], itemId: original, kind: Self.reviewKind, rating: .again, at: now))
            } else if let card = existing[original] {
                cards.append(scheduler.review(card: card, rating: .good, at: now))
            }
        }
        guard try store.insertAttempt(attempt, quiz: quiz, owner: owner.id, reviewCards: cards) else { throw alreadyAnswered }
        return (attempt, quiz)
    }

    private var alreadyAnswered: QuizError { .alreadyAnswered }

    /// Answers one question of the review queue and reschedules it.
    func review(questionId: String, owner: User, given: QuizGrader.Given) throws -> (GradedAnswer, Question, ReviewCard) {
        let now = clock()
        guard let (question, _) = try store.question(id: questionId, owner: owner.id),
              let card = try store.reviewCards(owner: owner.id, kind: Self.reviewKind, ids: [questionId])[questionId] else {
            throw AppError.reviewNotFound
        }
        if let choice = given.choice, !(0..<question.options.count).contains(choice) {
            throw AppError.invalid(["choice": Message("error.choice_range", String(max(question.options.count - 1, 0)))])
        }
        let graded = QuizGrader().grade([question], [given])[0]
        let next = scheduler.review(card: card, rating: graded.isCorrect ? .good : .again, at: now)
        try store.recordReview(owner: owner.id, card: next, answeredRight: graded.isCorrect, at: now)
        return (graded, question, next)
    }
}

/// Why a quiz cannot be made or answered now (each a 409): pages branch on the case, the API
/// answers its code.
enum QuizError: DomainError, Equatable {
    case noteNotReady, noQuestions, noNewQuestions, notebookEmpty, alreadyAnswered

    var status: Int { 409 }
    var code: String {
        switch self {
        case .noteNotReady: "note_not_ready"
        case .noQuestions: "no_questions"
        case .noNewQuestions: "no_new_questions"
        case .notebookEmpty: "notebook_empty"
        case .alreadyAnswered: "already_answered"
        }
    }
    var readerMessage: Message {
        switch self {
        case .noteNotReady: Message("error.note_not_ready")
        case .noQuestions: Message("quiz.noQuestions")
        case .noNewQuestions: Message("quiz.noNewQuestions")
        case .notebookEmpty: Message("error.notebook_empty")
        case .alreadyAnswered: Message("error.already_answered")
        }
    }
}
