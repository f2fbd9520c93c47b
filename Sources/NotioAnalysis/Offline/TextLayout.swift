import Foundation
import NotioCore

/// A document's text as lines with page numbers, cut into paragraphs and bullet items.
/// Paragraphs never cross a page or a blank line, so every sentence built from them is a
/// whitespace-normalised run of the page text.
struct TextLayout {
    struct Line {
        var page: Int
        var text: String
        /// A page number, a running header or footer, or empty: ends a paragraph, never content.
        var isBreak: Bool
        /// The PDF line this line is, when the page has layout and the line is exactly one of its
        /// lines (headings and table rows are: the extractor sets them apart).
        var style: TextLine? = nil
    }

    enum BlockKind { case paragraph, bullet }

    /// Consecutive content lines joined with single spaces.
    struct Block {
        var kind: BlockKind
        var text: String
        var page: Int
        var firstLine: Int
    }

    var lines: [Line] = []
    var blocks: [Block] = []
    /// First line index of each page, by page number.
    var firstLineOfPage: [Int: Int] = [:]

    init(_ document: ExtractedDocument) {
        let running = Self.runningLines(document.pages)
        for page in document.pages {
            firstLineOfPage[page.number] = lines.count
            let raw = KoreanText.nfc(page.text).split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\u{0C}" || $0 == "\r" }
            let texts = raw.map { Whitespace.normalised(String($0)) }
            let styles = page.lines.map { Self.styles(of: texts, pdfLines: $0) }
            for (index, text) in texts.enumerated() {
                let edge = index < 3 || index >= raw.count - 3
                let isBreak = text.isEmpty || Self.isPageNumber(text)
                    || (edge && (running.contains(Self.runningKey(text)) || Self.isPrintMargin(text)))
                lines.append(Line(page: page.number, text: text, isBreak: isBreak, style: styles?[index]))
            }
        }
        blocks = Self.blocks(of: lines)
    }

    /// The PDF line that each text line is, matched in order by letters and digits (the text
    /// cleanup changes only spaces and hyphens); nil where a text line joins several PDF lines.
    static func styles(of texts: [String], pdfLines: [TextLine]) -> [TextLine?] {
        var result = [TextLine?](repeating: nil, count: texts.count)
        let keys = pdfLines.map { SectionFinder.compact($0.text) }
        var next = 0
        for (index, text) in texts.enumerated() where !text.isEmpty {
            let key = SectionFinder.compact(text)
            guard !key.isEmpty else { continue }
            // The cleanup never drops a line, so the match is near; a short window keeps a
            // mismatch from swallowing the rest of the page.
            guard let start = (next..<min(keys.count, next + 8)).first(where: { !keys[$0].isEmpty && key.hasPrefix(keys[$0]) }) else { continue }
            var consumed = keys[start]
            var end = start + 1
            while end < keys.count, consumed.count < key.count, !keys[end].isEmpty, key.hasPrefix(consumed + keys[end]) {
                consumed += keys[end]
                end += 1
            }
            if end == start + 1, consumed == key { result[index] = pdfLines[start] }
            next = end
        }
        return result
    }

    /// Heading lines end paragraphs and are no content of their sections; the heading's end
    /// that opens the next line is cut from it ("칙이 법은 …" after "부" becomes "이 법은 …").
    mutating func markHeadings(_ plan: SectionPlan) {
        for index in plan.headingLines where lines.indices.contains(index) { lines[index].isBreak = true }
        for (index, count) in plan.headingStarts where lines.indices.contains(index) {
            lines[index].text = String(lines[index].text.dropFirst(count)).trimmingCharacters(in: .whitespaces)
            lines[index].style = nil
            if lines[index].text.isEmpty { lines[index].isBreak = true }
        }
        blocks = Self.blocks(of: lines)
    }

    static func isBulletStart(_ text: String) -> Bool { bulletMarkerLength(text) > 0 }

    // Built once: this runs for every line, and building the set per call was a visible cost.
    private static let bulletSymbols: Set<Character> = ["•", "·", "▪", "◦", "○", "●", "□", "■", "➢", "✓", "‣", "∙", "◆", "◇", "▶", "►", "-", "*", "–"]

