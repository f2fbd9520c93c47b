import Foundation
import NotioCore

/// Measures of a set of questions that make difficulty levels comparable: how many must be
/// written, how many ask for names and definitions, how alike the wrong options are to the right one.
public struct QuizProfile: Sendable, Equatable {
    public var questionCount: Int
    /// Share of short-answer questions, 0…1.
    public var shortShare: Double
    /// Share of `definition` and `name` questions, 0…1.
    public var definitionShare: Double
    /// Mean character-bigram Dice similarity of each distractor to its question's answer, 0…1
    /// (over multiple-choice questions; 0 when there are none).
    public var meanDistractorSimilarity: Double
    /// Share of distractors in the answer's length class (a length that stands out is a clue), 0…1.
    public var sameLengthShare: Double
    /// Share of questions that take two steps: comparison-table cells, and application questions
    /// whose options are descriptions (name the described concept, then know another fact of it), 0…1.
    public var twoStepShare: Double
    /// Mean length of the prompt, in compact characters: how much there is to read.
    public var meanStemLength: Double

    public init(_ questions: [Question]) {
        questionCount = questions.count
        let n = Double(max(questions.count, 1))
        shortShare = Double(questions.filter { $0.kind == .short }.count) / n
        definitionShare = Double(questions.filter { $0.form == .definition || $0.form == .name }.count) / n
        var total = 0.0
        var pairs = 0
        var sameLength = 0
        for q in questions where q.kind == .choice {
            guard let right = q.correctIndex, q.options.indices.contains(right) else { continue }
            let answer = KoreanText.bigrams(q.options[right])
            let answerClass = OptionType(q.options[right]).lengthClass
            for (i, option) in q.options.enumerated() where i != right {
                total += KoreanText.diceCoefficient(answer, KoreanText.bigrams(option))
                if OptionType(option).lengthClass == answerClass { sameLength += 1 }
                pairs += 1
            }
        }
        meanDistractorSimilarity = pairs > 0 ? total / Double(pairs) : 0
        sameLengthShare = pairs > 0 ? Double(sameLength) / Double(pairs) : 0
        twoStepShare = Double(questions.filter { q in
            q.form == .comparison || (q.form == .application && q.kind == .choice && OptionType(q.answer).lengthClass >= 3 && q.answer.contains(" "))
        }.count) / n
        meanStemLength = Double(questions.map { KoreanText.compact($0.prompt).count }.reduce(0, +)) / n
    }
}
