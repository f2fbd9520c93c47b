import Foundation
import Testing
@testable import NotioAnalysis
import NotioCore

/// The analysis a model would send for the two-page scheduling document below.
func analysisJSON(title: String = "운영체제: 프로세스 스케줄링", concept: String = "선점형 스케줄링", pages: [Int] = [1],
                  summary: String = "실행 중인 프로세스에서 CPU를 빼앗을 수 있는 스케줄링이다.", keyword: String = "스케줄러") -> String {
    let value: JSONValue = [
        "title": .string(title),
        "concepts": [[
            "name": .string(concept), "summary": .string(summary), "definition": "CPU를 강제로 회수할 수 있는 방식",
            "keyPoints": ["라운드 로빈은 선점형이다"], "comparison": .null, "pages": .array(pages.map { .number(Double($0)) }),
        ]],
        "keywords": [["term": .string(keyword), "relatedTerms": ["디스패처"]]],
    ]
    return String(decoding: try! value.encoded(), as: UTF8.self)
}

let schedulingDocument = ExtractedDocument(pages: [
    SourcePage(number: 1, text: "선점형 스케줄링은 실행 중인 프로세스에서 CPU를 빼앗을 수 있다. " + String(repeating: "라운드 로빈은 시간 할당량을 쓴다. ", count: 20)),
    SourcePage(number: 2, text: "비선점형 스케줄링은 프로세스가 CPU를 스스로 놓을 때까지 기다린다. " + String(repeating: "FCFS는 도착 순서대로 처리한다. ", count: 20)),
], metadataTitle: "os-week3.pdf")

func gemini(_ fake: FakeServices, queue: String, key: String = "test-key", chunk: Int = 60_000, retry: RetryPolicy = fastRetry) -> GeminiProvider {
    GeminiProvider(apiKey: key, options: .init(baseURL: fake.baseURL(queue), analysisThinkingBudget: 0, maxOutputTokens: 2048,
                                               timeout: 5, chunkCharacters: chunk, retry: retry))
}

