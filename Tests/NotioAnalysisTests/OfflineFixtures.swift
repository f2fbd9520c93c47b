import Foundation
import NotioCore
@testable import NotioAnalysis
import NotioMediaEngine

/// Documents the offline analyser is checked on: the text and outline of real PDFs
/// (lshort-ko.pdf from texlive-lang-korean, R-intro.pdf from r-doc-pdf) and a short lecture note.
enum OfflineFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func document(_ name: String) throws -> ExtractedDocument {
        let data = try Data(contentsOf: folder.appendingPathComponent(name + ".json"))
        return try JSONDecoder().decode(ExtractedDocument.self, from: data)
    }

    /// Pages separated by form feeds, as `pdftotext` writes them; no outline.
    static func textDocument(_ name: String) throws -> ExtractedDocument {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        let pages = text.split(separator: "\u{0C}", omittingEmptySubsequences: false).enumerated().map {
            SourcePage(number: $0.offset + 1, text: String($0.element))
        }
        return ExtractedDocument(pages: pages)
    }

    static func analyse(_ document: ExtractedDocument) async throws -> NoteAnalysis {
        try await OfflineAnalyser().analyse(document, tagger: tagger) { _ in }
    }

    /// MeCab with mecab-ko-dic in this process, as the server's worker runs it: the analysis
    /// reads words by their tags, as in the app (`make test` fetches the dictionary first).
    static let tagger: MeCabTagger? = try? MeCabTagger(dictionary: root.appendingPathComponent(".cache/mecab-ko-dic").path)
    /// Kiwi's language model in this process, as the server's worker runs it (`make test` builds it first).
    static let languageModel: KiwiLanguageModel? = try? KiwiLanguageModel(folder: root.appendingPathComponent(".cache/kiwi/model").path)
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The whole text as a reader would search it: NFC, whitespace runs as one space.
    static func searchableText(_ document: ExtractedDocument) -> String {
        Whitespace.normalised(KoreanText.nfc(document.pages.map(\.text).joined(separator: "\n")))
    }

    static func normalised(_ text: String) -> String { Whitespace.normalised(KoreanText.nfc(text)) }
}
