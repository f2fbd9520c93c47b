import Foundation
import NotioCore

/// What the new-quiz form holds, and why it was refused.
struct NewQuizForm: Sendable {
    var difficulty: Difficulty = .medium
    var count: Int = 10
    var error: String?
}

/// The study section of a note's page: progress, the latest attempts, the notebook's size.
struct NoteStudyPanel: Sendable {
    var progress: StudyProgress
    /// Newest first.
    var recent: [Attempt]
    var wrongCount: Int
    var timeZone: TimeZone
    var form = NewQuizForm()
    /// New questions per level, for the quiz sheet (only where the sheet is shown).
    var supply: QuizSupply?
}

/// Shared pieces of the quiz pages.
enum QuizViews {
    /// "3일 뒤에 다시 나와요": when a reviewed question comes back.
    static func comesBack(_ ctx: PageContext, _ due: Date, now: Date) -> String {
        let days = Int((due.timeIntervalSince(now) / 86_400).rounded())
        return days < 1 ? ctx.t("review.backToday") : ctx.t("review.backInDays").replacingOccurrences(of: "%@", with: String(days))
    }

    /// A prompt as a question and, below it, the passage it asks about ("다음 설명에 해당하는
    /// 개념은?" then the description): the stem in the legend, the passage quoted apart, not one
    /// bold paragraph.
    static func prompt(_ prompt: String, id: String) -> HTML {
        let parts = prompt.components(separatedBy: "\n\n")
        let stem = parts[0]
        let passage = parts.dropFirst().joined(separator: "\n\n").trimmingCharacters(in: .whitespacesAndNewlines)
        let quoted: HTML = passage.isEmpty ? .empty : "<blockquote class=\"quiz-passage\">\(blanksKeptWhole(passage))</blockquote>"
        return "<legend class=\"quiz-prompt\" id=\"\(id)\">\(blanksKeptWhole(stem))</legend>\(quoted)"
    }

