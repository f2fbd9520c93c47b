import Foundation
import NotioCore

/// The answers asked of a model: an analysis of page-marked text, and quiz questions.
enum ModelSchemas {
    static let analysis: OutputSchema = .object([
        ("title", .string()),
        ("concepts", .array(.object([
            ("name", .string()),
            ("summary", .string()),
            ("definition", .nullable(.string())),
            ("keyPoints", .array(.string())),
            ("comparison", .nullable(.object([
                ("columns", .array(.string())),
                ("rows", .array(.array(.string()))),
            ]))),
            ("pages", .array(.integer)),
        ]))),
        ("keywords", .array(.object([
            ("term", .string()),
            ("relatedTerms", .array(.string())),
        ]))),
    ])

    static let questions: OutputSchema = .object([
        ("questions", .array(.object([
            ("kind", .string(allowed: QuestionKind.allCases.map(\.rawValue))),
            ("form", .string(allowed: QuestionForm.allCases.map(\.rawValue))),
            ("prompt", .string()),
            ("options", .array(.string(), maxItems: 4)),
            ("correctIndex", .nullable(.integer)),
            ("answer", .string()),
            ("alternatives", .array(.string())),
            ("conceptName", .string()),
            ("page", .nullable(.integer)),
        ]))),
    ])
}

/// The analysis as the model writes it.
struct ModelAnalysis: Decodable {
    struct ModelConcept: Decodable {
        var name: String
        var summary: String
        var definition: String?
        var keyPoints: [String]
        var comparison: ComparisonTable?
        var pages: [Int]
    }
    var title: String
    var concepts: [ModelConcept]
    var keywords: [Keyword]

    /// Drops what would show as an empty card, keeps pages inside the chunk's pages.
    func note(validPages: Set<Int>) -> NoteAnalysis {
        let concepts = concepts.compactMap { concept -> Concept? in
            let name = concept.name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty else { return nil }
            let definition = concept.definition?.trimmingCharacters(in: .whitespacesAndNewlines)
            var comparison = concept.comparison
            if let table = comparison, table.columns.isEmpty || table.rows.isEmpty { comparison = nil }
            let pages = Set(concept.pages).intersection(validPages).sorted()
            return Concept(name: name, summary: concept.summary.trimmingCharacters(in: .whitespacesAndNewlines),
                           definition: definition?.isEmpty == false ? definition : nil,
                           keyPoints: concept.keyPoints.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty },
                           comparison: comparison, pages: pages)
        }
        let keywords = keywords.filter { !$0.term.trimmingCharacters(in: .whitespaces).isEmpty }
        return NoteAnalysis(title: title.trimmingCharacters(in: .whitespacesAndNewlines), concepts: concepts, keywords: keywords)
    }
}

/// Quiz questions as the model writes them.
struct ModelQuestions: Decodable {
    struct Item: Decodable {
        var kind: QuestionKind
        var form: QuestionForm
        var prompt: String
        var options: [String]
        var correctIndex: Int?
        var answer: String
        var alternatives: [String]
        var conceptName: String
        var page: Int?
    }
    var questions: [Item]
}

extension ModelSchemas {
    /// Checks `text` against `schema` and decodes it; the error says what was wrong, for a retry.
    static func decode<T: Decodable>(_ type: T.Type, from text: String, schema: OutputSchema) throws -> T {
        let trimmed = stripCodeFence(text)
        guard let data = trimmed.data(using: .utf8), let value = JSONValue.parse(data) else {
            throw InvalidModelOutput(detail: "the answer is not JSON")
        }
        let problems = schema.problems(in: value)
        guard problems.isEmpty else {
            throw InvalidModelOutput(detail: problems.prefix(5).joined(separator: "; "))
        }
        do { return try JSONDecoder().decode(T.self, from: data) }
        catch { throw InvalidModelOutput(detail: "the answer does not decode: \(error)") }
    }

    /// Some OpenAI-compatible servers wrap JSON in a Markdown fence even under a schema.
    static func stripCodeFence(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("```") {
            if let firstNewline = text.firstIndex(of: "\n") { text = String(text[text.index(after: firstNewline)...]) }
            if text.hasSuffix("```") { text = String(text.dropLast(3)) }
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A model's answer that does not fit the schema; retried once, then reported to the user.
struct InvalidModelOutput: Error {
    var detail: String
}
