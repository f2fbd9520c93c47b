import Foundation
import Testing
@testable import NotioApp

/// The dial timer through HTTP: its end time survives reloads, a second device and a restart.
@Suite struct TimerAPITests {
    static func book(_ c: Client, _ title: String = "타이머 책") async throws -> String {
        let r = try await c.request("POST", "/api/v1/books", json: ["title": title])
        return (r.json["book"] as? [String: Any])?["id"] as? String ?? "missing"
    }

    @Test func startPauseResumeStopRecordsTheTimeReallyRead() async throws {
        let clock = TestClock()
        let server = try await TestServer.start(seedDemo: false, clock: clock)
        let c = Client(server)
        try await c.signUp()
        let id = try await Self.book(c)

        #expect(try await c.get("/api/v1/timer").json["state"] as? String == "idle")
        let started = try await c.request("POST", "/api/v1/timer/start", json: ["bookId": id, "minutes": 25])
        #expect(started.status == 200, "\(started.text)")
        #expect(started.json["state"] as? String == "running")
        #expect(started.json["remainingSeconds"] as? Int == 1500)
        #expect(started.json["bookTitle"] as? String == "타이머 책")
        #expect(started.json["endsAt"] is String)

        clock.advance(600)
        #expect(try await c.get("/api/v1/timer").json["remainingSeconds"] as? Int == 900)
        #expect(try await c.request("POST", "/api/v1/timer/start", json: ["bookId": id, "minutes": 5]).status == 409)
        #expect(try await c.request("POST", "/api/v1/timer/pause").json["state"] as? String == "paused")
        clock.advance(3600)
        #expect(try await c.get("/api/v1/timer").json["remainingSeconds"] as? Int == 900, "a paused timer does not count down")
        #expect(try await c.request("POST", "/api/v1/timer/pause").status == 409)
        #expect(try await c.request("POST", "/api/v1/timer/resume").json["state"] as? String == "running")
        clock.advance(300)
        let stopped = try await c.request("POST", "/api/v1/timer/stop")
        #expect(stopped.json["state"] as? String == "idle")
        let session = try #require(stopped.json["session"] as? [String: Any])
        #expect(session["seconds"] as? Int == 900)
        let book = try await c.get("/api/v1/books/\(id)").json
        #expect(book["readingSeconds"] as? Int == 900)
        #expect((try await c.get("/api/v1/sessions").json["items"] as? [Any])?.count == 1)
        #expect(try await c.request("POST", "/api/v1/timer/stop").status == 409)
    }

    /// A finished timer shows a moment of completion on every page — minutes read, 문장 담기 —
    /// and its × puts it away at once, back on the same page, instead of "끝 0:00" for an hour.
    @Test func aFinishedTimerSaysWhatWasReadAndCanBeDismissed() async throws {
        let clock = TestClock()
        let server = try await TestServer.start(seedDemo: false, clock: clock)
        let c = Client(server)
        try await c.signUp()
        _ = try await c.request("PATCH", "/api/v1/me", json: ["language": "ko"])
        let id = try await Self.book(c)
        _ = try await c.request("POST", "/api/v1/timer/start", json: ["bookId": id, "minutes": 12])
        #expect(try await c.get("/reading").text.contains("id=\"timer-bar-left\""))
        clock.advance(13 * 60)
        let page = try await c.get("/reading")
        #expect(page.text.contains("id=\"timer-bar-read\">12분 읽었어요<"))
        #expect(page.text.contains("href=\"/books/\(id)/sentences/new\""))
        #expect(page.text.contains("name=\"return\" value=\"/reading\""))
        // 한 번 더: the same book for the same 12 minutes; the bar carries where seeing it puts it away.
        #expect(page.text.contains("name=\"minutes\" value=\"12\"") && page.text.contains(">한 번 더</button>"))
        #expect(page.text.contains("data-stop-url=\"/api/v1/timer/stop\""))
        let dismissed = try await c.postForm("/timer", ["action": "stop", "return": "/reading"])
        #expect(dismissed.status == 303 && dismissed.header("Location") == "/reading")
        #expect(!(try await c.get("/reading").text.contains("id=\"timer-bar\"")))
        #expect(try await c.get("/api/v1/timer").json["state"] as? String == "idle")
        #expect((try await c.get("/api/v1/sessions").json["items"] as? [Any])?.count == 1, "the session was recorded once")
        // Only a path of this site is a way back.
        _ = try await c.request("POST", "/api/v1/timer/start", json: ["bookId": id, "minutes": 1])
        clock.advance(120)
        let away = try await c.postForm("/timer", ["action": "stop", "return": "//evil.example/"])
        #expect(away.header("Location") == "/timer")
    }

