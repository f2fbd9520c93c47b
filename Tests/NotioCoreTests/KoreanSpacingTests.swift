import Testing
@testable import NotioCore

@Suite struct KoreanSpacingTests {
    /// Lines of a document: the inner words of each line are what the statistics learn from.
    let document = [
        "이 문서는 프로세스 스케줄링을 다룬다. 운영체제는 먼저 실행하는 프로세스를 고른다.",
        "각 프로세스는 준비 큐에 들어가고 스케줄러는 먼저 도착한 작업을 고른다.",
        "실행 시간의 길이를 미리 알 수 없으므로 설정 파일을 읽어 추정한다.",
    ]

    func decide(_ line: String, _ next: String) -> (space: Bool, rule: KoreanSpacing.Rule) {
        KoreanSpacing(lines: document).decision(after: line[...], before: next[...])
    }

    @Test func aWordTheDocumentWritesWholeStaysWhole() {
        #expect(decide("스케줄러가 다음에 실행할 프로", "세스가 정해진다") == (false, .stemOfDocument))
        #expect(decide("스케줄러가 다음에 실행할 프로", "세스를 고른다") == (false, .wordOfDocument))
    }

    @Test func twoWordsTheDocumentWritesApartGetTheirSpace() {
        #expect(decide("운영체제는 가장 먼저", "실행하는 작업을 고른다").space)
        #expect(decide("작업 시간의 길이를", "미리 알 수 없다").space)
    }

    @Test func aParticleOrAnEndingAloneContinuesTheWord() {
        #expect(decide("운영체제는 설정 파일", "을 읽는다") == (false, .wordOfDocument))
        #expect(decide("운영체제는 새 문서", "를 읽는다") == (false, .particle))
        #expect(decide("이 값을 바꿀 수 있습니", "다. 그 다음") == (false, .continuation))
        #expect(decide("이 값은 파일에", "서 읽는다") == (false, .continuation))
    }

    /// A particle set apart after a path ends the word, as one joined to it does (Debian's FAQ:
    /// "…구성 파일은 /etc/modules 에" / "보관됩니다", read "에보관됩니다").
    @Test func aParticleAfterALatinWordEndsTheWord() {
        #expect(decide("모듈이 들어있는 구성 파일은 /etc/modules 에", "보관됩니다. 그러나") == (true, .particleAfterLatin))
        #expect(decide("모듈이 들어있는 구성 파일은 /etc/modules에", "보관됩니다. 그러나") == (true, .particleAfterLatin))
        // After a Hangul word a lone syllable may begin the next one: the rule is not asked.
        #expect(decide("운영체제는 설정 파일", "을 읽는다").rule != .particleAfterLatin)
    }

    @Test func theDependentNounSuStandsApartFromItsVerb() {
        #expect(decide("값을 지정할 수", "있는 데이터") == (true, .dependentNoun))
    }

    @Test func aNounBeforeHadaFormsIsOneWord() {
        #expect(decide("다음 값을 설정", "합니다. 그리고") == (false, .lightVerb))
    }

    @Test func unknownHalvesAreJoinedAsABrowserBreaksInsideWordsMoreOften() {
        #expect(decide("그 결과는 검색에 쓰이는 색", "인으로 남는다").space == false)
    }

    @Test func endingsOfAWordEndTheWord() {
        #expect(decide("새 창이 열리면서", "목록이 보인다").space)
    }
}
