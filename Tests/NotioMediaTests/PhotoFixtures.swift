import CGdkPixbuf
import CPangoCairo
import Foundation
@testable import NotioMedia

/// Pictures made on the spot for the photo tests: encoded by gdk-pixbuf, headers and EXIF
/// segments written byte by byte, text set by pango in the Korean book font.
enum PhotoFixtures {
    /// A `width` × `height` RGB picture, white with a black `width/4` × `height/4` square at the
    /// top left, encoded as `format` ("jpeg" or "png").
    static func picture(width: Int, height: Int, format: String) -> Data {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<height {
            for x in 0..<width {
                let value: UInt8 = x < width / 4 && y < height / 4 ? 0 : 255
                for channel in 0..<3 { pixels[y * stride + x * 3 + channel] = value }
            }
        }
        return encode(pixbuf, format: format)
    }

    static func encode(_ pixbuf: OpaquePointer, format: String) -> Data {
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let ok = gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, format, nil, nil, &error)
        precondition(ok != 0, "gdk-pixbuf could not encode \(format)")
        defer { g_free(buffer) }
        return Data(bytes: buffer!, count: Int(size))
    }

    /// `jpeg` with an EXIF segment whose only tag is the orientation (1–8), right after SOI.
    static func withOrientation(_ jpeg: Data, _ orientation: UInt8) -> Data {
        var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]  // big endian, IFD0 at 8
        tiff += [0x00, 0x01]  // one entry
        tiff += [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00]  // Orientation, SHORT, 1
        tiff += [0x00, 0x00, 0x00, 0x00]  // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return jpeg.prefix(2) + Data(segment) + jpeg.dropFirst(2)
    }

    /// A PNG that declares `width` × `height` pixels but holds a few bytes of image data: the
    /// signature, a valid IHDR, a tiny IDAT, IEND. Enough for a header check; decoding it fails.
    static func pngDeclaring(width: UInt32, height: UInt32) -> Data {
        func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        // zlib stream with one stored deflate block of 16 zero bytes.
        let raw = [UInt8](repeating: 0, count: 16)
        let zlib: [UInt8] = [0x78, 0x01, 0x01, 0x10, 0x00, 0xEF, 0xFF] + raw + bigEndian(adler32(raw))
        let header = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", []))
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A picture of `lines` set in Noto Serif CJK KR at `pixelSize`, black on white, and for each
    /// line its words with their pixel spans: what a reader would underline.
    struct TextPicture {
        struct Word { var text: String; var left: Double; var right: Double; var baseline: Double; var line: Int }
        /// PNG, or with `turned` a JPEG stored lying on its side with EXIF orientation 6 (as
        /// phones store portrait photos): upright, it is the picture the words are measured on.
        var file: Data
        var width: Int
        var height: Int
        var words: [Word]
    }

    static func text(_ lines: [String], pixelSize: Double = 30, width: Int = 1400, turned: Bool = false) -> TextPicture {
        let margin = 60.0, pitch = pixelSize * 1.8
        let height = Int(2 * margin + pitch * Double(lines.count))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        cairo_set_source_rgb(cairo, 0.1, 0.1, 0.1)

        let font = pango_font_description_new()!
        defer { pango_font_description_free(font) }
        pango_font_description_set_family(font, "Noto Serif CJK KR")
        pango_font_description_set_absolute_size(font, pixelSize * Double(PANGO_SCALE))

        var words: [TextPicture.Word] = []
        for (number, line) in lines.enumerated() {
            let layout = pango_cairo_create_layout(cairo)!
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            pango_layout_set_font_description(layout, font)
            pango_layout_set_text(layout, line, -1)
            let top = margin + pitch * Double(number)
            cairo_move_to(cairo, margin, top)
            pango_cairo_show_layout(cairo, layout)
            let baseline = top + Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)

            // Word spans from pango's own glyph positions (byte offsets into the UTF-8 text).
            var offset = 0
            for word in line.split(separator: " ", omittingEmptySubsequences: false) {
                let length = word.utf8.count
                if length > 0 {
                    var first = PangoRectangle(), last = PangoRectangle()
                    pango_layout_index_to_pos(layout, Int32(offset), &first)
                    let lastCharacter = word.utf8.count - String(word.last!).utf8.count
                    pango_layout_index_to_pos(layout, Int32(offset + lastCharacter), &last)
                    let left = margin + Double(first.x) / Double(PANGO_SCALE)
                    let right = margin + Double(last.x + last.width) / Double(PANGO_SCALE)
                    words.append(.init(text: String(word), left: left, right: right, baseline: baseline, line: number))
                }
                offset += length + 1
            }
        }
        cairo_surface_flush(surface)

        // PNG through gdk-pixbuf: cairo's own PNG writer is slow.
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let source = cairo_image_surface_get_data(surface)!, sourceStride = Int(cairo_image_surface_get_stride(surface))
        let target = gdk_pixbuf_get_pixels(pixbuf)!, targetStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        for y in 0..<height {
            let row = UnsafeRawPointer(source + y * sourceStride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let pixel = row[x]
                target[y * targetStride + x * 3] = UInt8((pixel >> 16) & 0xFF)
                target[y * targetStride + x * 3 + 1] = UInt8((pixel >> 8) & 0xFF)
                target[y * targetStride + x * 3 + 2] = UInt8(pixel & 0xFF)
            }
        }
        guard turned else {
            return TextPicture(file: encode(pixbuf, format: "png"), width: width, height: height, words: words)
        }
        let lying = gdk_pixbuf_rotate_simple(pixbuf, GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE)!
        defer { g_object_unref(UnsafeMutableRawPointer(lying)) }
        return TextPicture(file: withOrientation(encode(lying, format: "jpeg"), 6), width: width, height: height, words: words)
    }

    /// A straight stroke under words `range` of line `line`, `gap` px under the baseline.
    static func stroke(under picture: TextPicture, line: Int, words range: ClosedRange<Int>, gap: Double = 8) -> Stroke {
        let words = picture.words.filter { $0.line == line }
        let left = words[range.lowerBound].left + 2, right = words[range.upperBound].right - 2
        let y = words[range.lowerBound].baseline + gap
        return Stroke(stride(from: left, through: right, by: 6).map { StrokePoint(x: $0, y: y) }
                      + [StrokePoint(x: right, y: y)])
    }

    /// `data` in a new temporary directory under `name`; the directory is the caller's to remove.
    static func file(_ data: Data, named name: String) throws -> String {
        let path = try TestFiles.temporaryDirectory().appendingPathComponent(name).path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }
}
