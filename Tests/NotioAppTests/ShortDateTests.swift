import Testing
@testable import NotioApp

/// Statistics periods as a reader writes them on a phone ("11월 30일 – 12월 6일", "Nov 30 – Dec 6"),
/// not "2026-11-30 – 2026-12-06" wrapping as "2026-12-/06".
@Suite struct ShortDateTests {
    @Test func daysMonthsAndYearsInBothLanguages() {
        let ko = ViewRenderingTests.context(.ko), en = ViewRenderingTests.context(.en)
        #expect(ShortDate.dayMonth(ko, "2026-11-30") == "11월 30일" && ShortDate.dayMonth(ko, "2026-12-06") == "12월 6일")
        #expect(ShortDate.dayMonth(en, "2026-11-30") == "Nov 30" && ShortDate.dayMonth(en, "2026-12-06") == "Dec 6")
        #expect(ShortDate.monthYear(ko, "2026-12-01") == "2026년 12월" && ShortDate.monthYear(en, "2026-12-01") == "Dec 2026")
        #expect(ShortDate.year(ko, "2026-01-01") == "2026년" && ShortDate.year(en, "2026-01-01") == "2026")
        #expect(ShortDate.dayMonth(ko, "not a date") == "not a date")
    }

    @Test func timeZoneOffsetsAreWrittenAsGMT() {
        #expect(TimeZoneChoice.offset(9 * 3600) == "GMT+9" && TimeZoneChoice.offset(19_800) == "GMT+5:30")
        #expect(TimeZoneChoice.offset(-5 * 3600) == "GMT-5" && TimeZoneChoice.offset(0) == "GMT")
        #expect(TimeZoneChoice.city("Asia/Seoul", .ko) == "서울" && TimeZoneChoice.city("America/New_York", .en) == "New York")
        #expect(TimeZoneChoice.city("America/Argentina/Ushuaia", .ko) == "Ushuaia")
    }
}
