import Foundation
import NotioCore
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// The server's `KoreanTagger`: texts through the real `notio-worker` and back.
extension MediaWorkerClientTests {
    func tagger(_ limits: MediaLimits = MediaLimits(), dictionary: String = TestFiles.koreanDictionary,
                launches: Launches? = nil) -> MediaWorkerClient {
        var client = MediaWorkerClient(executable: TestFiles.notio, limits: limits, koreanDictionary: dictionary)
        if let launches { client.launched = { launches.record($0) } }
        return client
    }

    static let sentences = [
        "대한민국 헌법 제12조 ①모든 국민은 신체의 자유를 가진다.",
        "",
        "선거관리위원회는 大統領 선거를 관리한다.\n국회 의원은 정보 공개 청구를 할 수 있다.",
        "Swift 6.3으로 TCP/IP를 쓰면 3.5%를 더 빠르게 👩‍💻",
    ]

    @Test(.enabled(if: TestFiles.haveKoreanDictionary, TestFiles.missingKoreanDictionary))
    func theWorkerTagsAsTheTaggerInProcessDoes() async throws {
        let local = try MeCabTagger(dictionary: TestFiles.koreanDictionary)
        let launches = Launches()
        let answer = try await tagger(launches: launches).tag(Self.sentences)
        #expect(answer == Self.sentences.map { try! local.words(of: $0) })
        #expect(answer[1].isEmpty && answer[0].count == 8)
        #expect(NounPhrase.phrases(in: answer[2]).map(\.text).contains("정보 공개 청구"))
        #expect(answer[2].flatMap(\.morphemes).first { $0.surface == "大統領" }?.reading == "대통령")
        #expect(launches.count == 1)
    }

    /// Three books' pages, more than 300, in batches of 256 KB: several children, one after the
    /// other, and the same words as in this process.
    @Test(.enabled(if: TestFiles.haveKoreanDictionary && TestFiles.havePDFs, TestFiles.missingPDFs))
    func aLongDocumentGoesInBatches() async throws {
        var pages: [String] = []
        for name in ["lshort-ko.pdf", "kotex-doc.pdf", "cjk-ko-doc.pdf", "lshort-ko.pdf"] {
            let data = try #require(FileManager.default.contents(atPath: TestFiles.pdf(name)))
            pages += try PDFExtractor.extract(data: data, options: PDFExtractionOptions(ocr: false)).pages.map(\.text)
        }
        #expect(pages.count > 300)
        let launches = Launches()
        let bytes = pages.reduce(0) { $0 + $1.utf8.count }
        let answer = try await tagger(MediaLimits(taggingBatchBytes: 256 << 10), launches: launches).tag(pages)
        #expect(launches.count >= bytes / (256 << 10) && launches.count <= bytes / (256 << 10) + 2)
        let local = try MeCabTagger(dictionary: TestFiles.koreanDictionary)
        #expect(answer == (try pages.map { try local.words(of: $0) }))
    }

    @Test func textsWithoutWordsNeedNoWorker() async throws {
        let client = MediaWorkerClient(executable: "/nonexistent/notio-worker", koreanDictionary: "/nonexistent")
        #expect(try await client.tag(["", " \n", "\u{3000}"]) == [[], [], []])
        #expect(try await client.tag([]) == [])
    }

    @Test func aMissingDictionaryIsReportedByTheWorker() async throws {
        await #expect(throws: MediaError.taggerUnavailable("/nonexistent/mecab-ko-dic")) {
            try await tagger(dictionary: "/nonexistent/mecab-ko-dic").tag(["국회 의원"])
        }
    }

    @Test func tooMuchTextIsRefusedBeforeAnyWorkerStarts() async throws {
        let launches = Launches()
        do {
            _ = try await tagger(MediaLimits(taggingMaxBytes: 1_000), launches: launches).tag(Self.sentences + [String(repeating: "가", count: 400)])
            Issue.record("1.3 KB passed a limit of 1 KB")
        } catch let error as MediaError {
            #expect(error.code == "too_large")
        }
        #expect(launches.count == 0)
    }

    @Test func anAnswerThatDoesNotFitTheTextIsRefused() async throws {
        // Offsets past the end, then inside a syllable (가 is three bytes).
        for spans in ["[0,999,0]", "[0,1,0]"] {
            let (worker, pdf) = try script(#"echo '{"tagged":{"tags":["NNG"],"texts":[{"spans":\#(spans),"readings":[],"expressions":[]}]}}'"#)
            defer { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }
            await #expect(throws: MediaError.taggingFailed) {
                try await MediaWorkerClient(executable: worker, koreanDictionary: "/unused").tag(["가나"])
            }
        }
    }

    @Test(.enabled(if: TestFiles.haveKoreanDictionary, TestFiles.missingKoreanDictionary))
    func cancellingTaggingEndsTheWorker() async throws {
        let launches = Launches()
        // 8 MB in one text: some seconds of tagging, cancelled a moment after its child starts.
        let text = String(repeating: "대한민국 헌법 제12조 ①모든 국민은 신체의 자유를 가진다.\n", count: 100_000)
        let task = Task { try await tagger(launches: launches).tag([text]) }
        while launches.count == 0 { try await Task.sleep(for: .milliseconds(20)) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        let pid = try #require(launches.pids.first)
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "gone"
        #expect(state == "gone" || state == "Z", "worker \(pid) is still \(state)")
    }
}

/// The children a client started.
final class Launches: @unchecked Sendable {
    private let lock = NSLock()
    private var started: [Int32] = []

    func record(_ pid: Int32) { lock.withLock { started.append(pid) } }
    var count: Int { lock.withLock { started.count } }
    var pids: [Int32] { lock.withLock { started } }
}
