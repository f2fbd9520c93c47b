import Foundation
import NotioCore

/// A heading of the document placed on a line of its text.
struct Heading {
    var title: String
    var level: Int
    /// First line of the section's content.
    var line: Int
    /// Lines that show the heading itself.
    var marks: [Int] = []
    /// Characters at the start of the line after the last mark that belong to the heading: a
    /// bill's letter-spaced "부      칙" comes out as a line "부" and a line "칙이 법은 …".
    var startOfNextLine = 0
}

/// A part of the document that becomes one concept card: a heading and its lines.
struct Section {
    var title: String
    var lines: Range<Int>
}

/// The sections of a document and the heading lines found on its pages.
struct SectionPlan {
    var sections: [Section]
    var headingLines: [Int]
    /// Lines whose first characters end a heading (`Heading.startOfNextLine`), by line index.
    var headingStarts: [Int: Int] = [:]
    /// The document's first heading found by layout that is not front matter, when it is on its
    /// first two pages ("3장. 프로세스 스케줄링"): its title when the metadata has none.
    var firstHeading: String? = nil
}

/// Finds the document's sections: from the PDF outline when there is one, else from headings in
/// the text (numbered sections, "제 3 장", "Chapter 2", slide titles), and picks a level of the
/// table of contents that gives a useful number of cards.
enum SectionFinder {
    /// Fewer cards than this and the largest sections are split into their subsections: a
    /// manual chapter's six sections of a page each are its cards, not its twenty paragraphs.
    static let fewestCards = 6
    /// A section longer than this many pages is read as its subsections: a book's chapter is too
    /// much for one card.
    static let mostPagesPerCard = 3
    static let mostCards = 30

    static func plan(of document: ExtractedDocument, layout: TextLayout) -> SectionPlan {
        var headings = outlineHeadings(document, layout: layout)
        var byLayout = false
        if headings.count < 2 { headings = ReportHeadings.find(in: layout) }
        if headings.count < 2 {
            headings = LayoutHeadings.find(in: layout, document: document)
            byLayout = headings.count >= 2
        }
        if headings.count < 2 { headings = NumberedHeadings.find(in: layout) }
        headings = LegalHeadings.completed(headings, layout: layout)
        if headings.count < 2 {
            // One numbered heading ("1. 스레드" over a short handout) still heads its text; slide
            // titles replace it only when they find a structure of their own.
            let slides = slideTitles(layout)
            if slides.count >= 2 || headings.isEmpty { headings = slides }
        }
        headings = oneHeadingPerSection(headings, layout: layout)
        let marks = headings.flatMap(\.marks)
        guard !headings.isEmpty else { return SectionPlan(sections: [Section(title: "", lines: 0..<layout.lines.count)], headingLines: []) }
        // Only a heading told by its type can stand for the title: the first bookmark or numbered
        // line of a document ("1. 서론") is rarely its name.
        let firstPage = document.pages.first?.number ?? 1
        let first = byLayout ? headings.first { !isFrontOrBackMatter($0.title) }.flatMap { heading in
            heading.marks.first.map { layout.lines[$0].page <= firstPage + 1 } == true ? heading.title : nil
        } : nil
        let starts = Dictionary(headings.compactMap { h in h.marks.last.flatMap { h.startOfNextLine > 0 ? ($0 + 1, h.startOfNextLine) : nil } },
                                uniquingKeysWith: max)
        return SectionPlan(sections: choose(headings, lineCount: layout.lines.count, layout: layout), headingLines: marks,
                           headingStarts: starts, firstHeading: first)
    }

