import Foundation
import Testing
@testable import NotioApp

@Suite struct AccountsAPITests {
    @Test func healthAnswersWhenTheDatabaseDoes() async throws {
        let server = try await TestServer.start()
        let r = try await Client(server).get("/healthz")
        #expect(r.status == 200)
        #expect(r.json["status"] as? String == "ok")
    }

    @Test func signUpSignsInWithASafeCookie() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        let r = try await c.signUp(email: "Mina@Example.com", name: "민아")
        #expect(r.status == 201)
        let user = try #require(r.json["user"] as? [String: Any])
        #expect(user["email"] as? String == "mina@example.com")
        #expect(user["name"] as? String == "민아")
        #expect((r.json["csrfToken"] as? String)?.count ?? 0 >= 40)
        let cookie = try #require(r.header("Set-Cookie"))
        #expect(cookie.contains("notio_session="))
        #expect(cookie.contains("HttpOnly"))
        #expect(cookie.contains("SameSite=Lax"))
        #expect(!cookie.contains("Secure"))
        let me = try await c.get("/api/v1/me")
        #expect(me.status == 200)
        #expect((me.json["user"] as? [String: Any])?["id"] as? String == user["id"] as? String)
        #expect(me.json["csrfToken"] as? String == r.json["csrfToken"] as? String)
    }

    @Test func cookiesAreSecureBehindHTTPS() async throws {
        let server = try await TestServer.start(publicURL: "https://notio.example.org")
        let r = try await Client(server).signUp()
        #expect(r.header("Set-Cookie")?.contains("; Secure") == true)
    }

    @Test func duplicateEmailIsAConflict() async throws {
        let server = try await TestServer.start()
        let r = try await Client(server).signUp(email: "study@notio.io")
        #expect(r.status == 409)
        #expect(r.errorCode == "email_taken")
        let again = try await Client(server).signUp(email: " STUDY@notio.io ")
        #expect(again.status == 409)
    }

    @Test func badValuesAre422NamingTheFields() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        let r = try await c.request("POST", "/api/v1/auth/signup", json: ["email": "not-an-email", "password": "short", "name": "", "agreeTerms": false])
        #expect(r.status == 422)
        let fields = try #require((r.json["error"] as? [String: Any])?["fields"] as? [String: String])
        #expect(Set(fields.keys) == ["email", "password", "name", "agreeTerms"])
        let typed = try await c.request("POST", "/api/v1/auth/signup", json: ["email": 3, "password": "longenough", "name": "x", "agreeTerms": true])
        #expect(typed.status == 422)
        #expect(((typed.json["error"] as? [String: Any])?["fields"] as? [String: String])?["email"] != nil)
        #expect(try await Client(server).get("/api/v1/auth/email-available?email=x%40y.io").json["available"] as? Bool == true)
    }

    @Test func malformedJSONIs400AndChangesNothing() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        let r = try await c.request("POST", "/api/v1/auth/signup", body: Data("{\"email\": ".utf8), contentType: "application/json")
        #expect(r.status == 400)
        #expect(r.errorCode == "malformed_request")
        #expect(try server.app.context.store.userCount() == 1)
    }

    @Test func emailAvailability() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        #expect(try await c.get("/api/v1/auth/email-available?email=study%40notio.io").json["available"] as? Bool == false)
        #expect(try await c.get("/api/v1/auth/email-available?email=STUDY%40notio.io").json["available"] as? Bool == false)
        #expect(try await c.get("/api/v1/auth/email-available?email=new%40notio.io").json["available"] as? Bool == true)
        let invalid = try await c.get("/api/v1/auth/email-available?email=nope")
        #expect(invalid.status == 422)
        #expect(((invalid.json["error"] as? [String: Any])?["fields"] as? [String: String])?["email"] == "Enter a valid email address.")
    }

    @Test func loginLogoutAndWrongPassword() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        let wrong = try await c.request("POST", "/api/v1/auth/login", json: ["email": "study@notio.io", "password": "wrong-password"])
        #expect(wrong.status == 401)
        #expect(wrong.errorCode == "invalid_credentials")
        let unknown = try await c.request("POST", "/api/v1/auth/login", json: ["email": "nobody@notio.io", "password": "password"])
        #expect(unknown.status == 401)
        let ok = try await c.request("POST", "/api/v1/auth/login", json: ["email": "study@notio.io", "password": "password"])
        #expect(ok.status == 200)
        #expect((ok.json["user"] as? [String: Any])?["name"] as? String == "데모 학생")
        #expect(try await c.get("/api/v1/me").status == 200)
        // Without the CSRF token the session cannot be ended by another site.
        let forged = try await c.request("POST", "/api/v1/auth/logout", csrf: false)
        #expect(forged.status == 403)
        #expect(forged.errorCode == "csrf_token_invalid")
        #expect(try await c.get("/api/v1/me").status == 200)
        let out = try await c.request("POST", "/api/v1/auth/logout")
        #expect(out.status == 204)
        let after = try await c.get("/api/v1/me")
        #expect(after.status == 401)
        #expect(after.errorCode == "not_signed_in")
    }

    @Test func repeatedFailuresAreRateLimited() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        for _ in 0..<AccountService.maxFailuresPerEmail {
            #expect(try await c.request("POST", "/api/v1/auth/login", json: ["email": "study@notio.io", "password": "nope-nope"]).status == 401)
        }
        let limited = try await c.request("POST", "/api/v1/auth/login", json: ["email": "study@notio.io", "password": "password"])
        #expect(limited.status == 429)
        #expect(limited.errorCode == "too_many_attempts")
        // Another account from the same address is still fine.
        let other = Client(server)
        try await other.signUp(email: "second@example.com")
        let fresh = Client(server)
        #expect(try await fresh.request("POST", "/api/v1/auth/login", json: ["email": "second@example.com", "password": "correct horse 1"]).status == 200)
    }

    @Test func preferencesAreValidated() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        try await c.signUp()
        let ok = try await c.request("PATCH", "/api/v1/me", json: ["language": "en", "timeZone": "Europe/Berlin"])
        #expect(ok.status == 200)
        #expect((ok.json["user"] as? [String: Any])?["timeZone"] as? String == "Europe/Berlin")
        let bad = try await c.request("PATCH", "/api/v1/me", json: ["language": "fr", "timeZone": "Mars/Olympus"])
        #expect(bad.status == 422)
        #expect(((bad.json["error"] as? [String: Any])?["fields"] as? [String: String])?.keys.sorted() == ["language", "timeZone"])
    }

    @Test func scriptTagNamesAreStoredAsTypedAndShownEscaped() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        let name = "<script>alert(1)</script>"
        try await c.signUp(name: name)
        #expect((try await c.get("/api/v1/me").json["user"] as? [String: Any])?["name"] as? String == name)
        let home = try await c.get("/")
        #expect(home.status == 200)
        #expect(!home.text.contains(name))
        #expect(home.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }
}
