import Foundation

/// Time zones as a reader names them: "서울 (GMT+9)", "New York (GMT-5)". Every zone of the tz
/// database on the machine (Foundation reads /usr/share/zoneinfo), ordered by offset; the common
/// ones have Korean city names, the rest keep the database's English city.
enum TimeZoneChoice {
    static let koreanCities: [String: String] = [
        "Asia/Seoul": "서울", "Asia/Pyongyang": "평양", "Asia/Tokyo": "도쿄", "Asia/Shanghai": "상하이", "Asia/Hong_Kong": "홍콩",
        "Asia/Taipei": "타이베이", "Asia/Singapore": "싱가포르", "Asia/Bangkok": "방콕", "Asia/Ho_Chi_Minh": "호찌민",
        "Asia/Jakarta": "자카르타", "Asia/Manila": "마닐라", "Asia/Kuala_Lumpur": "쿠알라룸푸르", "Asia/Kolkata": "콜카타",
        "Asia/Dubai": "두바이", "Asia/Tashkent": "타슈켄트", "Asia/Almaty": "알마티", "Asia/Ulaanbaatar": "울란바토르",
        "Asia/Vladivostok": "블라디보스토크", "Europe/London": "런던", "Europe/Paris": "파리", "Europe/Berlin": "베를린",
        "Europe/Madrid": "마드리드", "Europe/Rome": "로마", "Europe/Amsterdam": "암스테르담", "Europe/Vienna": "빈",
        "Europe/Prague": "프라하", "Europe/Stockholm": "스톡홀름", "Europe/Helsinki": "헬싱키", "Europe/Istanbul": "이스탄불",
        "Europe/Moscow": "모스크바", "Europe/Kyiv": "키이우", "Europe/Warsaw": "바르샤바", "Europe/Zurich": "취리히",
        "Africa/Cairo": "카이로", "Africa/Johannesburg": "요하네스버그", "Africa/Nairobi": "나이로비", "Africa/Lagos": "라고스",
        "America/New_York": "뉴욕", "America/Chicago": "시카고", "America/Denver": "덴버", "America/Los_Angeles": "로스앤젤레스",
        "America/Phoenix": "피닉스", "America/Anchorage": "앵커리지", "America/Toronto": "토론토", "America/Vancouver": "밴쿠버",
        "America/Mexico_City": "멕시코시티", "America/Sao_Paulo": "상파울루", "America/Buenos_Aires": "부에노스아이레스",
        "America/Argentina/Buenos_Aires": "부에노스아이레스", "America/Santiago": "산티아고", "America/Bogota": "보고타",
        "America/Lima": "리마", "Pacific/Honolulu": "호놀룰루", "Pacific/Guam": "괌", "Pacific/Auckland": "오클랜드",
        "Australia/Sydney": "시드니", "Australia/Melbourne": "멜버른", "Australia/Brisbane": "브리즈번",
        "Australia/Perth": "퍼스", "Australia/Adelaide": "애들레이드", "UTC": "UTC",
    ]

    static let regions: Set<String> = ["Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia",
                                       "Europe", "Indian", "Pacific"]

    /// The tz database's own list of zones (zone1970.tab: one canonical Area/City per region,
    /// "Asia/Kolkata" rather than the alias "Asia/Calcutta"); Foundation's list where it is missing.
    static let databaseZones: [String] = {
        for file in ["/usr/share/zoneinfo/zone1970.tab", "/usr/share/zoneinfo/zone.tab"] {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            let ids = text.split(separator: "\n").compactMap { line -> String? in
                guard !line.hasPrefix("#") else { return nil }
                let columns = line.split(separator: "\t")
                return columns.count >= 3 ? String(columns[2]) : nil
            }
            if !ids.isEmpty { return ids }
        }
        return TimeZone.knownTimeZoneIdentifiers
    }()

    /// The zones offered: regional Area/City names of the tz database and UTC (not the legacy
    /// aliases such as "US/Eastern" or "Etc/GMT+5"), plus `current` whatever it is.
    static func identifiers(including current: String) -> [String] {
        var ids = databaseZones.filter { id in
            guard let region = id.split(separator: "/").first else { return false }
            return regions.contains(String(region)) && id.contains("/") && TimeZone(identifier: id) != nil
        }
        ids.append("UTC")
        if !ids.contains(current) { ids.append(current) }
        return ids
    }

    /// "GMT+9", "GMT+5:30", "GMT-3", "GMT".
    static func offset(_ seconds: Int) -> String {
        guard seconds != 0 else { return "GMT" }
        let sign = seconds < 0 ? "-" : "+", minutes = abs(seconds) / 60
        return "GMT\(sign)\(minutes / 60)" + (minutes % 60 == 0 ? "" : String(format: ":%02d", minutes % 60))
    }

    static func city(_ id: String, _ language: Language) -> String {
        if language == .ko, let name = koreanCities[id] { return name }
        return (id.split(separator: "/").last.map(String.init) ?? id).replacingOccurrences(of: "_", with: " ")
    }

    /// `<option>`s ordered by offset then city, each labelled "서울 (GMT+9)" and carrying the
    /// English city and the identifier for the search box (`data-search`). Offsets are those
    /// in force `now` (summer time moves them).
    static func options(_ ctx: PageContext, selected: String, now: Date) -> HTML {
        let rows = identifiers(including: selected).compactMap { id -> (id: String, seconds: Int, label: String)? in
            guard let zone = TimeZone(identifier: id) else { return nil }
            return (id, zone.secondsFromGMT(for: now), city(id, ctx.language))
        }.sorted { ($0.seconds, $0.label) < ($1.seconds, $1.label) }
        return HTML.join(rows.map { row in
            let search = "\(row.label) \(city(row.id, .en)) \(row.id) \(offset(row.seconds))".lowercased()
            return "<option value=\"\(row.id)\" data-search=\"\(search)\"\(HTML.when(row.id == selected) { " selected" })>\(row.label) (\(offset(row.seconds)))</option>"
        })
    }
}

extension Form {
    /// A file picker styled as a drop zone: the file input covers the zone (a tap opens the
    /// picker, a dropped file lands in it), the label says what to choose, and dropzone.js shows
    /// the chosen file's name.
    static func dropzone(id: String, name: String, accept: String, label: String, required: Bool = true,
                         hint: String? = nil) -> HTML {
        """
        <div class="dropzone" data-dropzone>
          <span class="dropzone-icon" aria-hidden="true">\(Icon.upload)</span>
          <label for="\(id)" class="dropzone-label">\(label)</label>
          <input id="\(id)" name="\(name)" type="file" accept="\(accept)"\(HTML.when(required) { " required" })\(hint == nil ? HTML.empty : HTML(raw: " aria-describedby=\"\(id)-hint\""))>
          <span class="dropzone-file" aria-live="polite"></span>
        </div>
        \(hint.map { "<p class=\"field-hint\" id=\"\(id)-hint\">\($0)</p>" as HTML })
        """
    }

    /// A button that copies the value of the field `target` (an id) and says so in a toast.
    static func copyButton(_ ctx: PageContext, target: String, label: String) -> HTML {
        "<button class=\"button button-secondary button-small\" type=\"button\" data-copy=\"\(target)\" data-copied=\"\(ctx.t("copy.done"))\" data-copy-failed=\"\(ctx.t("copy.failed"))\" aria-label=\"\(label) \(ctx.t("copy.button"))\">\(ctx.t("copy.button"))</button>"
    }
}
