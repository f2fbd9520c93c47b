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
    /// cropped around its centre, painted by `cairo`. Decoded near the card's size, not the
    /// photo's: libjpeg reads a 12 MP JPEG at a half or a quarter itself.
    ///
    /// Throws `MediaError`: `not_found`, `too_large`, `not_an_image`, `too_many_pixels`,
    /// `damaged_image`.
    static func paintPhoto(at path: String, on cairo: OpaquePointer, width: Int, height: Int, limits: PhotoLimits) throws {
        let stored = try checkedSize(path: path, limits: limits)
        let request = decodeSize(stored: stored, card: (width, height))
        var error: UnsafeMutablePointer<GError>?
        guard let decoded = gdk_pixbuf_new_from_file_at_scale(path, Int32(request.width), Int32(request.height), 0, &error) else {
            if let error { g_error_free(error) }
            throw MediaError.damagedImage
        }
        defer { g_object_unref(UnsafeMutableRawPointer(decoded)) }
        let orientation = gdk_pixbuf_get_option(decoded, "orientation").flatMap { Int(String(cString: $0)) } ?? 1
        let source = try uprightSurface(of: decoded, orientation: orientation)
        defer { cairo_surface_destroy(source) }

        let uprightWidth = Double(cairo_image_surface_get_width(source)), uprightHeight = Double(cairo_image_surface_get_height(source))
        let cover = max(Double(width) / uprightWidth, Double(height) / uprightHeight)
        let offsetX = (Double(width) - uprightWidth * cover) / 2, offsetY = (Double(height) - uprightHeight * cover) / 2
        // Card pixels → photo pixels. A plain scale: pixman has fast paths for it, not for turns.
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, 1 / cover, 0, 0, 1 / cover, -offsetX / cover, -offsetY / cover)
        let pattern = cairo_pattern_create_for_surface(source)!
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        // Transparent parts show white, as in the browser's preview on a white card.
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        cairo_set_source(cairo, pattern)
        cairo_paint(cairo)
    }

    /// The size to decode at: large enough to cover the card once turned upright, and for a
    /// JPEG exactly what libjpeg's own 1/2, 1/4 or 1/8 scaling gives, so that the loader does
    /// not scale again.
    static func decodeSize(stored: (width: Int, height: Int, format: String, orientation: Int),
                           card: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let turned = (5...8).contains(stored.orientation)
        let width = Double(stored.width), height = Double(stored.height)
        let cardWidth = Double(turned ? card.height : card.width), cardHeight = Double(turned ? card.width : card.height)
        let scale = min(1, max(cardWidth / width, cardHeight / height))
        let needed = (width: Int((width * scale).rounded(.up)), height: Int((height * scale).rounded(.up)))
        guard stored.format == "jpeg" else { return needed }
        return PhotoDecoder.reducedJPEGSize(width: stored.width, height: stored.height) {
            $0.width >= needed.width && $0.height >= needed.height
        } ?? (stored.width, stored.height)
    }

    /// Where upright pixel (u, v) is stored in a `width` × `height` picture with EXIF
    /// orientation 1–8: x = xu·u + xv·v + x0, y = yu·u + yv·v + y0.
    static func storedPosition(_ orientation: Int, width: Int, height: Int)
        -> (xu: Int, xv: Int, x0: Int, yu: Int, yv: Int, y0: Int) {
        let right = width - 1, bottom = height - 1
        switch orientation {
        case 2: return (-1, 0, right, 0, 1, 0)        // mirrored
        case 3: return (-1, 0, right, 0, -1, bottom)  // upside down
        case 4: return (1, 0, 0, 0, -1, bottom)       // mirrored upside down
        case 5: return (0, 1, 0, 1, 0, 0)             // transposed
        case 6: return (0, 1, 0, -1, 0, bottom)       // turn clockwise to show
        case 7: return (0, -1, right, -1, 0, bottom)  // transversed
        case 8: return (0, -1, right, 1, 0, 0)        // turn counter-clockwise to show
        default: return (1, 0, 0, 0, 1, 0)
        }
    }

    /// The pixbuf turned upright as a cairo surface: RGB24, or premultiplied ARGB32 when it
    /// has alpha. Turning while converting costs little more than converting.
    private static func uprightSurface(of pixbuf: OpaquePointer, orientation: Int) throws -> OpaquePointer {
        let storedWidth = Int(gdk_pixbuf_get_width(pixbuf)), storedHeight = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let alpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        let turned = (5...8).contains(orientation)
        let width = turned ? storedHeight : storedWidth, height = turned ? storedWidth : storedHeight
        let surface = cairo_image_surface_create(alpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, channels >= 3 else {
            cairo_surface_destroy(surface)
            throw MediaError.damagedImage
        }
        let map = storedPosition(orientation, width: storedWidth, height: storedHeight)
        // Stepping one upright pixel to the right moves this far in the stored bytes.
        let step = map.xu * channels + map.yu * sourceStride
        let source = gdk_pixbuf_read_pixels(pixbuf)!
        let target = cairo_image_surface_get_data(surface)!, targetStride = Int(cairo_image_surface_get_stride(surface))
        for v in 0..<height {
            var pixel = source + (map.xv * v + map.x0) * channels + (map.yv * v + map.y0) * sourceStride
            let to = UnsafeMutableRawPointer(target + v * targetStride).assumingMemoryBound(to: UInt32.self)
            if alpha {
                for u in 0..<width {
                    let opacity = UInt32(pixel[3])
                    let red = UInt32(pixel[0]) * opacity / 255, green = UInt32(pixel[1]) * opacity / 255
                    let blue = UInt32(pixel[2]) * opacity / 255
                    to[u] = opacity << 24 | red << 16 | green << 8 | blue
                    pixel += step
                }
            } else {
                for u in 0..<width {
                    to[u] = UInt32(pixel[0]) << 16 | UInt32(pixel[1]) << 8 | UInt32(pixel[2])
                    pixel += step
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// The stored size the header declares, after the same refusals as `PhotoDecoder.decode`
    /// (file size, format, declared pixels, a cut-off JPEG) and one more: the incremental
    /// loader behind `new_from_file_at_scale` draws a cut-off PNG without an error.
    /// The JPEG's EXIF orientation comes along (1 for other formats).
    static func checkedSize(path: String, limits: PhotoLimits) throws -> (width: Int, height: Int, format: String, orientation: Int) {
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
        var orientation = 1
        if formatName == "jpeg" || formatName == "png" {
            guard let data = FileManager.default.contents(atPath: path),
                  data.withUnsafeBytes(formatName == "jpeg" ? JPEGStructure.isComplete : endsWithPNGEnd) else {
                throw MediaError.damagedImage
            }
            if formatName == "jpeg" { orientation = data.withUnsafeBytes(JPEGOrientation.read) }
        }
        return (Int(width), Int(height), formatName, orientation)
    }

    /// A PNG's last chunk is IEND: length 0, type, CRC.
    private static func endsWithPNGEnd(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let end: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        return bytes.count >= end.count && Array(bytes.suffix(end.count)) == end
    }
}
