import Testing
@testable import NotioHTTP

/// The router looks literal paths up and patterns by length; the answer must stay the table's:
/// the first route in order whose pattern and method fit.
@Suite struct RouterTests {
    static func route(_ method: String, _ pattern: String) -> Route { Route(method, pattern, .sync { _ in .noContent() }) }

    func found(_ router: Router, _ method: String, _ path: String) -> (pattern: String, params: [String: String])? {
        guard case .found(let route, let params) = router.match(method: method, path: path) else { return nil }
        return (route.pattern, params)
    }

    @Test func theFirstFittingRouteInTableOrderAnswers() {
        let router = Router([
            Self.route("GET", "/notes/{id}"),
            Self.route("GET", "/notes/search"),        // after the pattern: never reached by GET
            Self.route("POST", "/notes/search"),
            Self.route("GET", "/files/{path...}"),
            Self.route("GET", "/"),
            Self.route("GET", "/notes"),
            Self.route("GET", "/{lang}/notes"),
        ])
        #expect(found(router, "GET", "/notes/search")?.pattern == "/notes/{id}")
        #expect(found(router, "GET", "/notes/search")?.params == ["id": "search"])
        #expect(found(router, "POST", "/notes/search")?.pattern == "/notes/search")
        #expect(found(router, "HEAD", "/notes")?.pattern == "/notes")
        #expect(found(router, "GET", "//notes/")?.pattern == "/notes")
        #expect(found(router, "GET", "/")?.pattern == "/")
        #expect(found(router, "GET", "/files/a/b.txt")?.params == ["path": "a/b.txt"])
        #expect(found(router, "GET", "/notes/1/2") == nil)
        #expect(found(router, "GET", "/en/notes")?.params == ["lang": "en"])
        #expect(found(router, "GET", "/notes/notes")?.pattern == "/notes/{id}")
        guard case .methodNotAllowed(let allowed) = router.match(method: "DELETE", path: "/notes/search") else {
            Issue.record("DELETE /notes/search is a known path"); return
        }
        #expect(Set(allowed) == ["GET", "POST"])
        guard case .notFound = router.match(method: "GET", path: "/nothing/here") else { Issue.record("unknown path"); return }
    }

    /// A literal path that no pattern fits is answered from the literal routes alone; one that a
    /// pattern added later fits still hears of the pattern's methods.
    @Test func aPatternAddedAfterALiteralStillCounts() {
        let router = Router([Self.route("GET", "/a/b"), Self.route("GET", "/a/c"), Self.route("POST", "/{x}/b"),
                             Self.route("PUT", "/a/{rest...}")])
        #expect(found(router, "POST", "/a/b")?.params == ["x": "a"])
        #expect(found(router, "PUT", "/a/c")?.params == ["rest": "c"])
        #expect(found(router, "GET", "/a/c")?.pattern == "/a/c")
        guard case .methodNotAllowed(let allowed) = router.match(method: "DELETE", path: "/a/b") else {
            Issue.record("DELETE /a/b is a known path"); return
        }
        #expect(Set(allowed) == ["GET", "POST", "PUT"])
        let alone = Router([Self.route("GET", "/api/v1/me"), Self.route("PATCH", "/api/v1/me"), Self.route("GET", "/api/v1/notes/{id}")])
        #expect(found(alone, "HEAD", "/api/v1/me")?.pattern == "/api/v1/me")
        guard case .methodNotAllowed(let methods) = alone.match(method: "PUT", path: "/api/v1/me") else {
            Issue.record("PUT /api/v1/me is a known path"); return
        }
        #expect(methods == ["GET", "PATCH"])
    }

    @Test func aLiteralRouteBeforeAPatternWins() {
        let router = Router([Self.route("GET", "/notes/search"), Self.route("GET", "/notes/{id}")])
        #expect(found(router, "GET", "/notes/search")?.pattern == "/notes/search")
        #expect(found(router, "GET", "/notes/7")?.params == ["id": "7"])
    }
}
