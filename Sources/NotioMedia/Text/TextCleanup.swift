import Foundation
import NotioCore

/// Turns text laid out one PDF line per line (poppler, OCR) into paragraphs a reader and an
/// analyser can use: wrapped lines joined, hyphenated words re-joined, Korean words broken
/// between syllables re-joined, headings and list items kept on their own lines, NFC.
///
/// A pure function of its input, so that every rule is testable without a PDF.
public enum TextCleanup {
    /// How a document breaks Korean lines: at spaces (LaTeX, most typesetters) or anywhere
    /// between two syllables (word processors set to break by character).
    public enum KoreanLineBreaks: Sendable, Equatable {
        case betweenWords, betweenSyllables
    }

    /// A line is "full" when it is at least this share of the page's typical line width.
    static let fullLineShare = 0.85
    /// Pages whose typical line is narrower than this (slides, tables) have no wrapped prose.
    static let minimumProseWidth = 30

    /// Cleans one page of text.
    public static func clean(_ text: String, koreanBreaks: KoreanLineBreaks = .betweenWords) -> String {
        let lines = normalisedLines(text)
        return clean(lines: lines, koreanBreaks: koreanBreaks, spacing: KoreanSpacing(lines: lines))
    }

    static func clean(lines normalised: [String], koreanBreaks: KoreanLineBreaks, spacing: KoreanSpacing) -> String {
        let lines = normalised.map(separatingHeadingNumber)
        let typical = typicalWidth(lines)
        var output: [String] = []
        var paragraph = ""
        var previous: String?

        func flush() {
            if !paragraph.isEmpty { output.append(paragraph) }
            paragraph = ""
            previous = nil
        }

        for line in lines {
            guard !line.isEmpty else {
                flush()
                if output.last?.isEmpty == false { output.append("") }
                continue
            }
            guard let before = previous else {
                paragraph = line
                previous = line
                continue
            }
            switch joint(after: before, before: line, typical: typical, koreanBreaks: koreanBreaks, spacing: spacing) {
            case .newLine:
                output.append(paragraph)
                paragraph = line
            case .space:
                paragraph += " " + line
            case .nothing:
                paragraph += line
            case .dropHyphen:
                paragraph.removeLast()
                paragraph += line
            }
            previous = line
        }
        flush()
        while output.last?.isEmpty == true { output.removeLast() }
        return output.joined(separator: "\n")
    }

    /// Cleans every page of a document, deciding once how the document breaks Korean lines, and
    /// where it broke between syllables, whether each break was a space, from the whole document's words.
    public static func clean(pages: [String]) -> [String] {
        let lines = pages.map(normalisedLines)
        let spacing = KoreanSpacing(lines: lines.flatMap { $0 })
        let breaks = koreanLineBreaks(inLines: lines, spacing: spacing)
        return lines.map { clean(lines: $0, koreanBreaks: breaks, spacing: spacing) }
    }

    /// Guesses how a document breaks Korean lines: when many breaks after a full line are inside a
    /// word by the document's own evidence (the joined word written whole elsewhere, a line starting
    /// with a bare particle or ending such as 는, 를, 습니다), the typesetter broke words between syllables.
    public static func koreanLineBreaks(in pages: [String]) -> KoreanLineBreaks {
        koreanLineRules(in: pages).breaks
    }

    /// How the document breaks Korean lines and its word statistics, for joining wrapped lines
    /// outside the page cleanup (headings and table cells) by the same rules.
    public static func koreanLineRules(in pages: [String]) -> (breaks: KoreanLineBreaks, spacing: KoreanSpacing) {
        let lines = pages.map(normalisedLines)
        let spacing = KoreanSpacing(lines: lines.flatMap { $0 })
        return (koreanLineBreaks(inLines: lines, spacing: spacing), spacing)
    }

