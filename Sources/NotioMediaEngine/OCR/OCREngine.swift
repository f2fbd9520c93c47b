import CTesseract
import Foundation
import NotioMedia

/// A warm Tesseract engine: initialised once (100–600 ms, ~33 MB per model), then reused for
/// every page or photo.
///
/// Korean-first settings from measurement: the `Hangul` script model reads the page (LSTM only,
/// one uniform block, interword spaces kept, Sauvola thresholding); then every piece that holds
/// no Hangul (English words, code, numbers) is re-read on its box by a second warm engine with
/// the `eng` model in single-word mode. Hangul-only reading keeps Korean exact, where
/// `Hangul+eng` turned Korean words into Latin letters, and the re-read fixes most English.
///
/// Owns C handles: use one engine from one thread at a time; run several engines (one per
/// worker process) for parallelism. Tesseract's OpenMP threads must be off
/// (`OMP_THREAD_LIMIT=1` in the environment at exec time), or it gets 4–7× slower.
public final class OCREngine {
    private let main: OpaquePointer
    private let latin: OpaquePointer?
    /// The main engine's language string, e.g. `Hangul`.
    public let language: String

    /// Initialises the engines. `languages` are model names for the main read, looked up in
    /// `dataPath` (or its `script/` folder); `latinLanguage` re-reads pieces without Hangul
    /// (nil: no re-read). `dataPath` defaults to `TESSDATA_PREFIX` or Debian's tessdata folder.
    public init(languages: [String] = ["Hangul"], latinLanguage: String? = "eng", dataPath: String? = nil) throws {
        guard let directory = dataPath ?? Self.defaultDataPath() else {
            throw MediaError(code: "ocr_unavailable", message: "Text recognition is not installed on this server.")
        }
        language = try languages.map { try Self.resolve($0, in: directory) }.joined(separator: "+")
        main = try Self.makeEngine(directory: directory, language: language, mode: PSM_SINGLE_BLOCK)
        do {
            latin = try latinLanguage.map {
                try Self.makeEngine(directory: directory, language: try Self.resolve($0, in: directory), mode: PSM_SINGLE_WORD)
            }
        } catch {
            TessBaseAPIEnd(main)
            TessBaseAPIDelete(main)
            throw error
        }
    }

    deinit {
        for handle in [main, latin].compactMap({ $0 }) {
            TessBaseAPIEnd(handle)
            TessBaseAPIDelete(handle)
        }
    }

    private static func resolve(_ name: String, in directory: String) throws -> String {
        if FileManager.default.fileExists(atPath: "\(directory)/\(name).traineddata") { return name }
        if FileManager.default.fileExists(atPath: "\(directory)/script/\(name).traineddata") { return "script/\(name)" }
        throw MediaError(code: "ocr_unavailable", message: "The text recognition model “\(name)” is not installed on this server.")
    }

