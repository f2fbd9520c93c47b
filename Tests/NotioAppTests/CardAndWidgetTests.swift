import Foundation
import Testing
import CGdkPixbuf
@testable import NotioApp

/// Image cards and the widget routes through HTTP.
@Suite struct CardAndWidgetTests {
    /// Width and height from a PNG's IHDR.
    static func pngSize(_ data: Data) -> (Int, Int)? {
        guard data.count > 24, data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func be(_ at: Int) -> Int { data[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be(data.startIndex + 16), be(data.startIndex + 20))
    }

    static func sentence(_ c: Client) async throws -> String {
        let book = try await c.request("POST", "/api/v1/books", json: ["title": "카드 책", "author": "작가"])
        let bookId = (book.json["book"] as? [String: Any])?["id"] as? String ?? "missing"
        let s = try await c.request("POST", "/api/v1/books/\(bookId)/sentences", json: [
            "text": "우리는 모두 각자의 속도로 자라는 나무 같아서, 서두르지 않아도 결국 저마다의 계절에 꽃을 피운다.", "page": 77, "emotion": "comfort"])
        return (s.json["sentence"] as? [String: Any])?["id"] as? String ?? "missing"
    }

    @Test func cardsComeInTheAskedSizes() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let id = try await Self.sentence(c)
        for (size, expected) in [("portrait", (1080, 1350)), ("story", (1080, 1920))] {
            let r = try await c.multipart("/api/v1/sentences/\(id)/card",
                                          fields: [("options", "{\"size\":\"\(size)\",\"font\":\"sans\",\"background\":\"dusk\",\"align\":\"left\"}")], files: [])
            #expect(r.status == 200, "\(r.text.prefix(200))")
            #expect(r.header("Content-Type") == "image/png")
            let got = try #require(Self.pngSize(r.body))
            #expect(got == expected)
        }
        // A photo background: a JPEG made here.
        let photo = try OCRAPITests.jpeg()
        let withPhoto = try await c.multipart("/api/v1/sentences/\(id)/card", fields: [("options", "{\"background\":\"photo\",\"dim\":0.5}")],
                                              files: [("background", "photo.jpg", "image/jpeg", photo)])
        #expect(withPhoto.status == 200)
        #expect(Self.pngSize(withPhoto.body).map { $0 == (1080, 1350) } == true)
    }

    @Test func badCardsAreRefused() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        let id = try await Self.sentence(c)
        let notImage = try await c.multipart("/api/v1/sentences/\(id)/card", fields: [("options", "{\"background\":\"photo\"}")],
                                             files: [("background", "notes.txt", "text/plain", Data("hello".utf8))])
        #expect(notImage.status == 415, "\(notImage.text)")
        #expect(try await c.multipart("/api/v1/sentences/\(id)/card", fields: [("options", "{\"background\":\"photo\"}")], files: []).status == 422)
        let bad = try await c.multipart("/api/v1/sentences/\(id)/card", fields: [("options", "{\"dim\":3,\"background\":\"neon\"}")], files: [])
        #expect(bad.status == 422)
        let fields = (bad.json["error"] as? [String: Any])?["fields"] as? [String: String] ?? [:]
        #expect(fields["dim"] != nil && fields["background"] != nil)
        #expect(try await c.multipart("/api/v1/sentences/\(id)/card", fields: [("options", "not json")], files: []).status == 422)
        #expect(try await c.multipart("/api/v1/sentences/missing/card", fields: [("options", "{}")], files: []).status == 404)
        let editor = try await c.get("/sentences/\(id)/card")
        #expect(editor.status == 200)
        #expect(editor.text.contains("id=\"card-preview\""))
    }

    @Test func widgetTokensWorkForWidgetsOnlyAndCanBeRevoked() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        _ = try await Self.sentence(c)
        let made = try await c.request("POST", "/api/v1/widget/token")
        #expect(made.status == 201)
        let token = try #require(made.json["token"] as? String)
        #expect((made.json["jsonUrl"] as? String)?.contains(token) == true)

        let anonymous = Client(server)
        let json = try await anonymous.get("/api/v1/widget/sentence?token=\(token)")
        #expect(json.status == 200)
        #expect((json.json["sentence"] as? [String: Any])?["bookTitle"] as? String == "카드 책")
        #expect(json.json["mode"] as? String == "daily")
        // The sentence of the day stays the same all day.
        let again = try await anonymous.get("/api/v1/widget/sentence?token=\(token)")
        #expect((again.json["sentence"] as? [String: Any])?["id"] as? String == (json.json["sentence"] as? [String: Any])?["id"] as? String)
        let html = try await anonymous.get("/widget/sentence?token=\(token)")
        #expect(html.status == 200)
        #expect(html.text.contains("자라는 나무"))
        #expect(html.text.contains("http-equiv=\"refresh\""))
        let png = try await anonymous.get("/widget/sentence.png?token=\(token)&w=400&h=300")
        #expect(png.status == 200)
        #expect(Self.pngSize(png.body).map { $0 == (400, 300) } == true)

        // The token opens nothing else.
        #expect(try await anonymous.get("/api/v1/books?token=\(token)").status == 401)
        #expect(try await anonymous.get("/api/v1/sentences?token=\(token)").status == 401)
        #expect(try await anonymous.get("/api/v1/widget/sentence?token=wrong").status == 401)

        // Renewing replaces it; revoking ends it.
        let renewed = try await c.request("POST", "/api/v1/widget/token")
        let second = try #require(renewed.json["token"] as? String)
        #expect(try await anonymous.get("/api/v1/widget/sentence?token=\(token)").status == 401)
        #expect(try await anonymous.get("/api/v1/widget/sentence?token=\(second)").status == 200)
        #expect(try await c.request("DELETE", "/api/v1/widget/token").status == 204)
        #expect(try await anonymous.get("/api/v1/widget/sentence?token=\(second)").status == 401)
        #expect(try await anonymous.get("/widget/sentence?token=\(second)").status == 401)
        #expect(try await anonymous.get("/widget/sentence.png?token=\(second)").status == 401)
    }

    @Test func randomAndDailySentences() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        #expect(try await c.get("/api/v1/sentences/random").status == 404)
        _ = try await Self.sentence(c)
        let r = try await c.get("/api/v1/sentences/random?emotion=comfort")
        #expect(r.status == 200)
        #expect(r.json["emotion"] as? String == "comfort")
        #expect(try await c.get("/api/v1/sentences/random?emotion=joy").status == 404)
        #expect(try await c.get("/api/v1/sentences/random?emotion=nope").status == 422)
        #expect(try await c.get("/api/v1/sentences/daily").status == 200)
        let shelf = try await c.get("/reading?mood=comfort")
        #expect(shelf.text.contains("id=\"daily-sentence\""))
        #expect(shelf.text.contains("id=\"random-result\""))
    }
}