    static func koreanLineBreaks(inLines pages: [[String]], spacing: KoreanSpacing) -> KoreanLineBreaks {
        var boundaries = 0
        var insideWord = 0
        for lines in pages {
            let typical = typicalWidth(lines)
            for (line, next) in zip(lines, lines.dropFirst()) where isFull(line, typical: typical) {
                guard let last = line.unicodeScalars.last, let first = next.unicodeScalars.first,
                      isHangulSyllable(last), isHangulSyllable(first) else { continue }
                boundaries += 1
                if spacing.isInsideWord(after: line[...], before: next[...]) { insideWord += 1 }
            }
        }
        return insideWord >= 3 && Double(insideWord) >= 0.15 * Double(boundaries) ? .betweenSyllables : .betweenWords
    }

    // MARK: - Rules

    enum Joint { case newLine, space, nothing, dropHyphen }

    static func joint(after line: String, before next: String, typical: Int, koreanBreaks: KoreanLineBreaks,
                      spacing: KoreanSpacing) -> Joint {
        let scalars = Array(line.unicodeScalars.suffix(2))
        let betweenSyllables: Bool
        if let last = scalars.last, let first = next.unicodeScalars.first, isHangulSyllable(last), isHangulSyllable(first) {
            betweenSyllables = true
        } else {
            betweenSyllables = false
        }
        // "…선택합니" / "다. 링크를…" is one word, not a list item "다." (가, 나, 다), and it is one
        // word even where the line ends early (the last line of a column).
        if betweenSyllables, koreanBreaks == .betweenSyllables, spacing.continuesWord(after: line[...], before: next[...]) {
            return .nothing
        }
        if startsListItem(next) { return .newLine }
        // A section number alone on its line belongs to the title on the next one.
        if let length = sectionNumberLength(Array(line.unicodeScalars)), length == line.unicodeScalars.count,
           line.contains(".") { return .space }
        if let first = next.unicodeScalars.first, scalars.count == 2, scalars[1] == "-",
           CharacterSet.letters.contains(scalars[0]), CharacterSet.lowercaseLetters.contains(first) {
            return .dropHyphen
        }
        guard isFull(line, typical: typical) else { return .newLine }
        guard betweenSyllables, let last = scalars.last, let first = next.unicodeScalars.first else { return .space }
        switch koreanBreaks {
        case .betweenSyllables:
            return spacing.needsSpace(after: line[...], before: next[...]) ? .space : .nothing
        case .betweenWords:
            return breaksInsideWord(last, first) ? .nothing : .space
        }
    }

    /// Whether a break between these two syllables can only be inside a word: the second
    /// never begins a word (는, 를, 으, ...), or the pair is a verb ending (니|다, 했|다).
    static func breaksInsideWord(_ last: Unicode.Scalar, _ first: Unicode.Scalar) -> Bool {
        neverStartsWord.contains(first) || (first == "다" && endsBeforeDa.contains(last))
    }

    /// Syllables that end Korean words and practically never begin one.
    static let neverStartsWord: Set<Unicode.Scalar> = ["는", "를", "을", "으", "었", "였", "했", "겠", "습", "됩", "됐", "며"]
    /// Syllables that before 다 form a sentence ending (입니다, 했다, 되었다).
    static let endsBeforeDa: Set<Unicode.Scalar> = ["니", "었", "였", "했", "겠", "됐", "웠", "졌", "렸", "갔", "왔", "봤"]

    /// "1.6문서 레이아웃" → "1.6 문서 레이아웃"; "1.5배" stays, since 배 counts.
    static func separatingHeadingNumber(_ line: String) -> String {
        let scalars = Array(line.unicodeScalars)
        guard let length = sectionNumberLength(scalars), length < scalars.count else { return line }
        let letter = scalars[length]
        guard CharacterSet.letters.contains(letter), !counters.contains(letter), displayWidth(line) <= 80 else { return line }
        // "1.sort" is more likely code than a heading; "1.Introduction" is a heading.
        let dots = scalars[..<length].filter { $0 == "." }.count
        if dots == 1, scalars[length - 1] == ".", CharacterSet.lowercaseLetters.contains(letter) { return line }
        var result = String.UnicodeScalarView(scalars[..<length])
        result.append(" ")
        result.append(contentsOf: scalars[length...])
        return String(result)
    }

