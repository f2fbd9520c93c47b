import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import NotioApp

/// Sign-in throttling under bursts, the bounded line of password checks, whose address counts
/// behind a proxy, per-address limits on sign-ups and email look-ups, and look-alike emails.
@Suite struct AccountLimitsTests {
    static let demo = "study@notio.io"

    /// Sends every request at once, each on a connection of its own; the answers in order.
    static func burst(_ requests: [URLRequest]) async throws -> [Reply] {
        let config = URLSessionConfiguration.ephemeral
        config.httpMaximumConnectionsPerHost = requests.count
        config.timeoutIntervalForRequest = 300
        config.httpShouldSetCookies = false
        let session = URLSession(configuration: config)
        defer { session.finishTasksAndInvalidate() }
        return try await withThrowingTaskGroup(of: (Int, Reply).self) { group in
            for (i, request) in requests.enumerated() {
                group.addTask {
                    let (data, response) = try await session.data(for: request)
                    let http = response as! HTTPURLResponse
                    var headers: [String: String] = [:]
                    for (k, v) in http.allHeaderFields { headers["\(k)"] = "\(v)" }
                    return (i, Reply(status: http.statusCode, headers: headers, body: data))
                }
            }
            var replies = [Reply?](repeating: nil, count: requests.count)
            for try await (i, reply) in group { replies[i] = reply }
            return replies.map { $0! }
        }
    }

    static func login(_ server: TestServer, email: String, password: String, forwardedFor: String? = nil, language: String = "ko") -> URLRequest {
        var r = URLRequest(url: URL(string: server.base + "/api/v1/auth/login")!)
        r.httpMethod = "POST"
        r.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let forwardedFor { r.setValue(forwardedFor, forHTTPHeaderField: "X-Forwarded-For") }
        r.setValue(language, forHTTPHeaderField: "Accept-Language")
        r.httpBody = try! JSONSerialization.data(withJSONObject: ["email": email, "password": password])
        return r
    }

