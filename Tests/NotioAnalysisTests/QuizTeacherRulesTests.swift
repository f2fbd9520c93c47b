import Foundation
import Testing
import NotioCore
@testable import NotioAnalysis

/// The rules that make a question usable as-is by a teacher's judgement (issue 13, point 10's
/// target), each on input written the way a browser-printed lecture or help page gives it.
struct QuizTeacherRulesTests {
    // MARK: - Passages are one block of the document

    /// A printed help page: an icon's alt text on a line of its own before the tip, a callout
    /// word, an icon beside the text of its table row, and an error list whose rows end their
    /// sentences without a full stop.
    static let printedPage = """
    조사식 창에 배열을 포함할 수도 있습니다.
    팁 아이콘
    런타임에 마우스를 변수 위에 놓으면 변수의 내용이 팝업 상자에 표시됩니다.
    warning
    변수를 특정 유형으로 선언한 다음에는 다른 유형으로 선언할 수 없습니다.
    366 개체를 사용할 수 없습니다
    380 잘못된 속성 값입니다.
    아이콘
    서명이 유효합니다.
    아이콘 서명과 인증서가 양호하지만 문서 일부만 서명되어 있습니다.
    긴 문장이 인쇄할 때 줄이 바뀌어
    다음 줄에서 끝나도 한 문단입니다.
    """

    @Test func labelsAndRowsAreNoPartOfTheParagraphBesideThem() {
        let layout = TextLayout(ExtractedDocument(pages: [SourcePage(number: 1, text: Self.printedPage)]))
        let blocks = layout.blocks.map(\.text)
        #expect(blocks.contains("런타임에 마우스를 변수 위에 놓으면 변수의 내용이 팝업 상자에 표시됩니다."), "\(blocks)")
        #expect(blocks.contains("변수를 특정 유형으로 선언한 다음에는 다른 유형으로 선언할 수 없습니다."), "\(blocks)")
        #expect(blocks.contains("366 개체를 사용할 수 없습니다"), "\(blocks)")
        // The icon beside its row's text is dropped where the document shows the label alone too.
        #expect(blocks.contains("서명과 인증서가 양호하지만 문서 일부만 서명되어 있습니다."), "\(blocks)")
        #expect(!blocks.contains { $0.contains("아이콘") || $0.contains("warning") }, "\(blocks)")
        // A line that does not end its sentence still joins the next.
        #expect(blocks.contains("긴 문장이 인쇄할 때 줄이 바뀌어 다음 줄에서 끝나도 한 문단입니다."), "\(blocks)")
    }

    /// A scan's heading, which OCR gives without its size, stays out of the paragraph below it;
    /// a sentence's first line that ends in a particle does not.
    @Test func anUnmarkedHeadingIsNoPartOfTheParagraphBelow() {
        let page = "개인 키와 공개 키의 조합으로 컴퓨터에 저장됩니다. 문서 저장 및 서명\n문서에 디지털 서명을 적용할 때는 문서의 내용과 개인용 키에서 일종의 체크섬이 계산됩니다.\n\n운영체제는\n하드웨어를 관리하고 프로그램에 서비스를 제공하는 소프트웨어이다."
        let blocks = TextLayout(ExtractedDocument(pages: [SourcePage(number: 1, text: page)])).blocks.map(\.text)
        #expect(blocks.contains("문서에 디지털 서명을 적용할 때는 문서의 내용과 개인용 키에서 일종의 체크섬이 계산됩니다."), "\(blocks)")
        #expect(blocks.contains("개인 키와 공개 키의 조합으로 컴퓨터에 저장됩니다."), "\(blocks)")
        #expect(blocks.contains("운영체제는 하드웨어를 관리하고 프로그램에 서비스를 제공하는 소프트웨어이다."), "\(blocks)")
    }

