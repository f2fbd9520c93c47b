/// A text searched for many keys, such as a whole document: whether a byte search answers for it
/// is decided once, where `KoreanText.contains` decides it again on every call (a quiz asks a
/// lecture's text thousands of times whether it writes a phrase).
public struct SearchableText: Sendable {
    public let text: String
    private let bytes: [UInt8]
    /// How a byte search answers for this text: for every key that is simple too, for every
    /// key, or never (Foundation answers).
    private let search: ByteSearch
    private enum ByteSearch { case simpleKeys, anyKey, never }

    /// A text searched as Foundation would: matches start and end on character boundaries.
    public init(_ text: String = "") {
        self.text = text
        bytes = Array(text.utf8)
        search = bytes.withUnsafeBufferPointer(KoreanText.isSimpleUTF8) ? .simpleKeys : .never
    }

    /// A text of compact keys (`KoreanText.compact`), where any run of scalars is a match: compacting
    /// drops the spaces and brackets that kept characters apart ("【ᄀ】 가나다" gives "ᄀ가나다",
    /// one character to Foundation), so character boundaries mean nothing there.
    public init(keys text: String) {
        self.text = text
        bytes = Array(text.utf8)
        search = .anyKey
    }

    /// The same answer as `KoreanText.contains(text, key)` (for `init(keys:)`, whether the run of
    /// scalars occurs).
    public func contains(_ key: String) -> Bool {
        guard let needle = searchable(key) else { return KoreanText.contains(text, key) }
        return firstMatch(needle, from: 0) != nil
    }

    /// How many times the text writes `key`, counted from the start without overlaps: the same
    /// answer as `text.components(separatedBy: key).count - 1`.
    public func occurrences(of key: String) -> Int {
        guard !key.isEmpty else { return 0 }
        guard let needle = searchable(key) else { return text.components(separatedBy: key).count - 1 }
        var count = 0, from = 0
        while let start = firstMatch(needle, from: from) {
            count += 1
            from = start + needle.count
        }
        return count
    }

    /// The ASCII digits written right before each occurrence of `key` (counted as `occurrences`
    /// counts), where there are any: "2바이트, 4바이트" gives "2" and "4" for "바이트".
    public func digits(before key: String) -> [String] {
        guard !key.isEmpty else { return [] }
        guard let needle = searchable(key) else {
            var out: [String] = []
            var rest = Substring(text)
            while let range = rest.range(of: key) {
                let digits = rest[..<range.lowerBound].reversed().prefix { $0.isASCII && $0.isNumber }
                if !digits.isEmpty { out.append(String(digits.reversed())) }
                rest = rest[range.upperBound...]
            }
            return out
        }
        var out: [String] = [], from = 0
        while let start = firstMatch(needle, from: from) {
            // Back to the end of the previous occurrence at most, as a search of what follows it.
            var first = start
            while first > from, (0x30...0x39).contains(bytes[first - 1]) { first -= 1 }
            if first < start { out.append(String(decoding: bytes[first..<start], as: UTF8.self)) }
            from = start + needle.count
        }
        return out
    }

    /// The keys among `keys` that the text writes right after `word` ("지수" then "추세선"): the same
    /// answer as `contains(word + key)` for each key, with one search for `word` instead of one
    /// for every key.
    public func keys(_ keys: some Sequence<String>, writtenAfter word: String) -> [String] {
        select(keys, beside: word, after: true)
    }

    /// The keys among `keys` that the text writes right before `word`: `contains(key + word)`.
    public func keys(_ keys: some Sequence<String>, writtenBefore word: String) -> [String] {
        select(keys, beside: word, after: false)
    }

    private func select(_ keys: some Sequence<String>, beside word: String, after: Bool) -> [String] {
        guard let w = searchable(word), keys.allSatisfy({ searchable($0) != nil }) else {
            return keys.filter { contains(after ? word + $0 : $0 + word) }
        }
        let starts = allMatches(w)
        return keys.filter { key in
            let k = Array(key.utf8)
            return !k.isEmpty && starts.contains { bytesEqual(k, at: after ? $0 + w.count : $0 - k.count) }
        }
    }

    /// The key's bytes when a byte search answers for it in this text.
    private func searchable(_ key: String) -> [UInt8]? {
        guard search != .never, !key.isEmpty else { return nil }
        let needle = Array(key.utf8)
        return search == .anyKey || needle.withUnsafeBufferPointer(KoreanText.isSimpleUTF8) ? needle : nil
    }

    private func firstMatch(_ needle: [UInt8], from: Int) -> Int? {
        bytes.withUnsafeBufferPointer { h in needle.withUnsafeBufferPointer { KoreanText.firstMatch($0, in: h, from: from) } }
    }

    /// Every start of `needle`, overlapping ones included.
    private func allMatches(_ needle: [UInt8]) -> [Int] {
        var out: [Int] = [], from = 0
        while let start = firstMatch(needle, from: from) {
            out.append(start)
            from = start + 1
        }
        return out
    }

    private func bytesEqual(_ needle: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + needle.count <= bytes.count else { return false }
        for j in 0..<needle.count where bytes[offset + j] != needle[j] { return false }
        return true
    }
}
