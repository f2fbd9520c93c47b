import Foundation

/// The span a reading statistic covers: a week (Monday first, days), a month (days) or a year
/// (months), in the reader's time zone.
public enum StatsPeriod: String, Codable, Sendable, CaseIterable {
    case week, month, year
}

/// A book's facts the statistics group by.
public struct BookFacts: Sendable {
    public var title: String
    public var author: String
    public var genre: String?
    public init(title: String, author: String, genre: String?) { self.title = title; self.author = author; self.genre = genre }
}

/// Reading in one period: time per bucket, what was read most, sentences by genre and author.
public struct ReadingPeriodStats: Codable, Sendable, Equatable {
    public struct Bucket: Codable, Sendable, Equatable {
        /// The bucket's first day, `YYYY-MM-DD`.
        public var start: String
        /// Day of month (week and month) or month number (year).
        public var index: Int
        public var seconds: Int
        public var sentences: Int
    }

    public struct Share: Codable, Sendable, Equatable {
        public var name: String
        public var sentences: Int
        public var seconds: Int
    }

    public struct TopBook: Codable, Sendable, Equatable {
        public var bookId: String
        public var title: String
        public var author: String
        public var seconds: Int
        public var sentences: Int
    }

    public var period: StatsPeriod
    /// First day of the period and first day after it, `YYYY-MM-DD`.
    public var from: String
    public var to: String
    /// The period's last day, `YYYY-MM-DD` (for showing it).
    public var through: String
    /// Any day of the previous and next period, for navigation.
    public var previous: String
    public var next: String
    public var totalSeconds: Int
    public var sessionCount: Int
    public var activeDays: Int
    public var sentenceCount: Int
    public var buckets: [Bucket]
    public var byGenre: [Share]
    public var byAuthor: [Share]
    public var topBooks: [TopBook]
}

/// One day of the year heatmap.
public struct HeatmapDay: Codable, Sendable, Equatable {
    public var date: String
    public var readingSeconds: Int
    public var sentences: Int
    public var studyQuestions: Int
}

/// Computes the reading statistics from sessions and sentences, counting days in one time zone.
public struct ReadingStatsCalculator: Sendable {
    public let calendar: Calendar

    public init(timeZone: TimeZone) {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = timeZone
        c.firstWeekday = 2
        c.minimumDaysInFirstWeek = 4
        calendar = c
    }