    /// Text with each word that holds a blank, a bracket or a quotation mark kept on one line:
    /// "____율이", "____이(가)", "‘정규화(Normalization)’에" — browsers may break before a bracket
    /// or after a closing quote, and a break there reads as two words. A word too long for a phone's
    /// line keeps only its blanks whole, each with what is written on it.
    static func blanksKeptWhole(_ text: String) -> HTML {
        var out = ""
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            let holdsBreak = word.contains("____") || word.contains(where: { "()[]‘’“”'\"「」『』".contains($0) })
            if holdsBreak && word.count <= wholeWordLimit {
                out += "<span class=\"blank-whole\">\(HTML.escape(word))</span>"
            } else {
                let parts = word.components(separatedBy: "____")
                out += HTML.escape(parts[0])
                for part in parts.dropFirst() {
                    out += "<span class=\"blank-whole\">____\(HTML.escape(part))</span>"
                }
            }
            word = ""
        }
        for ch in text {
            if ch.isWhitespace { flush(); out += HTML.escape(String(ch)) } else { word.append(ch) }
        }
        flush()
        return HTML(raw: out)
    }

    /// The longest word kept on one line: a 360 px phone's line holds about 28 characters.
    private static let wholeWordLimit = 24

    /// Why an answer was accepted or refused, in the reader's language: "띄어쓰기·대소문자를
    /// 무시하고 맞았어요", "문서의 다른 표기(Linux)와 같아요", "정답과 달라요".
    static func reason(_ verdict: AnswerVerdict, _ language: Language) -> String {
        let text = L10n.t("answer.reason.\(verdict.reason.code)", language)
        return verdict.reason.detail.map { text.replacingOccurrences(of: "%@", with: $0) } ?? text
    }

    /// The reason as a line under an answer.
    static func reasonLine(_ ctx: PageContext, _ verdict: AnswerVerdict) -> HTML {
        "<p class=\"answer-reason muted\" data-reason=\"\(verdict.reason.code)\">\(reason(verdict, ctx.language))</p>"
    }

    /// "이 노트로는 새 문제를 12개까지 만들 수 있어요" for a level, or that none are left; nil when
    /// the provider cannot tell in advance.
    static func supplyText(_ supply: QuizSupply, _ level: Difficulty, _ language: Language) -> String? {
        guard let n = supply.counts[level] else { return nil }
        if n == 0, Difficulty.allCases.allSatisfy({ supply.counts[$0] == 0 }) { return L10n.t("quiz.supplyNoneAtAll", language) }
        return n == 0 ? L10n.t("quiz.supplyNone", language) : L10n.t("quiz.supply", language).replacingOccurrences(of: "%@", with: String(n))
    }

    /// Said when a note supports fewer new questions than were asked for.
    static func shortQuizNotice(requested: Int, made: Int, _ language: Language) -> String {
        L10n.t("quiz.shortNotice", language).replacingOccurrences(of: "%1", with: String(requested)).replacingOccurrences(of: "%2", with: String(made))
    }

    /// "2026.11.30 09:05" in the user's time zone.
    static func date(_ d: Date, _ zone: TimeZone) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = zone
        f.dateFormat = "yyyy.MM.dd HH:mm"
        return f.string(from: d)
    }

    /// The streak's flame, drawn rather than an emoji so that every system shows it.
    static let flame = HTML(raw: "<svg class=\"icon icon-flame\" viewBox=\"0 0 24 24\" width=\"20\" height=\"20\" aria-hidden=\"true\" focusable=\"false\"><path fill=\"#f97316\" d=\"M12 2c1 3.5-1.5 5.5-3 7.5C7.6 11.4 7 13 7 14.5 7 18.1 9.2 21 12 21s5-2.9 5-6.5c0-2.4-1.2-4.1-2.3-5.3.1 1.6-.5 2.8-1.5 3.3.4-3.9-.2-7.6-1.2-10.5z\"/><path fill=\"#fde047\" d=\"M12 13c.4 1.6-1.8 2.6-1.8 4.4 0 1.2.8 2.1 1.8 2.1s1.8-.9 1.8-2.1c0-1.7-1-3.3-1.8-4.4z\"/></svg>")

    static func difficultyLabel(_ ctx: PageContext, _ d: Difficulty) -> String { ctx.t("quiz.difficulty.\(d.rawValue)") }

    /// 하/중/상, or 오답 다시 풀기 for a retry.
    static func kindLabel(_ ctx: PageContext, _ a: Attempt) -> String {
        a.origin == .wrong ? ctx.t("quiz.origin.wrong") : NoteViews.format(ctx, "quiz.level", difficultyLabel(ctx, a.difficulty))
    }

    static func status(_ ctx: PageContext, _ progress: StudyProgress) -> HTML {
        let done = progress.status == .done
        return "<span class=\"status status-\(done ? "done" : "in-progress")\" data-status=\"\(progress.status.rawValue)\">\(ctx.t(done ? "notes.status.done" : "notes.status.inProgress"))</span>"
    }

    static func accuracyBar(_ rate: Double, label: String) -> HTML {
        let p = NoteViews.percent(rate)
        return "<span class=\"rate-bar\" role=\"img\" aria-label=\"\(label) \(p)%\"><span style=\"width: \(p)%\"></span></span>"
    }

    /// "p. 3" linking to the page in the note's source text.
    static func sourceLink(_ ctx: PageContext, noteId: String, page: Int?) -> HTML {
        guard let page else { return .empty }
        return "<a class=\"chip chip-source\" href=\"\(Paths.noteSource(noteId, page: page))\">\(NoteViews.format(ctx, "source.page", String(page)))</a>"
    }

    /// The 하/중/상 segmented control, the count stepper and 시작, or a sign-up hint for guests.
    static func newQuizForm(_ ctx: PageContext, noteId: String, form: NewQuizForm, supply: QuizSupply? = nil) -> HTML {
        if ctx.isGuest {
            // The guest may try the note's questions; nothing they answer is kept.
            return """
            <p class="notice guest-hint">\(ctx.t("trial.nothingStored")) <a href="\(Paths.signup)">\(ctx.t("guest.signup"))</a></p>
            <a class="button button-primary button-block" id="trial-start" href="\(Paths.noteTrialQuiz(noteId))">\(ctx.t("trial.start"))</a>
            """
        }
        // A level with no new question cannot be chosen; the chosen one moves to a level that has some.
        let empty = Set(Difficulty.allCases.filter { supply?.counts[$0] == 0 })
        let noneAtAll = empty.count == Difficulty.allCases.count
        let selected = empty.contains(form.difficulty) ? Difficulty.allCases.first { !empty.contains($0) } ?? form.difficulty : form.difficulty
        let note: HTML = "<small class=\"segment-note\">\(ctx.t("quiz.levelEmpty"))</small>"
        let levels = HTML.join(Difficulty.allCases.map { d in
            let isEmpty = empty.contains(d)
            return """
            <label class="segment\(isEmpty ? HTML(raw: " segment-empty") : .empty)"><input type="radio" name="difficulty" value="\(d.rawValue)"\(d == selected ? HTML(raw: " checked") : .empty)\(isEmpty ? HTML(raw: " disabled") : .empty)><span>\(difficultyLabel(ctx, d))\(isEmpty ? note : .empty)</span></label>
            """
        })
        return """
        <form class="new-quiz-form" id="new-quiz-form" method="post" action="\(Paths.noteQuizzes(noteId))" data-busy="\(ctx.t("quiz.making"))">
          \(Form.csrfField(ctx))
          <p class="form-error" id="new-quiz-error" role="alert"\(form.error == nil ? HTML(raw: " hidden") : .empty)>\(form.error ?? "")</p>
          <fieldset class="segmented">
            <legend>\(ctx.t("quiz.difficulty"))</legend>
            <div class="segments">\(levels)</div>
          </fieldset>
          <div class="field stepper-field">
            <label for="quiz-count">\(ctx.t("quiz.count"))</label>
            <div class="stepper">
              <button type="button" class="button button-secondary stepper-button" data-step="-1" aria-label="\(ctx.t("quiz.count.less"))" hidden>−</button>
              <input id="quiz-count" name="count" type="number" inputmode="numeric" min="\(QuizRules.counts.lowerBound)" max="\(QuizRules.counts.upperBound)" value="\(form.count)" required aria-describedby="quiz-count-hint quiz-supply">
              <button type="button" class="button button-secondary stepper-button" data-step="1" aria-label="\(ctx.t("quiz.count.more"))" hidden>+</button>
            </div>
            <p class="field-hint" id="quiz-count-hint">\(ctx.t("quiz.count.hint"))</p>
            \(supplyHint(ctx, supply, selected: selected))
          </div>
          <button class="button button-primary button-block" type="submit" id="start-quiz"\(noneAtAll ? HTML(raw: " disabled") : .empty)>\(Icon.quiz) \(ctx.t("quiz.start"))</button>
        </form>
        """
    }

    /// How many new questions each level can still give; quiz-new.js shows the chosen level's.
    static func supplyHint(_ ctx: PageContext, _ supply: QuizSupply?, selected: Difficulty) -> HTML {
        guard let supply, let text = supplyText(supply, selected, ctx.language) else { return .empty }
        let counts = HTML.join(Difficulty.allCases.compactMap { level in
            supply.counts[level].map { " data-supply-\(level.rawValue)=\"\($0)\"" as HTML }
        })
        return """
        <p class="field-hint quiz-supply" id="quiz-supply" role="status"\(counts) data-msg-some="\(ctx.t("quiz.supply"))" data-msg-none="\(ctx.t("quiz.supplyNone"))">\(text)</p>
        """
    }

    /// One attempt as a row: date, level, score and an accuracy bar, linking to its detail.
    static func attemptRow(_ ctx: PageContext, _ a: Attempt, zone: TimeZone) -> HTML {
        """
        <li class="attempt-row" data-attempt-id="\(a.id)">
          <a href="\(Paths.attempt(a.id))">
            <span class="attempt-date"><time datetime="\(ISO8601DateFormatter().string(from: a.createdAt))">\(date(a.createdAt, zone))</time></span>
            <span class="attempt-kind tag">\(kindLabel(ctx, a))</span>
            <span class="attempt-score">\(a.correctCount) / \(a.total)</span>
            <span class="attempt-accuracy">\(accuracyBar(a.accuracy, label: ctx.t("attempt.accuracy"))) \(NoteViews.percent(a.accuracy))%</span>
          </a>
        </li>
        """
    }
}

