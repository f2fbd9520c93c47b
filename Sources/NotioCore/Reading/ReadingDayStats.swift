import Foundation

/// Reading on one local day (`ActivityCalendar.dayNumber`) from one book: the sessions that
/// started that day, summed.
public struct ReadingDay: Sendable, Equatable, Hashable {
    public var day: Int
    public var bookId: String
    public var seconds: Int
    public var sessions: Int
    public init(day: Int, bookId: String, seconds: Int, sessions: Int) {
        self.day = day; self.bookId = bookId; self.seconds = seconds; self.sessions = sessions
    }
}

/// Study on one local day: attempts finished, questions they held, questions answered right.
public struct StudyDay: Sendable, Equatable {
    public var day: Int
    public var attempts: Int
    public var questions: Int
    public var correct: Int
    public init(day: Int, attempts: Int, questions: Int, correct: Int) {
        self.day = day; self.attempts = attempts; self.questions = questions; self.correct = correct
    }
}

/// The same statistics as from the sessions themselves, from the per-day sums: no calendar
/// arithmetic per row, only day numbers.
extension ReadingStatsCalculator {
    /// The local day number of a moment in this calculator's zone.
    public func dayNumber(_ date: Date) -> Int { ActivityCalendar.dayNumber(date, in: calendar.timeZone) }

    /// Day numbers of many moments in [start, end): one offset when the zone keeps it across the
    /// span (Korea always does), else the zone asked for each moment.
    func dayNumbers(from start: Date, to end: Date) -> (Date) -> Int {
        let zone = calendar.timeZone
        guard zone.nextDaylightSavingTimeTransition(after: start).map({ $0 >= end }) ?? true else { return dayNumber }
        let offset = Double(zone.secondsFromGMT(for: start))
        return { Int((($0.timeIntervalSince1970 + offset) / 86_400).rounded(.down)) }
    }

    /// Statistics of the period containing `anchor` from its reading days (days outside it are
    /// ignored) and its sentences.
    public func period(_ period: StatsPeriod, anchor: Date, days: [ReadingDay],
                       sentences: [(at: Date, bookId: String)], books: [String: BookFacts]) -> ReadingPeriodStats {
        let (start, end) = bounds(period, containing: anchor)
        let first = dayNumber(start), last = dayNumber(end)
        // Each day's bucket: the day itself in a week or a month, its month in a year.
        var bucketOf = [Int](repeating: 0, count: max(last - first, 0))
        var buckets: [ReadingPeriodStats.Bucket] = []
        for d in first..<max(last, first) {
            let date = ActivityCalendar.civilDate(d)
            if period != .year || date.day == 1 || buckets.isEmpty {
                buckets.append(.init(start: ActivityCalendar.dayText(d), index: period == .year ? date.month : date.day, seconds: 0, sentences: 0))
            }
            bucketOf[d - first] = buckets.count - 1
        }
        var byBookSeconds: [String: Int] = [:], byBookSentences: [String: Int] = [:]
        var sessionCount = 0, sentenceCount = 0
        var secondsByDay = [Int](repeating: 0, count: bucketOf.count)
        for r in days where r.day >= first && r.day < last {
            buckets[bucketOf[r.day - first]].seconds += r.seconds
            secondsByDay[r.day - first] += r.seconds
            byBookSeconds[r.bookId, default: 0] += r.seconds
            sessionCount += r.sessions
        }
        let dayOf = dayNumbers(from: start, to: end)
        for s in sentences {
            let d = dayOf(s.at)
            guard d >= first && d < last else { continue }
            buckets[bucketOf[d - first]].sentences += 1
            byBookSentences[s.bookId, default: 0] += 1
            sentenceCount += 1
        }
        // Seconds are never negative: a day is active when its sessions add up to any time.
        return assemble(period, start: start, end: end, buckets: buckets, byBookSeconds: byBookSeconds, byBookSentences: byBookSentences,
                        books: books, sessionCount: sessionCount, activeDays: secondsByDay.filter { $0 > 0 }.count,
                        sentenceCount: sentenceCount)
    }