    private static func makeEngine(directory: String, language: String, mode: TessPageSegMode) throws -> OpaquePointer {
        guard let handle = TessBaseAPICreate() else {
            throw MediaError(code: "ocr_unavailable", message: "Text recognition could not start.")
        }
        guard TessBaseAPIInit2(handle, directory, language, OEM_LSTM_ONLY) == 0 else {
            TessBaseAPIDelete(handle)
            throw MediaError(code: "ocr_unavailable", message: "Text recognition could not load its models.")
        }
        TessBaseAPISetPageSegMode(handle, mode)
        _ = TessBaseAPISetVariable(handle, "preserve_interword_spaces", "1")
        _ = TessBaseAPISetVariable(handle, "thresholding_method", "2")
        return handle
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

    /// Reads an 8-bit gray buffer (`bytesPerLine` bytes per row, top row first): the words with
    /// boxes, confidence and line (syllable pieces merged into Korean eojeol), and the text made
    /// of them, one line per text line.
    public func recognise(gray: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerLine: Int, dpi: Int) -> OCRResult {
        defer { TessBaseAPIClear(main) }
        TessBaseAPISetImage(main, gray, Int32(width), Int32(height), 1, Int32(bytesPerLine))
        TessBaseAPISetSourceResolution(main, Int32(dpi))
        guard TessBaseAPIRecognize(main, nil) == 0 else { return OCRResult(text: "", words: []) }

        var (pieces, lineTexts) = readPieces()
        pieces = EojeolMerger.joiningLatinRuns(pieces, lineTexts: lineTexts)
        if let latin, pieces.contains(where: \.needsLatinReread) {
            defer { TessBaseAPIClear(latin) }
            TessBaseAPISetImage(latin, gray, Int32(width), Int32(height), 1, Int32(bytesPerLine))
            TessBaseAPISetSourceResolution(latin, Int32(dpi))
            let syllableHeights = Self.syllableHeights(pieces)
            for word in EojeolMerger.words(pieces, lineTexts: lineTexts) {
                for index in word where pieces[index].needsLatinReread {
                    let box = pieces[index].box, line = pieces[index].line
                    let syllableHeight = syllableHeights[line] ?? Double(box.height)
                    // A Korean particle after the word ("Einstein의"): the re-read stops where
                    // the ink of its syllables begins.
                    var right = box.x + box.width
                    let after = pieces[(index + 1)..<word.upperBound]
                    let syllables = after.reduce(0) { $0 + $1.recognised.unicodeScalars.filter(OCRPiece.isHangul).count }
                    if syllables > 0, after.allSatisfy({ !$0.needsLatinReread }),
                       let end = ScriptBoundary.latinEnd(
                        gray: gray, bytesPerLine: bytesPerLine, width: width, height: height, latin: box,
                        right: after.reduce(right) { max($0, $1.box.x + $1.box.width) }, syllables: syllables,
                        syllableHeight: syllableHeight) {
                        right = min(right, end)
                    }
                    let columns = ScriptBoundary.widened(
                        box.x..<max(box.x + 1, right), rows: box.y..<(box.y + box.height),
                        extendLeft: index == word.lowerBound, extendRight: after.isEmpty,
                        gray: gray, bytesPerLine: bytesPerLine, width: width, height: height, syllableHeight: syllableHeight)
                    reread(&pieces[index], columns: columns, particleFollows: syllables > 0, with: latin, width: width, height: height)
                }
            }
        }
        let words = EojeolMerger.merge(pieces, lineTexts: lineTexts)
        return OCRResult(text: EojeolMerger.text(of: words), words: words)
    }

    /// Re-reads one piece in `columns` of its rows (with a small margin) as a single word.
    /// Before a Korean particle, marks the English model made of what was left of the
    /// particle's ink are dropped (a word does not end in "|" or "!" before "의").
    private func reread(_ piece: inout OCRPiece, columns: Range<Int>, particleFollows: Bool,
                        with engine: OpaquePointer, width: Int, height: Int) {
        // Above and below there is room; sideways a neighbouring syllable may touch the piece.
        let margin = max(2, piece.box.height / 6)
        let left = max(0, columns.lowerBound - 1), top = max(0, piece.box.y - margin)
        let right = min(width, columns.upperBound + 1)
        let bottom = min(height, piece.box.y + piece.box.height + margin)
        guard right > left, bottom > top else { return }
        TessBaseAPISetRectangle(engine, Int32(left), Int32(top), Int32(right - left), Int32(bottom - top))
        guard TessBaseAPIRecognize(engine, nil) == 0, let raw = TessBaseAPIGetUTF8Text(engine) else { return }
        defer { TessDeleteText(raw) }
        var text = String(cString: raw).trimmingCharacters(in: .whitespacesAndNewlines)
        if particleFollows {
            while let last = text.unicodeScalars.last, !CharacterSet.alphanumerics.contains(last) { text.unicodeScalars.removeLast() }
        }
        guard !text.isEmpty, !text.contains(where: \.isWhitespace) else { return }
        let confidence = Double(TessBaseAPIMeanTextConf(engine))
        if piece.isDigitsOnly, piece.recognised.count < 2 || confidence <= piece.confidence { return }
        piece.text = text.precomposedStringWithCanonicalMapping
        piece.confidence = confidence
    }

    /// Per line, the median height of the pieces that are all Hangul: a syllable's ink height.
    private static func syllableHeights(_ pieces: [OCRPiece]) -> [Int: Double] {
        var heights: [Int: [Int]] = [:]
        for piece in pieces where !piece.recognised.isEmpty && piece.recognised.unicodeScalars.allSatisfy(OCRPiece.isHangul) {
            heights[piece.line, default: []].append(piece.box.height)
        }
        return heights.mapValues { Double($0.sorted()[$0.count / 2]) }
    }

    /// Walks the result word by word, noting each line's text at the line's first word, and
    /// splits words that mix Hangul with other letters at the script boundary (LATEX은).
    private func readPieces() -> ([OCRPiece], [Int: String]) {
        guard let iterator = TessBaseAPIGetIterator(main) else { return ([], [:]) }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIterator(iterator)
        var pieces: [OCRPiece] = []
        var lineTexts: [Int: String] = [:]
        var line = -1
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 || line < 0 {
                line += 1
                lineTexts[line] = utf8(iterator, RIL_TEXTLINE).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let word = utf8(iterator, RIL_WORD)
            guard !word.isEmpty, let box = boundingBox(page, RIL_WORD) else { continue }
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD))
            let scripts = Set(word.unicodeScalars.map(OCRPiece.isHangul))
            if scripts.count > 1, let split = splitByScript(iterator, line: line, confidence: confidence) {
                pieces += split
            } else {
                pieces.append(OCRPiece(text: word, box: box, confidence: confidence, line: line))
            }
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        return (pieces, lineTexts)
    }

