import Foundation

/// A graded answer with the reason the student is shown in the review and the wrong-answer
/// notebook ("띄어쓰기·대소문자를 무시하고 맞았어요", "정답과 달라요"). Worked out again from the
/// question and the stored answer when shown: the matcher is deterministic, so nothing extra is stored.
public struct AnswerVerdict: Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// Written as the answer is.
        case exact
        /// Differs only in spacing, case, width or punctuation.
        case spacingOrCase
        /// Differs by a particle or a copula ending ("스레드입니다").
        case particle
        /// Another spelling the note gives ("Linux" for 리눅스, "Deadlock" for 교착 상태(Deadlock)).
        case otherSpelling(String)
        /// The answer followed by a generic head noun ("PDF 파일"); the noun is given.
        case headNoun(String)
        /// A number word for the number ("세 개" for 3개); the accepted form is given.
        case spelledNumber(String)
        /// One small typo in a longer word.
        case typo
        /// The chosen option is the right one.
        case rightOption
        /// Another option was chosen.
        case otherOption
        /// Nothing was given.
        case blank
        /// Says the opposite (비선점형 for 선점형, "…이 아닌").
        case opposite
        /// Another number.
        case otherNumber
        /// Not the answer.
        case different

        /// Stable code for programs (the API's `reason`).
        public var code: String {
            switch self {
            case .exact: "exact"
            case .spacingOrCase: "spacing_or_case"
            case .particle: "particle"
            case .otherSpelling: "other_spelling"
            case .headNoun: "head_noun"
            case .spelledNumber: "spelled_number"
            case .typo: "typo"
            case .rightOption: "right_option"
            case .otherOption: "other_option"
            case .blank: "blank"
            case .opposite: "opposite"
            case .otherNumber: "other_number"
            case .different: "different"
            }
        }

        /// The text the message is filled with ("Linux", "파일"), if any.
        public var detail: String? {
            switch self {
            case .otherSpelling(let s), .headNoun(let s), .spelledNumber(let s): s
            default: nil
            }
        }

        /// Closer allowances first: the reason shown is the closest that applies.
        var rank: Int {
            switch self {
            case .exact: 0
            case .spacingOrCase: 1
            case .particle: 2
            case .otherSpelling: 3
            case .spelledNumber: 4
            case .headNoun: 5
            case .typo: 6
            default: 9
            }
        }
    }

    public var isCorrect: Bool
    public var reason: Reason

    public init(isCorrect: Bool, reason: Reason) {
        self.isCorrect = isCorrect
        self.reason = reason
    }

    /// The verdict on a stored answer to `question`. A choice is judged by the chosen index; a
    /// short answer by `AnswerMatcher`. `stored` (the grade kept with the attempt) wins if the
    /// matcher has changed since: the reason then falls back to the plain one.
    public static func of(_ question: Question, given: String, choice: Int?, stored: Bool? = nil) -> AnswerVerdict {
        switch question.kind {
        case .choice:
            // The notebook keeps the chosen option's text, not its index.
            guard let chosen = choice ?? question.options.firstIndex(of: given) else { return AnswerVerdict(isCorrect: false, reason: .blank) }
            let right = chosen == question.correctIndex
            return AnswerVerdict(isCorrect: stored ?? right, reason: (stored ?? right) ? .rightOption : .otherOption)
        case .short:
            let verdict = AnswerMatcher().verdict(given: given, answer: question.answer, alternatives: question.alternatives)
            guard let stored, stored != verdict.isCorrect else { return verdict }
            return AnswerVerdict(isCorrect: stored, reason: stored ? .exact : .different)
        }
    }
}
