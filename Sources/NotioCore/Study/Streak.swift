import Foundation

/// Days of study or reading activity, counted in the user's time zone.
public struct ActivityCalendar: Sendable {
    public var timeZone: TimeZone
    private var calendar: Calendar

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // Weeks start on Monday, as Korean calendars and the home screen show them.
        calendar.firstWeekday = 2
        calendar.minimumDaysInFirstWeek = 4
        self.calendar = calendar
    }

    /// Consecutive days with activity ending today, or ending yesterday when nothing happened yet
    /// today (the streak is not lost before the day is over). 0 when the last active day is older.
    public func streak(activity: [Date], now: Date) -> Int {
        streak(days: Set(activity.filter { $0 <= now }.map { dayNumber($0) }), now: now)
    }

    /// The same count from day numbers (`dayNumber`) already made distinct.
    public func streak(days: Set<Int>, now: Date) -> Int {
        let today = dayNumber(now)
        var day = days.contains(today) ? today : today - 1
        var count = 0
        while days.contains(day) {
            count += 1
            day -= 1
        }
        return count
    }

    /// True when the zone's offset from UTC is the same everywhere in `start...end`, so local
    /// days can be computed with one offset (in SQL, for example).
    public func hasFixedOffset(from start: Date, to end: Date) -> Bool {
        guard let next = timeZone.nextDaylightSavingTimeTransition(after: start) else { return true }
        return next > end
    }

    /// How many activities fall in the week (Monday 00:00 … now) containing `now`.
    public func thisWeekCount(activity: [Date], now: Date) -> Int {
        let start = startOfWeek(now)
        return activity.filter { $0 >= start && $0 <= now }.count
    }

    /// Distinct active days in this week, Monday first.
    public func thisWeekActiveDays(activity: [Date], now: Date) -> Int {
        let start = startOfWeek(now)
        return Set(activity.filter { $0 >= start && $0 <= now }.map { dayNumber($0) }).count
    }

    /// Monday 00:00 of the week containing `date`, in the user's time zone.
    public func startOfWeek(_ date: Date) -> Date {
        let day = calendar.startOfDay(for: date)
        let weekday = calendar.component(.weekday, from: day) // 1 = Sunday … 7 = Saturday
        let back = (weekday + 5) % 7                           // days since Monday
        return calendar.date(byAdding: .day, value: -back, to: day) ?? day
    }

    /// A running day number in the user's time zone: equal for two instants on the same local date.
    public func dayNumber(_ date: Date) -> Int { Self.dayNumber(date, in: timeZone) }

    /// The same number without a calendar at hand (the per-day aggregates are keyed by it).
    public static func dayNumber(_ date: Date, in timeZone: TimeZone) -> Int {
        // The local wall-clock time counted in whole days: the same as the local calendar date,
        // at a fraction of the cost of `dateComponents` (statistics call this for every activity).
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        return Int((local / 86_400).rounded(.down))
    }

    /// The calendar date of a day number (days since 1970-01-01), by arithmetic alone
    /// (H. Hinnant's civil-from-days; proleptic Gregorian like Foundation's calendar).
    public static func civilDate(_ dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `YYYY-MM-DD` of a day number.
    public static func dayText(_ dayNumber: Int) -> String {
        let (y, m, d) = civilDate(dayNumber)
        let bytes: [UInt8] = [48 + UInt8(y / 1000 % 10), 48 + UInt8(y / 100 % 10), 48 + UInt8(y / 10 % 10), 48 + UInt8(y % 10), 45,
                              48 + UInt8(m / 10), 48 + UInt8(m % 10), 45, 48 + UInt8(d / 10), 48 + UInt8(d % 10)]
        return String(decoding: bytes, as: UTF8.self)
    }
}
