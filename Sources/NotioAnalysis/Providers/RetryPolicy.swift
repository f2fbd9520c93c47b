import Foundation

/// When and how long to wait before asking a model server again: exponential backoff with jitter
/// on 429, 5xx and network errors, the server's own hint (`RetryInfo.retryDelay`, `Retry-After`)
/// taking precedence, bounded by a number of attempts and a total wait.
public struct RetryPolicy: Sendable, Hashable {
    /// Requests in all, the first included.
    public var maxAttempts: Int
    /// The first backoff delay, in seconds; doubled after each failure.
    public var baseDelay: Double
    /// The longest single backoff delay, in seconds (a server hint may ask for more).
    public var maxDelay: Double
    /// The most seconds spent waiting across all retries of one request; a hint beyond it fails at once.
    public var maxTotalWait: Double
    /// Multiplies every real sleep (not the accounting): tests use 0.001 to replay "31s" in 31 ms.
    public var delayScale: Double

    public init(maxAttempts: Int = 4, baseDelay: Double = 1, maxDelay: Double = 20, maxTotalWait: Double = 60, delayScale: Double = 1) {
        self.maxAttempts = max(1, maxAttempts); self.baseDelay = max(0, baseDelay); self.maxDelay = max(0, maxDelay)
        self.maxTotalWait = max(0, maxTotalWait); self.delayScale = max(0, delayScale)
    }

    /// Seconds to wait before attempt `attempt + 1` (1-based `attempt` just failed): the hint if
    /// any, else `baseDelay · 2^(attempt-1)` capped at `maxDelay`, with "equal jitter" (half fixed,
    /// half random) so that clients that failed together do not return together.
    func delay(afterAttempt attempt: Int, hint: Double?, random: Double = Double.random(in: 0...1)) -> Double {
        if let hint { return max(0, hint) }
        let exponential = min(maxDelay, baseDelay * pow(2, Double(max(0, attempt - 1))))
        return exponential / 2 + exponential / 2 * random
    }

    /// Parses Google's protobuf Duration text ("13s", "0.5s", "1.250s").
    static func seconds(fromDuration text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix("s") else { return nil }
        return Double(trimmed.dropLast())
    }

    /// Parses a `Retry-After` header: delta-seconds or an HTTP date, which is the outside
    /// server's wall time and so is compared with the real one, `now`.
    static func seconds(fromRetryAfter text: String, now: Date) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