    /// A heading said again is one section: a slide's title repeated on its follow-on slides
    /// (with or without "(계속)", "(2)"), and a heading a page break cut, whose first part stands
    /// alone at a page's foot with the whole heading at the next page's top. Their lines stay in
    /// the section; only the repeated heading lines are no content.
    static func oneHeadingPerSection(_ headings: [Heading], layout: TextLayout) -> [Heading] {
        func key(_ title: String) -> String {
            var t = title
            for suffix in ["(계속)", "(cont.)", "(continued)", "계속"] where t.hasSuffix(suffix) { t = String(t.dropLast(suffix.count)) }
            if t.hasSuffix(")"), let open = t.lastIndex(of: "("), t[t.index(after: open)..<t.index(before: t.endIndex)].allSatisfy(\.isNumber) {
                t = String(t[..<open])
            }
            return compact(t)
        }
        var result: [Heading] = []
        for heading in headings {
            let k = key(heading.title)
            if let last = result.last, last.level == heading.level, key(last.title) == k, !k.isEmpty {
                result[result.count - 1].marks += heading.marks
                continue
            }
            // The piece before a page break: its text (digits aside) is inside the next heading's,
            // and nothing but the break stands between them.
            if let last = result.last, last.level == heading.level, case let piece = key(last.title).filter({ !$0.isNumber }),
               piece.count >= 4, k.contains(piece), k.count > piece.count,
               (last.line..<(heading.marks.first ?? heading.line)).allSatisfy({ layout.lines[$0].isBreak || layout.lines[$0].text.isEmpty }) {
                var merged = heading
                merged.marks = last.marks + heading.marks
                merged.line = heading.line
                result[result.count - 1] = merged
                continue
            }
            result.append(heading)
        }
        return result
    }

    // MARK: Outline

    private static func outlineHeadings(_ document: ExtractedDocument, layout: TextLayout) -> [Heading] {
        var result: [Heading] = []
        var lastPage = document.pages.first?.number ?? 1
        for entry in document.outline {
            let page = entry.page ?? lastPage
            lastPage = page
            guard let first = layout.firstLineOfPage[page] else { continue }
            let end = layout.firstLineOfPage[page + 1] ?? layout.lines.count
            var line = first
            var marks: [Int] = []
            // Start after the heading's own line when the page shows it, so that sections sharing a page split there.
            let key = compact(entry.title)
            if !key.isEmpty, let found = (first..<end).first(where: { compact(layout.lines[$0].text).hasSuffix(key) && layout.lines[$0].text.count <= entry.title.count + 12 }) {
                line = found + 1
                marks = [found]
            }
            line = max(line, result.last?.line ?? 0)
            result.append(Heading(title: Whitespace.normalised(KoreanText.nfc(entry.title)), level: entry.level, line: line, marks: marks))
        }
        return result
    }

    // MARK: Slides

    /// One heading per page when pages are short and start with a title-like line.
    private static func slideTitles(_ layout: TextLayout) -> [Heading] {
        var result: [Heading] = []
        var index = 0
        while index < layout.lines.count {
            let page = layout.lines[index].page
            var end = index
            while end < layout.lines.count, layout.lines[end].page == page { end += 1 }
            if let first = (index..<end).first(where: { !layout.lines[$0].isBreak }) {
                let text = layout.lines[first].text
                if NumberedHeadings.isTitleLike(text), result.last?.title != text {
                    result.append(Heading(title: text, level: 0, line: first + 1, marks: [first]))
                }
            }
            index = end
        }
        return result.count >= 2 ? result : []
    }

    // MARK: Choosing the level

