import Foundation
import Testing
import NotioHTTP
@testable import NotioApp

@Suite struct ConventionsTests {
    @Test func unknownRoutesAre404InTheRightShape() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        let api = try await c.get("/api/v1/nothing-here")
        #expect(api.status == 404)
        #expect(api.errorCode == "not_found")
        #expect(api.header("Content-Type")?.hasPrefix("application/json") == true)
        let page = try await c.get("/nothing-here")
        #expect(page.status == 404)
        #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(page.text.contains("<html"))
    }

    @Test func wrongMethodIs405WithAllow() async throws {
        let server = try await TestServer.start()
        let r = try await Client(server).request("PUT", "/api/v1/me")
        #expect(r.status == 405)
        #expect(r.errorCode == "method_not_allowed")
        #expect(r.header("Allow")?.contains("GET") == true)
    }

    @Test func tooLargeBodiesAre413AndTheServerGoesOn() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        let big = Data(repeating: 0x20, count: 2 << 20)
        let r = try await c.request("POST", "/api/v1/auth/login", body: big, contentType: "application/json")
        #expect(r.status == 413)
        #expect(r.errorCode == "payload_too_large")
        #expect(try await c.get("/healthz").status == 200)
    }

    @Test func openAPIListsExactlyTheAPIRoutes() async throws {
        let server = try await TestServer.start()
        let r = try await Client(server).get("/api/openapi.json")
        #expect(r.status == 200)
        #expect(r.json["openapi"] as? String == "3.1.0")
        let paths = try #require(r.json["paths"] as? [String: [String: Any]])
        let documented = Set(paths.flatMap { path, ops in ops.keys.map { "\($0.uppercased()) \(path)" } })
        let routed = Set(routeTable(server.app.context).filter { $0.pattern.hasPrefix("/api/") || $0.pattern == "/healthz" }
            .map { "\($0.method) \($0.pattern)" })
        #expect(documented == routed)
    }

    @Test func formsWithoutTheirTokenAreRefused() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        _ = try await c.get("/login")
        #expect(c.cookies["notio_csrf"] != nil)
        let body = Data("email=study%40notio.io&password=password".utf8)
        let r = try await c.request("POST", "/login", body: body, contentType: "application/x-www-form-urlencoded")
        #expect(r.status == 403)
        let ok = try await c.postForm("/login", ["email": "study@notio.io", "password": "password"])
        #expect(ok.status == 303)
        #expect(ok.header("Location") == "/")
        #expect(c.cookies["notio_session"] != nil)
    }

    @Test func crossSiteSimpleRequestsCannotSignUp() async throws {
        let server = try await TestServer.start()
        let body = Data(#"{"email":"x@y.io","password":"12345678","name":"x","agreeTerms":true}"#.utf8)
        let r = try await Client(server).request("POST", "/api/v1/auth/signup", body: body, contentType: "text/plain")
        #expect(r.status == 415)
        #expect(try server.app.context.store.userCount() == 1)
    }

    @Test func guestsBrowseTheDemoReadOnly() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        _ = try await c.get("/welcome")
        let g = try await c.postForm("/guest", [:])
        #expect(g.status == 303)
        let me = try await c.get("/api/v1/me")
        #expect(me.status == 200)
        #expect((me.json["user"] as? [String: Any])?["email"] as? String == "study@notio.io")
        #expect(me.json["readOnly"] as? Bool == true)
        let change = try await c.request("PATCH", "/api/v1/me", json: ["language": "en"])
        #expect(change.status == 403)
        #expect(change.errorCode == "read_only")
        let home = try await c.get("/")
        #expect(home.status == 200)
        #expect(home.text.contains("데모 학생"))
        #expect(try await c.request("POST", "/api/v1/auth/logout").status == 204)
    }

    @Test func languageFollowsAcceptLanguage() async throws {
        let server = try await TestServer.start()
        let ko = try await Client(server).get("/login", headers: ["Accept-Language": "ko-KR,ko;q=0.9,en;q=0.8"])
        #expect(ko.text.contains("lang=\"ko\""))
        let en = try await Client(server).get("/login", headers: ["Accept-Language": "en-US,en;q=0.9"])
        #expect(en.text.contains("lang=\"en\""))
    }

    @Test func staticFilesAreHashedAndImmutable() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        let url = server.app.statics.url(for: "css/app.css")
        #expect(url != "/static/css/app.css")
        let r = try await c.get(url)
        #expect(r.status == 200)
        #expect(r.header("Cache-Control")?.contains("immutable") == true)
        let etag = try #require(r.header("ETag"))
        #expect(try await c.get(url, headers: ["If-None-Match": etag]).status == 304)
        let sw = try await c.get("/sw.js")
        #expect(sw.status == 200)
        #expect(sw.header("Cache-Control") == "no-cache")
        #expect(try await c.get("/manifest.webmanifest").status == 200)
        #expect(try await c.get("/icons/icon-192.png").header("Content-Type") == "image/png")
        #expect(try await c.get("/apple-touch-icon.png").status == 200)
        #expect(try await c.get("/icons/../Package.swift").status == 404)
    }
}
