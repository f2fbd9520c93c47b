import Foundation
import Testing
@testable import NotioApp
import NotioCore
import NotioStore

/// The account is the reader's own: a new password (ending the other sessions), signing out
/// other devices, and deleting the account with everything it owns.
@Suite struct AccountManagementTests {
    static let password = "correct horse 1"

    func signIn(_ server: TestServer, _ email: String, _ password: String = Self.password) async throws -> Client {
        let c = Client(server)
        let r = try await c.request("POST", "/api/v1/auth/login", json: ["email": email, "password": password])
        #expect(r.status == 200, "\(r.text)")
        return c
    }

    @Test func aNewPasswordEndsTheOtherSessions() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let first = Client(server)
        try await first.signUp(email: "pw@example.com")
        _ = try await first.request("PATCH", "/api/v1/me", json: ["language": "ko"])
        let second = try await signIn(server, "pw@example.com")

        let wrong = try await first.request("POST", "/api/v1/me/password", json: ["currentPassword": "not it at all", "newPassword": "a new secret 2"])
        #expect(wrong.status == 403 && wrong.errorCode == "wrong_password")
        #expect((wrong.json["error"] as? [String: Any])?["message"] as? String == "현재 비밀번호가 맞지 않아요.")
        let short = try await first.request("POST", "/api/v1/me/password", json: ["currentPassword": Self.password, "newPassword": "short"])
        #expect(short.status == 422)
        // Without the CSRF token it is refused like any change.
        #expect(try await first.request("POST", "/api/v1/me/password", json: ["currentPassword": Self.password, "newPassword": "a new secret 2"],
                                        csrf: false).status == 403)

        let changed = try await first.request("POST", "/api/v1/me/password", json: ["currentPassword": Self.password, "newPassword": "a new secret 2"])
        #expect(changed.status == 204)
        #expect(try await first.get("/api/v1/me").status == 200)
        #expect(try await second.get("/api/v1/me").status == 401)
        let old = try await Client(server).request("POST", "/api/v1/auth/login", json: ["email": "pw@example.com", "password": Self.password])
        #expect(old.status == 401)
        _ = try await signIn(server, "pw@example.com", "a new secret 2")
    }

    @Test func signingOutOtherDevicesKeepsThisOne() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let here = Client(server)
        try await here.signUp(email: "devices@example.com")
        let phone = try await signIn(server, "devices@example.com")
        let tablet = try await signIn(server, "devices@example.com")
        let other = Client(server)
        try await other.signUp(email: "someone-else@example.com")

        #expect(try await here.request("POST", "/api/v1/me/sessions/revoke-others").status == 204)
        #expect(try await here.get("/api/v1/me").status == 200)
        #expect(try await phone.get("/api/v1/me").status == 401)
        #expect(try await tablet.get("/api/v1/me").status == 401)
        // Another account's session is not touched.
        #expect(try await other.get("/api/v1/me").status == 200)
    }

    @Test func deletingTheAccountRemovesEverythingItOwnsAndNothingElse() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let store = server.app.context.store
        let files = server.app.context.files
        let c = Client(server)
        try await c.signUp(email: "leaving@example.com")
        let stays = Client(server)
        try await stays.signUp(email: "staying@example.com")
        var ids: [String: String] = [:]
        for (client, email) in [(c, "leaving"), (stays, "staying")] {
            let note = try await client.upload(TestPDFs.blankPages(1))
            #expect(note.status == 202)
            let book = try await client.request("POST", "/api/v1/books", json: ["title": "책 \(email)", "author": "저자", "status": "reading"])
            let bookId = try #require((book.json["book"] as? [String: Any])?["id"] as? String ?? book.json["id"] as? String)
            #expect(try await client.request("POST", "/api/v1/books/\(bookId)/sentences", json: ["text": "밑줄 친 문장 \(email)"]).status == 201)
            ids[email] = bookId
        }
        let leaving = try #require((try await c.get("/api/v1/me").json["user"] as? [String: Any])?["id"] as? String)
        let staying = try #require((try await stays.get("/api/v1/me").json["user"] as? [String: Any])?["id"] as? String)
        // Both books show one shared cover file (covers are stored once per content).
        let cover = "\(String(repeating: "a", count: 64)).png"
        try files.put(FileStorage.cover(cover), data: Data([0x89, 0x50, 0x4E, 0x47]), scratch: server.dataDirectory + "/tmp")
        try store.setBookCover(id: ids["leaving"]!, owner: leaving, file: cover, bytes: 4)
        try store.setBookCover(id: ids["staying"]!, owner: staying, file: cover, bytes: 4)
        let leavingNotes = try store.notes(owner: leaving).map(\.id)

        let refused = try await c.request("DELETE", "/api/v1/me", json: ["password": "not my password"])
        #expect(refused.status == 403 && refused.errorCode == "wrong_password")
        #expect(try await c.get("/api/v1/me").status == 200)

        let deleted = try await c.request("DELETE", "/api/v1/me", json: ["password": Self.password])
        #expect(deleted.status == 204)
        #expect(try await c.get("/api/v1/me").status == 401)
        #expect(try await Client(server).request("POST", "/api/v1/auth/login", json: ["email": "leaving@example.com", "password": Self.password]).status == 401)
        let left = try store.database.read { db in
            try ["notes", "books", "sentences", "jobs", "quizzes", "reading_sessions", "review_cards", "wrong_answers"].map { table in
                try db.first("SELECT count(*) FROM \(table) WHERE owner_id = ?", [leaving]) { $0.int(0) } ?? -1
            } + [try db.first("SELECT count(*) FROM sessions WHERE user_id = ?", [leaving]) { $0.int(0) } ?? -1,
                 try db.first("SELECT count(*) FROM note_search WHERE note_id IN (\(leavingNotes.map { "'\($0)'" }.joined(separator: ",")))") { $0.int(0) } ?? -1]
        }
        #expect(left.allSatisfy { $0 == 0 }, "\(left)")
        for id in leavingNotes { #expect(try files.localPath(FileStorage.notePDF(id)) == nil) }
        // The cover another reader's book still shows stays; the other account is whole.
        #expect(try files.localPath(FileStorage.cover(cover)) != nil)
        #expect((try await stays.get("/api/v1/books").json["items"] as? [Any])?.count == 1)
        #expect((try await stays.get("/api/v1/notes").json["items"] as? [Any])?.count == 1)
        // The email is free again.
        #expect(try await Client(server).signUp(email: "leaving@example.com").status == 201)

        // Once its last user is gone, the cover goes too.
        #expect(try await stays.request("DELETE", "/api/v1/me", json: ["password": Self.password]).status == 204)
        #expect(try files.localPath(FileStorage.cover(cover)) == nil)
    }

    @Test func guestsCannotChangeTheDemo() async throws {
        let server = try await TestServer.start(seedDemo: true)
        let guest = Client(server)
        _ = try await guest.get("/welcome")
        #expect(try await guest.postForm("/guest", [:]).status == 303)
        #expect(try await guest.get("/api/v1/me").json["readOnly"] as? Bool == true)
        let deletion = try await guest.request("DELETE", "/api/v1/me", json: ["password": "password"])
        #expect(deletion.status == 403 && deletion.errorCode == "read_only")
        let change = try await guest.request("POST", "/api/v1/me/password", json: ["currentPassword": "password", "newPassword": "taken over 1"])
        #expect(change.status == 403 && change.errorCode == "read_only")
        #expect(try await guest.request("POST", "/api/v1/me/sessions/revoke-others").status == 403)
        #expect(try await Client(server).request("POST", "/api/v1/auth/login", json: ["email": "study@notio.io", "password": "password"]).status == 200)
    }

    /// The same three on the settings page, with plain forms.
    @Test func theSettingsPageDoesItWithoutJavaScript() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp(email: "forms@example.com")
        _ = try await c.request("PATCH", "/api/v1/me", json: ["language": "ko"])
        let other = try await signIn(server, "forms@example.com")
        let page = try await c.get("/settings")
        for form in ["action=\"/settings/password\"", "action=\"/settings/sessions\"", "action=\"/settings/delete-account\""] {
            #expect(page.text.contains(form))
        }
        let wrong = try await c.postForm("/settings/password", ["currentPassword": "nope nope nope", "newPassword": "another one 3"])
        #expect(wrong.status == 403 && wrong.text.contains("현재 비밀번호가 맞지 않아요."))
        let changed = try await c.postForm("/settings/password", ["currentPassword": Self.password, "newPassword": "another one 3"])
        #expect(changed.status == 303 && changed.header("Location") == "/settings?done=password")
        #expect(try await c.get("/settings?done=password").text.contains("비밀번호를 바꿨어요"))
        #expect(try await other.get("/api/v1/me").status == 401)

        let third = try await signIn(server, "forms@example.com", "another one 3")
        #expect(try await c.postForm("/settings/sessions", [:]).status == 303)
        #expect(try await third.get("/api/v1/me").status == 401)

        let gone = try await c.postForm("/settings/delete-account", ["password": "another one 3"])
        #expect(gone.status == 303 && gone.header("Location") == "/login?deleted=1")
        #expect(try await c.get("/api/v1/me").status == 401)
        #expect(try server.app.context.store.userCount() == 0)
    }
}
