import Foundation
import NotioCore

/// Headings told by how they are set: lines larger than the body text (the size most of the
/// document's characters have) or bold where the body is not, that read like a title. Each
/// distinct style is a level, the largest first. Needs the PDF's line styles (`SourcePage.lines`);
/// documents without them are left to the text rules.
enum LayoutHeadings {
    /// Headings are at least this much larger than the body, or bold (the extractor's rule too).
    static let headingScale = 1.15
    /// More headings than this share of the content lines means the styles say nothing (slides
    /// set all in large type, a page of bold labels).
    static let mostHeadingShare = 0.35

    static func find(in layout: TextLayout, document: ExtractedDocument) -> [Heading] {
        let body = bodyStyle(document)
        guard body.size > 0 else { return [] }
        struct Found { var line: Int; var size: Double; var bold: Bool }
        var found: [Found] = []
        var contentLines = 0
        for (index, line) in layout.lines.enumerated() where !line.isBreak {
            contentLines += 1
            guard let style = line.style, style.cells == nil else { continue }
            let larger = style.fontSize >= body.size * headingScale
            let bolder = style.bold && !body.bold && style.fontSize >= body.size * 0.95
            guard larger || bolder, isHeadingText(line.text) else { continue }
            found.append(Found(line: index, size: (style.fontSize * 2).rounded() / 2, bold: style.bold))
        }
        guard found.count >= 2 else { return [] }

        // A number alone ("제1장", "Chapter 2", "1.1") set above its title is one heading with it.
        var merged: [Found] = []
        var titles: [Int: String] = [:]
        var extraMarks: [Int: [Int]] = [:]
        var index = 0
        while index < found.count {
            let current = found[index]
            let text = layout.lines[current.line].text
            if index + 1 < found.count, isNumberLabel(text) {
                let next = found[index + 1]
                let between = (current.line + 1)..<next.line
                if between.allSatisfy({ layout.lines[$0].text.isEmpty }), layout.lines[next.line].page == layout.lines[current.line].page {
                    var heading = next
                    heading.size = max(current.size, next.size)
                    titles[next.line] = text + " " + layout.lines[next.line].text
                    extraMarks[next.line] = [current.line]
                    merged.append(heading)
                    index += 2
                    continue
                }
            }
            merged.append(current)
            index += 1
        }
        found = merged
        guard found.count >= 2, Double(found.count) <= mostHeadingShare * Double(contentLines) else { return [] }

        // Levels: larger type first; at one size, bold above regular; in one style, a deeper
        // section number below a shallower one (a manual sets "1.2." and "1.2.1." alike).
        // A heading without a number (or the wrapped rest of one) sits with the shallowest
        // numbered heading of its style.
        struct Style: Hashable { var size: Double; var bold: Bool; var depth: Int }
        func depth(_ heading: Found) -> Int { numberDepth(titles[heading.line] ?? layout.lines[heading.line].text) }
        var shallowest: [Style: Int] = [:]
        for heading in found where depth(heading) > 0 {
            let key = Style(size: heading.size, bold: heading.bold, depth: 0)
            shallowest[key] = min(shallowest[key] ?? .max, depth(heading))
        }
        func style(_ heading: Found) -> Style {
            let plain = Style(size: heading.size, bold: heading.bold, depth: 0)
            let own = depth(heading)
            return Style(size: heading.size, bold: heading.bold, depth: own > 0 ? own : shallowest[plain] ?? 0)
        }
        let styles = Set(found.map(style)).sorted {
            if $0.size != $1.size { return $0.size > $1.size }
            if $0.bold != $1.bold { return $0.bold }
            return $0.depth < $1.depth
        }
        return found.map { heading in
            Heading(title: titles[heading.line] ?? layout.lines[heading.line].text,
                    level: styles.firstIndex(of: style(heading)) ?? 0,
                    line: heading.line + 1, marks: (extraMarks[heading.line] ?? []) + [heading.line])
        }
    }

