import Foundation
import NotioCore

/// The parts of a bill or a report, which print their headings in body type on a line of their
/// own: "제안이유", "주요내용" (or "제안이유 및 주요내용"), "부칙", "신·구조문대비표", "비용추계서",
/// and the parts reports share (개요, 배경, 현황, 문제점, 개선방안, 검토의견, 결론…). Read by the
/// words, since nothing in the type sets them apart; a document needs two of them to be read so.
enum ReportHeadings {
    /// Part names, compact (no spaces or marks): the words bills and reports head their parts with.
    static let partNames: Set<String> = [
        "제안이유", "주요내용", "제안이유및주요내용", "개정이유", "개정이유및주요내용", "부칙", "신구조문대비표",
        "비용추계서", "비용추계서미첨부사유서", "참고사항", "검토의견", "검토보고", "심사경과", "의결주문",
        "개요", "배경", "추진배경", "현황", "문제점", "개선방안", "기대효과", "결론", "요약", "목적", "추진경과",
        "향후계획", "조치사항", "주요골자", "입법취지",
        // The cost statement every bill carries (비용추계서, or the reasons it has none).
        "재정수반요인", "미첨부근거규정", "미첨부사유", "비용추계요약", "비용추계의전제", "비용추계결과", "부대의견",
    ]

    /// A part's list number ("1. 재정수반요인", "가. 개요", "Ⅱ. 현황"): the name is what follows.
    static func withoutPartNumber(_ text: String) -> String {
        text.replacing(/^\s*(?:[0-9]{1,2}|[가-하]|[ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩ]|[IVX]{1,4})[.)]\s*/, with: "")
    }

    static func find(in layout: TextLayout) -> [Heading] {
        var result: [Heading] = []
        var seen = Set<String>()
        for (index, line) in layout.lines.enumerated() where !line.isBreak && line.text.count <= 24 {
            let name = withoutPartNumber(line.text)
            let key = SectionFinder.compact(name.replacingOccurrences(of: "·", with: "").replacingOccurrences(of: "ㆍ", with: ""))
            // "부\n칙" split over two lines by a bill's letter-spaced heading.
            var title = line.text
            var startOfNextLine = 0
            var matched = partNames.contains(key)
            if !matched, key.count == 1, index + 1 < layout.lines.count,
               case let next = layout.lines[index + 1].text, let first = next.first, partNames.contains(key + String(first)) {
                matched = true
                title = line.text + String(first)
                startOfNextLine = 1
            }
            guard matched, !seen.contains(SectionFinder.compact(title)) else { continue }
            seen.insert(SectionFinder.compact(title))
            result.append(Heading(title: title.replacingOccurrences(of: " ", with: "").count <= 6 ? title.replacingOccurrences(of: " ", with: "") : title,
                                  level: 0, line: index + 1, marks: [index], startOfNextLine: startOfNextLine))
        }
        return result.count >= 2 ? result : []
    }
}
