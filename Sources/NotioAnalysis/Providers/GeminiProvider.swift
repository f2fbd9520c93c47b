import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NotioCore

/// Analysis and quizzes by Google's Gemini REST API (`generateContent` with `responseSchema`).
public struct GeminiProvider: AnalysisProvider {
    /// Everything a deployment may tune; the defaults suit `gemini-2.5-flash-lite`.
    public struct Options: Sendable, Hashable {
        public var baseURL: URL
        public var model: String
        /// Thinking tokens for analysis; nil leaves the model's default, 0 turns thinking off.
        public var analysisThinkingBudget: Int?
        /// Thinking tokens for quiz questions.
        public var quizThinkingBudget: Int?
        public var maxOutputTokens: Int
        /// Seconds per request (at least 1).
        public var timeout: Double
        /// Characters of page text per request.
        public var chunkCharacters: Int
        public var retry: RetryPolicy

        public init(baseURL: URL = URL(string: "https://generativelanguage.googleapis.com")!, model: String = "gemini-2.5-flash-lite",
                    analysisThinkingBudget: Int? = 0, quizThinkingBudget: Int? = 512, maxOutputTokens: Int = 8192,
                    timeout: Double = 120, chunkCharacters: Int = 60_000, retry: RetryPolicy = RetryPolicy()) {
            self.baseURL = baseURL; self.model = model; self.analysisThinkingBudget = analysisThinkingBudget
            self.quizThinkingBudget = quizThinkingBudget; self.maxOutputTokens = maxOutputTokens
            self.timeout = max(1, timeout); self.chunkCharacters = chunkCharacters; self.retry = retry
        }
    }

    public let options: Options
    private let analyst: ModelAnalyst<GeminiClient>

    public init(apiKey: String, options: Options = Options()) {
        self.options = options
        let client = GeminiClient(apiKey: apiKey, options: options, session: makeModelSession(timeout: options.timeout))
        analyst = ModelAnalyst(client: client, chunkCharacters: options.chunkCharacters)
    }

    public var name: String { "gemini" }

    public func analyse(_ document: ExtractedDocument, progress: @escaping AnalysisProgress) async throws -> NoteAnalysis {
        try await analyst.analyse(document, pdfData: nil, progress: progress)
    }

    /// Like `analyse(_:progress:)`, but a scanned document (OCR pages, under ~200 characters of
    /// text a page) is sent as the PDF itself, inline, for Gemini to read; others use the text.
    /// PDFs over 19 MB exceed the inline limit and also use the text.
    public func analyse(_ document: ExtractedDocument, pdfData: Data?, progress: @escaping AnalysisProgress) async throws -> NoteAnalysis {
        let inline = (pdfData?.count ?? .max) <= 19 * 1024 * 1024 ? pdfData : nil
        return try await analyst.analyse(document, pdfData: inline, progress: progress)
    }

    public func makeQuestions(_ request: QuizRequest) async throws -> [Question] {
        try await analyst.makeQuestions(request)
    }
}

/// One `generateContent` call: request body, error statuses, candidates.
struct GeminiClient: ModelClient {
    var apiKey: String
    var options: GeminiProvider.Options
    var session: URLSession

    var serviceName: String { "Gemini" }
    var readsPDF: Bool { true }

