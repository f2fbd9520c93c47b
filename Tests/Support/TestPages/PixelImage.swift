import CGdkPixbuf
import Foundation

/// An RGB image with float samples (0...255, interleaved), so that several photo effects can be
/// chained without rounding to bytes in between.
struct PixelImage {
    let width: Int
    let height: Int
    var samples: [Float]

    init(width: Int, height: Int, fill: (r: Float, g: Float, b: Float)) {
        self.width = width
        self.height = height
        samples = [Float](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: samples.count, by: 3) {
            samples[i] = fill.r
            samples[i + 1] = fill.g
            samples[i + 2] = fill.b
        }
    }

    init(width: Int, height: Int, samples: [Float]) {
        precondition(samples.count == width * height * 3)
        self.width = width
        self.height = height
        self.samples = samples
    }

    /// Luminance per pixel (Rec. 601), the way OCR engines turn a photo to gray.
    func luminance() -> [Float] {
        var gray = [Float](repeating: 0, count: width * height)
        samples.withUnsafeBufferPointer { s in
            for i in 0..<gray.count {
                gray[i] = 0.299 * s[3 * i] + 0.587 * s[3 * i + 1] + 0.114 * s[3 * i + 2]
            }
        }
        return gray
    }

    /// Writes PNG (`quality` nil) or JPEG through gdk-pixbuf: cairo's own PNG writer is several
    /// times slower, and the JPEG encoder is the one a phone-like pipeline would use.
    func write(to path: String, jpegQuality: Int? = nil) throws {
        var bytes = samples.map { UInt8(max(0, min(255, $0.rounded()))) }
        let format = jpegQuality == nil ? "png" : "jpeg"
        let options: [(String, String)] = jpegQuality.map { [("quality", String($0))] } ?? [("compression", "1")]
        var keys: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.0) } + [nil]
        var values: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.1) } + [nil]
        defer { (keys + values).forEach { free($0) } }

        var error: UnsafeMutablePointer<GError>?
        let saved = bytes.withUnsafeMutableBufferPointer { buffer -> Bool in
            // The pixbuf borrows `buffer` (no destroy function): it must not outlive this closure.
            guard let pixbuf = gdk_pixbuf_new_from_data(buffer.baseAddress, GDK_COLORSPACE_RGB, 0, 8,
                                                       Int32(width), Int32(height), Int32(width * 3), nil, nil) else {
                return false
            }
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            return gdk_pixbuf_savev(pixbuf, path, format, &keys, &values, &error) != 0
        }
        if !saved {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw GeneratorError("could not write \(path): \(message)")
        }
    }

    /// Reads a PNG or JPEG written by `write(to:)` (or any file gdk-pixbuf decodes).
    static func read(_ path: String) throws -> PixelImage {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw GeneratorError("could not read \(path): \(message)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_read_pixels(pixbuf)!
        var samples = [Float](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let p = y * stride + x * channels
                for c in 0..<3 {
                    samples[(y * width + x) * 3 + c] = Float(pixels[p + min(c, channels - 1)])
                }
            }
        }
        return PixelImage(width: width, height: height, samples: samples)
    }
}

/// A failure the generator reports on stderr before exiting with status 1.
struct GeneratorError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
