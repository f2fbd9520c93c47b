/// A fragment of HTML that is safe to send: every interpolated `String` is escaped unless it is
/// itself `HTML`. Build fragments with string interpolation:
///
///     let name = "<script>"
///     let p: HTML = "<p class=\"name\">\(name)</p>"   // <p class="name">&lt;script&gt;</p>
///
/// Attribute values are always written in double quotes, so escaping `"` and `'` keeps them closed.
public struct HTML: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The markup, ready to write to the response body.
    public private(set) var rendered: String

    /// Trusted markup taken as is. Use only for text written in this module, never for user input.
    public init(raw: String) { rendered = raw }

    public init(stringLiteral value: String) { rendered = value }

    public init(stringInterpolation: Interpolation) { rendered = stringInterpolation.output }

    public var description: String { rendered }

    /// The empty fragment.
    public static let empty = HTML(raw: "")

    /// Escapes text for use in element content and in double- or single-quoted attribute values.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// Joins fragments, e.g. the rows of a list.
    public static func join(_ parts: [HTML], separator: String = "") -> HTML {
        HTML(raw: parts.map(\.rendered).joined(separator: separator))
    }

    /// `fragment` when `condition` holds, else nothing.
    public static func when(_ condition: Bool, _ fragment: () -> HTML) -> HTML {
        condition ? fragment() : .empty
    }

    public struct Interpolation: StringInterpolationProtocol {
        var output = ""
        public init(literalCapacity: Int, interpolationCount: Int) {
            output.reserveCapacity(literalCapacity + interpolationCount * 16)
        }
        public mutating func appendLiteral(_ literal: String) { output += literal }
        /// Text: escaped.
        public mutating func appendInterpolation(_ text: String) { output += HTML.escape(text) }
        /// Optional text: escaped, nothing when nil.
        public mutating func appendInterpolation(_ text: String?) { if let text { output += HTML.escape(text) } }
        public mutating func appendInterpolation(_ number: Int) { output += String(number) }
        /// Markup: kept as is.
        public mutating func appendInterpolation(_ html: HTML) { output += html.rendered }
        public mutating func appendInterpolation(_ html: HTML?) { if let html { output += html.rendered } }
        public mutating func appendInterpolation(_ list: [HTML]) { for h in list { output += h.rendered } }
    }
}
