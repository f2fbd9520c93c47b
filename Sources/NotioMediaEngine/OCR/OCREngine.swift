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
    /// The Hangul engine; in block mode but while a word is read alone.
    let main: OpaquePointer
    private let latin: OpaquePointer?
    /// The main engine's language string, e.g. `Hangul`.
    public let language: String
    /// Set while a page of a document is read (`recognise(…, latinLines: true)`).
    private var readsDocumentPage = false

    /// Initialises the engines. `languages` are model names for the main read, looked up in
    /// `dataPath` (or its `script/` folder); `latinLanguage` re-reads pieces without Hangul
    /// (nil: no re-read). `dataPath` defaults to `TESSDATA_PREFIX` or Debian's tessdata folder.
    public init(languages: [String] = ["Hangul"], latinLanguage: String? = "eng", dataPath: String? = nil) throws {
        guard let directory = dataPath ?? Self.defaultDataPath() else {
            throw MediaError(code: "ocr_unavailable", message: "Text recognition is not installed on this server.")
        }
        language = try languages.map { try Self.resolve($0, in: directory) }.joined(separator: "+")
        main = try Self.makeEngine(directory: directory, language: language, mode: Self.mainMode)
        do {
            latin = try latinLanguage.map {
                try Self.makeEngine(directory: directory, language: try Self.resolve($0, in: directory), mode: Self.latinMode)
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

    /// The Hangul engine reads a page as one uniform block, the English one a word at a time;
    /// a read in another mode puts the engine back in its own (`reading(in:with:_:)`).
    static let mainMode = PSM_SINGLE_BLOCK, latinMode = PSM_SINGLE_WORD

    /// `body`'s result, with `engine` (`main` or `latin`) in `mode` while it runs.
    func reading<Result>(in mode: TessPageSegMode, with engine: OpaquePointer, _ body: () -> Result) -> Result {
        TessBaseAPISetPageSegMode(engine, mode)
        defer { TessBaseAPISetPageSegMode(engine, engine == main ? Self.mainMode : Self.latinMode) }
        return body()
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
        // Tesseract 5 reads every line it is unsure of a second time, inverted, in case it is
        // white on black; pages and their photos are black on white, and the second read cost
        // a tenth of an underline's time on noisy photos for the same spans (issue 28's table).
        _ = TessBaseAPISetVariable(handle, "tessedit_do_invert", "0")
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
    /// `latinLines`: lines without Hangul are read again whole by the Latin model
    /// (`rereadLatinLines`; pages of documents, where such lines are code or formulas).
    public func recognise(_ image: GrayImage, dpi: Int, latinLines: Bool = false) -> OCRResult {
        image.pixels.withUnsafeBufferPointer { pixels in
            recognise(gray: pixels.baseAddress!, width: image.width, height: image.height,
                      bytesPerLine: image.bytesPerLine, dpi: dpi, latinLines: latinLines)
        }
    }

    /// Reads an 8-bit gray buffer (`bytesPerLine` bytes per row, top row first): the words with
    /// boxes, confidence and line (syllable pieces merged into Korean eojeol), and the text made
    /// of them, one line per text line.
    ///
    /// `wanted`: where the words the caller will use are (an underline's strokes); pieces
    /// elsewhere keep the main model's reading instead of being read again by the Latin model,
    /// a read of its own for each number or foreign word. Nil: everywhere.
    public func recognise(gray: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerLine: Int, dpi: Int,
                          latinLines: Bool = false, wanted: [PixelRect]? = nil) -> OCRResult {
        defer { TessBaseAPIClear(main); readsDocumentPage = false }
        readsDocumentPage = latinLines
        TessBaseAPISetImage(main, gray, Int32(width), Int32(height), 1, Int32(bytesPerLine))
        TessBaseAPISetSourceResolution(main, Int32(dpi))
        guard TessBaseAPIRecognize(main, nil) == 0 else { return OCRResult(text: "", words: []) }

        var (pieces, lineTexts) = readPieces()
        let page = InkPage(gray: gray, width: width, height: height, bytesPerLine: bytesPerLine)
        Self.restoreDoubleQuotes(&pieces, page: page)
        Self.markMarksOfLetterHeight(&pieces, syllableHeights: Self.syllableHeights(pieces))
        if latinLines {
            Self.markMisreadLatin(&pieces)
            Self.splitLeadingBullets(&pieces, page: page)
        }
        let isWanted = { (piece: OCRPiece) in wanted?.contains { $0.overlaps(piece.box) } ?? true }
        if let latin, latinLines || pieces.contains(where: { $0.needsLatinReread && isWanted($0) }) {
            defer { TessBaseAPIClear(latin) }
            TessBaseAPISetImage(latin, gray, Int32(width), Int32(height), 1, Int32(bytesPerLine))
            TessBaseAPISetSourceResolution(latin, Int32(dpi))
            if latinLines {
                rereadLatinLines(&pieces, lineTexts: &lineTexts, with: latin, page: page)
                Self.markUnsureSyllablesBeforeLatin(&pieces, lineTexts: lineTexts)
            }
            pieces = EojeolMerger.joiningLatinRuns(pieces, lineTexts: lineTexts)
            let syllableHeights = Self.syllableHeights(pieces)
            for word in EojeolMerger.words(pieces, lineTexts: lineTexts) {
                for index in word where pieces[index].needsLatinReread && isWanted(pieces[index]) {
                    rereadLatin(&pieces, at: index, in: word, page: page, with: latin,
                                syllableHeight: syllableHeights[pieces[index].line] ?? Double(pieces[index].box.height))
                }
            }
            readCapitalsReadAsSyllables(&pieces, lineTexts: lineTexts, syllableHeights: syllableHeights, with: latin, page: page)
            rereadWordsAfterLatin(&pieces, lineTexts: lineTexts, syllableHeights: syllableHeights, page: page)
            readUnseenWords(&pieces, lineTexts: &lineTexts, syllableHeights: syllableHeights, with: latin, page: page)
            if latinLines {
                readUnreadLetters(&pieces, syllableHeights: syllableHeights, with: latin, page: page)
                Self.restoreLogos(&pieces, page: page)
                Self.restoreListMarks(&pieces, syllableHeights: syllableHeights, page: page)
            }
        }
        // Last: it reads an image of its own with the main engine.
        restoreCircledNumbers(&pieces, page: page, dpi: dpi)
        // A piece emptied because a neighbour's reading took in its ink is no word.
        let words = EojeolMerger.merge(pieces, lineTexts: lineTexts).filter { !$0.text.isEmpty }
        return OCRResult(text: EojeolMerger.text(of: words), words: words)
    }

    /// Re-reads the foreign word `pieces[index]` of `word` with the English model and keeps
    /// what it read, with the Korean particle after it where the main model's reading of the
    /// particle was wrong or missing.
    func rereadLatin(_ pieces: inout [OCRPiece], at index: Int, in word: Range<Int>, page: InkPage,
                     with latin: OpaquePointer, syllableHeight: Double) {
        let box = pieces[index].box
        let after = (index + 1)..<word.upperBound
        let particle = Self.particle(after, of: pieces)
        let syllables = pieces[particle].reduce(0) { $0 + $1.recognised.unicodeScalars.filter(OCRPiece.isHangul).count }
        let particleFollows = syllables > 0 && pieces[after].allSatisfy { !$0.needsLatinReread }
        // The letters' box may run on over the particle and the marks after it; where marks
        // follow, the particle's last syllable is where the word's ink ends.
        let wordRight = particle.upperBound < after.upperBound
            ? pieces[particle].reduce(0) { max($0, $1.box.x + $1.box.width) }
            : pieces[particle].reduce(box.x + box.width) { max($0, $1.box.x + $1.box.width) }
        let rows = box.y..<(box.y + box.height)
        let margin = Self.paperMargin(box.height)
        let firstSyllable = pieces[particle].lazy.compactMap { $0.recognised.unicodeScalars.first(where: OCRPiece.isHangul) }.first
        let particleRows = pieces[particle].reduce(rows) { min($0.lowerBound, $1.box.y)..<max($0.upperBound, $1.box.y + $1.box.height) }
        // On a page the main model's box of a foreign word sometimes runs on over the next word
        // ("ltexscale." boxed to the end of "dtx에"); when that word is re-read on its own, a
        // re-read that went on into it would read its letters twice.
        let next = word.upperBound
        let nextWordLeft = readsDocumentPage && pieces.indices.contains(next) && pieces[next].line == pieces[index].line
            && pieces[next].needsLatinReread ? pieces[next].box.x : nil

        // A Korean particle after the word ("Einstein의"): the re-read stops where the ink of
        // its syllables begins, `n` ems before the end of the word; the ink may show more than
        // one place for that.
        func columns(particleSyllables n: Int) -> [Range<Int>] {
            let boxRight = box.x + box.width
            let ends = n == 0 ? [] : ScriptBoundary.latinEnds(
                gray: page.gray, bytesPerLine: page.bytesPerLine, width: page.width, height: page.height,
                latin: box, right: wordRight, syllables: n, syllableHeight: syllableHeight)
            // With as many syllables as the main model saw, its box of the letters is a limit
            // for the first guess; with fewer, that box stops short.
            var rights = ends.isEmpty ? [boxRight] : ends.enumerated().map { $0.offset == 0 && n == syllables ? min(boxRight, $0.element) : $0.element }
            // An end inside the word leaves some of its last letter to the particle: read back on
            // its own from there, the particle does not begin with its first syllable.
            if n == syllables, rights.count > 1, let first = firstSyllable {
                let clean = rights.filter { particleBegins(with: first, at: $0, right: wordRight, rows: particleRows, margin: margin, page: page) }
                if !clean.isEmpty { rights = clean }
            }
            return rights.map { right in
                Self.clipped(ScriptBoundary.widened(
                    box.x..<max(box.x + 1, right), rows: rows, extendLeft: index == word.lowerBound,
                    extendRight: after.isEmpty, gray: page.gray, bytesPerLine: page.bytesPerLine,
                    width: page.width, height: page.height, syllableHeight: syllableHeight), before: nextWordLeft)
            }
        }
        var readings: [WordReading] = []
        func read(_ candidates: [Range<Int>]) -> WordReading? {
            // Later ends win when the English model reads the same letters and more, about as
            // surely (`WordReading.outweighs`).
            var best: (reading: WordReading, columns: Range<Int>)?
            for columns in candidates {
                guard var reading = readWord(columns, rows: rows, margin: margin, with: latin, page: page) else { continue }
                // The English model may split one word where a capital follows ("Libre Office"
                // for the ink of LibreOffice): without a word space in the ink, it is one word.
                if reading.text.contains(where: \.isWhitespace), !ScriptBoundary.hasWordSpace(
                    gray: page.gray, bytesPerLine: page.bytesPerLine, height: page.height, columns: columns, rows: rows,
                    syllableHeight: syllableHeight) {
                    reading.text.removeAll(where: \.isWhitespace)
                }
                readings.append(reading)
                if let current = best?.reading {
                    if reading.extends(current), reading.outweighs(current) { best = (reading, columns) }
                } else {
                    best = (reading, columns)
                }
            }
            guard let best else { return nil }
            return surerReading(best.reading, of: best.columns, rows: rows, margin: margin, with: latin, page: page)
        }

        guard var reading = read(columns(particleSyllables: particleFollows ? syllables : 0)) else { return }
        var foldedParticle: Range<Int>?
        if particleFollows {
            // The main model sometimes reads the word's last letters as one more syllable
            // ("Woolf의" as "Wo" + "이의"): with one syllable fewer, the English model reads
            // more letters, about as surely.
            if syllables >= 2, let longer = read(columns(particleSyllables: syllables - 1)),
               longer.letters == longer.text,
               longer.extends(reading), longer.outweighs(reading) {
                reading = longer
                if let first = after.first(where: { pieces[$0].text.unicodeScalars.contains(where: OCRPiece.isHangul) }),
                   let cut = pieces[first].text.unicodeScalars.firstIndex(where: OCRPiece.isHangul) {
                    pieces[first].text.unicodeScalars.remove(at: cut)
                }
            }
            reading.text = reading.letters + reading.bracketsBeforeParticle(of: pieces[index].recognised, agreedBy: readings)
        } else if after.isEmpty, let tailLeft = reading.tailLeft, !reading.letters.isEmpty,
                  let columns = columns(particleSyllables: 0).first,
                  let particle = readParticle(after: box, columns: columns, tailLeft: tailLeft, rows: rows,
                                              margin: margin, page: page, syllableHeight: syllableHeight) {
            // The main model folded a particle into the word ("Amsterdam의" as one piece without
            // Hangul) and the English model read its syllable as marks ("Amsterdam2|").
            if let letters = readWord(columns.lowerBound..<particle.columns.lowerBound, rows: rows, margin: margin,
                                      with: latin, page: page), letters.text == letters.letters {
                reading = letters
            }
            reading.text = reading.letters + particle.text
            foldedParticle = particle.columns
        }
        let piece = pieces[index]
        if readsDocumentPage, !piece.recognised.contains(where: \.isWhitespace) {
            // On a page the main model's piece is one word; the Latin model splits what a typeset
            // logo lowers or raises (LaTeX as "IAT EX").
            reading.text.removeAll(where: \.isWhitespace)
            // A file name's leading period, which the main model saw in the same box, is too
            // small for the single-word read (".ins" read "ins").
            if !piece.isMisreadLatin, piece.recognised.first == ".", let first = reading.text.first, first.isLetter { reading.text = "." + reading.text }
            // The English model takes that period for a dash (".lot" read "-lot").
            if piece.recognised.first == ".", reading.text.first == "-", reading.text.dropFirst().first?.isLetter == true {
                reading.text = "." + reading.text.dropFirst()
            }
        }
        guard !reading.letters.isEmpty, !reading.text.contains(where: \.isWhitespace) else { return }
        if piece.isDigitsOnly, !(readsDocumentPage && Self.lettersWin(reading.text, over: piece.recognised, syllableHeight: syllableHeight,
                                                                      inkWidth: columns(particleSyllables: 0).first?.count ?? box.width)),
           reading.confidence <= piece.confidence || piece.recognised.count < 2 && !Self.isLoneCapital(reading, word: word)
            && !Self.hasLetterProportions(reading, inkWidth: columns(particleSyllables: 0).first?.count ?? box.width,
                                          inkHeight: box.height, syllableHeight: syllableHeight) {
            return
        }
        // The English model's word list pulls a digit inside a word to a letter ("a4paper" read
        // "adpaper", "11pt" "1ipt"); on a page, a plain token of letters and digits the Hangul
        // model read more surely stays.
        if readsDocumentPage, Self.isLettersAndDigits(piece.recognised), piece.confidence > reading.confidence { return }
        // A real mark (※ before a note) read as one letter stays.
        if piece.isMisreadLatin, reading.letters.count < 2 { return }
        pieces[index].text = reading.text
        pieces[index].confidence = reading.confidence
        // The main model may split a foreign word in two where the ink has no word space ("Py"
        // and "t601" for Python): the re-read of the second, widened over the ink before it,
        // takes in the whole of the first, whose own re-read then read some of the same letters.
        let previous = index - 1
        if index == word.lowerBound, pieces.indices.contains(previous), pieces[previous].line == piece.line,
           pieces[previous].needsLatinReread, let read = columns(particleSyllables: 0).first,
           read.lowerBound <= pieces[previous].box.x {
            pieces[previous].text = ""
            pieces[index].box = pieces[previous].box.union(pieces[index].box)
        }
        // The main model may also have read that particle as a word of its own on the same ink
        // ("Amsterdam" boxed over 의, then "의" at confidence 0): it would come twice.
        if let foldedParticle, pieces.indices.contains(index + 1), pieces[index + 1].line == piece.line,
           pieces[index + 1].recognised.unicodeScalars.allSatisfy(OCRPiece.isHangul),
           2 * Self.overlap(pieces[index + 1].box, PixelRect(x: foldedParticle.lowerBound, y: box.y, width: foldedParticle.count, height: box.height))
            > pieces[index + 1].box.width {
            pieces[index + 1].text = ""
        }
    }

    /// The pieces of `after` (the rest of a word after its foreign letters) that make the particle
    /// whose ink the letters end before: the syllables up to the first mark. A bracket after the
    /// particle ("LibreOffice은(는)") is ink that the em grid of `ScriptBoundary` does not count;
    /// counted with it, the letters seemed to end inside 은 and took its first stroke for an "s".
    static func particle(_ after: Range<Int>, of pieces: [OCRPiece]) -> Range<Int> {
        let syllables = after.prefix { !pieces[$0].recognised.isEmpty && pieces[$0].recognised.unicodeScalars.allSatisfy(OCRPiece.isHangul) }
        return syllables.isEmpty ? after : syllables.startIndex..<syllables.endIndex
    }

    /// What the main model reads in single-word mode in `box` of `image`: one word looked at
    /// again on its own, with paper above and below (`paperMargin` unless `margin` says).
    func readWord(_ box: PixelRect, in image: GrayImage, dpi: Int, mode: TessPageSegMode = PSM_SINGLE_WORD, margin: Int? = nil) -> WordReading? {
        image.pixels.withUnsafeBufferPointer { pixels in
            TessBaseAPISetImage(main, pixels.baseAddress!, Int32(image.width), Int32(image.height), 1, Int32(image.bytesPerLine))
            TessBaseAPISetSourceResolution(main, Int32(dpi))
            defer { TessBaseAPIClear(main) }
            let page = InkPage(gray: pixels.baseAddress!, width: image.width, height: image.height, bytesPerLine: image.bytesPerLine)
            return reading(in: mode, with: main) {
                readWord(box.x..<(box.x + box.width), rows: box.y..<(box.y + box.height), margin: margin ?? Self.paperMargin(box.height),
                         with: main, page: page)
            }
        }
    }

    /// Whether the English model's `letters` win over the `digits` the Hangul model read, on a
    /// document page, where the Hangul model reads the Latin letters of a file name or a logo as
    /// digits and the English model tells them apart: they are the same shapes (".log" for
    /// ".108"), or the word's ink (`inkWidth` columns, no word space inside) is far wider than
    /// its digits (LaTeX's logo read "6"; a digit is half an em wide).
    static func lettersWin(_ letters: String, over digits: String, syllableHeight: Double, inkWidth: Int) -> Bool {
        let em = syllableHeight / ScriptBoundary.inkShareOfEm
        let tooWide = em > 0 && Double(inkWidth) > (0.6 * Double(digits.count) + 0.6) * em
        return spellsLookalikes(letters, of: digits) || tooWide && letters.filter(\.isLetter).count >= 2
    }

    /// ASCII letters (two or more: one is as often a misread digit, "7X" for TeX's logo) and
    /// digits, with at most punctuation around them: "a4paper,", "11pt".
    static func isLettersAndDigits(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        return scalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) || ".,;:-_()[]{}".unicodeScalars.contains($0) }
            && scalars.filter { $0.isASCII && $0.properties.isAlphabetic }.count >= 2 && scalars.contains { ("0"..."9").contains($0) }
    }

    /// Whether `letters` is a word whose letters stand where `digits` has digits of the same
    /// shape (".log" for ".108", "ilg" for "118").
    static func spellsLookalikes(_ letters: String, of digits: String) -> Bool {
        let word = Array(letters.drop { $0 == "." }), number = Array(digits.drop { $0 == "." })
        guard word.count == number.count, word.filter(\.isLetter).count >= 2 else { return false }
        return zip(word, number).allSatisfy { letter, digit in
            letter == digit || (digitLookalikes[digit]?.contains(letter) ?? false)
        }
    }

    /// Letters a digit is often read for, and the other way round.
    static let digitLookalikes: [Character: Set<Character>] = [
        "0": ["o", "O", "D", "Q"], "1": ["l", "I", "i"], "2": ["z", "Z"], "4": ["A"], "5": ["s", "S"],
        "6": ["b", "G"], "8": ["g", "B"], "9": ["g", "q"],
    ]

    /// `columns` ending before `limit` (the next word's first column), unless that would leave
    /// nothing of them.
    static func clipped(_ columns: Range<Int>, before limit: Int?) -> Range<Int> {
        guard let limit, limit > columns.lowerBound, limit < columns.upperBound else { return columns }
        return columns.lowerBound..<limit
    }

    /// A single capital read, surer than the Hangul model's digit, where that digit is a word of
    /// its own: the A of "A 사용자는" that the Hangul model took for a 4.
    private static func isLoneCapital(_ reading: WordReading, word: Range<Int>) -> Bool {
        word.count == 1 && reading.letters.count == 1 && reading.letters.allSatisfy { $0.isUppercase }
    }

    /// Whether the ink the Hangul model read as one digit has the shape of the letters the English
    /// model read there rather than of a figure, which is about half an em wide and as tall as a
    /// capital: two letters or more on ink wider than a figure ("Le" read "2", its box on the e
    /// alone), or one small letter no taller than a small letter is ("a" read "3").
    static func hasLetterProportions(_ reading: WordReading, inkWidth: Int, inkHeight: Int, syllableHeight: Double) -> Bool {
        let letters = reading.letters
        guard !letters.isEmpty, letters.allSatisfy({ $0.isASCII && $0.isLetter }), syllableHeight > 0 else { return false }
        if letters.count >= 2 { return Double(inkWidth) >= widestFigure * syllableHeight / ScriptBoundary.inkShareOfEm }
        return smallLetters.contains(letters) && Double(inkHeight) < smallLetterHeight * syllableHeight
    }

    /// Figures are about half an em wide; ink this wide (in ems) holds more than one character.
    static let widestFigure = 0.8
    /// Letters of the x-height only, and how tall they are at most next to a Hangul syllable's
    /// ink (Latin small letters about half of it, capitals and figures about 0.7).
    static let smallLetters: Set<String> = Set("acemnorsuvwxz".map(String.init))
    static let smallLetterHeight = 0.6

    /// `reading` of `columns`, or on a photo, when the model was barely sure of it, a read with
    /// twice the paper above and below if the model is sure of that one, as of a word read right
    /// (`PhotoReader.sureConfidence`): a word tight in its rows is read on a knife's edge ("SQL"
    /// turned 2° read "SOE" at confidence 12 with 5 rows of margin, "SQL" at 96 with more). A
    /// second guess is no better than the first ("Hemingway 9|" 0, where the first ends in the
    /// particle's ink, then "Hemingways" 22). Not on a document page, where the TeX logos are read unsurely with any
    /// margin and the taller read loses LaTeX's raised A ("TEX" surer than "LATEX"; lshort-ko
    /// 1.75% -> 2.19% CER).
    func surerReading(_ reading: WordReading, of columns: Range<Int>, rows: Range<Int>, margin: Int, with engine: OpaquePointer,
                      page: InkPage) -> WordReading {
        guard !readsDocumentPage, reading.confidence < Self.barelySure,
              let wider = readWord(columns, rows: rows, margin: 2 * margin, with: engine, page: page),
              wider.confidence >= PhotoReader.sureConfidence else { return reading }
        return wider
    }

    /// Below this confidence a single-word reading is barely more than a guess, worth a second
    /// try; readings of 36–49 were as often right as the second try.
    static let barelySure = 30.0

    /// Rows of paper above and below a word read alone, for ink `height` rows tall: a sixth of
    /// it keeps the accents and descenders of letters a tight box cuts, without taking in the
    /// next line's ink.
    static func paperMargin(_ height: Int) -> Int { max(2, height / 6) }

    /// What an engine in single-word mode reads in `columns` of `rows` (with `margin` rows
    /// above and below; sideways a neighbouring syllable may touch the word).
    func readWord(_ columns: Range<Int>, rows: Range<Int>, margin: Int, with engine: OpaquePointer,
                  page: InkPage) -> WordReading? {
        let left = max(0, columns.lowerBound - 1), top = max(0, rows.lowerBound - margin)
        let right = min(page.width, columns.upperBound + 1), bottom = min(page.height, rows.upperBound + margin)
        guard right > left, bottom > top else { return nil }
        TessBaseAPISetRectangle(engine, Int32(left), Int32(top), Int32(right - left), Int32(bottom - top))
        guard TessBaseAPIRecognize(engine, nil) == 0, let raw = TessBaseAPIGetUTF8Text(engine) else { return nil }
        defer { TessDeleteText(raw) }
        let text = String(cString: raw).trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !text.isEmpty else { return nil }
        return WordReading(text: text, confidence: Double(TessBaseAPIMeanTextConf(engine)),
                           tailLeft: trailingMarksLeft(engine))
    }

    /// The first column of the marks after the last letter or digit of a single-word reading,
    /// or nil when it ends in a letter or digit.
    private func trailingMarksLeft(_ engine: OpaquePointer) -> Int? {
        guard let iterator = TessBaseAPIGetIterator(engine) else { return nil }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIterator(iterator)
        var tailLeft: Int?
        repeat {
            let symbol = utf8(iterator, RIL_SYMBOL)
            guard let box = boundingBox(page, RIL_SYMBOL), !symbol.isEmpty else { continue }
            if symbol.unicodeScalars.contains(where: CharacterSet.alphanumerics.contains) {
                tailLeft = nil
            } else if tailLeft == nil {
                tailLeft = box.x
            }
        } while TessResultIteratorNext(iterator, RIL_SYMBOL) != 0
        return tailLeft
    }

    /// Reads the ink from about `tailLeft` to the end of `columns` with the main (Hangul) model
    /// in single-word mode: the syllables of a Korean particle, with the columns where they
    /// begin, or nil when it does not read as Hangul syllables.
    private func readParticle(after box: PixelRect, columns: Range<Int>, tailLeft: Int, rows: Range<Int>, margin: Int,
                              page: InkPage, syllableHeight: Double) -> (text: String, columns: Range<Int>)? {
        let em = syllableHeight / ScriptBoundary.inkShareOfEm
        guard em > 0, tailLeft > columns.lowerBound, tailLeft < columns.upperBound else { return nil }
        let syllables = max(1, Int((Double(columns.upperBound - tailLeft) / em).rounded()))
        let latin = PixelRect(x: columns.lowerBound, y: box.y, width: columns.count, height: box.height)
        guard let start = ScriptBoundary.latinEnd(
            gray: page.gray, bytesPerLine: page.bytesPerLine, width: page.width, height: page.height,
            latin: latin, right: columns.upperBound, syllables: syllables, syllableHeight: syllableHeight),
            start > columns.lowerBound else { return nil }
        guard let reading = reading(in: PSM_SINGLE_WORD, with: main, {
                  readWord(start..<columns.upperBound, rows: rows, margin: margin, with: main, page: page)
              }),
              (1...syllables).contains(reading.text.unicodeScalars.count),
              reading.text.unicodeScalars.allSatisfy(OCRPiece.isHangul) else { return nil }
        return (reading.text, start..<columns.upperBound)
    }

    /// Whether the Hangul model, reading the ink from `start` to `right` (the particle's rows) as
    /// one word, begins it with `syllable`, the particle's first syllable. From inside the last
    /// letter, what is left of the letter comes first ("<에서는" from inside the c of "Calc").
    private func particleBegins(with syllable: Unicode.Scalar, at start: Int, right: Int, rows: Range<Int>, margin: Int,
                                page: InkPage) -> Bool {
        guard right > start else { return false }
        return reading(in: PSM_SINGLE_WORD, with: main) {
            readWord(start..<right, rows: rows, margin: margin, with: main, page: page)
        }?.text.unicodeScalars.first == syllable
    }

    /// Per line, the median height of the pieces that are all Hangul: a syllable's ink height.
    static func syllableHeights(_ pieces: [OCRPiece]) -> [Int: Double] {
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

    func boundingBox(_ page: OpaquePointer?, _ level: TessPageIteratorLevel) -> PixelRect? {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0 else { return nil }
        return PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
    }

    func utf8(_ iterator: OpaquePointer, _ level: TessPageIteratorLevel) -> String {
        guard let raw = TessResultIteratorGetUTF8Text(iterator, level) else { return "" }
        defer { TessDeleteText(raw) }
        return String(cString: raw).precomposedStringWithCanonicalMapping
    }
}

/// An 8-bit gray page as `OCREngine.recognise` was given it.
struct InkPage {
    let gray: UnsafePointer<UInt8>
    let width: Int, height: Int, bytesPerLine: Int
}

/// A single-word reading and the model's confidence in it.
struct WordReading {
    var text: String
    var confidence: Double
    /// Where marks after the last letter or digit begin (`trailingMarksLeft`).
    var tailLeft: Int? = nil

    /// The text without what follows its last letter or digit: marks the English model made
    /// of what was left of a Korean particle's ink (a word does not end in "|" or "!" before "의").
    var letters: String {
        var letters = text
        while let last = letters.unicodeScalars.last, !CharacterSet.alphanumerics.contains(last) {
            letters.unicodeScalars.removeLast()
        }
        return letters
    }

    /// Whether this reading has more letters than `shorter` and begins with the same ones, but
    /// for the last, which a cut through a letter can change ("Yc" for the left of "Yo").
    func extends(_ shorter: WordReading) -> Bool {
        letters.count > shorter.letters.count && letters.hasPrefix(shorter.letters.dropLast())
    }

    /// Whether this reading, which `extends` `shorter`, is to be believed over it: unless it is
    /// clearly less sure. Cutting a word short costs the model nothing (the cut letters are
    /// not there to doubt), while every letter more adds a little doubt to the mean: "Wool" 96
    /// and "Woolf" 93, "195" 96 and "1950" 95 on photos turned 2–4°. Ink of the syllable after
    /// the word read as letters costs tens of points ("195014" 52).
    func outweighs(_ shorter: WordReading) -> Bool {
        confidence >= shorter.confidence - Self.extraLetterDoubt
    }

    /// How much less sure (in Tesseract's 0–100 confidence) a longer reading may be.
    static let extraLetterDoubt = 5.0

    /// The bracket or quote between a foreign word and its particle or the Korean word glued to
    /// it ("Inc)에서", "Embedding(개체"), which `letters` leaves out: the marks that end the
    /// Hangul model's reading `recognised` of the
    /// word, when the English model read the same marks right after the same letters in one of
    /// its cuts (`readings`), about as surely. Marks the English model makes of a particle's ink
    /// ("2|", "!") are not what the Hangul model saw there: it read the particle as syllables.
    func bracketsBeforeParticle(of recognised: String, agreedBy readings: [WordReading]) -> String {
        let marks = String(String.UnicodeScalarView(recognised.unicodeScalars.reversed().prefix(while: Self.brackets.contains).reversed()))
        guard !marks.isEmpty else { return "" }
        let agreed = readings.contains { $0.letters == letters && $0.text.hasPrefix(letters + marks) && $0.outweighs(self) }
        return agreed ? marks : ""
    }

    /// Brackets and quotes, closing and opening.
    static let brackets: Set<Unicode.Scalar> = [")", "]", "}", "\"", "'", "\u{201D}", "\u{2019}", "\u{BB}", "\u{300D}", "\u{300F}",
                                                "(", "[", "{", "\u{201C}", "\u{2018}", "\u{AB}", "\u{300C}", "\u{300E}"]
}

extension OCRPiece {
    /// Hangul syllables. A lone jamo (ㄷ) is what the Hangul model makes of a Latin letter.
    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value)
    }

    /// Pieces without Hangul syllables that hold a letter or a digit are English, code or
    /// numbers (the Hangul model often reads Latin words in code fonts as digits); so are the
    /// marks it makes of a lone capital letter.
    var needsLatinReread: Bool {
        !isLatinLine && (isJoinedLatinRun || isMisreadLatin || !recognised.unicodeScalars.contains(where: Self.isHangul)
            && recognised.unicodeScalars.contains { CharacterSet.alphanumerics.contains($0) || Self.letterLookalikes.contains($0) })
    }

    /// What the Hangul model reads for a capital standing alone ("^" for the A of "A 사용자는",
    /// "|" for I, "\" for the first stroke of W); prose has no other use for them.
    static let letterLookalikes: Set<Unicode.Scalar> = ["^", "|", "\\"]

    /// Digits alone are usually right: a re-read replaces them only when it is surer.
    var isDigitsOnly: Bool {
        !isMisreadLatin && recognised.unicodeScalars.allSatisfy { !CharacterSet.letters.contains($0) }
            && recognised.unicodeScalars.contains { CharacterSet.decimalDigits.contains($0) }
    }
}
