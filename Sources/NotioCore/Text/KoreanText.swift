import Foundation

/// Korean-aware text helpers shared by the analyser and the answer matcher.
public enum KoreanText {
    /// Particles (조사) and copula endings that follow a noun in an eojeol, longest first so that
    /// "에서는" goes before "는".
    public static let particles: [String] = [
        "입니다", "이었다", "이라는", "이라고", "에서만", "에서도", "으로만", "이란", "이며", "이고", "이다", "에서는", "에게서", "으로는", "으로서",
        "으로써", "로서", "로써", "에서", "에게", "까지", "부터", "으로", "이나", "에는", "와는", "과는", "보다",
        "처럼", "만큼", "라는", "라고", "에만", "에도", "로만", "과의", "와의", "마다", "란", "며", "고", "다",
        "은", "는", "이", "가", "을", "를", "의", "에", "로", "와", "과", "도", "만", "나",
    ]

    public static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value) || (0x3130...0x318F).contains(scalar.value)
    }

    public static func containsHangul(_ text: String) -> Bool { text.unicodeScalars.contains(where: isHangul) }

    /// A letter or a digit of any script (alphabetic, or with a numeric type); ASCII and Hangul
    /// syllables are answered without the slower Unicode property lookup. Inlinable: the quiz
    /// maker's word split calls it for every character of a document.
    @inlinable
    public static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 {
            let folded = v | 0x20
            return (folded >= 0x61 && folded <= 0x7A) || (v >= 0x30 && v <= 0x39)
        }
        if v >= 0xAC00 && v <= 0xD7A3 { return true }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// NFC, the form Korean text is compared in (macOS file names and some PDFs give NFD).
    public static func nfc(_ text: String) -> String {
        isStable(text) ? text : text.precomposedStringWithCanonicalMapping
    }

    /// NFKC: full-width letters and digits, compatibility jamo and ligatures folded.
    public static func nfkc(_ text: String) -> String {
        isStable(text) ? text : text.precomposedStringWithCompatibilityMapping
    }

    /// Whether NFC and NFKC leave the text as it is: ASCII and precomposed Hangul syllables only,
    /// the usual case, checked without Foundation's (slow on Linux) normalisation.
    @inline(__always)
    static func isStable(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x80 || (0xAC00...0xD7A3).contains(v) { continue }
            return false
        }
        return true
    }

    /// The eojeol without a trailing particle or copula ending: "운영체제는" → "운영체제".
    /// Keeps at least one syllable of the stem and never strips from a word without Hangul before
    /// the particle unless the stem is Latin or digits ("CPU는" → "CPU").
    public static func stripParticle(_ word: String) -> String {
        let scalars = Array(nfc(word).unicodeScalars)
        if let stem = stripParticle(scalars) { return String(String.UnicodeScalarView(stem)) }
        return nfc(word)
    }

    static let particleScalars: [[Unicode.Scalar]] = particles.map { Array($0.unicodeScalars) }

    /// The stem without its particle, or nil when there is none to strip (NFC scalars in).
    static func stripParticle(_ w: [Unicode.Scalar]) -> ArraySlice<Unicode.Scalar>? {
        for particle in particleScalars where w.count > particle.count && w.suffix(particle.count).elementsEqual(particle) {
            let stem = w.dropLast(particle.count)
            // One-syllable particles such as 이/가/도/만/나/고/다 end many nouns too ("국가", "시도"):
            // strip them only from stems of two syllables or more, or from Latin/digit stems.
            if particle.count == 1 && stem.count < 2 && isHangul(stem.last!) { continue }
            return stem
        }
        return nil
    }

    /// Word tokens of a text: NFC, split at anything that is not a letter or digit, particles stripped.
    public static func tokens(_ text: String) -> [String] {
        nfc(text).split { ch in !(ch.isLetter || ch.isNumber) }.map { stripParticle(String($0)) }.filter { !$0.isEmpty }
    }
}

