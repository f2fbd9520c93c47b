import Foundation
import NotioCore
import Testing
@testable import NotioApp

/// The quiz pages with hostile text everywhere a user's PDF or answer can put it. They join
/// `ViewRenderingTests.allPages()`, so escaping, CSRF fields and localisation are checked there too.
enum QuizPageFixtures {
    static let hostile = ViewRenderingTests.hostile

    static let note = NoteSummary(id: "n1", title: hostile, category: .major, favorite: false, state: .ready, pageCount: 3,
                                  learningRate: 0.8, createdAt: Date(timeIntervalSince1970: 1_760_000_000))
    static let choice = Question(id: "q1", kind: .choice, form: .definition, prompt: "\(hostile)란?", options: [hostile, "나", "다", "라"],
                                 correctIndex: 0, answer: hostile, conceptName: hostile, page: 2, explanation: hostile)
    static let short = Question(id: "q2", kind: .short, form: .cloze, prompt: "빈칸 \(hostile)", answer: hostile, conceptName: "개념", page: nil)
    static let quiz = QuizRecord(id: "z1", noteId: note.id, difficulty: .hard, origin: .new, createdAt: note.createdAt, questions: [choice, short])
    static let attempt = Attempt(id: "a1", quizId: quiz.id, noteId: note.id, difficulty: .hard, origin: .new, correctCount: 1, total: 2,
                                 createdAt: note.createdAt, answers: [GradedAnswer(questionId: "q1", given: hostile, choice: 0, isCorrect: true),
                                                                      GradedAnswer(questionId: "q2", given: hostile, choice: nil, isCorrect: false)])
    static let wrong = WrongAnswer(question: short, noteId: note.id, noteTitle: hostile, lastGiven: hostile, wrongCount: 2,
                                   addedAt: note.createdAt, lastWrongAt: note.createdAt)
    static func study(_ form: NewQuizForm = NewQuizForm()) -> NoteStudyPanel {
        NoteStudyPanel(progress: StudyProgress(attempts: [AttemptScore(correct: 1, total: 2)]), recent: [attempt], wrongCount: 1,
                       timeZone: TimeZone(identifier: "Asia/Seoul")!, form: form)
    }

    static func pages(_ lang: Language) -> [(String, String)] {
        let l = lang.rawValue
        let member = ViewRenderingTests.context(lang, user: ViewRenderingTests.student, path: "/quizzes/z1")
        let guest = ViewRenderingTests.context(lang, user: ViewRenderingTests.demo, guest: true, path: "/quizzes/z1")
        let detail = NoteDetail(summary: note, concepts: [], keywords: [])
        return [
            ("note-study-\(l)", Pages.noteSummary(member, detail: detail, study: study(NewQuizForm(difficulty: .hard, count: 5, error: hostile)))),
            ("note-study-guest-\(l)", Pages.noteSummary(guest, detail: detail, study: study())),
            ("quiz-\(l)", Pages.quizTaker(member, quiz: quiz, note: note)),
            ("quiz-guest-\(l)", Pages.quizTaker(guest, quiz: quiz, note: note)),
            ("attempt-\(l)", Pages.attemptResult(member, attempt: attempt, quiz: quiz, note: note, study: study())),
            ("history-\(l)", Pages.attemptHistory(member, note: note, study: study())),
            ("notebook-\(l)", Pages.wrongAnswerNotebook(member, note: note, items: [wrong])),
            ("notebook-all-empty-\(l)", Pages.wrongAnswerNotebook(member, note: nil, items: [])),
            ("review-\(l)", Pages.reviewQueue(member, items: [ReviewItem(question: choice, noteId: note.id, noteTitle: hostile),
                                                              ReviewItem(question: short, noteId: note.id, noteTitle: hostile)],
                                             feedback: ReviewFeedback(question: short, isCorrect: false, now: Date()))),
            ("review-empty-\(l)", Pages.reviewQueue(member, items: [], feedback: nil)),
        ]
    }
}

@Suite struct QuizPagesRenderingTests {
    @Test func questionsAnswersAndTitlesAreEscaped() {
        for lang in Language.allCases {
            for (name, html) in QuizPageFixtures.pages(lang) {
                #expect(!html.contains(QuizPageFixtures.hostile), "\(name) contains the raw script")
                #expect(!html.contains("quiz.") && !html.contains("attempt.") && !html.contains("notebook.") && !html.contains("review.title"),
                        "\(name) shows a raw key")
            }
        }
    }

    @Test func theTakerIsAFormWithLabelledQuestions() {
        let html = QuizPageFixtures.pages(.ko).first { $0.0 == "quiz-ko" }!.1
        #expect(html.contains(#"<form class="quiz-form" id="quiz-form" method="post" action="/quizzes/z1""#))
        #expect(html.contains(#"<input type="radio" name="q-q1" value="3">"#))
        #expect(html.contains(#"<input id="q-q2" name="q-q2" type="text""#))
        #expect(html.contains("<legend class=\"quiz-prompt\" id=\"prompt-1\">&lt;script&gt;"))
        #expect(html.contains(#"id="submit-quiz""#))
        let guest = QuizPageFixtures.pages(.ko).first { $0.0 == "quiz-guest-ko" }!.1
        #expect(!guest.contains(#"id="submit-quiz""#) && guest.contains("href=\"/signup\""))
    }

    @Test func theResultMarksMineAndTheRightOne() {
        let html = QuizPageFixtures.pages(.en).first { $0.0 == "attempt-en" }!.1
        #expect(html.contains(#"<span class="score-main">1 / 2</span>"#))
        #expect(html.contains(#"class="option-result is-right is-mine""#))
        #expect(html.contains(#"data-correct="false""#))
        #expect(html.contains(#"href="/notes/n1/source#p-2""#))
        #expect(html.contains(#"action="/notes/n1/wrong-answers/quiz""#))
        #expect(html.contains("2025.10.09"))
    }

    /// A browser may break a line before a bracket or after a closing quote: a quoted concept name
    /// with its particle, and a blank with what is written on it, stay on one line (the 360 px
    /// check found "‘정규화(Normalization)’에" broken in 오늘 복습); a word too long for a phone's
    /// line is left to wrap.
    @Test func wordsWithBracketsQuotesOrBlanksStayWhole() {
        let stem = QuizViews.blanksKeptWhole("다음은 ‘정규화(Normalization)’에 관한 설명이다. ____이(가) 맞다.").rendered
        #expect(stem.contains(#"<span class="blank-whole">‘정규화(Normalization)’에</span> 관한"#))
        #expect(stem.contains(#"<span class="blank-whole">____이(가)</span> 맞다."#))
        let long = QuizViews.blanksKeptWhole("(https://help.libreoffice.org/latest/ko/text/shared) 참고").rendered
        #expect(!long.contains("blank-whole"))
    }
}
