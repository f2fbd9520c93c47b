import CPoppler
// cairo belongs to CPangoCairo in this module: it includes cairo.h too.
import CPangoCairo
import Foundation
import NotioMedia

/// An 8-bit gray image, rows top to bottom: what OCR reads.
public struct GrayImage: Sendable {
    public var width: Int
    public var height: Int
    public var bytesPerLine: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, bytesPerLine: Int, pixels: [UInt8]) {
        self.width = width; self.height = height; self.bytesPerLine = bytesPerLine; self.pixels = pixels
    }
}

extension PDFText {
    /// The largest image a page is rendered to; bigger pages are rendered at a lower resolution.
    public static let maxRenderPixels = 40_000_000

    /// Renders a page (0-based index) on white at `dpi` and converts it to gray.
    /// Returns the image and the resolution actually used (lower for huge pages).
    public func renderGray(page index: Int, dpi: Double) -> (image: GrayImage, dpi: Double)? {
        guard let (surface, scale) = renderSurface(page: index, dpi: dpi) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var gray = [UInt8](repeating: 255, count: width * height)
        gray.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                // RGB24 is one native-endian 32-bit word per pixel: 0x00RRGGBB.
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let pixel = row[x]
                    let red = (pixel >> 16) & 0xFF, green = (pixel >> 8) & 0xFF, blue = pixel & 0xFF
                    out[y * width + x] = UInt8((red * 299 + green * 587 + blue * 114) / 1000)
                }
            }
        }
        return (GrayImage(width: width, height: height, bytesPerLine: width, pixels: gray), scale * 72)
    }

    /// A page on white in an RGB24 cairo surface (the caller destroys it) and the scale used.
    func renderSurface(page index: Int, dpi: Double) -> (OpaquePointer, Double)? {
        withPage(index) { page -> (OpaquePointer, Double)? in
            var widthPoints = 0.0, heightPoints = 0.0
            poppler_page_get_size(page, &widthPoints, &heightPoints)
            guard widthPoints > 0, heightPoints > 0 else { return nil }
            var scale = dpi / 72
            let pixels = widthPoints * heightPoints * scale * scale
            if pixels > Double(Self.maxRenderPixels) { scale *= (Double(Self.maxRenderPixels) / pixels).squareRoot() }
            let width = Int((widthPoints * scale).rounded(.up)), height = Int((heightPoints * scale).rounded(.up))

            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else { return nil }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cairo = cairo_create(surface) else {
                cairo_surface_destroy(surface)
                return nil
            }
            cairo_set_source_rgb(cairo, 1, 1, 1)
            cairo_paint(cairo)
            cairo_scale(cairo, scale, scale)
            poppler_page_render(page, cairo)
            cairo_destroy(cairo)
            cairo_surface_flush(surface)
            return (surface, scale)
        } ?? nil
    }

    /// Writes a PDF holding only pictures of the given pages (1-based), as a scanner would:
    /// no text layer. For tests and benchmarks of the OCR path on real documents.
    public func writeScannedCopy(pages: ClosedRange<Int>, dpi: Double, to path: String) throws {
        guard let pdf = cairo_pdf_surface_create(path, 595, 842) else {
            throw MediaError(code: "write_failed", message: "Could not create \(path).")
        }
        defer { cairo_surface_destroy(pdf) }
        for number in pages {
            guard let (image, scale) = renderSurface(page: number - 1, dpi: dpi) else { continue }
            defer { cairo_surface_destroy(image) }
            let width = Double(cairo_image_surface_get_width(image)) / scale
            let height = Double(cairo_image_surface_get_height(image)) / scale
            cairo_pdf_surface_set_size(pdf, width, height)
            let cairo = cairo_create(pdf)
            cairo_scale(cairo, 1 / scale, 1 / scale)
            cairo_set_source_surface(cairo, image, 0, 0)
            cairo_paint(cairo)
            cairo_show_page(cairo)
            cairo_destroy(cairo)
        }
        cairo_surface_finish(pdf)
        guard cairo_surface_status(pdf) == CAIRO_STATUS_SUCCESS else {
            throw MediaError(code: "write_failed", message: "Could not write \(path).")
        }
    }
}
