import CPoppler
import Foundation

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
        withPage(index) { page -> (GrayImage, Double)? in
            var widthPoints = 0.0, heightPoints = 0.0
            poppler_page_get_size(page, &widthPoints, &heightPoints)
            guard widthPoints > 0, heightPoints > 0 else { return nil }
            var scale = dpi / 72
            let pixels = widthPoints * heightPoints * scale * scale
            if pixels > Double(Self.maxRenderPixels) { scale *= (Double(Self.maxRenderPixels) / pixels).squareRoot() }
            let width = Int((widthPoints * scale).rounded(.up)), height = Int((heightPoints * scale).rounded(.up))

            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else { return nil }
            defer { cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cairo = cairo_create(surface) else { return nil }
            cairo_set_source_rgb(cairo, 1, 1, 1)
            cairo_paint(cairo)
            cairo_scale(cairo, scale, scale)
            poppler_page_render(page, cairo)
            cairo_destroy(cairo)
            cairo_surface_flush(surface)

            guard let data = cairo_image_surface_get_data(surface) else { return nil }
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
        } ?? nil
    }
}
