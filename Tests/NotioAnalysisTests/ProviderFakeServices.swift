import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import NotioAnalysis
import NotioCore

/// `Tests/Support/fake_services.py` run as a child process for one test: it replays the verbatim
/// fixture bodies (gemini/, openai_compat/) by a script, on 127.0.0.1 and a free port.
final class FakeServices: @unchecked Sendable {
    let process: Process
    let root: URL
    /// Closing it ends the fake even if a signal is lost.
    private let input = Pipe()

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `NOTIO_FIXTURES`, else the app's copy in Tests/Fixtures/external, else `shared/fixtures`
    /// in a folder above the repository (`../shared/fixtures` from the main checkout).
    static var fixtures: URL {
        if let given = ProcessInfo.processInfo.environment["NOTIO_FIXTURES"] { return URL(fileURLWithPath: given) }
        let copy = repository.appendingPathComponent("Tests/Fixtures/external")
        if FileManager.default.fileExists(atPath: copy.appendingPathComponent("gemini").path) { return copy }
        var folder = repository
        for _ in 0..<4 {
            folder = folder.deletingLastPathComponent()
            let shared = folder.appendingPathComponent("shared/fixtures")
            if FileManager.default.fileExists(atPath: shared.appendingPathComponent("gemini").path) { return shared }
        }
        return copy
    }

    /// Starts the fake and reads its port; the blocking read of its first line runs on a
    /// dispatch queue, not on the tests' cooperative threads.
    static func start() async throws -> FakeServices {
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
            throw AnalysisError("fake_services.py did not start: \(text)")
        }
        root = url
    }

    deinit { stop() }

    func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.terminate()
    }

    /// The base URL whose requests take steps from `queue`.
    func baseURL(_ queue: String = "default") -> URL { root.appendingPathComponent("q/\(queue)") }

    /// Queues steps: `[status, fixture]`, `[status, fixture, headers]` or step objects.
    func script(_ steps: [JSONValue], queue: String = "default") async throws {
        try await post("_script/\(queue)", .array(steps))
    }

    /// Queues a ready-made scenario of fake_services.py with the test's answer texts.
    func script(scenario: String, texts: [String] = [], queue: String = "default") async throws {
        try await post("_script/\(queue)", ["scenario": .string(scenario), "texts": .array(texts.map { .string($0) })])
    }

    /// What the fake has received on `queue`, oldest first: method, path, headers, body.
    func requests(_ queue: String = "default") async throws -> [JSONValue] {
        let (data, _) = try await URLSession.shared.data(from: root.appendingPathComponent("_requests/\(queue)"))
        return JSONValue.parse(data)?.arrayValue ?? []
    }

    /// The JSON body of the `index`th request on `queue`.
    func requestBody(_ index: Int, queue: String = "default") async throws -> JSONValue {
        let all = try await requests(queue)
        guard all.indices.contains(index), let body = all[index]["body"]?.stringValue,
              let json = JSONValue.parse(Data(body.utf8)) else { throw AnalysisError("no request \(index)") }
        return json
    }

    private func post(_ path: String, _ body: JSONValue) async throws {
        var request = URLRequest(url: root.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.httpBody = try body.encoded()
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 204 else { throw AnalysisError("script refused: \(path)") }
    }
}

/// Retries that wait a thousandth of the real time: "31s" takes 31 ms.
let fastRetry = RetryPolicy(maxAttempts: 3, baseDelay: 1, maxDelay: 20, maxTotalWait: 60, delayScale: 0.001)

/// Tests of how providers use `QuestionValidator` (repair of `correctIndex`, dropping bad items
/// and repeats). That type lives in Quiz/ and is written separately; these tests run once it does
/// more than pass questions through, and are skipped while it is the stub.

