import Foundation
import Testing
@testable import NotioAnalysis
import NotioCore

@Suite struct ProviderPartsTests {
    @Test func schemaCheckNamesWhatIsWrong() throws {
        let bad = JSONValue.parse(Data(#"{"title":"t","concepts":[{"name":"n","summary":3,"definition":null,"keyPoints":[],"comparison":null,"pages":[1.5]}]}"#.utf8))!
        let problems = ModelSchemas.analysis.problems(in: bad)
        #expect(problems == ["$.concepts[0].summary: expected a string", "$.concepts[0].pages[0]: expected an integer", "$.keywords: missing"])
        let question = JSONValue.parse(Data(questionsJSON([item("q", kind: "essay")]).utf8))!
        #expect(ModelSchemas.questions.problems(in: question) == [#"$.questions[0].kind: "essay" is not one of choice, short"#])
        #expect(ModelSchemas.questions.problems(in: JSONValue.parse(Data(questionsJSON([item("q", options: ["a", "b", "c", "d", "e"])]).utf8))!)
            == ["$.questions[0].options: more than 4 items"])
    }

    @Test func schemasRenderForBothAPIs() {
        let openAI = ModelSchemas.analysis.openAI
        let concept = openAI["properties"]?["concepts"]?["items"]
        #expect(concept?["required"]?.arrayValue?.count == 6, "strict mode: every property required")
        #expect(concept?["properties"]?["definition"]?["anyOf"]?[1]?["type"]?.stringValue == "null")
        let gemini = ModelSchemas.analysis.gemini["properties"]?["concepts"]?["items"]
        #expect(gemini?["properties"]?["definition"]?["nullable"]?.boolValue == true)
        #expect(gemini?["required"]?.arrayValue?.contains("definition") == false)
    }

    @Test func fencedJSONIsAccepted() throws {
        let answer = try ModelSchemas.decode(ModelAnalysis.self, from: "```json\n" + analysisJSON() + "\n```", schema: ModelSchemas.analysis)
        #expect(answer.concepts.count == 1)
    }

    @Test func chunksKeepPageMarkersAndTheBudget() {
        let pages = [SourcePage(number: 1, text: String(repeating: "가나다 ", count: 100)), SourcePage(number: 2, text: "  "),
                     SourcePage(number: 3, text: "짧은 쪽"), SourcePage(number: 12, text: String(repeating: "word ", count: 30))]
        let chunks = TextChunk.chunks(of: pages, budget: 250)
        #expect(chunks.allSatisfy { $0.characterCount <= 250 })
        #expect(chunks.flatMap { $0.pieces.map(\.page) } == [1, 1, 3, 12])
        #expect(chunks.last?.markedText.contains("[p. 12]\nword") == true)
        #expect(!chunks.flatMap(\.pieces).contains { $0.page == 2 }, "empty pages are skipped")
        let joined = chunks.flatMap(\.pieces).filter { $0.page == 1 }.map(\.text).joined(separator: " ")
        #expect(joined == pages[0].text.trimmingCharacters(in: .whitespaces), "cut at spaces, nothing lost")
    }

    @Test func halvesSplitByPagesThenByText() throws {
        let two = TextChunk(pieces: [.init(page: 1, text: String(repeating: "a ", count: 300)), .init(page: 2, text: String(repeating: "b ", count: 300))])
        let (left, right) = try #require(two.halves())
        #expect(left.pageNumbers == [1] && right.pageNumbers == [2])
        let one = TextChunk(pieces: [.init(page: 7, text: String(repeating: "단어 ", count: 300))])
        let (a, b) = try #require(one.halves())
        #expect(a.pageNumbers == [7] && b.pageNumbers == [7])
        #expect(abs(a.characterCount - b.characterCount) < 10)
        #expect(TextChunk(pieces: [.init(page: 1, text: "짧다")]).halves() == nil)
    }

    @Test func mergeFoldsConceptsAndKeywords() {
        let a = NoteAnalysis(title: "운영체제", concepts: [Concept(name: "Process Scheduling", summary: "short", keyPoints: ["x"], pages: [2])],
                             keywords: [Keyword(term: "CPU", relatedTerms: ["core"])])
        let b = NoteAnalysis(title: "other", concepts: [Concept(name: "process  scheduling.", summary: "a longer summary", keyPoints: ["X", "y"], pages: [1, 2])],
                             keywords: [Keyword(term: "cpu", relatedTerms: ["Core", "cache"])])
        let merged = NoteMerger.merge([a, b])
        #expect(merged.title == "운영체제")
        #expect(merged.concepts.count == 1)
        #expect(merged.concepts[0].pages == [1, 2])
        #expect(merged.concepts[0].summary == "a longer summary")
        #expect(merged.concepts[0].keyPoints == ["x", "y"])
        #expect(merged.keywords == [Keyword(term: "CPU", relatedTerms: ["core", "cache"])])
    }

    @Test func retryDelaysReadServerHints() {
        #expect(RetryPolicy.seconds(fromDuration: "13s") == 13)
        #expect(RetryPolicy.seconds(fromDuration: "0.5s") == 0.5)
        #expect(RetryPolicy.seconds(fromDuration: "13") == nil)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RetryPolicy.seconds(fromRetryAfter: "7", now: now) == 7)
        #expect(RetryPolicy.seconds(fromRetryAfter: "Tue, 14 Nov 2023 22:13:30 GMT", now: now) == 10)
        let policy = RetryPolicy(baseDelay: 1, maxDelay: 5)
        #expect(policy.delay(afterAttempt: 1, hint: nil, random: 0) == 0.5)
        #expect(policy.delay(afterAttempt: 3, hint: nil, random: 1) == 4)
        #expect(policy.delay(afterAttempt: 9, hint: nil, random: 1) == 5)
        #expect(policy.delay(afterAttempt: 1, hint: 31, random: 0) == 31)
    }

    @Test func settingsFromTheEnvironment() throws {
        let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("gemini-key-\(UUID().uuidString)")
        try "secret-from-file\n".write(to: keyFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: keyFile) }
        let settings = try ProviderSettings.fromEnvironment(["NOTIO_AI_PROVIDER": "gemini", "GEMINI_API_KEY_FILE": keyFile.path,
                                                             "GEMINI_MODEL": "gemini-2.5-flash", "OPENAI_MODEL": "llama3.2"])
        #expect(settings.kind == .gemini)
        #expect(settings.geminiAPIKey == "secret-from-file")
        #expect(settings.geminiModel == "gemini-2.5-flash")
        #expect(settings.geminiBaseURL.absoluteString == "https://generativelanguage.googleapis.com")
        #expect(try makeProvider(settings).name == "gemini")

        #expect(try makeProvider(ProviderSettings.fromEnvironment([:])).name == "offline")
        #expect(throws: ProviderConfigurationError("NOTIO_AI_PROVIDER is gemini but no API key is set: set GEMINI_API_KEY or GEMINI_API_KEY_FILE.")) {
            try makeProvider(ProviderSettings.fromEnvironment(["NOTIO_AI_PROVIDER": "gemini"]))
        }
        #expect(throws: ProviderConfigurationError.self) { try ProviderSettings.fromEnvironment(["NOTIO_AI_PROVIDER": "claude"]) }
        #expect(throws: ProviderConfigurationError.self) { try ProviderSettings.fromEnvironment(["OPENAI_BASE_URL": "localhost:11434"]) }
        #expect(throws: ProviderConfigurationError.self) { try makeProvider(ProviderSettings(kind: .openai)) }
        let openAI = try makeProvider(ProviderSettings.fromEnvironment(["NOTIO_AI_PROVIDER": "openai", "OPENAI_MODEL": "llama3.2"]))
        #expect(openAI.name == "openai")
    }
}
