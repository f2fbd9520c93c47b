import Foundation
import Testing
@testable import NotioAnalysis
import NotioCore

func openAI(_ fake: FakeServices, queue: String, key: String? = nil) -> OpenAICompatibleProvider {
    OpenAICompatibleProvider(options: .init(baseURL: fake.baseURL(queue).appendingPathComponent("v1"), model: "qwen3:8b", apiKey: key,
                                            maxOutputTokens: 1024, timeout: 5, retry: fastRetry))
}

@Suite struct ProviderOpenAITests {
    @Test func sendsAStrictJSONSchemaAndIgnoresReasoning() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "openai_ok", texts: [analysisJSON()], queue: "a")
        let note = try await openAI(fake, queue: "a", key: "sk-local").analyse(schedulingDocument) { _ in }
        #expect(note.concepts.map(\.name) == ["선점형 스케줄링"])

        let request = try await fake.requests("a")[0]
        #expect(request["path"]?.stringValue == "/v1/chat/completions")
        #expect(request["headers"]?["authorization"]?.stringValue == "Bearer sk-local")
        let body = try await fake.requestBody(0, queue: "a")
        #expect(body["model"]?.stringValue == "qwen3:8b")
        let format = body["response_format"]
        #expect(format?["type"]?.stringValue == "json_schema")
        #expect(format?["json_schema"]?["strict"]?.boolValue == true)
        #expect(format?["json_schema"]?["schema"]?["additionalProperties"]?.boolValue == false)
        #expect(body["messages"]?[1]?["content"]?.stringValue?.contains("[p. 2]") == true)
    }

    @Test func noKeyMeansNoAuthorizationHeader() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "openai_ok", texts: [analysisJSON()], queue: "a")
        _ = try await openAI(fake, queue: "a").analyse(schedulingDocument) { _ in }
        #expect(try await fake.requests("a")[0]["headers"]?["authorization"] == nil)
    }

    @Test func finishReasonLengthSplitsTheInput() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "openai_length_then_halves",
                              texts: [analysisJSON(pages: [1]), analysisJSON(concept: "비선점형 스케줄링", pages: [2])], queue: "a")
        let note = try await openAI(fake, queue: "a").analyse(schedulingDocument) { _ in }
        #expect(note.concepts.map(\.name) == ["선점형 스케줄링", "비선점형 스케줄링"])
        #expect(note.concepts.map(\.pages) == [[1], [2]])
        #expect(try await fake.requests("a").count == 3)
    }

    @Test func retriesAfter503WithRetryAfter() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "openai_503_then_200", texts: [analysisJSON()], queue: "a")
        let started = Date()
        let note = try await openAI(fake, queue: "a").analyse(schedulingDocument) { _ in }
        #expect(note.concepts.count == 1)
        #expect(Date().timeIntervalSince(started) >= 0.001)
        #expect(try await fake.requests("a").count == 2)
    }

    @Test func proseInsteadOfJSONIsRetriedOnce() async throws {
        let fake = try await FakeServices.start()
        // The verbatim stop reply is prose: a real answer that ignores the schema.
        try await fake.script([[200, "openai_compat/openai_chat_completion_stop.json"],
                               ["status": 200, "fixture": "openai_compat/openai_chat_completion_stop.json", "text": .string(analysisJSON())]], queue: "a")
        let note = try await openAI(fake, queue: "a").analyse(schedulingDocument) { _ in }
        #expect(note.concepts.count == 1)
    }

    @Test func anUnknownModelIsAClearErrorWithoutRetry() async throws {
        let fake = try await FakeServices.start()
        try await fake.script([["status": 404, "body": #"{"error":{"message":"model \"qwen3:8b\" not found, try pulling it first"}}"#]], queue: "a")
        let error = await #expect(throws: AnalysisError.self) { try await openAI(fake, queue: "a").analyse(schedulingDocument) { _ in } }
        #expect(error?.message.hasPrefix("The model “qwen3:8b” does not exist") == true)
        #expect(try await fake.requests("a").count == 1)
    }
}
