import Foundation
import NotioMedia

/// Command-line OCR of photos, for benchmarks and for trying photos by hand. Each prints one
/// JSON line per photo; `ms` is decoding, recognition and selection, never the engines'
/// initialisation.
///
/// - `notio-worker words IMAGE` → `{"words":[...],"imageWidth":...,"imageHeight":...,"ms":...}`
/// - `notio-worker underline IMAGE STROKES_JSON_FILE` →
///   `{"text":"...","words":[...],"imageWidth":...,"imageHeight":...,"ms":...}`
/// - `notio-worker underline-batch LIST_FILE`: each line `IMAGE<TAB>STROKES_JSON_FILE`, one
///   warm engine for all, one line per photo.
///
/// A failure prints `{"error":{"code":...,"message":...}}` instead (and exits 1, except in a
/// batch, which goes on).
extension MediaWorker {
    public static func words(arguments: [String]) -> Int32 {
        guard arguments.count == 1 else { return usage("notio-worker words IMAGE") }
        guard let reader = makeReader() else { return 1 }
        return printLine {
            let started = DispatchTime.now()
            let page = try reader.words(inImageAt: arguments[0], limits: PhotoLimits())
            return WordsLine(words: page.words, imageWidth: page.imageWidth, imageHeight: page.imageHeight,
                             ms: milliseconds(since: started))
        } ? 0 : 1
    }

    public static func underline(arguments: [String]) -> Int32 {
        guard arguments.count == 2 else { return usage("notio-worker underline IMAGE STROKES_JSON_FILE") }
        guard let reader = makeReader() else { return 1 }
        return printLine { try underline(reader, image: arguments[0], strokesFile: arguments[1]) } ? 0 : 1
    }

    public static func underlineBatch(arguments: [String]) -> Int32 {
        guard arguments.count == 1 else { return usage("notio-worker underline-batch LIST_FILE") }
        guard let list = try? String(contentsOfFile: arguments[0], encoding: .utf8) else {
            FileHandle.standardError.write(Data("notio-worker: cannot read \(arguments[0])\n".utf8))
            return 1
        }
        guard let reader = makeReader() else { return 1 }
        let listDirectory = URL(fileURLWithPath: arguments[0]).deletingLastPathComponent()
        for line in list.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let paths = fields.map { resolve($0, besides: listDirectory) }
            _ = printLine {
                guard paths.count == 2 else {
                    throw MediaError(code: "bad_request", message: "Expected IMAGE<TAB>STROKES_JSON_FILE, got \(line).")
                }
                return try underline(reader, image: paths[0], strokesFile: paths[1])
            }
        }
        return 0
    }

    private struct WordsLine: Encodable {
        var words: [OCRWord]
        var imageWidth: Int
        var imageHeight: Int
        var ms: Double
    }

    private struct UnderlineLine: Encodable {
        var text: String
        var words: [OCRWord]
        var imageWidth: Int
        var imageHeight: Int
        var ms: Double
    }

    private struct ErrorLine: Encodable {
        var error: MediaError
    }

    private static func underline(_ reader: PhotoReader, image: String, strokesFile: String) throws -> UnderlineLine {
        guard let json = FileManager.default.contents(atPath: strokesFile) else {
            throw MediaError(code: "not_found", message: "\(strokesFile) could not be read.")
        }
        let strokes = try Stroke.parseList(json: json)
        let started = DispatchTime.now()
        let result = try reader.underline(inImageAt: image, strokes: strokes, limits: PhotoLimits())
        return UnderlineLine(text: result.text, words: result.words, imageWidth: result.imageWidth,
                             imageHeight: result.imageHeight, ms: milliseconds(since: started))
    }

    /// A relative path as given, or else next to the list file.
    private static func resolve(_ path: String, besides directory: URL) -> String {
        guard !path.hasPrefix("/"), !FileManager.default.fileExists(atPath: path) else { return path }
        let beside = directory.appendingPathComponent(path).path
        return FileManager.default.fileExists(atPath: beside) ? beside : path
    }

    private static func makeReader() -> PhotoReader? {
        quietLeptonica()
        do {
            return PhotoReader(engine: try OCREngine())
        } catch {
            _ = printLine { () throws -> WordsLine in throw error }
            return nil
        }
    }

    /// Prints the value made by `body`, or the error it threw; true for a value.
    private static func printLine<Line: Encodable>(_ body: () throws -> Line) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var ok = true
        var data: Data
        do {
            data = try encoder.encode(try body())
        } catch {
            ok = false
            let mediaError = error as? MediaError ?? MediaError.workerFailed
            data = (try? encoder.encode(ErrorLine(error: mediaError))) ?? Data()
        }
        data.append(0x0A)
        WorkerOutput.write(data)
        return ok
    }

    private static func usage(_ text: String) -> Int32 {
        FileHandle.standardError.write(Data("usage: \(text)\n".utf8))
        return 2
    }

    /// Tesseract's OpenMP reads `OMP_THREAD_LIMIT` once, when the library loads, before `main`:
    /// without it recognition is 4–7× slower on two cores. Run from a shell, the worker sets it
    /// and starts itself again.
    public static func limitOpenMPThreads() {
        guard ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // execv returned: it failed; go on, only slower.
    }

    /// A worker whose server died (`kill -9`, a lost node) stops too, instead of reading pages
    /// nobody will take. Its next progress line would end it (SIGPIPE), but one page of OCR or a
    /// large analysis can run long without a line: it also watches for being handed to another
    /// parent. (PR_SET_PDEATHSIG fires when the server *thread* that started it ends, which is not
    /// the server dying.)
    public static func exitWithParent() {
        let parent = getppid()
        let watcher = Thread {
            while getppid() == parent { usleep(500_000) }
            _exit(70)
        }
        watcher.name = "notio-worker-parent"
        watcher.start()
    }
}
