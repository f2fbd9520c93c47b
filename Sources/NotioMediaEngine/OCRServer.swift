import CTesseract
import Foundation
import NotioMedia

/// `notio-worker serve-ocr`: a long-lived OCR worker for `OCRPool`, with warm engines.
///
/// Protocol: one JSON `OCRRequest` per line on stdin, one JSON `OCRAnswer` per line on stdout
/// with the request's id, in order. The worker exits at the end of stdin.
/// `{"id":1,"op":"words","path":"/tmp/p.jpg","limits":{"maxBytes":20000000,"maxPixels":40000000,"maxRecognitionSide":2400}}`
/// → `{"id":1,"page":{"words":[...],"imageWidth":3024,"imageHeight":4032},"ms":812.5}`;
/// `{"id":2,"op":"underline","path":"/tmp/p.jpg","strokes":[[{"x":10,"y":20},...]]}`
/// → `{"id":2,"underline":{"text":"...","words":[...],"imageWidth":...,"imageHeight":...},"ms":...}`;
/// `{"id":3,"op":"card","content":{"text":"...","title":"...","author":"...","page":12},"options":{...},"background":"/tmp/b.jpg","out":"/tmp/c.png"}`
/// → `{"id":3,"card":{"path":"/tmp/c.png","width":1080,"height":1350},"ms":...}`;
/// `{"id":4,"op":"tagKorean","dictionary":"/srv/mecab-ko-dic","texts":["…"]}` → `{"id":4,"tagged":<TaggedTexts>,"ms":...}`;
/// `{"id":5,"op":"scoreKorean","model":"/srv/kiwi/model","texts":["…"]}` → `{"id":5,"likelihoods":[-41.2],"ms":...}`;
/// failures → `{"id":2,"error":{"code":"damaged_image","message":"..."}}`.
extension MediaWorker {
    public static func serveOCR() -> Int32 {
        forbidCoreFiles()
        quietLeptonica()
        // Answers go to a private copy of stdout, and stdout itself becomes stderr: a library
        // that prints to stdout cannot break the protocol.
        let answers = dup(STDOUT_FILENO)
        _ = fcntl(answers, F_SETFD, FD_CLOEXEC)
        dup2(STDERR_FILENO, STDOUT_FILENO)

        let testOperations = ProcessInfo.processInfo.environment["NOTIO_WORKER_TEST_OPS"] == "1"
        // Engines start before the first request arrives, so it finds them warm.
        let reader: Result<PhotoReader, MediaError>
        do {
            reader = .success(PhotoReader(engine: try OCREngine()))
        } catch {
            reader = .failure(error as? MediaError
                ?? MediaError(code: "ocr_unavailable", message: "Text recognition could not start."))
        }
        // Cards share the workers: their fonts load now too.
        CardRenderer.warmUp()
        // Notes' words share them too; MeCab loads on the first text, and stays.
        var taggers = KoreanTaggers()
        // And the quizzes' sentences: Kiwi loads on the first of them, and stays.
        var languageModels = KoreanLanguageModels()

        while let line = readLine(strippingNewline: true) {
            guard let request = try? JSONDecoder().decode(OCRRequest.self, from: Data(line.utf8)) else {
                send(OCRAnswer(id: 0, error: MediaError(code: "bad_request", message: "The OCR worker got no valid request.")), to: answers)
                continue
            }
            let started = DispatchTime.now()
            var answer = OCRAnswer(id: request.id)
            do {
                let limits = request.limits ?? PhotoLimits()
                switch (request.op, testOperations) {
                case ("words", _):
                    answer.page = try reader.get().words(inImageAt: try path(of: request), limits: limits)
                case ("underline", _):
                    answer.underline = try reader.get().underline(
                        inImageAt: try path(of: request), strokes: request.strokes ?? [], limits: limits)
                case ("card", _):
                    answer.card = try card(request, limits: limits)
                case ("tagKorean", _):
                    answer.tagged = try taggers.tag(request)
                case ("scoreKorean", _):
                    answer.likelihoods = try languageModels.score(request)
                case ("crash", true):
                    abort()
                case ("sleep", true):
                    Thread.sleep(forTimeInterval: request.seconds ?? 60)
                default:
                    throw MediaError(code: "bad_request", message: "Unknown operation \(request.op).")
                }
            } catch let error as MediaError {
                answer.error = error
            } catch {
                answer.error = MediaError.workerFailed
            }
            answer.ms = milliseconds(since: started)
            send(answer, to: answers)
        }
        return 0
    }

    /// Draws the card and writes it whole (a temporary file renamed) to `out`.
    private static func card(_ request: OCRRequest, limits: PhotoLimits) throws -> CardResult {
        guard let content = request.content, let options = request.options, let out = request.out else {
            throw MediaError(code: "bad_request", message: "A card needs content, options and out.")
        }
        let png = try CardRenderer.render(content, options: options, backgroundPath: request.background, limits: limits)
        do {
            try png.write(to: URL(fileURLWithPath: out), options: .atomic)
        } catch {
            throw MediaError(code: "card_failed", message: "The card could not be saved.")
        }
        return CardResult(path: out, width: options.pixelSize.width, height: options.pixelSize.height)
    }

    /// The worker's MeCab, one per dictionary folder asked for (the server names one).
    private struct KoreanTaggers {
        private var loaded: [String: MeCabTagger] = [:]

        mutating func tag(_ request: OCRRequest) throws -> TaggedTexts {
            guard let dictionary = request.dictionary, let texts = request.texts else {
                throw MediaError(code: "bad_request", message: "Tagging needs a dictionary and texts.")
            }
            let tagger = try loaded[dictionary] ?? MeCabTagger(dictionary: dictionary)
            loaded[dictionary] = tagger
            return TaggedTexts(try texts.map { try tagger.morphemes(of: $0) })
        }
    }

    /// The worker's Kiwi, one per model folder asked for (the server names one).
    private struct KoreanLanguageModels {
        private var loaded: [String: KiwiLanguageModel] = [:]

        mutating func score(_ request: OCRRequest) throws -> [Double] {
            guard let folder = request.model, let sentences = request.texts else {
                throw MediaError(code: "bad_request", message: "Scoring needs a model and sentences.")
            }
            let model = try loaded[folder] ?? KiwiLanguageModel(folder: folder)
            loaded[folder] = model
            return try model.logLikelihoods(concurrently: sentences)
        }
    }

    private static func path(of request: OCRRequest) throws -> String {
        guard let path = request.path else { throw MediaError(code: "bad_request", message: "No picture was given.") }
        return path
    }

    private static func send(_ answer: OCRAnswer, to fd: Int32) {
        guard var data = try? JSONEncoder().encode(answer) else { return }
        data.append(0x0A)
        writeAll(data, to: fd)
    }

    static func writeAll(_ data: Data, to fd: Int32) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Leptonica prints a line to stderr whenever tesseract asks it for something it declines
    /// (tiny word boxes re-read for English give "pixSauvolaBinarizeTiled: whsize must be >= 2"):
    /// harmless, and in the server's log once per word.
    static func quietLeptonica() {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }

    /// A crash in a parser should leave no core file of an untrusted document behind.
    static func forbidCoreFiles() {
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)
    }

    static func milliseconds(since start: DispatchTime) -> Double {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
        return (elapsed * 10).rounded() / 10
    }
}

/// libc's `write`, out of reach of `MediaWorker.write` by name inside the type.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}
