import Foundation
import NotioCore

/// Charts drawn on the server as SVG: no script needed, crisp at any size, and each comes with
/// a data table for screen readers and for reading exact figures.
enum Charts {
    /// Monday to Sunday, short, in the reader's language.
    static func weekdays(_ ctx: PageContext) -> [String] { L10n.t("stats.weekdays", ctx.language).components(separatedBy: ",") }

    static func minutes(_ seconds: Int) -> Int { (seconds + 30) / 60 }

    /// Vertical bars, one per bucket, labelled below. Drawn in percentages of the width it is shown
    /// at (no viewBox): a phone gets narrower bars, not smaller labels (11 px, from the stylesheet).
    static func bars(_ values: [(label: String, value: Int, title: String)], unit: String, id: String) -> HTML {
        let height = 200, top = 12, bottom = 26, left = 1.0
        let maxValue = max(1, values.map(\.value).max() ?? 1)
        let slot = (100 - left * 2) / Double(max(1, values.count))
        let barWidth = slot * 0.7
        let every = values.count > 16 ? 5 : 1
        let items = HTML.join(values.enumerated().map { i, v in
            let h = Double(height - top - bottom) * Double(v.value) / Double(maxValue)
            let x = left + slot * Double(i) + (slot - barWidth) / 2
            let y = Double(height - bottom) - h
            let label: HTML = (i % every == 0 || i == values.count - 1)
                ? "<text class=\"chart-label\" x=\"\(fmt(x + barWidth / 2))%\" y=\"\(height - 8)\" text-anchor=\"middle\">\(v.label)</text>" : .empty
            return """
            <g><rect class="chart-bar\(v.value == 0 ? " is-zero" : "")" x="\(fmt(x))%" y="\(fmt(y))" width="\(fmt(barWidth))%" height="\(fmt(max(h, v.value > 0 ? 2 : 0)))" rx="3"><title>\(v.title): \(v.value)\(unit)</title></rect>\(label)</g>
            """
        })
        return """
        <svg class="chart chart-bars" id="\(id)" width="100%" height="\(height)" role="img" aria-labelledby="\(id)-title">
          <title id="\(id)-title">\(values.map { "\($0.title) \($0.value)\(unit)" }.joined(separator: ", "))</title>
          <line class="chart-axis" x1="\(fmt(left))%" y1="\(height - bottom)" x2="\(fmt(100 - left))%" y2="\(height - bottom)"/>
          \(items)
        </svg>
        """
    }

    /// Horizontal bars for shares (genres, authors): a list whose names are text (they wrap or
    /// shorten with the screen) and whose bars are drawn in percentages of the row.
    static func shares(_ items: [(name: String, value: Int)], unit: String, id: String) -> HTML {
        guard !items.isEmpty else { return .empty }
        let maxValue = max(1, items.map(\.value).max() ?? 1)
        let rows = HTML.join(items.map { item in
            let w = max(1.5, 100 * Double(item.value) / Double(maxValue))
            return """
            <li><span class="share-name">\(item.name)</span><svg class="share-bar" width="100%" height="14" aria-hidden="true"><rect class="chart-bar" x="0" y="0" width="\(fmt(w))%" height="14" rx="3"/></svg><span class="share-value">\(item.value)\(unit)</span></li>
            """
        })
        return "<ul class=\"chart-shares\" id=\"\(id)\">\(rows)</ul>"
    }

