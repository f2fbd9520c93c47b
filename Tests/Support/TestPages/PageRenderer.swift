import CPangoCairo
import Foundation

/// How one page is set: the choices a book designer makes.
struct PageStyle: Codable {
    var font: String
    var fontPx: Double
    var lineSpacing: Double
    var justified: Bool
    var indentEm: Double
    var textWidth: Int
    var margin: Int
    var ink: Float
    var paper: [Float]

    /// Book settings at roughly 300 dpi: 10–12 pt type is 36–48 px, as a phone photo of a page
    /// held at reading distance shows it.
    static func random(using random: inout SeededRandom) -> PageStyle {
        let fontPx = Double(random.int(36...48))
        return PageStyle(
            font: random.pick(["Noto Serif CJK KR", "Noto Sans CJK KR"]),
            fontPx: fontPx,
            lineSpacing: random.uniform(1.45...1.75),
            justified: random.chance(0.5),
            indentEm: random.chance(0.7) ? 1 : 0,
            textWidth: Int(fontPx * random.uniform(24...32)),
            margin: Int(fontPx * random.uniform(1.5...2.5)),
            ink: Float(random.uniform(18...45)),
            paper: paper(using: &random))
    }

    /// Off-white with the warm cast of book paper: red ≥ green ≥ blue.
    private static func paper(using random: inout SeededRandom) -> [Float] {
        let red = random.uniform(238...250), green = red - random.uniform(1...6), blue = green - random.uniform(3...14)
        return [Float(red), Float(green), Float(blue)]
    }
}

/// One space-separated word (eojeol) as printed, with its ink box, its line and its paragraph.
struct PageWord: Codable {
    var text: String
    var box: PixelRect
    var line: Int
    var paragraph: Int
}

/// A rendered page and what is on it.
struct RenderedPage {
    var image: PixelImage
    var words: [PageWord]
    var style: PageStyle
}