    func complete(_ prompt: ModelPrompt) async throws -> ModelReply {
        let url = options.baseURL.appendingPathComponent("v1beta/models/\(options.model):generateContent")
        var request = URLRequest(url: url, timeoutInterval: options.timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(apiKey, forHTTPHeaderField: "x-goog-api-key")
        request.httpBody = try body(prompt).encoded()
        let model = options.model
        let transport = ModelTransport(session: session, retry: options.retry, classify: { status, body, response in
            Self.classify(status: status, body: body, response: response, model: model)
        }, serverName: "Gemini")
        return try Self.reply(from: try await transport.send(request))
    }

    func body(_ prompt: ModelPrompt) -> JSONValue {
        var parts: [JSONValue] = []
        if let pdf = prompt.pdf {
            parts.append(["inlineData": ["mimeType": "application/pdf", "data": .string(pdf.base64EncodedString())]])
        }
        parts.append(["text": .string(prompt.user)])
        var generation: [String: JSONValue] = [
            "responseMimeType": "application/json",
            "responseSchema": prompt.schema.gemini,
            "maxOutputTokens": .number(Double(options.maxOutputTokens)),
        ]
        let budget = prompt.task == .analysis ? options.analysisThinkingBudget : options.quizThinkingBudget
        if let budget { generation["thinkingConfig"] = ["thinkingBudget": .number(Double(budget))] }
        return [
            "systemInstruction": ["parts": [["text": .string(prompt.system)]]],
            "contents": [["role": "user", "parts": .array(parts)]],
            "generationConfig": .object(generation),
        ]
    }

    /// The text of the first candidate without thought parts; `MAX_TOKENS` (often with no parts
    /// at all) is a cut-off answer; a blocked prompt or answer is an error.
    static func reply(from data: Data) throws -> ModelReply {
        guard let json = JSONValue.parse(data) else { throw AnalysisError("Gemini sent an answer that is not JSON.") }
        if let blocked = json["promptFeedback"]?["blockReason"]?.stringValue {
            throw AnalysisError("Gemini refused to read this document (\(blocked)).")
        }
        guard let candidate = json["candidates"]?[0] else {
            throw AnalysisError("Gemini sent no answer.")
        }
        let finish = candidate["finishReason"]?.stringValue ?? "STOP"
        if finish == "MAX_TOKENS" { return .truncated }
        let text = (candidate["content"]?["parts"]?.arrayValue ?? [])
            .filter { $0["thought"]?.boolValue != true }
            .compactMap { $0["text"]?.stringValue }
            .joined()
        if text.isEmpty, finish != "STOP" {
            throw AnalysisError("Gemini stopped without an answer (\(finish)).")
        }
        return .text(text)
    }

    static func classify(status: Int, body: Data, response: HTTPURLResponse, model: String) -> HTTPFailure {
        let json = JSONValue.parse(body)
        let error = json?["error"]
        let serverMessage = serverErrorMessage(body) ?? "HTTP \(status)"
        let details = error?["details"]?.arrayValue ?? []
        let reasons = details.compactMap { $0["reason"]?.stringValue }
        let retryDelay = details.first { ($0["@type"]?.stringValue ?? "").hasSuffix("RetryInfo") }?["retryDelay"]?.stringValue
            .flatMap(RetryPolicy.seconds(fromDuration:))
        let retryAfter = retryDelay ?? response.header("Retry-After").flatMap { RetryPolicy.seconds(fromRetryAfter: $0, now: WallClock.now()) }

        switch status {
        case 400 where reasons.contains("API_KEY_INVALID") || serverMessage.localizedCaseInsensitiveContains("API key"), 401, 403:
            return HTTPFailure(retryable: false, message: "The Gemini API key was refused (\(serverMessage)). Check GEMINI_API_KEY.", retryAfter: nil)
        case 404:
            return HTTPFailure(retryable: false, message: "The model “\(model)” does not exist or cannot generate content. Check GEMINI_MODEL.", retryAfter: nil)
        case 408, 429:
            return HTTPFailure(retryable: true, message: "Gemini's rate limit or quota was reached (\(serverMessage)).", retryAfter: retryAfter)
        case 500...599:
            return HTTPFailure(retryable: true, message: "Gemini is unavailable right now (\(status): \(serverMessage)). Try again later.", retryAfter: retryAfter)
        default:
            return HTTPFailure(retryable: false, message: "Gemini rejected the request (\(status): \(serverMessage)).", retryAfter: nil)
        }
    }
}