    static func threadCount() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0 }

    /// The most threads this process had while `body` ran, sampled every 2 ms.
    static func peakThreads(during body: () async throws -> Void) async rethrows -> Int {
        let peak = PeakCounter()
        let sampler = Thread {
            while !peak.done { peak.see(threadCount()); usleep(2_000) }
        }
        sampler.start()
        defer { peak.done = true }
        try await body()
        return peak.value
    }

    @Test func aBurstOfWrongPasswordsGetsAtMostFiveChecked() async throws {
        let server = try await TestServer.start()
        let accounts = server.app.context.accounts
        let checkedBefore = accounts.hasher.passwordsChecked
        let threadsBefore = Self.threadCount()
        var replies: [Reply] = []
        let peak = try await Self.peakThreads {
            replies = try await Self.burst((0..<200).map { Self.login(server, email: Self.demo, password: "wrong-\($0)") })
        }
        let statuses = Dictionary(grouping: replies, by: \.status).mapValues(\.count)
        let checked = accounts.hasher.passwordsChecked - checkedBefore
        #expect(checked <= AccountService.maxFailuresPerEmail, "\(checked) passwords checked: \(statuses)")
        #expect(statuses[401] == checked)
        #expect(statuses[429] == 200 - checked)
        #expect(statuses[200] == nil)
        // What the store holds is what was checked: the rows are the failures.
        let rows = try server.app.context.store.loginFailures(email: Self.demo, address: "127.0.0.1", since: Date().addingTimeInterval(-3600))
        #expect(rows.email == checked)
        let limited = try #require(replies.first { $0.status == 429 })
        #expect(limited.errorCode == "too_many_attempts")
        #expect(limited.header("Retry-After") == "900")
        // Even the right password is refused now, without being checked.
        let right = try await Self.burst([Self.login(server, email: Self.demo, password: "password")])[0]
        #expect(right.status == 429)
        #expect(accounts.hasher.passwordsChecked - checkedBefore == checked)
        // Waiting sign-ins hold no thread of their own (a thread each made 211 in such a burst).
        // The count is the whole test process's, and suites running beside this one start
        // servers and workers of their own (up to 70 threads on a loaded machine), so the bound
        // sits between that and a thread per sign-in.
        #expect(peak - threadsBefore < 120, "threads: \(threadsBefore) before, \(peak) at the peak")
    }

    @Test func aFullLineOfPasswordChecksAnswers503Busy() async throws {
        let server = try await TestServer.start { c in
            c.loginQueue = 0
            c.trustedProxies = try! .init(parsing: "127.0.0.1/32, ::1/128")
        }
        let accounts = server.app.context.accounts
        #expect(accounts.hasher.capacity == 2)
        let checkedBefore = accounts.hasher.passwordsChecked
        let replies = try await Self.burst((0..<40).map {
            Self.login(server, email: "nobody-\($0)@example.com", password: "whatever-\($0)", forwardedFor: "198.51.100.\($0 + 1)")
        })
        let statuses = Dictionary(grouping: replies, by: \.status).mapValues(\.count)
        #expect(Set(statuses.keys).isSubset(of: [401, 503]), "\(statuses)")
        #expect((statuses[503] ?? 0) > 0, "\(statuses)")
        #expect(statuses[401] == accounts.hasher.passwordsChecked - checkedBefore)
        let busy = try #require(replies.first { $0.status == 503 })
        #expect(busy.errorCode == "busy")
        #expect(busy.header("Retry-After") == "2")
        #expect(((busy.json["error"] as? [String: Any])?["message"] as? String)?.contains("잠시 후") == true)
        // A refused attempt is not held against its email or address: its password was never checked.
        let store = server.app.context.store
        for (i, reply) in replies.enumerated() {
            let rows = try store.loginFailures(email: "nobody-\(i)@example.com", address: "198.51.100.\(i + 1)", since: Date().addingTimeInterval(-3600))
            #expect(rows.email == (reply.status == 401 ? 1 : 0) && rows.address == rows.email)
        }
        // (Threads are counted by the burst of 200 above: 40 sign-ins are too few to tell a thread
        // each from the other suites' threads.)
        // The page says it too, in the reader's language.
        let english = try await Self.burst((0..<12).map {
            Self.login(server, email: "en-\($0)@example.com", password: "x", forwardedFor: "192.0.2.\($0 + 1)", language: "en")
        }).first { $0.status == 503 }
        if let english { #expect(((english.json["error"] as? [String: Any])?["message"] as? String)?.hasPrefix("Too many sign-ins") == true) }
    }

    @Test func forwardedForCountsOnlyFromTrustedProxies() async throws {
        // Not trusted (the default): a header naming other addresses changes nothing.
        let direct = try await TestServer.start()
        let spoofed = try await Self.burst((0..<AccountService.maxFailuresPerAddress).map {
            Self.login(direct, email: "guess-\($0)@example.com", password: "x", forwardedFor: "203.0.113.\($0 + 1)")
        })
        #expect(spoofed.allSatisfy { $0.status == 401 })
        let next = try await Self.burst([Self.login(direct, email: "guess-x@example.com", password: "x", forwardedFor: "203.0.113.200")])[0]
        #expect(next.status == 429, "the peer's address is what counts")

        // Behind a trusted proxy, each client is counted on its own and cannot shed its address.
        let proxied = try await TestServer.start { $0.trustedProxies = try! .init(parsing: "127.0.0.1/32,::1/128") }
        _ = try await Self.burst((0..<AccountService.maxFailuresPerAddress).map {
            Self.login(proxied, email: "guess-\($0)@example.com", password: "x", forwardedFor: "203.0.113.7")
        })
        let again = try await Self.burst([
            Self.login(proxied, email: "guess-y@example.com", password: "x", forwardedFor: "203.0.113.7"),
            Self.login(proxied, email: "guess-y@example.com", password: "x", forwardedFor: "1.2.3.4, 203.0.113.7"),
            Self.login(proxied, email: "guess-z@example.com", password: "x", forwardedFor: "203.0.113.8"),
        ])
        #expect(again.map(\.status) == [429, 429, 401])
        // Nobody else is locked out by one guesser: a real sign-in from another client works.
        let ok = try await Self.burst([Self.login(proxied, email: Self.demo, password: "password", forwardedFor: "198.51.100.1")])[0]
        #expect(ok.status == 200)
    }

    @Test func signUpsAndEmailLookUpsAreLimitedPerAddress() async throws {
        let server = try await TestServer.start { c in
            c.signupsPerHour = 2
            c.emailLookupsPerMinute = 3
            c.trustedProxies = try! .init(parsing: "127.0.0.1/32, ::1/128")
        }
        let c = Client(server)
        func signUp(_ n: Int, from address: String) async throws -> Reply {
            try await c.request("POST", "/api/v1/auth/signup", json: ["email": "new-\(n)@example.com", "password": "correct horse 1", "name": "x", "agreeTerms": true],
                                headers: ["X-Forwarded-For": address, "Accept-Language": "ko"])
        }
        #expect(try await signUp(1, from: "203.0.113.1").status == 201)
        // A taken email counts too: 409 tells whether an email has an account.
        #expect(try await c.request("POST", "/api/v1/auth/signup", json: ["email": Self.demo, "password": "correct horse 1", "name": "x", "agreeTerms": true],
                                    headers: ["X-Forwarded-For": "203.0.113.1"]).status == 409)
        let third = try await signUp(3, from: "203.0.113.1")
        #expect(third.status == 429)
        #expect(third.errorCode == "too_many_signups")
        #expect(third.header("Retry-After") == "3600")
        #expect(((third.json["error"] as? [String: Any])?["message"] as? String)?.contains("1시간") == true)
        #expect(try server.app.context.store.emailExists("new-3@example.com") == false)
        #expect(try await signUp(4, from: "203.0.113.2").status == 201)

        for _ in 0..<3 {
            #expect(try await c.get("/api/v1/auth/email-available?email=a%40b.io", headers: ["X-Forwarded-For": "203.0.113.1"]).status == 200)
        }
        // A visitor's messages follow Accept-Language (a member's, their setting).
        let lookup = try await Client(server).get("/api/v1/auth/email-available?email=a%40b.io", headers: ["X-Forwarded-For": "203.0.113.1", "Accept-Language": "en"])
        #expect(lookup.status == 429)
        #expect(lookup.errorCode == "too_many_lookups")
        #expect(((lookup.json["error"] as? [String: Any])?["message"] as? String) == "Too many email checks from this address. Try again in a minute.")
        #expect(try await c.get("/api/v1/auth/email-available?email=a%40b.io", headers: ["X-Forwarded-For": "203.0.113.2"]).status == 200)
    }

    @Test func lookAlikeEmailsAreOneAccountOrRefused() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        // Full-width letters are the same email: taken, and signing in with them works.
        let wide = try await c.signUp(email: "ｓｔｕｄｙ@notio.io")
        #expect(wide.status == 409)
        #expect(wide.errorCode == "email_taken")
        #expect(try await c.request("POST", "/api/v1/auth/login", json: ["email": "ＳＴＵＤＹ@notio.io", "password": "password"]).status == 200)
        #expect(try await Client(server).get("/api/v1/auth/email-available?email=%EF%BD%93tudy%40notio.io").json["available"] as? Bool == false)

        for (email, key) in [("stu\u{00AD}dy@notio.io", "email_invisible_characters"), ("stu\u{200B}dy@notio.io", "email_invisible_characters"),
                             ("\u{202E}study@notio.io", "email_invisible_characters"), ("\u{0455}tudy@notio.io", "email_mixed_scripts"),
                             ("victim\u{0301}@notio.io", "email_combining_marks")] {
            // Foundation's client sends Accept-Language: en.
            let message = L10n.t("account." + key, .en)
            let signup = try await Client(server).signUp(email: email)
            #expect(signup.status == 422, "\(email)")
            #expect(((signup.json["error"] as? [String: Any])?["fields"] as? [String: String])?["email"] == message)
            let login = try await Client(server).request("POST", "/api/v1/auth/login", json: ["email": email, "password": "password"])
            #expect(login.status == 422)
            #expect(((login.json["error"] as? [String: Any])?["message"] as? String) == message)
            let encoded = email.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let check = try await Client(server).get("/api/v1/auth/email-available?email=\(encoded)", headers: ["Accept-Language": "en"])
            #expect(check.status == 422)
            #expect(((check.json["error"] as? [String: Any])?["message"] as? String) == L10n.t("account." + key, .en))
        }
        // The sign-up page shows the same message beside the field.
        let page = Client(server)
        _ = try await page.get("/signup")
        let form = try await page.postForm("/signup", ["name": "x", "email": "stu\u{00AD}dy@notio.io", "password": "correct horse 1",
                                                       "passwordConfirm": "correct horse 1", "agreeTerms": "true"])
        #expect(form.status == 422)
        #expect(form.text.contains(L10n.t("account." + "email_invisible_characters", .en)))
        #expect(try server.app.context.store.userCount() == 1)
    }
}

final class PeakCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private var finished = false
    var value: Int { lock.withLock { peak } }
    var done: Bool {
        get { lock.withLock { finished } }
        set { lock.withLock { finished = newValue } }
    }
    func see(_ n: Int) { lock.withLock { peak = max(peak, n) } }
}