    @Test func anEndNobodyWatchedIsRecordedOnceAtTheEndTime() async throws {
        let clock = TestClock()
        let server = try await TestServer.start(seedDemo: false, clock: clock)
        let c = Client(server)
        try await c.signUp()
        let id = try await Self.book(c)
        _ = try await c.request("POST", "/api/v1/timer/start", json: ["bookId": id, "minutes": 10])
        clock.advance(86_400)
        // The sessions list settles the timer first.
        let sessions = try await c.get("/api/v1/sessions").json["items"] as? [[String: Any]] ?? []
        #expect(sessions.count == 1)
        #expect(sessions.first?["seconds"] as? Int == 600)
        let t = try await c.get("/api/v1/timer").json
        #expect(t["state"] as? String == "finished")
        #expect(t["remainingSeconds"] as? Int == 0)
        let stop = try await c.request("POST", "/api/v1/timer/stop")
        #expect(stop.json["session"] == nil)
        #expect((try await c.get("/api/v1/sessions").json["items"] as? [Any])?.count == 1, "recorded once")
        // A finished timer can be replaced by a new one right away.
        _ = try await c.request("POST", "/api/v1/timer/start", json: ["bookId": id, "minutes": 10])
        clock.advance(900)
        let late = try await c.request("POST", "/api/v1/timer/stop")
        #expect((late.json["session"] as? [String: Any])?["seconds"] as? Int == 600, "a stop after the end counts up to the end")
    }

    @Test func secondDeviceAndRestartSeeTheSameTimer() async throws {
        let clock = TestClock()
        let directory = NSTemporaryDirectory() + "notio-timer-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try await TestServer.start(seedDemo: false, dataDirectory: directory, clock: clock)
        let phone = Client(first), laptop = Client(first)
        let email = "timer-\(UUID().uuidString.prefix(6))@example.com"
        try await phone.signUp(email: email, password: "correct horse 1")
        try await laptop.request("POST", "/api/v1/auth/login", json: ["email": email, "password": "correct horse 1"])
        let id = try await Self.book(phone)
        _ = try await phone.request("POST", "/api/v1/timer/start", json: ["bookId": id, "minutes": 30])
        clock.advance(120)
        #expect(try await laptop.get("/api/v1/timer").json["remainingSeconds"] as? Int == 1680)
        #expect(try await laptop.request("POST", "/api/v1/timer/pause").json["state"] as? String == "paused")
        #expect(try await phone.get("/api/v1/timer").json["state"] as? String == "paused")
        await first.stopKeepingData()

        let second = try await TestServer.start(seedDemo: false, dataDirectory: directory, clock: clock)
        let again = Client(second)
        try await again.request("POST", "/api/v1/auth/login", json: ["email": email, "password": "correct horse 1"])
        let t = try await again.get("/api/v1/timer").json
        #expect(t["state"] as? String == "paused")
        #expect(t["remainingSeconds"] as? Int == 1680)
        _ = try await again.request("POST", "/api/v1/timer/resume")
        clock.advance(60)
        #expect((try await again.request("POST", "/api/v1/timer/stop").json["session"] as? [String: Any])?["seconds"] as? Int == 180)
    }

    @Test func badTimersAndSessionsAreRefused() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server), other = Client(server)
        try await c.signUp()
        try await other.signUp()
        let id = try await Self.book(c)
        let theirs = try await Self.book(other)
        #expect(try await c.request("POST", "/api/v1/timer/start", json: ["bookId": id, "minutes": 0]).status == 422)
        #expect(try await c.request("POST", "/api/v1/timer/start", json: ["bookId": id, "minutes": 1000]).status == 422)
        #expect(try await c.request("POST", "/api/v1/timer/start", json: ["bookId": id]).status == 422)
        #expect(try await c.request("POST", "/api/v1/timer/start", json: ["bookId": theirs, "minutes": 10]).status == 404)
        #expect(try await c.get("/api/v1/timer").json["state"] as? String == "idle")

        let now = Date()
        func add(_ start: Date, _ end: Date, seconds: Int? = nil) async throws -> Reply {
            var body: [String: Any] = ["startedAt": JSON.iso8601(start), "endedAt": JSON.iso8601(end)]
            if let seconds { body["seconds"] = seconds }
            return try await c.request("POST", "/api/v1/books/\(id)/sessions", json: body)
        }
        #expect(try await add(now, now.addingTimeInterval(-60)).status == 422, "the end before the start")
        #expect(try await add(now.addingTimeInterval(-90_000), now).status == 422, "longer than a day")
        #expect(try await add(now.addingTimeInterval(3600), now.addingTimeInterval(7200)).status == 422, "in the future")
        #expect(try await add(now.addingTimeInterval(-600), now, seconds: 700).status == 422)
        #expect(try await c.request("POST", "/api/v1/books/\(id)/sessions", json: ["startedAt": "yesterday", "endedAt": "today"]).status == 422)
        let ok = try await add(now.addingTimeInterval(-1800), now.addingTimeInterval(-600), seconds: 1000)
        #expect(ok.status == 201)
        let sid = try #require((ok.json["session"] as? [String: Any])?["id"] as? String)
        let patched = try await c.request("PATCH", "/api/v1/sessions/\(sid)", json: ["seconds": 1200])
        #expect(patched.json["seconds"] as? Int == 1200)
        #expect(try await c.get("/api/v1/books/\(id)").json["readingSeconds"] as? Int == 1200)
        #expect(try await c.get("/api/v1/sessions?from=2020-13-45").status == 422)
        #expect(try await c.request("DELETE", "/api/v1/sessions/\(sid)").status == 204)
        #expect(try await c.get("/api/v1/books/\(id)").json["readingSeconds"] as? Int == 0)
    }
}
