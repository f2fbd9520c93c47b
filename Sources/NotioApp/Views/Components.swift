/// Pieces of forms shared by the pages.
enum Form {
    /// The hidden CSRF field every POST form carries.
    static func csrfField(_ ctx: PageContext) -> HTML {
        "<input type=\"hidden\" name=\"csrf_token\" value=\"\(ctx.csrfToken)\">"
    }

    /// The "둘러보기" button: a POST to /guest. Nothing when the server has no demo account.
    static func guestButton(_ ctx: PageContext, style: String = "button-secondary") -> HTML {
        guard ctx.offersGuestBrowse else { return "" }
        return """
        <form class="guest-form" method="post" action="\(Paths.guest)">
          \(csrfField(ctx))
          <button class="button \(style) button-block" type="submit">\(ctx.t("guest.browse"))</button>
        </form>
        """
    }

    /// A labelled input with its error paragraph (`p.field-error[data-field=name]`), which the
    /// server fills from its `errors` and the page's script fills during live validation.
    static func field(
        _ ctx: PageContext,
        name: String,
        label: String,
        type: String = "text",
        value: String = "",
        error: String? = nil,
        autocomplete: String,
        hint: String? = nil,
        attributes: HTML = .empty,
        after: HTML = .empty
    ) -> HTML {
        let errorID = "\(name)-error"
        let hintID = "\(name)-hint"
        let described = hint == nil ? errorID : "\(hintID) \(errorID)"
        let invalid: HTML = error == nil ? .empty : " aria-invalid=\"true\""
        let valueAttr: HTML = type == "password" ? .empty : " value=\"\(value)\""
        return """
        <div class="field" data-field="\(name)">
          <label for="\(name)">\(label)</label>
          <input id="\(name)" name="\(name)" type="\(type)"\(valueAttr) autocomplete="\(autocomplete)" required aria-describedby="\(described)"\(invalid)\(attributes)>
          \(hint.map { "<p class=\"field-hint\" id=\"\(hintID)\">\($0)</p>" as HTML })
          \(after)
          <p class="field-error" id="\(errorID)" data-field="\(name)" aria-live="polite">\(error ?? "")</p>
        </div>
        """
    }
}

/// Small inline SVG icons (stroke, currentColor), decorative: the text beside them is the label.
enum Icon {
    private static func svg(_ paths: String) -> HTML {
        HTML(raw: "<svg class=\"icon\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" aria-hidden=\"true\" focusable=\"false\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\(paths)</svg>")
    }
    static let home = svg("<path d=\"M3 10.5 12 3l9 7.5\"/><path d=\"M5 9.5V21h14V9.5\"/><path d=\"M10 21v-6h4v6\"/>")
    static let notes = svg("<path d=\"M6 3h9l4 4v14H6z\"/><path d=\"M14 3v5h5\"/><path d=\"M9 13h7M9 17h5\"/>")
    static let underline = svg("<path d=\"M4 5h16M4 10h12\"/><path d=\"M4 15h14\"/><path d=\"M4 20h9\" stroke-width=\"3\"/>")
    static let settings = svg("<circle cx=\"12\" cy=\"12\" r=\"3\"/><path d=\"M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z\"/>")
    static let arrow = svg("<path d=\"M5 12h14M13 6l6 6-6 6\"/>")
    static let pdf = svg("<path d=\"M6 3h9l4 4v14H6z\"/><path d=\"M14 3v5h5\"/>")
    static let upload = svg("<path d=\"M12 16V4M7 9l5-5 5 5\"/><path d=\"M4 16v4h16v-4\"/>")
    static let card = svg("<rect x=\"3\" y=\"5\" width=\"18\" height=\"14\" rx=\"2\"/><path d=\"M7 10h10M7 14h6\"/>")
    static let quiz = svg("<circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14\"/><path d=\"M12 17.5v.01\"/>")
    static let timer = svg("<circle cx=\"12\" cy=\"13\" r=\"8\"/><path d=\"M12 9v4l2.5 2.5M9 2h6\"/>")
    static let chart = svg("<path d=\"M4 20V10M10 20V4M16 20v-7M22 20H2\"/>")
    static let eye = svg("<path d=\"M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z\"/><circle cx=\"12\" cy=\"12\" r=\"3\"/>")
}
