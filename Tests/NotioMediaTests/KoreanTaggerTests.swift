import Foundation
import NotioCore
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// MeCab with mecab-ko-dic in this process: morphemes, eojeols, noun stems and noun phrases of
/// real Korean sentences, offsets that give the text back.
@Suite(.enabled(if: TestFiles.haveKoreanDictionary, TestFiles.missingKoreanDictionary))
struct KoreanTaggerTests {
    static let tagger = try? MeCabTagger(dictionary: TestFiles.koreanDictionary)

    func words(_ text: String) throws -> [TaggedWord] {
        try #require(Self.tagger).words(of: text)
    }

    func tags(_ text: String) throws -> [String] {
        try words(text).flatMap(\.morphemes).map { "\($0.surface)/\($0.tag)" }
    }

    /// Every word's morphemes spell it whole, and every offset gives back its text.
    func expectExact(_ words: [TaggedWord], in text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for word in words {
            #expect(String(text[word.range(in: text)]) == word.text, sourceLocation: sourceLocation)
            #expect(word.morphemes.map(\.surface).joined() == word.text, "\(word.text)", sourceLocation: sourceLocation)
            #expect(word.morphemes.first?.start == word.start && word.morphemes.last?.end == word.end, sourceLocation: sourceLocation)
            for morpheme in word.morphemes {
                #expect(String(text[morpheme.range(in: text)]) == morpheme.surface, sourceLocation: sourceLocation)
            }
        }
    }

    @Test func particlesAndEndingsOfALawSentence() throws {
        let text = "대한민국 헌법 제12조 ①모든 국민은 신체의 자유를 가진다."
        let words = try words(text)
        #expect(words.map(\.text) == ["대한민국", "헌법", "제12조", "①모든", "국민은", "신체의", "자유를", "가진다."])
        #expect(try tags("국민은 신체의 자유를 가진다.") == ["국민/NNG", "은/JX", "신체/NNG", "의/JKG", "자유/NNG", "를/JKO", "가진다/VV+EF", "./SF"])
        #expect(words.map(\.nounStem) == ["대한민국", "헌법", "제12조", nil, "국민", "신체", "자유", nil])
        let verb = try #require(words.last?.morphemes.first)
        #expect(verb.parts?.first == Morpheme.Part(form: "가지", tag: "VV"))
        expectExact(words, in: text)
    }

    @Test func compoundsKeepTheirPartsAndStemsAreWholeTerms() throws {
        let words = try words("선거관리위원회는 국민의 권리와 의무를 정한다")
        #expect(words.map(\.nounStem) == ["선거관리위원회", "국민", "권리", "의무", nil])
        let compound = try #require(words.first?.morphemes.first)
        #expect(compound.parts?.map(\.form) == ["선거", "관리", "위원", "회"])
        #expect(words[0].morphemes.map(\.tag) == ["NNP", "JX"])
    }

    @Test func hanjaIsANounWithItsReading() throws {
        let words = try words("大統領은 國會의 동의를 얻어야 한다")
        let hanja = try #require(words.first?.morphemes.first)
        #expect(hanja.surface == "大統領")
        #expect(hanja.reading == "대통령")
        #expect(words.map(\.nounStem).prefix(3) == ["大統領", "國會", "동의"])
    }

    @Test func englishWordsNumbersAndSymbols() throws {
        let text = "Swift 6.3으로 TCP/IP를 쓰면 C++보다 3.5%를 더 빠르게 2023년에 만든다"
        let words = try words(text)
        #expect(words.map(\.nounStem) == ["Swift", "6.3", "TCP/IP", nil, "C++", "3.5", nil, nil, "2023년", nil])
        #expect(words[0].morphemes.map(\.tag) == ["SL"])
        expectExact(words, in: text)
    }

    @Test func nounPhrasesRunAcrossBareNounsOnOneLine() throws {
        let text = "국회 의원은 정보 공개 청구를 할 수 있다.\n국회\n의원은 선거관리위원회에 간다."
        let phrases = NounPhrase.phrases(in: try words(text))
        #expect(phrases.map(\.text) == ["국회 의원", "정보 공개 청구", "국회", "의원", "선거관리위원회"])
        for phrase in phrases {
            // The range covers the phrase as written (its spacing) in the text.
            #expect(String(text[phrase.range(in: text)]).split(whereSeparator: \.isWhitespace).joined(separator: " ") == phrase.text)
        }
        // 수 (a dependent noun) alone is no term; 관리 and 위원 inside a compound are no phrases of their own.
        #expect(!phrases.contains { $0.text == "수" })
    }

