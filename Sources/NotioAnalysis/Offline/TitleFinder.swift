import Foundation
import NotioCore

/// The title of a document: its metadata title when that is a real title, else the first
/// title-like lines of its first page (for a Korean document, its first Korean title line).
enum TitleFinder {
    static func title(of document: ExtractedDocument, layout: TextLayout) -> String {
        if let meta = document.metadataTitle.map({ Whitespace.normalised(KoreanText.nfc($0)) }), isMeaningful(meta) { return meta }
        let firstPage = layout.lines.filter { $0.page == document.pages.first?.number && !$0.isBreak }.map(\.text).prefix(12)
        let candidates = firstPage.filter { line in
            line.count <= 80 && !isByline(line) && line.contains(where: \.isLetter)
        }
        guard let first = candidates.first else { return document.outline.first?.title ?? "" }
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

    /// Not empty, not a file name, not a word processor's placeholder.
    static func isMeaningful(_ title: String) -> Bool {
        let lower = title.lowercased()
        guard title.count >= 3, title.contains(where: \.isLetter) else { return false }
        let placeholders = ["untitled", "microsoft word", "microsoft powerpoint", "powerpoint presentation", "slide 1", "document1", "title"]
        if placeholders.contains(where: { lower.hasPrefix($0) }) { return false }
        let extensions = [".doc", ".docx", ".ppt", ".pptx", ".pdf", ".tex", ".dvi", ".hwp", ".txt", ".odt", ".key", ".indd"]
        if extensions.contains(where: { lower.hasSuffix($0) || lower.contains($0 + " ") }) { return false }
        if !title.contains(" "), title.contains("_") { return false }
        return true
    }
}
