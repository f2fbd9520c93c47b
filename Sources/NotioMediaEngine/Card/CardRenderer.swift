import CGdkPixbuf
import CPangoCairo
import CPNG
import Foundation
import NotioMedia

/// Draws image cards of sentences with cairo and pango: the background (a preset or the
/// reader's photo, dimmed), the sentence set to fit, and a footer with the book.
///
/// Every call makes its own cairo and pango objects: safe from any thread, one card at a time
/// per thread. The worker keeps fonts warm by drawing once at start (`warmUp`).
public enum CardRenderer {
    /// The card as a PNG of `options.pixelSize`.
    ///
    /// Throws `MediaError`: `bad_card_options` for invalid `content` or `options`; for the
    /// photo (`background: "photo"` with `backgroundPath`): `not_found`, `too_large`,
    /// `not_an_image`, `too_many_pixels`, `damaged_image`.
    public static func render(_ content: CardContent, options: CardOptions, backgroundPath: String?,
                              limits: PhotoLimits = PhotoLimits()) throws -> Data {
        try check(content, options, backgroundPath: backgroundPath)
        let geometry = CardGeometry(options: options)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(geometry.width), Int32(geometry.height))!
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw MediaError.cardFailed }
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }

        if options.hasPhoto, let backgroundPath {
            try CardBackground.paintPhoto(at: backgroundPath, on: cairo, width: geometry.width, height: geometry.height,
                                          limits: limits)
            cairo_set_source_rgba(cairo, 0, 0, 0, options.dim)
            cairo_paint(cairo)
        } else {
            CardBackground.paint(preset(of: options), on: cairo, width: Double(geometry.width), height: Double(geometry.height))
        }
        drawText(content, options: options, geometry: geometry, on: cairo)
        cairo_surface_flush(surface)
        return try png(surface, width: geometry.width, height: geometry.height, photo: options.hasPhoto)
    }

    /// The sentence's lines as pango lays them out on the card (spaces at their ends removed):
    /// what tests check the line breaking with.
    public static func layoutLines(_ content: CardContent, options: CardOptions) throws -> [String] {
        try check(content, options, backgroundPath: nil, needsPhoto: false)
        let geometry = CardGeometry(options: options)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1)!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }
        return layout(content, options: options, geometry: geometry, on: cairo).text.lines
    }

    /// Loads fontconfig's configuration and both card fonts, so that the first card does not pay
    /// for them (~50 ms; ~440 ms the first time ever on a machine, building fontconfig's cache).
    public static func warmUp() {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 64, 64)!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }
        for font in CardFont.allCases {
            let text = CardText(cairo: cairo, text: "문장 Card", family: font.family, alignment: .left, width: 64, lineHeight: 1.6)
            text.set(fontSize: 12)
            pango_cairo_show_layout(cairo, text.layout)
        }
    }

    // MARK: - Drawing

    private struct Placed {
        var text: CardText
        var footer: OpaquePointer?
        var footerHeight: Double
    }

    private static func layout(_ content: CardContent, options: CardOptions, geometry: CardGeometry,
                               on cairo: OpaquePointer) -> Placed {
        let sentence = content.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let text = CardText(cairo: cairo, text: options.quotes ? "“\(sentence)”" : sentence, family: options.font.family,
                            alignment: options.align, width: geometry.contentWidth, lineHeight: geometry.lineHeight)
        var footer: OpaquePointer?
        var footerHeight = 0.0
        if let line = content.footer {
            let footerLayout = pango_cairo_create_layout(cairo)!
            pango_layout_set_text(footerLayout, line, -1)
            pango_layout_set_width(footerLayout, Int32(geometry.contentWidth * Double(PANGO_SCALE)))
            // One line; a long title is cut with "…".
            pango_layout_set_ellipsize(footerLayout, PANGO_ELLIPSIZE_END)
            pango_layout_set_alignment(footerLayout, CardText.pangoAlignment(options.align))
            let description = pango_font_description_new()!
            pango_font_description_set_family(description, options.font.family)
            pango_font_description_set_absolute_size(description, geometry.footerFontSize * Double(PANGO_SCALE))
            pango_layout_set_font_description(footerLayout, description)
            pango_font_description_free(description)
            var logical = PangoRectangle()
            pango_layout_get_extents(footerLayout, nil, &logical)
            footerHeight = Double(logical.height) / Double(PANGO_SCALE)
            footer = footerLayout
        }
        let room = geometry.contentHeight - (footer == nil ? 0 : footerHeight + geometry.footerGap)
        text.fit(height: room, fontSize: geometry.fontSize, minFontSize: geometry.minFontSize)
        return Placed(text: text, footer: footer, footerHeight: footerHeight)
    }

    /// The sentence and its footer as one block, centred vertically in the margins.
    private static func drawText(_ content: CardContent, options: CardOptions, geometry: CardGeometry, on cairo: OpaquePointer) {
        let placed = layout(content, options: options, geometry: geometry, on: cairo)
        defer { if let footer = placed.footer { g_object_unref(UnsafeMutableRawPointer(footer)) } }
        let textHeight = placed.text.pixelHeight
        let block = textHeight + (placed.footer == nil ? 0 : geometry.footerGap + placed.footerHeight)
        let top = (geometry.marginY + (geometry.contentHeight - block) / 2).rounded()
        let color = CardColor.components(textColor(options)) ?? (1, 1, 1)

        cairo_set_source_rgb(cairo, color.red, color.green, color.blue)
        cairo_move_to(cairo, geometry.marginX, top)
        pango_cairo_show_layout(cairo, placed.text.layout)
        if let footer = placed.footer {
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, geometry.footerOpacity)
            cairo_move_to(cairo, geometry.marginX, top + textHeight + geometry.footerGap)
            pango_cairo_show_layout(cairo, footer)
        }
    }

    /// The sentence's colour: forced, the preset's own, or light over a (dimmed) photo.
    static func textColor(_ options: CardOptions) -> String {
        switch options.textColor {
        case .light: CardPresets.lightText
        case .dark: CardPresets.darkText
        case .auto: options.hasPhoto ? CardPresets.lightText : preset(of: options).textColor
        }
    }

    private static func preset(of options: CardOptions) -> CardPreset {
        CardPresets.preset(id: options.background) ?? CardPresets.preset(id: CardPresets.defaultID)!
    }

    private static func check(_ content: CardContent, _ options: CardOptions, backgroundPath: String?,
                              needsPhoto: Bool = true) throws {
        var problems = content.problems.merging(options.problems) { first, _ in first }
        if needsPhoto && options.hasPhoto && backgroundPath == nil { problems["background"] = "needs a picture" }
        guard problems.isEmpty else { throw MediaError.badCardOptions(problems) }
    }

    // MARK: - PNG

    /// cairo's own PNG writer compresses hard (~700 ms for 1080 × 1350), gdk-pixbuf's tries every
    /// filter on every row (~120 ms at level 1). One filter and a cheap deflate strategy suit
    /// each kind of card: over a photo, Huffman codes alone after the Up filter (~60 ms, 5% larger
    /// than gdk-pixbuf's); over flat colours and gradients, run lengths after Sub (~15 ms, and
    /// smaller than the photo's by far).
    private static func png(_ surface: OpaquePointer, width: Int, height: Int, photo: Bool) throws -> Data {
        let source = cairo_image_surface_get_data(surface)!, sourceStride = Int(cairo_image_surface_get_stride(surface))
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        rgb.withUnsafeMutableBufferPointer { target in
            for y in 0..<height {
                let from = UnsafeRawPointer(source + y * sourceStride).assumingMemoryBound(to: UInt32.self)
                let row = y * width * 3
                for x in 0..<width {
                    let pixel = from[x]
                    target[row + 3 * x] = UInt8(truncatingIfNeeded: pixel >> 16)
                    target[row + 3 * x + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                    target[row + 3 * x + 2] = UInt8(truncatingIfNeeded: pixel)
                }
            }
        }
        var encoded: UnsafeMutablePointer<UInt8>?
        var size = 0
        let ok = rgb.withUnsafeBufferPointer { pixels in
            notio_png_encode_rgb(pixels.baseAddress, Int32(width), Int32(height), width * 3,
                                 photo ? PNG_FILTER_UP : PNG_FILTER_SUB, 1, photo ? Z_HUFFMAN_ONLY : Z_RLE, &encoded, &size)
        }
        guard ok != 0, let encoded else { throw MediaError.cardFailed }
        defer { free(encoded) }
        return Data(bytes: encoded, count: size)
    }
}

extension MediaError {
    package static let cardFailed = MediaError(code: "card_failed", message: "The card could not be drawn.")
}
