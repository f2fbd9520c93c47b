import Foundation
import NotioCore
import Testing
@testable import NotioAnalysis
import NotioMediaEngine

/// A blank's options chosen by how well they fit it (`SlotChoice`, Kiwi's language model).
struct SlotChoiceTests {
    @Test func theWordInTheBlankTakesItsOwnParticle() {
        #expect(QuizText.filled("____이 발생한 경우", with: "비용") == "비용이 발생한 경우")
        #expect(QuizText.filled("____이 발생한 경우", with: "육아휴직자") == "육아휴직자가 발생한 경우")
        #expect(QuizText.filled("○○은(는) 대통령을 보좌하며", with: "국무총리") == "국무총리는 대통령을 보좌하며")
        #expect(QuizText.filled("국무총리의 ____(으)로 대통령이 임명한다.", with: "제청") == "국무총리의 제청으로 대통령이 임명한다.")
        #expect(QuizText.filled("○○은행과 ____를 쓴다", with: "국민") == "국민은행과 국민을 쓴다")
    }

    @Test func theOptionsLikeliestInTheBlankAreChosen() throws {
        let slot = try #require(SlotChoice(prompt: "빈칸에 들어갈 말로 알맞은 것은?\n\n국무위원은 국무총리의 ____(으)로 대통령이 임명한다.", answer: "제청",
                                           candidates: ["감사위원", "정부위원", "국민", "추천", "동의"], shownAnswerWords: []))
        #expect(slot.sentences[0] == "국무위원은 국무총리의 제청으로 대통령이 임명한다.")
        let likelihoods = [-46.4, -64.2, -66.4, -62.2, -51.3, -60.0]
        #expect(slot.distractors(likelihoods: likelihoods, difficulty: .hard) == ["추천", "동의", "국민"])
        // 하 keeps an option far likelier than the key for last.
        #expect(slot.distractors(likelihoods: [-50, -64.2, -66.4, -62.2, -40, -60.0], difficulty: .easy) == ["동의", "국민", "감사위원"])
        // A particle written for the key alone ("____이") takes only options that end as it does.
        let written = try #require(SlotChoice(prompt: "국무총리의 ____이 필요하다.", answer: "제청", candidates: ["추천", "동의", "국회", "감사원", "의결"], shownAnswerWords: []))
        #expect(written.distractors(likelihoods: [-40, -41, -42, -43, -44, -45], difficulty: .medium) == ["추천", "감사원", "의결"])
        #expect(SlotChoice(prompt: "다음 중 옳은 것은?", answer: "제청", candidates: ["추천", "동의", "국회", "감사원"], shownAnswerWords: []) == nil)
    }

    /// The judged faults of c714344: options no reader would consider in the sentence.
    @Test func kiwiTellsWhichWordsFitABlank() throws {
        let model = try #require(OfflineFixtures.languageModel, "make test builds Kiwi and its model")
        func likelier(_ passage: String, _ fits: String, than misfits: [String]) throws {
            let fit = try model.logLikelihood(of: QuizText.filled(passage, with: fits))
            for other in misfits {
                #expect(try model.logLikelihood(of: QuizText.filled(passage, with: other)) < fit, "\(passage): \(fits) vs \(other)")
            }
        }
        try likelier("국무위원은 국무총리의 ____으로 대통령이 임명한다.", "제청", than: ["감사위원", "정부위원", "국민"])
        try likelier("육아휴직이 가능한 자녀의 ____을 만 8세 이하로 개정하려는 것임.", "연령", than: ["공무원", "월급여액", "비용"])
        try likelier("____는 대통령을 보좌하며, 행정에 관하여 대통령의 명을 받아 행정각부를 통할한다.", "국무총리", than: ["공공단체", "직무범위"])
        try likelier("____가 발생한 경우 대체인력을 주로 임용대기자 또는 일용직을 활용하는 것으로 보인다.", "근로자", than: ["추가 재정소요", "공무원"])
    }

    /// On documents of four families, worked on and held out: as many questions (the model
    /// changes no supply), and fewer of their options are ones the blank plainly refuses.
    @Test(arguments: ["bill-1809890", "law-constitution-1", "slides-gimp-concepts", "faq-basic-defs"])
    func optionsChosenByTheModelFitTheirBlank(_ name: String) async throws {
        let model = try #require(OfflineFixtures.languageModel, "make test builds Kiwi and its model")
        let (document, note) = try await DocumentFamiliesTests().study(name)
        var before = 0, after = 0
        for level in Difficulty.allCases {
            let request = QuizRequest(analysis: note, pages: document.pages, difficulty: level, count: 30, seed: 1)
            let plain = OfflineQuizGenerator().questions(for: request)
            let chosen = try await OfflineQuizGenerator().questions(for: request, languageModel: model)
            #expect(chosen.count == plain.count, "\(name) \(level): \(plain.count) questions without the model, \(chosen.count) with it")
            before += try Self.misfits(plain, model)
            after += try Self.misfits(chosen, model)
        }
        #expect(after < before, "\(name): \(before) options the blank refuses before, \(after) after")
    }

    /// Options of blanked or masked choice questions far less likely in the sentence than the key
    /// (10 in natural log, about what 국민 loses to 제청 in "국무총리의 ____으로 대통령이 임명한다").
    static func misfits(_ questions: [Question], _ model: KiwiLanguageModel) throws -> Int {
        var count = 0
        for q in questions where q.kind == .choice {
            guard let slot = SlotChoice(prompt: q.prompt, answer: q.answer, candidates: q.options.filter { $0 != q.answer }, shownAnswerWords: []) else { continue }
            let likelihoods = try slot.sentences.map { try model.logLikelihood(of: $0) }
            count += likelihoods.dropFirst().filter { likelihoods[0] - $0 > 10 }.count
        }
        return count
    }
}
