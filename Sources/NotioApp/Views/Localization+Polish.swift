extension L10n {
    /// Issue 14's last look at every page at 360 and 1280 px: the heatmap's scroll hint, a book's
    /// publication date as a reader writes it.
    static let polish: [String: (ko: String, en: String)] = [
        "stats.heatmapHint": ("← 지난 주는 옆으로 넘겨 보세요", "← Scroll sideways for earlier weeks"),
        // {month} is one of date.monthNames.
        "date.full": ("{year}년 {month} {day}일", "{month} {day}, {year}"),
    ]
}

extension ShortDate {
    /// A publication date in any of its stored forms (`PublicationDate`: "180", "2018-02",
    /// "2018-02-12") as a reader writes it: "180년", "2018년 2월", "2018년 2월 12일" / "180",
    /// "Feb 2018", "Feb 12, 2018". A bare "180" under 출간일 read like a page count.
    static func published(_ ctx: PageContext, _ iso: String) -> String {
        let p = iso.split(separator: "-")
        guard let year = p.first.flatMap({ Int($0) }) else { return iso }
        guard p.count >= 2, let m = Int(p[1]), (1...12).contains(m) else {
            return L10n.t("date.year", ctx.language).replacingOccurrences(of: "{year}", with: String(year))
        }
        let template = p.count == 3 ? L10n.t("date.full", ctx.language) : L10n.t("date.monthYear", ctx.language)
        return template.replacingOccurrences(of: "{month}", with: month(ctx, m))
            .replacingOccurrences(of: "{day}", with: p.count == 3 ? String(Int(p[2]) ?? 1) : "")
            .replacingOccurrences(of: "{year}", with: String(year))
    }
}
