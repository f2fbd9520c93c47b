import Foundation
import Testing
@testable import NotioApp

/// The demo account (a password everyone knows) exists only when the server is started with
/// `--seed-demo`; 둘러보기 is offered only then.
@Suite struct DemoAccountTests {
    @Test func aFreshServerWithoutTheFlagHasNoKnownPassword() async throws {
        let server = try await TestServer.start(seedDemo: false)
        #expect(try server.app.context.store.userCount() == 0)
        let c = Client(server)
        let login = try await c.request("POST", "/api/v1/auth/login", json: ["email": "study@notio.io", "password": "password"])
        #expect(login.status == 401)
        for path in ["/login", "/welcome"] {
            let page = try await c.get(path, headers: ["Accept-Language": "ko"])
            #expect(page.status == 200)
            #expect(!page.text.contains("/guest") && !page.text.contains("둘러보기"), "\(path) offers 둘러보기")
        }
        let guest = try await c.postForm("/guest", [:])
        #expect(guest.status == 404)
        #expect(guest.text.contains(L10n.t("account." + "demo_unavailable", .en)))
        #expect(c.cookies["notio_session"] == nil)
    }

    @Test func withTheFlagTheDemoSignsInAndIsBrowsed() async throws {
        let server = try await TestServer.start(seedDemo: true)
        let c = Client(server)
        for path in ["/login", "/welcome"] {
            let page = try await c.get(path, headers: ["Accept-Language": "ko"])
            #expect(page.text.contains(#"action="/guest""#) && page.text.contains("둘러보기"))
        }
        #expect(try await c.postForm("/guest", [:]).status == 303)
        #expect(try await c.get("/api/v1/me").json["readOnly"] as? Bool == true)
        let login = try await Client(server).request("POST", "/api/v1/auth/login", json: ["email": "study@notio.io", "password": "password"])
        #expect(login.status == 200)
    }

    @Test func aDemoLeftFromAnEarlierStartLosesItsPublicPassword() async throws {
        let directory = NSTemporaryDirectory() + "notio-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try await TestServer.start(seedDemo: true, dataDirectory: directory)
        await first.stopKeepingData()
        let second = try await TestServer.start(seedDemo: false, dataDirectory: directory)
        let login = try await Client(second).request("POST", "/api/v1/auth/login", json: ["email": "study@notio.io", "password": "password"])
        #expect(login.status == 401)
        // Its data stays: --seed-demo brings the demo back as it was.
        #expect(try second.app.context.store.userCount() == 1)
        await second.stopKeepingData()
        let third = try await TestServer.start(seedDemo: true, dataDirectory: directory)
        #expect(try await Client(third).request("POST", "/api/v1/auth/login", json: ["email": "study@notio.io", "password": "password"]).status == 200)
    }
}
