import Foundation
import NotioCore
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// The server's `KoreanLanguageModel`: sentences through a real `notio-worker serve-ocr` of the
/// OCR pool and back.
@Suite(.enabled(if: TestFiles.haveNotio, TestFiles.missingNotio))
struct WarmKoreanLanguageModelTests {
    static let sentences = [
        "국무위원은 국무총리의 제청으로 대통령이 임명한다.",
        "국무위원은 국무총리의 국민으로 대통령이 임명한다.",
        "",
        "Swift 6.3으로 TCP/IP를 쓰면 3.5%를 더 빠르게 👩‍💻",
        String(repeating: "대한민국의 주권은 국민에게 있고, 모든 권력은 국민으로부터 나온다. ", count: 200),
    ]

    @Test(.enabled(if: TestFiles.haveKoreanModel, TestFiles.missingKoreanModel))
    func theWorkerScoresAsTheModelInProcessDoes() async throws {
        let pool = OCRPool(executable: TestFiles.notio, configuration: OCRPoolConfiguration(timeoutSeconds: WarmKoreanLanguageModel.timeoutSeconds))
        defer { pool.shutdown() }
        let model = WarmKoreanLanguageModel(pool: pool, folder: TestFiles.koreanModel)
        let local = try KiwiLanguageModel(folder: TestFiles.koreanModel)
        let answer = try await model.logLikelihoods(Self.sentences)
        #expect(answer == (try Self.sentences.map { try local.logLikelihood(of: $0) }))
        #expect(answer[0] > answer[1], "제청 fits the blank, 국민 does not")
        #expect(answer[2] == 0 && answer[3] < 0)
        // A sentence past `sentenceBytes` is scored on its first 4 KB, not refused.
        #expect(Self.sentences[4].utf8.count > KiwiLanguageModel.sentenceBytes && answer[4] < answer[0])
        // A quiz's batch is scored on every core at once, each sentence as alone.
        let batch = (0..<48).map { "제\($0)조 국무위원은 국무총리의 \(["제청", "국민", "추천"][$0 % 3])으로 대통령이 임명한다." }
        #expect(try await model.logLikelihoods(batch) == (try batch.map { try local.logLikelihood(of: $0) }))
        // The worker keeps its Kiwi: asked again, it answers the same.
        #expect(try await model.logLikelihoods(Self.sentences) == answer)
        #expect(try await model.logLikelihoods([]) == [])
    }

    @Test func aMissingModelIsReportedByTheWorker() async throws {
        let pool = OCRPool(executable: TestFiles.notio)
        defer { pool.shutdown() }
        await #expect(throws: MediaError.languageModelUnavailable("/nonexistent/kiwi")) {
            try await WarmKoreanLanguageModel(pool: pool, folder: "/nonexistent/kiwi").logLikelihoods(["국회 의원"])
        }
    }

    @Test func tooManySentencesAreRefusedBeforeAnyWorkerIsAsked() async throws {
        // No worker could start: any other answer than too_large came from asking one.
        let pool = OCRPool(executable: "/nonexistent/notio-worker")
        defer { pool.shutdown() }
        do {
            _ = try await WarmKoreanLanguageModel(pool: pool, folder: "/unused", maxSentences: 3).logLikelihoods(Self.sentences)
            Issue.record("five sentences passed a limit of three")
        } catch let error as MediaError {
            #expect(error.code == "too_large")
        }
    }

    @Test func anAnswerThatDoesNotFitTheSentencesIsRefused() async throws {
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try await OCRPoolTests.firstOutcome(ofWorker: """
        #!/bin/sh
        read request
        echo '{"id":1,"likelihoods":[-1.5]}'
        """, in: directory) { pool in _ = try await WarmKoreanLanguageModel(pool: pool, folder: "/unused").logLikelihoods(["가나", "다라"]) }
        #expect(outcome == MediaError.scoringFailed)
    }
}
