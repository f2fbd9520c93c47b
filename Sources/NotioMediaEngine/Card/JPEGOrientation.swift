import Foundation

/// The EXIF orientation of a JPEG read from its APP1 segment before decoding: the decoder needs
/// to know which way up the photo is to pick libjpeg's scale (a story card from a portrait
/// photo stored lying down needs half the pixels a landscape one would).
enum JPEGOrientation {
    /// 1–8, or 1 when the file has no readable orientation tag.
    static func read(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return 1 }
        var position = 2
        // Only the segments before the image data; APP1 comes first in practice.
        while position + 4 <= bytes.count, bytes[position] == 0xFF {
            let marker = bytes[position + 1]
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            guard length >= 2, marker != 0xDA, marker != 0xD9 else { return 1 }
            let body = position + 4, end = min(bytes.count, position + 2 + length)
            if marker == 0xE1, end - body > 14,
               Array(bytes[body..<body + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return orientation(tiff: UnsafeRawBufferPointer(rebasing: bytes[(body + 6)..<end])) ?? 1
            }
            position += 2 + length
        }
        return 1
    }

    /// Tag 0x0112 of IFD0 in a TIFF structure.
    private static func orientation(tiff: UnsafeRawBufferPointer) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func read16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func read32(_ at: Int) -> Int? {
            guard let high = read16(little ? at + 2 : at), let low = read16(little ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard let ifd = read32(4), let count = read16(ifd) else { return nil }
        for entry in 0..<count {
            let at = ifd + 2 + entry * 12
            guard let tag = read16(at) else { return nil }
            if tag == 0x0112, let value = read16(at + 8), (1...8).contains(value) { return value }
        }
        return nil
    }
}
