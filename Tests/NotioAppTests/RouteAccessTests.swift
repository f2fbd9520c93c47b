import Foundation
import Testing
import NotioHTTP
@testable import NotioApp

/// Who may call each route is declared in the route table and checked by the router: these tests
/// list the table against a committed file, then ask the real server as nobody and as the demo
/// guest.
@Suite struct RouteAccessTests {
    static let listPath = TestServer.packageRoot + "/Tests/Fixtures/route-access.txt"

    /// `METHOD pattern access`, one route a line, in table order.
    static func listing(_ routes: [AppRoute]) -> String {
        routes.map { route in
            let method = route.method.padding(toLength: 7, withPad: " ", startingAt: 0)
            let pattern = route.pattern.padding(toLength: max(46, route.pattern.count + 1), withPad: " ", startingAt: 0)
            return method + pattern + route.access.rawValue
        }.joined(separator: "\n") + "\n"
    }

    static func routes(_ server: TestServer) -> [AppRoute] {
        routeTable(server.app.context) + staticRoutes(server.app.statics)
    }

    /// A new route, or a changed access, changes this list: the review sees who may call it.
    @Test func everyRouteIsListedWithItsAccess() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let routes = Self.routes(server)
        let actual = Self.listing(routes)
        let committed = try String(contentsOfFile: Self.listPath, encoding: .utf8)
        #expect(actual == committed, "the route table's access differs from Tests/Fixtures/route-access.txt; the table now says:\n\(actual)")
        // Each access is used, and only the documented parameters appear in patterns.
        #expect(Set(routes.map(\.access)) == Set(Access.allCases))
        for route in routes {
            #expect(route.undeclaredParameters.isEmpty, "\(route.method) \(route.pattern) uses an undeclared path parameter")
        }
    }

    /// A path with its parameters filled with an id that exists nowhere.
    static func path(_ pattern: String) -> String {
        pattern.replacingOccurrences(of: #"\{[A-Za-z]+\}"#, with: "nothing", options: .regularExpression)
    }

    /// Without a session, every member route is refused before its handler: 401 `not_signed_in`
    /// under /api, a redirect to the sign-in page for pages (forms too, once their CSRF token is
    /// right).
    @Test func memberRoutesNeedASession() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let nobody = Client(server)
        _ = try await nobody.get("/login")
        for route in Self.routes(server) where route.access.needsSignIn {
            let path = Self.path(route.pattern)
            // Writes carry what CSRF asks of someone without a session: JSON, or the form's token.
            let r = route.method == "GET" ? try await nobody.get(path)
                : route.pattern.hasPrefix("/api/") ? try await nobody.request(route.method, path, json: [String: String]())
                : try await nobody.postForm(path, [:])
            if route.pattern.hasPrefix("/api/") {
                #expect(r.status == 401 && r.errorCode == "not_signed_in", "\(route.method) \(path) answered \(r.status) \(r.errorCode ?? "")")
            } else {
                #expect(r.status == 303 && r.header("Location") == "/login", "\(route.method) \(path) answered \(r.status)")
            }
        }
        for route in Self.routes(server) where route.access == .widgetToken {
            let r = try await nobody.get(route.pattern + "?token=revoked")
            #expect(r.status == 401, "\(route.pattern) answered \(r.status)")
            if route.pattern.hasPrefix("/api/") { #expect(r.errorCode == "invalid_widget_token") }
        }
        // The page form of the widget says so in a page, not in JSON.
        let page = try await nobody.get("/widget/sentence")
        #expect(page.status == 401 && page.header("Content-Type")?.hasPrefix("text/html") == true)
    }

    /// The demo guest reads what members read, and every write of a member or visitor route is
    /// refused with `403 read_only`; only the routes that start or end a session, and the card
    /// (which stores nothing), take a guest's write.
    @Test func theGuestReadsButCannotWrite() async throws {
        let server = try await TestServer.start()
        let guest = Client(server)
        _ = try await guest.get("/login")
        let started = try await guest.postForm("/guest", [:])
        #expect(started.status == 303 && guest.cookies["notio_session"] != nil)
        let me = try await guest.get("/api/v1/me")
        #expect(me.status == 200 && me.json["readOnly"] as? Bool == true)
        #expect(try await guest.get("/notes").status == 200)
        #expect(try await guest.get("/api/v1/books").status == 200)
        for route in Self.routes(server) where route.method != "GET" && [.member, .visitor].contains(route.access) {
            let path = Self.path(route.pattern)
            let r = route.pattern.hasPrefix("/api/") ? try await guest.request(route.method, path) : try await guest.postForm(path, [:])
            #expect(r.status == 403, "\(route.method) \(path) let the guest write: \(r.status)")
            if route.pattern.hasPrefix("/api/") { #expect(r.errorCode == "read_only", "\(route.method) \(path): \(r.errorCode ?? "")") }
        }
        // The card is drawn for a guest too: past the access check, an unknown sentence is 404.
        let card = try await guest.request("POST", "/api/v1/sentences/nothing/card")
        #expect(card.status == 404)
        // A guest's write without its token is still refused by CSRF first.
        let forged = try await guest.request("DELETE", "/api/v1/notes/nothing", csrf: false)
        #expect(forged.status == 403 && forged.errorCode == "csrf_token_invalid")
    }

    /// Every route with a `{name}` reaches its handler's parameter reads with an id that exists
    /// nowhere: a handler reading a parameter its pattern lacks answers 500 (never a silent "").
    @Test func everyParameterisedRouteReadsOnlyItsOwnParameters() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let member = Client(server)
        try await member.signUp()
        _ = try await member.get("/api/v1/me")
        for route in Self.routes(server) where route.pattern.contains("{") && route.access != .public {
            let path = Self.path(route.pattern)
            let r = route.method == "GET" ? try await member.get(path)
                : route.pattern.hasPrefix("/api/") ? try await member.request(route.method, path, json: [String: String]())
                : try await member.postForm(path, [:])
            #expect(r.status == 404, "\(route.method) \(path) answered \(r.status) for an unknown id")
        }
    }

    /// A handler that reads a parameter its route does not declare fails loudly, not with "".
    @Test func anUndeclaredPathParameterIsAnError() throws {
        let request = Request(method: "GET", path: "/notes/x")
        #expect(throws: UndeclaredPathParameter.self) { try request[.id] }
    }
}
