import Foundation
import NotioCore

/// Checks questions from any provider: exactly one right option among four distinct ones, a
/// `correctIndex` repaired by matching the answer text, no repeats of earlier prompts.
public enum QuestionValidator {
    /// The questions that pass, repaired where they can be; the others are dropped.
    ///
    /// - choice: options trimmed; exactly four options, distinct after normalisation (NFKC, case,
    ///   spaces, punctuation); the right option is the one whose text equals the answer (normalised),
    ///   else the only one `AnswerMatcher` accepts; none or several → dropped. Without an answer
    ///   text a valid `correctIndex` is trusted and its option becomes the answer.
    /// - short: a non-empty answer; options and index cleared.
    /// - any: a non-empty prompt; neither the prompt nor the label (`Question.label`, shown before
    ///   answering) contains the answer or an alternative of it; no junk option; not one of
    ///   `earlierPrompts` and not a repeat of a question (prompt and answer) earlier in the batch.
    public static func validated(_ questions: [Question], avoiding earlierPrompts: [String]) -> [Question] {
        let matcher = AnswerMatcher()
        let earlier = Set(earlierPrompts.map(AnswerMatcher.normalized).filter { !$0.isEmpty })
        var seen = Set<String>()
        var out: [Question] = []
        for original in questions {
            var q = original
            q.prompt = q.prompt.trimmingCharacters(in: .whitespacesAndNewlines)
            q.answer = q.answer.trimmingCharacters(in: .whitespacesAndNewlines)
            q.alternatives = q.alternatives.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            let promptKey = AnswerMatcher.normalized(q.prompt)
            guard !promptKey.isEmpty, !earlier.contains(promptKey) else { continue }
            switch q.kind {
            case .choice:
                q.options = q.options.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                let keys = q.options.map(AnswerMatcher.normalized)
                guard q.options.count == 4, !keys.contains(""), Set(keys).count == 4 else { continue }
                guard let index = rightIndex(q, optionKeys: keys, matcher: matcher) else { continue }
                q.correctIndex = index
                q.answer = q.options[index]
            case .short:
                guard !AnswerMatcher.normalized(q.answer).isEmpty else { continue }
                q.options = []
                q.correctIndex = nil
            }
            guard !leaks(q), !hasJunkOption(q) else { continue }
            guard seen.insert(promptKey + "\u{1F}" + AnswerMatcher.normalized(q.answer)).inserted else { continue }
            out.append(q)
        }
        return out
    }

    /// Whether anything shown before answering — the prompt, the label — contains the answer in
    /// any of its spellings ("커널" or "kernel").
    public static func leaks(_ q: Question) -> Bool {
        let shown = [q.prompt, q.label].compactMap { $0 }
        return shown.contains { text in
            ([q.answer] + q.alternatives).contains { QuizText.reveals(prompt: text, answer: $0) }
        }
    }

    /// Whether an option is not a term or statement a teacher would offer: a function word or an
    /// inflected fragment ("것이", "있나요"), or a catch-all ("모두 정답").
    public static func hasJunkOption(_ q: Question) -> Bool {
        q.kind == .choice && q.options.contains(where: QuizText.isJunkOption)
    }

    /// The index of the one option that is the answer, or nil when none or several are.
    static func rightIndex(_ q: Question, optionKeys: [String], matcher: AnswerMatcher) -> Int? {
        let answerKey = AnswerMatcher.normalized(q.answer)
        if answerKey.isEmpty {
            guard let index = q.correctIndex, q.options.indices.contains(index) else { return nil }
            return index
        }
        let exact = optionKeys.indices.filter { optionKeys[$0] == answerKey }
        if exact.count == 1 { return exact[0] }
        if exact.count > 1 { return nil }
        // Both ways: the option "교착 상태(Deadlock)" carries alternatives that the answer "deadlock" meets.
        let lenient = q.options.indices.filter {
            matcher.isCorrect(given: q.options[$0], answer: q.answer, alternatives: q.alternatives)
                || matcher.isCorrect(given: q.answer, answer: q.options[$0], alternatives: [])
        }
        return lenient.count == 1 ? lenient[0] : nil
    }
}
