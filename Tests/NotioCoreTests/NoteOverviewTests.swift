import Testing
@testable import NotioCore

@Suite struct NoteOverviewTests {
    @Test func theFirstCardsOpeningStatementsInOrder() {
        let concepts = [
            Concept(name: "프로세스", summary: "프로세스는 실행 중인 프로그램이다. 각 프로세스는 주소 공간을 가진다."),
            Concept(name: "스레드는 무엇인가요?", summary: "스레드는 무엇인가요? 스레드는 프로세스 안의 실행 흐름이다."),
            Concept(name: "빈 카드", summary: ""),
            Concept(name: "스케줄링", summary: "스케줄러는 다음에 실행할 프로세스를 고른다."),
            Concept(name: "교착 상태", summary: "교착 상태는 서로의 자원을 기다리는 상태다."),
        ]
        // One opening statement a card, the FAQ's question skipped, at most three.
        #expect(NoteOverview.text(of: concepts) == "프로세스는 실행 중인 프로그램이다. 스레드는 프로세스 안의 실행 흐름이다. 스케줄러는 다음에 실행할 프로세스를 고른다.")
    }

    @Test func aSummaryWithoutAStatementGivesNothing() {
        #expect(NoteOverview.text(of: [Concept(name: "FAQ", summary: "무엇인가요? 어떻게 하나요?")]).isEmpty)
        #expect(NoteOverview.text(of: []).isEmpty)
        // A decimal point or a version is no sentence end.
        #expect(NoteOverview.firstStatement("버전 3.0을 냈다. 다음 해에 고쳤다.") == "버전 3.0을 냈다.")
    }

    @Test func aLongOpeningKeepsTheOverviewShort() {
        let long = String(repeating: "가", count: 300) + "다."
        let concepts = [Concept(name: "a", summary: long), Concept(name: "b", summary: long), Concept(name: "c", summary: "짧다.")]
        #expect(NoteOverview.text(of: concepts) == long + " 짧다.")
    }
}
