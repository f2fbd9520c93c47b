import Foundation

/// The picture sizes a card comes in.
public enum CardSize: String, Codable, Sendable, CaseIterable {
    /// 1080 × 1350, the 4:5 of a feed post.
    case portrait
    /// 1080 × 1920, a story or a phone's wallpaper.
    case story
    /// 1080 × 1080.
    case square
    /// A small picture for home-screen widgets, `width` × `height` within `CardOptions.widgetSides`.
    case widget
}

public enum CardFont: String, Codable, Sendable, CaseIterable {
    case serif, sans

    /// The fontconfig family; generic names pick the Japanese variant for Hangul.
    public var family: String {
        switch self {
        case .serif: "Noto Serif CJK KR"
        case .sans: "Noto Sans CJK KR"
        }
    }
}

public enum CardAlignment: String, Codable, Sendable, CaseIterable {
    case left, center, right
}

/// The sentence's colour: `auto` follows the background (a preset's own text colour, light
/// over photos), `light` and `dark` force one.
public enum CardTextColor: String, Codable, Sendable, CaseIterable {
    case auto, light, dark
}

/// How an image card looks. The editor sends it as JSON, e.g.
/// `{"size":"portrait","font":"serif","textScale":1,"align":"center","dim":0.35,"background":"dusk"}`;
/// `"background":"photo"` puts the reader's own picture behind the text.
/// Check `problems` before rendering (→ 422 naming the fields).
public struct CardOptions: Codable, Sendable, Equatable {
    public var size: CardSize
    /// Only for `widget`: the picture's size in pixels.
    public var width: Int?
    public var height: Int?
    public var font: CardFont
    /// Multiplies the size the text starts at (`textScales`); long text still shrinks to fit.
    public var textScale: Double
    public var align: CardAlignment
    /// How dark a veil lies over a photo (0 none ... 0.8); presets are not dimmed.
    public var dim: Double
    /// A preset id (`CardPresets.all`) or `photo`.
    public var background: String
    public var textColor: CardTextColor
    /// Puts “ ” around the sentence.
    public var quotes: Bool

    public static let photoBackground = "photo"
    public static let textScales: ClosedRange<Double> = 0.7...1.6
    /// Named steps of `textScale` the editor may send instead of a number.
    public static let namedTextScales: [String: Double] = ["small": 0.85, "medium": 1, "large": 1.2]
    public static let dims: ClosedRange<Double> = 0...0.8
    public static let widgetSides: ClosedRange<Int> = 200...1200

    public init(size: CardSize = .portrait, width: Int? = nil, height: Int? = nil, font: CardFont = .serif,
                textScale: Double = 1, align: CardAlignment = .center, dim: Double = 0.35,
                background: String = CardPresets.defaultID, textColor: CardTextColor = .auto, quotes: Bool = false) {
        self.size = size; self.width = width; self.height = height; self.font = font; self.textScale = textScale
        self.align = align; self.dim = dim; self.background = background; self.textColor = textColor; self.quotes = quotes
    }

    /// Every field may be left out (its default is used); `textScale` may also be a name from
    /// `namedTextScales`.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = CardOptions()
        size = try values.decodeIfPresent(CardSize.self, forKey: .size) ?? defaults.size
        width = try values.decodeIfPresent(Int.self, forKey: .width)
        height = try values.decodeIfPresent(Int.self, forKey: .height)
        font = try values.decodeIfPresent(CardFont.self, forKey: .font) ?? defaults.font
        if let name = try? values.decodeIfPresent(String.self, forKey: .textScale) {
            guard let scale = Self.namedTextScales[name] else {
                throw DecodingError.dataCorruptedError(forKey: .textScale, in: values, debugDescription: "unknown text size \(name)")
            }
            textScale = scale
        } else {
            textScale = try values.decodeIfPresent(Double.self, forKey: .textScale) ?? defaults.textScale
        }
        align = try values.decodeIfPresent(CardAlignment.self, forKey: .align) ?? defaults.align
        dim = try values.decodeIfPresent(Double.self, forKey: .dim) ?? defaults.dim
        background = try values.decodeIfPresent(String.self, forKey: .background) ?? defaults.background
        textColor = try values.decodeIfPresent(CardTextColor.self, forKey: .textColor) ?? defaults.textColor
        quotes = try values.decodeIfPresent(Bool.self, forKey: .quotes) ?? defaults.quotes
    }

    /// The options in the editor's JSON, or the fields that are wrong: unknown names, values out
    /// of range, the wrong type.
    public static func parse(json: Data) -> Result<CardOptions, CardProblems> {
        let options: CardOptions
        do {
            options = try JSONDecoder().decode(CardOptions.self, from: json)
        } catch let DecodingError.dataCorrupted(context), let DecodingError.typeMismatch(_, context) {
            return .failure(CardProblems(context.codingPath.first.map { [$0.stringValue: "has an unknown or wrong value"] }
                ?? ["options": "must be a JSON object"]))
        } catch {
            return .failure(CardProblems(["options": "must be a JSON object"]))
        }
        let problems = options.problems
        return problems.isEmpty ? .success(options) : .failure(CardProblems(problems))
    }

    /// Fields whose values cannot be drawn, with what is wrong with each; empty when all is well.
    public var problems: [String: String] {
        var problems: [String: String] = [:]
        if size == .widget {
            for (field, value) in [("width", width), ("height", height)] {
                guard let value else { problems[field] = "is needed for a widget"; continue }
                if !Self.widgetSides.contains(value) {
                    problems[field] = "must be between \(Self.widgetSides.lowerBound) and \(Self.widgetSides.upperBound)"
                }
            }
        }
        if !Self.textScales.contains(textScale) {
            problems["textScale"] = "must be between \(Self.textScales.lowerBound) and \(Self.textScales.upperBound)"
        }
        if !Self.dims.contains(dim) { problems["dim"] = "must be between \(Self.dims.lowerBound) and \(Self.dims.upperBound)" }
        if background != Self.photoBackground && CardPresets.preset(id: background) == nil {
            problems["background"] = "must be photo or one of " + CardPresets.all.map(\.id).joined(separator: ", ")
        }
        return problems
    }

    /// The picture's size in pixels (a widget's own, once valid).
    public var pixelSize: (width: Int, height: Int) {
        switch size {
        case .portrait: (1080, 1350)
        case .story: (1080, 1920)
        case .square: (1080, 1080)
        case .widget: (width ?? 400, height ?? 400)
        }
    }

    public var hasPhoto: Bool { background == Self.photoBackground }
}

/// Fields of a card request that are wrong, by name (`text`, `size`, `dim`, `background`, ...),
/// each with what is wrong: for a 422 with `error.fields`.
public struct CardProblems: Error, Sendable, Equatable {
    public var fields: [String: String]

    public init(_ fields: [String: String]) {
        self.fields = fields
    }

    /// The same problems for the worker's protocol, which carries only a code and a message.
    public var mediaError: MediaError {
        MediaError.badCardOptions(fields)
    }
}

extension MediaError {
    package static func badCardOptions(_ fields: [String: String]) -> MediaError {
        let list = fields.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: "; ")
        return MediaError(code: "bad_card_options", message: "The card cannot be drawn: \(list).")
    }
}
