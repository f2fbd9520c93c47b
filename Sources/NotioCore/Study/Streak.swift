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
        let days = Set(activity.filter { $0 <= now }.map { dayNumber($0) })
        let today = dayNumber(now)
        var day = days.contains(today) ? today : today - 1
        var count = 0
        while days.contains(day) {
            count += 1
            day -= 1
        }
        return count
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
    public func dayNumber(_ date: Date) -> Int {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return Self.daysFromCivil(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm), so that
    /// day arithmetic does not depend on daylight-saving gaps.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
