import CGdkPixbuf
import Foundation
import NotioMedia

/// A photo ready for OCR: gray, upright, perhaps smaller than the photo itself.
public struct DecodedPhoto: Sendable {
    /// What OCR reads: the photo turned upright (EXIF orientation), perhaps scaled down.
    public var gray: GrayImage
    /// The upright photo's full size: the pixels the browser shows and draws strokes in.
    public var width: Int
    public var height: Int

    /// A box on `gray` in the full-size photo's pixels, rounded outwards.
    public func fullSize(_ box: PixelRect) -> PixelRect {
        let scaleX = Double(width) / Double(gray.width), scaleY = Double(height) / Double(gray.height)
        let left = Int((Double(box.x) * scaleX).rounded(.down)), top = Int((Double(box.y) * scaleY).rounded(.down))
        let right = min(width, Int((Double(box.x + box.width) * scaleX).rounded(.up)))
        let bottom = min(height, Int((Double(box.y + box.height) * scaleY).rounded(.up)))
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// A box in the full-size photo's pixels on `gray`, rounded outwards.
    func onGray(_ box: PixelRect) -> PixelRect {
        let scaleX = Double(gray.width) / Double(width), scaleY = Double(gray.height) / Double(height)
        let left = Int((Double(box.x) * scaleX).rounded(.down)), top = Int((Double(box.y) * scaleY).rounded(.down))
        let right = min(gray.width, Int((Double(box.x + box.width) * scaleX).rounded(.up)))
        let bottom = min(gray.height, Int((Double(box.y + box.height) * scaleY).rounded(.up)))
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// Decodes untrusted photos with gdk-pixbuf (in the worker process only).
public enum PhotoDecoder {
    /// gdk-pixbuf also has loaders for SVG, icons, XPM and other formats nobody photographs a
    /// book page in; they are refused rather than exposed.
    static let formats: Set<String> = ["jpeg", "png", "webp", "tiff", "bmp", "gif", "heif", "avif"]

    /// Reads the photo at `path`: refuses what is too big before decoding it (file size, then
    /// the pixel count its header declares), applies the EXIF orientation, scales it down to
    /// `limits.maxRecognitionSide` and makes it gray.
    ///
    /// Throws `MediaError`: `not_found`, `too_large`, `not_an_image`, `too_many_pixels`,
    /// `damaged_image`.
    public static func decode(path: String, limits: PhotoLimits) throws -> DecodedPhoto {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.intValue else {
            throw MediaError(code: "not_found", message: "The uploaded picture could not be found.")
        }
        guard size <= limits.maxBytes else { throw MediaError.tooLarge(bytes: size, limit: limits.maxBytes) }
        guard size > 0 else { throw MediaError.notAnImage }

        // The header alone: a picture declaring 100 megapixels is refused before gigabytes are
        // allocated for it.
        var declaredWidth: Int32 = 0, declaredHeight: Int32 = 0
        guard let format = gdk_pixbuf_get_file_info(path, &declaredWidth, &declaredHeight),
              let name = gdk_pixbuf_format_get_name(format) else {
            throw MediaError.notAnImage
        }
        let formatName = String(cString: name)
        g_free(name)
        guard formats.contains(formatName) else { throw MediaError.notAnImage }
        guard declaredWidth > 0, declaredHeight > 0 else { throw MediaError.damagedImage }
        guard Int(declaredWidth) * Int(declaredHeight) <= limits.maxPixels else {
            throw MediaError.tooManyPixels(width: Int(declaredWidth), height: Int(declaredHeight), limit: limits.maxPixels)
        }
        if formatName == "jpeg" {
            guard let data = FileManager.default.contents(atPath: path),
                  data.withUnsafeBytes(JPEGStructure.isComplete) else { throw MediaError.damagedImage }
        }

        var error: UnsafeMutablePointer<GError>?
        // A large JPEG is read by libjpeg at a half or a quarter of its size (`reducedJPEGSize`),
        // through `new_from_file_at_scale`, which asks for exactly that size. Anything else is
        // read whole: the incremental loader behind `new_from_file_at_scale` returns half a PNG
        // without an error (a JPEG's completeness is checked above).
        let reduced = formatName == "jpeg"
            ? reducedJPEGSize(width: Int(declaredWidth), height: Int(declaredHeight), least: leastSide(limits)) : nil
        let loaded = reduced.map { gdk_pixbuf_new_from_file_at_scale(path, Int32($0.width), Int32($0.height), 0, &error) }
            ?? gdk_pixbuf_new_from_file(path, &error)
        guard let decoded = loaded else {
            if let error { g_error_free(error) }
            throw MediaError.damagedImage
        }
        defer { g_object_unref(UnsafeMutableRawPointer(decoded)) }
        let fullWidth = reduced == nil ? Int(gdk_pixbuf_get_width(decoded)) : Int(declaredWidth)
        let fullHeight = reduced == nil ? Int(gdk_pixbuf_get_height(decoded)) : Int(declaredHeight)
        guard fullWidth > 0, fullHeight > 0, fullWidth * fullHeight <= limits.maxPixels else { throw MediaError.damagedImage }

        let scaled = try scaledDown(decoded, maxSide: limits.maxRecognitionSide)
        defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        // Options (the EXIF orientation among them) stay with the decoded pixbuf; the scaled
        // copy needs them to turn upright.
        if scaled != decoded { gdk_pixbuf_copy_options(decoded, scaled) }
        guard let upright = gdk_pixbuf_apply_embedded_orientation(scaled) else { throw MediaError.damagedImage }
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }

        let turned = gdk_pixbuf_get_width(upright) != gdk_pixbuf_get_width(scaled)
        return DecodedPhoto(gray: gray(upright),
                            width: turned ? fullHeight : fullWidth,
                            height: turned ? fullWidth : fullHeight)
    }

    /// The least long side a photo is read at when libjpeg reduces it: three quarters of
    /// `maxRecognitionSide` (1,800 px of 2,400). A 12 MP photo (4,000 px) is then read at half
    /// its size, 2,000 px, the size of the underline bench's page photos, where its letters are
    /// 30–45 px tall; decoding at a half takes a third of the time of decoding it whole and
    /// scaling it down (110–130 ms on the build machine).
    static func leastSide(_ limits: PhotoLimits) -> Int { limits.maxRecognitionSide * 3 / 4 }

    /// The smallest of libjpeg's own reductions (1/8, 1/4, 1/2; sizes rounded up, as libjpeg
    /// rounds them) whose long side is at least `least`, or nil when none is smaller than the
    /// JPEG itself. The card (`CardBackground.decodeSize`) and the OCR both decode at such sizes.
    static func reducedJPEGSize(width: Int, height: Int, least: Int) -> (width: Int, height: Int)? {
        reducedJPEGSize(width: width, height: height) { max($0.width, $0.height) >= least }
    }

    /// The smallest of libjpeg's reductions of a `width` × `height` JPEG that `isEnough`, or nil
    /// when only the whole JPEG is.
    static func reducedJPEGSize(width: Int, height: Int,
                                isEnough: ((width: Int, height: Int)) -> Bool) -> (width: Int, height: Int)? {
        for denominator in [8, 4, 2] {
            let scaled = (width: (width + denominator - 1) / denominator, height: (height + denominator - 1) / denominator)
            if isEnough(scaled) { return scaled }
        }
        return nil
    }

    /// `pixbuf` itself (with a new reference) when it is small enough, else a scaled copy.
    private static func scaledDown(_ pixbuf: OpaquePointer, maxSide: Int) throws -> OpaquePointer {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        guard maxSide > 0, max(width, height) > maxSide else {
            g_object_ref(UnsafeMutableRawPointer(pixbuf))
            return pixbuf
        }
        let scale = Double(maxSide) / Double(max(width, height))
        let newWidth = max(1, Int((Double(width) * scale).rounded())), newHeight = max(1, Int((Double(height) * scale).rounded()))
        // Bilinear in gdk-pixbuf averages over the covered area when reducing.
        guard let scaled = gdk_pixbuf_scale_simple(pixbuf, Int32(newWidth), Int32(newHeight), GDK_INTERP_BILINEAR) else {
            throw MediaError.damagedImage
        }
        return scaled
    }

    /// 8-bit gray (Rec. 601 luma); transparent parts count as white paper.
    static func gray(_ pixbuf: OpaquePointer) -> GrayImage {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let alpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        let source = gdk_pixbuf_read_pixels(pixbuf)!
        var pixels = [UInt8](repeating: 255, count: width * height)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = source + y * stride
                for x in 0..<width {
                    let pixel = row + x * channels
                    var luma = channels >= 3
                        ? (UInt32(pixel[0]) * 299 + UInt32(pixel[1]) * 587 + UInt32(pixel[2]) * 114) / 1000
                        : UInt32(pixel[0])
                    if alpha {
                        let opacity = UInt32(pixel[channels - 1])
                        luma = (luma * opacity + 255 * (255 - opacity)) / 255
                    }
                    out[y * width + x] = UInt8(luma)
                }
            }
        }
        return GrayImage(width: width, height: height, bytesPerLine: width, pixels: pixels)
    }
}
