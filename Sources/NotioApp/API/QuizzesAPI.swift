import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// Quizzes, attempts, the wrong-answer notebook, study statistics and the review queue.
struct QuizzesAPI {
    let app: AppContext

    /// A question as the taker sees it: no answer in it, and not the concept it asks about
    /// either (for "다음 설명에 해당하는 개념은?" the concept is the answer); both come with
    /// the graded answer. `label` is the topic a question about a concept may show
    /// (`Question.label`), which the validator has checked does not give the answer away.
    struct QuestionJSON: Encodable {
        var id: String, kind: String, form: String, prompt: String, options: [String]?, page: Int?, label: String?
        init(_ q: Question) {
            id = q.id; kind = q.kind.rawValue; form = q.form.rawValue; prompt = q.prompt
            options = q.kind == .choice ? q.options : nil; page = q.page; label = q.label
        }
    }

    /// Why an answer was accepted or refused: a stable `reason` code and its text in the reader's language.
    struct ReasonJSON {
        var reason: String, reasonMessage: String
        init(_ verdict: AnswerVerdict, _ language: Language) {
            reason = verdict.reason.code; reasonMessage = QuizViews.reason(verdict, language)
        }
    }

    struct QuizJSON: Encodable {
        var id: String, noteId: String, difficulty: String, difficultyLabel: String, origin: String, createdAt: Date
        var attemptId: String?, questions: [QuestionJSON]
        init(_ z: QuizRecord, _ language: Language) {
            id = z.id; noteId = z.noteId; difficulty = z.difficulty.rawValue; difficultyLabel = L10n.t("quiz.difficulty.\(z.difficulty.rawValue)", language)
            origin = z.origin.rawValue
            createdAt = z.createdAt; attemptId = z.attemptId; questions = z.questions.map(QuestionJSON.init)
        }
    }

    struct AnswerJSON: Encodable {
        var questionId: String, kind: String, prompt: String, options: [String]?, given: String, choice: Int?
        var correctAnswer: String, correctIndex: Int?, isCorrect: Bool, conceptName: String, page: Int?, explanation: String?
        var reason: String, reasonMessage: String
    }

    struct AttemptJSON: Encodable {
        var id: String, quizId: String, noteId: String, difficulty: String, origin: String
        var correctCount: Int, total: Int, accuracy: Double, createdAt: Date, answers: [AnswerJSON]?
        init(_ a: Attempt, quiz: QuizRecord?, language: Language = .ko) {
            id = a.id; quizId = a.quizId; noteId = a.noteId; difficulty = a.difficulty.rawValue; origin = a.origin.rawValue
            correctCount = a.correctCount; total = a.total; accuracy = a.accuracy; createdAt = a.createdAt
            guard let quiz else { answers = nil; return }
            let given = Dictionary(uniqueKeysWithValues: a.answers.map { ($0.questionId, $0) })
            answers = quiz.questions.map { q in
                let g = given[q.id]
                let why = ReasonJSON(AnswerVerdict.of(q, given: g?.given ?? "", choice: g?.choice, stored: g?.isCorrect ?? false), language)
                return AnswerJSON(questionId: q.id, kind: q.kind.rawValue, prompt: q.prompt, options: q.kind == .choice ? q.options : nil,
                                  given: g?.given ?? "", choice: g?.choice, correctAnswer: q.answer, correctIndex: q.correctIndex,
                                  isCorrect: g?.isCorrect ?? false, conceptName: q.conceptName, page: q.page, explanation: q.explanation,
                                  reason: why.reason, reasonMessage: why.reasonMessage)
            }
        }
    }

    struct NewQuizBody: Decodable { var difficulty: String; var count: Int }

    func create(_ request: Request, _ member: Member) async throws -> Response {
        // Whose note comes first: another user's id is 404 whatever the body says.
        guard try app.store.note(id: request[.id], owner: member.id) != nil else { throw AppError.noteNotFound }
        let body = try JSON.decode(NewQuizBody.self, from: request)
        var problems: [String: String] = [:]
        let difficulty = problems.collect { () throws(ValidationFailure) in try QuizRules.difficulty(body.difficulty) }
        _ = problems.collect { () throws(ValidationFailure) in try QuizRules.count(body.count) }
        if !problems.isEmpty { throw AppError.invalid(problems: problems, Message("error.invalid_values")) }
        let quiz = try await app.quizzes.makeQuiz(noteId: request[.id], owner: member.user, difficulty: difficulty!, count: body.count)
        // Fewer new questions than asked for: said, never padded with earlier ones.
        struct Answer: Encodable { var quiz: QuizJSON; var requested: Int; var notice: String? }
        let language = Language.of(member.user)
        return JSON.response(Answer(quiz: QuizJSON(quiz, language), requested: body.count,
                                    notice: quiz.questions.count < body.count ? QuizViews.shortQuizNotice(requested: body.count, made: quiz.questions.count, language) : nil),
                             status: 201)
    }

