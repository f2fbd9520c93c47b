import Foundation
import NotioAnalysis
import NotioCore
import NotioMedia
import NotioStore

/// `notio measure ...`: development figures for `make bench`, on the same code paths the server
/// uses. Prints one JSON object per run.
enum MeasureCommand {
    static func run(_ arguments: [String]) async throws -> Int32 {
        guard let what = arguments.first else { throw ConfigurationError(description: "measure: ingest FILE | quiz FILE | study FILE | tag FILE") }
        switch what {
        case "ingest":
            // Extraction in the isolated worker, then storing and indexing, then offline analysis.
            guard arguments.count >= 2 else { throw ConfigurationError(description: "measure ingest FILE [--max-pages N]") }
            let file = arguments[1]
            let maxPages = arguments.firstIndex(of: "--max-pages").flatMap { Int(arguments[$0 + 1]) } ?? 100_000
            let client = MediaWorkerClient(executable: MediaWorkerClient.currentExecutable(),
                                           limits: MediaLimits(maxBytes: 1 << 30, maxPages: maxPages, timeoutSeconds: 3600))
            let clock = ContinuousClock()
            var document = ExtractedDocument(pages: [])
            let extract = try await clock.measure { document = try await client.extractPDF(at: file) { _ in } }
            var analysis = NoteAnalysis(title: "", concepts: [], keywords: [])
            let words = try await tagger(arguments)
            let analyse = try await clock.measure { analysis = try await OfflineAnalyser().analyse(document, tagger: words) { _ in } }
            let dir = NSTemporaryDirectory() + "notio-measure-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let store = try Store(directory: dir)
            let now = WallClock.now()
            let user = User(id: "measure", email: "measure@notio.local", name: "measure", createdAt: now)
            _ = try store.insertUser(user, passwordHash: "-", termsAgreedAt: now)
            let note = NoteSummary(id: "n1", title: "measure", category: .major, favorite: false, state: .analysing, createdAt: now)
            let job = Job(id: "j1", ownerId: user.id, kind: "analyse-note", noteId: "n1", state: .running, stage: "save", progress: 0, createdAt: now, updatedAt: now)
            let storeTime = try clock.measure {
                try store.insertNote(note, ownerId: user.id, titleLocked: false, job: job)
                try store.completeNote(id: "n1", owner: user.id, document: document, analysis: analysis, fileSize: 0, at: now)
            }
            print(#"{"pages":\#(document.pages.count),"ocrPages":\#(document.ocrPages.count),"extractMs":\#(ms(extract)),"storeMs":\#(ms(storeTime)),"analyseMs":\#(ms(analyse)),"concepts":\#(analysis.concepts.count),"keywords":\#(analysis.keywords.count)}"#)
            return 0
        case "quiz":
            // Offline analysis of a PDF's text, then 30 questions at each level.
            guard arguments.count >= 2 else { throw ConfigurationError(description: "measure quiz FILE [--untagged] [--no-language-model]") }
            let client = MediaWorkerClient(executable: MediaWorkerClient.currentExecutable(), limits: MediaLimits(maxBytes: 1 << 30, maxPages: 100_000, timeoutSeconds: 3600))
            let document = try await client.extractPDF(at: arguments[1]) { _ in }
            let analysis = try await OfflineAnalyser().analyse(document, tagger: tagger(arguments)) { _ in }
            let quizzer = try await quizzer(arguments)
            let clock = ContinuousClock()
            var parts: [String] = []
            for level in Difficulty.allCases {
                var questions: [Question] = []
                let t = try await clock.measure {
                    questions = try await quizzer.makeQuestions(QuizRequest(analysis: analysis, pages: document.pages, difficulty: level, count: 30, seed: 1))
                }
                // The difficulty proxy: how alike the distractors are, how many take two steps, how much to read.
                let p = QuizProfile(questions)
                let proxy = String(format: #""similarity":%.3f,"sameLength":%.3f,"twoStep":%.3f,"short":%.3f,"stem":%.1f"#,
                                   p.meanDistractorSimilarity, p.sameLengthShare, p.twoStepShare, p.shortShare, p.meanStemLength)
                parts.append(#""\#(level.rawValue)":{"questions":\#(questions.count),"ms":\#(ms(t)),\#(proxy)}"#)
            }
            let matcher = AnswerMatcher()
            let answers = (0..<1000).map { i in ("운영체제\(i % 7 == 0 ? "는" : "")", i % 3 == 0 ? "운영 체제" : "운영체재") }
            var accepted = 0
            let grading = clock.measure { for (a, g) in answers where matcher.isCorrect(given: g, answer: a, alternatives: []) { accepted += 1 } }
            print("{\(parts.joined(separator: ",")),\"grade1000Ms\":\(ms(grading))}")
            return 0
        case "study":
            // What a reader of the 노트 space sees of one PDF, as JSON: the note (title, concepts,
            // keywords) and the questions each level gives for `--count` asked (30 by default).
            guard arguments.count >= 2 else { throw ConfigurationError(description: "measure study FILE [--count N] [--lines] [--untagged] [--no-language-model]") }
            let count = arguments.firstIndex(of: "--count").flatMap { Int(arguments[$0 + 1]) } ?? 30
            let client = MediaWorkerClient(executable: MediaWorkerClient.currentExecutable(), limits: MediaLimits(maxBytes: 1 << 30, maxPages: 100_000, timeoutSeconds: 3600))
            let clock = ContinuousClock()
            var document = ExtractedDocument(pages: [])
            let extract = try await clock.measure { document = try await client.extractPDF(at: arguments[1]) { _ in } }
            if arguments.contains("--lines") { print(OfflineAnalyser.layoutListing(of: document)); return 0 }
            var analysis = NoteAnalysis(title: "", concepts: [], keywords: [])
            let words = try await tagger(arguments)
            let analyse = try await clock.measure { analysis = try await OfflineAnalyser().analyse(document, tagger: words) { _ in } }
            let quizzer = try await quizzer(arguments)
            var quizzes: [String: [Question]] = [:]
            var quizMs: [String: String] = [:]
            for level in Difficulty.allCases {
                let t = try await clock.measure {
                    quizzes[level.rawValue] = try await quizzer.makeQuestions(QuizRequest(analysis: analysis, pages: document.pages, difficulty: level, count: count, seed: 1))
                }
                quizMs[level.rawValue] = ms(t)
            }
            struct Report: Encodable {
                var pages: Int; var extractMs: String; var analyseMs: String; var quizMs: [String: String]
                var note: NoteAnalysis; var questions: [String: [Question]]
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let report = Report(pages: document.pages.count, extractMs: ms(extract), analyseMs: ms(analyse), quizMs: quizMs, note: analysis, questions: quizzes)
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
            return 0
        case "tag":
            // A PDF's pages tagged by MeCab in a warm OCR worker, as the server asks for them
            // (the first call starts the worker: `firstTagMs`); the server's own memory before and
            // after (it holds the answer, never the dictionary).
            guard arguments.count >= 2 else { throw ConfigurationError(description: "measure tag FILE") }
            let client = MediaWorkerClient(executable: MediaWorkerClient.currentExecutable(),
                                           limits: MediaLimits(maxBytes: 1 << 30, maxPages: 100_000, timeoutSeconds: 3600))
            let pages = try await client.extractPDF(at: arguments[1]) { _ in }.pages.map(\.text)
            let bytes = pages.reduce(0) { $0 + $1.utf8.count }
            let before = residentKB()
            let clock = ContinuousClock()
            let tagger = WarmKoreanTagger(pool: measurePool)
            let first = try await clock.measure { _ = try await tagger.tag(pages) }
            var words: [[TaggedWord]] = []
            let tagging = try await clock.measure { words = try await tagger.tag(pages) }
            let morphemes = words.joined().reduce(0) { $0 + $1.morphemes.count }
            let phrases = clock.measure { for page in words { _ = NounPhrase.phrases(in: page) } }
            print(#"{"pages":\#(pages.count),"bytes":\#(bytes),"batches":\#(WarmKoreanTagger.batches(of: pages, bytes: tagger.batchBytes).count),"words":\#(words.joined().count),"morphemes":\#(morphemes),"firstTagMs":\#(ms(first)),"tagMs":\#(ms(tagging)),"nounPhrasesMs":\#(ms(phrases)),"serverRssBeforeKB":\#(before),"serverRssAfterKB":\#(residentKB())}"#)
            return 0
        default:
            throw ConfigurationError(description: "measure: unknown \(what)")
        }
    }

    /// The OCR workers the measurements tag in, as the server's pool (one worker).
    static let measurePool = OCRPool(executable: MediaWorkerClient.currentExecutable())
    /// The language model's worker, as the server's (`AppContext.language`).
    static let languagePool = OCRPool(executable: MediaWorkerClient.currentExecutable(),
                                      configuration: OCRPoolConfiguration(timeoutSeconds: WarmKoreanLanguageModel.timeoutSeconds))

    /// The tagger the server's analysis uses (MeCab in a warm OCR worker, started and asked once
    /// before anything is timed: the server's workers start with it), or none with `--untagged`:
    /// the analysis with the particle lists alone, to compare.
    static func tagger(_ arguments: [String]) async throws -> (any KoreanTagger)? {
        guard !arguments.contains("--untagged") else { return nil }
        let tagger = WarmKoreanTagger(pool: measurePool)
        _ = try await tagger.tag(["국회는 법률을 제정한다."])
        return tagger
    }

    /// The offline analyser as the server makes quizzes with it: options chosen by Kiwi's
    /// language model in a warm OCR worker (started and asked once before anything is timed), or
    /// by the chooser alone with `--no-language-model`, to compare.
    static func quizzer(_ arguments: [String]) async throws -> OfflineAnalyser {
        guard !arguments.contains("--no-language-model") else { return OfflineAnalyser() }
        let model = WarmKoreanLanguageModel(pool: languagePool)
        _ = try await model.logLikelihoods(["국회는 법률을 제정한다."])
        return OfflineAnalyser(languageModel: model)
    }

    /// This process's resident memory (VmRSS) in kB.
    static func residentKB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    static func ms(_ d: Duration) -> String {
        let c = d.components
        return String(format: "%.1f", Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15)
    }
}
