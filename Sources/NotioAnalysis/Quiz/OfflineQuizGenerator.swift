import Foundation
import NotioCore

/// Makes quiz questions from a note without any model: definitions, cloze sentences, key-point
/// details and comparisons, with distractors chosen by difficulty.
///
/// - 하: names and definitions; distractors are the concepts least like the answer.
/// - 중: cloze of key sentences and application of concepts; distractors drawn at random.
/// - 상: comparison-table cells, two-step application (name the concept a description defines,
///   then recognise another fact about it) and numeric details; distractors are the nearest
///   neighbours (character-bigram similarity, shared section or table row); more short answers.
///
/// At every level a distractor is of the answer's type: a number with the same unit, a term of
/// the same script (Hangul or Latin) and never a function word, a description for a
/// description, all drawn from the same note, of the answer's length class where the note has
/// them. A blank falls only on a content term, the note's rarest in the sentence (then the
/// longest); when a particle follows the blank, the options agree with it (은/는, 이/가, 을/를 by
/// the final consonant) or the particle is written both ways ("은(는)"). No two questions of a
/// quiz come from the same sentence.
///
/// Deterministic for a given request: the seed rotates concepts, sentences and option order, and
/// prompts in `avoidPrompts` are never asked again.
public struct OfflineQuizGenerator: Sendable {
    /// The most questions one quiz asks.
    public static let maximumCount = 30

    public init() {}

    public func questions(for request: QuizRequest) -> [Question] {
        var maker = QuizMaker(request: request)
        return maker.make()
    }

    /// The same questions, with each blank's options the ones `languageModel` finds fit it
    /// best among those the note offers (`SlotChoice`): a reader finds the key of "____가 발생한
    /// 경우 대체인력을 …" without reading when beside it stand 초등학교 and 추가 재정소요. When the
    /// model cannot be asked, the questions are those of `questions(for:)`.
    public func questions(for request: QuizRequest, languageModel: any KoreanLanguageModel) async throws -> [Question] {
        var maker = QuizMaker(request: request)
        maker.recordsSlots = true
        var questions = maker.make()
        let asked = questions.compactMap { question in maker.slotChoices[question.id].map { (question, $0) } }
        guard !asked.isEmpty else { return questions }
        let sentences = asked.flatMap { $0.1.sentences }
        let likelihoods: [Double]
        do {
            likelihoods = try await languageModel.logLikelihoods(sentences)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // Any other failure (no model, a worker gone): the chooser's own options stand.
            return questions
        }
        guard likelihoods.count == sentences.count else { return questions }
        var offset = 0
        var rechosen: [String: Question] = [:]
        for (question, slot) in asked {
            let count = slot.sentences.count
            rechosen[question.id] = slot.rechosen(question, likelihoods: Array(likelihoods[offset..<offset + count]), difficulty: request.difficulty)
            offset += count
        }
        for index in questions.indices {
            guard let question = rechosen[questions[index].id], question != questions[index],
                  QuizMaker.passesValidation(question, avoiding: request.avoidPrompts) else { continue }
            questions[index] = question
        }
        return questions
    }
}

/// What each level asks: shares of forms, forms to fall back on, share of short answers.
struct LevelPlan {
    var preferred: [(form: QuestionForm, share: Double)]
    var fallback: [QuestionForm]
    var shortShare: Double

    static func plan(for difficulty: Difficulty) -> LevelPlan {
        switch difficulty {
        case .easy:
            LevelPlan(preferred: [(.name, 0.55), (.definition, 0.45)],
                      fallback: [.application, .cloze, .detail, .comparison], shortShare: 0.10)
        case .medium:
            LevelPlan(preferred: [(.cloze, 0.6), (.application, 0.4)],
                      fallback: [.detail, .name, .comparison, .definition], shortShare: 0.25)
        case .hard:
            // Comparisons and two-step applications first; numeric details next. Cloze, 중's
            // form, only when the note has nothing else to ask.
            LevelPlan(preferred: [(.comparison, 0.35), (.application, 0.35), (.detail, 0.3)],
                      fallback: [.cloze, .name, .definition], shortShare: 0.40)
        }
    }
}

/// One question before its distractors are chosen.
struct Candidate {
    enum Pool {
        /// Other concepts' names.
        case conceptNames
        /// Other concepts' definitions, names masked.
        case definitions
        /// Terms of the note not visible in the sentence.
        case terms
        /// Nearby numbers with the same unit.
        case numbers(Int, unit: String)
        /// Other cells of the comparison table; the same aspect of other things first.
        case cells(table: ComparisonTable, row: Int, column: Int, thingsInColumns: Bool)
        /// Other concepts' key points, names masked: for two-step application.
        case keyPoints
    }

    var form: QuestionForm
    var concept: Int
    var prompt: String
    /// The prompt when asked as a short answer; nil when the answer is too long to write.
    var shortPrompt: String?
    var answer: String
    var alternatives: [String] = []
    var pool: Pool
    /// The sentence the question is made from: one question per sentence in a quiz.
    var source: String
    /// Other sentences the question uses (a two-step question's description).
    var alsoFrom: [String] = []
    /// Lower comes first among a concept's candidates of one form (상's numbers before terms).
    var priority = 0
    /// Asked only as a short answer: the words around the blank say what kind of thing fills it
    /// (`QuizText.blankShowsKind`), so options of other kinds would be ruled out unread.
    var writtenOnly = false
}