extension Pages {
    /// The note page's study section: 퀴즈 풀기, learning rate and status, latest attempts, notebook.
    static func studySection(_ ctx: PageContext, noteId: String, study: NoteStudyPanel) -> HTML {
        let p = study.progress
        let rate = p.learningRate.map { NoteViews.percent($0) + "%" } ?? "–"
        let recent: HTML = study.recent.isEmpty
            ? "<p class=\"muted\">\(ctx.t("study.noAttempts"))</p>"
            : "<ul class=\"attempt-list\">\(study.recent.prefix(3).map { QuizViews.attemptRow(ctx, $0, zone: study.timeZone) })</ul>"
        return """
        <section class="note-section study-section" id="study" aria-labelledby="study-heading">
          <h2 id="study-heading">\(ctx.t("study.title"))</h2>
          <div class="study-grid">
            <div class="card quiz-panel">
              <h3>\(ctx.t("quiz.new"))</h3>
              \(QuizViews.newQuizForm(ctx, noteId: noteId, form: study.form, supply: study.supply))
            </div>
            <div class="card study-progress">
              <dl class="stats">
                <div><dt>\(ctx.t("notes.learningRate"))</dt><dd id="learning-rate">\(rate)</dd></div>
                <div><dt>\(ctx.t("study.status"))</dt><dd>\(QuizViews.status(ctx, p))</dd></div>
                <div><dt>\(ctx.t("study.wrongCount"))</dt><dd id="notebook-count">\(study.wrongCount)</dd></div>
              </dl>
              <h3>\(ctx.t("study.recent"))</h3>
              \(recent)
              <div class="button-row">
                <a class="button button-secondary button-small" id="history-link" href="\(Paths.noteAttempts(noteId))">\(ctx.t("history.title"))</a>
                <a class="button button-secondary button-small" id="notebook-link" href="\(Paths.noteWrongAnswers(noteId))">\(ctx.t("notebook.title")) <span class="count">\(study.wrongCount)</span></a>
              </div>
            </div>
          </div>
        </section>
        """
    }

