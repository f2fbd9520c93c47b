import Foundation

/// The time as the code that decides with it reads it (a timer's end, a session's expiry, a
/// record's date). Passed in rather than read, so that a test can move it.
public typealias Now = @Sendable () -> Date

/// The system's wall clock: the one place the real time is read. The application holds it as
/// its default clock and hands it down; commands that run once read it when they start.
/// Waiting a duration is no wall time: that is `ContinuousClock`.
public enum WallClock {
    public static let now: Now = { Date() }
}