    /// Words the dictionary lacks, which Debian's MeCab (without mecab-ko's penalty on a particle
    /// after a space) began with a particle or a suffix, are read as words; a particle the text
    /// sets apart stays a particle.
    @Test func aWordNeverBeginsWithAParticleOrASuffix() throws {
        let text = "라운드 로빈 스케줄링은 각 프로세스에게 같은 시간 할당량을 준다. LATEX 2ε 를 쓴다."
        let words = try words(text)
        #expect(words.map(\.nounStem) == ["라운드", "로빈", "스케줄링", nil, "프로세스", nil, "시간", "할당량", nil, "LATEX", "2ε", nil, nil])
        #expect(words[11].morphemes.map(\.tag) == ["JKO"])
        for word in words.filter({ $0.morphemes.count >= 2 }) {
            #expect(!MeCabTagger.beginsBound(word.morphemes[0]), "\(word.text): \(word.morphemes.map(\.tag))")
        }
        expectExact(words, in: text)
    }

    @Test func withinAnEojeolEachNounRunIsAPhrase() throws {
        let phrases = NounPhrase.phrases(in: try words("대통령의권한을 제12조에서 정한다"))
        #expect(phrases.map(\.text) == ["대통령", "권한", "제12조"])
    }

    @Test func separatorsOfEveryKindSplitWordsAndKeepOffsets() throws {
        let text = "국민은\t신체의\u{3000}자유를\u{00A0}가진다\r\n제2조\u{0000}권리\u{2028}의무"
        let words = try words(text)
        #expect(words.map(\.text) == ["국민은", "신체의", "자유를", "가진다", "제2조", "권리", "의무"])
        #expect(words.map(\.startsLine) == [true, false, false, false, true, false, true])
        expectExact(words, in: text)
    }

    @Test func emptyAndBlankTextsHaveNoWords() async throws {
        let tagger = try #require(Self.tagger)
        #expect(try await tagger.tag(["", "   \n\t ", "\u{3000}"]) == [[], [], []])
    }

    @Test func oddCharactersAreWordsToo() throws {
        // Emoji with a joiner, decomposed Hangul (a macOS file name), a zero-width space, a lone
        // combining mark: every one lands in a word, and the offsets stay on character edges.
        let text = "👩‍💻개발자 \u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF} 가\u{200B}나 \u{0301}x"
        let words = try words(text)
        #expect(words.count == 4)
        expectExact(words, in: text)
    }

    @Test func aLongRunWithoutSpacesIsCutIntoPiecesAndStaysWhole() throws {
        // 60 KB without a space: more than three pieces for MeCab.
        let text = String(repeating: "선거관리위원회의권리와의무", count: 1_600)
        let words = try words(text)
        #expect(words.count == 1)
        expectExact(words, in: text)
        // 선거관리위원회 의 권리 와 의무, over and over: only the words at a cut may differ.
        #expect(words[0].morphemes.count >= 5 * 1_600 - 10)
    }

    @Test func piecesEndAtSpacesOrCharacterEdges() {
        let bytes = Array("가나 다라마바 사".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            // At the space after 나; then no space in the window: before 바's lead byte.
            #expect(MeCabTagger.pieces(of: buffer, limit: 10) == [0..<6, 6..<16, 16..<23])
            #expect(MeCabTagger.pieces(of: buffer, limit: 100) == [0..<23])
        }
    }

    /// One model, many threads: each call has its own tagger and lattice.
    @Test func oneTaggerServesConcurrentCalls() async throws {
        let tagger = try #require(Self.tagger)
        let texts = (0..<16).map { String(repeating: "제\($0)조 국회 의원은 정보 공개 청구를 할 수 있다. 선거관리위원회는 大統領 선거를 관리한다. ", count: 200) }
        let alone = try texts.map { try tagger.words(of: $0) }
        let together = try await withThrowingTaskGroup(of: (Int, [TaggedWord]).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask { (index, try tagger.words(of: text)) }
            }
            return try await group.reduce(into: [[TaggedWord]](repeating: [], count: texts.count)) { $0[$1.0] = $1.1 }
        }
        #expect(together == alone)
    }

    @Test func aMissingDictionaryIsAClearError() {
        #expect(throws: MediaError.taggerUnavailable("/nonexistent/mecab-ko-dic")) {
            try MeCabTagger(dictionary: "/nonexistent/mecab-ko-dic")
        }
    }

    /// A real document, page by page: every word is spelled whole by its morphemes.
    @Test(.enabled(if: TestFiles.havePDFs, TestFiles.missingPDFs))
    func aWholeBookKeepsItsOffsets() async throws {
        let data = try #require(FileManager.default.contents(atPath: TestFiles.pdf("lshort-ko.pdf")))
        let pages = try PDFExtractor.extract(data: data, options: PDFExtractionOptions(ocr: false)).pages.map(\.text)
        let tagged = try await #require(Self.tagger).tag(pages)
        #expect(tagged.count == pages.count)
        for (page, words) in zip(pages, tagged) { expectExact(words, in: page) }
        let nouns = tagged.joined().compactMap(\.nounStem)
        #expect(nouns.filter { $0 == "명령" }.count > 20)
    }
}
