import Foundation
import NotioCore
import NotioMedia

/// A run of characters on one PDF line with no wide gap inside: a line of prose, or one cell of
/// a table row.
struct Span {
    var text: String
    var x0: Double, x1: Double, y0: Double, y1: Double
    var size: Double
    var bold: Bool
    /// Characters that are not spaces, for weighting sizes.
    var characters: Int
    /// Index of the poppler line it came from, in the page's reading order.
    var line: Int

    var mid: Double { (y0 + y1) / 2 }
    var height: Double { y1 - y0 }
}

/// The spans of one page, the page's height, and which poppler line each span came from.
struct PageSpans {
    var spans: [Span]
    var lineCount: Int
    var height: Double
}

/// Rebuilds a text PDF's pages from where their characters sit, before the text is cleaned:
/// running headers, footers and page numbers dropped; table rows put back together cell by cell
/// (poppler reads a table column by column); a heading that wraps joined into one line; a blank
/// line around headings and table rows, so that the text cleanup never glues them to prose.
/// Gives each page's text and its `TextLine`s, which the analyser uses to find headings and tables.
enum PageLines {
    /// A gap wider than this share of the font size splits a line into spans (cells).
    static let cellGap = 0.9
    /// Lines inside this share of the page height at its top or bottom may be running headers.
    static let marginShare = 0.12
    /// Headings are at least this much larger than the body text, or bold.
    static let headingScale = 1.15

    // MARK: Spans

    /// The spans of a page, in reading order.
    static func spans(_ page: PageGlyphs) -> PageSpans {
        let page = inVisualOrder(page)
        let scale = sizeScale(page)
        var spans: [Span] = []
        var line = 0
        var current: Span?
        var lastX1 = 0.0
        var pendingSpace = false
        var sizeCounts: [Double: Int] = [:]
        var hangulSizeCounts: [Double: Int] = [:]
        var boldCount = 0
        var hangulCount = 0, hangulBoldCount = 0
        func finish() {
            guard var span = current else { return }
            // Korean glyphs give the size and weight where there are any (see `textLine`).
            let counts = hangulSizeCounts.isEmpty ? sizeCounts : hangulSizeCounts
            if let size = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key { span.size = size }
            span.bold = hangulCount > 0 ? hangulBoldCount * 2 > hangulCount : boldCount * 2 > span.characters
            spans.append(span)
            current = nil
            sizeCounts = [:]
            hangulSizeCounts = [:]
            boldCount = 0
            hangulCount = 0
            hangulBoldCount = 0
        }
        for glyph in page.glyphs {
            if glyph.scalar == "\n" {
                finish()
                line += 1
                pendingSpace = false
                continue
            }
            if glyph.scalar.properties.isWhitespace {
                pendingSpace = current != nil
                continue
            }
            let size = (glyph.size > 0 ? glyph.size : glyph.y1 - glyph.y0) * scale
            if let span = current {
                let gap = glyph.x0 - lastX1
                if gap > cellGap * max(size, span.size, 1) || glyph.x1 < span.x0 { finish() }
            }
            if current == nil {
                current = Span(text: "", x0: glyph.x0, x1: glyph.x1, y0: glyph.y0, y1: glyph.y1, size: size, bold: false, characters: 0, line: line)
                pendingSpace = false
            }
            if pendingSpace { current!.text.unicodeScalars.append(" ") }
            pendingSpace = false
            current!.text.unicodeScalars.append(glyph.scalar)
            current!.x0 = min(current!.x0, glyph.x0); current!.x1 = max(current!.x1, glyph.x1)
            current!.y0 = min(current!.y0, glyph.y0); current!.y1 = max(current!.y1, glyph.y1)
            current!.characters += 1
            sizeCounts[(size * 2).rounded() / 2, default: 0] += 1
            if (0xAC00...0xD7A3).contains(glyph.scalar.value) {
                hangulSizeCounts[(size * 2).rounded() / 2, default: 0] += 1
                hangulCount += 1
                if glyph.bold { hangulBoldCount += 1 }
            }
            if glyph.bold { boldCount += 1 }
            lastX1 = glyph.x1
        }
        finish()
        for index in spans.indices { spans[index].text = spans[index].text.precomposedStringWithCanonicalMapping }
        return PageSpans(spans: spans, lineCount: line + 1, height: page.height)
    }

