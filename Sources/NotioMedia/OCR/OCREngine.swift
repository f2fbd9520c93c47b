import CTesseract
import Foundation

/// A warm Tesseract engine: initialised once (100–600 ms, ~33 MB), then reused for every page
/// or photo. Korean-first settings from measurement: the `Hangul` script model plus `eng`,
/// LSTM only, one uniform block, interword spaces kept, Sauvola thresholding.
///
/// Owns a C handle: use one engine from one thread at a time; run several engines (one per
/// worker process) for parallelism. Tesseract's OpenMP threads must be off
/// (`OMP_THREAD_LIMIT=1` in the environment at exec time), or it gets 4–7× slower.
public final class OCREngine {
    private let handle: OpaquePointer
    /// The language string the engine was initialised with, e.g. `Hangul+eng`.
    public let language: String

    /// Initialises an engine. `languages` are model names looked up in `dataPath` (or in its
    /// `script/` folder); `dataPath` defaults to `TESSDATA_PREFIX` or Debian's tessdata folder.
    public init(languages: [String] = ["Hangul", "eng"], dataPath: String? = nil) throws {
        guard let directory = dataPath ?? Self.defaultDataPath() else {
            throw MediaError(code: "ocr_unavailable", message: "Text recognition is not installed on this server.")
        }
        let resolved = try languages.map { name -> String in
            if FileManager.default.fileExists(atPath: "\(directory)/\(name).traineddata") { return name }
            if FileManager.default.fileExists(atPath: "\(directory)/script/\(name).traineddata") { return "script/\(name)" }
            throw MediaError(code: "ocr_unavailable",
                             message: "The text recognition model “\(name)” is not installed on this server.")
        }
        language = resolved.joined(separator: "+")
        guard let created = TessBaseAPICreate() else {
            throw MediaError(code: "ocr_unavailable", message: "Text recognition could not start.")
        }
        guard TessBaseAPIInit2(created, directory, language, OEM_LSTM_ONLY) == 0 else {
            TessBaseAPIDelete(created)
            throw MediaError(code: "ocr_unavailable", message: "Text recognition could not load its models.")
        }
        TessBaseAPISetPageSegMode(created, PSM_SINGLE_BLOCK)
        _ = TessBaseAPISetVariable(created, "preserve_interword_spaces", "1")
        _ = TessBaseAPISetVariable(created, "thresholding_method", "2")
        handle = created
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Debian 12's folder first; `TESSDATA_PREFIX` wins when set.
    public static func defaultDataPath() -> String? {
        var candidates = ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
                          "/usr/share/tessdata", "/usr/local/share/tessdata"]
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"] { candidates.insert(prefix, at: 0) }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Reads a gray image.
    public func recognise(_ image: GrayImage, dpi: Int) -> OCRResult {
        image.pixels.withUnsafeBufferPointer { pixels in
            recognise(gray: pixels.baseAddress!, width: image.width, height: image.height,
                      bytesPerLine: image.bytesPerLine, dpi: dpi)
        }
    }

    /// Reads an 8-bit gray buffer (`bytesPerLine` bytes per row, top row first): the text, and
    /// the words with boxes, confidence and line, syllable pieces merged into Korean eojeol.
    public func recognise(gray: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerLine: Int, dpi: Int) -> OCRResult {
        defer { TessBaseAPIClear(handle) }
        TessBaseAPISetImage(handle, gray, Int32(width), Int32(height), 1, Int32(bytesPerLine))
        TessBaseAPISetSourceResolution(handle, Int32(dpi))
        guard TessBaseAPIRecognize(handle, nil) == 0 else { return OCRResult(text: "", words: []) }

        var text = ""
        if let raw = TessBaseAPIGetUTF8Text(handle) {
            text = String(cString: raw)
            TessDeleteText(raw)
        }
        let (words, lineTexts) = readWords()
        return OCRResult(text: text.precomposedStringWithCanonicalMapping,
                         words: EojeolMerger.merge(words, lineTexts: lineTexts))
    }

    /// Walks the result word by word, noting each line's text at the line's first word.
    private func readWords() -> ([OCRWord], [Int: String]) {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return ([], [:]) }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIterator(iterator)
        var words: [OCRWord] = []
        var lineTexts: [Int: String] = [:]
        var line = -1
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 || line < 0 {
                line += 1
                lineTexts[line] = utf8(iterator, RIL_TEXTLINE).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let word = utf8(iterator, RIL_WORD)
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard !word.isEmpty, TessPageIteratorBoundingBox(page, RIL_WORD, &left, &top, &right, &bottom) != 0 else { continue }
            words.append(OCRWord(
                text: word,
                box: PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top)),
                confidence: Double(TessResultIteratorConfidence(iterator, RIL_WORD)),
                line: line))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        return (words, lineTexts)
    }

    private func utf8(_ iterator: OpaquePointer, _ level: TessPageIteratorLevel) -> String {
        guard let raw = TessResultIteratorGetUTF8Text(iterator, level) else { return "" }
        defer { TessDeleteText(raw) }
        return String(cString: raw).precomposedStringWithCanonicalMapping
    }
}
