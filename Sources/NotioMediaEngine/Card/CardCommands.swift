import CGdkPixbuf
import Foundation
import NotioMedia

/// Cards from the command line, for the benchmark and for trying options by hand.
///
/// - `notio-worker card [--repeat N] CONTENT_JSON OPTIONS_JSON [BACKGROUND] OUT.png`: JSON as
///   text or a file name; prints `{"cpuMs":...,"height":1350,"ms":...,"width":1080}` per card drawn
///   (with `--repeat`, N lines: the first is cold, the others warm). `cpuMs` is the thread's CPU
///   time: on a shared machine it shows the work when the wall time shows the neighbours.
/// - `notio-worker test-photo WIDTH HEIGHT OUT.jpg [ORIENTATION]`: a photo-like JPEG (smooth
///   light, fine grain) for benchmarks, with an EXIF orientation if asked.
extension MediaWorker {
    public static func card(arguments: [String]) -> Int32 {
        var arguments = arguments
        var times = 1
        if arguments.first == "--repeat", arguments.count > 1, let count = Int(arguments[1]), count > 0 {
            times = count
            arguments.removeFirst(2)
        }
        guard (3...4).contains(arguments.count) else {
            return cardUsage("notio-worker card [--repeat N] CONTENT_JSON OPTIONS_JSON [BACKGROUND] OUT.png")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            let content = try JSONDecoder().decode(CardContent.self, from: jsonArgument(arguments[0]))
            let options = try CardOptions.parse(json: jsonArgument(arguments[1])).mapError(\.mediaError).get()
            let background = arguments.count == 4 ? arguments[2] : nil
            for _ in 0..<times {
                let started = DispatchTime.now(), startedCPU = threadCPUMilliseconds()
                let png = try CardRenderer.render(content, options: options, backgroundPath: background)
                try png.write(to: URL(fileURLWithPath: arguments.last!))
                let line = CardLine(ms: milliseconds(since: started), cpuMs: ((threadCPUMilliseconds() - startedCPU) * 10).rounded() / 10,
                                    width: options.pixelSize.width, height: options.pixelSize.height)
                WorkerOutput.write(try encoder.encode(line) + Data([0x0A]))
            }
            return 0
        } catch {
            let mediaError = error as? MediaError ?? MediaError(code: "bad_request", message: "\(error)")
            WorkerOutput.write(((try? encoder.encode(["error": mediaError])) ?? Data()) + Data([0x0A]))
            return 1
        }
    }

    public static func testPhoto(arguments: [String]) -> Int32 {
        guard (3...4).contains(arguments.count), let width = Int(arguments[0]), let height = Int(arguments[1]),
              width > 0, height > 0, let orientation = UInt8(arguments.count == 4 ? arguments[3] : "1") else {
            return cardUsage("notio-worker test-photo WIDTH HEIGHT OUT.jpg [ORIENTATION]")
        }
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), pixels = gdk_pixbuf_get_pixels(pixbuf)!
        var seed: UInt32 = 0x9E37_79B9
        for y in 0..<height {
            let v = Double(y) / Double(height)
            for x in 0..<width {
                let u = Double(x) / Double(width)
                // Sky to ground with a warm light, and sensor-like grain so the JPEG has a
                // photo's entropy (and decoding cost).
                seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5
                let grain = Double(seed & 0x1F) - 16
                let light = 40 * sin(u * 9 + v * 4) * cos(v * 7)
                let pixel = pixels + y * stride + x * 3
                pixel[0] = clampByte(90 + 120 * v + light + grain)
                pixel[1] = clampByte(130 + 60 * u - 30 * v + light * 0.8 + grain)
                pixel[2] = clampByte(200 - 130 * v + light * 0.5 + grain)
            }
        }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
        var values: [UnsafeMutablePointer<CChar>?] = [strdup("90"), nil]
        defer { free(keys[0]); free(values[0]) }
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "jpeg", &keys, &values, nil) != 0, let buffer else { return 1 }
        defer { g_free(buffer) }
        let jpeg = Data(bytes: buffer, count: Int(size))
        do {
            try (orientation == 1 ? jpeg : withExifOrientation(jpeg, orientation)).write(to: URL(fileURLWithPath: arguments[2]))
            return 0
        } catch {
            FileHandle.standardError.write(Data("notio-worker test-photo: \(error)\n".utf8))
            return 1
        }
    }

    /// `jpeg` with an EXIF segment right after SOI whose only tag is the orientation (1–8).
    static func withExifOrientation(_ jpeg: Data, _ orientation: UInt8) -> Data {
        var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]  // big endian, IFD0 at 8
        tiff += [0x00, 0x01]  // one entry: Orientation, SHORT, count 1
        tiff += [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00]
        tiff += [0x00, 0x00, 0x00, 0x00]  // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return jpeg.prefix(2) + Data([0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload) + jpeg.dropFirst(2)
    }

    private struct CardLine: Encodable {
        var ms: Double
        var cpuMs: Double
        var width: Int
        var height: Int
    }

    private static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    private static func jsonArgument(_ argument: String) throws -> Data {
        if argument.hasPrefix("{") { return Data(argument.utf8) }
        guard let data = FileManager.default.contents(atPath: argument) else {
            throw MediaError(code: "not_found", message: "\(argument) could not be read.")
        }
        return data
    }

    private static func clampByte(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value)))
    }

    private static func cardUsage(_ text: String) -> Int32 {
        FileHandle.standardError.write(Data("usage: \(text)\n".utf8))
        return 2
    }
}
