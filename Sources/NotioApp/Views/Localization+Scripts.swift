import NotioCore

extension L10n {
    /// Strings the ES modules show themselves (not from a page's data attributes). Every page
    /// carries them in the reader's language as `<script type="application/json" id="l10n">`;
    /// `Public/js/l10n.js` reads them.
    static let scripts: [String: (ko: String, en: String)] = [
        "js.close": ("닫기", "Close"),
        "js.home": ("홈으로", "Home"),
        "js.photoTooLarge": ("사진이 너무 커요.", "The photo is too large."),
        "js.offline": ("오프라인이에요 · 저장된 화면", "You are offline · a saved page"),
    ]

    /// The script strings in `language`, as the JSON the page embeds.
    static func scriptCatalogJSON(_ language: Language) -> String {
        let pairs = scripts.keys.sorted().map { key in "\(jsonString(key)):\(jsonString(t(key, language)))" }
        return "{" + pairs.joined(separator: ",") + "}"
    }

    /// A JSON string literal that is also safe inside a `<script>` element: `JSONText`'s literal
    /// with `<`, `>` and `&` escaped too (they stand only for themselves in its output).
    private static func jsonString(_ s: String) -> String {
        JSONText.quote(s).replacingOccurrences(of: "&", with: "\\u0026")
            .replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
    }
}