    /// A glyph's size as drawn. A syllable's drawn size is its width (about 0.92 em): Chromium
    /// states twice the size for the Hangul of its Type 3 fonts and the true size for Latin
    /// letters beside them. Other glyphs are as large as they say.
    static func drawnSize(_ g: Glyph) -> Double {
        (0xAC00...0xD7A3).contains(g.scalar.value) ? (g.x1 - g.x0) / 0.92 : g.size
    }

    /// Glyphs of large type in the order a reader sees them. Poppler orders a page by its text
    /// flow, and a heading set large and wrapped over two lines often comes out interleaved
    /// ("파일할 수데비안에" / "있나요?특정한 조정 없이 …" for "데비안에 특정한 조정 없이 … 컴" /
    /// "파일할 수 있나요?"), its number ("10.1.") after it. Each run of consecutive poppler lines
    /// set larger than the page's usual size is regrouped by where its glyphs sit: rows by their
    /// vertical centres, each row left to right, rows top to bottom. Body text, whose order
    /// poppler gets right and whose tables are rebuilt later, is left as it is.
    static func inVisualOrder(_ page: PageGlyphs) -> PageGlyphs {
        // Lines of the page as poppler gives them, with their size.
        var lines: [[Glyph]] = [[]]
        for glyph in page.glyphs {
            if glyph.scalar == "\n" { lines.append([]) } else { lines[lines.count - 1].append(glyph) }
        }
        // Sizes as drawn, not as stated: Chromium states twice the size for the Hangul of its
        // Type 3 fonts and the true size for a "?" it takes from another font, so by stated
        // sizes a heading's second line ending in "?" looked smaller than the body.
        func size(_ glyph: Glyph) -> Double {
            let drawn = drawnSize(glyph)
            if drawn > 0 { return drawn }
            return glyph.size > 0 ? glyph.size : glyph.y1 - glyph.y0
        }
        var counts: [Double: Int] = [:]
        for glyph in page.glyphs where !glyph.scalar.properties.isWhitespace { counts[(size(glyph) * 2).rounded() / 2, default: 0] += 1 }
        guard let usual = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key, usual > 0 else { return page }
        // A line is large when its letters and digits are; punctuation is often set from a
        // fallback font at another size.
        func isLarge(_ line: [Glyph]) -> Bool {
            let letters = line.filter { $0.scalar.properties.isAlphabetic || $0.scalar.properties.numericType != nil }
            return !letters.isEmpty && letters.allSatisfy { size($0) >= usual * headingScale }
        }
        let newline = page.glyphs.first { $0.scalar == "\n" }
        var out: [Glyph] = []
        var index = 0
        var changed = false
        while index < lines.count {
            guard isLarge(lines[index]) else {
                out.append(contentsOf: lines[index])
                if index + 1 < lines.count, let newline { out.append(newline) }
                index += 1
                continue
            }
            var end = index
            var run: [Glyph] = []
            while end < lines.count, isLarge(lines[end]) { run.append(contentsOf: lines[end]); end += 1 }
            // A run poppler already gives left to right and top to bottom stays as it is: its
            // raised and lowered letters (the E of a TeX logo) are one line however far they sit.
            if isReadingOrder(lines[index..<end]) {
                for line in index..<end {
                    out.append(contentsOf: lines[line])
                    if line + 1 < lines.count, let newline { out.append(newline) }
                }
                index = end
                continue
            }
            let rows = visualRows(run)
            changed = changed || rows.count != end - index || zip(rows, lines[index..<end]).contains { $0.map(\.scalar) != $1.map(\.scalar) }
            for (r, row) in rows.enumerated() {
                out.append(contentsOf: row)
                let last = r == rows.count - 1 && end == lines.count
                if !last, var newline = row.last { newline.scalar = "\n"; out.append(newline) }
            }
            index = end
        }
        guard changed else { return page }
        return PageGlyphs(glyphs: out, width: page.width, height: page.height)
    }

    /// Whether each line runs left to right and each line starts below the one before: the
    /// order a reader sees. A glyph that starts well left of where the one before it ended (more
    /// than half a glyph back) is out of order, and so is a line beside the one before it (its
    /// centre within that line's box) that starts left of it: a heading's number given after it.
    static func isReadingOrder(_ lines: ArraySlice<[Glyph]>) -> Bool {
        var previous: (centre: Double, y1: Double, x0: Double)?
        func median(_ values: [Double]) -> Double { let v = values.sorted(); return v[v.count / 2] }
        for line in lines {
            let visible = line.filter { !$0.scalar.properties.isWhitespace }
            guard !visible.isEmpty else { continue }
            for (a, b) in zip(visible, visible.dropFirst()) where b.x0 < a.x1 - (a.x1 - a.x0) / 2 { return false }
            let centre = median(visible.map { ($0.y0 + $0.y1) / 2 })
            let x0 = visible.map(\.x0).min()!
            if let previous {
                if centre <= previous.centre { return false }
                if centre <= previous.y1 && x0 < previous.x0 { return false }
            }
            previous = (centre, median(visible.map(\.y1)), x0)
        }
        return true
    }

