import Foundation

/// libjpeg reads a cut-off JPEG without complaint (it warns, then fills the missing rows with
/// gray), and so does gdk-pixbuf: a half-uploaded photo would be read as half a page. Walking
/// the file's markers to its end-of-image marker tells a whole file from a cut one.
enum JPEGStructure {
    /// True when the markers from SOI lead to an EOI. Bytes after the EOI (phones append
    /// previews and videos there) do not matter.
    static func isComplete(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return false }
        var position = 2
        while position < count {
            // Markers may be padded with any number of 0xFF.
            guard bytes[position] == 0xFF else { return false }
            while position < count && bytes[position] == 0xFF { position += 1 }
            guard position < count else { return false }
            let marker = bytes[position]
            position += 1
            switch marker {
            case 0xD9:
                return true
            case 0x01, 0xD0...0xD7:
                // Standalone markers: no length.
                continue
            default:
                guard position + 2 <= count else { return false }
                let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
                guard length >= 2, position + length <= count else { return false }
                position += length
                if marker == 0xDA {
                    // Entropy-coded data runs to the next marker: 0xFF followed by neither a
                    // stuffed 0x00, a restart marker, nor fill.
                    guard let next = nextMarker(bytes, from: position) else { return false }
                    position = next
                }
            }
        }
        return false
    }

    /// The index of the 0xFF that starts the next real marker after `start`, if any.
    private static func nextMarker(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = start
        let last = bytes.count - 1
        while index < last {
            // memchr: a photo's scan data is megabytes, and this runs in a debug build in tests.
            guard let found = memchr(base + index, 0xFF, last - index) else { return nil }
            index = base.distance(to: UnsafeRawPointer(found))
            let following = bytes[index + 1]
            if following != 0x00 && following != 0xFF && !(0xD0...0xD7).contains(following) { return index }
            index += following == 0xFF ? 1 : 2
        }
        return nil
    }
}
