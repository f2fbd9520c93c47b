import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPURLResponse {
    /// A header by case-insensitive name (Linux keeps the server's spelling in `allHeaderFields`).
    func header(_ name: String) -> String? {
        for (key, value) in allHeaderFields {
            if let key = key as? String, key.caseInsensitiveCompare(name) == .orderedSame { return value as? String }
        }
        return nil
    }
}

/// The `{"error": {"message": …}}` body that Google and OpenAI-compatible servers send; Ollama
/// and some proxies send `{"error": "…"}`.
func serverErrorMessage(_ body: Data) -> String? {
    guard let json = JSONValue.parse(body) else {
        let text = String(decoding: body.prefix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
    return json["error"]?["message"]?.stringValue ?? json["error"]?.stringValue ?? json["message"]?.stringValue
}

/// A session for one provider: no cookies or cache, timeouts of at least a second (sub-second
/// values fire early on Linux).
func makeModelSession(timeout: Double) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = max(1, timeout)
    configuration.timeoutIntervalForResource = max(1, timeout) * 2
    return URLSession(configuration: configuration)
}
