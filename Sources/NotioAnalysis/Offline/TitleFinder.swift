import Foundation
import NotioCore

/// The title of a document: its metadata title when that is a real title, else its first
/// heading (on its first two pages), else the first title-like lines of its first page (for a
/// Korean document, its first Korean title line).
enum TitleFinder {
    static func title(of document: ExtractedDocument, layout: TextLayout, firstHeading: String? = nil) -> String {
        if let meta = document.metadataTitle.map({ Whitespace.normalised(KoreanText.nfc($0)) }), isMeaningful(meta) { return meta }
        if let heading = firstHeading, !heading.isEmpty { return heading }
        // A page printed by a browser names itself in the header; on a scan that small line
        // survives OCR better than the large heading below it.
        let firstPageNumber = document.pages.first?.number
        if let printed = layout.lines.filter({ $0.page == firstPageNumber && !$0.text.isEmpty }).prefix(3)
            .lazy.compactMap({ TextLayout.browserHeaderTitle($0.text) }).first {
            return printed
        }
        let firstPage = layout.lines.filter { $0.page == document.pages.first?.number && !$0.isBreak }.map(\.text).prefix(12)
        let candidates = firstPage.filter { line in
            line.count <= 80 && !isByline(line) && line.contains(where: \.isLetter)
        }
        guard let first = candidates.first else {
            // Only headings and long paragraphs on the first page: its first heading line.
            let heading = layout.lines.first { $0.page == document.pages.first?.number && !$0.text.isEmpty && $0.text.count <= 80 && $0.text.contains(where: \.isLetter) }
            return heading?.text ?? document.outline.first?.title ?? ""
        }
        let hangulShare = korean(document)
        if hangulShare, !KoreanText.containsHangul(first),
           let korean = candidates.prefix(6).first(where: { KoreanText.containsHangul($0) && $0.count <= 40 }) {
            return korean
        }
        var title = first
        if let index = candidates.firstIndex(of: first), index + 1 < candidates.count {
            let next = candidates[index + 1]
            let lastWord = first.split(separator: " ").last.map { String($0).lowercased() } ?? ""
            let joins = ["to", "of", "the", "and", "for", "a", "an", "in", "on", "with", "short"].contains(lastWord) || next.first?.isLowercase == true
            if joins, !next.contains(":"), (first + " " + next).count <= 90 { title = first + " " + next }
        }
        return title
    }

    private static func korean(_ document: ExtractedDocument) -> Bool {
        var hangul = 0, latin = 0
        for page in document.pages.prefix(20) {
            for scalar in page.text.unicodeScalars {
                if KoreanText.isHangul(scalar) { hangul += 1 } else if scalar.properties.isAlphabetic { latin += 1 }
            }
        }
        return hangul > latin / 2
    }

    private static func isByline(_ line: String) -> Bool {
        let lower = line.lowercased()
        let starts = ["by ", "version", "copyright", "©", "(c)", "draft", "edition", "published", "http", "www."]
        if starts.contains(where: { lower.hasPrefix($0) }) { return true }
        let digits = line.filter(\.isNumber).count
        return digits * 3 > line.count
    }

    /// Not empty, not a file name ("lecture.html", "os-scheduling", "week_3"), not the name an
    /// application gives a new file ("PowerPoint 프레젠테이션", "Microsoft Word - 강의.docx",
    /// "Untitled", "제목 없음", "Document1").
    static func isMeaningful(_ title: String) -> Bool {
        let lower = title.lowercased().trimmingCharacters(in: .whitespaces)
        guard title.count >= 3, title.contains(where: \.isLetter) else { return false }
        let placeholders = ["untitled", "microsoft word", "microsoft powerpoint", "microsoft excel", "powerpoint presentation",
                            "powerpoint 프레젠테이션", "프레젠테이션", "slide 1", "슬라이드 1", "document", "문서", "새 문서", "title",
                            "제목 없음", "제목없음", "무제", "presentation", "hwp 문서", "한글 문서", "google docs", "google slides"]
        for placeholder in placeholders where lower.hasPrefix(placeholder) {
            // "Document1", "프레젠테이션1", "Microsoft Word - …" and the placeholder alone; not "Documentation".
            let rest = lower.dropFirst(placeholder.count).trimmingCharacters(in: .whitespaces)
            if rest.isEmpty || rest.first!.isNumber || rest.hasPrefix("-") || rest.hasPrefix("–") || rest.hasPrefix(":") { return false }
        }
        if lower == "제목" || lower == "title" { return false }
        let extensions = [".doc", ".docx", ".ppt", ".pptx", ".pdf", ".tex", ".dvi", ".hwp", ".hwpx", ".txt", ".odt", ".odp", ".key",
                          ".indd", ".html", ".htm", ".xhtml", ".md", ".rtf", ".pages", ".xls", ".xlsx"]
        if extensions.contains(where: { lower.hasSuffix($0) || lower.contains($0 + " ") }) { return false }
        // One token joined with "_" or "-" ("os-scheduling", "lecture_03"): a file name.
        if !title.contains(" "), title.contains("_") || title.contains("-") { return false }
        // One lower-case Latin token with digits or none ("lecture", "week3"): a file name too.
        if !title.contains(" "), title.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) }) { return false }
        return true
    }
}
