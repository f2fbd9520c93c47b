import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public struct FakeServicesFailure: Error, CustomStringConvertible {
    public var description: String
}

/// `Tests/Support/fake_services.py` as a child process, on 127.0.0.1 and a free port: it replays
/// the verbatim fixtures (aladin/, openlibrary/, ...) and generated cover answers. One process
/// serves every test of the run; tests keep apart by queue name.
public final class FakeServices: @unchecked Sendable {
    let process: Process
    public let root: URL
    /// Closing it (when the test process exits) ends the fake even if a signal is lost.
    private let input = Pipe()

    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `NOTIO_FIXTURES`, else the app's copy in Tests/Fixtures/external.
    public static var fixtures: URL {
        if let given = ProcessInfo.processInfo.environment["NOTIO_FIXTURES"] { return URL(fileURLWithPath: given) }
        return repository.appendingPathComponent("Tests/Fixtures/external")
    }

    private static let sharedStart = Task { try await start() }

    /// The fake of this test run, started on first use.
    public static func shared() async throws -> FakeServices { try await sharedStart.value }

    /// Starts the fake and reads its port; the blocking read of its first line runs on a
    /// dispatch queue, not on the tests' cooperative threads.
    public static func start() async throws -> FakeServices {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try FakeServices() })
            }
        }
    }

    private init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.repository.appendingPathComponent("Tests/Support/fake_services.py").path,
                             "--fixtures", Self.fixtures.path, "--exit-on-stdin-eof"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        // The first line is "listening on http://127.0.0.1:PORT".
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("listening on "), let url = URL(string: String(text.dropFirst("listening on ".count))) else {
            process.terminate()
            throw FakeServicesFailure(description: "fake_services.py did not start: \(text)")
        }
        root = url
    }

    deinit {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.terminate()
    }

    /// The base URL whose requests take steps from `queue`.
    public func baseURL(_ queue: String) -> URL { root.appendingPathComponent("q/\(queue)") }

    /// Queues steps (objects with status, fixture, body, delay, append, truncate).
    public func script(_ steps: [[String: Any]], queue: String) async throws {
        try await post("_script/\(queue)", try JSONSerialization.data(withJSONObject: steps))
    }

    /// Queues a ready-made scenario of fake_services.py.
    public func script(scenario: String, queue: String) async throws {
        try await post("_script/\(queue)", try JSONSerialization.data(withJSONObject: ["scenario": scenario]))
    }

    /// What the fake has received on `queue`, oldest first: method, path, query, headers, body.
    public func requests(_ queue: String) async throws -> [[String: Any]] {
        let (data, _) = try await URLSession.shared.data(from: root.appendingPathComponent("_requests/\(queue)"))
        return (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }

    /// The decoded query parameters of each request on `queue`.
    public func queries(_ queue: String) async throws -> [[String: String]] {
        try await requests(queue).map { request in
            var components = URLComponents()
            components.percentEncodedQuery = request["query"] as? String ?? ""
            var out: [String: String] = [:]
            for item in components.queryItems ?? [] { out[item.name] = item.value ?? "" }
            return out
        }
    }

    /// The bytes of a fixture file.
    public static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    private func post(_ path: String, _ body: Data) async throws {
        var request = URLRequest(url: root.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.httpBody = body
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 204 else { throw FakeServicesFailure(description: "script refused: \(path)") }
    }
}