    /// Glyphs grouped into rows by their vertical centres, each row left to right with a space
    /// where the gap is wider than a quarter of a glyph. Sizes and boxes are what the glyphs
    /// show, not the sizes fonts state (Chromium's say twice the drawn size, so a heading's boxes
    /// are taller than its rows are apart): centres closer than a sixth of the usual box height
    /// (of the taller of two glyphs) are one row.
    static func visualRows(_ glyphs: [Glyph]) -> [[Glyph]] {
        let visible = glyphs.filter { !$0.scalar.properties.isWhitespace }
        guard !visible.isEmpty else { return [] }
        func centre(_ g: Glyph) -> Double { (g.y0 + g.y1) / 2 }
        func median(_ values: [Double]) -> Double { let v = values.sorted(); return v[v.count / 2] }
        let width = median(visible.map { $0.x1 - $0.x0 })
        // The stated size tells rows of a heading from a smaller line beside it (boxes do not:
        // a Latin letter's box is shorter than a syllable's).
        let drawn = drawnSize
        func sameSize(_ a: Glyph, _ b: Glyph) -> Bool {
            let (x, y) = (max(drawn(a), 0.1), max(drawn(b), 0.1))
            return max(x, y) / min(x, y) <= 1.3
        }
        var rows: [[Glyph]] = []
        for glyph in visible.sorted(by: { centre($0) < centre($1) }) {
            // Among the rows near this height, the one of this glyph's size.
            if let row = rows.indices.reversed().first(where: { r in
                let last = rows[r].last!
                return abs(centre(glyph) - centre(last)) <= max(1, glyph.y1 - glyph.y0, last.y1 - last.y0) / 6 && sameSize(rows[r][0], glyph)
            }) {
                rows[row].append(glyph)
            } else {
                rows.append([glyph])
            }
        }
        // A heading's number set apart ("10.1.", "10장.") and punctuation set smaller ("?") go
        // to the row whose box their centre falls in, the nearest such row.
        func isNumberLabel(_ row: [Glyph]) -> Bool {
            row.count <= 8 && row.allSatisfy { g in
                g.scalar.properties.numericType != nil || ".,?!:;)(".unicodeScalars.contains(g.scalar)
                    || "장절조편부".unicodeScalars.contains(g.scalar)
            }
        }
        var index = 0
        while index < rows.count {
            let mid = median(rows[index].map(centre))
            if isNumberLabel(rows[index]), let host = rows.indices.filter({ other in
                other != index && !isNumberLabel(rows[other]) && rows[other].count > rows[index].count
                    && mid >= median(rows[other].map(\.y0)) && mid <= median(rows[other].map(\.y1))
            }).min(by: { abs(median(rows[$0].map(centre)) - mid) < abs(median(rows[$1].map(centre)) - mid) }) {
                let host = host > index ? host - 1 : host
                let label = rows.remove(at: index)
                rows[host].append(contentsOf: label)
                continue
            }
            index += 1
        }
        rows.sort { median($0.map(centre)) < median($1.map(centre)) }
        return rows.map { row in
            var ordered: [Glyph] = []
            for glyph in row.sorted(by: { $0.x0 < $1.x0 }) {
                if let previous = ordered.last, glyph.x0 - previous.x1 > width / 4 {
                    var space = previous
                    space.scalar = " "
                    ordered.append(space)
                }
                ordered.append(glyph)
            }
            return ordered
        }
    }

    /// A Hangul syllable is about one em wide (0.92 of the size in common Korean fonts). Some
    /// PDFs state sizes that are not the drawn ones (Chromium's Type 3 fonts say twice the size):
    /// the widths of the page's syllables put them right, so that gaps measured in ems hold.
    static func sizeScale(_ page: PageGlyphs) -> Double {
        var ratios: [Double] = []
        for glyph in page.glyphs where glyph.size > 0 && (0xAC00...0xD7A3).contains(glyph.scalar.value) {
            ratios.append((glyph.x1 - glyph.x0) / glyph.size)
            if ratios.count >= 400 { break }
        }
        guard ratios.count >= 10 else { return 1 }
        let median = ratios.sorted()[ratios.count / 2]
        let scale = median / 0.92
        // Near 1 is the normal case; only a clear mismatch is corrected.
        return abs(scale - 1) < 0.2 ? 1 : min(max(scale, 0.25), 4)
    }

