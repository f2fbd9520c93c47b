import Foundation
import Testing
@testable import NotioApp
import NotioCore

/// The 노트 pages against the real server, as a browser without JavaScript uses them.
@Suite(.serialized) struct NotePagesTests {
    /// `POST /notes` as the no-JS upload form sends it: multipart with the csrf_token field.
    private func postUploadForm(_ c: Client, _ data: Data?, fileName: String = "lecture.pdf", category: String = "major",
                                title: String = "") async throws -> Reply {
        let boundary = "----notioform\(UUID().uuidString)"
        var body = Data()
        func field(_ name: String, _ value: String) {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        field("csrf_token", c.csrfToken ?? "")
        field("category", category)
        field("title", title)
        if let data {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\nContent-Type: application/pdf\r\n\r\n".utf8))
            body.append(data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return try await c.request("POST", "/notes", body: body, contentType: "multipart/form-data; boundary=\(boundary)", csrf: false)
    }

    private func noteId(fromProgress location: String?) -> String? {
        guard let location, location.hasPrefix("/notes/"), location.hasSuffix("/progress") else { return nil }
        return String(location.dropFirst("/notes/".count).dropLast("/progress".count))
    }

    @Test func listFiltersAndTheUploadFormWithoutJavaScript() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        try await c.signUp()
        // The reasons below are in the reader's language only.
        _ = try await c.request("PATCH", "/api/v1/me", json: ["language": "ko"])

        let empty = try await c.get("/notes")
        #expect(empty.status == 200)
        #expect(empty.text.contains("data-empty=\"none\""))
        #expect(empty.text.contains("id=\"upload-sheet\""))
        #expect(empty.text.contains("enctype=\"multipart/form-data\""))

        let title = "<b>운영체제</b> 강의"
        let posted = try await postUploadForm(c, TestPDFs.blankPages(2), category: "certificate", title: title)
        #expect(posted.status == 303)
        let id = try #require(noteId(fromProgress: posted.header("Location")), "\(posted.header("Location") ?? "no Location")")

        let list = try await c.get("/notes")
        #expect(list.text.contains("&lt;b&gt;운영체제&lt;/b&gt; 강의"))
        #expect(!list.text.contains("<b>운영체제</b>"))
        #expect(list.text.contains("data-note-id=\"\(id)\""))
        // Search by a 2- and a 1-character Korean substring; category and favourite filters.
        #expect(try await c.get("/notes?q=\(enc("운영"))").text.contains("data-note-id=\"\(id)\""))
        #expect(try await c.get("/notes?q=\(enc("강"))").text.contains("data-note-id=\"\(id)\""))
        let none = try await c.get("/notes?q=\(enc("데이터베이스"))")
        #expect(!none.text.contains("data-note-id=\"\(id)\""))
        #expect(none.text.contains("data-empty=\"no-results\""))
        #expect(try await c.get("/notes?category=certificate").text.contains("data-note-id=\"\(id)\""))
        #expect(!(try await c.get("/notes?category=major").text.contains("data-note-id=\"\(id)\"")))
        #expect(!(try await c.get("/notes?favorite=true").text.contains("data-note-id=\"\(id)\"")))
        let fav = try await c.postForm("/notes/\(id)", ["favorite": "true"])
        #expect(fav.status == 303)
        #expect(try await c.get("/notes?favorite=true").text.contains("data-note-id=\"\(id)\""))

        // Refused files re-render the list with the sheet open and the reason.
        let notPDF = try await postUploadForm(c, Data("hello, not a pdf".utf8), fileName: "x.pdf")
        #expect(notPDF.status == 415)
        #expect(notPDF.text.contains("<dialog id=\"upload-sheet\" class=\"sheet\" aria-labelledby=\"upload-title\" open"))
        #expect(notPDF.text.contains("PDF 파일만 올릴 수 있어요"))
        let noFile = try await postUploadForm(c, nil, title: "파일 없음")
        #expect(noFile.status == 422)
        #expect(noFile.text.contains("PDF 파일을 골라 주세요"))
        #expect(noFile.text.contains("value=\"파일 없음\""))

        // A form without the token changes nothing.
        let forged = try await c.request("POST", "/notes/\(id)", body: Data("title=x".utf8), contentType: "application/x-www-form-urlencoded", csrf: false)
        #expect(forged.status == 403)
    }

    @Test(.enabled(if: TestPDFs.available, TestPDFs.missing))
    func summaryConceptSourceAndTheForms() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        try await c.signUp()
        #expect(try await c.request("PATCH", "/api/v1/me", json: ["language": "ko"]).status == 200)
        let pdf = try Data(contentsOf: URL(fileURLWithPath: TestPDFs.path("kotex-doc.pdf")))
        let accepted = try await c.upload(pdf, fileName: "kotex-doc.pdf", category: "general")
        let id = try #require((accepted.json["note"] as? [String: Any])?["id"] as? String)
        let jobId = try #require((accepted.json["job"] as? [String: Any])?["id"] as? String)

        // While it runs the progress page shows the job; the summary sends there.
        let early = try await c.get("/notes/\(id)/progress")
        if early.status == 200 {
            #expect(early.text.contains("data-job-id=\"\(jobId)\""))
            #expect(early.text.contains("action=\"/jobs/\(jobId)/cancel\""))
            #expect(early.text.contains("텍스트 추출"))
        } else {
            #expect(early.header("Location") == "/notes/\(id)")
        }
        #expect(try await c.waitForJob(jobId)["state"] as? String == "done")
        #expect(try await c.get("/notes/\(id)/progress").header("Location") == "/notes/\(id)")

        let detail = try await c.get("/api/v1/notes/\(id)").json
        let concepts = try #require(detail["concepts"] as? [[String: Any]])
        let keywords = try #require(detail["keywords"] as? [[String: Any]])
        let first = try #require(concepts.first)
        let summary = try await c.get("/notes/\(id)")
        #expect(summary.status == 200)
        #expect(summary.text.contains(HTML.escape(detail["title"] as? String ?? "?")))
        #expect(summary.text.contains("교양"))
        #expect(!concepts.isEmpty)
        for concept in concepts {
            #expect(summary.text.contains("/notes/\(id)/concepts/\(concept["id"] as? String ?? "?")"))
            #expect(summary.text.contains(HTML.escape(concept["name"] as? String ?? "?")))
        }
        for keyword in keywords { #expect(summary.text.contains(HTML.escape(keyword["term"] as? String ?? "?"))) }
        #expect(summary.text.contains("href=\"/notes/\(id)/source\""))
        // The overview on top is the API's, made of the cards' opening sentences.
        let overview = try #require(detail["overview"] as? String)
        #expect(!overview.isEmpty)
        #expect(summary.text.contains("한눈에 보기") && summary.text.contains(HTML.escape(overview)))
        let openings = concepts.compactMap { ($0["summary"] as? String).flatMap { NoteOverview.firstStatement($0) } }
        #expect(openings.first.map { overview.hasPrefix($0) } == true, "\(overview)")

        let page = try await c.get("/notes/\(id)/concepts/\(first["id"] as? String ?? "?")")
        #expect(page.status == 200)
        #expect(page.text.contains(HTML.escape(first["name"] as? String ?? "?")))
        let firstSummary = HTML.escape(first["summary"] as? String ?? "?")
        if !firstSummary.isEmpty { #expect(page.text.contains(firstSummary)) }
        for p in first["pages"] as? [Int] ?? [] { #expect(page.text.contains("/notes/\(id)/source#p-\(p)")) }
        if concepts.count > 1 { #expect(page.text.contains("rel=\"next\"")) }
        #expect(try await c.get("/notes/\(id)/concepts/no-such-concept").status == 404)

        let source = try await c.get("/notes/\(id)/source")
        #expect(source.status == 200)
        for n in 1...18 { #expect(source.text.contains("<section class=\"source-page\" id=\"p-\(n)\"")) }
        #expect(source.text.contains("한글"))
        #expect(try await c.get("/notes/\(id)/source?page=7").header("Location") == "/notes/\(id)/source#p-7")

        // Rename, category, favourite, then delete through the confirmation page.
        let renamed = try await c.postForm("/notes/\(id)", ["title": "  한국어 <텍> 정리  "])
        #expect(renamed.status == 303)
        #expect(renamed.header("Location") == "/notes/\(id)?saved=1")
        let after = try await c.get("/notes/\(id)?saved=1")
        #expect(after.text.contains("<h1 id=\"note-title\">한국어 &lt;텍&gt; 정리</h1>"))
        #expect(after.text.contains("data-toast=\"저장했어요.\""))
        #expect(try await c.postForm("/notes/\(id)", ["title": "   "]).status == 422)
        #expect(try await c.postForm("/notes/\(id)", ["category": "certificate"]).status == 303)
        #expect(try await c.postForm("/notes/\(id)", ["category": "nonsense"]).status == 422)
        #expect(try await c.postForm("/notes/\(id)", ["favorite": "true"]).status == 303)
        let api = try await c.get("/api/v1/notes/\(id)").json
        #expect(api["title"] as? String == "한국어 <텍> 정리")
        #expect(api["category"] as? String == "certificate")
        #expect(api["favorite"] as? Bool == true)

        let confirm = try await c.get("/notes/\(id)/delete")
        #expect(confirm.status == 200)
        #expect(confirm.text.contains("action=\"/notes/\(id)/delete\""))
        let deleted = try await c.postForm("/notes/\(id)/delete", [:])
        #expect(deleted.status == 303)
        #expect(deleted.header("Location") == "/notes?deleted=1")
        #expect(try await c.get("/notes/\(id)").status == 404)
        #expect(!(try await c.get("/notes").text.contains(id)))
    }

    @Test func anotherUsersNotePagesAreNotFound() async throws {
        let server = try await TestServer.start()
        let owner = Client(server), intruder = Client(server)
        try await owner.signUp()
        try await intruder.signUp()
        let r = try await owner.upload(TestPDFs.blankPages(2), title: "남의 노트")
        let id = try #require((r.json["note"] as? [String: Any])?["id"] as? String)
        let jobId = try #require((r.json["job"] as? [String: Any])?["id"] as? String)
        for path in ["/notes/\(id)", "/notes/\(id)/progress", "/notes/\(id)/source", "/notes/\(id)/delete", "/notes/\(id)/concepts/x"] {
            let page = try await intruder.get(path)
            #expect(page.status == 404, "GET \(path) answered \(page.status)")
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(!page.text.contains("남의 노트"))
        }
        #expect(try await intruder.postForm("/notes/\(id)", ["title": "바꿈"]).status == 404)
        #expect(try await intruder.postForm("/notes/\(id)/delete", [:]).status == 404)
        #expect(try await intruder.postForm("/jobs/\(jobId)/cancel", [:]).status == 404)
        #expect(!(try await intruder.get("/notes").text.contains("남의 노트")))
        #expect(try await owner.get("/api/v1/notes/\(id)").json["title"] as? String == "남의 노트")
        // Signed out: the pages ask for a sign-in.
        #expect(try await Client(server).get("/notes/\(id)").header("Location") == "/login")
    }

    @Test func homeShowsTheLatestNotesWhileTheyAreAnalysed() async throws {
        let server = try await TestServer.start()
        let c = Client(server)
        try await c.signUp()
        let r = try await postUploadForm(c, TestPDFs.blankPages(2), title: "분석 중인 노트")
        let id = try #require(noteId(fromProgress: r.header("Location")))
        let home = try await c.get("/")
        #expect(home.text.contains("class=\"recent-notes\""))
        #expect(home.text.contains("분석 중인 노트"))
        #expect(home.text.contains("/notes/\(id)"))
    }

    private func enc(_ s: String) -> String { s.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? s }
}
