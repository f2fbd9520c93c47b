import Foundation
import NotioCore

/// What Gemini and OpenAI-compatible providers share: chunking a document within a character
/// budget, asking for schema-shaped answers, one retry on invalid output, halving a chunk whose
/// answer was cut off, merging chunks, and quiz questions with repair and "do not repeat".
struct ModelAnalyst<Client: ModelClient>: Sendable {
    var client: Client
    /// Characters of page text per request.
    var chunkCharacters: Int
    /// How many times a cut-off chunk may be halved again.
    var maxSplitDepth: Int = 3

    // MARK: Analysis

    func analyse(_ document: ExtractedDocument, pdfData: Data?, progress: @escaping AnalysisProgress) async throws -> NoteAnalysis {
        progress(0)
        if let pdfData, client.readsPDF, Self.isScanned(document) {
            let pages = Set(document.pages.map(\.number))
            let prompt = analysisPrompt(material: "The lecture notes are the attached PDF. Its pages are numbered from 1.", pdf: pdfData)
            if case .value(let answer) = try await ask(prompt, as: ModelAnalysis.self) {
                progress(1)
                return withFallbackTitle(answer.note(validPages: pages.isEmpty ? Set(1...10_000) : pages), document)
            }
            // Cut off: the text, even if sparse, can be split; the PDF cannot.
        }

        let chunks = TextChunk.chunks(of: document.pages, budget: chunkCharacters)
        guard !chunks.isEmpty else { throw AnalysisError("The document has no text to analyse.") }
        var parts: [NoteAnalysis] = []
        for (index, chunk) in chunks.enumerated() {
            try Task.checkCancellation()
            parts.append(try await analyse(chunk, depth: 0))
            progress(Double(index + 1) / Double(chunks.count))
        }
        return withFallbackTitle(NoteMerger.merge(parts), document)
    }

    private func analyse(_ chunk: TextChunk, depth: Int) async throws -> NoteAnalysis {
        let prompt = analysisPrompt(material: "Lecture notes (each page begins with its marker):\n\n" + chunk.markedText, pdf: nil)
        switch try await ask(prompt, as: ModelAnalysis.self) {
        case .value(let answer):
            return answer.note(validPages: chunk.pageNumbers)
        case .truncated:
            guard depth < maxSplitDepth, let (left, right) = chunk.halves() else {
                throw AnalysisError("\(client.serviceName)'s answer was cut off at its output limit even for a short part of the document. Raise the output token limit or choose a model with a larger one.")
            }
            let first = try await analyse(left, depth: depth + 1)
            let second = try await analyse(right, depth: depth + 1)
            return NoteMerger.merge([first, second])
        }
    }

    /// Text sparse enough that the OCR'd pages are all there is (≈ under 200 characters a page).
    static func isScanned(_ document: ExtractedDocument) -> Bool {
        guard !document.ocrPages.isEmpty, !document.pages.isEmpty else { return false }
        let characters = document.pages.reduce(0) { $0 + $1.text.trimmingCharacters(in: .whitespacesAndNewlines).count }
        return characters < 200 * document.pages.count
    }

    private func withFallbackTitle(_ note: NoteAnalysis, _ document: ExtractedDocument) -> NoteAnalysis {
        var note = note
        if note.title.isEmpty { note.title = document.metadataTitle ?? "" }
        return note
    }

    private func analysisPrompt(material: String, pdf: Data?) -> ModelPrompt {
        ModelPrompt(system: """
            You turn a student's lecture notes into a study aid. Answer in the language of the notes \
            (Korean notes get Korean answers). Use only what the notes say.
            - title: the lecture's subject, short.
            - concepts: the main ideas, one card each, in the order of the notes. name: the concept's \
            name as the notes write it. summary: two or three sentences. definition: the notes' \
            definition, or null if they give none. keyPoints: short facts a student should remember. \
            comparison: a table only where the notes really compare things (columns are the aspects, \
            each row one compared thing), else null. pages: the numbers from the "[p. N]" markers of \
            the pages the concept is drawn from.
            - keywords: important terms that occur in the notes, each with related terms from the notes.
            """,
            user: material, schema: ModelSchemas.analysis, schemaName: "note_analysis", pdf: pdf)
    }

    // MARK: Questions

    func makeQuestions(_ request: QuizRequest) async throws -> [Question] {
        guard request.count > 0 else { return [] }
        var avoid = request.avoidPrompts
        var accepted = try await questions(request, count: request.count, avoiding: avoid)
        if accepted.count < request.count {
            try Task.checkCancellation()
            avoid += accepted.map(\.prompt)
            accepted += try await questions(request, count: request.count - accepted.count, avoiding: avoid)
        }
        return Array(accepted.prefix(request.count))
    }

    private func questions(_ request: QuizRequest, count: Int, avoiding avoid: [String]) async throws -> [Question] {
        let prompt = ModelPrompt(system: Self.quizRules(request.difficulty),
                                 user: quizMaterial(request, count: count, avoiding: avoid),
                                 schema: ModelSchemas.questions, schemaName: "quiz_questions", task: .questions)
        guard case .value(let answer) = try await ask(prompt, as: ModelQuestions.self) else {
            throw AnalysisError("\(client.serviceName)'s answer was cut off at its output limit before the questions were complete. Ask for fewer questions or raise the output token limit.")
        }
        let questions = answer.questions.map { item in question(from: item, concepts: request.analysis.concepts) }
        return QuestionValidator.validated(questions, avoiding: avoid)
    }