extension KoreanText {
    /// The comparison key of a text: NFKC (full-width digits and letters fold to ASCII), lower case,
    /// letters and digits only. "교착 상태 (Deadlock)!" → "교착상태deadlock".
    public static func compact(_ text: String) -> String {
        lettersAndDigitsLowered(nfkc(text))
    }

    /// The letters and digits of an already normalised text, lower case, in one pass over its
    /// scalars (ASCII and Hangul syllables without a property lookup).
    public static func lettersAndDigitsLowered(_ normalised: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in normalised.unicodeScalars {
            let v = scalar.value
            if v < 0x80 {
                // ASCII: letters folded to lower case, digits kept, the rest dropped.
                if v >= 0x41 && v <= 0x5A { out.append(Unicode.Scalar(v + 0x20)!) }
                else if (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39) { out.append(scalar) }
            } else if (0xAC00...0xD7A3).contains(v) {
                out.append(scalar)
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                out.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(out)
    }

    /// Character bigrams of the compact form; a one-character text is its own single "bigram".
    public static func bigrams(_ text: String) -> [String] {
        let chars = Array(compact(text))
        if chars.count < 2 { return chars.map(String.init) }
        return (0..<(chars.count - 1)).map { String(chars[$0]) + String(chars[$0 + 1]) }
    }

    /// Sørensen–Dice coefficient of character bigrams, 0 (nothing shared) … 1 (same bigrams).
    /// How alike two terms look: "64비트" and "32비트" share "비트", "TCP" and "UDP" nothing.
    public static func similarity(_ a: String, _ b: String) -> Double {
        diceCoefficient(bigrams(a), bigrams(b))
    }

    /// Dice over bigram lists (multiset), for callers that cache the bigrams.
    public static func diceCoefficient(_ a: [String], _ b: [String]) -> Double {
        if a.isEmpty || b.isEmpty { return 0 }
        var counts: [String: Int] = [:]
        for g in a { counts[g, default: 0] += 1 }
        var shared = 0
        for g in b where (counts[g] ?? 0) > 0 {
            counts[g]! -= 1
            shared += 1
        }
        return 2 * Double(shared) / Double(a.count + b.count)
    }
}

extension KoreanText {
    /// Whether `key` occurs in `text`, the same answer as Foundation's `text.contains(key)` (an empty
    /// key is never found). Texts of characters that never combine with a neighbour — letters of any
    /// script, digits, punctuation and symbols, precomposed Hangul — are searched byte by byte,
    /// without bridging to CFString; anything else (jamo, combining marks, joiners) goes to Foundation.
    public static func contains(_ text: String, _ key: String) -> Bool {
        if key.isEmpty { return false }
        let fast: Bool? = text.utf8.withContiguousStorageIfAvailable { h in
            key.utf8.withContiguousStorageIfAvailable { n -> Bool? in
                guard isSimpleUTF8(n), isSimpleUTF8(h) else { return nil }
                return firstMatch(n, in: h) != nil
            } ?? nil
        } ?? nil
        if let fast { return fast }
        return text.range(of: key) != nil
    }

    /// Whether every character of the text is one a byte match finds whole, as Foundation would:
    /// scalars that never join a neighbour into one character and have no canonically equivalent
    /// spelling but themselves (`isSimpleScalar`), and conjoining jamo that no neighbour joins (the
    /// compatibility jamo of "ㄱ, ㄴ 순" become these in NFKC). UTF-8 is self-synchronising, so a
    /// match of such a key in such a text starts and ends on character boundaries.
    static func isSimpleUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        var previous = HangulJoin.other
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; previous = .other; continue }
            // Valid UTF-8 (a Swift string's): the lead byte gives the length.
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
            guard i + length <= n else { return false }
            var v = UInt32(b) & (0xFF >> (length + 1))
            for k in 1..<length { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
            let kind = HangulJoin(v)
            if kind == .other { guard isSimpleScalar(v) else { return false } }
            if previous.joins(kind) { return false }
            previous = kind
            i += length
        }
        return true
    }