    /// `GET /quizzes/{id}`: the whole quiz as one form. quiz-runner.js shows one question per
    /// screen with progress, back/next, keyboard keys and a final check of unanswered questions.
    static func quizTaker(_ ctx: PageContext, quiz: QuizRecord, note: NoteSummary, requested: Int? = nil) -> String {
        let total = quiz.questions.count
        let notice: HTML = requested.map { "<p class=\"notice\" id=\"quiz-short-notice\" role=\"status\">\(QuizViews.shortQuizNotice(requested: $0, made: total, ctx.language))</p>" } ?? .empty
        let questions = HTML.join(quiz.questions.enumerated().map { (i, q) in questionBlock(ctx, q, number: i + 1, total: total, noteId: note.id) })
        let title = quiz.origin == .wrong ? ctx.t("quiz.origin.wrong") : NoteViews.format(ctx, "quiz.level", QuizViews.difficultyLabel(ctx, quiz.difficulty))
        let submit: HTML = ctx.isGuest
            ? "<p class=\"notice guest-hint\">\(ctx.t("quiz.guestHint")) <a href=\"\(Paths.signup)\">\(ctx.t("guest.signup"))</a></p>"
            : "<button class=\"button button-primary button-block\" type=\"submit\" id=\"submit-quiz\">\(ctx.t("quiz.submit"))</button>"
        let body: HTML = """
        <div class="page-head quiz-head">
          \(NoteViews.backLink(Paths.note(note.id), note.title))
          <h1 id="quiz-title">\(title) <span class="muted">· \(NoteViews.format(ctx, "quiz.questions", String(total)))</span></h1>
          \(notice)
          <div class="quiz-progress" id="quiz-progress" hidden>
            <progress id="quiz-progress-bar" max="\(total)" value="1" aria-labelledby="quiz-progress-text"></progress>
            <span id="quiz-progress-text" aria-live="polite">1 / \(total)</span>
          </div>
        </div>
        <form class="quiz-form" id="quiz-form" method="post" action="\(Paths.quiz(quiz.id))" data-quiz-id="\(quiz.id)" data-total="\(total)"
          data-quiz-url="\(Paths.quiz(quiz.id))" data-attempts-api-url="\(Paths.API.quizAttempts(quiz.id))" data-attempt-url="\(Paths.attempt(Paths.idSlot))"
          data-msg-unanswered="\(NoteViews.format(ctx, "quiz.review.unanswered", "{n}"))" data-msg-all-answered="\(ctx.t("quiz.review.allAnswered"))"
          data-msg-question="\(NoteViews.format(ctx, "quiz.review.question", "{n}"))" data-msg-failed="\(ctx.t("quiz.submitFailed"))" data-msg-submitting="\(ctx.t("quiz.submitting"))">
          \(Form.csrfField(ctx))
          \(questions)
          <section class="quiz-final" id="quiz-final" tabindex="-1" aria-labelledby="quiz-final-title">
            <h2 id="quiz-final-title">\(ctx.t("quiz.review.title"))</h2>
            <p class="muted" id="quiz-final-summary" aria-live="polite">\(ctx.t("quiz.review.hint"))</p>
            <ul class="unanswered-list" id="unanswered-list"></ul>
            \(submit)
          </section>
          <div class="quiz-nav" id="quiz-nav" hidden>
            <button type="button" class="button button-secondary" id="quiz-back">← \(ctx.t("quiz.back"))</button>
            <button type="button" class="button button-primary" id="quiz-next">\(ctx.t("quiz.next")) →</button>
          </div>
          <p class="quiz-keys muted" id="quiz-keys" hidden>\(ctx.t("quiz.keys"))</p>
        </form>
        """
        return Layout.page(ctx: ctx, title: title, body: body, scripts: ["quiz-runner.js"], bodyClass: "page-quiz")
    }

