import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// The pool with real `notio-worker serve-ocr` children: real OCR of rendered pages, and the
/// ways a worker can fail (the worker's test operations sleep and crash on request).
@Suite(.serialized, .enabled(if: TestFiles.haveNotio, TestFiles.missingNotio))
struct OCRPoolTests {
    static let lines = [
        "독서는 마음의 양식이라고 옛사람들은 말했다",
        "The Foundation of every habit is a small daily step",
        "밑줄 친 문장은 오래 기억에 남는다",
    ]

    /// Marks this test's workers: other suites run pools in the same process at the same time.
    let marker = "NOTIO_TEST_POOL=\(UUID().uuidString)"

    func pool(timeout: Double = 30, maxWaiting: Int = 16, photo: PhotoLimits = PhotoLimits(), idleSeconds: Double = 600) -> OCRPool {
        let mark = marker.split(separator: "=").map(String.init)
        return OCRPool(executable: TestFiles.notio,
                       configuration: OCRPoolConfiguration(timeoutSeconds: timeout, maxWaiting: maxWaiting, idleSeconds: idleSeconds, photo: photo,
                                                           environment: ["NOTIO_WORKER_TEST_OPS": "1", mark[0]: mark[1]]))
    }

    /// A small blank picture: quick to read, no words.
    func blankPicture() throws -> String {
        try PhotoFixtures.file(PhotoFixtures.picture(width: 64, height: 64, format: "png"), named: "blank.png")
    }

    func code(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch let error as MediaError {
            return error.code
        } catch {
            return "\(type(of: error))"
        }
    }

