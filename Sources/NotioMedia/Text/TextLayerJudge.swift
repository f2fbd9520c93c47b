/// Whether a PDF page's text layer can be trusted. Some PDFs (Korean lecture exports among them)
/// embed fonts whose glyphs map to the wrong characters: poppler then reads "ko.TEX" as
/// "ko줮쥔쥅쥘" and "2021년 7월" as "줲줰줲줱년 줷월" — real Hangul code points that Korean text
/// never uses. Such a page is read by OCR instead of being analysed as garbage.
public enum TextLayerJudge {
    public struct Verdict: Equatable, Sendable {
        /// Hangul syllables in the text, and how many of them real Korean text does not use.
        public var hangul: Int
        public var rareHangul: Int
        /// U+FFFD: glyphs poppler could not map at all. (Private-use characters are not counted:
        /// TeX's math fonts put bracket pieces there, U+F8E5–U+F8FF, on real pages of lshort-ko.)
        public var unmapped: Int

        /// A few stray rare syllables are names or typos; a broken font repeats them on every line.
        public var isBroken: Bool {
            let suspicious = rareHangul + unmapped
            return suspicious >= minimumSuspicious && suspicious * 100 >= (hangul + unmapped) * brokenPercent
        }
    }

    /// Real pages stay under 0.5 % (lshort-ko's 200 pages: at most 1 in 207); broken ones measured
    /// 9.6–80 % (kotex-doc.pdf).
    static let brokenPercent = 3
    static let minimumSuspicious = 3

    /// A Hangul syllable real Korean text does not use.
    public static func isRare(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value) && !KnownSyllables.all.contains(scalar)
    }

    public static func judge(_ text: String) -> Verdict {
        var verdict = Verdict(hangul: 0, rareHangul: 0, unmapped: 0)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xAC00...0xD7A3:
                verdict.hangul += 1
                if isRare(scalar) { verdict.rareHangul += 1 }
            case 0xFFFD:
                verdict.unmapped += 1
            default:
                break
            }
        }
        return verdict
    }
}