    /// The document's body size: the size most characters are set in. Bold says nothing when most
    /// of the text is bold.
    static func bodyStyle(_ pages: [PageSpans?]) -> (size: Double, bold: Bool) {
        var counts: [Double: Int] = [:]
        var bold = 0, total = 0
        for page in pages.compactMap({ $0 }) {
            for span in page.spans {
                counts[span.size, default: 0] += span.characters
                total += span.characters
                if span.bold { bold += span.characters }
            }
        }
        let size = counts.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key ?? 0
        return (size, bold * 2 > total)
    }

    // MARK: Running headers and footers

    /// Indices of the spans of each page that are running headers, footers or page numbers:
    /// small lines in the top or bottom margin that recur on several pages (digits aside), that
    /// are a page number ("3", "3 / 12", "- 4 -", "Page 3"), a date or a web address (what
    /// browsers print), and whatever else stands on the same margin row as one of those.
    static func runningSpans(_ pages: [PageSpans?], bodySize: Double) -> [Set<Int>] {
        func inMargin(_ span: Span, _ page: PageSpans) -> Bool {
            span.y1 <= page.height * marginShare || span.y0 >= page.height * (1 - marginShare)
        }
        func small(_ span: Span) -> Bool { span.size <= bodySize * 1.05 + 0.01 }
        var pagesWithKey: [String: Int] = [:]
        for page in pages.compactMap({ $0 }) {
            var keys = Set<String>()
            for span in page.spans where inMargin(span, page) && small(span) { keys.insert(runningKey(span.text)) }
            for key in keys { pagesWithKey[key, default: 0] += 1 }
        }
        let textPages = pages.compactMap { $0 }.count
        let recurring = max(2, min(3, textPages))
        return pages.map { page in
            guard let page else { return [] }
            var dropped = Set<Int>()
            for (index, span) in page.spans.enumerated() where inMargin(span, page) && small(span) {
                if isPageMarker(span.text) || (textPages >= 2 && pagesWithKey[runningKey(span.text), default: 0] >= recurring) {
                    dropped.insert(index)
                }
            }
            // The title a browser prints between the date and the address shares their row.
            for (index, span) in page.spans.enumerated() where !dropped.contains(index) && inMargin(span, page) && small(span) {
                if dropped.contains(where: { abs(page.spans[$0].mid - span.mid) < 0.5 * min(span.height, page.spans[$0].height) }) {
                    dropped.insert(index)
                }
            }
            return dropped
        }
    }

    /// A line's text with digits and spaces left out, so that "3 / 12" and "4 / 12" or a header
    /// with a changing page number compare equal; very short lines are kept whole.
    static func runningKey(_ text: String) -> String {
        let key = String(text.unicodeScalars.filter { !$0.properties.isWhitespace && !("0"..."9").contains($0) }.map(Character.init))
        return key.count >= 3 ? key : text
    }

    /// A page number, a date or time, or a web address: what printers put in margins.
    static func isPageMarker(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lower = trimmed.lowercased()
        for prefix in ["http://", "https://", "file://", "www.", "about:blank"] where lower.hasPrefix(prefix) { return true }
        // Only digits and the marks page numbers, dates and times are written with.
        let shape = lower.unicodeScalars.filter { !$0.properties.isWhitespace }
        let digits = shape.filter { ("0"..."9").contains($0) }.count
        guard digits > 0 else { return false }
        let rest = String(String.UnicodeScalarView(shape.filter { !("0"..."9").contains($0) }))
        var words = rest
        for word in ["page", "pages", "p.", "of", "am", "pm", "오전", "오후", "쪽", "페이지", "년", "월", "일", "/", "-", "–", ".", ",", ":", "(", ")", "[", "]"] {
            words = words.replacingOccurrences(of: word, with: "")
        }
        return words.isEmpty && trimmed.count <= 30
    }

    // MARK: Tables

    /// A table found on a page: its rows of cells and the spans it is made of.
    struct Table {
        var rows: [[String]]
        var rowBoxes: [(x0: Double, y0: Double, x1: Double, y1: Double, size: Double)]
        var spans: Set<Int>
        /// The first poppler line holding one of its spans: where the table goes in the text.
        var firstLine: Int
    }

