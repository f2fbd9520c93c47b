extension L10n {
    /// Phone-sized pages (issue 14): short dates on the statistics, the heatmap's scroller.
    static let phone: [String: (ko: String, en: String)] = [
        "date.monthNames": ("1월,2월,3월,4월,5월,6월,7월,8월,9월,10월,11월,12월",
                            "Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec"),
        // {month} is one of date.monthNames.
        "date.dayMonth": ("{month} {day}일", "{month} {day}"),
        "date.monthYear": ("{year}년 {month}", "{month} {year}"),
        "date.year": ("{year}년", "{year}"),
        "stats.heatmapScroll": ("한 해의 기록 (옆으로 넘겨 보세요)", "The year's activity (scrolls sideways)"),
    ]
}

/// Calendar dates ("2026-11-30") as a reader writes them: "11월 30일", "Nov 30".
enum ShortDate {
    static func parts(_ iso: String) -> (year: String, month: Int, day: Int)? {
        let p = iso.split(separator: "-")
        guard p.count >= 2, let m = Int(p[1]), (1...12).contains(m) else { return nil }
        return (String(p[0]), m, p.count > 2 ? Int(p[2]) ?? 1 : 1)
    }

    static func month(_ ctx: PageContext, _ month: Int) -> String {
        L10n.t("date.monthNames", ctx.language).components(separatedBy: ",")[month - 1]
    }

    /// "11월 30일" / "Nov 30"; the text itself when it is not a date.
    static func dayMonth(_ ctx: PageContext, _ iso: String) -> String {
        guard let d = parts(iso) else { return iso }
        return dayMonths(ctx)(d.month, d.day)
    }

    /// `dayMonth` for the many days of one page (a heatmap names 365): the template is filled
    /// with each month's name once, then only the day goes between its two halves.
    static func dayMonths(_ ctx: PageContext) -> (_ month: Int, _ day: Int) -> String {
        let template = L10n.t("date.dayMonth", ctx.language)
        let names = L10n.t("date.monthNames", ctx.language).components(separatedBy: ",")
        var halves: [Int: (String, String)] = [:]
        return { month, day in
            if halves[month] == nil {
                let filled = template.replacingOccurrences(of: "{month}", with: names[month - 1])
                let cut = filled.range(of: "{day}")
                halves[month] = cut.map { (String(filled[..<$0.lowerBound]), String(filled[$0.upperBound...])) } ?? (filled, "")
            }
            let (before, after) = halves[month]!
            return before + String(day) + after
        }
    }

    /// "2026년 12월" / "Dec 2026".
    static func monthYear(_ ctx: PageContext, _ iso: String) -> String {
        guard let d = parts(iso) else { return iso }
        return L10n.t("date.monthYear", ctx.language)
            .replacingOccurrences(of: "{month}", with: month(ctx, d.month)).replacingOccurrences(of: "{year}", with: d.year)
    }

    static func year(_ ctx: PageContext, _ iso: String) -> String {
        L10n.t("date.year", ctx.language).replacingOccurrences(of: "{year}", with: String(iso.prefix(4)))
    }
}

extension L10n {
    /// Settings on a phone: the time-zone search, copy buttons.
    static let phoneSettings: [String: (ko: String, en: String)] = [
        "settings.timeZone.search": ("도시나 시간대 검색", "Search a city or time zone"),
        "copy.button": ("복사", "Copy"),
        "copy.done": ("복사했어요", "Copied"),
        "copy.failed": ("복사하지 못했어요. 길게 눌러 직접 복사해 주세요.", "Could not copy. Select the text and copy it yourself."),
    ]
}

extension L10n {
    /// The finished timer's bar.
    static let phoneTimer: [String: (ko: String, en: String)] = [
        "timer.again": ("한 번 더", "Once more"),
    ]
}

extension L10n {
    /// The card's ways out where Web Share cannot take files.
    static let phoneCards: [String: (ko: String, en: String)] = [
        "card.copyImage": ("이미지 복사", "Copy image"),
        "card.copyText": ("문장 복사", "Copy sentence"),
        "card.imageCopied": ("이미지를 복사했어요", "Image copied"),
    ]
}
