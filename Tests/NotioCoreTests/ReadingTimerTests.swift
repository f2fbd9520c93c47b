import Foundation
import Testing
@testable import NotioCore

@Suite struct ReadingTimerTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    @Test func countsDownAndFinishesAtTheEndTime() throws {
        var timer = ReadingTimer()
        try timer.start(bookId: "b", minutes: 25, at: t0)
        #expect(timer.state == .running)
        #expect(timer.remainingSeconds(at: at(0)) == 1500)
        #expect(timer.remainingSeconds(at: at(600.2)) == 900)
        let early = timer.settle(at: at(1499))
        #expect(early == nil)
        let settled = timer.settle(at: at(4000))
        let session = try #require(settled, "the end passed unobserved, it is still recorded")
        #expect(session.seconds == 1500)
        #expect(session.startedAt == t0 && session.endedAt == at(1500))
        #expect(timer.state == .finished)
        let again = timer.settle(at: at(5000))
        #expect(again == nil, "recorded once")
        let dismissed = try timer.stop(at: at(5000))
        #expect(dismissed == nil, "dismissing a finished timer records nothing more")
        #expect(timer.state == .idle)
    }

    @Test func pausesDoNotCountAsReading() throws {
        var timer = ReadingTimer()
        try timer.start(bookId: "b", minutes: 10, at: t0)
        try timer.pause(at: at(120))
        #expect(timer.remainingSeconds(at: at(10_000)) == 480, "frozen while paused")
        try timer.resume(at: at(1000))
        #expect(timer.remainingSeconds(at: at(1000)) == 480)
        #expect(timer.endsAt == at(1480))
        let stopped = try timer.stop(at: at(1100))
        let session = try #require(stopped)
        #expect(session.seconds == 220)
        #expect(session.startedAt == t0 && session.endedAt == at(1100))
    }

    @Test func aStopAfterTheEndRecordsTheEndNotTheStop() throws {
        var timer = ReadingTimer()
        try timer.start(bookId: "b", minutes: 1, at: t0)
        let stopped = try timer.stop(at: at(3600))
        let session = try #require(stopped)
        #expect(session.seconds == 60)
        #expect(session.endedAt == at(60))
        #expect(timer.state == .idle)
    }

    @Test func wrongTransitionsAreConflicts() throws {
        var timer = ReadingTimer()
        #expect(throws: ReadingTimer.Conflict.self) { try timer.pause(at: t0) }
        #expect(throws: ReadingTimer.Conflict.self) { try timer.resume(at: t0) }
        #expect(throws: ReadingTimer.Conflict.self) { _ = try timer.stop(at: t0) }
        try timer.start(bookId: "b", minutes: 5, at: t0)
        #expect(throws: ReadingTimer.Conflict.self) { try timer.start(bookId: "c", minutes: 5, at: at(1)) }
        #expect(throws: ReadingTimer.Conflict.self) { try timer.resume(at: at(1)) }
        // Pausing after the end finds a finished timer.
        #expect(throws: ReadingTimer.Conflict.self) { try timer.pause(at: at(301)) }
        #expect(timer.state == .finished)
        try timer.start(bookId: "c", minutes: 5, at: at(400))
        #expect(timer.bookId == "c")
    }

    @Test func aStopRightAwayRecordsNothing() throws {
        var timer = ReadingTimer()
        try timer.start(bookId: "b", minutes: 5, at: t0)
        let stopped = try timer.stop(at: at(0.2))
        #expect(stopped == nil)
    }

    @Test func survivesBeingStoredAndRead() throws {
        var timer = ReadingTimer()
        try timer.start(bookId: "b", minutes: 30, at: t0)
        try timer.pause(at: at(100))
        let data = try JSONEncoder().encode(timer)
        var again = try JSONDecoder().decode(ReadingTimer.self, from: data)
        #expect(again == timer)
        try again.resume(at: at(200))
        #expect(again.remainingSeconds(at: at(200)) == 1700)
    }
}