    @Test func labelLinesAreCalloutAndPictureWordsOnly() {
        for label in ["팁 아이콘", "참고 아이콘", "note", "Warning", "아이콘"] {
            #expect(TextLayout.isLabelLine(label), "\(label)")
        }
        for line in ["아이콘 모음", "참고 문헌", "개별 단계 아이콘을 사용하는 개별 단계 실행은 프로그램을 분할합니다."] {
            #expect(!TextLayout.isLabelLine(line), "\(line)")
        }
        // Without the label alone elsewhere in the document, a line keeps its first word.
        #expect(TextLayout.withoutLeadingLabel("아이콘 모양은 상태 표시줄에 나타납니다.", labels: []) == "아이콘 모양은 상태 표시줄에 나타납니다.")
    }

    // MARK: - Blanks

    /// "438 개체에서 …" counts no 개: a Hangul unit ends its word or takes a particle.
    @Test func aUnitIsAWholeWord() {
        #expect(NumberBlank("438 개체에서 이 속성이나 메서드를 지원하지 않습니다")?.unit != "개")
        #expect(NumberBlank("Integer 변수에는 2바이트의 메모리가 필요합니다.")?.answer == "2바이트")
        #expect(NumberBlank("유효한 서명이 10개, 유효하지 않은 서명이 1개 있는 경우 모두 유효하지 않습니다.")?.answer == "10개")
        #expect(NumberBlank("처리 시간의 50%를 입출력이 차지한다.")?.answer == "50%")
    }

    @Test func aBlankIsFairOnlyOnceAndWithoutItsSpellingBeside() {
        #expect(QuizText.isFairBlank("문서에 디지털 서명을 하려면 개인용 키인 ____가 필요합니다."))
        #expect(!QuizText.isFairBlank("____를 조사식 창에 추가하여 ____ 값을 모니터링할 수 있습니다."))
        #expect(!QuizText.isFairBlank("____(Content Management Interoperability Services) 표준은 시스템의 상호 운용성을 높입니다."))
        #expect(!QuizText.isFairBlank("Microsoft Office는 VBA(____ Basic for Applications) 코드를 사용합니다."))
        #expect(!QuizText.isFairBlank("이를 사용해 사용자는 원격 웹____에서 파일을 공동으로 편집할 수 있습니다."))
    }

    /// A sentence that points at an example below the page asks about something not shown.
    @Test func aPassagePointingAtWhatFollowsIsNoPassage() {
        #expect(!QuizText.hasContext("○○을 강제하려면 다음 명령을 사용합니다."))
        #expect(!QuizText.hasContext("____는 다음과 같이 프로그램에서 한 번만 지정되며 나중에 다시 지정할 수 없습니다."))
        #expect(!QuizText.hasContext("Declare the variable as shown in the following example."))
        #expect(QuizText.hasContext("○○에 부동 소수점 값을 할당할 경우 소수점 이하 자릿수가 다음 정수로 반올림됩니다."))
        // Nor one that leans on the sentence before it.
        #expect(!QuizText.hasContext("즉, 유효한 서명이 10개, 유효하지 않은 서명이 1개 있는 경우 서명이 유효하지 않은 것으로 표시됩니다."))
        #expect(!QuizText.hasContext("이를 사용해 사용자는 원격 웹 ____에서 파일을 공동으로 편집할 수 있습니다."))
        #expect(!QuizText.hasContext("However, Any is deprecated and is available for backward compatibility."))
    }

    /// One word of a longer English name is no blank: "LibreOffice ____ IDE".
    @Test func aWordOfALongerNameIsNoBlank() {
        #expect(!QuizText.isBlankableLatin("Basic", in: "사용자는 LibreOffice Basic IDE 편집기에서 매크로 코드를 확인할 수 있습니다."))
        #expect(QuizText.isBlankableLatin("StarOffice", in: "The signature was created with a version of OpenOffice.org before 3.2 or StarOffice before 9.2."))
        #expect(QuizText.isBlankableLatin("Java", in: "이 응용 프로그램은 Java 클래스 파일로 만들어져 대부분의 운영체제에서 실행됩니다."))
    }

    /// Everyday English words, pieces of a path and phrases led by a determiner are no terms.
    @Test func lowercaseWordsAndPointingPhrasesAreNoTerms() {
        for junk in ["older", "parts", "documentsignatures", "icon", "해당 문서", "각 항목", "상자"] {
            #expect(!QuizText.isContentTerm(junk), "\(junk)")
        }
        for term in ["OOXML", "StarOffice", "LINEST", "문서 변환기", "decimal 변수"] {
            #expect(QuizText.isContentTerm(term), "\(term)")
        }
    }