    /// Starts from the top level and splits the longest sections into their subsections until
    /// there are enough cards, never more than `mostCards`. Front and back matter (contents,
    /// index, references) bound sections but never become cards.
    private static func choose(_ headings: [Heading], lineCount: Int, layout: TextLayout) -> [Section] {
        let isMatter = headings.map { isFrontOrBackMatter($0.title) }
        let content = headings.indices.filter { !isMatter[$0] }
        guard let top = content.map({ headings[$0].level }).min() else {
            return [Section(title: "", lines: 0..<lineCount)]
        }
        var units = content.filter { headings[$0].level == top }
        /// Where a heading's subtree ends: the next heading at its level or above.
        func end(of unit: Int) -> Int {
            var next = unit + 1
            while next < headings.count, headings[next].level > headings[unit].level { next += 1 }
            return next < headings.count ? headings[next].line : lineCount
        }
        func size(_ unit: Int) -> Int { end(of: unit) - headings[unit].line }
        func children(_ unit: Int) -> [Int] {
            var result: [Int] = []
            var next = unit + 1
            // The level of the first heading under it that is content ("차례" under a chapter title is not).
            var first = unit + 1
            while first < headings.count, headings[first].level > headings[unit].level, isMatter[first] { first += 1 }
            let childLevel = first < headings.count ? headings[first].level : 0
            while next < headings.count, headings[next].level > headings[unit].level {
                if headings[next].level == childLevel && !isMatter[next] { result.append(next) }
                next += 1
            }
            return result
        }
        /// The pages a heading's subtree spans.
        func pages(_ unit: Int) -> Int {
            let start = min(headings[unit].line, max(0, lineCount - 1)), stop = max(start, end(of: unit) - 1)
            guard start < layout.lines.count else { return 0 }
            return layout.lines[min(stop, layout.lines.count - 1)].page - layout.lines[start].page + 1
        }
        var tried = Set<Int>()
        while true {
            let candidates = units.filter { !tried.contains($0) && !children($0).isEmpty }
            guard let largest = candidates.max(by: { (size($0), -$0) < (size($1), -$1) }) else { break }
            guard units.count < fewestCards || pages(largest) > mostPagesPerCard else { break }
            tried.insert(largest)
            let kids = children(largest)
            if units.count - 1 + kids.count > mostCards { continue }
            units.removeAll { $0 == largest }
            units.append(contentsOf: kids)
            // The text before the first subsection stays a card when it has something to say.
            if let firstKid = kids.first, headings[firstKid].line - headings[largest].line >= 12 { units.append(largest) }
            units.sort()
        }
        var sections: [Section] = []
        for (position, unit) in units.enumerated() {
            let start = headings[unit].line
            let nextUnit = position + 1 < units.count ? headings[units[position + 1]].line : lineCount
            let stop = min(nextUnit, end(of: unit))
            sections.append(Section(title: headings[unit].title, lines: start..<max(start, stop)))
        }
        if sections.count > mostCards {
            let kept = sections.indices.sorted { (sections[$0].lines.count, -$0) > (sections[$1].lines.count, -$1) }.prefix(mostCards).sorted()
            sections = kept.map { sections[$0] }
        }
        // A section whose heading shares its page with the next gets at least the page.
        return sections.map { section in
            guard section.lines.isEmpty, section.lines.lowerBound < layout.lines.count else { return section }
            let page = layout.lines[section.lines.lowerBound].page
            let first = layout.firstLineOfPage[page] ?? section.lines.lowerBound
            let end = layout.firstLineOfPage[page + 1] ?? layout.lines.count
            return Section(title: section.title, lines: first..<end)
        }
    }

    // MARK: Helpers

    static func compact(_ text: String) -> String {
        // ASCII text (most lines of most documents): letters lowered and digits kept, byte by byte,
        // which is what the general path below gives for ASCII.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            for c in text.utf8 {
                if c >= 0x41 && c <= 0x5A { bytes.append(c | 0x20) } else if (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) { bytes.append(c) }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        // Otherwise as KoreanText.compact, but without its compatibility folding.
        return KoreanText.lettersAndDigitsLowered(KoreanText.nfc(text))
    }

    private static let frontAndBackMatter: [String] = [
        "contents", "tableofcontents", "listoffigures", "listoftables", "acknowledgements", "acknowledgments", "acknowledgement",
        "index", "bibliography", "references", "preface", "foreword", "목차", "차례", "표목차", "그림목차", "감사의말", "찾아보기",
        "색인", "참고문헌", "문헌목록", "서문", "머리말", "일러두기",
    ]

    static func isFrontOrBackMatter(_ title: String) -> Bool {
        let key = compact(title)
        if key.isEmpty { return true }
        if frontAndBackMatter.contains(key) { return true }
        return key.hasSuffix("index") && key.count <= 30
    }
}