    private func question(from item: ModelQuestions.Item, concepts: [Concept]) -> Question {
        let concept = concepts.first { NoteMerger.normalisedName($0.name) == NoteMerger.normalisedName(item.conceptName) }
        let choice = item.kind == .choice
        return Question(kind: item.kind, form: item.form, prompt: item.prompt.trimmingCharacters(in: .whitespacesAndNewlines),
                        options: choice ? item.options : [], correctIndex: choice ? item.correctIndex : nil,
                        answer: item.answer, alternatives: item.alternatives,
                        conceptId: concept?.id, conceptName: concept?.name ?? item.conceptName,
                        page: item.page ?? concept?.pages.first)
    }

    static func quizRules(_ difficulty: Difficulty) -> String {
        let level: String
        switch difficulty {
        case .easy:
            level = """
                Difficulty 하 (easy): ask for definitions and names (form "definition" or "name"). \
                Distractors are names of other, unrelated concepts of the note. At most one in five \
                questions is short answer.
                """
        case .medium:
            level = """
                Difficulty 중 (medium): ask to complete a key sentence with its blanked term (form \
                "cloze", the blank written as "____") or to apply a concept to a case (form \
                "application"). Distractors are plausible terms of the same note. About three in ten \
                questions are short answer.
                """
        case .hard:
            level = """
                Difficulty 상 (hard): ask about details of key points (form "detail") and about cells \
                of comparison tables (form "comparison"). Distractors are near neighbours: related \
                concepts, other cells of the same table, statements that differ in one detail. About \
                half of the questions are short answer.
                """
        }
        return """
            You write quiz questions on a student's lecture note, in the note's language.
            \(level)
            Rules for every question:
            - kind "choice": exactly 4 distinct options, exactly one of them right; answer is the \
            right option's exact text and correctIndex its 0-based position.
            - kind "short": options empty, correctIndex null, answer a word or short phrase, \
            alternatives the other answers a fair teacher accepts.
            - The prompt must not contain or give away the answer.
            - "detail" and "comparison" questions ask about the concept named in conceptName, \
            which is shown with the question: their answer never contains that name.
            - Options are terms or statements of the note of the same kind as the answer, never \
            "all of the above" or a bare function word.
            - conceptName is one of the note's concept names exactly; page is one of that concept's pages.
            - No two questions share the same answer and stem; do not ask any question listed under \
            "Already asked", not even reworded.
            """
    }

    private func quizMaterial(_ request: QuizRequest, count: Int, avoiding avoid: [String]) -> String {
        var text = "Write exactly \(count) question\(count == 1 ? "" : "s").\n\nThe note: \(request.analysis.title)\n"
        for concept in request.analysis.concepts {
            var card = "\n## \(concept.name)"
            if !concept.pages.isEmpty { card += " (pages \(concept.pages.map(String.init).joined(separator: ", ")))" }
            card += "\n"
            if let definition = concept.definition { card += "Definition: \(definition)\n" }
            if !concept.summary.isEmpty { card += "Summary: \(concept.summary)\n" }
            for point in concept.keyPoints { card += "- \(point)\n" }
            if let table = concept.comparison {
                card += "Comparison: | " + table.columns.joined(separator: " | ") + " |\n"
                for row in table.rows { card += "| " + row.joined(separator: " | ") + " |\n" }
            }
            guard text.count + card.count <= chunkCharacters else { break }
            text += card
        }
        if !request.analysis.keywords.isEmpty {
            text += "\nKeywords: " + request.analysis.keywords.map(\.term).joined(separator: ", ") + "\n"
        }
        if !avoid.isEmpty {
            text += "\nAlready asked (do not repeat):\n" + avoid.suffix(200).map { "- \($0)" }.joined(separator: "\n") + "\n"
        }
        return text
    }

    // MARK: Asking

    enum Answer<T> { case value(T), truncated }

    /// Asks, checks the answer against the schema, and asks once more (saying what was wrong) if
    /// it does not fit; a second invalid answer becomes an error the user can read.
    private func ask<T: Decodable>(_ prompt: ModelPrompt, as type: T.Type) async throws -> Answer<T> {
        var prompt = prompt
        var lastProblem = ""
        for attempt in 1...2 {
            try Task.checkCancellation()
            switch try await client.complete(prompt) {
            case .truncated:
                return .truncated
            case .text(let text):
                do { return .value(try ModelSchemas.decode(type, from: text, schema: prompt.schema)) }
                catch let invalid as InvalidModelOutput {
                    lastProblem = invalid.detail
                    if attempt == 1 {
                        prompt.user += "\n\nYour previous answer could not be used (\(invalid.detail)). Answer again with JSON that follows the schema exactly."
                    }
                }
            }
        }
        throw AnalysisError("\(client.serviceName) answered twice with something that is not a usable result (\(lastProblem)). Try again, or choose another model.")
    }
}
