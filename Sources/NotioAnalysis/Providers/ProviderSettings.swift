import Foundation

/// Which analysis provider to run and how to reach it; the app fills it from the environment.
public struct ProviderSettings: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case offline, gemini, openai
    }

    /// `NOTIO_AI_PROVIDER`.
    public var kind: Kind
    /// `GEMINI_API_KEY` or the contents of `GEMINI_API_KEY_FILE`.
    public var geminiAPIKey: String?
    /// `GEMINI_MODEL`.
    public var geminiModel: String
    /// `GEMINI_BASE_URL`.
    public var geminiBaseURL: URL
    /// `OPENAI_BASE_URL`, up to and including `/v1`.
    public var openAIBaseURL: URL
    /// `OPENAI_API_KEY` or the contents of `OPENAI_API_KEY_FILE`.
    public var openAIAPIKey: String?
    /// `OPENAI_MODEL`.
    public var openAIModel: String?
    /// Backoff for both remote providers.
    public var retry: RetryPolicy

    public init(kind: Kind = .offline, geminiAPIKey: String? = nil, geminiModel: String = "gemini-2.5-flash-lite",
                geminiBaseURL: URL = URL(string: "https://generativelanguage.googleapis.com")!,
                openAIBaseURL: URL = URL(string: "http://localhost:11434/v1")!, openAIAPIKey: String? = nil,
                openAIModel: String? = nil, retry: RetryPolicy = RetryPolicy()) {
        self.kind = kind; self.geminiAPIKey = geminiAPIKey; self.geminiModel = geminiModel; self.geminiBaseURL = geminiBaseURL
        self.openAIBaseURL = openAIBaseURL; self.openAIAPIKey = openAIAPIKey; self.openAIModel = openAIModel; self.retry = retry
    }

    /// Reads the variables above; a `*_FILE` variant (a Docker secret) is used when the plain one
    /// is unset. Unknown providers, unreadable key files and malformed URLs are errors.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ProviderSettings {
        func value(_ key: String) -> String? {
            guard let raw = environment[key]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else { return nil }
            return raw
        }
        func secret(_ key: String) throws -> String? {
            if let direct = value(key) { return direct }
            guard let path = value(key + "_FILE") else { return nil }
            guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ProviderConfigurationError("\(key)_FILE points at \(path), which cannot be read.")
            }
            let key = contents.trimmingCharacters(in: .whitespacesAndNewlines)
            return key.isEmpty ? nil : key
        }
        func url(_ key: String) throws -> URL? {
            guard let text = value(key) else { return nil }
            guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
                throw ProviderConfigurationError("\(key) must be an http(s) address, not “\(text)”.")
            }
            return url
        }

        var settings = ProviderSettings()
        if let name = value("NOTIO_AI_PROVIDER") {
            guard let kind = Kind(rawValue: name.lowercased()) else {
                throw ProviderConfigurationError("NOTIO_AI_PROVIDER must be offline, gemini or openai, not “\(name)”.")
            }
            settings.kind = kind
        }
        settings.geminiAPIKey = try secret("GEMINI_API_KEY")
        if let model = value("GEMINI_MODEL") { settings.geminiModel = model }
        if let base = try url("GEMINI_BASE_URL") { settings.geminiBaseURL = base }
        if let base = try url("OPENAI_BASE_URL") { settings.openAIBaseURL = base }
        settings.openAIAPIKey = try secret("OPENAI_API_KEY")
        settings.openAIModel = value("OPENAI_MODEL")
        return settings
    }
}

/// A setting that keeps a provider from starting, said so that an administrator can fix it.
public struct ProviderConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The provider the settings ask for: `OfflineAnalyser` by default, Gemini with a key, or an
/// OpenAI-compatible server with a model name.
public func makeProvider(_ settings: ProviderSettings) throws -> any AnalysisProvider {
    switch settings.kind {
    case .offline:
        return OfflineAnalyser()
    case .gemini:
        guard let key = settings.geminiAPIKey, !key.isEmpty else {
            throw ProviderConfigurationError("NOTIO_AI_PROVIDER is gemini but no API key is set: set GEMINI_API_KEY or GEMINI_API_KEY_FILE.")
        }
        return GeminiProvider(apiKey: key, options: .init(baseURL: settings.geminiBaseURL, model: settings.geminiModel, retry: settings.retry))
    case .openai:
        guard let model = settings.openAIModel, !model.isEmpty else {
            throw ProviderConfigurationError("NOTIO_AI_PROVIDER is openai but no model is set: set OPENAI_MODEL (for example llama3.2 for Ollama).")
        }
        return OpenAICompatibleProvider(options: .init(baseURL: settings.openAIBaseURL, model: model, apiKey: settings.openAIAPIKey, retry: settings.retry))
    }
}
