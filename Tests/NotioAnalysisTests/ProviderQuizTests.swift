import Foundation
import Testing
@testable import NotioAnalysis
import NotioCore

let schedulingNote = NoteAnalysis(title: "프로세스 스케줄링", concepts: [
    Concept(id: "c1", name: "선점형 스케줄링", summary: "CPU를 빼앗을 수 있다.", definition: "실행 중인 프로세스에서 CPU를 회수할 수 있는 방식", pages: [3, 4]),
    Concept(id: "c2", name: "비선점형 스케줄링", summary: "CPU를 스스로 놓을 때까지 기다린다.", pages: [5]),
], keywords: [Keyword(term: "디스패처")])

func item(_ prompt: String, options: [String] = ["선점형 스케줄링", "비선점형 스케줄링", "FCFS", "SJF"], correctIndex: Int? = 0,
          answer: String = "선점형 스케줄링", kind: String = "choice", page: Int? = nil) -> JSONValue {
    ["kind": .string(kind), "form": "definition", "prompt": .string(prompt), "options": .array(options.map { .string($0) }),
     "correctIndex": correctIndex.map { .number(Double($0)) } ?? .null, "answer": .string(answer), "alternatives": [],
     "conceptName": "선점형 스케줄링", "page": page.map { .number(Double($0)) } ?? .null]
}

func questionsJSON(_ items: [JSONValue]) -> String {
    String(decoding: try! JSONValue.object(["questions": .array(items)]).encoded(), as: UTF8.self)
}

@Suite struct ProviderQuizTests {
    @Test func asksOnceMoreForTheMissingCountAndSaysWhatNotToRepeat() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "gemini_questions", texts: [
            questionsJSON([item("CPU를 회수할 수 있는 방식은?"), item("실행 중인 프로세스를 멈출 수 있는 스케줄링은?")]),
            questionsJSON([item("라운드 로빈이 속하는 스케줄링 방식은?", page: 4)]),
        ], queue: "a")
        let request = QuizRequest(analysis: schedulingNote, pages: [], difficulty: .hard, count: 3, avoidPrompts: ["이전 질문"])
        let questions = try await gemini(fake, queue: "a").makeQuestions(request)

        #expect(questions.count == 3)
        #expect(questions.allSatisfy { $0.conceptId == "c1" })
        #expect(questions[0].page == 3, "no page from the model: the concept's first page")
        #expect(questions[2].page == 4)

        let first = try await fake.requestBody(0, queue: "a")
        let firstText = first["contents"]?[0]?["parts"]?[0]?["text"]?.stringValue ?? ""
        let rules = first["systemInstruction"]?["parts"]?[0]?["text"]?.stringValue ?? ""
        #expect(firstText.contains("Write exactly 3 questions"))
        #expect(firstText.contains("Already asked (do not repeat):\n- 이전 질문"))
        #expect(firstText.contains("## 선점형 스케줄링 (pages 3, 4)"))
        #expect(rules.contains("Difficulty 상"))
        #expect(first["generationConfig"]?["responseSchema"]?["properties"]?["questions"]?["type"]?.stringValue == "ARRAY")

        let second = try await fake.requestBody(1, queue: "a")["contents"]?[0]?["parts"]?[0]?["text"]?.stringValue ?? ""
        #expect(second.contains("Write exactly 1 question."))
        #expect(second.contains("- CPU를 회수할 수 있는 방식은?"))
        #expect(second.contains("- 실행 중인 프로세스를 멈출 수 있는 스케줄링은?"))
        #expect(try await fake.requests("a").count == 2, "asks once more, not again and again")
    }

    @Test func difficultyChangesTheRules() {
        let easy = ModelAnalyst<GeminiClient>.quizRules(.easy)
        let hard = ModelAnalyst<GeminiClient>.quizRules(.hard)
        #expect(easy.contains("\"definition\"") && easy.contains("unrelated"))
        #expect(hard.contains("\"comparison\"") && hard.contains("near neighbours"))
    }

    // Model output goes through QuestionValidator: correctIndex repaired from the answer text,
    // items with no matching option or without 4 distinct options dropped, repeats dropped.
    @Test
    func repairsAndDropsFlawedModelQuestionsThenAsksForTheMissingOnes() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "gemini_questions", texts: [
            questionsJSON([
                item("CPU를 회수할 수 있는 방식은?", correctIndex: 2),                                        // wrong index → repaired to 0
                item("중복 보기 문제", options: ["FCFS", "FCFS", "SJF", "선점형 스케줄링"], correctIndex: 3),   // duplicate options → dropped
                item("이전 질문", correctIndex: 0),                                                         // asked before → dropped
                item("정답이 보기에 없는 문제", answer: "라운드 로빈"),                                         // answer absent → dropped
            ]),
            questionsJSON([item("라운드 로빈이 속하는 방식은?", options: ["SJF", "선점형 스케줄링", "FCFS", "비선점형 스케줄링"], correctIndex: 1),
                           item("또 하나", options: ["SJF", "FCFS", "비선점형 스케줄링", "선점형 스케줄링"], correctIndex: 3),
                           item("하나 더", options: ["선점형 스케줄링", "SJF", "FCFS", "비선점형 스케줄링"], correctIndex: 0)]),
        ], queue: "a")
        let request = QuizRequest(analysis: schedulingNote, pages: [], difficulty: .easy, count: 4, avoidPrompts: ["이전 질문"])
        let questions = try await gemini(fake, queue: "a").makeQuestions(request)

        #expect(questions.count == 4)
        #expect(questions[0].prompt == "CPU를 회수할 수 있는 방식은?")
        #expect(questions[0].correctIndex == 0)
        #expect(!questions.map(\.prompt).contains("이전 질문"))
        #expect(!questions.map(\.prompt).contains("중복 보기 문제"))
        #expect(!questions.map(\.prompt).contains("정답이 보기에 없는 문제"))
        #expect(questions.allSatisfy { $0.options[$0.correctIndex ?? -1] == $0.answer })
        let second = try await fake.requestBody(1, queue: "a")["contents"]?[0]?["parts"]?[0]?["text"]?.stringValue ?? ""
        #expect(second.contains("Write exactly 3 questions"))
    }
}

