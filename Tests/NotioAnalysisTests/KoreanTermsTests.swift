import Foundation
import NotioCore
import Testing
@testable import NotioAnalysis

/// Keywords are noun phrases and definitions define the concept (issue 13, points 4 and 9).
@Suite struct KoreanTermsTests {
    /// Words seen as "keywords" in generated quizzes that are no terms at all.
    static let junk: Set<String> = ["것이", "있나요", "너무", "오래", "얻기", "바와", "이나", "큐에", "것", "수", "때"]

    func analyse(_ text: String) async throws -> NoteAnalysis {
        try await OfflineFixtures.analyse(ExtractedDocument(pages: [SourcePage(number: 1, text: text)]))
    }

    func expectTerms(_ analysis: NoteAnalysis) {
        let terms = analysis.keywords.map(\.term)
        #expect(terms.count <= 12, "keywords: \(terms)")
        for term in terms + analysis.keywords.flatMap(\.relatedTerms) {
            #expect(!Self.junk.contains(term), "junk term \(term) in \(terms)")
            // A Hangul term never ends in a particle the document put after it.
            if let last = term.split(separator: " ").last, KoreanText.containsHangul(String(last)) {
                #expect(!["은", "는", "을", "를", "에", "의", "와", "과", "요"].contains(String(last.last!)), "inflected \(term)")
            }
        }
    }

    @Test func aLectureOnSchedulingHasNounTermsAndKeepsTwoWordTermsTogether() async throws {
        let text = """
            1. CPU 스케줄링
            CPU 스케줄링은 준비 큐에 있는 프로세스 가운데 다음에 실행할 것을 고르는 일을 말한다. 큐에 들어온 순서대로 고르는 방식이 선입선출이다.
            라운드 로빈 스케줄링은 각 프로세스에게 같은 시간 할당량을 준다. 라운드 로빈 방식에서 시간 할당량이 너무 크면 선입선출과 같아진다.
            시간 할당량이 너무 작으면 문맥 교환이 자주 일어난다. 문맥 교환의 비용은 작지 않은 것이 문제이다.
            라운드 로빈은 응답 시간을 얻기 위해 쓰는 방식이다. 큐는 프로세스를 담는 자료 구조이다. 큐의 맨 앞 프로세스가 먼저 실행된다.
            우선순위 스케줄링에서는 우선순위가 낮은 프로세스가 오래 기다릴 수 있다. 오래 기다린 프로세스의 우선순위를 높이는 바와 같은 방법을 에이징이라고 한다.
            어떤 스케줄링이 가장 좋은가요? 응답 시간이나 처리량 가운데 무엇을 중요하게 여기는지에 따라 달라지는 것이 있나요?
            문맥 교환은 실행 중인 프로세스의 상태를 저장하고 다음 프로세스의 상태를 복원하는 일이다.
            """
        let analysis = try await analyse(text)
        expectTerms(analysis)
        let terms = analysis.keywords.map(\.term)
        #expect(terms.contains("라운드 로빈"), "keywords: \(terms)")
        #expect(terms.contains("문맥 교환"), "keywords: \(terms)")
        #expect(!terms.contains("로빈") && !terms.contains("교환"), "keywords: \(terms)")
        #expect(terms.contains("프로세스"), "keywords: \(terms)")
    }

    @Test func aParticleComesOffAOneSyllableNounTheDocumentUsesAsANoun() {
        let vocabulary = TermVocabulary()
        vocabulary.learnNouns(from: ["큐에 넣는다. 큐를 비운다. 큐의 길이. 것이 있다. 국가는 크다."])
        let ids = vocabulary.terms("큐에 것이 국가는")
        #expect(ids.map { vocabulary.forms[$0] } == ["큐", "것이", "국가"])
        #expect(!vocabulary.isKeyword(ids[1]))
    }

    @Test func keywordsOfARealKoreanHelpTextAreTerms() async throws {
        let url = OfflineFixtures.folder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("NotioMediaTests/Fixtures/korean-help-print.txt")
        let analysis = try await analyse(try String(contentsOf: url, encoding: .utf8))
        expectTerms(analysis)
        let terms = analysis.keywords.map(\.term)
        print("Keywords of korean-help-print.txt: \(terms)")
        #expect(terms.count >= 6, "keywords: \(terms)")
        #expect(terms.contains { $0.contains(" ") }, "no two-word term in \(terms)")
    }

    @Test func aDefinitionSaysWhatTheConceptIs() {
        #expect(DefinitionFinder.definedTerm(in: "프로세스는 실행 중인 프로그램이다.") == "프로세스")
        #expect(DefinitionFinder.definedTerm(in: "스레드란 프로세스 안에서 실행되는 흐름의 단위이다.") == "스레드")
        #expect(DefinitionFinder.definedTerm(in: "CPU 스케줄링은 다음에 실행할 프로세스를 고르는 일을 말한다.") == "CPU 스케줄링")
        // Sentences ending in 다 that define nothing.
        #expect(DefinitionFinder.definedTerm(in: "운영체제는 프로세스마다 독립된 주소 공간을 할당한다.") == nil)
        #expect(DefinitionFinder.definedTerm(in: "프로세스란 무엇인가?") == nil)
        #expect(DefinitionFinder.definedTerm(in: "이 방식은 나중에 다시 쓰일 것이다.") == nil)
        #expect(DefinitionFinder.definedTerm(in: "이 명령은 새로운 문단을 시작하지 않고 줄을 나누는 명령이다.") == nil)
        #expect(DefinitionFinder.definedTerm(in: "LATEX은 구조를 쓰도록 유도한다. 구조를 명시하는 것이 기본이다.") == nil)
        #expect(DefinitionFinder.definedTerm(in: "Vectors are the most important type of object in R.") == nil)
        #expect(DefinitionFinder.defines("CPU 스케줄링", concept: "스케줄링"))
        #expect(DefinitionFinder.defines("프로세스", concept: "프로세스란 무엇인가요?"))
        #expect(!DefinitionFinder.defines("운영체제", concept: "스레드"))
    }

    @Test func aSectionWithoutADefinitionOfItsConceptGetsNone() async throws {
        let text = """
            1. 스레드
            운영체제는 프로세스마다 주소 공간을 따로 두는 프로그램이다. 한 프로세스 안의 스레드들은 코드와 데이터를 함께 쓴다.
            스레드들은 스택을 따로 가진다. 스레드 사이의 전환은 프로세스 사이의 전환보다 빠르다.
            """
        let analysis = try await analyse(text)
        let concept = try #require(analysis.concepts.first)
        #expect(concept.definition == nil, "definition: \(concept.definition ?? "")")
    }
}
