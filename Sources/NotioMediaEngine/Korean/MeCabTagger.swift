import CMeCab
import Foundation
import NotioCore
import NotioMedia

/// Korean morphemes by MeCab 0.996 (Debian) with mecab-ko-dic (`scripts/fetch-korean-dictionary.sh`).
///
/// The model (the dictionary, memory-mapped) is loaded once, in `init`, and shared: MeCab's model
/// is read-only once built, and every `tag` call makes its own tagger and lattice, so calls may run
/// on several threads at once.
///
/// Debian's MeCab is the original one, not the mecab-ko fork the dictionary was made for: it
/// ignores the dictionary's `left-space-penalty-factor`, the extra cost mecab-ko puts on a particle
/// or an ending right after a space. On this project's PDFs that matters in about 0.7% of eojeols:
/// particles the PDF itself set apart ("LATEX 2ε 를", "(번호) 가"), which the original reads
/// right; 이/그 before a noun read as a particle of the word before ("…는 이 명령은"); and words
/// the dictionary lacks read from a particle or a suffix on ("로빈" as 로/JKB 빈), which
/// `retagBoundStarts` reads again.
public final class MeCabTagger: KoreanTagger, @unchecked Sendable {
    /// `mecab_model_t *`: immutable after `mecab_model_new`.
    private let model: OpaquePointer
    public let dictionary: String

    /// At most this many UTF-8 bytes go to MeCab at once: a node's length is 16 bits, and a
    /// lattice grows with its sentence. A text is cut at a line break or a space to fit.
    static let pieceBytes = 16 << 10

    /// Loads mecab-ko-dic from the folder `dictionary` (sys.dic, matrix.bin, char.bin, unk.dic,
    /// dicrc), by default `.cache/mecab-ko-dic` of the working directory or the source tree
    /// (`KoreanDictionary.resolve`). Throws `tagger_unavailable` when it is missing or MeCab
    /// refuses it.
    public init(dictionary: String = KoreanDictionary.resolve("")) throws {
        self.dictionary = dictionary
        let files = ["sys.dic", "matrix.bin", "char.bin", "unk.dic", "dicrc"]
        let folder = URL(fileURLWithPath: dictionary)
        guard files.allSatisfy({ FileManager.default.isReadableFile(atPath: folder.appendingPathComponent($0).path) }) else {
            throw MediaError.taggerUnavailable(dictionary)
        }
        // Arguments, not one option string: MeCab splits that at spaces, and a folder may have
        // some. The dictionary's own dicrc is the resource file, so a system /etc/mecabrc (which
        // may name another dictionary or a user dictionary) plays no part.
        let arguments = ["mecab", "--rcfile", folder.appendingPathComponent("dicrc").path, "--dicdir", dictionary]
        var argv = arguments.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        guard let model = mecab_model_new(Int32(argv.count), &argv) else {
            let reason = String(cString: mecab_strerror(nil))
            FileHandle.standardError.write(Data("MeCab could not load \(dictionary): \(reason)\n".utf8))
            throw MediaError.taggerUnavailable(dictionary)
        }
        self.model = model
    }

    deinit { mecab_model_destroy(model) }

    public func tag(_ texts: [String]) async throws -> [[TaggedWord]] {
        try texts.map { try words(of: $0) }
    }

    /// The eojeols of `text` with their morphemes.
    public func words(of text: String) throws -> [TaggedWord] {
        TaggedWord.words(of: text, morphemes: try morphemes(of: text))
    }

