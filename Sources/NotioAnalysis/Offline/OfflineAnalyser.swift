import Foundation
import NotioCore

/// The default provider: built in, deterministic, no network.
///
/// Sections come from the PDF outline or from headings in the text; each becomes a concept card
/// with sentences copied from its section (TextRank summary, key points, a definition when the
/// text gives one, a comparison table when the text compares). Keywords are scored by TF-IDF
/// across sections. Everything shown is a verbatim, whitespace-normalised run of the text.
public struct OfflineAnalyser: AnalysisProvider {
    /// Chooses each blank's options among the note's terms of the key's kind by how well they
    /// fit it (`OfflineQuizGenerator.questions(for:languageModel:)`); without one, the chooser's
    /// ranking alone decides.
    public let languageModel: (any KoreanLanguageModel)?

    public init(languageModel: (any KoreanLanguageModel)? = nil) { self.languageModel = languageModel }
    public var name: String { "offline" }

    /// This analyser with `languageModel`.
    public func with(languageModel: any KoreanLanguageModel) -> OfflineAnalyser { OfflineAnalyser(languageModel: languageModel) }

    public func analyse(_ document: ExtractedDocument, progress: @escaping AnalysisProgress) async throws -> NoteAnalysis {
        try await analyse(document, tagger: nil, progress: progress)
    }

    /// The analysis with the document's words read by a Korean morphological analyser: terms
    /// and keywords are the nouns and noun phrases its tags give ("선거관리위원회는" →
    /// 선거관리위원회; "얻어 대통령" is no term, "얻어" being a verb). Without a tagger, or when it
    /// fails (no dictionary, a text past its limits), the words are read with the hand-written
    /// particle lists of `TermVocabulary`: the note is made either way.
    public func analyse(_ document: ExtractedDocument, tagger: (any KoreanTagger)?, progress: @escaping AnalysisProgress) async throws -> NoteAnalysis {
        progress(0)
        let run = OfflineAnalysis(document: document)
        let pieces = run.pieces()
        var tagged: [[TaggedWord]]?
        if let tagger {
            let texts = pieces.joined().map(\.text)
            do {
                let words = try await tagger.tag(texts)
                if words.count == texts.count { tagged = words }
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                // Any other failure: the particle lists read the words (see above).
            }
        }
        let analysis = try run.run(pieces: pieces, tagged: tagged, progress: progress)
        progress(1)
        return analysis
    }

    /// The document's title as the analysis will give it (metadata, else its first heading, else
    /// its first title-like line), without analysing the rest: known as soon as the text is out.
    public static func title(of document: ExtractedDocument) -> String {
        var layout = TextLayout(document)
        let plan = SectionFinder.plan(of: document, layout: layout)
        layout.markHeadings(plan)
        return TitleFinder.title(of: document, layout: layout, firstHeading: plan.firstHeading)
    }

    /// The document as the analysis reads it, one line per text line: page, font size and
    /// weight where the PDF gives them, "H" on the lines taken for headings, "·" on breaks. For
    /// looking at a document that gives poor sections (`notio measure study FILE --lines`).
    public static func layoutListing(of document: ExtractedDocument) -> String {
        var layout = TextLayout(document)
        let plan = SectionFinder.plan(of: document, layout: layout)
        layout.markHeadings(plan)
        let headings = Set(plan.headingLines)
        return layout.lines.enumerated().map { index, line in
            let style = line.style.map { String(format: "%5.1f%@", $0.fontSize, $0.bold ? "b" : " ") } ?? "      "
            return "\(line.page)\t\(style)\t\(headings.contains(index) ? "H" : line.isBreak ? "·" : " ")\t\(line.text)"
        }.joined(separator: "\n") + "\n" + plan.sections.map { "== \($0.title) [\($0.lines)]" }.joined(separator: "\n")
    }

    public func makeQuestions(_ request: QuizRequest) async throws -> [Question] {
        guard let languageModel else { return OfflineQuizGenerator().questions(for: request) }
        return try await OfflineQuizGenerator().questions(for: request, languageModel: languageModel)
    }

    /// The same generation as `makeQuestions`, at the largest count: exactly what a quiz of up to
    /// that many questions would hold.
    public func questionSupply(_ request: QuizRequest) -> Int? {
        var request = request
        request.count = OfflineQuizGenerator.maximumCount
        return OfflineQuizGenerator().questions(for: request).count
    }
}