    /// Tables on a page: two or more columns of cells whose boxes line up, over three rows or more.
    static func tables(_ page: PageSpans, excluding dropped: Set<Int>, join: (String, String) -> String) -> [Table] {
        let candidates = page.spans.indices.filter { !dropped.contains($0) }.sorted { page.spans[$0].mid < page.spans[$1].mid }
        // Rows: spans whose middles are within a third of their height of the row's first span.
        var rows: [[Int]] = []
        for index in candidates {
            let span = page.spans[index]
            if let first = rows.last?.first, abs(page.spans[first].mid - span.mid) < 0.3 * min(span.height, page.spans[first].height) {
                rows[rows.count - 1].append(index)
            } else {
                rows.append([index])
            }
        }
        for r in rows.indices { rows[r].sort { page.spans[$0].x0 < page.spans[$1].x0 } }

        var tables: [Table] = []
        var r = 0
        while r < rows.count {
            guard rows[r].count >= 2, var columns = intervals(rows[r], page) else { r += 1; continue }
            var run = [r]
            var next = r + 1
            while next < rows.count {
                let previous = page.spans[rows[next - 1][0]], span = page.spans[rows[next][0]]
                guard span.mid - previous.mid <= 3.5 * max(span.size, previous.size, 1) else { break }
                if let widened = fit(rows[next], into: columns, page) {
                    columns = widened
                    run.append(next)
                    next += 1
                } else { break }
            }
            while let last = run.last, rows[last].count < 2 { run.removeLast() }
            if let table = table(run.map { rows[$0] }, columns: columns, page, join: join) {
                tables.append(table)
                r = run.last.map { $0 + 1 } ?? r + 1
            } else {
                r += 1
            }
        }
        return tables
    }

    /// The columns a table's first row opens: its cells, apart by a cell gap at least. Spans that
    /// touch are pieces of one line that poppler read apart (a Latin word in another font before
    /// Korean text: "LibreOffice" + "는 Microsoft Office 파일을 …"), not cells.
    private static func intervals(_ row: [Int], _ page: PageSpans) -> [(Double, Double)]? {
        let spans = row.map { page.spans[$0] }
        for (a, b) in zip(spans, spans.dropFirst()) where b.x0 - a.x1 < cellGap * max(min(a.size, b.size), 1) { return nil }
        return spans.map { ($0.x0, $0.x1) }
    }

    private static func overlaps(_ span: Span, _ column: (Double, Double)) -> Bool { span.x0 < column.1 && span.x1 > column.0 }

    /// The columns widened by a row that fits them: each span inside one column, no two in the
    /// same one; a row with as many spans as columns may instead fit them in order.
    private static func fit(_ row: [Int], into columns: [(Double, Double)], _ page: PageSpans) -> [(Double, Double)]? {
        let spans = row.map { page.spans[$0] }
        var widened = columns
        var used = Set<Int>()
        var byOverlap = true
        for span in spans {
            let hits = columns.indices.filter { overlaps(span, columns[$0]) }
            guard hits.count == 1, !used.contains(hits[0]) else { byOverlap = false; break }
            used.insert(hits[0])
            widened[hits[0]] = (min(widened[hits[0]].0, span.x0), max(widened[hits[0]].1, span.x1))
        }
        if byOverlap {
            for (a, b) in zip(widened, widened.dropFirst()) where b.0 <= a.1 { return nil }
            return widened
        }
        guard spans.count == columns.count else { return nil }
        widened = zip(columns, spans).map { (min($0.0, $1.x0), max($0.1, $1.x1)) }
        for (a, b) in zip(widened, widened.dropFirst()) where b.0 <= a.1 { return nil }
        return widened
    }

