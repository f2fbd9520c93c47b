import Foundation

/// Where things go on a card, in pixels: the server's renderer and the browser's live preview
/// both follow these numbers (the preview scales them to its own width), so that the PNG looks
/// like what the reader arranged.
public struct CardGeometry: Codable, Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Left and right margin.
    public var marginX: Double
    /// Top and bottom margin; more on tall pictures, whose ends phones cover with their own UI.
    public var marginY: Double
    /// The sentence's font size before shrinking to fit, `textScale` included.
    public var fontSize: Double
    /// Long sentences shrink down to this size, then are cut with "…".
    public var minFontSize: Double
    /// CSS `line-height` of the sentence, in font sizes.
    public var lineHeight: Double
    public var footerFontSize: Double
    /// Between the sentence's last line and the footer.
    public var footerGap: Double
    /// The footer's opacity over the sentence's colour.
    public var footerOpacity: Double

    public init(options: CardOptions) {
        let (width, height) = options.pixelSize
        self.width = width
        self.height = height
        // Sizes follow the picture's area so that a widget gets a proportionally small text.
        let scale = (Double(width) * Double(height)).squareRoot()
        marginX = (0.09 * Double(width)).rounded()
        marginY = max(marginX, (0.08 * Double(height)).rounded())
        fontSize = (0.047 * scale * options.textScale).rounded()
        minFontSize = max(10, (0.025 * scale).rounded())
        lineHeight = 1.6
        footerFontSize = max(10, (0.024 * scale).rounded())
        footerGap = (0.04 * scale).rounded()
        footerOpacity = 0.72
    }

    /// The area the sentence and its footer share.
    public var contentWidth: Double { Double(width) - 2 * marginX }
    public var contentHeight: Double { Double(height) - 2 * marginY }
}