    func quiz(_ request: Request, _ member: Member) throws -> Response {
        guard let quiz = try app.store.quiz(id: request[.id], owner: member.id) else { throw AppError.quizNotFound }
        struct Answer: Encodable { var quiz: QuizJSON }
        return JSON.response(Answer(quiz: QuizJSON(quiz, Language.of(member.user))))
    }

    struct AttemptBody: Decodable {
        struct Item: Decodable { var questionId: String; var choice: Int?; var text: String? }
        var answers: [Item]
    }

    func submit(_ request: Request, _ member: Member) throws -> Response {
        guard try app.store.quiz(id: request[.id], owner: member.id) != nil else { throw AppError.quizNotFound }
        let body = try JSON.decode(AttemptBody.self, from: request)
        let (attempt, quiz) = try app.quizzes.submit(quizId: request[.id], owner: member.user,
                                                     answers: body.answers.map { .init(questionId: $0.questionId, choice: $0.choice, text: $0.text) })
        let note = try app.store.note(id: attempt.noteId, owner: member.id)
        struct Answer: Encodable { var attempt: AttemptJSON; var learningRate: Double; var status: String }
        return JSON.response(Answer(attempt: AttemptJSON(attempt, quiz: quiz, language: Language.of(member.user)),
                                    learningRate: note?.learningRate ?? attempt.accuracy,
                                    status: (note?.isDone ?? false) ? "done" : "in_progress"), status: 201)
    }

    func history(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        guard let note = try app.store.note(id: request[.id], owner: owner) else { throw AppError.noteNotFound }
        let page = try app.store.attempts(noteId: note.id, owner: owner, page: try Paging.request(request))
        // The summary counts every attempt, whatever page is shown.
        let attempts = try app.store.attempts(noteId: note.id, owner: owner)
        let progress = StudyProgress(attempts: attempts.map(AttemptScore.init))
        struct Summary: Encodable { var attempts: Int; var solved: Int; var wrong: Int; var accuracy: Double?; var learningRate: Double?; var status: String }
        struct Answer: Encodable {
            var list: ListJSON<AttemptJSON>
            var summary: Summary
            func encode(to encoder: Encoder) throws {
                try list.encode(to: encoder)
                var c = encoder.container(keyedBy: Key.self)
                try c.encode(summary, forKey: .summary)
            }
            enum Key: String, CodingKey { case summary }
        }
        return JSON.response(Answer(list: ListJSON(page) { AttemptJSON($0, quiz: nil) },
                                    summary: Summary(attempts: progress.attempts, solved: progress.questionsSolved, wrong: progress.wrongCount,
                                                     accuracy: progress.overallAccuracy, learningRate: progress.learningRate, status: progress.status.rawValue)))
    }

    func attempt(_ request: Request, _ member: Member) throws -> Response {
        guard let (attempt, quiz) = try app.store.attempt(id: request[.id], owner: member.id) else {
            throw AppError.attemptNotFound
        }
        struct Answer: Encodable { var attempt: AttemptJSON }
        return JSON.response(Answer(attempt: AttemptJSON(attempt, quiz: quiz, language: Language.of(member.user))))
    }

    struct WrongJSON: Encodable {
        var questionId: String, kind: String, prompt: String, options: [String]?, correctAnswer: String, lastGiven: String
        var wrongCount: Int, conceptName: String, page: Int?, noteId: String, noteTitle: String, lastWrongAt: Date
        var reason: String, reasonMessage: String
        init(_ w: WrongAnswer, language: Language) {
            let q = w.question
            questionId = q.id; kind = q.kind.rawValue; prompt = q.prompt; options = q.kind == .choice ? q.options : nil
            correctAnswer = q.answer; lastGiven = w.lastGiven; wrongCount = w.wrongCount; conceptName = q.conceptName; page = q.page
            noteId = w.noteId; noteTitle = w.noteTitle; lastWrongAt = w.lastWrongAt
            let why = ReasonJSON(AnswerVerdict.of(q, given: w.lastGiven, choice: nil, stored: false), language)
            reason = why.reason; reasonMessage = why.reasonMessage
        }
    }

