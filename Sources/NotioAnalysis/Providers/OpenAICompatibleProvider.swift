import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NotioCore

/// Analysis and quizzes by any OpenAI-compatible `/chat/completions` server (Ollama, llama.cpp,
/// vLLM, OpenAI) with `response_format: json_schema`.
public struct OpenAICompatibleProvider: AnalysisProvider {
    public struct Options: Sendable, Hashable {
        /// Up to and including the version, e.g. `http://localhost:11434/v1`.
        public var baseURL: URL
        public var model: String
        /// Sent as `Authorization: Bearer …` when present; local servers need none.
        public var apiKey: String?
        public var maxOutputTokens: Int
        /// Seconds per request (at least 1); local models on a CPU are slow.
        public var timeout: Double
        /// Characters of page text per request (local models have small contexts).
        public var chunkCharacters: Int
        public var retry: RetryPolicy

        public init(baseURL: URL = URL(string: "http://localhost:11434/v1")!, model: String, apiKey: String? = nil,
                    maxOutputTokens: Int = 8192, timeout: Double = 300, chunkCharacters: Int = 12_000,
                    retry: RetryPolicy = RetryPolicy()) {
            self.baseURL = baseURL; self.model = model; self.apiKey = apiKey; self.maxOutputTokens = maxOutputTokens
            self.timeout = max(1, timeout); self.chunkCharacters = chunkCharacters; self.retry = retry
        }
    }

    public let options: Options
    private let analyst: ModelAnalyst<OpenAICompatibleClient>

    public init(options: Options) {
        self.options = options
        let client = OpenAICompatibleClient(options: options, session: makeModelSession(timeout: options.timeout))
        analyst = ModelAnalyst(client: client, chunkCharacters: options.chunkCharacters)
    }

    public var name: String { "openai" }

    public func analyse(_ document: ExtractedDocument, progress: @escaping AnalysisProgress) async throws -> NoteAnalysis {
        try await analyst.analyse(document, pdfData: nil, progress: progress)
    }

    public func makeQuestions(_ request: QuizRequest) async throws -> [Question] {
        try await analyst.makeQuestions(request)
    }
}

/// One chat completion: request body, error statuses, the first choice.
struct OpenAICompatibleClient: ModelClient {
    var options: OpenAICompatibleProvider.Options
    var session: URLSession

    var serviceName: String { "The model server" }
    var readsPDF: Bool { false }

    func complete(_ prompt: ModelPrompt) async throws -> ModelReply {
        var request = URLRequest(url: options.baseURL.appendingPathComponent("chat/completions"), timeoutInterval: options.timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let key = options.apiKey, !key.isEmpty { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
        request.httpBody = try body(prompt).encoded()
        let options = options
        let transport = ModelTransport(session: session, retry: options.retry, classify: { status, body, response in
            Self.classify(status: status, body: body, response: response, options: options)
        }, serverName: "The model server at \(options.baseURL.absoluteString)")
        return try Self.reply(from: try await transport.send(request))
    }

    func body(_ prompt: ModelPrompt) -> JSONValue {
        [
            "model": .string(options.model),
            "messages": [
                ["role": "system", "content": .string(prompt.system)],
                ["role": "user", "content": .string(prompt.user)],
            ],
            "response_format": [
                "type": "json_schema",
                "json_schema": ["name": .string(prompt.schemaName), "schema": prompt.schema.openAI, "strict": true],
            ],
            "max_tokens": .number(Double(options.maxOutputTokens)),
            "stream": false,
        ]
    }

    /// The first choice's content; `reasoning` / `reasoning_content` (Ollama, vLLM) are ignored;
    /// `finish_reason: length` is a cut-off answer.
    static func reply(from data: Data) throws -> ModelReply {
        guard let json = JSONValue.parse(data), let choice = json["choices"]?[0] else {
            throw AnalysisError("The model server sent an answer without choices.")
        }
        let finish = choice["finish_reason"]?.stringValue ?? "stop"
        if finish == "length" { return .truncated }
        if let refusal = choice["message"]?["refusal"]?.stringValue, !refusal.isEmpty {
            throw AnalysisError("The model declined to answer: \(refusal)")
        }
        if finish == "content_filter" { throw AnalysisError("The model server filtered the answer (content_filter).") }
        return .text(choice["message"]?["content"]?.stringValue ?? "")
    }

    static func classify(status: Int, body: Data, response: HTTPURLResponse, options: OpenAICompatibleProvider.Options) -> HTTPFailure {
        let serverMessage = serverErrorMessage(body) ?? "HTTP \(status)"
        let retryAfter = response.header("Retry-After").flatMap { RetryPolicy.seconds(fromRetryAfter: $0, now: WallClock.now()) }
        let server = options.baseURL.absoluteString
        switch status {
        case 401, 403:
            return HTTPFailure(retryable: false, message: "The model server at \(server) refused the API key (\(serverMessage)). Check OPENAI_API_KEY.", retryAfter: nil)
        case 404:
            return HTTPFailure(retryable: false, message: "The model “\(options.model)” does not exist at \(server), or the address is wrong (\(serverMessage)). Check OPENAI_MODEL and OPENAI_BASE_URL.", retryAfter: nil)
        case 408, 429:
            return HTTPFailure(retryable: true, message: "The model server at \(server) is rate-limited (\(serverMessage)).", retryAfter: retryAfter)
        case 500...599:
            return HTTPFailure(retryable: true, message: "The model server at \(server) is unavailable (\(status): \(serverMessage)). Try again later.", retryAfter: retryAfter)
        default:
            return HTTPFailure(retryable: false, message: "The model server at \(server) rejected the request (\(status): \(serverMessage)).", retryAfter: nil)
        }
    }
}
