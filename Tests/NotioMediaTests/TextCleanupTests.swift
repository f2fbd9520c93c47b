import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

@Suite struct TextCleanupTests {
    /// Lines as wide as a page of prose, so the joining rules apply.
    let filler = "This line of text is long enough to count as a full line of prose"

    @Test func joinsHyphenatedWordsWhenTheNextLineStartsLowercase() {
        let text = "\(filler), on the R Foun-\ndation and its work.\n\(filler) from Hewlett-\nPackard machines."
        let cleaned = TextCleanup.clean(text)
        #expect(cleaned.contains("R Foundation and"))
        #expect(cleaned.contains("Hewlett- Packard") || cleaned.contains("Hewlett-Packard"))
        #expect(!cleaned.contains("Foun-"))
    }

    @Test func joinsWrappedLinesOfAParagraphWithASpaceAndKeepsParagraphBreaks() {
        let text = "\(filler) one\nends here.\n\n\(filler) two\nends there."
        #expect(TextCleanup.clean(text) == "\(filler) one ends here.\n\n\(filler) two ends there.")
    }

    @Test func keepsShortLinesHeadingsAndBulletsOnTheirOwnLines() {
        let text = "Introduction\n\(filler) and more\n• first point\n• second point\n1. numbered\n\(filler) code\n> help(solve)"
        let lines = TextCleanup.clean(text).split(separator: "\n").map(String.init)
        #expect(lines == ["Introduction", "\(filler) and more", "• first point", "• second point", "1. numbered",
                          "\(filler) code", "> help(solve)"])
    }

    @Test func separatesHeadingNumbersGluedToTitles() {
        #expect(TextCleanup.clean("1.6문서 레이아웃") == "1.6 문서 레이아웃")
        #expect(TextCleanup.clean("2.3.1Process Scheduling") == "2.3.1 Process Scheduling")
        #expect(TextCleanup.clean("1.5배로 늘었다") == "1.5배로 늘었다")
        #expect(TextCleanup.clean("3.14 is pi") == "3.14 is pi")
        #expect(TextCleanup.clean("1.6.2\n패키지") == "1.6.2 패키지")
    }

    let syllableBroken = """
        한글 문서를 조판할 때 워드프로세서는 글자 단위로 줄을 나누는 경우가 많아서 조판하
        게 되면 단어의 중간에서 줄이 바뀌는 일이 흔하게 일어나며 이런 문서에서 텍스트를 뽑
        으면 단어가 둘로 갈라진 채로 나오게 됩니다 그래서 줄을 다시 잇는 규칙이 필요합니
        다 이 규칙은 줄이 가득 찼는지와 앞뒤 글자가 모두 한글인지를 보고 공백 없이 붙이는
        것이 맞는지를 판단하여 원래 단어를 되살리는 일을 하며 그 결과는 검색에 쓰입니
        다 마지막 줄은 짧다.
        """

    @Test func rejoinsKoreanWordsBrokenBetweenSyllables() {
        #expect(TextCleanup.koreanLineBreaks(in: [syllableBroken]) == .betweenSyllables)
        let cleaned = TextCleanup.clean(pages: [syllableBroken])[0]
        for word in ["조판하게", "뽑으면", "필요합니다", "붙이는", "쓰입니다"] {
            #expect(cleaned.contains(word), "\(word) in \(cleaned)")
        }
        #expect(!cleaned.contains("\n"))
    }

    @Test func keepsTheSpaceWhereKoreanLinesBreakBetweenWords() {
        let page = """
            여기서 class라는 것은 만들어질 문서의 종류를 나타내는 것이다. 표 1.1에 기본적인 문서
            클래스를 열거하였다. LATEX 표준 배포판에는 이밖에 letter와 slide라는 클래스가 더
            있으며 다른 목적의 문서 클래스도 많다. option 파라미터는 문서 클래스의 동작 방식을
            사용자가 지정하는 값들이다.
            """
        #expect(TextCleanup.koreanLineBreaks(in: [page]) == .betweenWords)
        let cleaned = TextCleanup.clean(pages: [page])[0]
        #expect(cleaned.contains("기본적인 문서 클래스를 열거하였다. LATEX 표준"))
        #expect(cleaned.contains("클래스가 더 있으며"))
        #expect(cleaned.contains("동작 방식을 사용자가"))
    }

    @Test func rejoinsASyllableThatNeverStartsAWordEvenInWordBrokenText() {
        let page = """
            이 문장은 충분히 길어서 가득 찬 줄로 보이게 만들어야 하는 한국어 문장이며 끝에서
            다음 줄로 넘어가는데 이 줄도 역시 충분히 길어서 가득 찬 줄로 보이며 끝에서 갈라진
            는 조각이 있고 이 줄 역시 길게 써서 가득 찬 줄로 보이게 만들어 두었으며 마지막은
            짧다.
            """
        let cleaned = TextCleanup.clean(page)
        #expect(cleaned.contains("갈라진는 조각"))
        #expect(cleaned.contains("끝에서 다음 줄로"))
    }

    @Test func producesNFC() {
        let decomposed = "한글".decomposedStringWithCanonicalMapping
        #expect(decomposed.unicodeScalars.count == 6)
        #expect(TextCleanup.clean(decomposed).unicodeScalars.count == 2)
    }
}