    /// The notebook of one note (`/notes/{id}/wrong-answers`) or of all (`/wrong-answers`).
    func wrongAnswers(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        var noteId: String?
        if request.declares(.id) {
            guard let note = try app.store.note(id: request[.id], owner: owner) else { throw AppError.noteNotFound }
            noteId = note.id
        }
        let page = try Paging.request(request)
        let language = Language.of(member.user)
        return JSON.response(ListJSON(try app.store.wrongAnswers(owner: owner, noteId: noteId, page: page)) { WrongJSON($0, language: language) })
    }

    /// `GET /api/v1/notes/{id}/quiz-supply`: how many new questions a quiz at each level can hold
    /// now — what `POST …/quizzes` would give, counted by the same generation; null for a level
    /// when the provider cannot tell without asking its service.
    func supply(_ request: Request, _ member: Member) throws -> Response {
        let user = member.user
        guard let detail = try app.store.noteDetail(id: request[.id], owner: user.id) else { throw AppError.noteNotFound }
        guard detail.summary.state == .ready else {
            throw QuizError.noteNotReady
        }
        let supply = try app.quizzes.supply(detail, owner: user)
        let language = Language.of(user)
        struct Level: Encodable { var newQuestions: Int?; var message: String? }
        struct Answer: Encodable { var easy: Level; var medium: Level; var hard: Level; var perQuiz: Int }
        func level(_ d: Difficulty) -> Level { Level(newQuestions: supply.counts[d], message: QuizViews.supplyText(supply, d, language)) }
        return JSON.response(Answer(easy: level(.easy), medium: level(.medium), hard: level(.hard), perQuiz: QuizSupply.perQuiz))
    }

    func retryWrong(_ request: Request, _ member: Member) throws -> Response {
        let quiz = try app.quizzes.retryWrong(noteId: request[.id], owner: member.user)
        struct Answer: Encodable { var quiz: QuizJSON }
        return JSON.response(Answer(quiz: QuizJSON(quiz, Language.of(member.user))), status: 201)
    }

    func stats(_ request: Request, _ member: Member) throws -> Response {
        return JSON.response(try StudyStats.compute(store: app.store, user: member.user, now: app.now()))
    }

    // MARK: Review queue

    /// One item of 오늘 복습: a question (with its note) or a saved sentence (with its book).
    struct ReviewItemJSON: Encodable {
        var itemKind: String
        var due: Date
        var question: QuestionJSON?
        var noteId: String?
        var noteTitle: String?
        var sentence: ReviewSentenceJSON?
    }
    /// A sentence as the review asks it: blanked, never with its missing words.
    struct ReviewSentenceJSON: Encodable {
        var id: String, bookId: String, bookTitle: String, page: Int?, cloze: String, blankCount: Int, isNew: Bool
        init(_ item: SentenceReviewItem) {
            let s = item.sentence
            id = s.sentence.id; bookId = s.sentence.bookId; bookTitle = s.bookTitle; page = s.sentence.page
            cloze = item.cloze.blanked; blankCount = item.cloze.answers.count; isNew = item.card == nil
        }
    }

    func reviewQueue(_ request: Request, _ member: Member) throws -> Response {
        let now = app.now()
        let due = try app.store.dueQuestionReviews(owner: member.id, at: now)
        let sentences = try app.quizzes.sentences.queue(member.user, at: now)
        struct Answer: Encodable { var items: [ReviewItemJSON]; var due: Int }
        let items = due.map { ReviewItemJSON(itemKind: QuizService.reviewKind, due: $0.0.due, question: QuestionJSON($0.1), noteId: $0.noteId, noteTitle: $0.noteTitle) }
            + sentences.map { ReviewItemJSON(itemKind: SentenceReview.kind, due: $0.due, sentence: ReviewSentenceJSON($0)) }
        return JSON.response(Answer(items: items, due: try app.quizzes.sentences.dueCount(member.user, at: now)))
    }

    struct ReviewBody: Decodable { var choice: Int?; var text: String?; var blanks: [String]? }