    /// Characters of a leading bullet marker ("• ", "- ", "1) ", "① "), 0 when there is none.
    static func bulletMarkerLength(_ text: String) -> Int {
        guard let first = text.first else { return 0 }
        if bulletSymbols.contains(first) {
            let rest = text.dropFirst()
            if rest.first == " " { return 2 }
            if first != "-" && first != "*" && first != "–" { return 1 }
            return 0
        }
        if let scalar = first.unicodeScalars.first, (0x2460...0x2473).contains(scalar.value) {
            return text.dropFirst().first == " " ? 2 : 1
        }
        // "1) ", "a) ", "가) "
        let chars = Array(text.prefix(4))
        if chars.count >= 3, chars[1] == ")", chars[2] == " ", chars[0].isLetter || chars[0].isNumber { return 3 }
        if chars.count >= 4, chars[0].isNumber, chars[1].isNumber, chars[2] == ")", chars[3] == " " { return 4 }
        return 0
    }

    private static func blocks(of lines: [Line]) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        var previous: String?
        func flush() { if let block = current, !block.text.isEmpty { blocks.append(block) }; current = nil }
        // Labels the document sets on lines of their own ("팁 아이콘", "아이콘", "note"): where one
        // opens a line before its text (an icon and its text side by side), it is dropped too.
        let labels = Set(lines.filter { !$0.isBreak && isLabelLine($0.text) }.map { KoreanText.compact($0.text) })
        for (index, line) in lines.enumerated() {
            if line.isBreak { flush(); previous = nil; continue }
            if let block = current, block.page != line.page { _ = block; flush() }
            // An icon's alt text or a callout word is no part of the paragraph beside it.
            if isLabelLine(line.text) { flush(); previous = nil; continue }
            let text = withoutLeadingLabel(line.text, labels: labels)
            let marker = bulletMarkerLength(text)
            if marker > 0 {
                flush()
                current = Block(kind: .bullet, text: String(text.dropFirst(marker)), page: line.page, firstLine: index)
            } else if current != nil, let previous, !endsSentence(previous), let tail = trailingHeading(previous, before: text) {
                // The heading a scan's cleanup ran onto the end of the paragraph above ("…저장됩니다. 문서
                // 저장 및 서명"): the paragraph ends before it, and the heading is no content.
                current!.text.removeLast(tail.count + 1)
                flush()
                current = Block(kind: .paragraph, text: text, page: line.page, firstLine: index)
            } else if current != nil, let previous, !endsSentence(previous),
                      !(current!.firstLine == index - 1 && isHeadingLike(previous, before: text)) {
                current!.text += " " + text
            } else {
                // The cleanup joined wrapped lines: a line that ended its sentence ended its paragraph
                // (a list's or table's rows, "366 개체를 사용할 수 없습니다" / "380 잘못된 속성 값입니다.").
                flush()
                current = Block(kind: .paragraph, text: text, page: line.page, firstLine: index)
            }
            previous = text
        }
        flush()
        return blocks
    }

    /// Whether a line ends a sentence: a full stop, question or exclamation mark (closing quotes
    /// and brackets aside), or a Korean sentence ending without one ("…지원하지 않습니다").
    static func endsSentence(_ text: String) -> Bool {
        guard let last = text.reversed().first(where: { !"\"'”’)]".contains($0) }) else { return false }
        return ".?!。".contains(last) || ["다", "요"].contains(last) && text.count >= 6
    }

    /// Syllables a Korean line ends in when its sentence goes on: particles and connective endings.
    static let continuingEnds: Set<Character> = ["는", "은", "를", "을", "이", "가", "에", "의", "와", "과", "로", "고", "며", "서", "면",
                                                 "나", "도", "만", "지", "게", "여", "해", "및", "던", "한", "된", "할", "될", "인", "및"]

    /// Whether a short line that opens a paragraph is a heading the layout did not mark (a scan's,
    /// whose font sizes OCR does not give): a few words without a sentence's end or a particle
    /// that would carry it on, before a longer line ("문서 저장 및 서명" / "문서에 디지털 서명을 …").
    static func isHeadingLike(_ line: String, before next: String) -> Bool {
        let words = line.split(separator: " ")
        guard (1...5).contains(words.count), line.count <= 24, next.count >= 2 * line.count,
              let last = line.last, last.isLetter, !endsSentence(line) else { return false }
        if let first = next.first, first.isASCII, first.isLowercase { return false }
        return !continuingEnds.contains(last)
    }

    /// The heading-like words after the last sentence of a line ("… 저장됩니다. 문서 저장 및 서명")
    /// when a longer line follows, or nil.
    static func trailingHeading(_ line: String, before next: String) -> String? {
        guard let stop = line.range(of: ". ", options: .backwards) else { return nil }
        let tail = String(line[stop.upperBound...])
        return !tail.isEmpty && isHeadingLike(tail, before: next) ? tail : nil
    }

    /// Words of a callout's label: what documentation sets beside a note, a tip or a warning.
    static let calloutWords: Set<String> = ["참고", "팁", "주의", "경고", "중요", "알림", "노트", "힌트", "메모", "note", "tip", "hint",
                                            "warning", "caution", "important", "info", "notice", "attention", "danger"]
    /// Words naming a picture: an image's alternative text that a printout shows in its place.
    static let pictureWords: Set<String> = ["아이콘", "그림", "이미지", "icon", "image", "picture"]

    /// Whether a line is only a label: one to three callout or picture words ("팁 아이콘", "warning",
    /// "아이콘"), without a sentence's punctuation.
    static func isLabelLine(_ text: String) -> Bool {
        // Twenty characters are at most 80 bytes: most lines are ruled out before they are split.
        guard text.utf8.count <= 80 else { return false }
        let words = text.split(separator: " ").map { $0.lowercased() }
        guard (1...3).contains(words.count), text.count <= 20 else { return false }
        return words.allSatisfy { calloutWords.contains($0) || pictureWords.contains($0) }
    }

    /// A line without the label the document sets alone elsewhere (`labels`, compact), where
    /// the label opens it and text follows: "아이콘 서명이 유효합니다." beside a lone "아이콘".
    static func withoutLeadingLabel(_ text: String, labels: Set<String>) -> String {
        guard !labels.isEmpty else { return text }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        for count in stride(from: min(3, words.count - 1), through: 1, by: -1) {
            let prefix = words.prefix(count).joined(separator: " ")
            if isLabelLine(prefix), labels.contains(KoreanText.compact(prefix)) {
                return words.dropFirst(count).joined(separator: " ")
            }
        }
        return text
    }

    /// What a browser prints in a page's margin: the address ("file:///…", "https://…", also as
    /// OCR misreads it: "fle:///…") or the date and time ("12/1/26, 4:41 PM", "26. 12. 1. 오후 4:41").
    /// Read by OCR from a scan, these differ on every page, so the running-line test misses them.
    static func isPrintMargin(_ text: String) -> Bool {
        // The address alone, or with the page's number beside it ("… 1/4"); a list item that
        // cites an address ("• kotex-plain https://…") is content.
        let tokens = text.split(separator: " ")
        if let address = tokens.firstIndex(where: { $0.firstMatch(of: marginAddress) != nil }),
           tokens.indices.allSatisfy({ $0 == address || isPageNumber(String(tokens[$0])) }) { return true }
        return text.count <= 80 && text.firstMatch(of: marginStamp) != nil
    }

    /// The page title a browser printed beside the date in its header ("12/1/26, 4:41 PM 디지털
    /// 서명 사용", one line once OCR has read a scan of it), or nil.
    static func browserHeaderTitle(_ text: String) -> String? {
        guard text.count <= 120, let stamp = text.firstMatch(of: marginStamp) else { return nil }
        let rest = text[stamp.range.upperBound...].trimmingCharacters(in: .whitespaces)
        return rest.filter(\.isLetter).count >= 2 ? rest : nil
    }

    /// "file:///tmp/…", "https://…", "fle:///…" (OCR), "www.…".
    nonisolated(unsafe) private static let marginAddress = /^([A-Za-z]{2,8}:\/\/|www\.)\S+$/
    /// A date and a clock time at the start of the line, as browsers print them in en and ko.
    nonisolated(unsafe) private static let marginStamp =
        /^\d{1,4}\s?[.\/-]\s?\d{1,2}\s?[.\/-]\s?\d{1,4}\.?,?\s+((오전|오후|AM|PM|am|pm)\s?)?\d{1,2}:\d{1,2}(\s?(AM|PM|am|pm))?(\s|$)/

    private static func isPageNumber(_ text: String) -> Bool {
        // More than 32 bytes is more than 8 characters; skips counting characters of long lines.
        if text.utf8.count > 32 || text.count > 8 { return false }
        if text.allSatisfy({ $0.isNumber }) { return true }
        let roman: Set<Character> = ["i", "v", "x", "l", "c"]
        if text.count <= 6, text.lowercased().allSatisfy({ roman.contains($0) }) { return true }
        if text.hasPrefix("- ") && text.hasSuffix(" -") && text.dropFirst(2).dropLast(2).allSatisfy({ $0.isNumber }) { return true }
        // "3 / 12", "3/12"
        let parts = text.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    /// A header line without its page number ("Chapter 1: Introduction 3"); short lines such as
    /// "제1장" keep their digits, or every chapter opening would look like the same header.
    private static func runningKey(_ text: String) -> String {
        let key = String(text.filter { !$0.isNumber && !$0.isWhitespace })
        return key.count >= 6 ? key : text
    }

    /// Lines that open or close three pages or more (page headers such as "Chapter 1: ...").
    private static func runningLines(_ pages: [SourcePage]) -> Set<String> {
        var counts: [String: Int] = [:]
        for page in pages {
            let lines = page.text.split(separator: "\n").map { String($0) }.filter { !$0.isBlankLine }
            var keys = Set<String>()
            for line in lines.prefix(2) + lines.suffix(2) {
                let key = runningKey(KoreanText.nfc(line))
                if key.count >= 2 && key.count <= 80 { keys.insert(key) }
            }
            for key in keys { counts[key, default: 0] += 1 }
        }
        let threshold = max(3, pages.count / 20)
        return Set(counts.filter { $0.value >= threshold }.keys)
    }
}

