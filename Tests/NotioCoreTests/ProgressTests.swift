import Testing
@testable import NotioCore

struct ProgressTests {
    @Test func learningRateIsBestAccuracy() {
        let p = StudyProgress(attempts: [AttemptScore(correct: 3, total: 10), AttemptScore(correct: 7, total: 10), AttemptScore(correct: 5, total: 10)])
        #expect(p.learningRate == 0.7)
        #expect(p.learningPercent == 70)
        #expect(p.status == .inProgress)
        #expect(p.questionsSolved == 30 && p.wrongCount == 15 && p.attempts == 3)
        #expect(p.overallAccuracy == 0.5)
    }

    @Test func doneAtEightyPercent() {
        #expect(StudyProgress(attempts: [AttemptScore(correct: 4, total: 5)]).status == .done)
        #expect(StudyProgress(attempts: [AttemptScore(correct: 79, total: 100)]).status == .inProgress)
        #expect(StudyProgress(attempts: [AttemptScore(correct: 2, total: 10), AttemptScore(correct: 8, total: 10)]).status == .done)
        #expect(StudyStatus.done.label == "완료" && StudyStatus.inProgress.label == "진행중")
        #expect(StudyStatus.inProgress.rawValue == "in_progress")
    }

    @Test func noAttemptsYet() {
        let p = StudyProgress(attempts: [])
        #expect(p.learningRate == nil && p.status == .inProgress && p.questionsSolved == 0 && p.overallAccuracy == nil)
        #expect(StudyProgress(attempts: [AttemptScore(correct: 0, total: 0)]).attempts == 0)
    }

    /// A retry of wrong answers is practice: 3 of 3 on questions once missed does not make the
    /// note 완료 or raise its learning rate, though it counts as questions solved.
    @Test func retriesOfWrongAnswersDoNotCountTowardsMastery() {
        let p = StudyProgress(attempts: [AttemptScore(correct: 2, total: 10), AttemptScore(correct: 3, total: 3, isFullQuiz: false)])
        #expect(p.learningRate == 0.2)
        #expect(p.status == .inProgress)
        #expect(p.attempts == 2 && p.questionsSolved == 13 && p.wrongCount == 8)
        #expect(StudyProgress(attempts: [AttemptScore(correct: 3, total: 3, isFullQuiz: false)]).learningRate == nil)
    }
}
