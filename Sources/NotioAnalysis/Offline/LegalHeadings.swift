import Foundation
import NotioCore

/// The divisions of a legal text below the ones its type sets apart: a law heads its parts
/// 제N편 > 제N장 > 제N절 > 제N관 (then 제N조, its articles, which are no cards), and prints the
/// smaller divisions (관, often 절) in body type. Where the headings found already number
/// chapters or sections this way, a line "제N관 국무회의" (or "제N절 …") between them is a heading
/// one level below the division it falls in.
enum LegalHeadings {
    /// Division words from the largest to the smallest.
    static let divisions: [Character] = ["편", "장", "절", "관"]

    /// The division and title of a line "제 3 관 감사원", nil for any other line.
    static func division(_ text: String) -> (rank: Int, title: String)? {
        guard let match = text.wholeMatch(of: /제\s*\d{1,3}\s*([편장절관])\s+(\S.{0,38})/),
              let rank = divisions.firstIndex(of: Character(String(match.output.1))) else { return nil }
        let title = String(match.output.2).trimmingCharacters(in: .whitespaces)
        // A title, not an article's sentence ("제2관 … 한다."), and no list of contents.
        guard !title.hasSuffix("."), !title.hasSuffix("다"), title.last?.isNumber != true else { return nil }
        return (rank, title)
    }

    static func completed(_ headings: [Heading], layout: TextLayout) -> [Heading] {
        // Only a document whose found headings are legal divisions.
        let found = headings.compactMap { h in division(h.title).map { (h, $0.rank) } }
        guard found.count >= 2 else { return headings }
        let known = Set(headings.flatMap(\.marks) + headings.map { $0.line - 1 })
        var added: [Heading] = []
        for (index, line) in layout.lines.enumerated() where !line.isBreak && !known.contains(index) {
            guard let (rank, _) = division(line.text) else { continue }
            // The division it falls in: the last found heading before it of a larger rank.
            guard let parent = found.last(where: { $0.0.line <= index && $0.1 < rank }) else { continue }
            added.append(Heading(title: line.text, level: parent.0.level + (rank - parent.1), line: index + 1, marks: [index]))
        }
        guard !added.isEmpty else { return headings }
        return (headings + added).sorted { $0.line < $1.line }
    }
}