    /// The length of a section number at the start: `1.`, `1.6`, `1.6.1`, `2.3.`.
    static func sectionNumberLength(_ scalars: [Unicode.Scalar]) -> Int? {
        var index = 0, groups = 0, trailingDot = false
        while index < scalars.count {
            let start = index
            while index < scalars.count, index - start < 3, isDigit(scalars[index]) { index += 1 }
            guard index > start else { break }
            groups += 1
            trailingDot = false
            guard index < scalars.count, scalars[index] == "." else { break }
            index += 1
            trailingDot = true
        }
        guard groups >= 2 || (groups == 1 && trailingDot) else { return nil }
        return index
    }

    static let counters: Set<Unicode.Scalar> = ["배", "장", "절", "개", "명", "년", "월", "일", "시", "분", "초", "점",
                                                "번", "회", "차", "권", "쪽", "원", "세", "살", "층", "칸", "도"]

    /// Bullets and enumerations stay on their own line.
    static func startsListItem(_ line: String) -> Bool {
        let scalars = Array(line.unicodeScalars.prefix(12))
        guard let first = scalars.first else { return false }
        let second = scalars.count > 1 ? scalars[1] : " "
        if bullets.contains(first) { return second == " " || scalars.count == 1 || !"-–—*+".unicodeScalars.contains(first) }
        if (0x2460...0x2473).contains(first.value) { return true }  // ①–⑳
        if let length = sectionNumberLength(scalars) {
            return length == scalars.count || scalars[length] == " "
        }
        if first == "(" {
            var index = 1
            while index < scalars.count, isDigit(scalars[index]) { index += 1 }
            return index > 1 && index < scalars.count && scalars[index] == ")"
        }
        if isDigit(first) {
            var index = 0
            while index < scalars.count, isDigit(scalars[index]) { index += 1 }
            return index <= 3 && index < scalars.count && scalars[index] == ")"
        }
        // "a) ", "가. ": one letter or syllable as an enumerator.
        if CharacterSet.letters.contains(first), scalars.count > 2, ".)".unicodeScalars.contains(second), scalars[2] == " " {
            return true
        }
        return false
    }

    static let bullets: Set<Unicode.Scalar> = ["•", "·", "◦", "▪", "▸", "►", "■", "□", "○", "●", "◆", "◇", "※",
                                               "→", "▶", "-", "–", "—", "*", "+"]

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    // MARK: - Lines and widths

    /// NFC, then lines split at any line or page break, with surrounding blanks trimmed.
    static func normalisedLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previous: Unicode.Scalar = " "
        func finish() {
            var end = current.endIndex
            while end > current.startIndex, isBlank(current[current.index(before: end)]) { end = current.index(before: end) }
            var start = current.startIndex
            while start < end, isBlank(current[start]) { start = current.index(after: start) }
            lines.append(String(String.UnicodeScalarView(current[start..<end])))
            current = String.UnicodeScalarView()
        }
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar {
            case "\n" where previous == "\r":
                break
            case "\n", "\r", "\u{0C}", "\u{2028}", "\u{2029}":
                finish()
            default:
                current.append(scalar)
            }
            previous = scalar
        }
        finish()
        return lines
    }

    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\u{A0}" || scalar == "\u{3000}"
    }

    /// The width of the page's longer lines (80th percentile), in half-width units.
    static func typicalWidth(_ lines: [String]) -> Int {
        let widths = lines.filter { !$0.isEmpty }.map(displayWidth).sorted()
        guard !widths.isEmpty else { return 0 }
        return widths[Int(Double(widths.count - 1) * 0.8)]
    }

    static func isFull(_ line: String, typical: Int) -> Bool {
        typical >= minimumProseWidth && Double(displayWidth(line)) >= fullLineShare * Double(typical)
    }

    /// Hangul and CJK characters take two columns, everything else one.
    static func displayWidth(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { width, scalar in
            width + (isWide(scalar) ? 2 : 1)
        }
    }

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60: true
        default: false
        }
    }

    static func isHangulSyllable(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value)
    }
}