    /// The current word's symbols grouped into runs of Hangul and of everything else.
    private func splitByScript(_ iterator: OpaquePointer, line: Int, confidence: Double) -> [OCRPiece]? {
        guard let symbols = TessResultIteratorCopy(iterator) else { return nil }
        defer { TessResultIteratorDelete(symbols) }
        let page = TessResultIteratorGetPageIterator(symbols)
        var runs: [OCRPiece] = []
        while true {
            let symbol = utf8(symbols, RIL_SYMBOL)
            if let box = boundingBox(page, RIL_SYMBOL), let first = symbol.unicodeScalars.first {
                if let last = runs.last, OCRPiece.isHangul(last.text.unicodeScalars.first!) == OCRPiece.isHangul(first) {
                    runs[runs.count - 1].text += symbol
                    runs[runs.count - 1].recognised += symbol
                    runs[runs.count - 1].box = last.box.union(box)
                } else {
                    runs.append(OCRPiece(text: symbol, box: box, confidence: confidence, line: line))
                }
            }
            if TessPageIteratorIsAtFinalElement(page, RIL_WORD, RIL_SYMBOL) != 0 { break }
            guard TessResultIteratorNext(symbols, RIL_SYMBOL) != 0 else { break }
        }
        return runs.isEmpty ? nil : runs
    }

    private func boundingBox(_ page: OpaquePointer?, _ level: TessPageIteratorLevel) -> PixelRect? {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0 else { return nil }
        return PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
    }

    private func utf8(_ iterator: OpaquePointer, _ level: TessPageIteratorLevel) -> String {
        guard let raw = TessResultIteratorGetUTF8Text(iterator, level) else { return "" }
        defer { TessDeleteText(raw) }
        return String(cString: raw).precomposedStringWithCanonicalMapping
    }
}

extension OCRPiece {
    /// Hangul syllables. A lone jamo (ㄷ) is what the Hangul model makes of a Latin letter.
    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value)
    }

    /// Pieces without Hangul syllables that hold a letter or a digit are English, code or
    /// numbers (the Hangul model often reads Latin words in code fonts as digits).
    var needsLatinReread: Bool {
        isJoinedLatinRun || !recognised.unicodeScalars.contains(where: Self.isHangul)
            && recognised.unicodeScalars.contains { CharacterSet.alphanumerics.contains($0) }
    }

    /// Digits alone are usually right: a re-read replaces them only when it is surer.
    var isDigitsOnly: Bool {
        recognised.unicodeScalars.allSatisfy { !CharacterSet.letters.contains($0) }
    }
}