@Suite struct ProviderGeminiTests {
    @Test func retriesAfter503AndSendsTheStructuredRequest() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "gemini_503_then_200", texts: [analysisJSON(pages: [1, 2, 9])], queue: "a")
        let note = try await gemini(fake, queue: "a").analyse(schedulingDocument) { _ in }

        #expect(note.title == "운영체제: 프로세스 스케줄링")
        #expect(note.concepts.map(\.name) == ["선점형 스케줄링"])
        #expect(note.concepts.first?.pages == [1, 2], "page 9 is not in the document")
        #expect(note.keywords.first?.relatedTerms == ["디스패처"])

        let requests = try await fake.requests("a")
        #expect(requests.count == 2)
        #expect(requests[1]["path"]?.stringValue == "/v1beta/models/gemini-2.5-flash-lite:generateContent")
        #expect(requests[1]["headers"]?["x-goog-api-key"]?.stringValue == "test-key")
        let body = try await fake.requestBody(1, queue: "a")
        let config = body["generationConfig"]
        #expect(config?["responseMimeType"]?.stringValue == "application/json")
        #expect(config?["responseSchema"]?["type"]?.stringValue == "OBJECT")
        #expect(config?["responseSchema"]?["properties"]?["concepts"]?["items"]?["properties"]?["pages"]?["type"]?.stringValue == "ARRAY")
        #expect(config?["maxOutputTokens"]?.numberValue == 2048)
        #expect(config?["thinkingConfig"]?["thinkingBudget"]?.numberValue == 0)
        let text = body["contents"]?[0]?["parts"]?[0]?["text"]?.stringValue ?? ""
        #expect(text.contains("[p. 1]") && text.contains("[p. 2]"))
    }

    @Test func honoursRetryInfoDelayAndSkipsThoughtParts() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "gemini_429_then_200", texts: [analysisJSON()], queue: "a")
        let started = Date()
        let note = try await gemini(fake, queue: "a").analyse(schedulingDocument) { _ in }
        #expect(Date().timeIntervalSince(started) >= 0.031, "retryDelay 31s at scale 0.001")
        #expect(note.concepts.count == 1)
        #expect(try await fake.requests("a").count == 2)
    }

    @Test func aRetryDelayBeyondTheTotalWaitFailsAtOnce() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "gemini_429_then_200", texts: [analysisJSON()], queue: "a")
        let provider = gemini(fake, queue: "a", retry: RetryPolicy(maxAttempts: 5, maxTotalWait: 10, delayScale: 0.001))
        let error = await #expect(throws: AnalysisError.self) { try await provider.analyse(schedulingDocument) { _ in } }
        #expect(error?.message.contains("quota") == true)
        #expect(error?.message.contains("31 s") == true)
        #expect(try await fake.requests("a").count == 1)
    }

    @Test func givesUpOn503AfterMaxAttempts() async throws {
        let fake = try await FakeServices.start()
        try await fake.script([[503, "gemini/error_503_high_demand_sdk_wrapped.json"], [503, "gemini/error_503_unavailable_compact.json"],
                               [503, "gemini/error_503_unavailable.json"]], queue: "a")
        let error = await #expect(throws: AnalysisError.self) { try await gemini(fake, queue: "a").analyse(schedulingDocument) { _ in } }
        #expect(error?.message.hasPrefix("Gemini is unavailable right now (503") == true)
        #expect(try await fake.requests("a").count == 3)
    }

    @Test func aRefusedKeyIsNotRetried() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "gemini_bad_key", queue: "a")
        let error = await #expect(throws: AnalysisError.self) { try await gemini(fake, queue: "a").analyse(schedulingDocument) { _ in } }
        #expect(error?.message.hasPrefix("The Gemini API key was refused") == true)
        #expect(try await fake.requests("a").count == 1)
    }

    @Test func anUnknownModelIsNotRetried() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "gemini_unknown_model", queue: "a")
        let error = await #expect(throws: AnalysisError.self) { try await gemini(fake, queue: "a").analyse(schedulingDocument) { _ in } }
        #expect(error?.message.contains("“gemini-2.5-flash-lite” does not exist") == true)
        #expect(try await fake.requests("a").count == 1)
    }

    @Test func maxTokensWithNoPartsSplitsTheInputAndMerges() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "gemini_max_tokens_then_halves", texts: [
            analysisJSON(pages: [1], summary: "짧은 요약.", keyword: "스케줄러"),
            analysisJSON(title: "", concept: "선점형  스케줄링.", pages: [2], summary: "두 번째 절반에서 나온 더 긴 요약이다, 정말로.", keyword: "FCFS"),
        ], queue: "a")
        let note = try await gemini(fake, queue: "a").analyse(schedulingDocument) { _ in }
        #expect(note.concepts.count == 1, "the same concept from both halves folds into one card")
        #expect(note.concepts.first?.pages == [1, 2])
        #expect(note.concepts.first?.summary == "두 번째 절반에서 나온 더 긴 요약이다, 정말로.")
        #expect(note.keywords.map(\.term) == ["스케줄러", "FCFS"])

        let first = try await fake.requestBody(1, queue: "a")["contents"]?[0]?["parts"]?[0]?["text"]?.stringValue ?? ""
        let second = try await fake.requestBody(2, queue: "a")["contents"]?[0]?["parts"]?[0]?["text"]?.stringValue ?? ""
        #expect(first.contains("[p. 1]") && !first.contains("[p. 2]"))
        #expect(second.contains("[p. 2]") && !second.contains("[p. 1]"))
    }

    @Test func maxTokensOnATextTooShortToSplitIsAClearError() async throws {
        let fake = try await FakeServices.start()
        try await fake.script([[200, "gemini/max_tokens_no_parts.json"]], queue: "a")
        let short = ExtractedDocument(pages: [SourcePage(number: 1, text: "캐시는 빠른 기억 장치이다.")])
        let error = await #expect(throws: AnalysisError.self) { try await gemini(fake, queue: "a").analyse(short) { _ in } }
        #expect(error?.message.contains("cut off at its output limit") == true)
    }

    @Test func malformedJSONIsRetriedOnceWithTheReason() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "gemini_malformed_then_valid", texts: [analysisJSON()], queue: "a")
        let note = try await gemini(fake, queue: "a").analyse(schedulingDocument) { _ in }
        #expect(note.concepts.count == 1)
        let retry = try await fake.requestBody(1, queue: "a")["contents"]?[0]?["parts"]?[0]?["text"]?.stringValue ?? ""
        #expect(retry.contains("could not be used (the answer is not JSON)"))
    }

    @Test func invalidOutputTwiceFailsWithAReadableMessage() async throws {
        let fake = try await FakeServices.start()
        let missingPages = analysisJSON().replacingOccurrences(of: "\"pages\":[1],", with: "")
        try await fake.script([[200, "gemini/stop_basic.json"], ["status": 200, "fixture": "gemini/stop_basic.json", "text": .string(missingPages)]], queue: "a")
        let error = await #expect(throws: AnalysisError.self) { try await gemini(fake, queue: "a").analyse(schedulingDocument) { _ in } }
        #expect(error?.message.hasPrefix("Gemini answered twice with something that is not a usable result") == true)
        #expect(error?.message.contains("concepts[0].pages: missing") == true)
    }

    @Test func longDocumentsGoInChunksWithProgressPerChunk() async throws {
        let fake = try await FakeServices.start()
        try await fake.script((1...3).map { page in
            ["status": 200, "fixture": "gemini/stop_basic.json", "text": .string(analysisJSON(concept: "개념 \(page)", pages: [page]))]
        }, queue: "a")
        let pages = (1...3).map { SourcePage(number: $0, text: String(repeating: "페이지 \($0)의 내용이다. ", count: 30)) }
        let seen = ProgressLog()
        let note = try await gemini(fake, queue: "a", chunk: 500).analyse(ExtractedDocument(pages: pages)) { seen.append($0) }
        #expect(note.concepts.map(\.name) == ["개념 1", "개념 2", "개념 3"])
        #expect(note.concepts.map(\.pages) == [[1], [2], [3]])
        #expect(seen.values == [0, 1.0 / 3, 2.0 / 3, 1])
    }

    @Test func aScannedDocumentSendsThePDFInline() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "gemini_503_then_200", texts: [analysisJSON()], queue: "a")
        let scanned = ExtractedDocument(pages: [SourcePage(number: 1, text: "흐릿한 OCR")], ocrPages: [1])
        let pdf = Data("%PDF-1.4 fake".utf8)
        _ = try await gemini(fake, queue: "a").analyse(scanned, pdfData: pdf) { _ in }
        let parts = try await fake.requestBody(1, queue: "a")["contents"]?[0]?["parts"]
        #expect(parts?[0]?["inlineData"]?["mimeType"]?.stringValue == "application/pdf")
        #expect(parts?[0]?["inlineData"]?["data"]?.stringValue == pdf.base64EncodedString())
    }

    @Test func cancellationReachesTheRequest() async throws {
        let fake = try await FakeServices.start()
        try await fake.script([["status": 200, "fixture": "gemini/stop_basic.json", "text": .string(analysisJSON()), "delay": 60]], queue: "a")
        let provider = gemini(fake, queue: "a", retry: RetryPolicy(maxAttempts: 1))
        let started = Date()
        let task = Task { try await provider.analyse(schedulingDocument) { _ in } }
        try await Task.sleep(nanoseconds: 300_000_000)
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        // The answer would take a minute: returning long before that means the request was dropped,
        // not waited out (however slow the machine is).
        #expect(Date().timeIntervalSince(started) < 45)
    }
}

/// Collects progress values reported from any thread.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Double] = []
    func append(_ value: Double) { lock.lock(); stored.append(value); lock.unlock() }
    var values: [Double] { lock.lock(); defer { lock.unlock() }; return stored }
}
