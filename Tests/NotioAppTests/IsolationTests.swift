import Foundation
import Testing
@testable import NotioApp

/// Every route that takes an id is tried by a second account against the first account's data:
/// the answer must be 404 (never revealing that the id exists) and nothing may change.
/// A route with a path parameter and no probe here fails the test, so new features must add one.
@Suite struct IsolationTests {
    /// How to make a resource as its owner, for each route pattern that names one.
    /// Returns the values for the pattern's parameters.
    typealias Probe = @Sendable (Client) async throws -> [String: String]

    static let probes: [String: Probe] = {
        let note: Probe = { owner in
            let r = try await owner.upload(TestPDFs.blankPages(2), title: "주인의 노트")
            return ["id": (r.json["note"] as? [String: Any])?["id"] as? String ?? "missing"]
        }
        let job: Probe = { owner in
            let r = try await owner.upload(TestPDFs.blankPages(2))
            return ["id": (r.json["job"] as? [String: Any])?["id"] as? String ?? "missing"]
        }
        // A note whose analysis finished, with the id of its first concept.
        let concept: Probe = { owner in
            let pdf = try Data(contentsOf: URL(fileURLWithPath: TestPDFs.path("kotex-doc.pdf")))
            let r = try await owner.upload(pdf, title: "주인의 노트")
            let id = (r.json["note"] as? [String: Any])?["id"] as? String ?? "missing"
            _ = try await owner.waitForJob((r.json["job"] as? [String: Any])?["id"] as? String ?? "missing")
            let concepts = try await owner.get("/api/v1/notes/\(id)").json["concepts"] as? [[String: Any]]
            return ["id": id, "conceptId": concepts?.first?["id"] as? String ?? "missing"]
        }
        return [
            "/notes/{id}": note,
            "/notes/{id}/progress": note,
            "/notes/{id}/source": note,
            "/notes/{id}/delete": note,
            "/notes/{id}/concepts/{conceptId}": concept,
            "/jobs/{id}/cancel": job,
            "/api/v1/notes/{id}": note,
            "/api/v1/notes/{id}/source": note,
            "/api/v1/jobs/{id}": job,
            "/api/v1/jobs/{id}/events": job,
            "/api/v1/jobs/{id}/cancel": job,
        ]
    }()

    @Test func everyRouteWithAnIdIsOwnerScoped() async throws {
        let server = try TestServer()
        let owner = Client(server), intruder = Client(server)
        try await owner.signUp()
        try await intruder.signUp()
        let parameterised = routeTable(server.app.context).filter { $0.pattern.contains("{") }
        for route in parameterised {
            let probe = try #require(Self.probes[route.pattern], "no isolation probe for \(route.method) \(route.pattern)")
            let params = try await probe(owner)
            var path = route.pattern
            for (k, v) in params { path = path.replacingOccurrences(of: "{\(k)}", with: v) }
            let r = try await intruder.request(route.method, path, json: route.method == "GET" || route.method == "DELETE" ? nil : [String: String]())
            #expect(r.status == 404, "\(route.method) \(path) answered \(r.status) to another account")
        }
        // Nothing of the owner's was changed or removed by the attempts.
        let notes = try await owner.get("/api/v1/notes").json["items"] as? [[String: Any]] ?? []
        #expect(notes.count == parameterised.count)
        #expect(notes.allSatisfy { $0["title"] as? String == "주인의 노트" || $0["title"] as? String == "lecture" })
        #expect((try await intruder.get("/api/v1/notes").json["items"] as? [Any])?.isEmpty == true)
    }

    @Test func meIsAlwaysTheCaller() async throws {
        let server = try TestServer()
        let a = Client(server), b = Client(server)
        try await a.signUp(email: "a@example.com", name: "에이")
        try await b.signUp(email: "b@example.com", name: "비")
        #expect((try await a.get("/api/v1/me").json["user"] as? [String: Any])?["email"] as? String == "a@example.com")
        #expect((try await b.get("/api/v1/me").json["user"] as? [String: Any])?["email"] as? String == "b@example.com")
        // A's token is no use with B's cookie.
        let mixed = try await b.request("PATCH", "/api/v1/me", json: ["language": "en"], headers: ["X-CSRF-Token": a.csrfToken!], csrf: false)
        #expect(mixed.status == 403)
    }
}