struct QuizMaker {
    let request: QuizRequest
    var material: QuizMaterial
    var rng: SeededGenerator
    let avoid: Set<String>
    var usedKeys = Set<String>()
    /// How often each answer was a form's key in this quiz (`usesPerAnswer(_:)`).
    var answerUses: [String: Int] = [:]
    let plan: LevelPlan
    /// Each concept's key points as options (`maskedFact`), made once per quiz on first need.
    private var factsCache: [[(fact: String, key: String)]]?
    /// Whether term questions keep more options than they show, for a language model to choose
    /// the three that fit their blank (`slotChoices`).
    var recordsSlots = false
    /// Per question id, when `recordsSlots`: the options its blank may take instead.
    var slotChoices: [String: SlotChoice] = [:]
    /// The options of the last `distractors(for:)`, the three chosen first.
    private var slotCandidates: [String] = []

    init(request: QuizRequest) {
        self.request = request
        material = RecentQuizMaterial.material(analysis: request.analysis, pages: request.pages)
        let levelSalt: UInt64 = switch request.difficulty { case .easy: 0x11; case .medium: 0x22; case .hard: 0x33 }
        rng = SeededGenerator(seed: request.seed ^ (levelSalt << 56))
        avoid = Set(request.avoidPrompts.map(KoreanText.compact))
        plan = LevelPlan.plan(for: request.difficulty)
    }

    mutating func make() -> [Question] {
        let wanted = min(max(request.count, 1), OfflineQuizGenerator.maximumCount)
        guard !material.concepts.isEmpty else { return [] }
        var queues: [QuestionForm: [Candidate]] = [:]
        // Sentences earlier quizzes of the note asked are not asked again in another form: the
        // same sentence blanked at 하 and masked at 중 is one question twice to the student.
        let asked = askedPassagePieces()
        for form in plan.preferred.map(\.form) + plan.fallback {
            queues[form] = candidates(form).filter { !wasAsked($0, pieces: asked) }
        }

        var picked: [(question: Question, candidate: Candidate)] = []
        func take(_ form: QuestionForm, upTo limit: Int, maker: inout QuizMaker) {
            var taken = 0
            while taken < limit, picked.count < wanted, var queue = queues[form], !queue.isEmpty {
                let candidate = queue.removeFirst()
                queues[form] = queue
                if let question = maker.realise(candidate) {
                    picked.append((question, candidate))
                    taken += 1
                }
            }
        }
        for (form, share) in plan.preferred {
            take(form, upTo: Int((Double(wanted) * share).rounded(.up)), maker: &self)
        }
        for form in plan.preferred.map(\.form) + plan.fallback {
            take(form, upTo: wanted, maker: &self)
        }

        // What the careful forms leave unasked, the level's scored questions fill, best first.
        if picked.count < wanted {
            var taken = Set(picked.flatMap { ([$0.candidate.source] + $0.candidate.alsoFrom).map(KoreanText.compact) })
            for scored in scoredQuestions() where picked.count < wanted {
                let keys = scored.sources.map(KoreanText.compact)
                let candidate = scored.candidate ?? Candidate(form: scored.question.form, concept: material.concepts.firstIndex { $0.concept.id == scored.question.conceptId } ?? 0,
                                                              prompt: scored.question.prompt, shortPrompt: nil, answer: scored.question.answer, pool: .terms,
                                                              source: scored.sources[0], alsoFrom: Array(scored.sources.dropFirst()))
                guard keys.allSatisfy({ !taken.contains($0) }), !avoid.contains(KoreanText.compact(scored.question.prompt)),
                      !wasAsked(candidate, pieces: asked) else { continue }
                let question: Question
                if scored.candidate != nil {
                    guard let realised = realise(candidate) else { continue }
                    question = realised
                } else {
                    guard Set(scored.question.options.map(KoreanText.compact)).count == scored.question.options.count,
                          Self.passesValidation(scored.question, avoiding: request.avoidPrompts) else { continue }
                    question = scored.question
                }
                taken.formUnion(keys)
                picked.append((question, candidate))
            }
        }

        // Short answers: the level's share of the questions that can be written as a word.
        let shortTarget = Int((Double(picked.count) * plan.shortShare).rounded())
        var shortCount = picked.filter { $0.question.kind == .short }.count
        var eligible = picked.indices.filter { picked[$0].question.kind == .choice && picked[$0].candidate.shortPrompt != nil
            && QuizText.isWritable(picked[$0].candidate.answer) }
        eligible.shuffle(using: &rng)
        for index in eligible where shortCount < shortTarget {
            // The answers `realise` found right besides the key (the other script's spelling, the
            // whole word a blank cuts, a term's head) go with it: written, they are right too.
            var candidate = picked[index].candidate
            candidate.alternatives = picked[index].question.alternatives
            picked[index].question = shortQuestion(candidate)
            shortCount += 1
        }
        var questions = picked.map(\.question)
        questions.shuffle(using: &rng)
        return QuestionValidator.validated(questions, avoiding: request.avoidPrompts)
    }

    // MARK: - Candidates

    /// The passages of earlier prompts, cut at their blanks and masks into compact pieces long
    /// enough to recognise their sentence by (8 letters or more).
    func askedPassagePieces() -> [String] {
        request.promptsAtThisLevel.flatMap { prompt -> [String] in
            guard let range = prompt.range(of: "\n\n", options: .backwards) else { return [] }
            let passage = prompt[range.upperBound...]
            // Cut at brackets too: a particle written both ways ("____을(를) 선택하여") is no text of the sentence.
            return passage.replacingOccurrences(of: QuizText.nameMask, with: QuizText.blank)
                .replacingOccurrences(of: "(", with: QuizText.blank).replacingOccurrences(of: ")", with: QuizText.blank)
                .components(separatedBy: QuizText.blank).map(KoreanText.compact).filter { $0.count >= 8 }
        }
    }

    /// Whether a candidate's sentences were the passage of an earlier prompt.
    func wasAsked(_ c: Candidate, pieces: [String]) -> Bool {
        guard !pieces.isEmpty else { return false }
        return ([c.source] + c.alsoFrom).contains { sentence in
            let key = KoreanText.compact(sentence)
            return pieces.contains { KoreanText.contains(key, $0) }
        }
    }

