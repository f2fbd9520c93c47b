import Foundation
import NotioCore
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// The server's `KoreanTagger`: texts through a real `notio-worker serve-ocr` of the OCR pool and back.
@Suite(.enabled(if: TestFiles.haveNotio, TestFiles.missingNotio))
struct WarmKoreanTaggerTests {
    static let sentences = [
        "대한민국 헌법 제12조 ①모든 국민은 신체의 자유를 가진다.",
        "",
        "선거관리위원회는 大統領 선거를 관리한다.\n국회 의원은 정보 공개 청구를 할 수 있다.",
        "Swift 6.3으로 TCP/IP를 쓰면 3.5%를 더 빠르게 👩‍💻",
    ]

    @Test(.enabled(if: TestFiles.haveKoreanDictionary, TestFiles.missingKoreanDictionary))
    func theWorkerTagsAsTheTaggerInProcessDoes() async throws {
        let pool = OCRPool(executable: TestFiles.notio)
        defer { pool.shutdown() }
        let tagger = WarmKoreanTagger(pool: pool, dictionary: TestFiles.koreanDictionary)
        let local = try MeCabTagger(dictionary: TestFiles.koreanDictionary)
        let answer = try await tagger.tag(Self.sentences)
        #expect(answer == Self.sentences.map { try! local.words(of: $0) })
        #expect(answer[1].isEmpty && answer[0].count == 8)
        #expect(NounPhrase.phrases(in: answer[2]).map(\.text).contains("정보 공개 청구"))
        #expect(answer[2].flatMap(\.morphemes).first { $0.surface == "大統領" }?.reading == "대통령")
        // The worker keeps its MeCab: asked again, it answers the same.
        #expect(try await tagger.tag(Self.sentences) == answer)
    }

    /// Three books' pages, more than 300, in batches of 256 KB: several requests, one after the
    /// other, and the same words as in this process.
    @Test(.enabled(if: TestFiles.haveKoreanDictionary && TestFiles.havePDFs, TestFiles.missingPDFs))
    func aLongDocumentGoesInBatches() async throws {
        var pages: [String] = []
        for name in ["lshort-ko.pdf", "kotex-doc.pdf", "cjk-ko-doc.pdf", "lshort-ko.pdf"] {
            let data = try #require(FileManager.default.contents(atPath: TestFiles.pdf(name)))
            pages += try PDFExtractor.extract(data: data, options: PDFExtractionOptions(ocr: false)).pages.map(\.text)
        }
        #expect(pages.count > 300)
        let bytes = pages.reduce(0) { $0 + $1.utf8.count }
        let batches = WarmKoreanTagger.batches(of: pages, bytes: 256 << 10)
        #expect(batches.count >= bytes / (256 << 10) && batches.count <= bytes / (256 << 10) + 2)
        #expect(batches.first?.lowerBound == 0 && batches.last?.upperBound == pages.count)
        #expect(zip(batches, batches.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        let pool = OCRPool(executable: TestFiles.notio)
        defer { pool.shutdown() }
        let answer = try await WarmKoreanTagger(pool: pool, dictionary: TestFiles.koreanDictionary, batchBytes: 256 << 10).tag(pages)
        let local = try MeCabTagger(dictionary: TestFiles.koreanDictionary)
        #expect(answer == (try pages.map { try local.words(of: $0) }))
    }

    @Test func textsWithoutWordsNeedNoWorker() async throws {
        let pool = OCRPool(executable: "/nonexistent/notio-worker")
        defer { pool.shutdown() }
        let tagger = WarmKoreanTagger(pool: pool, dictionary: "/nonexistent")
        #expect(try await tagger.tag(["", " \n", "\u{3000}"]) == [[], [], []])
        #expect(try await tagger.tag([]) == [])
    }

    @Test func aMissingDictionaryIsReportedByTheWorker() async throws {
        let pool = OCRPool(executable: TestFiles.notio)
        defer { pool.shutdown() }
        await #expect(throws: MediaError.taggerUnavailable("/nonexistent/mecab-ko-dic")) {
            try await WarmKoreanTagger(pool: pool, dictionary: "/nonexistent/mecab-ko-dic").tag(["국회 의원"])
        }
    }

    @Test func tooMuchTextIsRefusedBeforeAnyWorkerIsAsked() async throws {
        // No worker could start: any other answer than too_large came from asking one.
        let pool = OCRPool(executable: "/nonexistent/notio-worker")
        defer { pool.shutdown() }
        do {
            _ = try await WarmKoreanTagger(pool: pool, dictionary: "/unused", maxBytes: 1_000).tag(Self.sentences + [String(repeating: "가", count: 400)])
            Issue.record("1.3 KB passed a limit of 1 KB")
        } catch let error as MediaError {
            #expect(error.code == "too_large")
        }
    }

    @Test func anAnswerThatDoesNotFitTheTextIsRefused() async throws {
        // Offsets past the end, then inside a syllable (가 is three bytes).
        for spans in ["[0,999,0]", "[0,1,0]"] {
            let directory = try TestFiles.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let outcome = try await OCRPoolTests.firstOutcome(ofWorker: """
            #!/bin/sh
            read request
            echo '{"id":1,"tagged":{"tags":["NNG"],"texts":[{"spans":\(spans),"readings":[],"expressions":[]}]}}'
            """, in: directory) { pool in _ = try await WarmKoreanTagger(pool: pool, dictionary: "/unused").tag(["가나"]) }
            #expect(outcome == MediaError.taggingFailed)
        }
    }
}