/// Issue 13, point 11: the Gemini and OpenAI-compatible paths pass the same validator as the
/// offline generator. Recorded answers (the verbatim fixtures with these texts) hold a question
/// whose prompt quotes its answer, one whose label (its concept, shown with a detail question)
/// is the answer, and one with a junk option: all three are dropped, the rest kept, and the
/// missing one asked for once more.
@Suite struct ProviderValidatorTests {
    static let leakyAnswer = questionsJSON([
        item("CPU를 회수할 수 있는 방식은?"),                                                        // kept
        item("선점형 스케줄링이란 무엇인가? 알맞은 것을 고르시오."),                                    // prompt leaks → dropped
        detailItem("실행 중인 프로세스에서 CPU를 회수할 수 있는 방식은?", conceptName: "선점형 스케줄링"), // label leaks → dropped
        item("실행 중에 CPU를 빼앗을 수 있는 방식은?", options: ["선점형 스케줄링", "것이", "FCFS", "SJF"]), // junk option → dropped
        detailItem("디스패처가 문맥을 바꾸는 방식은?", conceptName: "디스패처"),                        // label about another concept → kept
    ])
    static let secondAnswer = questionsJSON([item("CPU를 강제로 되찾는 스케줄링은?")])

    static func detailItem(_ prompt: String, conceptName: String) -> JSONValue {
        ["kind": "choice", "form": "detail", "prompt": .string(prompt),
         "options": ["선점형 스케줄링", "비선점형 스케줄링", "FCFS", "SJF"], "correctIndex": 0, "answer": "선점형 스케줄링",
         "alternatives": [], "conceptName": .string(conceptName), "page": .null]
    }

    func check(_ questions: [Question]) {
        #expect(questions.map(\.prompt) == ["CPU를 회수할 수 있는 방식은?", "디스패처가 문맥을 바꾸는 방식은?", "CPU를 강제로 되찾는 스케줄링은?"])
        #expect(questions.allSatisfy { !QuestionValidator.leaks($0) && !QuestionValidator.hasJunkOption($0) })
        #expect(questions[1].label == "디스패처")
    }

    @Test func geminiDropsLeakingQuestionsLabelsAndJunkOptions() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "gemini_questions", texts: [Self.leakyAnswer, Self.secondAnswer], queue: "g")
        let request = QuizRequest(analysis: schedulingNote, pages: [], difficulty: .hard, count: 3)
        check(try await gemini(fake, queue: "g").makeQuestions(request))
        #expect(try await fake.requests("g").count == 2)
    }

    @Test func openAICompatibleDropsLeakingQuestionsLabelsAndJunkOptions() async throws {
        let fake = try await FakeServices.start()
        try await fake.script(scenario: "openai_questions", texts: [Self.leakyAnswer, Self.secondAnswer], queue: "o")
        let request = QuizRequest(analysis: schedulingNote, pages: [], difficulty: .hard, count: 3)
        check(try await openAI(fake, queue: "o").makeQuestions(request))
        #expect(try await fake.requests("o").count == 2)
    }
}
