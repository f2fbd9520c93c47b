import Foundation
import Testing
import NotioHTTP
@testable import NotioApp

/// Eight wrong passwords from strangers lock out strangers: the reader's own devices (the browser
/// they signed in with before, the address they signed in from lately) still sign in.
@Suite struct SignInLockoutTests {
    static let login = "/api/v1/auth/login"

    static func from(_ address: String) -> [String: String] { ["X-Forwarded-For": address] }

    @Test func aStrangersGuessesDoNotLockTheReadersOwnDevicesOut() async throws {
        // Behind a proxy on 127.0.0.1, so that each client can come from an address of its own.
        let server = try await TestServer.start(seedDemo: false) { $0.trustedProxies = try! TrustedProxies(parsing: "127.0.0.1/32") }
        let email = "reader-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let right = ["email": email, "password": "correct horse 1"]
        let reader = Client(server)
        let signedUp = try await reader.request("POST", "/api/v1/auth/signup", json: ["email": email, "password": "correct horse 1", "name": "독자", "agreeTerms": true],
                                               headers: Self.from("192.0.2.10"))
        #expect(signedUp.status == 201)
        let device = try #require(reader.cookies[Cookies.device], "sign-up sets the device cookie")
        #expect(try await reader.request("POST", "/api/v1/auth/logout", headers: Self.from("192.0.2.10")).status == 204)
        #expect(try await reader.get("/api/v1/me").status == 401)
        #expect(reader.cookies[Cookies.device] == device, "the device cookie outlives the session")

        // A stranger guesses from eight addresses: five passwords are checked, then 429.
        for i in 0..<8 {
            let r = try await Client(server).request("POST", Self.login, json: ["email": email, "password": "guess \(i)"], headers: Self.from("203.0.113.\(i + 1)"))
            #expect(r.status == (i < 5 ? 401 : 429), "guess \(i): \(r.status)")
        }
        // Any other unknown browser, from anywhere, is held to the same limit.
        #expect(try await Client(server).request("POST", Self.login, json: right, headers: Self.from("198.51.100.7")).status == 429)
        // The reader's own browser signs in, even from an address it never used.
        let again = try await reader.request("POST", Self.login, json: right, headers: Self.from("198.51.100.8"))
        #expect(again.status == 200, "\(again.text)")
        // So does a new browser at the address the reader signed up from.
        #expect(try await Client(server).request("POST", Self.login, json: right, headers: Self.from("192.0.2.10")).status == 200)

        // A known device has a line of its own: its wrong passwords lock it alone.
        let stolenCookie = Client(server)
        stolenCookie.cookies[Cookies.device] = device
        for i in 0..<6 {
            let r = try await stolenCookie.request("POST", Self.login, json: ["email": email, "password": "guess \(i)"], headers: Self.from("198.51.100.9"))
            #expect(r.status == (i < 5 ? 401 : 429), "device guess \(i): \(r.status)")
        }
        #expect(try await Client(server).request("POST", Self.login, json: right, headers: Self.from("192.0.2.10")).status == 200)
        // A device cookie that is no reader's is an unknown device.
        let forged = Client(server)
        forged.cookies[Cookies.device] = String(repeating: "A", count: 43)
        #expect(try await forged.request("POST", Self.login, json: right, headers: Self.from("198.51.100.10")).status == 429)
    }

    /// The known devices go with the account.
    @Test func knownDevicesAreGoneWithTheAccount() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        #expect(try await c.signUp().status == 201)
        let id = try #require((try await c.get("/api/v1/me").json["user"] as? [String: Any])?["id"] as? String)
        let key = SignInDevice.addressKey("127.0.0.1")
        #expect(try server.app.context.store.knownDevice(userId: id, among: [(key, .distantPast)]) == key)
        #expect(try await c.request("DELETE", "/api/v1/me", json: ["password": "correct horse 1"]).status == 204)
        #expect(try server.app.context.store.knownDevice(userId: id, among: [(key, .distantPast)]) == nil)
    }
}