/// Whitespace handling shared by the analyser and the checks on its output.
enum Whitespace {
    /// Runs of whitespace become one space; ends trimmed.
    ///
    /// Works on UTF-8 bytes: it runs over every page (and every section's pages again), and the
    /// scalar-by-scalar version with `properties.isWhitespace` was one of the analyser's top costs.
    /// The byte patterns below are exactly Unicode's White_Space set (what `isWhitespace` tests).
    static func normalised(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes -> String in
            let count = bytes.count
            var out = [UInt8]()
            out.reserveCapacity(count)
            var pendingSpace = false
            var i = 0
            while i < count {
                let width = whitespaceWidth(bytes, at: i)
                if width > 0 {
                    pendingSpace = !out.isEmpty
                    i += width
                    continue
                }
                if pendingSpace { out.append(0x20); pendingSpace = false }
                out.append(bytes[i])
                i += 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// UTF-8 length of the White_Space scalar starting at `i`, 0 when there is none there:
    /// U+0009–000D, U+0020, U+0085, U+00A0, U+1680, U+2000–200A, U+2028, U+2029, U+202F, U+205F, U+3000.
    @inline(__always)
    private static func whitespaceWidth(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let c = b[i]
        if c < 0x80 { return c == 0x20 || (c >= 0x09 && c <= 0x0D) ? 1 : 0 }
        switch c {
        case 0xC2:
            return i + 1 < b.count && (b[i + 1] == 0x85 || b[i + 1] == 0xA0) ? 2 : 0
        case 0xE1:
            return i + 2 < b.count && b[i + 1] == 0x9A && b[i + 2] == 0x80 ? 3 : 0
        case 0xE2:
            guard i + 2 < b.count else { return 0 }
            let c1 = b[i + 1], c2 = b[i + 2]
            if c1 == 0x80 { return c2 <= 0x8A || c2 == 0xA8 || c2 == 0xA9 || c2 == 0xAF ? 3 : 0 }
            return c1 == 0x81 && c2 == 0x9F ? 3 : 0
        case 0xE3:
            return i + 2 < b.count && b[i + 1] == 0x80 && b[i + 2] == 0x80 ? 3 : 0
        default:
            return 0
        }
    }
}

extension KoreanText {
    static func isHangulScalar(_ scalar: Unicode.Scalar) -> Bool { isHangul(scalar) }
}
