import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Native string searches for the analyser's hot loops. On Linux, Foundation's `range(of:)`,
// `contains(_:)` on strings and `trimmingCharacters(in:)` bridge through CFString (UTF-16 copies,
// cluster folding) and dominated the analysis time. The texts searched here are NFC (the layout
// normalises every page), so a byte match of the UTF-8 forms finds the same runs.

extension String {
    /// The first occurrence of `needle` as a run of UTF-8 bytes, as string indices.
    func utf8FirstRange(of needle: String) -> Range<String.Index>? {
        guard let offset = Self.utf8Offset(of: needle, in: self) else { return nil }
        let lower = utf8.index(utf8.startIndex, offsetBy: offset)
        return lower..<utf8.index(lower, offsetBy: needle.utf8.count)
    }

    /// Whether `needle` occurs as a run of UTF-8 bytes; an empty needle never does (as with Foundation).
    func utf8Contains(_ needle: String) -> Bool { Self.utf8Offset(of: needle, in: self) != nil }

    private static func utf8Offset(of needle: String, in haystack: String) -> Int? {
        var haystack = haystack
        var needle = needle
        return haystack.withUTF8 { h -> Int? in
            needle.withUTF8 { n -> Int? in
                guard !n.isEmpty, n.count <= h.count, let hBase = h.baseAddress, let nBase = n.baseAddress else { return nil }
                // memchr to each candidate first byte, memcmp for the rest (glibc's memmem is not
                // visible to Swift).
                let first = Int32(n[0])
                let last = h.count - n.count
                var offset = 0
                while offset <= last {
                    guard let hit = memchr(hBase + offset, first, last - offset + 1) else { return nil }
                    let at = UnsafeRawPointer(hit) - UnsafeRawPointer(hBase)
                    if memcmp(hBase + at, nBase, n.count) == 0 { return at }
                    offset = at + 1
                }
                return nil
            }
        }
    }

    /// `trimmingCharacters(in: .whitespaces)` without Foundation: that set is the tab and the space
    /// separators (general category Zs).
    func trimmingSpaces() -> String {
        // The usual case, nothing to trim: first and last bytes are ASCII and not blank.
        if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80, first != 0x20, first != 0x09, last != 0x20, last != 0x09 {
            return self
        }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !Self.isSpace($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !Self.isSpace($0) })!
        return String(scalars[start...end])
    }

    /// Whether the text is empty once `.whitespaces` are trimmed.
    var isBlankLine: Bool { unicodeScalars.allSatisfy(Self.isSpace) }

    @inline(__always)
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return v == 0x20 || v == 0x09 }
        return scalar.properties.generalCategory == .spaceSeparator
    }
}
