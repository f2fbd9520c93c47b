import Foundation
import Testing
@testable import NotioApp
import NotioTestSupport

/// Name and email change through the API and the settings page, and `notio reset-password`
/// for self-hosters without mail.
@Suite struct AccountProfileTests {
    @Test func nameAndEmailChange() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        let email = "reader-\(UUID().uuidString.prefix(6).lowercased())@example.com"
        try await c.signUp(email: email, password: "correct horse 1")
        let other = Client(server)
        let taken = "other-\(UUID().uuidString.prefix(6).lowercased())@example.com"
        try await other.signUp(email: taken)

        let renamed = try await c.request("PATCH", "/api/v1/me", json: ["name": "  새 이름 "])
        #expect((renamed.json["user"] as? [String: Any])?["name"] as? String == "새 이름")
        let empty = try await c.request("PATCH", "/api/v1/me", json: ["name": " "])
        #expect(empty.status == 422 && ((empty.json["error"] as? [String: Any])?["fields"] as? [String: Any])?["name"] != nil, "\(empty.text)")
        #expect(try await c.request("PATCH", "/api/v1/me", json: ["name": String(repeating: "가", count: 51)]).status == 422)

        let wrong = try await c.request("POST", "/api/v1/me/email", json: ["email": "new@example.com", "password": "nope nope nope"])
        #expect(wrong.status == 403 && wrong.errorCode == "wrong_password")
        let clash = try await c.request("POST", "/api/v1/me/email", json: ["email": taken.uppercased(), "password": "correct horse 1"])
        #expect(clash.status == 409 && clash.errorCode == "email_taken", "\(clash.text)")
        #expect(try await c.request("POST", "/api/v1/me/email", json: ["email": "not-an-email", "password": "correct horse 1"]).status == 422)
        let fresh = "moved-\(UUID().uuidString.prefix(6).lowercased())@example.com"
        let moved = try await c.request("POST", "/api/v1/me/email", json: ["email": fresh, "password": "correct horse 1"])
        #expect(moved.status == 200 && (moved.json["user"] as? [String: Any])?["email"] as? String == fresh, "\(moved.text)")
        // The new email signs in; the old one no longer does.
        #expect(try await Client(server).request("POST", "/api/v1/auth/login", json: ["email": fresh, "password": "correct horse 1"]).status == 200)
        #expect(try await Client(server).request("POST", "/api/v1/auth/login", json: ["email": email, "password": "correct horse 1"]).status == 401)

        // The settings page: the same rules by form.
        _ = try await c.get("/settings")
        let page = try await c.postForm("/settings/profile", ["name": "폼 이름", "email": taken, "password": "correct horse 1"])
        #expect(page.status == 409)
        #expect(try await c.postForm("/settings/profile", ["name": "폼 이름", "email": fresh]).status == 303)
        #expect(try await c.get("/settings").text.contains("value=\"폼 이름\""))
    }

    @Test func resetPasswordFromTheCommandLine() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        let email = "forgot-\(UUID().uuidString.prefix(6).lowercased())@example.com"
        try await c.signUp(email: email, password: "old password 1")
        func run(_ extra: [String], stdin: String) async throws -> (Int32, String) {
            let url = TestDatabase.url(for: server.dataDirectory)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: TestServer.packageRoot + "/.build/debug/notio")
            p.arguments = ["reset-password", "--data-dir", server.dataDirectory, "--user", email] + extra + (url.isEmpty ? [] : ["--database-url", url])
            let input = Pipe(), output = Pipe()
            p.standardInput = input
            p.standardOutput = output
            p.standardError = FileHandle.nullDevice
            try p.run()
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in Thread { p.waitUntilExit(); done.resume() }.start() }
            return (p.terminationStatus, String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        // Too short: refused, nothing changed.
        #expect(try await run([], stdin: "short\n").0 == 1)
        let (status, _) = try await run([], stdin: "typed new password\n")
        #expect(status == 0)
        try await Task.sleep(for: .seconds(1.1))  // the server's one-second session cache
        #expect(try await c.get("/api/v1/me").status == 401)
        #expect(try await Client(server).request("POST", "/api/v1/auth/login", json: ["email": email, "password": "typed new password"]).status == 200)
        let (generatedStatus, printed) = try await run(["--generate"], stdin: "")
        let generated = printed.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(generatedStatus == 0 && generated.count == 24)
        #expect(try await Client(server).request("POST", "/api/v1/auth/login", json: ["email": email, "password": generated]).status == 200)
        // The sign-in page says whom to ask.
        #expect(try await Client(server).get("/login").text.contains("id=\"forgot-password\""))
    }
}
