import Foundation
import NotioCore

/// A comparison table only where the text compares: a table drawn with "|", two things described
/// with the same aspects ("프로세스" then "- 메모리: …", "스레드" then "- 메모리: …"), labelled
/// lines next to a comparing word, or "A는 …인 반면 B는 …" / "A …, whereas B …".
enum ComparisonFinder {
    static func table(lines: ArraySlice<TextLayout.Line>, sentences: [String]) -> ComparisonTable? {
        let texts = lines.filter { !$0.isBreak }.map(\.text)
        return oldAndNew(lines) ?? layoutTable(lines) ?? pipeTable(texts) ?? groupedAspects(texts) ?? labelledLines(texts) ?? contrastSentence(sentences)
    }

    // A table the PDF draws (cells aligned by position; see PageLines in the extractor): its
    // first row heads the columns. The first such table of the section, three rows or more.
    private static func layoutTable(_ lines: ArraySlice<TextLayout.Line>) -> ComparisonTable? {
        var run: [[String]] = []
        func finish() -> ComparisonTable? {
            guard run.count >= 3, let header = run.first, header.allSatisfy({ $0.contains(where: \.isLetter) && !isCode($0) }) else { return nil }
            // Tables of symbols or of code beside its output (a LaTeX manual has many) teach no comparison.
            let cells = run.joined().filter { !$0.isEmpty }
            guard cells.filter(isCode).count * 5 <= cells.count, cells.allSatisfy({ $0.count <= 80 }) else { return nil }
            return ComparisonTable(columns: header, rows: Array(run.dropFirst()))
        }
        func isCode(_ cell: String) -> Bool { cell.contains("\\") || cell.contains("{") || cell.contains("=") || cell.contains("$") }
        for line in lines where !line.text.isEmpty {
            if let cells = line.style?.cells, cells.count >= 2, run.isEmpty || run[0].count == cells.count {
                run.append(cells)
            } else {
                if let table = finish() { return table }
                run = line.style?.cells.map { $0.count >= 2 ? [$0] : [] } ?? []
            }
        }
        return finish()
    }

    /// A bill's 신·구조문대비표: the law as it is (현행) beside the bill's text (개정안), two columns
    /// cut inside words. Where the PDF sets them side by side, each line goes to the column its
    /// centre is nearer; where it gives them one under the other, a line of each in turn (a text
    /// dump of the table), lines alternate. A row starts at an article (제N조), a clause (①) or an
    /// item ("4."); dashes stand for "as it is" (현행과 같음). Two columns stay two columns.
    static func oldAndNew(_ lines: ArraySlice<TextLayout.Line>) -> ComparisonTable? {
        let content = lines.filter { !$0.isBreak && !$0.text.isEmpty }
        // The heading row: "현 행" and "개 정 안", often one syllable a line.
        var heard = "", left: [Double] = [], right: Double?, start: Int?
        for (i, line) in content.enumerated().prefix(12) {
            let key = SectionFinder.compact(line.text)
            guard key.count <= 4 else { heard = ""; left = []; continue }
            heard += key
            let centre = line.style.map { $0.x + $0.width / 2 }
            if heard.count <= 2, let centre { left.append(centre) }
            if heard.count > 2, right == nil { right = centre }
            if heard == "현행개정안" { start = i + 1; break }
        }
        guard let start else { return nil }
        let leftCentre = left.isEmpty ? nil : left.reduce(0, +) / Double(left.count)
        // Side by side only when the heads are a column apart.
        let boundary = leftCentre.flatMap { l in right.flatMap { r in r - l > 100 ? (l + r) / 2 : nil } }
        var rows: [[String]] = []
        var cells = ["", ""]
        func joined(_ a: String, _ b: String) -> String {
            guard let last = a.unicodeScalars.last, let first = b.unicodeScalars.first else { return a + b }
            // Cells wrap by the syllable, so Hangul meeting Hangul was one word, unless the line
            // ended on a particle or an ending ("여자공무원이" / "임신", "해당하는" / "사유로").
            let endsWord = "을를은는이가의에로고며면다서한된할와과도".unicodeScalars.contains(last)
            return KoreanText.isHangulScalar(last) && KoreanText.isHangulScalar(first) && !endsWord ? a + b : a + " " + b
        }
        func marker(_ text: String) -> Substring? { text.prefixMatch(of: /제\d+조|[①-⑳]|\d+\./)?.output }
        func finishRow() {
            let row = cells.map { cell -> String in
                let text = Whitespace.normalised(cell.replacing(/-{2,}[.]?/, with: " "))
                if text.isEmpty && !cell.isEmpty { return "(현행과 같음)" }
                return marker(text).map { $0.count == text.count } == true && text != cell ? text + " (현행과 같음)" : text
            }
            if row.contains(where: { !$0.isEmpty }) { rows.append(row) }
            cells = ["", ""]
        }
        var turn = 0
        for line in content[(content.startIndex + start)...] {
            let text = line.text.trimmingSpaces()
            // A page mark ("-1-") is no cell; the bill's next part ends the table.
            if text.wholeMatch(of: /-\s*\d+\s*-/) != nil { continue }
            let key = SectionFinder.compact(text)
            if key.contains("비용추계서") || ReportHeadings.partNames.contains(key) { break }
            let mark = marker(text)
            let column: Int
            if let boundary {
                guard let style = line.style else { continue }
                column = style.x + style.width / 2 < boundary ? 0 : 1
                if mark != nil, !cells[column].isEmpty { finishRow() }
            } else if let mark {
                // An item's new text follows its old one under the same mark; another mark is a new row.
                column = cells[1].isEmpty && marker(cells[0]) == mark ? 1 : 0
                if column == 0 { finishRow() }
                turn = column + 1
            } else {
                column = turn % 2
                turn += 1
            }
            cells[column] = cells[column].isEmpty ? text : joined(cells[column], text)
        }
        finishRow()
        return rows.count >= 2 ? ComparisonTable(columns: ["현행", "개정안"], rows: rows) : nil
    }