    @Test func readsARenderedPageAndTheUnderlinedWords() async throws {
        let picture = PhotoFixtures.text(Self.lines)
        let path = try PhotoFixtures.file(picture.file, named: "page.png")
        let pool = pool()
        defer { pool.shutdown() }

        let page = try await pool.words(inImageAt: path)
        #expect((page.imageWidth, page.imageHeight) == (picture.width, picture.height))
        let texts = page.words.map(\.text)
        for word in ["독서는", "양식이라고", "Foundation", "habit", "문장은", "남는다"] {
            #expect(texts.contains(word), "\(word) among \(texts)")
        }
        #expect(page.words.map(\.line) == page.words.map(\.line).sorted())

        let one = try await pool.underline(inImageAt: path, strokes: [PhotoFixtures.stroke(under: picture, line: 0, words: 1...2)])
        #expect(one.text == "마음의 양식이라고")
        #expect(one.words.map(\.text) == ["마음의", "양식이라고"])
        #expect((one.imageWidth, one.imageHeight) == (picture.width, picture.height))

        // Drawn second line first; read in reading order, Korean and English together.
        let two = try await pool.underline(inImageAt: path, strokes: [
            PhotoFixtures.stroke(under: picture, line: 2, words: 0...2),
            PhotoFixtures.stroke(under: picture, line: 1, words: 7...9),
        ])
        #expect(two.text == "small daily step 밑줄 친 문장은")

        let nothing = try await pool.underline(
            inImageAt: path, strokes: [Stroke([StrokePoint(x: 5, y: 5), StrokePoint(x: 50, y: 5)])])
        #expect(nothing.text == "" && nothing.words.isEmpty)
        #expect(await code { _ = try await pool.underline(inImageAt: path, strokes: [Stroke([StrokePoint(x: 5_000, y: 5)])]) }
                == "strokes_outside_image")
    }

    @Test func boxesAreInTheUprightFullSizePhoto() async throws {
        // Stored on its side with EXIF orientation 6, and read at 1400 px of its 2000 px.
        let picture = PhotoFixtures.text(Self.lines, pixelSize: 44, width: 2000, turned: true)
        let path = try PhotoFixtures.file(picture.file, named: "photo.jpg")
        let pool = pool(photo: PhotoLimits(maxRecognitionSide: 1400))
        defer { pool.shutdown() }

        let result = try await pool.underline(inImageAt: path, strokes: [PhotoFixtures.stroke(under: picture, line: 0, words: 0...1)])
        #expect(result.text == "독서는 마음의")
        #expect((result.imageWidth, result.imageHeight) == (picture.width, picture.height))
        for (word, drawn) in zip(result.words, picture.words.prefix(2)) {
            #expect(abs(Double(word.box.x) - drawn.left) < 8, "\(word.box) against \(drawn)")
            #expect(abs(Double(word.box.x + word.box.width) - drawn.right) < 8, "\(word.box) against \(drawn)")
            #expect(abs(Double(word.box.y + word.box.height) - drawn.baseline) < 12, "\(word.box) against \(drawn)")
        }
    }

    @Test func badPicturesFailWithTheirOwnErrors() async throws {
        let pool = pool(photo: PhotoLimits(maxBytes: 10_000))
        defer { pool.shutdown() }
        let text = try PhotoFixtures.file(Data("not a picture".utf8), named: "note.jpg")
        #expect(await code { _ = try await pool.words(inImageAt: text) } == "not_an_image")
        let jpeg = PhotoFixtures.picture(width: 300, height: 200, format: "jpeg")
        let cut = try PhotoFixtures.file(jpeg.prefix(jpeg.count / 2), named: "cut.jpg")
        #expect(await code { _ = try await pool.words(inImageAt: cut) } == "damaged_image")
        let huge = try PhotoFixtures.file(PhotoFixtures.pngDeclaring(width: 10_000, height: 10_000), named: "huge.png")
        #expect(await code { _ = try await pool.words(inImageAt: huge) } == "too_many_pixels")
        let big = try PhotoFixtures.file(Data(count: 10_001), named: "big.jpg")
        #expect(await code { _ = try await pool.words(inImageAt: big) } == "too_large")
        #expect(await code { _ = try await pool.words(inImageAt: "/nonexistent/photo.jpg") } == "not_found")
        // The worker answered all of these and still works.
        #expect(try await pool.words(inImageAt: try blankPicture()).words.isEmpty)
    }

    @Test func aHangingWorkerIsKilledAtTheTimeoutAndReplaced() async throws {
        // The first request also waits for the engines: room for that on a busy machine (the
        // whole suite runs at once on two cores), and still far below the minute the worker sleeps.
        let pool = pool(timeout: 20)
        defer { pool.shutdown() }
        _ = try await pool.words(inImageAt: try blankPicture())
        let before = serveOCRChildren()
        #expect(before.count == 1)

        let started = Date()
        #expect(await code { _ = try await pool.perform(OCRRequest(op: "sleep", seconds: 60)) } == "timeout")
        // The worker would sleep a minute: well before that, the pool gave up on it.
        #expect(Date().timeIntervalSince(started) < 45)
        #expect(try await pool.words(inImageAt: try blankPicture()).words.isEmpty)
        let after = serveOCRChildren()
        #expect(after.count == 1 && after != before, "a fresh worker: \(before) then \(after)")
    }

    @Test func aCrashingWorkerFailsOneRequestAndIsReplaced() async throws {
        let pool = pool()
        defer { pool.shutdown() }
        #expect(await code { _ = try await pool.perform(OCRRequest(op: "crash")) } == "worker_crashed")
        #expect(try await pool.words(inImageAt: try blankPicture()).words.isEmpty)
        #expect(await code { _ = try await pool.perform(OCRRequest(op: "crash")) } == "worker_crashed")
        #expect(try await pool.words(inImageAt: try blankPicture()).words.isEmpty)
    }

    @Test func requestsWaitTheirTurnAndTooManyAreRefused() async throws {
        let pool = pool(maxWaiting: 2)
        defer { pool.shutdown() }
        _ = try await pool.words(inImageAt: try blankPicture())

        let started = Date()
        // Six requests of 2 s at once, to one worker that lets two wait: at most three are taken
        // (one on the worker, two waiting) while they arrive, so some are refused, however late
        // each task starts on a machine busy with other tests; those taken run one at a time.
        let asked = (0..<6).map { _ in Task { await code { _ = try await pool.perform(OCRRequest(op: "sleep", seconds: 2)) } } }
        var outcomes: [String?] = []
        for request in asked { outcomes.append(await request.value) }
        let served = outcomes.filter { $0 == nil }.count
        #expect(outcomes.allSatisfy { $0 == nil || $0 == "busy" }, "\(outcomes)")
        #expect(served >= 1 && served < 6, "\(outcomes)")
        #expect(Date().timeIntervalSince(started) >= 2 * Double(served) - 0.1, "one worker: one request at a time")
    }

    @Test func aCancelledRequestStopsWaiting() async throws {
        let pool = pool()
        defer { pool.shutdown() }
        _ = try await pool.words(inImageAt: try blankPicture())
        let running = Task { try await pool.perform(OCRRequest(op: "sleep", seconds: 20)) }
        try await Task.sleep(nanoseconds: 200_000_000)
        let waiting = Task { try await pool.perform(OCRRequest(op: "sleep", seconds: 1)) }
        try await Task.sleep(nanoseconds: 100_000_000)
        let cancelled = Date()
        waiting.cancel()
        #expect(await code { _ = try await waiting.value } == "CancellationError")
        // The request ahead takes 20 s: leaving well before that means the queue let go at once.
        #expect(Date().timeIntervalSince(cancelled) < 10)
        _ = try await running.value
    }

    @Test func shutdownEndsTheWorkers() async throws {
        let pool = pool()
        _ = try await pool.words(inImageAt: try blankPicture())
        #expect(serveOCRChildren().count == 1)
        let running = Task { try await pool.perform(OCRRequest(op: "sleep", seconds: 30)) }
        try await Task.sleep(nanoseconds: 300_000_000)
        pool.shutdown()
        #expect(await code { _ = try await running.value } == "ocr_unavailable")
        #expect(await code { _ = try await pool.words(inImageAt: try blankPicture()) } == "ocr_unavailable")
        for _ in 0..<100 where !serveOCRChildren().isEmpty { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(serveOCRChildren().isEmpty)
    }

    @Test func workersStartEarlyOnWarmUpAndLeaveWhenIdle() async throws {
        let pool = pool(idleSeconds: 3)
        defer { pool.shutdown() }
        pool.warmUp()
        var started: [Int32] = []
        for _ in 0..<250 where started.isEmpty {
            try await Task.sleep(nanoseconds: 20_000_000)
            started = serveOCRChildren()
        }
        #expect(started.count == 1, "started before any request")
        _ = try await pool.words(inImageAt: try blankPicture())
        #expect(serveOCRChildren() == started, "the warm worker answered")
        for _ in 0..<500 where !serveOCRChildren().isEmpty { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(serveOCRChildren().isEmpty, "gone after three seconds unused")
        #expect(try await pool.words(inImageAt: try blankPicture()).words.isEmpty)
    }

    @Test func workersRunWithOneOpenMPThread() async throws {
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try await Self.firstOutcome(ofWorker: """
        #!/bin/sh
        read request
        printf '{"id":1,"error":{"code":"env","message":"%s"}}\\n' "$OMP_THREAD_LIMIT"
        """, in: directory) { pool in _ = try await pool.perform(OCRRequest(op: "words", path: "/unused")) }
        #expect(outcome == MediaError(code: "env", message: "1"))
    }

    /// The error a pool running `script` (a shell worker) answers `ask` with. A process forked
    /// meanwhile by a parallel test may hold the new script open for writing, and exec fails
    /// (ETXTBSY) until it execs too: the pool then cannot start it, and is asked again.
    static func firstOutcome(ofWorker script: String, in directory: URL,
                             _ ask: (OCRPool) async throws -> Void) async throws -> MediaError? {
        let path = directory.appendingPathComponent("worker.sh").path
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        let pool = OCRPool(executable: path)
        defer { pool.shutdown() }
        var outcome: MediaError?
        for _ in 0..<50 {
            do {
                try await ask(pool)
            } catch let error as MediaError {
                outcome = error
            }
            if outcome?.code != "ocr_unavailable" { break }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        return outcome
    }

    /// Living `serve-ocr` children of this test process, by pid.
    func serveOCRChildren() -> [Int32] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let fields = stat.split(separator: ")").last?.split(separator: " "), fields.count > 2,
                  fields[0] != "Z", Int32(fields[1]) == me,
                  let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                  let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return String(decoding: command, as: UTF8.self).contains("serve-ocr")
                && environ.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == marker }
        }.sorted()
    }
}