    /// `YYYY-MM-DD` of a moment in the zone.
    public func day(_ date: Date) -> String {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    /// The start of the day `YYYY-MM-DD` names, or nil when it names no real day.
    public func date(_ text: String) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]),
              let d = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
              calendar.component(.day, from: d) == parts[2] else { return nil }
        return d
    }

    /// The period containing `anchor`: [start, end).
    public func bounds(_ period: StatsPeriod, containing anchor: Date) -> (Date, Date) {
        let day = calendar.startOfDay(for: anchor)
        switch period {
        case .week:
            let weekday = calendar.component(.weekday, from: day)
            let start = calendar.date(byAdding: .day, value: -((weekday + 5) % 7), to: day) ?? day
            return (start, calendar.date(byAdding: .day, value: 7, to: start) ?? start)
        case .month:
            let start = calendar.date(from: calendar.dateComponents([.year, .month], from: day)) ?? day
            return (start, calendar.date(byAdding: .month, value: 1, to: start) ?? start)
        case .year:
            let start = calendar.date(from: calendar.dateComponents([.year], from: day)) ?? day
            return (start, calendar.date(byAdding: .year, value: 1, to: start) ?? start)
        }
    }

    /// Statistics of the period containing `anchor`. `sessions` and `sentences` may hold more
    /// than the period: only what starts inside it counts (a session counts on its start day).
    public func period(_ period: StatsPeriod, anchor: Date, sessions: [ReadingSession],
                       sentences: [(at: Date, bookId: String)], books: [String: BookFacts]) -> ReadingPeriodStats {
        let (start, end) = bounds(period, containing: anchor)
        let inSessions = sessions.filter { $0.startedAt >= start && $0.startedAt < end }
        let inSentences = sentences.filter { $0.at >= start && $0.at < end }

        // Buckets: days for a week or a month, months for a year.
        var bucketStarts: [Date] = []
        var cursor = start
        let unit: Calendar.Component = period == .year ? .month : .day
        while cursor < end {
            bucketStarts.append(cursor)
            guard let nextStart = calendar.date(byAdding: unit, value: 1, to: cursor), nextStart > cursor else { break }
            cursor = nextStart
        }
        func bucketIndex(_ date: Date) -> Int {
            // Buckets are few (≤ 31): a binary search would not pay.
            var i = 0
            while i + 1 < bucketStarts.count && bucketStarts[i + 1] <= date { i += 1 }
            return i
        }
        var seconds = [Int](repeating: 0, count: bucketStarts.count)
        var counts = [Int](repeating: 0, count: bucketStarts.count)
        var days = Set<String>()
        var byBookSeconds: [String: Int] = [:], byBookSentences: [String: Int] = [:]
        for s in inSessions {
            seconds[bucketIndex(s.startedAt)] += s.seconds
            byBookSeconds[s.bookId, default: 0] += s.seconds
            if s.seconds > 0 { days.insert(day(s.startedAt)) }
        }
        for s in inSentences {
            counts[bucketIndex(s.at)] += 1
            byBookSentences[s.bookId, default: 0] += 1
        }
        let buckets = bucketStarts.enumerated().map { i, d in
            ReadingPeriodStats.Bucket(start: day(d), index: calendar.component(period == .year ? .month : .day, from: d),
                                      seconds: seconds[i], sentences: counts[i])
        }
        return assemble(period, start: start, end: end, buckets: buckets, byBookSeconds: byBookSeconds, byBookSentences: byBookSentences,
                        books: books, sessionCount: inSessions.count, activeDays: days.count, sentenceCount: inSentences.count)
    }

    /// The statistics of a period from its buckets and its time and sentences per book: shares by
    /// genre and author, the books read most, the neighbouring periods.
    func assemble(_ period: StatsPeriod, start: Date, end: Date, buckets: [ReadingPeriodStats.Bucket], byBookSeconds: [String: Int],
                  byBookSentences: [String: Int], books: [String: BookFacts], sessionCount: Int, activeDays: Int,
                  sentenceCount: Int) -> ReadingPeriodStats {
        func shares(_ key: (BookFacts) -> String) -> [ReadingPeriodStats.Share] {
            var sentencesBy: [String: Int] = [:], secondsBy: [String: Int] = [:]
            for (book, n) in byBookSentences { sentencesBy[key(books[book] ?? BookFacts(title: "", author: "", genre: nil)), default: 0] += n }
            for (book, n) in byBookSeconds { secondsBy[key(books[book] ?? BookFacts(title: "", author: "", genre: nil)), default: 0] += n }
            let names = Set(sentencesBy.keys).union(secondsBy.keys)
            return names.map { ReadingPeriodStats.Share(name: $0, sentences: sentencesBy[$0] ?? 0, seconds: secondsBy[$0] ?? 0) }
                .sorted { ($0.sentences, $0.seconds, $1.name) > ($1.sentences, $1.seconds, $0.name) }
        }
        let unknown = "기타"
        let byGenre = shares { ($0.genre?.isEmpty == false ? $0.genre! : unknown) }
        let byAuthor = shares { $0.author.isEmpty ? unknown : $0.author }
        let top = Set(byBookSeconds.keys).union(byBookSentences.keys).compactMap { id -> ReadingPeriodStats.TopBook? in
            guard let b = books[id] else { return nil }
            return .init(bookId: id, title: b.title, author: b.author, seconds: byBookSeconds[id] ?? 0, sentences: byBookSentences[id] ?? 0)
        }.sorted { ($0.seconds, $0.sentences, $1.title) > ($1.seconds, $1.sentences, $0.title) }

        let previous = calendar.date(byAdding: period == .week ? .day : period == .month ? .month : .year, value: period == .week ? -7 : -1, to: start) ?? start
        return ReadingPeriodStats(
            period: period, from: day(start), to: day(end),
            through: day(calendar.date(byAdding: .day, value: -1, to: end) ?? end), previous: day(previous), next: day(end),
            totalSeconds: byBookSeconds.values.reduce(0, +), sessionCount: sessionCount, activeDays: activeDays,
            sentenceCount: sentenceCount, buckets: buckets, byGenre: byGenre, byAuthor: byAuthor, topBooks: Array(top.prefix(5)))
    }

    /// Every day of `year`: reading time, sentences kept, study questions answered.
    public func heatmap(year: Int, sessions: [ReadingSession], sentences: [Date], questions: [(at: Date, count: Int)]) -> [HeatmapDay] {
        guard let start = calendar.date(from: DateComponents(year: year, month: 1, day: 1)),
              let end = calendar.date(from: DateComponents(year: year + 1, month: 1, day: 1)) else { return [] }
        var dayStarts: [Date] = []
        var cursor = start
        while cursor < end {
            dayStarts.append(cursor)
            guard let next = calendar.date(byAdding: .day, value: 1, to: cursor), next > cursor else { break }
            cursor = next
        }
        // Day index by binary search over the day starts (they are not all 24 h apart under DST).
        func index(_ date: Date) -> Int? {
            guard date >= start, date < end else { return nil }
            var lo = 0, hi = dayStarts.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if dayStarts[mid] <= date { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }
        var reading = [Int](repeating: 0, count: dayStarts.count)
        var kept = [Int](repeating: 0, count: dayStarts.count)
        var asked = [Int](repeating: 0, count: dayStarts.count)
        for s in sessions { if let i = index(s.startedAt) { reading[i] += s.seconds } }
        for d in sentences { if let i = index(d) { kept[i] += 1 } }
        for q in questions { if let i = index(q.at) { asked[i] += q.count } }
        return dayStarts.enumerated().map { i, d in
            HeatmapDay(date: day(d), readingSeconds: reading[i], sentences: kept[i], studyQuestions: asked[i])
        }
    }
}
