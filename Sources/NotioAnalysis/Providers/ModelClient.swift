import Foundation

/// One request to a model: instructions, the material, the answer's shape, and optionally the PDF.
struct ModelPrompt: Sendable {
    var system: String
    var user: String
    var schema: OutputSchema
    /// The schema's name where the API wants one (OpenAI `json_schema.name`).
    var schemaName: String
    /// The document itself, sent inline (base64) to models that read PDFs.
    var pdf: Data? = nil
    /// Which job this is, for settings that differ by task (Gemini's thinking budget).
    var task: ModelTask = .analysis
}

enum ModelTask: Sendable { case analysis, questions }

/// What came back for one prompt.
enum ModelReply: Sendable {
    /// The answer's text (thoughts and reasoning left out).
    case text(String)
    /// The model hit its output limit (`MAX_TOKENS`, `length`) before finishing.
    case truncated
}

/// A model behind an HTTP API: Gemini or an OpenAI-compatible server.
protocol ModelClient: Sendable {
    /// How messages name the service: "Gemini", "The model server".
    var serviceName: String { get }
    var readsPDF: Bool { get }
    func complete(_ prompt: ModelPrompt) async throws -> ModelReply
}