    /// `POST /api/v1/review/{id}`: a question's id answers with `choice` or `text`, a sentence's
    /// with `blanks` (one word per blank, in order).
    func answerReview(_ request: Request, _ member: Member) throws -> Response {
        let body = try JSON.decode(ReviewBody.self, from: request)
        let id = try request[.questionId]
        if try app.store.question(id: id, owner: member.id) == nil {
            return JSON.response(SentenceAnswerJSON(try app.quizzes.sentences.answer(sentenceId: id, owner: member.user, given: body.blanks ?? [])))
        }
        let (graded, question, card) = try app.quizzes.review(questionId: id, owner: member.user, given: .init(questionId: id, choice: body.choice, text: body.text))
        struct Answer: Encodable {
            var itemKind = QuizService.reviewKind
            var isCorrect: Bool; var given: String; var correctAnswer: String; var correctIndex: Int?; var conceptName: String; var nextDue: Date
            var reason: String; var reasonMessage: String
        }
        let why = ReasonJSON(AnswerVerdict.of(question, given: graded.given, choice: graded.choice, stored: graded.isCorrect),
                             Language.of(member.user))
        return JSON.response(Answer(isCorrect: graded.isCorrect, given: graded.given, correctAnswer: question.answer,
                                    correctIndex: question.correctIndex, conceptName: question.conceptName, nextDue: card.due,
                                    reason: why.reason, reasonMessage: why.reasonMessage))
    }

    /// A sentence answered: each blank with what was typed and the word, the whole sentence, and
    /// when it comes back.
    struct SentenceAnswerJSON: Encodable {
        struct Blank: Encodable { var given: String; var answer: String; var isCorrect: Bool }
        var itemKind = SentenceReview.kind
        var isCorrect: Bool; var blanks: [Blank]; var text: String; var bookTitle: String; var page: Int?; var nextDue: Date
        init(_ a: SentenceReviewAnswer) {
            isCorrect = a.isCorrect
            blanks = a.cloze.answers.indices.map { Blank(given: a.given[$0], answer: a.cloze.answers[$0], isCorrect: a.blanksRight[$0]) }
            text = a.sentence.sentence.text; bookTitle = a.sentence.bookTitle; page = a.sentence.sentence.page; nextDue = a.card.due
        }
    }
}

/// `GET /api/v1/stats/study`: streak, this week, totals, reviews due — in the user's time zone.
struct StudyStats: Encodable {
    struct Week: Encodable { var questions: Int; var attempts: Int; var days: Int }
    struct Totals: Encodable { var solved: Int; var correct: Int; var wrong: Int; var accuracy: Double? }
    var streakDays: Int
    var thisWeek: Week
    var totals: Totals
    var reviewDue: Int
    var timeZone: String

    static func compute(store: Store, user: User, now: Date) throws -> StudyStats {
        let zone = TimeZone(identifier: user.timeZone) ?? TimeZone(identifier: "Asia/Seoul")!
        let calendar = ActivityCalendar(timeZone: zone)
        // From the per-day sums: a row per day studied, whatever the number of attempts.
        let days = try store.studyDays(owner: user.id)
        let today = calendar.dayNumber(now)
        let weekStart = calendar.dayNumber(calendar.startOfWeek(now))
        var solved = 0, correct = 0
        var week = Week(questions: 0, attempts: 0, days: 0)
        for d in days {
            solved += d.questions
            correct += d.correct
            if d.day >= weekStart && d.day <= today {
                week.questions += d.questions
                week.attempts += d.attempts
                week.days += 1
            }
        }
        // Review answers (questions and saved sentences) are study days too.
        var studied = Set(days.lazy.filter { $0.day <= today }.map(\.day))
        for millis in try store.reviewAnswerTimes(owner: user.id) {
            let day = calendar.dayNumber(Date(timeIntervalSince1970: Double(millis) / 1000))
            if day <= today { studied.insert(day) }
        }
        return StudyStats(
            streakDays: calendar.streak(days: studied, now: now),
            thisWeek: week,
            totals: Totals(solved: solved, correct: correct, wrong: solved - correct,
                           accuracy: solved > 0 ? Double(correct) / Double(solved) : nil),
            reviewDue: try SentenceReview(store: store, clock: { now }).dueCount(user, at: now), timeZone: zone.identifier)
    }
}