    /// One question: a fieldset with the prompt as its legend, four options with radio semantics
    /// or a text field.
    static func questionBlock(_ ctx: PageContext, _ q: Question, number: Int, total: Int, noteId: String) -> HTML {
        let field = "q-\(q.id)"
        let input: HTML
        switch q.kind {
        case .choice:
            let options = q.options.enumerated().map { (i, o) -> HTML in
                "<label class=\"option\"><input type=\"radio\" name=\"\(field)\" value=\"\(i)\"><span class=\"option-key\" aria-hidden=\"true\">\(i + 1)</span><span class=\"option-text\">\(o)</span></label>"
            }
            input = "<div class=\"options\">\(options)</div>"
        case .short:
            input = """
            <div class="field short-answer">
              <label for="\(field)">\(ctx.t("quiz.shortAnswer"))</label>
              <input id="\(field)" name="\(field)" type="text" maxlength="\(QuizRules.maxAnswerText)" autocomplete="off" autocapitalize="off" spellcheck="false" enterkeyhint="next">
            </div>
            """
        }
        return """
        <section class="quiz-question card" id="question-\(number)" data-question-id="\(q.id)" data-kind="\(q.kind.rawValue)" data-index="\(number - 1)" tabindex="-1" aria-labelledby="prompt-\(number)">
          <p class="question-meta"><span class="question-number">\(number) / \(total)</span>\(q.page.map { " <span class=\"muted\">\(NoteViews.format(ctx, "source.page", String($0)))</span>" as HTML })</p>
          <fieldset>
            \(QuizViews.prompt(q.prompt, id: "prompt-\(number)"))
            \(input)
          </fieldset>
        </section>
        """
    }
}
