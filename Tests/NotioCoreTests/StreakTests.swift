import Foundation
import Testing
@testable import NotioCore

struct StreakTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    let utc = TimeZone(identifier: "UTC")!

    func date(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    @Test func aroundMidnightInSeoulIsTwoDays() {
        let late = date("2026-03-09T14:30:00Z")  // 2026-03-09 23:30 KST
        let early = date("2026-03-09T15:10:00Z") // 2026-03-10 00:10 KST
        let now = date("2026-03-10T03:00:00Z")   // 2026-03-10 12:00 KST
        #expect(ActivityCalendar(timeZone: seoul).streak(activity: [late, early], now: now) == 2)
        // The same instants both fall on 03-09 in UTC: one day.
        #expect(ActivityCalendar(timeZone: utc).streak(activity: [late, early], now: now) == 1)
    }

    @Test func nothingYetTodayStillCountsToYesterday() {
        let cal = ActivityCalendar(timeZone: seoul)
        let activity = [date("2026-03-07T01:00:00Z"), date("2026-03-08T01:00:00Z"), date("2026-03-09T01:00:00Z")]
        #expect(cal.streak(activity: activity, now: date("2026-03-10T02:00:00Z")) == 3)  // today 03-10, nothing yet
        #expect(cal.streak(activity: activity, now: date("2026-03-11T02:00:00Z")) == 0)  // a day missed
        #expect(cal.streak(activity: activity + [date("2026-03-10T05:00:00Z")], now: date("2026-03-10T06:00:00Z")) == 4)
        #expect(cal.streak(activity: [], now: date("2026-03-10T06:00:00Z")) == 0)
    }

    @Test func gapBreaksTheStreak() {
        let cal = ActivityCalendar(timeZone: seoul)
        let activity = [date("2026-03-05T01:00:00Z"), date("2026-03-08T01:00:00Z"), date("2026-03-09T01:00:00Z")]
        #expect(cal.streak(activity: activity, now: date("2026-03-09T10:00:00Z")) == 2)
    }

    @Test func timeZoneDecidesTheDay() {
        // 2026-03-10 15:30 UTC is 03-11 00:30 in Seoul and 03-10 08:30 in Los Angeles.
        let instant = date("2026-03-10T15:30:00Z")
        let earlier = date("2026-03-09T12:00:00Z")  // 03-09 21:00 KST, 03-09 05:00 LA
        let now = date("2026-03-10T16:00:00Z")
        // Seoul: 03-09 and 03-11, nothing on 03-10 → only today counts.
        #expect(ActivityCalendar(timeZone: seoul).streak(activity: [earlier, instant], now: now) == 1)
        // Los Angeles: 03-09 and 03-10 → two days.
        #expect(ActivityCalendar(timeZone: TimeZone(identifier: "America/Los_Angeles")!).streak(activity: [earlier, instant], now: now) == 2)
    }

    @Test func weekStartsOnMondayInTheUsersZone() {
        let cal = ActivityCalendar(timeZone: seoul)
        // 2026-03-09 is a Monday. Sunday 23:50 KST belongs to the previous week; Monday 00:05 KST to this one.
        let sundayNight = date("2026-03-08T14:50:00Z")
        let mondayMorning = date("2026-03-08T15:05:00Z")
        let wednesday = date("2026-03-11T03:00:00Z")
        let now = date("2026-03-12T03:00:00Z")
        #expect(cal.startOfWeek(now) == date("2026-03-08T15:00:00Z"))
        #expect(cal.thisWeekCount(activity: [sundayNight, mondayMorning, wednesday, wednesday], now: now) == 3)
        #expect(cal.thisWeekActiveDays(activity: [sundayNight, mondayMorning, wednesday, wednesday], now: now) == 2)
        // In UTC both the Sunday-night and the Monday-morning instants fall on Sunday 03-08: last week.
        #expect(ActivityCalendar(timeZone: utc).thisWeekCount(activity: [sundayNight, mondayMorning, wednesday], now: now) == 1)
    }

    @Test func daylightSavingDoesNotBreakDays() {
        let ny = ActivityCalendar(timeZone: TimeZone(identifier: "America/New_York")!)
        // Clocks go forward on 2026-03-08: a 23-hour day in between.
        let activity = [date("2026-03-07T15:00:00Z"), date("2026-03-08T15:00:00Z"), date("2026-03-09T15:00:00Z")]
        #expect(ny.streak(activity: activity, now: date("2026-03-09T20:00:00Z")) == 3)
    }
}