    /// Every candidate of a form, concepts rotated by the seed and taken in turn.
    mutating func candidates(_ form: QuestionForm) -> [Candidate] {
        var perConcept: [[Candidate]] = material.concepts.indices.map { conceptCandidates(form, $0) }
        for i in perConcept.indices {
            perConcept[i].shuffle(using: &rng)
            perConcept[i] = perConcept[i].enumerated().sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }.map(\.element)
        }
        var order = Array(perConcept.indices)
        order.shuffle(using: &rng)
        var out: [Candidate] = []
        var round = 0
        while true {
            var any = false
            for i in order where round < perConcept[i].count {
                out.append(perConcept[i][round])
                any = true
            }
            if !any { break }
            round += 1
        }
        return out
    }

    func conceptCandidates(_ form: QuestionForm, _ index: Int) -> [Candidate] {
        let entry = material.concepts[index]
        let names = entry.names
        let answerName = entry.display
        let nameKeys = entry.nameKeys
        let answerNameKey = KoreanText.compact(answerName)
        let alternatives = names.indices.filter { nameKeys[$0] != answerNameKey }.map { names[$0] }
        switch form {
        case .name:
            var texts = [entry.definition].compactMap { $0 }
            texts += QuizText.sentences(entry.concept.summary).filter { $0 != entry.definition }.prefix(2)
            return texts.compactMap { text in
                guard let masked = QuizText.maskWhole(text, terms: names, with: QuizText.nameMask),
                      masked != text || !QuizText.reveals(prompt: text, answer: answerName) else { return nil }
                guard QuizText.hasContext(masked), masked != text || !entry.coversDocument, material.mayDescribe(text, concept: index),
                      !QuizText.masksBeforeKindWord(masked), !QuizText.isVague(masked),
                      material.singlesOut(text, concept: index), !QuizText.bracketsMask(masked),
                      material.tellsFromSiblings(masked, concept: index) else { return nil }
                return Candidate(form: .name, concept: index,
                                 prompt: "다음 설명에 해당하는 개념은?\n\n\(masked)",
                                 shortPrompt: "다음 설명에 해당하는 개념을 쓰시오.\n\n\(masked)",
                                 answer: answerName, alternatives: alternatives, pool: .conceptNames, source: text)
            }
        case .definition:
            // Every other concept's definition is true of the document's own subject too.
            guard !entry.coversDocument, let definition = maskedDefinition(index) else { return [] }
            return [Candidate(form: .definition, concept: index,
                              prompt: "다음 중 ‘\(entry.display)’에 대한 설명으로 옳은 것은?",
                              shortPrompt: nil, answer: definition, pool: .definitions, source: entry.definition ?? definition)]
        case .application:
            let twoStep = request.difficulty == .hard ? twoStepCandidates(index) : []
            return twoStep + entry.concept.keyPoints.flatMap(QuizText.sentences).compactMap { point in
                guard let masked = QuizText.maskWhole(point, terms: names, with: QuizText.nameMask) else { return nil }
                // A sentence that does not name the document's subject belongs to it only as every sentence does.
                guard QuizText.hasContext(masked), masked != point || !entry.coversDocument, material.mayDescribe(point, concept: index),
                      !QuizText.masksBeforeKindWord(masked), !QuizText.isVague(masked),
                      material.singlesOut(point, concept: index), !QuizText.bracketsMask(masked),
                      material.tellsFromSiblings(masked, concept: index) else { return nil }
                return Candidate(form: .application, concept: index,
                                 prompt: "다음 내용과 가장 관련 있는 개념은?\n\n\(masked)",
                                 shortPrompt: "다음 내용과 가장 관련 있는 개념을 쓰시오.\n\n\(masked)",
                                 answer: answerName, alternatives: alternatives, pool: .conceptNames, source: point,
                                 priority: 1)
            }
        case .cloze:
            return entry.keySentences.compactMap { sentence in
                guard material.isAskable(sentence) else { return nil }
                let key = KoreanText.compact(sentence)
                let ownName = names.indices.filter { KoreanText.contains(key, nameKeys[$0]) && QuizText.isContentTerm(names[$0]) }
                    .map { names[$0] }.max { $0.count < $1.count }
                let term = ownName ?? blankTerm(in: sentence, excludingConcept: nil)
                guard let term else { return nil }
                let masks = ownName != nil ? names : [term]
                guard let blanked = QuizText.maskWhole(sentence, terms: masks, with: QuizText.blank), QuizText.isFairBlank(blanked), material.anchorsBlank(blanked) else { return nil }
                // The concept's own name blanked asks "which concept": another that the sentence
                // fits as well is a second answer ("____에는 값 0이 내부적으로 할당됩니다").
                // A sibling ("Integer 변수" beside "Long Integer 변수") that no word of it rules out is one too.
                if ownName != nil, material.anotherConceptFits(sentence, besides: index) { return nil }
                if siblingFits(term, blanked) || (ownName != nil && QuizText.isVague(blanked)) { return nil }
                // Another term's blank needs words that point at it ("____과 공개 키는 문서와 함께 저장됩니다" has one).
                if ownName == nil, !QuizText.pinsBlank(blanked, written: false) { return nil }
                let written = ownName != nil || mayBeWritten(term, blanked)
                guard written || !QuizText.blankShowsKind(blanked) else { return nil }
                return Candidate(form: .cloze, concept: index,
                                 prompt: "빈칸에 들어갈 말로 알맞은 것은?\n\n\(blanked)",
                                 shortPrompt: written ? "빈칸에 들어갈 말을 쓰시오.\n\n\(blanked)" : nil,
                                 answer: ownName != nil ? answerName : term,
                                 alternatives: ownName != nil ? alternatives : [], pool: .terms, source: sentence,
                                 writtenOnly: QuizText.blankShowsKind(blanked))
            }
        case .detail:
            let points = entry.concept.keyPoints.flatMap(QuizText.sentences)
            let sentences = points.isEmpty ? Array(entry.keySentences.dropFirst()) : points
            let header = "다음은 ‘\(entry.display)’에 관한 설명이다."
            return sentences.flatMap { sentence -> [Candidate] in
                var out: [Candidate] = []
                guard material.isAskable(sentence) else { return out }
                if let number = NumberBlank(sentence), QuizText.hasContext(number.blanked), !QuizText.isCut(sentence) {
                    out.append(Candidate(form: .detail, concept: index,
                                         prompt: "\(header) 빈칸에 들어갈 값으로 옳은 것은?\n\n\(number.blanked)",
                                         shortPrompt: "\(header) 빈칸에 들어갈 값을 쓰시오.\n\n\(number.blanked)",
                                         answer: number.answer, pool: .numbers(number.value, unit: number.unit), source: sentence,
                                         priority: 0))
                }
                if let term = blankTerm(in: sentence, excludingConcept: index),
                   case let termKey = KoreanText.compact(term),
                   !nameKeys.contains(where: { KoreanText.contains($0, termKey) }),
                   let blanked = QuizText.maskWhole(sentence, terms: [term], with: QuizText.blank), QuizText.isFairBlank(blanked),
                   material.anchorsBlank(blanked), QuizText.pinsBlank(blanked, written: false), !siblingFits(term, blanked),
                   case let written = mayBeWritten(term, blanked), written || !QuizText.blankShowsKind(blanked) {
                    out.append(Candidate(form: .detail, concept: index,
                                         prompt: "\(header) 빈칸에 들어갈 말로 가장 알맞은 것은?\n\n\(blanked)",
                                         shortPrompt: written ? "\(header) 빈칸에 들어갈 말을 쓰시오.\n\n\(blanked)" : nil,
                                         answer: term, pool: .terms, source: sentence, priority: 1, writtenOnly: QuizText.blankShowsKind(blanked)))
                }
                return out
            }
        case .comparison:
            guard let table = entry.concept.comparison, table.columns.count >= 2 else { return [] }
            let byColumns = entry.thingsInColumns
            let rows = table.rows.filter { $0.count == table.columns.count }
            let thingNames = byColumns ? Array(table.columns.dropFirst()) : rows.map { $0[0] }
            guard thingNames.count >= 2 else { return [] }
            let things = thingNames.map { "‘\($0)’" }.joined(separator: ", ")
            var out: [Candidate] = []
            for (r, row) in table.rows.enumerated() where row.count == table.columns.count {
                for column in 1..<row.count {
                    let cell = row[column].trimmingCharacters(in: .whitespaces)
                    let cellKey = KoreanText.compact(cell)
                    // A cell equal to another of the same aspect cannot be asked: two options would be right.
                    let sameAspect = byColumns ? Array(row.dropFirst()) : rows.map { $0[column] }
                    guard !cellKey.isEmpty, sameAspect.filter({ KoreanText.compact($0) == cellKey }).count == 1 else { continue }
                    let (thing, aspect) = byColumns ? (table.columns[column], row[0]) : (row[0], table.columns[column])
                    let lead = "다음은 \(things)의 비교이다. ‘\(thing)’의 ‘\(aspect)’"
                    out.append(Candidate(form: .comparison, concept: index,
                                         prompt: "\(lead)에 해당하는 것은?",
                                         shortPrompt: cellKey.count <= 8 && !cell.contains(where: \.isWhitespace) ? "\(lead)을(를) 쓰시오." : nil,
                                         answer: cell, pool: .cells(table: table, row: r, column: column, thingsInColumns: byColumns),
                                         source: "\(entry.concept.id)|\(r)|\(column)"))
                }
            }
            return out
        }
    }

    /// The definition with the concept's own name masked, as an option text.
    func maskedDefinition(_ index: Int) -> String? {
        let entry = material.concepts[index]
        // Only a sentence the analyser found defining the concept ("X는 …이다"): a summary's first
        // sentence is true of it without saying what it is, and as a distractor it may be true of the key too.
        guard let definition = entry.definition, let found = entry.concept.definition,
              KoreanText.compact(found) == KoreanText.compact(definition), material.isAskable(definition) else { return nil }
        let masked = QuizText.withoutNameMask(QuizText.mask(definition, terms: entry.names, with: QuizText.nameMask))
        return KoreanText.compact(masked).count >= 6 ? masked : nil
    }

    /// 상's two-step application: the concept is described (its definition, name masked), and the
    /// options are facts; the right one is another key point of that concept. Naming the concept
    /// is the first step, knowing what else holds for it the second.
    func twoStepCandidates(_ index: Int) -> [Candidate] {
        let entry = material.concepts[index]
        guard !entry.coversDocument, let definition = entry.definition, material.isAskable(definition) else { return [] }
        let described = QuizText.mask(definition, terms: entry.names, with: QuizText.nameMask)
        guard described != definition || !QuizText.reveals(prompt: definition, answer: entry.display), !QuizText.isVague(described) else { return [] }
        // The first step must have one answer: a description another concept's text also gives
        // ("…소수점 이하 자릿수가 다음 정수로 반올림됩니다" of Integer and Long Integer alike) has two.
        guard !material.anotherConceptFits(definition, besides: index), material.tellsFromSiblings(described, concept: index) else { return [] }
        let definitionKey = KoreanText.compact(definition)
        return entry.concept.keyPoints.flatMap(QuizText.sentences).compactMap { point in
            guard KoreanText.compact(point) != definitionKey, let fact = maskedFact(point, of: index) else { return nil }
            return Candidate(form: .application, concept: index,
                             prompt: "다음 설명에 해당하는 개념에 대한 설명으로 옳은 것은?\n\n\(described)",
                             shortPrompt: nil, answer: fact, pool: .keyPoints, source: point, alsoFrom: [definition], priority: 0)
        }
    }

    /// Every concept's key points as options, with their compact keys.
    mutating func allFacts() -> [[(fact: String, key: String)]] {
        if let factsCache { return factsCache }
        let facts = material.concepts.indices.map { j in
            material.concepts[j].concept.keyPoints.flatMap(QuizText.sentences).compactMap { point in
                maskedFact(point, of: j).map { ($0, KoreanText.compact($0)) }
            }
        }
        factsCache = facts
        return facts
    }

    /// A key point as an option: every name of its concept masked, then the mask dropped or read
    /// as "이것", as all description options are.
    func maskedFact(_ point: String, of index: Int) -> String? {
        guard let masked = QuizText.maskWhole(point, terms: material.concepts[index].names, with: QuizText.nameMask) else { return nil }
        // A sentence that does not name its concept may be true of any other ("LibreOffice Basic은
        // 네 가지 변수 클래스를 지원합니다" under 'decimal 변수'): as the key it could be wrong, as a
        // distractor right. Only facts stated of the concept by name are options.
        guard masked != point, material.isAskable(point), QuizText.statesOfMask(masked) else { return nil }
        let fact = QuizText.withoutNameMask(masked)
        return KoreanText.compact(fact).count >= 6 && !QuizText.carriesMask(fact) ? fact : nil
    }

    /// How alike two terms' places must be to call them plainly of one kind (`TermContexts.fit`).
    static let plainKindFit = 0.3

    /// Whether `option` is plainly of `answer`'s kind: written in very like places, or ending in
    /// the same Hangul syllable, which heads a Korean compound (근로자 and 육아휴직자, 교육공무원
    /// and 공무원, 개정안 and 법률안).
    func isPlainlyOfKind(_ option: String, _ answer: String, fit: Double) -> Bool {
        if fit >= Self.plainKindFit { return true }
        guard let a = KoreanText.compact(answer).last, let o = KoreanText.compact(option).last else { return false }
        return a == o && a.unicodeScalars.allSatisfy(KoreanText.isHangulScalar)
    }

    /// The term to blank in a compact sentence, not naming `excludingConcept`: a content term,
    /// the rarest in the note (a word on every line is guessed, not known), then the longest.
    func blankTerm(in sentence: String, excludingConcept: Int?) -> String? {
        let sentenceKey = KoreanText.compact(sentence)
        return material.terms
            .filter { KoreanText.contains(sentenceKey, $0.key) && ($0.concept == nil || $0.concept != excludingConcept)
                && !$0.isRelated && material.isRare($0.key) && !material.isInsideLongerTerm($0.key, sentenceKey: sentenceKey)
                && material.isContentTerm($0.text) && !material.isEveryday($0.text) && QuizText.isBlankableLatin($0.text, in: sentence) }
            .min { (material.sentenceCount($0.key), -$0.key.count, $0.text) < (material.sentenceCount($1.key), -$1.key.count, $1.text) }?.text
    }

    // MARK: - Questions

    /// How often one key may be asked in one form of a quiz: a term the note writes in many
    /// sentences may be drilled from two of them; a concept, a definition or a cell is asked
    /// once (twice, its options are the same four names again). More, and one term is the quiz.
    static func usesPerAnswer(_ pool: Candidate.Pool) -> Int {
        if case .terms = pool { return 2 }
        return 1
    }

    /// The candidate as a multiple-choice question, or as a short answer when no three distractors
    /// exist; nil when it repeats an earlier or chosen question or gives its answer away.
    mutating func realise(_ candidate: Candidate) -> Question? {
        var c = candidate
        c.alternatives = material.withScriptPairs(c.answer, c.alternatives)
        for whole in QuizText.wholeWordsAtBlanks(c.prompt, answer: c.answer) where !c.alternatives.contains(whole) { c.alternatives.append(whole) }
        // The head of a noun phrase the note teaches as a term of its own ("임계값" of 채우기 임계값,
        // "비용" of 추가 비용) names the key in fewer words: a reader who writes it is right.
        let words = c.answer.split(whereSeparator: \.isWhitespace).map(String.init)
        if words.count >= 2, let head = words.last, material.termKeys.contains(KoreanText.compact(head)),
           !QuizText.reveals(prompt: c.prompt, answer: head), !c.alternatives.contains(head) {
            c.alternatives.append(head)
        }
        let answerKey = KoreanText.compact(c.answer)
        let keys = ["p|" + KoreanText.compact(c.prompt)] + ([c.source] + c.alsoFrom).map { "s|" + KoreanText.compact($0) }
        let answerUse = "\(c.form.rawValue)|" + answerKey
        // A key the validator would refuse as an option (cut, a list row) is no question either.
        guard !answerKey.isEmpty, !QuizText.isJunkOption(c.answer), keys.allSatisfy({ !usedKeys.contains($0) }),
              answerUses[answerUse, default: 0] < Self.usesPerAnswer(c.pool),
              !avoid.contains(KoreanText.compact(c.prompt)),
              !avoid.contains(KoreanText.compact(QuizText.withNeutralParticle(c.prompt))),
              !avoid.contains(c.shortPrompt.map(KoreanText.compact) ?? "\u{0}"),
              !QuizText.reveals(prompt: c.prompt, answer: c.answer),
              c.form == .definition || c.form == .comparison || !QuizText.revealsPart(prompt: c.prompt, answer: c.answer),
              c.alternatives.allSatisfy({ !QuizText.reveals(prompt: c.prompt, answer: $0) }),
              // A description that spells out the name asked about ("\"Standard Generalized Markup
              // Language\"를 의미합니다" for SGML) is found by its initials.
              !Glossary.spellsOut(prompt: c.answer, answer: material.concepts[c.concept].display) else { return nil }
        // Another term the document writes beside the blank's neighbours fits the blank as well
        // ("지수 ____" takes 추세선 where the page also writes "지수 추세선"); another concept whose
        // own text says the same fits "which concept is this": neither is offered, and the
        // question is not asked as a short answer, where the student could write it.
        let rivals = rivalTerms(c)
        if !rivals.isEmpty || otherConceptFits(c) { c.shortPrompt = nil }
        let question: Question
        if !c.writtenOnly, let distractors = distractors(for: c, rivals: rivals), !showsAnswerWord(c, distractors), !stemPointsAtKey(c, distractors) {
            // A particle after the blank or the masked name that an option would not take gives
            // the answer away ("○○는" leaves two of four): written both ways unless every option
            // takes it as the answer does.
            if QuizText.hasParticleAfterMarker(c.prompt) {
                let answerFinal = QuizText.hasFinalConsonant(c.answer)
                if answerFinal == nil || distractors.contains(where: { QuizText.hasFinalConsonant($0) != answerFinal }) {
                    c.prompt = QuizText.withNeutralParticle(c.prompt)
                }
            }
            var options = [c.answer] + distractors
            options.shuffle(using: &rng)
            let correct = options.firstIndex(of: c.answer)!
            let id = questionID(c.prompt, c.answer)
            if recordsSlots, var slot = SlotChoice(prompt: c.prompt, answer: c.answer, candidates: slotCandidates,
                                                   shownAnswerWords: answerWordsShown(c)) {
                if c.shortPrompt != nil, QuizText.isWritable(c.answer) { slot.written = shortQuestion(c) }
                slotChoices[id] = slot
            }
            question = Question(id: id, kind: .choice, form: c.form, prompt: c.prompt,
                                options: options, correctIndex: correct, answer: c.answer, alternatives: c.alternatives,
                                conceptId: material.concepts[c.concept].concept.id, conceptName: material.concepts[c.concept].display,
                                page: material.concepts[c.concept].page, explanation: explanation(c))
        } else if c.shortPrompt != nil, QuizText.isWritable(c.answer) {
            question = shortQuestion(c)
        } else {
            return nil
        }
        // Checked here, not only at the end: a question the validator drops would leave the quiz short of the count asked.
        guard Self.passesValidation(question, avoiding: request.avoidPrompts) else { return nil }
        usedKeys.formUnion(keys)
        answerUses[answerUse, default: 0] += 1
        return question
    }

    static func passesValidation(_ question: Question, avoiding earlier: [String]) -> Bool {
        QuestionValidator.validated([question], avoiding: earlier).count == 1
    }

    func shortQuestion(_ c: Candidate) -> Question {
        let entry = material.concepts[c.concept]
        let prompt = c.shortPrompt ?? c.prompt
        return Question(id: questionID(prompt, c.answer), kind: .short, form: c.form, prompt: prompt,
                        answer: c.answer, alternatives: c.alternatives, conceptId: entry.concept.id,
                        conceptName: entry.display, page: entry.page, explanation: explanation(c))
    }

    func questionID(_ prompt: String, _ answer: String) -> String {
        "q" + String(stableHash(prompt + "\u{1F}" + answer, seed: request.seed), radix: 16)
    }

    func explanation(_ c: Candidate) -> String {
        let entry = material.concepts[c.concept]
        var text = entry.display
        if let definition = entry.definition { text += ": " + definition }
        if c.form == .detail || c.form == .cloze || c.form == .application { text += "\n" + c.source }
        if let page = entry.page { text += " (p. \(page))" }
        return text
    }

    /// Three distractors of the answer's type, ranked by closeness to the answer: the least close
    /// for 하, a seeded draw for 중, the closest for 상 (a shared length class counting as
    /// closeness); 하 and 중 take the answer's length class first. Never the answer, an option twice, a term the prompt shows, or — for terms —
    /// another script or a word that is no term; when a particle follows the blank, options that
    /// take it as the answer does come first. nil when three such options do not exist.
    mutating func distractors(for c: Candidate, rivals: Set<String> = []) -> [String]? {
        let answerKey = KoreanText.compact(c.answer)
        let promptKey = KoreanText.compact(c.prompt)
        var pool: [(text: String, closeness: Double)] = []
        var excludeVisible = true
        var excludeOverlap = true
        /// How many of the pool's first entries are concept names, ranked before the rest.
        var namesFirst: Int?
        /// Term options: same script and length class as the answer, and real terms.
        var termsOnly = false
        /// The concept each description option states (key points): one option per concept first.
        var owners: [String: Int] = [:]
        switch c.pool {
        case .conceptNames:
            termsOnly = true
            let words = QuizText.contentWords(c.source)
            // Neither the document's subject nor a variant of the answer: either would be right too.
            for j in material.concepts.indices where j != c.concept && !material.concepts[j].coversDocument && !material.areVariants(c.concept, j)
                && !material.alsoDescribes(j, words: words) {
                let bonus = material.concepts[c.concept].related.contains(j) ? 0.3 : 0
                let name = material.concepts[j].display
                pool.append((name, material.similarity(name, c.answer) + bonus))
            }
            // Other concepts' names are the answer's kind; the note's terms only fill up to three.
            // A language model to choose by takes them all: in a sentence ("○○은 내란 또는 외환의
            // 죄를 범한 경우를 제외하고는 …") a chapter's name (총강) is no option, a term (감사원) is.
            namesFirst = recordsSlots ? nil : pool.count
            if pool.count < 6 || recordsSlots {
                for term in material.terms where term.concept == nil {
                    pool.append((term.text, material.similarity(term.text, c.answer)))
                }
            }
        case .keyPoints:
            excludeVisible = false
            excludeOverlap = false
            let own = material.concepts[c.concept]
            let facts = allFacts()
            for j in material.concepts.indices where j != c.concept && !material.concepts[j].coversDocument && !material.areVariants(c.concept, j) {
                let bonus = own.related.contains(j) ? 0.3 : 0
                for (fact, key) in facts[j] {
                    // Another concept's fact that names this one would be a clue, not a distractor;
                    // one that reads "이것" where the key does not (or the other way) too.
                    guard !own.nameKeys.contains(where: { KoreanText.contains(key, $0) }),
                          QuizText.carriesMask(fact) == QuizText.carriesMask(c.answer) else { continue }
                    // A fact repeating the stem's words is a lure beside a key that repeats them too.
                    pool.append((fact, material.similarity(fact, c.answer) + bonus + (QuizText.sharedWords(stem: passage(c), option: fact) > 0 ? 0.4 : 0)))
                    owners[fact] = j
                }
            }
        case .definitions:
            excludeVisible = false
            excludeOverlap = false
            let own = material.concepts[c.concept]
            for j in material.concepts.indices where j != c.concept && !material.concepts[j].coversDocument && !material.areVariants(c.concept, j) {
                guard let definition = maskedDefinition(j), QuizText.carriesMask(definition) == QuizText.carriesMask(c.answer) else { continue }
                let bonus = own.related.contains(j) ? 0.3 : 0
                pool.append((definition, material.similarity(definition, c.answer) + bonus))
            }
        case .terms:
            termsOnly = true
            let sourceKey = KoreanText.compact(c.source)
            let answerTerm = material.terms.first { $0.key == answerKey }
            // The name of a variant of the answer's concept would be a second right option.
            let answerIsName = material.concepts[c.concept].nameKeys.contains(answerKey)
            // A heading ("총강", "신·구조문대비표") is no option for a term: it names a part of the document.
            let headingKeys = Set(material.concepts.flatMap(\.nameKeys))
            let answerIsTerm = QuizText.isWritable(c.answer)
            for term in material.terms where !KoreanText.contains(sourceKey, term.key)
                && !(answerIsName && term.concept.map { $0 != c.concept && material.areVariants(c.concept, $0) } == true)
                // A section's heading ("서명한 문서 열기", "총강") is no option for a term ("상태 표시줄", "법률").
                && (answerIsName || !headingKeys.contains(term.key))
                && (!answerIsTerm || QuizText.isWritable(term.text)) {
                let sameGroup = answerTerm.map { ($0.group != nil && $0.group == term.group) || ($0.concept != nil && $0.concept == term.concept) } ?? false
                pool.append((term.text, material.similarity(term.text, c.answer) + (sameGroup ? 0.3 : 0)))
            }
        case let .numbers(value, unit):
            excludeOverlap = false
            excludeVisible = false
            let variants = NumberBlank.plausibleValues(value, unit: unit, inDocument: material.valuesWritten(with: unit))
            // In this order, without repeats: iterating a Set would change with every process.
            var seenVariants = Set<Int>()
            // "1 bytes" is no English: an English plural unit takes no 1.
            for v in variants where seenVariants.insert(v).inserted && v != value && !(v == 1 && unit.hasSuffix("s")) {
                let text = c.answer.contains(" ") ? "\(v) \(unit)" : "\(v)\(unit)"
                pool.append((text, material.similarity(text, c.answer)))
            }
        case let .cells(table, row, column, byColumns):
            excludeOverlap = false
            for (r, cells) in table.rows.enumerated() {
                for (k, cell) in cells.enumerated() where k >= 1 && !(r == row && k == column) {
                    // The same aspect of another thing is the nearest wrong answer; another aspect of the same thing next.
                    let (sameAspect, sameThing) = byColumns ? (r == row, k == column) : (k == column, r == row)
                    let bonus = (sameAspect ? 0.5 : 0) + (sameThing ? 0.2 : 0)
                    pool.append((cell, material.similarity(cell, c.answer) + bonus))
                }
            }
            if pool.count < 6 {
                for entry in material.concepts {
                    guard let other = entry.concept.comparison, other != table else { continue }
                    for cell in other.rows.flatMap({ $0.dropFirst() }) {
                        pool.append((cell, material.similarity(cell, c.answer)))
                    }
                }
            }
        }
        let answerType = OptionType(c.answer)
        if termsOnly {
            // Options of the answer's kind: the note's keywords and names (never a word met beside
            // them), of the answer's script, and phrases for phrases ("문서 저장 및 서명" is no
            // option for "검증", nor "마법사" for "기본적으로 문서를 Microsoft Office 형식으로 저장").
            let related = Set(material.terms.filter(\.isRelated).map(\.key))
            // English options have the answer's number of words ("Dim Text" is no option beside "Variant").
            let answerWords = c.answer.split(whereSeparator: \.isWhitespace).count
            pool = pool.filter { answerType.script != .latin || $0.text.split(whereSeparator: \.isWhitespace).count == answerWords }
            pool = pool.filter { OptionType($0.text).script == answerType.script && material.isContentTerm($0.text)
                && !related.contains(KoreanText.compact($0.text)) && OptionType.sameWordClass($0.text, c.answer)
                && !rivals.contains(KoreanText.compact($0.text)) && !material.isFragment(KoreanText.compact($0.text)) }
            pool = OptionType.ofAnswersKind(pool, answer: c.answer)
            if answerType.script == .latin { pool = ofEnglishKind(pool, c) }
            let answerKind = material.termKind(c.answer)
            pool = pool.filter { material.termKind($0.text) == answerKind }
        } else if case .numbers = c.pool {
        } else {
            // The only English sentence among Korean ones (or the reverse) is picked without reading.
            pool = pool.filter { OptionType($0.text).script == answerType.script }
        }
        // A length that stands out is a clue: 하 and 중 take options of the answer's length class
        // first; for 상 the same length adds to closeness, after a shared section or table row.
        let lengthGap = { (text: String) in abs(OptionType(text).lengthClass - answerType.lengthClass) }
        // A tiny seeded jitter breaks ties differently from quiz to quiz.
        var ranked = pool.map { ($0.text, $0.closeness + Double.random(in: 0..<0.001, using: &rng)) }
        let nameKeys = namesFirst.map { Set(pool.prefix($0).map { KoreanText.compact($0.text) }) } ?? []
        switch request.difficulty {
        case .easy: ranked.sort { $0.1 < $1.1 }
        case .medium: ranked.shuffle(using: &rng)
        case .hard:
            ranked = ranked.map { ($0.0, $0.1 + (lengthGap($0.0) == 0 ? 0.25 : 0)) }
            ranked.sort { $0.1 > $1.1 }
        }
        // 상 too takes the answer's length class first (its closest within it), except among
        // concept names and table cells, where a shared section or row is the closer neighbour:
        // with fewer options of the answer's kind, closeness alone picks lengths that stand out.
        var byNeighbourhood = false
        switch c.pool {
        case .conceptNames, .cells: byNeighbourhood = true
        default: break
        }
        if request.difficulty != .hard || !byNeighbourhood {
            ranked = ranked.enumerated().sorted { (lengthGap($0.element.0), $0.offset) < (lengthGap($1.element.0), $1.offset) }.map(\.element)
        } else {
            // Neighbours may differ by one length class (페이징 beside 세그멘테이션), not by more.
            ranked = ranked.filter { lengthGap($0.0) <= 1 } + ranked.filter { lengthGap($0.0) > 1 }
        }
        if namesFirst != nil {
            ranked = ranked.filter { nameKeys.contains(KoreanText.compact($0.0)) } + ranked.filter { !nameKeys.contains(KoreanText.compact($0.0)) }
        }
        // Terms written where the answer is written are of its kind ("근로자" beside "공무원", not
        // "월급여액"): those whose places are the less alike half go last, whatever the level.
        if termsOnly, ranked.count > 3 {
            let fits = Dictionary(ranked.map { ($0.0, material.contexts.fit($0.0, c.answer)) }, uniquingKeysWith: { a, _ in a })
            let median = fits.values.sorted()[fits.count / 2]
            let fitsWell = { (text: String) in fits[text]! >= median && fits[text]! > 0 }
            ranked = ranked.filter { fitsWell($0.0) } + ranked.filter { !fitsWell($0.0) }
            // Above 하, terms plainly of the key's kind come before all others: a key found by
            // striking out words that cannot stand in the sentence ("____가 발생한 경우" among
            // 초등학교 and 추가 재정소요, judged at c714344) is no question of 중 or 상.
            if request.difficulty != .easy {
                let plain = Set(ranked.map(\.0).filter { isPlainlyOfKind($0, c.answer, fit: fits[$0]!) })
                ranked = ranked.filter { plain.contains($0.0) } + ranked.filter { !plain.contains($0.0) }
            }
        }
        // With a particle after the blank, options that take it as the answer does come first.
        let answerFinal = QuizText.hasParticleAfterMarker(c.prompt) ? QuizText.hasFinalConsonant(c.answer) : nil
        if let answerFinal {
            let agreeing = ranked.filter { QuizText.hasFinalConsonant($0.0) == answerFinal }
            ranked = agreeing + ranked.filter { QuizText.hasFinalConsonant($0.0) != answerFinal }
        }
        var chosen: [String] = []
        var chosenKeys: Set<String> = [answerKey]
        var usedOwners: Set<Int> = [c.concept]
        // Terms past the first three are kept for a language model to choose among
        // (`SlotChoice`): the three the ranking gives are not always those that fit the blank.
        let wanted = termsOnly && recordsSlots ? SlotChoice.candidateCount : 3
        // Two facts of one concept beside the key read as a pair: another concept's first.
        for pass in 0..<2 { for (text, _) in ranked where chosen.count < wanted {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let key = KoreanText.compact(trimmed)
            guard !key.isEmpty, !chosenKeys.contains(key), !QuizText.isJunkOption(trimmed) else { continue }
            if pass == 0, let owner = owners[text], usedOwners.contains(owner) { continue }
            if excludeVisible && KoreanText.contains(promptKey, key) { continue }
            if excludeOverlap && (KoreanText.contains(key, answerKey) || KoreanText.contains(answerKey, key)) { continue }
            // Terms nested in one another ("서명", "디지털 서명") are both right or both wrong.
            if termsOnly && chosenKeys.contains(where: { $0 != answerKey && (KoreanText.contains(key, $0) || KoreanText.contains($0, key)) }) { continue }
            // A distractor the matcher would grade as the answer is a second right option.
            if AnswerMatcher().isCorrect(given: trimmed, answer: c.answer, alternatives: c.alternatives) { continue }
            chosen.append(trimmed)
            chosenKeys.insert(key)
            if let owner = owners[text] { usedOwners.insert(owner) }
        } }
        guard chosen.count >= 3 else { return nil }
        slotCandidates = chosen
        chosen = Array(chosen.prefix(3))
        if termsOnly, OptionType.isOddOneOut(answer: c.answer, beside: chosen) { return nil }
        return chosen
    }
}
