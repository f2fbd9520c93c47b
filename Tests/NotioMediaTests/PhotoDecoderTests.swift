import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

struct PhotoDecoderTests {
    /// The code of the error decoding `data` throws, nil when it decodes.
    func failure(_ data: Data, name: String = "upload", limits: PhotoLimits = PhotoLimits()) throws -> String? {
        let path = try PhotoFixtures.file(data, named: name)
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        do {
            _ = try PhotoDecoder.decode(path: path, limits: limits)
            return nil
        } catch let error as MediaError {
            return error.code
        }
    }

    func decode(_ data: Data, limits: PhotoLimits = PhotoLimits()) throws -> DecodedPhoto {
        let path = try PhotoFixtures.file(data, named: "upload")
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        return try PhotoDecoder.decode(path: path, limits: limits)
    }

    @Test func whatIsNoPictureIsRefused() throws {
        #expect(try failure(Data()) == "not_an_image")
        #expect(try failure(Data("just some text, not a picture\n".utf8)) == "not_an_image")
        #expect(try failure(Data((0..<5_000).map { _ in UInt8.random(in: 0...255) })) == "not_an_image")
        // A format gdk-pixbuf reads but nobody photographs a page in.
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#
        #expect(try failure(Data(svg.utf8), name: "upload.svg") == "not_an_image")
        #expect(try failure(TestFiles.encryptedPDF()) == "not_an_image")
    }

    @Test func cutOffPicturesAreDamaged() throws {
        let jpeg = PhotoFixtures.picture(width: 640, height: 480, format: "jpeg")
        #expect(try failure(jpeg) == nil)
        #expect(try failure(jpeg.prefix(jpeg.count * 2 / 3)) == "damaged_image")
        #expect(try failure(jpeg.prefix(jpeg.count - 2)) == "damaged_image")
        // Bytes after the end of the picture (phones append previews there) do no harm.
        #expect(try failure(jpeg + Data(count: 1_000)) == nil)
        let png = PhotoFixtures.picture(width: 640, height: 480, format: "png")
        #expect(try failure(png) == nil)
        #expect(try failure(png.prefix(png.count / 2)) == "damaged_image")
    }

    @Test func hugePicturesAreRefusedFromTheirHeader() throws {
        // 10000 × 10000 declared in a file of 84 bytes: refused before any decoding.
        #expect(try failure(PhotoFixtures.pngDeclaring(width: 10_000, height: 10_000)) == "too_many_pixels")
        #expect(try failure(PhotoFixtures.pngDeclaring(width: 8_000, height: 5_001)) == "too_many_pixels")
        // Within the limit, the same header is a damaged picture (it holds no pixels).
        #expect(try failure(PhotoFixtures.pngDeclaring(width: 100, height: 100)) == "damaged_image")
        let jpeg = PhotoFixtures.picture(width: 640, height: 480, format: "jpeg")
        #expect(try failure(jpeg, limits: PhotoLimits(maxBytes: jpeg.count - 1)) == "too_large")
        #expect(try failure(jpeg, limits: PhotoLimits(maxPixels: 640 * 480 - 1)) == "too_many_pixels")
    }

    @Test func exifOrientationTurnsThePhotoUpright() throws {
        // 400 × 200 with the dark square at the top left; orientation 6 means "turn 90° clockwise
        // to show": upright it is 200 × 400 with the square at the top right.
        let jpeg = PhotoFixtures.picture(width: 400, height: 200, format: "jpeg")
        let plain = try decode(jpeg)
        #expect((plain.width, plain.height) == (400, 200))
        #expect(plain.gray.pixels[10 * plain.gray.width + 10] < 60)

        let turned = try decode(PhotoFixtures.withOrientation(jpeg, 6))
        #expect((turned.width, turned.height) == (200, 400))
        #expect((turned.gray.width, turned.gray.height) == (200, 400))
        let gray = turned.gray
        #expect(gray.pixels[10 * gray.width + (gray.width - 10)] < 60, "dark at the top right")
        #expect(gray.pixels[10 * gray.width + 10] > 200, "light at the top left")

        let upsideDown = try decode(PhotoFixtures.withOrientation(jpeg, 3))
        #expect((upsideDown.width, upsideDown.height) == (400, 200))
        #expect(upsideDown.gray.pixels[(upsideDown.gray.height - 10) * upsideDown.gray.width + (upsideDown.gray.width - 10)] < 60)
    }

    @Test func bigPhotosAreReadSmallerButMeasuredFullSize() throws {
        let png = PhotoFixtures.picture(width: 3000, height: 1000, format: "png")
        let photo = try decode(png, limits: PhotoLimits(maxRecognitionSide: 1200))
        #expect((photo.width, photo.height) == (3000, 1000))
        #expect((photo.gray.width, photo.gray.height) == (1200, 400))
        // A box on the small picture covers the same part of the full-size one.
        #expect(photo.fullSize(PixelRect(x: 10, y: 20, width: 30, height: 40)) == PixelRect(x: 25, y: 50, width: 75, height: 100))
        #expect(photo.fullSize(PixelRect(x: 1190, y: 390, width: 10, height: 10)) == PixelRect(x: 2975, y: 975, width: 25, height: 25))
        #expect(photo.gray.pixels[0] < 60 && photo.gray.pixels[photo.gray.width - 1] > 200)
    }

    @Test func jpegStructureFindsTheEnd() {
        let jpeg = PhotoFixtures.picture(width: 64, height: 64, format: "jpeg")
        #expect(jpeg.withUnsafeBytes(JPEGStructure.isComplete))
        for cut in [3, 20, jpeg.count / 2, jpeg.count - 1] {
            #expect(!jpeg.prefix(cut).withUnsafeBytes(JPEGStructure.isComplete), "cut at \(cut)")
        }
        #expect(!Data([0xFF, 0xD8, 0xFF, 0xD9].dropFirst()).withUnsafeBytes(JPEGStructure.isComplete))
        #expect(Data([0xFF, 0xD8, 0xFF, 0xD9]).withUnsafeBytes(JPEGStructure.isComplete))
    }
}