    /// A related term written as a name is a term; a common word beside a keyword is not.
    @Test func namesAmongRelatedTermsAreTerms() {
        #expect(QuizMaterial.isLatinName("StarOffice") && QuizMaterial.isLatinName("OOXML") && QuizMaterial.isLatinName("WebDAV"))
        #expect(!QuizMaterial.isLatinName("Help") && !QuizMaterial.isLatinName("signature") && !QuizMaterial.isLatinName("xml"))
    }

    // MARK: - Options and answers

    @Test func phrasesAreNoOptionsForWordsNorTheReverse() {
        #expect(!OptionType.sameWordClass("검증", "문서 저장 및 서명"))
        #expect(OptionType.sameWordClass("문서 변환기", "대화 상자"))
        #expect(OptionType.sameWordClass("서명한 문서 열기", "문서 저장 및 서명"))
    }

    @Test func aTasksHeadingIsNoShortAnswer() {
        #expect(QuizText.isWritable("스택 호출 창"))
        #expect(QuizText.isWritable("인증서"))
        #expect(!QuizText.isWritable("서명한 문서 열기"))
        #expect(!QuizText.isWritable("변수의 명명 규칙"))
        #expect(!QuizText.isWritable("많은 Microsoft Office 파일을 OpenDocument 형식으로 변환"))
    }

    /// A passage that shows half the words of a multi-word answer leaves only a guess among options.
    @Test func aPassageShowingHalfTheAnswerIsNoQuestion() {
        #expect(QuizText.revealsPart(prompt: "다음 내용과 가장 관련 있는 개념은?\n\n변수 값은 범위 안에 있을 경우에만 표시됩니다.", answer: "변수 값 관찰"))
        #expect(QuizText.revealsPart(prompt: "다음 내용과 가장 관련 있는 개념은?\n\n비활성화된 중단점은 실행을 멈추지 않습니다.", answer: "중단점의 속성"))
        #expect(!QuizText.revealsPart(prompt: "다음 내용과 가장 관련 있는 개념은?\n\n프로시저 및 함수의 호출 계층을 보여 줍니다.", answer: "스택 호출 창"))
    }