/// Sets paragraphs with pango and draws them with cairo, then reads every word's box back from
/// the layout and the pixels.
enum PageRenderer {
    static func render(paragraphs: [String], style: PageStyle) throws -> RenderedPage {
        let text = paragraphs.joined(separator: "\n")
        let wordRanges = nonSpaceRuns(in: text)

        guard let fontMap = pango_cairo_font_map_new() else { throw GeneratorError("no pango font map") }
        defer { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
        let context = pango_font_map_create_context(fontMap)
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        // Unhinted outlines and metrics: a printed page has no pixel grid, and the layout then does
        // not depend on the surface it is measured on.
        let fontOptions = cairo_font_options_create()
        defer { cairo_font_options_destroy(fontOptions) }
        cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(fontOptions, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, fontOptions)

        let layout = pango_layout_new(context)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, style.font)
        pango_font_description_set_absolute_size(description, style.fontPx * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, text, -1)
        pango_layout_set_width(layout, Int32(style.textWidth) * PANGO_SCALE)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
        pango_layout_set_justify(layout, style.justified ? 1 : 0)
        pango_layout_set_indent(layout, Int32(style.indentEm * style.fontPx * Double(PANGO_SCALE)))
        pango_layout_set_line_spacing(layout, Float(style.lineSpacing))

        // Korean books break lines only between eojeol (CSS `word-break: keep-all`); pango would
        // otherwise break between any two syllables.
        let attributes = pango_attr_list_new()
        defer { pango_attr_list_unref(attributes) }
        for range in wordRanges {
            let keep = pango_attr_allow_breaks_new(0)!
            keep.pointee.start_index = UInt32(range.lowerBound)
            keep.pointee.end_index = UInt32(range.upperBound)
            pango_attr_list_insert(attributes, keep)  // the list takes ownership
        }
        pango_layout_set_attributes(layout, attributes)

        var layoutWidth: Int32 = 0, layoutHeight: Int32 = 0
        pango_layout_get_pixel_size(layout, &layoutWidth, &layoutHeight)
        let width = style.textWidth + 2 * style.margin
        let height = Int(layoutHeight) + 2 * style.margin

        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, Double(style.paper[0]) / 255, Double(style.paper[1]) / 255, Double(style.paper[2]) / 255)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, Double(style.ink) / 255, Double(style.ink) / 255, Double(style.ink) / 255)
        cairo_move_to(cr, Double(style.margin), Double(style.margin))
        pango_cairo_show_layout(cr, layout)
        cairo_surface_flush(surface)
        let image = readSurface(surface!, width: width, height: height)

        let darkness = darknessMap(image, style: style)
        let origin = Point(x: Double(style.margin), y: Double(style.margin))
        let bytes = Array(text.utf8)
        let words = wordRanges.map { range -> PageWord in
            let logical = logicalRect(layout, range: range, bytes: bytes, origin: origin)
            var line: Int32 = 0, x: Int32 = 0
            pango_layout_index_to_line_x(layout, Int32(range.lowerBound), 0, &line, &x)
            let word = String(decoding: bytes[range], as: UTF8.self)
            let paragraph = bytes[..<range.lowerBound].filter { $0 == 0x0A }.count
            return PageWord(text: word, box: inkBox(darkness, width: width, within: logical) ?? logical,
                            line: Int(line), paragraph: paragraph)
        }
        return RenderedPage(image: image, words: words, style: style)
    }

    /// Byte ranges of the runs of non-space characters: the eojeol.
    static func nonSpaceRuns(in text: String) -> [Range<Int>] {
        var runs = [Range<Int>](), start: Int?
        for (i, byte) in text.utf8.enumerated() {
            let isSpace = byte == 0x20 || byte == 0x0A
            if isSpace, let s = start {
                runs.append(s..<i)
                start = nil
            } else if !isSpace, start == nil {
                start = i
            }
        }
        if let s = start { runs.append(s..<text.utf8.count) }
        return runs
    }

    /// The union of the logical rectangles of the word's characters, in image pixels. A word
    /// never spans two lines, since lines break only at spaces.
    private static func logicalRect(_ layout: OpaquePointer?, range: Range<Int>, bytes: [UInt8], origin: Point) -> PixelRect {
        var rect: PixelRect?
        for i in range where bytes[i] & 0xC0 != 0x80 {  // the first byte of each UTF-8 character
            var pos = PangoRectangle()
            pango_layout_index_to_pos(layout, Int32(i), &pos)
            let scale = Double(PANGO_SCALE)
            let r = PixelRect(x: origin.x + Double(min(pos.x, pos.x + pos.width)) / scale, y: origin.y + Double(pos.y) / scale,
                              width: Double(abs(pos.width)) / scale, height: Double(pos.height) / scale)
            rect = rect.map { $0.union(r) } ?? r
        }
        return rect!
    }

    /// How much darker than the paper each pixel is, 0...1 of the ink contrast.
    private static func darknessMap(_ image: PixelImage, style: PageStyle) -> [Float] {
        let paper = 0.299 * style.paper[0] + 0.587 * style.paper[1] + 0.114 * style.paper[2]
        let contrast = paper - style.ink
        return image.luminance().map { ($0 - paper) / -contrast }
    }

    /// The tight box of the pixels at least a quarter inked inside the word's logical cell
    /// (widened by 2 px for glyphs that overhang their advance).
    private static func inkBox(_ darkness: [Float], width: Int, within cell: PixelRect) -> PixelRect? {
        let height = darkness.count / width
        let x0 = max(0, Int(cell.x.rounded(.down)) - 2), x1 = min(width - 1, Int(cell.maxX.rounded(.up)) + 1)
        let y0 = max(0, Int(cell.y.rounded(.down))), y1 = min(height - 1, Int(cell.maxY.rounded(.up)) - 1)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in y0...y1 {
            for x in x0...x1 where darkness[y * width + x] > 0.25 {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
    }

    /// Cairo's RGB24 is one native-endian 32-bit word per pixel, 0x00RRGGBB.
    private static func readSurface(_ surface: OpaquePointer, width: Int, height: Int) -> PixelImage {
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var samples = [Float](repeating: 0, count: width * height * 3)
        data.withMemoryRebound(to: UInt8.self, capacity: stride * height) { bytes in
            for y in 0..<height {
                let row = UnsafeRawPointer(bytes + y * stride)
                for x in 0..<width {
                    let pixel = row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                    let i = (y * width + x) * 3
                    samples[i] = Float((pixel >> 16) & 0xFF)
                    samples[i + 1] = Float((pixel >> 8) & 0xFF)
                    samples[i + 2] = Float(pixel & 0xFF)
                }
            }
        }
        return PixelImage(width: width, height: height, samples: samples)
    }
}
