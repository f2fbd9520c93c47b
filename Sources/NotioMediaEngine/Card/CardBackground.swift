import CGdkPixbuf
import CPangoCairo
import Foundation
import NotioMedia

/// Paints what lies behind a card's text: a preset's colour or gradient, or the reader's photo.
enum CardBackground {
    /// A preset, as the browser's CSS `linear-gradient(<angle>deg, ...)` would paint it on a
    /// `width` × `height` box.
    static func paint(_ preset: CardPreset, on cairo: OpaquePointer, width: Double, height: Double) {
        let colors = preset.colors.compactMap(CardColor.components)
        guard colors.count > 1 else {
            let color = colors.first ?? (1, 1, 1)
            cairo_set_source_rgb(cairo, color.red, color.green, color.blue)
            cairo_paint(cairo)
            return
        }
        // CSS: 0deg points up, 90deg right; the gradient line passes through the centre and is
        // long enough for the corners to get the end colours.
        let angle = preset.angle * .pi / 180
        let dx = sin(angle), dy = -cos(angle)
        let half = (abs(width * dx) + abs(height * dy)) / 2
        let cx = width / 2, cy = height / 2
        let gradient = cairo_pattern_create_linear(cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half)!
        defer { cairo_pattern_destroy(gradient) }
        for (index, color) in colors.enumerated() {
            cairo_pattern_add_color_stop_rgb(gradient, Double(index) / Double(colors.count - 1), color.red, color.green, color.blue)
        }
        cairo_set_source(cairo, gradient)
        cairo_paint(cairo)
    }

    /// The photo at `path` upright (EXIF orientation), scaled to cover `width` × `height` and
    /// cropped around its centre, drawn into `surface` (RGB24, that size). Decoded near the card's
    /// size, not the photo's: a 12 MP JPEG is read at a half or a quarter by libjpeg itself.
    ///
    /// Throws `MediaError`: `not_found`, `too_large`, `not_an_image`, `too_many_pixels`,
    /// `damaged_image`.
    static func drawPhoto(at path: String, into surface: OpaquePointer, width: Int, height: Int, limits: PhotoLimits) throws {
        let (storedWidth, storedHeight) = try checkedSize(path: path, limits: limits)
        // The orientation is known only after decoding: decode large enough for either way up.
        let scale = min(1, max(Double(width) / Double(storedWidth), Double(height) / Double(storedHeight),
                               Double(width) / Double(storedHeight), Double(height) / Double(storedWidth)))
        let decodeWidth = Int32(min(storedWidth, Int((Double(storedWidth) * scale).rounded(.up))))
        let decodeHeight = Int32(min(storedHeight, Int((Double(storedHeight) * scale).rounded(.up))))
        var error: UnsafeMutablePointer<GError>?
        guard let decoded = gdk_pixbuf_new_from_file_at_scale(path, decodeWidth, decodeHeight, 0, &error) else {
            if let error { g_error_free(error) }
            throw MediaError.damagedImage
        }
        defer { g_object_unref(UnsafeMutableRawPointer(decoded)) }
        guard let upright = gdk_pixbuf_apply_embedded_orientation(decoded) else { throw MediaError.damagedImage }
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }

        let sourceWidth = Double(gdk_pixbuf_get_width(upright)), sourceHeight = Double(gdk_pixbuf_get_height(upright))
        let cover = max(Double(width) / sourceWidth, Double(height) / sourceHeight)
        let offsetX = (Double(width) - sourceWidth * cover) / 2, offsetY = (Double(height) - sourceHeight * cover) / 2
        guard let fitted = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height)) else {
            throw MediaError.damagedImage
        }
        defer { g_object_unref(UnsafeMutableRawPointer(fitted)) }
        if gdk_pixbuf_get_has_alpha(upright) != 0 {
            // Transparent parts show white, as in the browser's preview on a white card.
            gdk_pixbuf_fill(fitted, 0xFFFF_FFFF)
            gdk_pixbuf_composite(upright, fitted, 0, 0, Int32(width), Int32(height), offsetX, offsetY, cover, cover,
                                 GDK_INTERP_BILINEAR, 255)
        } else {
            gdk_pixbuf_scale(upright, fitted, 0, 0, Int32(width), Int32(height), offsetX, offsetY, cover, cover,
                             GDK_INTERP_BILINEAR)
        }
        copy(fitted, into: surface)
    }

    /// The stored size the header declares, after the same refusals as `PhotoDecoder.decode`
    /// (file size, format, declared pixels, a cut-off JPEG) and one more: the incremental
    /// loader behind `new_from_file_at_scale` draws a cut-off PNG without an error.
    static func checkedSize(path: String, limits: PhotoLimits) throws -> (width: Int, height: Int) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.intValue else {
            throw MediaError(code: "not_found", message: "The uploaded picture could not be found.")
        }
        guard size <= limits.maxBytes else { throw MediaError.tooLarge(bytes: size, limit: limits.maxBytes) }
        guard size > 0 else { throw MediaError.notAnImage }
        var width: Int32 = 0, height: Int32 = 0
        guard let format = gdk_pixbuf_get_file_info(path, &width, &height), let name = gdk_pixbuf_format_get_name(format) else {
            throw MediaError.notAnImage
        }
        let formatName = String(cString: name)
        g_free(name)
        guard PhotoDecoder.formats.contains(formatName) else { throw MediaError.notAnImage }
        guard width > 0, height > 0 else { throw MediaError.damagedImage }
        guard Int(width) * Int(height) <= limits.maxPixels else {
            throw MediaError.tooManyPixels(width: Int(width), height: Int(height), limit: limits.maxPixels)
        }
        if formatName == "jpeg" || formatName == "png" {
            guard let data = FileManager.default.contents(atPath: path),
                  data.withUnsafeBytes(formatName == "jpeg" ? JPEGStructure.isComplete : endsWithPNGEnd) else {
                throw MediaError.damagedImage
            }
        }
        return (Int(width), Int(height))
    }

    /// A PNG's last chunk is IEND: length 0, type, CRC.
    private static func endsWithPNGEnd(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let end: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        return bytes.count >= end.count && Array(bytes.suffix(end.count)) == end
    }

    /// RGB (3 or 4 bytes a pixel) into cairo's RGB24 (0x00RRGGBB in native words).
    private static func copy(_ pixbuf: OpaquePointer, into surface: OpaquePointer) {
        cairo_surface_flush(surface)
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let source = gdk_pixbuf_read_pixels(pixbuf)!
        let target = cairo_image_surface_get_data(surface)!, targetStride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            let from = source + y * sourceStride
            let to = UnsafeMutableRawPointer(target + y * targetStride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let pixel = from + x * channels
                to[x] = UInt32(pixel[0]) << 16 | UInt32(pixel[1]) << 8 | UInt32(pixel[2])
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
