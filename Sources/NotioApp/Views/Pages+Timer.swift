import Foundation
import NotioCore

extension Pages {
    /// `GET /timer`: the dial. Drag the handle round (one turn is an hour) or use the arrow keys;
    /// the buttons post forms, so the timer also works without JavaScript (minutes typed).
    static func timer(_ ctx: PageContext, timer: ReadingTimer, bookTitle: String?, books: [Book], now: Date,
                      lastMinutes: Int, selectedBook: String?, sessions: [(ReadingSession, String)], zone: TimeZone) -> String {
        let remaining = timer.remainingSeconds(at: now)
        let state = timer.state
        let ends = timer.state == .running ? timer.endsAt.map { String(Int(($0.timeIntervalSince1970 * 1000).rounded())) } ?? "" : ""
        let minutes = state == .idle || state == .finished ? lastMinutes : max(1, timer.durationSeconds / 60)
        let clock = String(format: "%d:%02d", remaining / 60, remaining % 60)
        let options = HTML.join(books.map { b in
            "<option value=\"\(b.id)\"\(b.id == selectedBook ? HTML(raw: " selected") : .empty)>\(b.title)</option>"
        })
        func action(_ name: String, _ label: String, _ style: String, id: String) -> HTML {
            """
            <form method="post" action="\(Paths.timer)" class="timer-action">
              \(Form.csrfField(ctx))
              <input type="hidden" name="action" value="\(name)">
              <button class="button \(style)" type="submit" id="\(id)" data-action="\(name)">\(label)</button>
            </form>
            """
        }
        let controls: HTML
        switch state {
        case .idle, .finished:
            controls = books.isEmpty ? "<p class=\"muted\">\(ctx.t("timer.noBooks")) <a href=\"\(Paths.newBook)\">\(ctx.t("shelf.add"))</a></p>" : """
            <form method="post" action="\(Paths.timer)" class="timer-start" id="timer-start-form">
              \(Form.csrfField(ctx))
              <input type="hidden" name="action" value="start">
              <div class="field"><label for="timer-book">\(ctx.t("timer.book"))</label><select id="timer-book" name="bookId">\(options)</select></div>
              <div class="field field-narrow"><label for="timer-minutes">\(ctx.t("timer.minutes"))</label>
                <input id="timer-minutes" name="minutes" type="number" min="\(ReadingTimer.minutes.lowerBound)" max="\(ReadingTimer.minutes.upperBound)" value="\(minutes)" inputmode="numeric"></div>
              <button class="button button-primary button-large" type="submit" id="timer-start" data-action="start">\(ctx.t("timer.start"))</button>
            </form>
            """
        case .running:
            controls = "<div class=\"timer-buttons\">\(action("pause", ctx.t("timer.pause"), "button-secondary", id: "timer-pause"))\(action("stop", ctx.t("timer.stop"), "button-danger", id: "timer-stop"))</div>"
        case .paused:
            controls = "<div class=\"timer-buttons\">\(action("resume", ctx.t("timer.resume"), "button-primary", id: "timer-resume"))\(action("stop", ctx.t("timer.stop"), "button-danger", id: "timer-stop"))</div>"
        }
        let recent = sessions.isEmpty ? HTML.empty : """
        <section class="timer-sessions" aria-labelledby="timer-sessions-title">
          <h2 id="timer-sessions-title">\(ctx.t("timer.recent"))</h2>
          <ul class="session-list" id="session-list">\(sessions.map { s, title in
            "<li><a href=\"\(Paths.book(s.bookId))\">\(title)</a> <span class=\"muted\">\(ReadingViews.when(ctx, s.startedAt, zone: zone)) · \(ReadingViews.duration(ctx, seconds: s.seconds))</span></li>" as HTML
          })</ul>
        </section>
        """
        // The dial: a track, the set time as an arc, a handle; JavaScript draws it from data-*.
        let body: HTML = """
        <div class="page-head"><h1>\(ctx.t("timer.title"))</h1><p class="muted">\(ctx.t("timer.subtitle"))</p></div>
        \(ReadingViews.readingTabs(ctx, current: Paths.timer))
        <section class="timer" id="timer" data-api-url="\(Paths.API.timer)" data-state="\(state.rawValue)" data-ends-at="\(ends)" data-remaining="\(remaining)"
                 data-minutes="\(minutes)" data-duration="\(timer.durationSeconds)" data-max="\(ReadingTimer.minutes.upperBound)"
                 data-msg-finished="\(ctx.t("timer.finished"))" data-msg-minutes="\(ctx.t("timer.minutesN"))">
          \(bookTitle.map { "<p class=\"timer-book-title\" id=\"timer-book-title\">\($0)</p>" as HTML })
          <div class="dial-wrap">
            <svg class="dial" id="dial" viewBox="0 0 240 240" role="slider" tabindex="\(state == .idle || state == .finished ? "0" : "-1")"
                 aria-label="\(ctx.t("timer.dial"))" aria-valuemin="\(ReadingTimer.minutes.lowerBound)" aria-valuemax="\(ReadingTimer.minutes.upperBound)"
                 aria-valuenow="\(minutes)" aria-valuetext="\(NoteViews.format(ctx, "timer.minutesN", String(minutes)))">
              <circle class="dial-track" cx="120" cy="120" r="96"/>
              <g class="dial-ticks" id="dial-ticks"></g>
              <path class="dial-arc" id="dial-arc" d=""/>
              <circle class="dial-handle" id="dial-handle" cx="120" cy="24" r="13"/>
            </svg>
            <div class="dial-center">
              <span class="dial-time" id="dial-time" role="timer">\(state == .idle ? String(format: "%d:00", minutes) : clock)</span>
              <span class="dial-state" id="dial-state">\(ctx.t("timer.state.\(state.rawValue)"))</span>
            </div>
          </div>
          \(controls)
        </section>
        \(recent)
        """
        return Layout.page(ctx: ctx, title: ctx.t("timer.title"), body: body, scripts: ["timer.js"], bodyClass: "page-timer")
    }
}

extension ReadingViews {
    /// "11월 29일 21:00" / "Nov 29, 21:00" in the reader's time zone.
    static func when(_ ctx: PageContext, _ date: Date, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.month, .day, .hour, .minute], from: date)
        let time = String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
        if ctx.language == .ko { return "\(c.month ?? 0)월 \(c.day ?? 0)일 \(time)" }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(months[max(0, min(11, (c.month ?? 1) - 1))]) \(c.day ?? 0), \(time)"
    }
}