    /// A year of days as weeks (columns) × weekdays (rows, Monday first), shaded by `level`.
    static func heatmap(_ ctx: PageContext, days: [HeatmapDay], metric: String, calendar: Calendar) -> HTML {
        guard let first = days.first, let firstDate = ReadingStatsCalculator(timeZone: calendar.timeZone).date(first.date) else { return .empty }
        let offset = (calendar.component(.weekday, from: firstDate) + 5) % 7  // Monday = 0
        func value(_ d: HeatmapDay) -> Int {
            switch metric {
            case "sentences": d.sentences
            case "study": d.studyQuestions
            default: minutes(d.readingSeconds)
            }
        }
        let values = days.map(value)
        let positive = values.filter { $0 > 0 }.sorted()
        // Levels by quartiles of the active days, so one long day does not wash the rest out.
        let q = positive.isEmpty ? [] : [positive[positive.count / 4], positive[positive.count / 2], positive[(positive.count * 3) / 4]]
        func level(_ v: Int) -> Int {
            guard v > 0, !q.isEmpty else { return 0 }
            return v <= q[0] ? 1 : v <= q[1] ? 2 : v <= q[2] ? 3 : 4
        }
        let dayMonth = ShortDate.dayMonths(ctx)
        // The weekday names are drawn apart (`days`), outside the scroller, so that they stay in
        // view while the weeks scroll under them on a phone.
        let cell = 12, gap = 3, left = 0, top = 18, names = 28
        let weeks = (days.count + offset + 6) / 7
        let width = left + weeks * (cell + gap), height = top + 7 * (cell + gap)
        let unit = ctx.t("stats.unit.\(metric)")
        var monthLabels: [HTML] = []
        var lastMonth = 0
        let cells = HTML.join(days.enumerated().map { i, d in
            let position = i + offset
            let x = left + (position / 7) * (cell + gap), y = top + (position % 7) * (cell + gap)
            // Days are YYYY-MM-DD: month and day read from their places, not split per cell.
            let digits = Array(d.date.utf8).map { Int($0) - 48 }
            let month = digits.count == 10 ? digits[5] * 10 + digits[6] : 0, dayOfMonth = digits.count == 10 ? digits[8] * 10 + digits[9] : 0
            if month != lastMonth {
                monthLabels.append("<text class=\"chart-label\" x=\"\(x)\" y=\"11\">\(ShortDate.month(ctx, month))</text>")
                lastMonth = month
            }
            return "<rect class=\"heat heat-\(level(values[i]))\" x=\"\(x)\" y=\"\(y)\" width=\"\(cell)\" height=\"\(cell)\" rx=\"2\" data-date=\"\(d.date)\" data-value=\"\(values[i])\"><title>\((1...12).contains(month) ? dayMonth(month, dayOfMonth) : d.date): \(values[i])\(unit)</title></rect>"
        })
        // Every other day named, beside the heatmap's rows.
        let weekdays = Self.weekdays(ctx).enumerated().map { $0.offset % 2 == 0 && $0.offset < 6 ? $0.element : "" }
        let dayLabels = HTML.join(weekdays.enumerated().map { i, w in
            w.isEmpty ? .empty : "<text class=\"chart-label\" x=\"0\" y=\"\(top + i * (cell + gap) + 10)\">\(w)</text>"
        })
        let legend = HTML.join((0...4).map { "<span class=\"heat-swatch heat-\($0)\" aria-hidden=\"true\"></span>" as HTML })
        // The scroller's edges fade where more weeks lie beyond them (stats.js marks which), and a
        // line under it says so while it is wider than its frame.
        return """
        <div class="heatmap-frame">
          <svg class="chart heatmap-days" viewBox="0 0 \(names) \(height)" width="\(names)" height="\(height)" aria-hidden="true">\(dayLabels)</svg>
          <div class="heatmap-scroll" tabindex="0" role="region" aria-label="\(ctx.t("stats.heatmapScroll"))" aria-describedby="heatmap-hint">
            <svg class="chart chart-heatmap" id="heatmap" viewBox="0 0 \(width) \(height)" width="\(width)" height="\(height)" role="img" aria-label="\(ctx.t("stats.heatmap"))">
              \(HTML.join(monthLabels))\(cells)
            </svg>
          </div>
        </div>
        <p class="heat-legend"><span>\(ctx.t("stats.less"))</span>\(legend)<span>\(ctx.t("stats.more"))</span>
          <span class="heatmap-hint" id="heatmap-hint">\(ctx.t("stats.heatmapHint"))</span></p>
        """
    }

    static func fmt(_ v: Double) -> String { String(format: "%.1f", v) }
}