    /// How many parts a heading's decimal section number has: 2 for "1.2. 구조적 교정", 3 for
    /// "1.2.1 이미지 회전시키기", 0 without one.
    static func numberDepth(_ text: String) -> Int {
        var depth = 0
        var inNumber = false
        for character in text {
            if character.isASCII && character.isNumber {
                if !inNumber { depth += 1; inNumber = true }
            } else if character == "." && inNumber {
                inNumber = false
            } else {
                // The number ends with a space or after its dot ("1.2.제목"), not inside a word ("12abc").
                return depth > 0 && (character == " " || !inNumber) ? depth : 0
            }
        }
        return depth
    }

    /// "제1장", "제 2 절", "Chapter 3", "1.1", "2.": a heading's number on a line of its own.
    static func isNumberLabel(_ text: String) -> Bool {
        let compact = text.replacingOccurrences(of: " ", with: "")
        if compact.hasPrefix("제"), let last = compact.last, "장절부강편".contains(last) {
            return compact.dropFirst().dropLast().allSatisfy(\.isNumber) && compact.count > 2
        }
        for word in ["Chapter", "CHAPTER", "Part", "Lecture", "Section"] where text.hasPrefix(word + " ") {
            return text.dropFirst(word.count + 1).allSatisfy { $0.isNumber || $0.isUppercase && $0.isASCII }
        }
        return !compact.isEmpty && compact.first!.isNumber && compact.allSatisfy { $0.isNumber || $0 == "." }
    }

    /// The size most of the document's characters are set in, and whether most are bold.
    static func bodyStyle(_ document: ExtractedDocument) -> (size: Double, bold: Bool) {
        var counts: [Double: Int] = [:]
        var bold = 0, total = 0
        for page in document.pages {
            for line in page.lines ?? [] where line.cells == nil {
                let characters = line.text.unicodeScalars.count
                counts[(line.fontSize * 2).rounded() / 2, default: 0] += characters
                total += characters
                if line.bold { bold += characters }
            }
        }
        let size = counts.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key ?? 0
        return (size, bold * 2 > total)
    }

    /// Words that never end a title: they join what stands before them to what follows.
    private static let danglingWords: Set<String> = [
        "및", "또는", "혹은", "그리고", "그러나", "하지만", "and", "or", "of", "the", "an", "for", "with",
    ]

    /// ". ", "? " or "! " after a Korean sentence ending (…다. …요.) before the end of the text.
    static func sentenceEndInside(_ text: String) -> Bool {
        let chars = Array(text)
        guard chars.count >= 4 else { return false }
        for i in 1..<(chars.count - 2) where ".?!".contains(chars[i]) && chars[i + 1] == " " && "다요".contains(chars[i - 1]) { return true }
        return false
    }

    /// Reads like a heading: short, has letters, not a sentence ("…이다.", "…하세요."), not a
    /// caption or a list of numbers. A question ("프로세스란 무엇인가요?") is a heading.
    static func isHeadingText(_ text: String) -> Bool {
        guard text.count >= 2, text.count <= 150, let last = text.last else { return false }
        guard text.split(separator: " ").count <= 20 else { return false }
        if ",;:".contains(last) { return false }
        if last == "." {
            // A heading's number may end in a stop ("2.", "1.2."); a word before one ends a
            // sentence ("… as a Variant.": the last line of a wrapped note, not a heading).
            let before = text.dropLast().last
            if text.count > 40 || before.map({ $0.isLetter }) == true { return false }
        }
        // A sentence ends inside it ("… 사용됩니다. Solaris 및"), or it stops on a word that
        // joins it to what follows: half a sentence, not a title.
        if sentenceEndInside(text) { return false }
        // Cut at the end of a line: "… 서명 파일(META-".
        if last == "-" || text.filter({ $0 == "(" }).count > text.filter({ $0 == ")" }).count { return false }
        if let lastWord = text.split(separator: " ").last, text.contains(" "), danglingWords.contains(String(lastWord).lowercased()) { return false }
        for caption in ["그림 ", "표 ", "Figure ", "Table ", "Fig. ", "[그림", "<그림", "<표"] where text.hasPrefix(caption) { return false }
        // Mostly letters, numbering aside ("4.2. 페이징").
        let letters = text.filter(\.isLetter).count
        let others = text.filter { !$0.isLetter && !$0.isWhitespace && !$0.isNumber && !".()".contains($0) }.count
        return letters >= 2 && letters >= others
    }
}