    /// A fact stated of the masked concept as its subject drops the mask and its gloss cleanly;
    /// one where the concept is not the subject ("○○에는 …") is no option.
    @Test func onlyFactsWithTheConceptAsSubjectAreOptions() {
        #expect(QuizText.withoutNameMask("○○(File Transfer Protocol)는 인터넷에서 파일을 전송하는 표준 프로토콜입니다.")
                == "인터넷에서 파일을 전송하는 표준 프로토콜입니다.")
        #expect(QuizText.statesOfMask("○○는 -32768에서 32767까지의 범위를 가집니다."))
        #expect(!QuizText.statesOfMask("○○에는 4바이트의 메모리가 필요합니다."))
        #expect(!QuizText.statesOfMask("시중의 여러 ○○ 관련 서적을 참고하십시오."))
    }

    // MARK: - Whole quizzes on a lecture note

    /// An operating-systems lecture: "프로세스" on nearly every line, a sentence under 메모리 관리
    /// that is true of the whole lecture, a concept without a found definition, related terms
    /// that are words met beside keywords.
    static let lecture = NoteAnalysis(title: "운영체제 3장", concepts: [
        Concept(id: "p", name: "프로세스", summary: "프로세스는 실행 중인 프로그램이다. 운영체제는 프로세스마다 프로세스 제어 블록을 만든다.",
                definition: "프로세스는 실행 중인 프로그램이다.",
                keyPoints: ["프로세스는 독립된 주소 공간을 가진다.", "프로세스 제어 블록에는 레지스터 값과 프로세스 상태가 저장된다."]),
        Concept(id: "t", name: "스레드", summary: "스레드는 프로세스 안에서 실행되는 흐름의 단위이다.",
                definition: "스레드는 프로세스 안에서 실행되는 흐름의 단위이다.",
                keyPoints: ["스레드는 같은 프로세스의 메모리를 공유한다.", "스레드 사이의 문맥 교환은 프로세스 사이보다 비용이 작다."]),
        Concept(id: "s", name: "스케줄러", summary: "스케줄러는 다음에 실행할 프로세스를 준비 큐에서 고른다.", definition: nil,
                keyPoints: ["스케줄러는 준비 큐에서 프로세스를 꺼낸다.", "라운드 로빈은 프로세스마다 같은 시간 할당량을 준다."]),
        Concept(id: "d", name: "교착 상태", summary: "교착 상태는 둘 이상의 프로세스가 서로의 자원을 기다리며 멈춘 상태이다.",
                definition: "교착 상태는 둘 이상의 프로세스가 서로의 자원을 기다리며 멈춘 상태이다.",
                keyPoints: ["교착 상태는 상호 배제와 순환 대기가 함께 있을 때 생긴다.", "은행원 알고리즘은 교착 상태를 회피한다."]),
        Concept(id: "m", name: "메모리 관리", summary: "페이지 테이블은 가상 주소를 물리 주소로 바꾼다.", definition: nil,
                keyPoints: ["페이지 테이블은 가상 주소를 물리 주소로 바꾼다.", "운영체제는 여러 가지 기능을 제공한다.", "메모리 관리는 단편화를 줄인다."]),
    ], keywords: [
        Keyword(term: "프로세스", relatedTerms: ["해당 자원", "운영체제"]), Keyword(term: "문맥 교환", relatedTerms: ["비용"]),
        Keyword(term: "준비 큐", relatedTerms: ["시간 할당량"]), Keyword(term: "페이지 테이블", relatedTerms: ["가상 주소"]),
        Keyword(term: "은행원 알고리즘", relatedTerms: ["순환 대기"]), Keyword(term: "라운드 로빈", relatedTerms: []),
        Keyword(term: "프로세스 제어 블록", relatedTerms: ["레지스터"]),
    ])

    func all(_ note: NoteAnalysis) -> [Question] {
        Difficulty.allCases.flatMap { level in
            [UInt64(0), 5, 17].flatMap { seed in
                OfflineQuizGenerator().questions(for: QuizRequest(analysis: note, pages: [], difficulty: level, count: 30, seed: seed))
            }
        }
    }

    @Test func aWordOnEveryLineAndWordsMetBesideKeywordsAreNeitherBlanksNorOptions() {
        let maker = QuizMaker(request: QuizRequest(analysis: Self.lecture, pages: [], difficulty: .medium, count: 10))
        #expect(maker.blankTerm(in: "스레드는 같은 프로세스의 메모리를 공유한다.", excludingConcept: 1) != "프로세스")
        let questions = all(Self.lecture)
        #expect(!questions.isEmpty)
        for q in questions {
            // A short related term and a phrase led by a determiner are words met beside keywords.
            for related in ["해당 자원", "비용"] {
                #expect(!q.options.contains(related) && q.answer != related, "\(q.prompt) \(q.options)")
            }
            #expect(QuizText.blankCount(q.prompt) <= 1, "\(q.prompt)")
        }
    }

    @Test func factsAndPassagesBelongToTheirConcept() {
        for q in all(Self.lecture) {
            // True of the whole lecture, named after no concept: no option, no passage.
            #expect(!q.prompt.contains("여러 가지 기능을 제공한다") && !q.options.contains { $0.contains("여러 가지 기능을 제공한다") },
                    "\(q.prompt) \(q.options)")
            if q.form == .definition {
                // 스케줄러 and 메모리 관리 have no found definition: neither asked nor offered.
                #expect(q.conceptId != "s" && q.conceptId != "m")
                #expect(!q.options.contains { $0.contains("준비 큐에서 고른다") || $0.contains("물리 주소로 바꾼다") }, "\(q.options)")
            }
            if q.prompt.hasPrefix("다음 설명에 해당하는 개념에 대한 설명으로") {
                #expect(!q.options.contains { $0.contains("이것") }, "\(q.options)")
            }
        }
    }
}