@Suite struct EojeolMergerTests {
    func word(_ text: String, x: Int, line: Int = 0, reread: String? = nil) -> OCRPiece {
        OCRPiece(text: reread ?? text, recognised: text, box: PixelRect(x: x, y: 10, width: 20, height: 30), confidence: 90, line: line)
    }

    @Test func mergesSyllablesWithoutASpaceInTheLineText() {
        let words = [word("자", x: 0), word("신", x: 20), word("과", x: 40), word("함께", x: 80), word("LATEX", x: 0, line: 1)]
        let merged = EojeolMerger.merge(words, lineTexts: [0: "자신과 함께", 1: "LATEX"])
        #expect(merged.map(\.text) == ["자신과", "함께", "LATEX"])
        #expect(merged[0].box == PixelRect(x: 0, y: 10, width: 60, height: 30))
        #expect(merged.map(\.line) == [0, 0, 1])
    }

    @Test func alignsByWhatTheMainModelReadAndKeepsTheReread() {
        let pieces = [word("1088", x: 0, reread: "class"), word("라는", x: 20), word("것은", x: 80)]
        let merged = EojeolMerger.merge(pieces, lineTexts: [0: "1088라는 것은"])
        #expect(merged.map(\.text) == ["class라는", "것은"])
        #expect(EojeolMerger.text(of: merged) == "class라는 것은")
    }

    /// The Hangul model's word split may join a lone letter to the next word ("예를 들어 W 와 a"
    /// read "들어 \w와 a", boxes as on a Pillow page); a particle glued to a foreign word or
    /// to a closing mark stays with it.
    @Test func splitsAForeignWordFromASyllableAWordSpaceAway() {
        func piece(_ text: String, _ left: Int, _ right: Int) -> OCRPiece {
            OCRPiece(text: text, box: PixelRect(x: left, y: 66, width: right - left, height: 39), confidence: 90, line: 0)
        }
        let spaced = [piece("들어", 1586, 1654), piece("\\w", 1673, 1707), piece("와", 1722, 1757), piece("a", 1772, 1790)]
        #expect(EojeolMerger.merge(spaced, lineTexts: [0: "들어 \\w와 a"]).map(\.text) == ["들어", "\\w", "와", "a"])
        let glued = [piece("그는", 1500, 1570), piece("Einstein", 1586, 1740), piece("의", 1744, 1770), piece("이론을", 1786, 1890)]
        #expect(EojeolMerger.merge(glued, lineTexts: [0: "그는 Einstein의 이론을"]).map(\.text) == ["그는", "Einstein의", "이론을"])
        // After a closing mark the particle belongs to the bracket, however wide the blank.
        let bracket = [piece("Graphics", 1400, 1570), piece("Inc)", 1586, 1650), piece("에서", 1662, 1730), piece("처음", 1746, 1810)]
        #expect(EojeolMerger.merge(bracket, lineTexts: [0: "Graphics Inc)에서 처음"]).map(\.text) == ["Graphics", "Inc)에서", "처음"])
        // So after a backslash (ko.TeX's "\이", boxes as on the scanned manual).
        let macro = [piece("\\은", 880, 925), piece("\\", 939, 955), piece("이", 966, 992), piece("\\가", 1006, 1060)]
        #expect(EojeolMerger.merge(macro, lineTexts: [0: "\\은 \\이 \\가"]).map(\.text) == ["\\은", "\\이", "\\가"])
    }

    @Test func keepsWordBoundariesWhenTheLineTextDisagrees() {
        let merged = EojeolMerger.merge([word("가", x: 0), word("나", x: 20)], lineTexts: [0: "다라"])
        #expect(merged.map(\.text) == ["가", "나"])
    }
}
