extension L10n {
    /// Strings the ES modules show themselves (not from a page's data attributes). Every page
    /// carries them in the reader's language as `<script type="application/json" id="l10n">`;
    /// `Public/js/l10n.js` reads them.
    static let scripts: [String: (ko: String, en: String)] = [
        "js.close": ("닫기", "Close"),
        "js.home": ("홈으로", "Home"),
        "js.photoTooLarge": ("사진이 너무 커요.", "The photo is too large."),
    ]

    /// The script strings in `language`, as the JSON the page embeds.
    static func scriptCatalogJSON(_ language: Language) -> String {
        let pairs = scripts.keys.sorted().map { key in "\(jsonString(key)):\(jsonString(t(key, language)))" }
        return "{" + pairs.joined(separator: ",") + "}"
    }

    /// A JSON string literal that is also safe inside a `<script>` element (no `</`).
    private static func jsonString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}