    /// What a scalar is to the Hangul syllable rules (UAX #29 GB6–GB8): leading, vowel and
    /// trailing jamo and the two kinds of precomposed syllable join some of their neighbours.
    enum HangulJoin {
        case leading, vowel, trailing, syllableLV, syllableLVT, other

        @inline(__always)
        init(_ v: UInt32) {
            switch v {
            case 0xAC00...0xD7A3: self = (v - 0xAC00) % 28 == 0 ? .syllableLV : .syllableLVT
            case 0x1100...0x115F, 0xA960...0xA97C: self = .leading
            case 0x1160...0x11A7, 0xD7B0...0xD7C6: self = .vowel
            case 0x11A8...0x11FF, 0xD7CB...0xD7FB: self = .trailing
            default: self = .other
            }
        }

        /// Whether `next`, written after this, belongs to the same character.
        @inline(__always)
        func joins(_ next: HangulJoin) -> Bool {
            switch (self, next) {
            case (.leading, .leading), (.leading, .vowel), (.leading, .syllableLV), (.leading, .syllableLVT): true
            case (.syllableLV, .vowel), (.syllableLV, .trailing), (.vowel, .vowel), (.vowel, .trailing): true
            case (.syllableLVT, .trailing), (.trailing, .trailing): true
            default: false
            }
        }
    }

    /// A scalar other than Hangul that never joins the one before or after it into one character
    /// and is its own only canonical spelling. The common ranges (Latin, symbols, CJK punctuation,
    /// full-width forms) answer at once; other letters (Greek, Cyrillic, Han) by their properties.
    @inline(__always)
    static func isSimpleScalar(_ v: UInt32) -> Bool {
        if (0x00A0...0x02FF).contains(v) || (0x3000...0x303F).contains(v) || (0xFF01...0xFF5E).contains(v) { return true }
        // Jamo outside the syllable rules' ranges; regional indicators pair up; emoji modifiers
        // extend; prepended marks and letters join what follows; Thai and Lao AM are spacing
        // marks; joiners join; compatibility ideographs are canonical twins of unified ones.
        if (0xD7C7...0xD7CA).contains(v) || (0xD7FC...0xD7FF).contains(v) || (0xA97D...0xA97F).contains(v)
            || (0x1F1E6...0x1F1FF).contains(v) || (0x1F3FB...0x1F3FF).contains(v)
            || (0x0600...0x0605).contains(v) || v == 0x06DD || v == 0x070F || (0x0890...0x0891).contains(v)
            || v == 0x08E2 || v == 0x0D4E || v == 0x110BD || v == 0x110CD || (0x111C2...0x111C3).contains(v)
            || v == 0x1193F || v == 0x11941 || v == 0x11A3A || (0x11A84...0x11A89).contains(v) || v == 0x11D46
            || v == 0x0E33 || v == 0x0EB3 || v == 0x200C || v == 0x200D
            || (0xF900...0xFAFF).contains(v) || (0x2F800...0x2FA1F).contains(v) { return false }
        guard let scalar = Unicode.Scalar(v) else { return false }
        if scalar.properties.isGraphemeExtend { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .surrogate, .unassigned: return false
        default: return true
        }
    }

    /// The offset of the first match of `needle` in `haystack` at or after `from`, byte by byte.
    @inline(__always)
    static func firstMatch(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from: Int = 0) -> Int? {
        let m = needle.count, n = haystack.count
        guard m > 0, m <= n else { return nil }
        let first = needle[0]
        var i = max(0, from)
        let last = n - m
        while i <= last {
            if haystack[i] == first {
                var j = 1
                while j < m && haystack[i + j] == needle[j] { j += 1 }
                if j == m { return i }
            }
            i += 1
        }
        return nil
    }
}

extension String {
    /// Whether `other` occurs in this string: `KoreanText.contains`. Declared on `String` so that
    /// it is chosen over Foundation's generic `StringProtocol.contains`, which bridges every call to
    /// CFString and folds character clusters — a fifth of a quiz's generation time went there.
    @inlinable public func contains(_ other: String) -> Bool { KoreanText.contains(self, other) }
}
