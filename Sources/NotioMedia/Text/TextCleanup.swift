import Foundation

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
        let lines = normalisedLines(text).map(separatingHeadingNumber)
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
            switch joint(after: before, before: line, typical: typical, koreanBreaks: koreanBreaks) {
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
        return output.joined(separator: "\n").precomposedStringWithCanonicalMapping
    }

    /// Cleans every page of a document, deciding once how the document breaks Korean lines.
    public static func clean(pages: [String]) -> [String] {
        let breaks = koreanLineBreaks(in: pages)
        return pages.map { clean($0, koreanBreaks: breaks) }
    }

    /// Guesses how a document breaks Korean lines: when many full lines are followed by a line
    /// that starts with a syllable that only ends words (는, 를, 었, 습, ...), the typesetter
    /// broke words between syllables.
    public static func koreanLineBreaks(in pages: [String]) -> KoreanLineBreaks {
        var boundaries = 0
        var suffixStarts = 0
        for page in pages {
            let lines = normalisedLines(page)
            let typical = typicalWidth(lines)
            for (line, next) in zip(lines, lines.dropFirst()) where isFull(line, typical: typical) {
                guard let last = line.unicodeScalars.last, let first = next.unicodeScalars.first,
                      isHangulSyllable(last), isHangulSyllable(first) else { continue }
                boundaries += 1
                if wordEndingSyllables.contains(first) { suffixStarts += 1 }
            }
        }
        return suffixStarts >= 3 && Double(suffixStarts) >= 0.08 * Double(boundaries)
            ? .betweenSyllables : .betweenWords
    }

    // MARK: - Rules

    enum Joint { case newLine, space, nothing, dropHyphen }

    static func joint(after line: String, before next: String, typical: Int, koreanBreaks: KoreanLineBreaks) -> Joint {
        if startsListItem(next) { return .newLine }
        // A section number alone on its line belongs to the title on the next one.
        if line.wholeMatch(of: /\d+(?:\.\d+)+\.?/) != nil { return .space }
        let scalars = Array(line.unicodeScalars.suffix(2))
        if let first = next.unicodeScalars.first, scalars.count == 2, scalars[1] == "-",
           CharacterSet.letters.contains(scalars[0]), CharacterSet.lowercaseLetters.contains(first) {
            return .dropHyphen
        }
        guard isFull(line, typical: typical) else { return .newLine }
        if let last = scalars.last, let first = next.unicodeScalars.first,
           isHangulSyllable(last), isHangulSyllable(first),
           koreanBreaks == .betweenSyllables || neverStartsWord.contains(first) {
            return .nothing
        }
        return .space
    }

    /// Syllables that end Korean words and practically never begin one.
    static let neverStartsWord: Set<Unicode.Scalar> = ["는", "를", "을", "었", "였", "했", "겠", "습", "됩", "됐", "며"]
    /// Word-ending syllables used to recognise a document that breaks between syllables.
    static let wordEndingSyllables: Set<Unicode.Scalar> = neverStartsWord.union(["니", "게", "은", "로"])

    /// "1.6문서 레이아웃" → "1.6 문서 레이아웃"; "1.5배" stays, since 배 counts.
    static func separatingHeadingNumber(_ line: String) -> String {
        guard displayWidth(line) <= 80,
              let match = line.firstMatch(of: /^(\d+(?:\.\d+)+\.?|\d+\.)(\p{L})/) else { return line }
        let letter = match.output.2
        if counters.contains(String(letter)) { return line }
        let number = match.output.1
        if number.hasSuffix("."), number.dropLast().allSatisfy(\.isNumber), letter.first?.isLowercase == true {
            return line
        }
        return String(number) + " " + line[number.endIndex...]
    }

    static let counters: Set<String> = ["배", "장", "절", "개", "명", "년", "월", "일", "시", "분", "초", "점",
                                        "번", "회", "차", "권", "쪽", "원", "세", "살", "층", "칸", "도"]

    /// Bullets and enumerations stay on their own line.
    static func startsListItem(_ line: String) -> Bool {
        line.firstMatch(of: /^\s*(?:[•·◦▪▸►■□○●◆◇※→▶\-–—*+](?:\s|$)|\(?\d{1,3}[.)](?:\s|$)|\d+(?:\.\d+)+(?:\s|$)|\(\d{1,3}\)|[①-⑳]|[a-zA-Z가-힣][.)]\s)/) != nil
    }

    // MARK: - Lines and widths

    static func normalisedLines(_ text: String) -> [String] {
        text.precomposedStringWithCanonicalMapping
            .replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\r", with: "\n")
            .replacingOccurrences(of: "\u{0C}", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
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