    private static func table(_ rows: [[Int]], columns: [(Double, Double)], _ page: PageSpans, join: (String, String) -> String) -> Table? {
        guard columns.count >= 2, rows.count >= 2 else { return nil }
        var cells: [[String]] = []
        var boxes: [(x0: Double, y0: Double, x1: Double, y1: Double, size: Double)] = []
        for row in rows {
            var line = [String](repeating: "", count: columns.count)
            var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity, size: 0.0)
            for (position, index) in row.enumerated() {
                let span = page.spans[index]
                let column = columns.indices.first { overlaps(span, columns[$0]) } ?? min(position, columns.count - 1)
                line[column] = line[column].isEmpty ? span.text : line[column] + " " + span.text
                box = (min(box.x0, span.x0), min(box.y0, span.y0), max(box.x1, span.x1), max(box.y1, span.y1), max(box.size, span.size))
            }
            // A row that leaves the first column empty continues the cells of the row above
            // (text wrapped inside a cell).
            if line[0].isEmpty, row.count < columns.count, !cells.isEmpty {
                for column in line.indices where !line[column].isEmpty {
                    let above = cells[cells.count - 1][column]
                    cells[cells.count - 1][column] = above.isEmpty ? line[column] : join(above, line[column])
                }
                let last = boxes.count - 1
                boxes[last] = (min(boxes[last].x0, box.x0), boxes[last].y0, max(boxes[last].x1, box.x1), max(boxes[last].y1, box.y1), boxes[last].size)
                continue
            }
            cells.append(line)
            boxes.append(box)
        }
        // A table, not two columns of prose, a list of contents or a column of numbers.
        guard cells.count >= 3 else { return nil }
        let filled = cells.joined().filter { !$0.isEmpty }
        guard cells.filter({ !$0.contains("") }).count >= 2,
              columns.indices.allSatisfy({ column in cells.filter { !$0[column].isEmpty }.count >= 2 }),
              filled.reduce(0, { $0 + $1.count }) <= 30 * filled.count,
              filled.filter({ $0.contains(where: \.isLetter) }).count * 10 >= filled.count * 6,
              !filled.contains(where: { $0.contains(". . .") || $0.contains("....") || $0.contains("···") })
        else { return nil }
        let spans = Set(rows.joined())
        return Table(rows: cells, rowBoxes: boxes, spans: spans, firstLine: spans.map { page.spans[$0].line }.min() ?? 0)
    }

    // MARK: Assembly

    /// The text of a page and its lines, rebuilt from its spans. `join` joins a line that wraps
    /// with the next (the text cleanup's rule, so that Korean words broken across lines re-join).
    static func page(_ page: PageSpans, dropped: Set<Int>, body: (size: Double, bold: Bool),
                     join: (String, String) -> String) -> (text: String, lines: [TextLine]) {
        let tables = Self.tables(page, excluding: dropped, join: join)
        var inTable: [Int: Int] = [:]
        for (number, table) in tables.enumerated() { for span in table.spans { inTable[span] = number } }

        var byLine = [[Int]](repeating: [], count: page.lineCount)
        for (index, span) in page.spans.enumerated() where !dropped.contains(index) && inTable[index] == nil { byLine[span.line].append(index) }
        mergeSameRow(&byLine, page)
        var tablesAt: [Int: [Int]] = [:]
        for (number, table) in tables.enumerated() { tablesAt[table.firstLine, default: []].append(number) }

        var lines: [TextLine] = []
        for (number, indices) in byLine.enumerated() {
            if !indices.isEmpty { lines.append(textLine(indices.map { page.spans[$0] }.sorted { $0.x0 < $1.x0 })) }
            for table in tablesAt[number] ?? [] {
                for (cells, box) in zip(tables[table].rows, tables[table].rowBoxes) {
                    lines.append(TextLine(text: cells.filter { !$0.isEmpty }.joined(separator: " "), x: box.x0, y: box.y0,
                                          width: box.x1 - box.x0, height: box.y1 - box.y0, fontSize: box.size, bold: false, cells: cells))
                }
            }
        }
        lines = joinWrappedHeadings(lines, body: body, join: join).map(rounded)

        // A blank line around each heading and table row keeps them on lines of their own, and
        // one after a line the writer ended keeps the text cleanup from joining the next to it.
        let prose = lines.filter { $0.cells == nil }
        var text: [String] = []
        for (index, line) in lines.enumerated() {
            let apart = line.cells != nil || isHeadingStyle(line, body: body)
            if apart, text.last?.isEmpty == false { text.append("") }
            text.append(line.text)
            // The right edge of the lines that start where this one does (a note set in a
            // narrower box has its own). A wrapped line that runs into the margin, two ems past
            // five others that end together (a bill's "… 연평균 10 억원 미만" / "이거나 …"), is no
            // edge: it would make every wrapped line of the page look ended.
            let column = prose.filter { abs($0.x - line.x) <= 6 }.sorted { $0.x + $0.width > $1.x + $1.width }
            let edges = column.map { $0.x + $0.width }
            let em = max(body.size, 1)
            let overrun = edges.count >= 6 && edges[0] - edges[1] > 2 * em && edges[5] >= edges[1] - em
                && wraps(column[0], in: lines)
            let rightEdge = edges.isEmpty ? 0 : overrun ? edges[1] : edges[0]
            if apart || (index + 1 < lines.count && endsShort(line, before: lines[index + 1], rightEdge: rightEdge)) { text.append("") }
        }
        return (text.joined(separator: "\n"), lines)
    }

    /// Poppler reads a run set in another font (a Latin word in a Korean line, whose boxes are of
    /// another height) as a line of its own, sometimes after the line it belongs to. A line that
    /// sits on the row of an earlier one and touches it joins it, so that a heading or a sentence
    /// stays whole ("Microsoft Office" + "파일로 저장"). A line of brackets alone within another's
    /// width on its row (the corner brackets a bill sets around a law's name, "｢국가공무원법｣",
    /// which poppler gives as lines of their own, each then cutting its sentence into
    /// paragraphs) is left out.
    static func mergeSameRow(_ byLine: inout [[Int]], _ page: PageSpans) {
        func box(_ indices: [Int]) -> (x0: Double, x1: Double, y0: Double, y1: Double, size: Double) {
            let spans = indices.map { page.spans[$0] }
            return (spans.map(\.x0).min()!, spans.map(\.x1).max()!, spans.map(\.y0).min()!, spans.map(\.y1).max()!, spans.map(\.size).max()!)
        }
        func bare(_ line: Int) -> Bool { byLine[line].allSatisfy { page.spans[$0].text.allSatisfy { $0 == " " || brackets.contains($0) } } }
        func sameRow(_ a: (x0: Double, x1: Double, y0: Double, y1: Double, size: Double), _ b: (x0: Double, x1: Double, y0: Double, y1: Double, size: Double)) -> Bool {
            abs((a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2) < 0.5 * min(a.y1 - a.y0, b.y1 - b.y0)
        }
        var earlier: [Int] = []
        for number in byLine.indices where !byLine[number].isEmpty {
            let this = box(byLine[number])
            let target = earlier.suffix(8).last { other in
                let that = box(byLine[other])
                guard sameRow(this, that) else { return false }
                let gap = this.x0 >= that.x1 ? this.x0 - that.x1 : that.x0 - this.x1
                return gap >= -0.5 && gap < cellGap * max(min(this.size, that.size), 1)
            }
            // Brackets alone carry no word, and their boxes give no place among the words of the
            // line they lie in ("국가공무원법 ｢ ｣ 제71조"): left out rather than misplaced, before or
            // after that line in poppler's order.
            func around(_ inner: (x0: Double, x1: Double, y0: Double, y1: Double, size: Double), _ outer: Int) -> Bool {
                let that = box(byLine[outer])
                return sameRow(inner, that) && inner.x0 >= that.x0 && inner.x1 <= that.x1
            }
            if bare(number), earlier.suffix(8).contains(where: { !bare($0) && around(this, $0) }) {
                byLine[number] = []
            } else if let target {
                byLine[target] += byLine[number]
                byLine[number] = []
            } else {
                for other in earlier.suffix(8) where bare(other) && around(box(byLine[other]), number) { byLine[other] = [] }
                earlier.removeAll { byLine[$0].isEmpty }
                earlier.append(number)
            }
        }
    }

    /// Whether the line after `line` carries its sentence on: no sentence end before it, and a
    /// next line at the same left edge that starts with a word, not a number or a mark.
    static func wraps(_ line: TextLine, in lines: [TextLine]) -> Bool {
        guard let at = lines.firstIndex(where: { $0.y == line.y && $0.x == line.x && $0.text == line.text }), at + 1 < lines.count else { return false }
        let next = lines[at + 1]
        guard abs(next.x - line.x) <= 6, let first = next.text.first, first.isLetter,
              let last = line.text.last, !".?!。:".contains(last), !["다", "요"].contains(last) else { return false }
        return true
    }

    static let brackets: Set<Character> = ["｢", "｣", "「", "」", "『", "』", "“", "”", "‘", "’", "\"", "'", "(", ")", "[", "]", "〈", "〉", "《", "》"]

    /// A line that ends so far before the page's right edge that the next line's first word would
    /// have fitted after it: the writer ended it (a list item, an error-list row, the last line of
    /// a paragraph, a heading set in body type), it did not wrap. The word's width is taken 15%
    /// wider than estimated, with 1.5 em to spare, so a wrap before a long word is not taken for an end.
    static func endsShort(_ line: TextLine, before next: TextLine, rightEdge: Double) -> Bool {
        guard line.cells == nil, next.cells == nil, line.width > 0, rightEdge > 0, next.y > line.y else { return false }
        // The em measured on the line itself: stated sizes are not always the drawn ones.
        let em = line.width / max(ems(line.text[...]), 1)
        let word = next.text.prefix { $0 != " " }
        return rightEdge - (line.x + line.width) > (ems(word) * 1.15 + 1.5) * em
    }

    /// Width of a text in ems, roughly: Hangul and CJK one, other characters a little over half,
    /// spaces a third.
    private static func ems(_ text: Substring) -> Double {
        var total = 0.0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x20 { total += 0.33; continue }
            let wide = (0x1100...0x11FF).contains(v) || (0x2E80...0x9FFF).contains(v) || (0xAC00...0xD7A3).contains(v) || (0xFF00...0xFFEF).contains(v)
            total += wide ? 1.0 : 0.6
        }
        return total
    }

    /// Tenths of a point are plenty, and keep the worker's answer short.
    private static func rounded(_ line: TextLine) -> TextLine {
        func r(_ value: Double) -> Double { (value * 10).rounded() / 10 }
        var line = line
        line.x = r(line.x); line.y = r(line.y); line.width = r(line.width); line.height = r(line.height); line.fontSize = r(line.fontSize)
        return line
    }

    private static func textLine(_ spans: [Span]) -> TextLine {
        var sizes: [Double: Int] = [:]
        var bold = 0, characters = 0
        // In a line of Korean with Latin runs, the Korean runs give its style: Chromium's Type 3
        // Latin fonts state sizes that are not the drawn ones.
        let korean = spans.filter { $0.text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }
        for span in korean.isEmpty ? spans : korean {
            sizes[span.size, default: 0] += span.characters
            characters += span.characters
            if span.bold { bold += span.characters }
        }
        let x0 = spans.map(\.x0).min()!, x1 = spans.map(\.x1).max()!, y0 = spans.map(\.y0).min()!, y1 = spans.map(\.y1).max()!
        // Spans of one poppler line are apart by a cell gap; pieces merged from another line may
        // touch ("LibreOffice" + "는"), and then they are one word.
        var text = ""
        for (index, span) in spans.enumerated() {
            if index > 0, span.x0 - spans[index - 1].x1 > 0.15 * max(span.size, spans[index - 1].size) || spans[index - 1].x1 > span.x0 + 0.5 { text += " " }
            text += span.text
        }
        return TextLine(text: text, x: x0, y: y0, width: x1 - x0, height: y1 - y0,
                        fontSize: sizes.max(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key ?? 0, bold: bold * 2 > characters)
    }

    /// Larger than the body text, or bold where the body is not.
    static func isHeadingStyle(_ line: TextLine, body: (size: Double, bold: Bool)) -> Bool {
        guard line.cells == nil, body.size > 0 else { return false }
        // A word in bold that ends a sentence ("… is an Empty / Variant.") is the last line of a
        // wrapped paragraph, not a heading.
        if line.text.hasSuffix("."), line.text.dropLast().last?.isLetter == true, !line.text.contains(" ") { return false }
        return line.fontSize >= body.size * headingScale || (line.bold && !body.bold && line.text.count <= 120)
    }

    /// Two lines in the same heading style, one right under the other, are one heading that
    /// wrapped — unless the second starts a numbered heading of its own.
    static func joinWrappedHeadings(_ lines: [TextLine], body: (size: Double, bold: Bool), join: (String, String) -> String) -> [TextLine] {
        var result: [TextLine] = []
        for line in lines {
            if var last = result.last, isHeadingStyle(last, body: body), isHeadingStyle(line, body: body),
               abs(last.fontSize - line.fontSize) < 0.5, last.bold == line.bold,
               line.y > last.y, line.y - last.y <= 2 * max(last.height, last.fontSize),
               abs(line.x - last.x) <= 2 * last.fontSize || abs((line.x + line.width / 2) - (last.x + last.width / 2)) <= 2 * last.fontSize,
               !startsNumberedHeading(line.text) {
                let right = max(last.x + last.width, line.x + line.width), bottom = max(last.y + last.height, line.y + line.height)
                last.text = join(last.text, line.text)
                last.x = min(last.x, line.x)
                last.width = right - last.x
                last.height = bottom - last.y
                result[result.count - 1] = last
            } else {
                result.append(line)
            }
        }
        return result
    }

    /// "3.2 …", "3장 …", "제 3 장", "Chapter 3": a heading of its own, not the rest of one above.
    private static func startsNumberedHeading(_ text: String) -> Bool {
        if text.hasPrefix("제") || text.hasPrefix("Chapter ") || text.hasPrefix("CHAPTER ") { return true }
        let digits = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        return !digits.isEmpty && digits.first!.isNumber
    }
}
