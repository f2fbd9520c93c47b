import Foundation

/// 하 / 중 / 상.
public enum Difficulty: String, Codable, Sendable, CaseIterable {
    case easy, medium, hard

    public var label: String {
        switch self {
        case .easy: "하"
        case .medium: "중"
        case .hard: "상"
        }
    }
}

public enum QuestionKind: String, Codable, Sendable, CaseIterable {
    case choice, short
}

/// What a question asks about; difficulty levels use different forms.
public enum QuestionForm: String, Codable, Sendable, CaseIterable {
    /// "Which concept is defined as …?" / "What is the definition of …?"
    case definition
    /// Name the concept from a description.
    case name
    /// Complete a key sentence with the blanked term.
    case cloze
    /// Apply a concept: which statement fits this concept.
    case application
    /// A detail of a key point.
    case detail
    /// A cell of a comparison table.
    case comparison
}

/// One question of a quiz, answer included (never sent to the client before grading).
public struct Question: Codable, Sendable, Hashable {
    public var id: String
    public var kind: QuestionKind
    public var form: QuestionForm
    public var prompt: String
    /// Exactly four distinct options for `choice`; empty for `short`.
    public var options: [String]
    /// Index of the right option for `choice`.
    public var correctIndex: Int?
    /// The right answer as text (the right option for `choice`).
    public var answer: String
    /// Other answers a fair teacher accepts for `short`.
    public var alternatives: [String]
    public var conceptId: String?
    /// The concept the question is about; shown before answering only as `label`.
    public var conceptName: String
    public var page: Int?
    public var explanation: String?

    public init(id: String = UUID().uuidString.lowercased(), kind: QuestionKind, form: QuestionForm, prompt: String,
                options: [String] = [], correctIndex: Int? = nil, answer: String, alternatives: [String] = [],
                conceptId: String? = nil, conceptName: String, page: Int? = nil, explanation: String? = nil) {
        self.id = id; self.kind = kind; self.form = form; self.prompt = prompt; self.options = options
        self.correctIndex = correctIndex; self.answer = answer; self.alternatives = alternatives
        self.conceptId = conceptId; self.conceptName = conceptName; self.page = page; self.explanation = explanation
    }
}

extension Question {
    /// The text shown with the question before it is answered: the concept's name as a topic
    /// chip, for the forms that ask about a concept rather than for it (a detail, a comparison);
    /// nil for the others, whose answer the name may be ("definition" covers both "what is X?"
    /// and "which concept is defined so?"). `QuestionValidator` refuses a question whose label
    /// contains its answer, so a label never gives it away.
    public var label: String? {
        switch form {
        case .detail, .comparison:
            let name = conceptName.trimmingCharacters(in: .whitespacesAndNewlines)
            return name.isEmpty ? nil : name
        case .definition, .name, .cloze, .application:
            return nil
        }
    }
}