    /// The morphemes of `text` in order, offsets in UTF-8 into it.
    public func morphemes(of text: String) throws -> [Morpheme] {
        // Every separator (`TaggedWord.isSeparator`: U+3000, U+00A0, line breaks, controls) becomes
        // as many ASCII spaces as it has bytes: MeCab skips those and no others, and every byte
        // offset stays the text's own.
        var bytes = [UInt8]()
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if TaggedWord.isSeparator(scalar) {
                bytes.append(contentsOf: repeatElement(0x20, count: UTF8.width(scalar)))
            } else {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        guard let tagger = mecab_model_new_tagger(model) else { throw MediaError.taggerFailed }
        defer { mecab_destroy(tagger) }
        guard let lattice = mecab_model_new_lattice(model) else { throw MediaError.taggerFailed }
        defer { mecab_lattice_destroy(lattice) }

        var morphemes: [Morpheme] = []
        try bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            try base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
                func parse(_ piece: Range<Int>) throws -> [Morpheme] {
                    var out: [Morpheme] = []
                    mecab_lattice_set_sentence2(lattice, characters + piece.lowerBound, piece.count)
                    guard mecab_parse_lattice(tagger, lattice) != 0 else { throw MediaError.taggerFailed }
                    var node = mecab_lattice_get_bos_node(lattice)
                    while let current = node {
                        let n = current.pointee
                        node = n.next
                        guard n.stat != UInt8(MECAB_BOS_NODE), n.stat != UInt8(MECAB_EOS_NODE),
                              n.length > 0, let surface = n.surface else { continue }
                        let start = characters.distance(to: surface)
                        out.append(Self.morpheme(
                            surface: String(decoding: UnsafeRawBufferPointer(start: surface, count: Int(n.length)), as: UTF8.self),
                            start: start, feature: n.feature.map { String(cString: $0) } ?? ""))
                    }
                    return out
                }
                for piece in Self.pieces(of: buffer) { morphemes += try parse(piece) }
                try Self.retagBoundStarts(&morphemes, in: buffer, parse: parse)
            }
        }
        return morphemes
    }

    /// The first tags mecab-ko-dic's `left-space-penalty-factor` makes costly right after a space
    /// (its dicrc): endings, particles, the copula, and the suffixes of adjectives, nouns and verbs.
    /// None of them begins a word.
    static let boundTags: Set<Substring> = ["EC", "EF", "EP", "ETM", "ETN", "JC", "JKB", "JKC", "JKG", "JKO", "JKQ", "JKS", "JKV", "JX",
                                            "VCP", "XSA", "XSN", "XSV"]

    static func beginsBound(_ morpheme: Morpheme) -> Bool {
        morpheme.tag.split(separator: "+").first.map { boundTags.contains($0) } ?? false
    }

    /// What the penalty of mecab-ko gives and Debian's MeCab leaves out: a word of two morphemes
    /// or more that the sentence's best path begins with one that never begins a word ("로빈" read
    /// 로/JKB 빈/VV, "할당량" read 할/XSV 당량) is read again alone, where the start of the text
    /// costs a particle what a space would; the new reading is kept when it begins as a word
    /// does. A word that is one particle is the PDF's own spacing ("LATEX 2ε 를") and stays.
    static func retagBoundStarts(_ morphemes: inout [Morpheme], in buffer: UnsafeBufferPointer<UInt8>,
                                 parse: (Range<Int>) throws -> [Morpheme]) throws {
        var i = 0
        var out: [Morpheme] = []
        out.reserveCapacity(morphemes.count)
        while i < morphemes.count {
            let start = morphemes[i].start
            var j = i + 1
            while j < morphemes.count && morphemes[j].start == morphemes[j - 1].end { j += 1 }
            let startsWord = start == 0 || buffer[start - 1] == 0x20
            if startsWord, j - i >= 2, beginsBound(morphemes[i]) {
                let again = try parse(start..<morphemes[j - 1].end)
                if let first = again.first, !beginsBound(first), again.last?.end == morphemes[j - 1].end {
                    out += again
                    i = j
                    continue
                }
            }
            out += morphemes[i..<j]
            i = j
        }
        morphemes = out
    }

    /// mecab-ko-dic's features: tag, meaning class, final consonant, reading, type (Inflect,
    /// Compound, Preanalysis), first tag, last tag, expression ("가지/VV/*+ᆫ다/EF/*").
    static func morpheme(surface: String, start: Int, feature: String) -> Morpheme {
        let fields = feature.split(separator: ",", omittingEmptySubsequences: false)
        let tag = fields.first.map(String.init) ?? "UNKNOWN"
        var reading: String?
        if fields.count > 3, fields[3] != "*", fields[3] != surface { reading = String(fields[3]) }
        var parts: [Morpheme.Part]?
        if fields.count > 7, fields[4] != "*" { parts = Morpheme.parts(ofExpression: String(fields[7])) }
        return Morpheme(surface: surface, tag: tag, start: start, end: start + surface.utf8.count, reading: reading, parts: parts)
    }

    /// `buffer` (spaces for separators) cut into pieces of at most `limit` bytes, at the window's
    /// last space, or (a run of 16 KB without one) just before a UTF-8 lead byte. MeCab never
    /// reads a morpheme across a space, so only the analysis of the words at a cut can differ.
    static func pieces(of buffer: UnsafeBufferPointer<UInt8>, limit: Int = pieceBytes) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0
        while start < buffer.count {
            var end = buffer.count
            if end - start > limit {
                end = start + limit
                if let space = (start + 1..<end).last(where: { buffer[$0] == 0x20 }) {
                    end = space
                } else {
                    while end > start + 1 && buffer[end] & 0xC0 == 0x80 { end -= 1 }
                }
            }
            pieces.append(start..<end)
            start = end
        }
        return pieces
    }
}
