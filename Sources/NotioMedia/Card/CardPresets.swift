import Foundation

/// A ready-made card background: one colour, or a linear gradient the browser's preview draws
/// with the same CSS (`linear-gradient(<angle>deg, <colors>)`).
public struct CardPreset: Codable, Sendable, Equatable, Identifiable {
    public var id: String
    /// What the editor shows (Korean).
    public var label: String
    /// `#RRGGBB`, one for a plain colour, two or more for a gradient.
    public var colors: [String]
    /// CSS gradient angle in degrees: 180 runs from top to bottom, 135 from the top left corner.
    public var angle: Double
    /// `#RRGGBB` for the sentence: dark on light backgrounds, light on dark ones.
    public var textColor: String

    public init(id: String, label: String, colors: [String], angle: Double = 180) {
        self.id = id; self.label = label; self.colors = colors; self.angle = angle
        textColor = CardColor.averageLuminance(colors) > CardColor.contrastCrossover ? CardPresets.darkText : CardPresets.lightText
    }

    /// The CSS `background` that paints the same as the server.
    public var css: String {
        colors.count == 1 ? colors[0] : "linear-gradient(\(Int(angle))deg, \(colors.joined(separator: ", ")))"
    }
}

/// The fixed list of backgrounds a card can have besides the reader's own photo.
public enum CardPresets {
    /// Text colours picked by background brightness (and used over photos: `lightText`).
    public static let darkText = "#2B2620", lightText = "#FAF7F0"

    public static let all: [CardPreset] = [
        CardPreset(id: "paper", label: "종이", colors: ["#F5F0E6"]),
        CardPreset(id: "ink", label: "먹", colors: ["#1E2430"]),
        CardPreset(id: "dusk", label: "노을", colors: ["#3A2E5C", "#A8584F"]),
        CardPreset(id: "forest", label: "숲", colors: ["#1F3B2C", "#4F7A5A"], angle: 160),
        CardPreset(id: "rose", label: "장미", colors: ["#F9E0E3", "#F0B7C2"], angle: 135),
        CardPreset(id: "sky", label: "하늘", colors: ["#E3F0FB", "#A9CBEB"]),
        CardPreset(id: "sand", label: "모래", colors: ["#EFE4CF"]),
        CardPreset(id: "night", label: "밤", colors: ["#0F1526", "#2A3655"], angle: 160),
    ]

    /// The background a card gets when none is asked for.
    public static let defaultID = "paper"

    public static func preset(id: String) -> CardPreset? {
        all.first { $0.id == id }
    }
}

/// `#RRGGBB` colours as the renderer needs them.
public enum CardColor {
    /// Red, green, blue in 0...1; nil for anything but `#RRGGBB`.
    public static func components(_ hex: String) -> (red: Double, green: Double, blue: Double)? {
        guard hex.count == 7, hex.hasPrefix("#"), let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        return (Double(value >> 16 & 0xFF) / 255, Double(value >> 8 & 0xFF) / 255, Double(value & 0xFF) / 255)
    }

    /// Above this luminance dark text has more contrast than light text (WCAG contrast ratios
    /// are equal at about 0.18).
    public static let contrastCrossover = 0.18

    /// Relative luminance (WCAG, 0 black ... 1 white) of the colours' average.
    static func averageLuminance(_ colors: [String]) -> Double {
        let parts = colors.compactMap(components)
        guard !parts.isEmpty else { return 1 }
        func linear(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        let count = Double(parts.count)
        let red = parts.map(\.red).reduce(0, +) / count
        let green = parts.map(\.green).reduce(0, +) / count
        let blue = parts.map(\.blue).reduce(0, +) / count
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }
}
