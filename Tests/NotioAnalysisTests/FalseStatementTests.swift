import Testing
@testable import NotioAnalysis

/// A false statement swaps a term where the sentence writes it as a word of its own, with the
/// particle after it agreeing with the new word.
struct FalseStatementTests {
    @Test func aTermInsideALongerWordIsNotSwapped() {
        let sentence = "대상연령의 확대됨에 따라 육아휴직신청자의 수가 늘어날 것으로 예상된다."
        #expect(!QuizMaker.standsAlone("육아휴직", in: sentence))
        #expect(QuizMaker.replacing("육아휴직", with: "월급여액", in: sentence) == sentence)
        #expect(!QuizMaker.standsAlone("현행", in: "이 비용은 현행법에 따르면 월50만원이다."))
        #expect(QuizMaker.standsAlone("현행", in: "현행과 같다."))
    }

    @Test func theParticleFollowsTheNewWord() {
        #expect(QuizMaker.replacing("국무총리", with: "국무위원", in: "군인은 현역을 면한 후가 아니면 국무총리로 임명될 수 없다.")
            == "군인은 현역을 면한 후가 아니면 국무위원으로 임명될 수 없다.")
        #expect(QuizMaker.replacing("국회", with: "법률", in: "국회로서 정한다.") == "법률로서 정한다.")
        #expect(QuizMaker.replacing("감사원", with: "국회", in: "감사원은 감사원으로 둔다.") == "국회는 국회로 둔다.")
        #expect(QuizMaker.replacing("정당", with: "국가", in: "정당은 정당을 돕는다.") == "국가는 국가를 돕는다.")
    }
}