    /// The first day of `year` and the first day after it, as day numbers.
    public func yearDays(_ year: Int) -> Range<Int>? {
        guard let start = calendar.date(from: DateComponents(year: year, month: 1, day: 1)),
              let end = calendar.date(from: DateComponents(year: year + 1, month: 1, day: 1)) else { return nil }
        return dayNumber(start)..<dayNumber(end)
    }

    /// Every day of `year` from the per-day sums (any books, any notes) and the sentences.
    public func heatmap(year: Int, readingDays: [ReadingDay], sentences: [Date], studyDays: [StudyDay]) -> [HeatmapDay] {
        guard let range = yearDays(year), let start = calendar.date(from: DateComponents(year: year, month: 1, day: 1)),
              let end = calendar.date(from: DateComponents(year: year + 1, month: 1, day: 1)) else { return [] }
        let dayOf = dayNumbers(from: start, to: end)
        var out = range.map { HeatmapDay(date: ActivityCalendar.dayText($0), readingSeconds: 0, sentences: 0, studyQuestions: 0) }
        for r in readingDays where range.contains(r.day) { out[r.day - range.lowerBound].readingSeconds += r.seconds }
        for s in studyDays where range.contains(s.day) { out[s.day - range.lowerBound].studyQuestions += s.questions }
        for at in sentences {
            let d = dayOf(at)
            if range.contains(d) { out[d - range.lowerBound].sentences += 1 }
        }
        return out
    }
}

extension HeatmapDay {
    /// The days as a JSON array, written by hand: a year is 365 objects, and JSONEncoder spent
    /// more on them than the database did (statistics are asked for on every visit).
    public static func json(_ days: [HeatmapDay]) -> String {
        var out = "["
        out.reserveCapacity(days.count * 80)
        for (i, d) in days.enumerated() {
            if i > 0 { out += "," }
            // Dates are YYYY-MM-DD and need no escaping.
            out += #"{"date":""# + d.date + #"","readingSeconds":"# + String(d.readingSeconds) + #","sentences":"#
                + String(d.sentences) + #","studyQuestions":"# + String(d.studyQuestions) + "}"
        }
        return out + "]"
    }
}

extension ReadingPeriodStats {
    /// The same object as JSONEncoder writes, written by hand: the encoder took ~40% of the year
    /// statistics' time in a profile.
    public var json: String {
        var out = #"{"period":""# + period.rawValue + #"","from":""# + from + #"","to":""# + to + #"","through":""# + through
        out += #"","previous":""# + previous + #"","next":""# + next + #"","totalSeconds":"# + String(totalSeconds)
        out += #","sessionCount":"# + String(sessionCount) + #","activeDays":"# + String(activeDays) + #","sentenceCount":"# + String(sentenceCount)
        out += #","buckets":["#
        for (i, b) in buckets.enumerated() {
            out += (i > 0 ? "," : "") + #"{"start":""# + b.start + #"","index":"# + String(b.index) + #","seconds":"# + String(b.seconds)
                + #","sentences":"# + String(b.sentences) + "}"
        }
        for (key, shares) in [("byGenre", byGenre), ("byAuthor", byAuthor)] {
            out += #"],""# + key + #"":["#
            for (i, s) in shares.enumerated() {
                out += (i > 0 ? "," : "") + #"{"name":"#
                JSONText.append(s.name, to: &out)
                out += #","sentences":"# + String(s.sentences) + #","seconds":"# + String(s.seconds) + "}"
            }
        }
        out += #"],"topBooks":["#
        for (i, b) in topBooks.enumerated() {
            out += (i > 0 ? "," : "") + #"{"bookId":"#
            JSONText.append(b.bookId, to: &out)
            out += #","title":"#
            JSONText.append(b.title, to: &out)
            out += #","author":"#
            JSONText.append(b.author, to: &out)
            out += #","seconds":"# + String(b.seconds) + #","sentences":"# + String(b.sentences) + "}"
        }
        return out + "]}"
    }
}