extension Pages {
    /// `GET /reading/stats`: the year heatmap, time by period with navigation, sentences by genre
    /// and author, top books.
    static func readingStats(_ ctx: PageContext, stats: ReadingPeriodStats, heatmap: [HeatmapDay], year: Int, metric: String,
                             calendar: Calendar) -> String {
        let periodChips = HTML.join(StatsPeriod.allCases.map { p in
            let current = p == stats.period
            return "<a class=\"chip\(current ? " is-current" : "")\" href=\"\(Paths.readingStats)?period=\(p.rawValue)&amp;date=\(stats.from)&amp;year=\(year)&amp;metric=\(metric)\"\(current ? HTML(raw: " aria-current=\"true\"") : .empty)>\(ctx.t("stats.period.\(p.rawValue)"))</a>"
        })
        let metricChips = HTML.join(["reading", "sentences", "study"].map { m in
            let current = m == metric
            return "<a class=\"chip\(current ? " is-current" : "")\" href=\"\(Paths.readingStats)?period=\(stats.period.rawValue)&amp;date=\(stats.from)&amp;year=\(year)&amp;metric=\(m)\"\(current ? HTML(raw: " aria-current=\"true\"") : .empty)>\(ctx.t("stats.metric.\(m)"))</a>"
        })
        let bucketLabel: (ReadingPeriodStats.Bucket) -> String = { b in
            switch stats.period {
            case .week:
                let names = Charts.weekdays(ctx)
                return names[(stats.buckets.firstIndex(of: b) ?? 0) % 7]
            // Numbers under a month's or a year's bars: twelve "10월" side by side ran together at
            // 360 px; each bar's title and the table beside the chart name it in full.
            case .month, .year: return String(b.index)
            }
        }
        let bucketTitle: (ReadingPeriodStats.Bucket) -> String = { b in
            stats.period == .year ? ShortDate.month(ctx, b.index) : ShortDate.dayMonth(ctx, b.start)
        }
        let periodTitle = switch stats.period {
        case .week: "\(ShortDate.dayMonth(ctx, stats.from)) – \(ShortDate.dayMonth(ctx, stats.through))"
        case .month: ShortDate.monthYear(ctx, stats.from)
        case .year: ShortDate.year(ctx, stats.from)
        }
        let unitMinutes = ctx.t("stats.unit.reading")
        let bars = Charts.bars(stats.buckets.map { (bucketLabel($0), Charts.minutes($0.seconds), bucketTitle($0)) }, unit: unitMinutes, id: "period-chart")
        let table = HTML.join(stats.buckets.map { b in
            "<tr><th scope=\"row\">\(bucketTitle(b))</th><td>\(Charts.minutes(b.seconds))</td><td>\(b.sentences)</td></tr>" as HTML
        })
        let genres = stats.byGenre.filter { $0.sentences > 0 }.prefix(8)
        let authors = stats.byAuthor.filter { $0.sentences > 0 }.prefix(8)
        func shareTable(_ items: ArraySlice<ReadingPeriodStats.Share>, _ head: String) -> HTML {
            HTML.join(items.map { "<tr><th scope=\"row\">\($0.name)</th><td>\($0.sentences)</td><td>\(Charts.minutes($0.seconds))</td></tr>" as HTML })
        }
        let months = Dictionary(grouping: heatmap, by: { String($0.date.prefix(7)) }).sorted { $0.key < $1.key }
        let heatTable = HTML.join(months.map { month, days in
            "<tr><th scope=\"row\">\(ShortDate.month(ctx, Int(month.suffix(2)) ?? 1))</th><td>\(Charts.minutes(days.reduce(0) { $0 + $1.readingSeconds }))</td><td>\(days.reduce(0) { $0 + $1.sentences })</td><td>\(days.reduce(0) { $0 + $1.studyQuestions })</td><td>\(days.filter { $0.readingSeconds > 0 || $0.sentences > 0 || $0.studyQuestions > 0 }.count)</td></tr>" as HTML
        })
        let top = stats.topBooks.isEmpty ? HTML.empty : """
        <section class="card stats-card" aria-labelledby="top-books-title">
          <h2 id="top-books-title">\(ctx.t("stats.topBooks"))</h2>
          <ol class="top-books" id="top-books">\(stats.topBooks.map { b in
            "<li><a href=\"\(Paths.book(b.bookId))\">\(b.title)</a> <span class=\"muted\">\(b.author) · \(ReadingViews.duration(ctx, seconds: b.seconds)) · \(NoteViews.format(ctx, "book.sentenceCount", String(b.sentences)))</span></li>" as HTML
          })</ol>
        </section>
        """
        let body: HTML = """
        <div class="page-head"><h1>\(ctx.t("stats.title"))</h1></div>
        \(ReadingViews.readingTabs(ctx, current: Paths.readingStats))
        <section class="card stats-card" aria-labelledby="heatmap-title">
          <div class="stats-head">
            <h2 id="heatmap-title">\(NoteViews.format(ctx, "stats.heatmapYear", String(year)))</h2>
            <nav class="period-nav" aria-label="\(ctx.t("stats.yearNav"))">
              <a href="\(Paths.readingStats)?period=\(stats.period.rawValue)&amp;date=\(stats.from)&amp;year=\(year - 1)&amp;metric=\(metric)" rel="prev" aria-label="\(ctx.t("stats.prevYear"))">←</a>
              <a href="\(Paths.readingStats)?period=\(stats.period.rawValue)&amp;date=\(stats.from)&amp;year=\(year + 1)&amp;metric=\(metric)" rel="next" aria-label="\(ctx.t("stats.nextYear"))">→</a>
            </nav>
          </div>
          <div class="chips" role="group" aria-label="\(ctx.t("stats.metric"))">\(metricChips)</div>
          \(Charts.heatmap(ctx, days: heatmap, metric: metric, calendar: calendar))
          <details class="data-table"><summary>\(ctx.t("stats.table"))</summary>
            <table><thead><tr><th scope="col">\(ctx.t("stats.month"))</th><th scope="col">\(ctx.t("stats.metric.reading")) (\(unitMinutes))</th><th scope="col">\(ctx.t("stats.metric.sentences"))</th><th scope="col">\(ctx.t("stats.metric.study"))</th><th scope="col">\(ctx.t("stats.activeDays"))</th></tr></thead>
            <tbody>\(heatTable)</tbody></table></details>
        </section>
        <section class="card stats-card" aria-labelledby="period-title">
          <div class="stats-head">
            <h2 id="period-title">\(periodTitle)</h2>
            <nav class="period-nav" aria-label="\(ctx.t("stats.periodNav"))">
              <a id="period-prev" href="\(Paths.readingStats)?period=\(stats.period.rawValue)&amp;date=\(stats.previous)&amp;year=\(year)&amp;metric=\(metric)" rel="prev" aria-label="\(ctx.t("stats.prev"))">←</a>
              <a id="period-next" href="\(Paths.readingStats)?period=\(stats.period.rawValue)&amp;date=\(stats.next)&amp;year=\(year)&amp;metric=\(metric)" rel="next" aria-label="\(ctx.t("stats.next"))">→</a>
            </nav>
          </div>
          <div class="chips" role="group" aria-label="\(ctx.t("stats.period"))">\(periodChips)</div>
          <dl class="stats stats-row">
            <div><dt>\(ctx.t("stats.total"))</dt><dd id="period-total">\(ReadingViews.duration(ctx, seconds: stats.totalSeconds))</dd></div>
            <div><dt>\(ctx.t("stats.sessions"))</dt><dd>\(stats.sessionCount)</dd></div>
            <div><dt>\(ctx.t("stats.activeDays"))</dt><dd>\(stats.activeDays)</dd></div>
            <div><dt>\(ctx.t("stats.metric.sentences"))</dt><dd id="period-sentences">\(stats.sentenceCount)</dd></div>
          </dl>
          \(bars)
          <details class="data-table"><summary>\(ctx.t("stats.table"))</summary>
            <table id="period-table"><thead><tr><th scope="col">\(ctx.t("stats.day"))</th><th scope="col">\(ctx.t("stats.metric.reading")) (\(unitMinutes))</th><th scope="col">\(ctx.t("stats.metric.sentences"))</th></tr></thead>
            <tbody>\(table)</tbody></table></details>
        </section>
        <div class="stats-grid">
          <section class="card stats-card" aria-labelledby="genre-title">
            <h2 id="genre-title">\(ctx.t("stats.byGenre"))</h2>
            \(genres.isEmpty ? "<p class=\"muted\">\(ctx.t("stats.noSentences"))</p>" as HTML : Charts.shares(genres.map { ($0.name, $0.sentences) }, unit: "", id: "genre-chart"))
            \(HTML.when(!genres.isEmpty) { "<details class=\"data-table\"><summary>\(ctx.t("stats.table"))</summary><table><thead><tr><th scope=\"col\">\(ctx.t("book.field.genre"))</th><th scope=\"col\">\(ctx.t("stats.metric.sentences"))</th><th scope=\"col\">\(ctx.t("stats.metric.reading")) (\(unitMinutes))</th></tr></thead><tbody>\(shareTable(genres, ""))</tbody></table></details>" })
          </section>
          <section class="card stats-card" aria-labelledby="author-title">
            <h2 id="author-title">\(ctx.t("stats.byAuthor"))</h2>
            \(authors.isEmpty ? "<p class=\"muted\">\(ctx.t("stats.noSentences"))</p>" as HTML : Charts.shares(authors.map { ($0.name, $0.sentences) }, unit: "", id: "author-chart"))
            \(HTML.when(!authors.isEmpty) { "<details class=\"data-table\"><summary>\(ctx.t("stats.table"))</summary><table><thead><tr><th scope=\"col\">\(ctx.t("book.field.author"))</th><th scope=\"col\">\(ctx.t("stats.metric.sentences"))</th><th scope=\"col\">\(ctx.t("stats.metric.reading")) (\(unitMinutes))</th></tr></thead><tbody>\(shareTable(authors, ""))</tbody></table></details>" })
          </section>
        </div>
        \(top)
        """
        return Layout.page(ctx: ctx, title: ctx.t("stats.title"), body: body, scripts: ["stats.js"], bodyClass: "page-stats")
    }
}
