import Foundation

/// A language model of Korean: how likely a sentence is as Korean is written. A quiz asks it
/// which words fit a blank ("국무총리의 ____으로 대통령이 임명한다": 제청 and 추천 do, 국민 and
/// 감사위원 do not), the way a reader strikes out options that cannot stand in the sentence.
///
/// Two implementations: `KiwiLanguageModel` (NotioMediaEngine) in the process that loads Kiwi, i.e.
/// `notio-worker` and tests, and `WarmKoreanLanguageModel` on the server, which asks the OCR
/// pool's warm workers, so that the server never maps the model's 300 MB.
public protocol KoreanLanguageModel: Sendable {
    /// One log-likelihood per sentence, in order (natural log; the higher, the likelier). Only
    /// differences between sentences that differ in a few words mean anything.
    /// The worker client throws `MediaError` (`language_model_unavailable`, `too_large`,
    /// `timeout`, `worker_crashed`, ...) and `CancellationError`.
    func logLikelihoods(_ sentences: [String]) async throws -> [Double]
}