    // "항목 | 프로세스 | 스레드" followed by rows with as many cells.
    private static func pipeTable(_ texts: [String]) -> ComparisonTable? {
        var run: [[String]] = []
        func cells(_ text: String) -> [String]? {
            // Most lines have no "|" at all: a byte check before counting characters.
            guard text.utf8.contains(UInt8(ascii: "|")) else { return nil }
            guard text.filter({ $0 == "|" }).count >= 2 || (text.utf8Contains(" | ")) else { return nil }
            var parts = text.split(separator: "|", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
            if parts.first == "" { parts.removeFirst() }
            if parts.last == "" { parts.removeLast() }
            return parts.count >= 2 ? parts : nil
        }
        func finish() -> ComparisonTable? {
            let rows = run.filter { !$0.allSatisfy { $0.allSatisfy { "-:= ".contains($0) } } }
            guard rows.count >= 3, let width = rows.first?.count, width >= 3, rows.allSatisfy({ $0.count == width }),
                  rows.joined().filter({ $0.contains(where: \.isLetter) }).count * 2 >= rows.count * width else { return nil }
            return ComparisonTable(columns: rows[0], rows: Array(rows.dropFirst()))
        }
        for text in texts {
            if let row = cells(text), run.isEmpty || run[0].count == row.count {
                run.append(row)
            } else {
                if let table = finish() { return table }
                run = cells(text).map { [$0] } ?? []
            }
        }
        return finish()
    }

    private static func labelled(_ text: String) -> (String, String)? {
        // No colon byte, no label: most lines, answered before any copying.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == 0xEF }) else { return nil }
        var body = text
        let marker = TextLayout.bulletMarkerLength(body)
        body = String(body.dropFirst(marker))
        guard let colon = body.firstIndex(where: { $0 == ":" || $0 == "：" }) else { return nil }
        let label = String(body[..<colon]).trimmingSpaces()
        let value = String(body[body.index(after: colon)...]).trimmingSpaces()
        guard !label.isEmpty, label.count <= 20, label.split(separator: " ").count <= 3, label.contains(where: \.isLetter) else { return nil }
        return (label, value)
    }

    // A name alone on its line, then "aspect: value" lines; two names or more sharing two aspects or more.
    private static func groupedAspects(_ texts: [String]) -> ComparisonTable? {
        var groups: [(name: String, aspects: [(String, String)])] = []
        func evaluate() -> ComparisonTable? { table(from: groups.filter { $0.aspects.count >= 2 }) }
        for text in texts {
            if let (label, value) = labelled(text), !value.isEmpty {
                if !groups.isEmpty { groups[groups.count - 1].aspects.append((label, value)) }
                continue
            }
            var name = String(text.dropFirst(TextLayout.bulletMarkerLength(text)))
            if name.hasSuffix(":") { name.removeLast() }
            if name.count <= 20, name.split(separator: " ").count <= 3, name.contains(where: \.isLetter) {
                groups.append((name, []))
            } else {
                if let found = evaluate() { return found }
                groups = []
            }
        }
        return evaluate()
    }

    private static func table(from groups: [(name: String, aspects: [(String, String)])]) -> ComparisonTable? {
        guard groups.count >= 2 else { return nil }
        let shared = groups[0].aspects.map(\.0).filter { aspect in groups.dropFirst().allSatisfy { $0.aspects.contains { $0.0 == aspect } } }
        guard shared.count >= 2 else { return nil }
        let header = KoreanText.containsHangul(groups.map(\.name).joined()) ? "항목" : "Aspect"
        let rows = shared.map { aspect in [aspect] + groups.map { group in group.aspects.first { $0.0 == aspect }!.1 } }
        return ComparisonTable(columns: [header] + groups.map(\.name), rows: rows)
    }

    private static let comparingWords = ["비교", "차이", "반면", "대비", "달리", "versus", " vs", "compared", "comparison", "differ", "whereas", "unlike", "contrast"]

    // "- 프로세스: …" / "- 스레드: …" where the text around says that it compares.
    private static func labelledLines(_ texts: [String]) -> ComparisonTable? {
        for (index, text) in texts.enumerated() {
            let lower = text.lowercased()
            guard comparingWords.contains(where: { lower.utf8Contains($0) }) else { continue }
            var rows: [[String]] = []
            for candidate in texts[(index + 1)...].prefix(8) {
                guard let (label, value) = labelled(candidate), !value.isEmpty else { break }
                rows.append([label, value])
            }
            if rows.count >= 2 {
                let korean = KoreanText.containsHangul(text)
                return ComparisonTable(columns: korean ? ["구분", "특징"] : ["Item", "Description"], rows: rows)
            }
        }
        return nil
    }

    // "A는 …인 반면 B는 …" and "A …, whereas B …".
    private static func contrastSentence(_ sentences: [String]) -> ComparisonTable? {
        for sentence in sentences where sentence.count <= 300 {
            // Every marker contains "반면": one search rules them all out for most sentences.
            for marker in ["인 반면에 ", "인 반면 ", "한 반면에 ", "한 반면 ", "는 반면에 ", "는 반면 ", "은 반면 ", "반면에 ", "반면 "] where sentence.utf8Contains("반면") {
                guard let range = sentence.utf8FirstRange(of: marker) else { continue }
                let left = String(sentence[..<range.lowerBound])
                let right = String(sentence[range.upperBound...])
                guard let (a, aText) = subject(left), let (b, bText) = subject(right), a != b else { break }
                return ComparisonTable(columns: ["구분", "특징"], rows: [[a, aText], [b, bText]])
            }
            if let range = sentence.utf8FirstRange(of: ", whereas ") ?? sentence.utf8FirstRange(of: " whereas ") {
                let left = String(sentence[..<range.lowerBound])
                let right = String(sentence[range.upperBound...])
                if let (a, aText) = englishSubject(left), let (b, bText) = englishSubject(right), a.lowercased() != b.lowercased() {
                    return ComparisonTable(columns: ["Item", "Description"], rows: [[a, aText], [b, bText]])
                }
            }
        }
        return nil
    }

    private static func subject(_ clause: String) -> (String, String)? {
        let words = clause.trimmingCharacters(in: CharacterSet(charactersIn: " ,")).split(separator: " ").map(String.init)
        guard words.count >= 2 else { return nil }
        for i in 0..<min(2, words.count - 1) {
            let word = words[i]
            for particle in ["은", "는", "이", "가"] where word.hasSuffix(particle) && word.count > 1 {
                let stem = (words[0..<i] + [String(word.dropLast())]).joined(separator: " ")
                let rest = words[(i + 1)...].joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " ,."))
                return rest.isEmpty ? nil : (stem, rest)
            }
        }
        return nil
    }

    private static func englishSubject(_ clause: String) -> (String, String)? {
        let words = clause.trimmingCharacters(in: CharacterSet(charactersIn: " ,")).split(separator: " ").map(String.init)
        let verbs: Set<String> = ["is", "are", "has", "have", "uses", "use", "can", "stores", "keeps", "runs", "shares", "was", "were"]
        guard let verb = words.prefix(5).firstIndex(where: { verbs.contains($0.lowercased()) }), verb > 0 else { return nil }
        var subject = Array(words[..<verb])
        if ["a", "an", "the"].contains(subject[0].lowercased()) { subject.removeFirst() }
        guard !subject.isEmpty else { return nil }
        let rest = words[verb...].joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " ,."))
        return (subject.joined(separator: " "), rest)
    }
}
