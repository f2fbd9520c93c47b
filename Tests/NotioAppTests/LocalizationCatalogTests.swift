import Foundation
import Testing
@testable import NotioApp

/// The one language catalog: every key in both languages, no text written in both at once,
/// and every message (API errors, pages, stored failure reasons) in the reader's language only.
@Suite struct LocalizationCatalogTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyKeyHasKoreanAndEnglishAndLivesInOneArea() {
        var seen: [String: String] = [:]
        for (area, entries) in L10n.areas {
            for (key, entry) in entries {
                #expect(seen[key] == nil, "\(key) is in both \(seen[key] ?? "") and \(area)")
                seen[key] = area
                #expect(!entry.ko.trimmingCharacters(in: .whitespaces).isEmpty, "\(key) has no Korean")
                #expect(!entry.en.trimmingCharacters(in: .whitespaces).isEmpty, "\(key) has no English")
                #expect(!Self.hasHangul(entry.en), "\(key)'s English is not English: \(entry.en)")
                #expect(!Self.writtenInBoth(entry.ko), "\(key)'s Korean carries its English: \(entry.ko)")
            }
        }
        #expect(seen.count == L10n.table.count)
    }

    /// A key some code asks for must be in the catalog: `Message("…")` and `L10n.t("…")` with
    /// a literal key, in every Swift source of the app.
    @Test func everyKeyTheCodeNamesIsInTheCatalog() throws {
        let pattern = try Regex(#"(?:\bMessage|\bL10n\.t|\bctx\.t|(?:^|[^\w.])t)\("([a-zA-Z]+\.[a-zA-Z0-9_.]+)""#)
        var missing: [String] = []
        for file in try Self.files(under: "Sources/NotioApp", ending: ".swift") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) {
                let key = String(match.output[1].substring ?? "")
                if !L10n.has(key) { missing.append("\(file.lastPathComponent): \(key)") }
            }
        }
        #expect(missing.isEmpty, "\(missing)")
        // And the scripts' keys.
        let jsKey = try Regex(#"\bt\("(js\.[a-zA-Z0-9_.]+)"\)"#)
        for file in try Self.files(under: "Public/js", ending: ".js") {
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: jsKey) {
                let key = String(match.output[1].substring ?? "")
                #expect(L10n.has(key), "\(file.lastPathComponent): \(key)")
            }
        }
    }

    /// No string literal in the sources says a thing in Korean with its English in parentheses
    /// ("노트를 찾을 수 없어요. (Note not found.)"); comments may quote such text.
    @Test func noLiteralIsWrittenInBothLanguages() throws {
        var found: [String] = []
        for file in try Self.files(under: "Sources", ending: ".swift") {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (n, line) in lines.enumerated() {
                for literal in Self.literals(Self.code(line)) where Self.writtenInBoth(literal) {
                    found.append("\(file.path.dropFirst(Self.root.path.count + 1)):\(n + 1): \(literal)")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        // The detector itself finds the pattern it is for.
        #expect(Self.writtenInBoth("노트를 찾을 수 없어요. (Note not found.)"))
        #expect(Self.writtenInBoth("타이머는 1~480분으로 맞춰 주세요. (Set 1 to 480 minutes.)"))
        #expect(!Self.writtenInBoth("Markdown으로 내보내기 (Obsidian)"))
        #expect(!Self.writtenInBoth("파일 %@개 (PDF, 표지)"))
        #expect(!Self.writtenInBoth("\\(korean)에서 오류로 응답했습니다 (HTTP \\(code))."))
        #expect(Self.writtenInBoth("알 수 없는 작업이에요. (Unknown job kind \\(job.kind).)"))
    }

    /// The modules show no text of their own: what they say comes from the page's catalog.
    @Test func scriptsCarryNoUserTextOfTheirOwn() throws {
        for file in try Self.files(under: "Public/js", ending: ".js") {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (n, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                let code = line.components(separatedBy: " // ").first ?? line
                #expect(!Self.hasHangul(code), "\(file.lastPathComponent):\(n + 1): \(line)")
                #expect(!code.contains("documentElement.lang ==="), "\(file.lastPathComponent):\(n + 1) picks a language itself")
            }
        }
    }

    @Test func pagesCarryTheScriptStringsInTheReadersLanguage() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let ko = try await Client(server).get("/login", headers: ["Accept-Language": "ko-KR,ko;q=0.9"])
        #expect(ko.text.contains(#"<script type="application/json" id="l10n">"#))
        #expect(ko.text.contains(#""js.close":"닫기""#))
        let en = try await Client(server).get("/login", headers: ["Accept-Language": "en-US,en;q=0.9"])
        #expect(en.text.contains(#""js.close":"Close""#) && !en.text.contains("닫기"))
    }

    // MARK: Messages in the reader's language

    @Test func apiErrorsSpeakTheReadersLanguageWithTheSameCode() async throws {
        let server = try await TestServer.start(seedDemo: false)
        // Visitors: Accept-Language.
        for (header, expected) in [("ko", "이메일 또는 비밀번호가 맞지 않아요."), ("en-GB,en;q=0.8", "The email or password is wrong.")] {
            let r = try await Client(server).request("POST", "/api/v1/auth/login", json: ["email": "nobody@example.com", "password": "wrong password"],
                                                     headers: ["Accept-Language": header])
            #expect(r.status == 401 && r.errorCode == "invalid_credentials")
            #expect(Self.message(r) == expected)
        }
        let unknown = try await Client(server).get("/api/v1/nothing-here", headers: ["Accept-Language": "ko"])
        #expect(unknown.errorCode == "not_found" && Self.message(unknown) == "찾을 수 없어요.")

        // Members: their own setting, whatever the header says.
        let c = Client(server)
        try await c.signUp()
        _ = try await c.request("PATCH", "/api/v1/me", json: ["language": "ko"])
        let missing = "/api/v1/notes/00000000-0000-0000-0000-000000000000"
        let koNote = try await c.get(missing, headers: ["Accept-Language": "en"])
        #expect(koNote.status == 404 && koNote.errorCode == "not_found")
        #expect(Self.message(koNote) == "노트를 찾을 수 없어요.")
        let koQuiz = try await c.request("POST", "/api/v1/notes/00000000-0000-0000-0000-000000000000/quizzes", json: ["difficulty": "easy", "count": 3])
        #expect(Self.message(koQuiz) == "노트를 찾을 수 없어요.")
        let koTimer = try await c.request("POST", "/api/v1/timer/pause")
        #expect(koTimer.status == 409 && koTimer.errorCode == "timer_conflict")
        #expect(Self.message(koTimer) == "진행 중인 타이머가 없어요.")

        _ = try await c.request("PATCH", "/api/v1/me", json: ["language": "en"])
        let enNote = try await c.get(missing, headers: ["Accept-Language": "ko"])
        #expect(enNote.status == 404 && enNote.errorCode == "not_found")
        #expect(Self.message(enNote) == "Note not found.")
        let enTimer = try await c.request("POST", "/api/v1/timer/pause")
        #expect(enTimer.errorCode == "timer_conflict" && Self.message(enTimer) == "No timer is running.")
        let enUpload = try await c.upload(Data("not a pdf at all".utf8))
        #expect(enUpload.status == 415 && enUpload.errorCode == "unsupported_media_type")
        #expect(Self.message(enUpload) == "Only PDF files can be uploaded.")
        for r in [koNote, koQuiz, koTimer, enNote, enTimer, enUpload] {
            #expect(!Self.writtenInBoth(Self.message(r)), "\(Self.message(r))")
        }
    }

    @Test func aFailedNotesReasonIsStoredAsAKeyAndShownInTheReadersLanguage() async throws {
        let server = try await TestServer.start(seedDemo: false)
        let c = Client(server)
        try await c.signUp()
        _ = try await c.request("PATCH", "/api/v1/me", json: ["language": "ko"])
        let r = try await c.upload(TestPDFs.blankPages(2))
        #expect(r.status == 202)
        let jobId = try #require((r.json["job"] as? [String: Any])?["id"] as? String)
        let job = try await c.waitForJob(jobId)
        #expect(job["state"] as? String == "failed")
        #expect(job["error"] as? String == "이 PDF에서 읽을 수 있는 글자를 찾지 못했어요.")
        let noteId = try #require(job["noteId"] as? String)
        let store = server.app.context.store
        let owner = try #require(try store.job(id: jobId)?.ownerId)
        // Stored as the reason's key, not as text in some language.
        #expect(try store.note(id: noteId, owner: owner)?.error == "failure.no_text")
        #expect((try await c.get("/api/v1/notes/\(noteId)").json["error"] as? String) == "이 PDF에서 읽을 수 있는 글자를 찾지 못했어요.")
        #expect(try await c.get("/notes/\(noteId)").text.contains("이 PDF에서 읽을 수 있는 글자를 찾지 못했어요."))

        _ = try await c.request("PATCH", "/api/v1/me", json: ["language": "en"])
        #expect((try await c.get("/api/v1/notes/\(noteId)").json["error"] as? String) == "No readable text was found in this PDF.")
        #expect((try await c.get("/api/v1/jobs/\(jobId)").json["error"] as? String) == "No readable text was found in this PDF.")
        let page = try await c.get("/notes/\(noteId)").text
        #expect(page.contains("No readable text was found in this PDF.") && !page.contains("글자를 찾지"))

        // A reason stored as text before reasons were keys is shown as it was written.
        try store.failNote(id: noteId, error: "PDF를 읽지 못했어요. (The PDF could not be read.)", at: Date())
        #expect((try await c.get("/api/v1/notes/\(noteId)").json["error"] as? String) == "PDF를 읽지 못했어요. (The PDF could not be read.)")
    }

    @Test func storedReasonsKeepTheirValues() {
        let stored = FailureReason.stored("failure.too_many_pages", "500")
        #expect(stored == "failure.too_many_pages|500")
        #expect(FailureReason.text(stored, .en) == "This PDF has too many pages; at most 500 pages can be read.")
        #expect(FailureReason.text(stored, .ko)?.contains("500쪽") == true)
        #expect(FailureReason.text("failure.unknown_key", .en) == "failure.unknown_key")
        #expect(FailureReason.text(nil, .en) == nil)
    }

    // MARK: Helpers

    static func message(_ r: Reply) -> String { (r.json["error"] as? [String: Any])?["message"] as? String ?? "" }

    static func hasHangul(_ s: String) -> Bool {
        s.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) || (0x3131...0x318E).contains($0.value) }
    }

    /// Korean text with an English sentence in parentheses: no Korean inside, starting with a
    /// capital, at least two English words ("(Note not found.)", "(Set 1 to 480 minutes.)"; not
    /// "(Obsidian)", "(PDF, 표지)", "(HTTP \\(code))"). Interpolations count as one token.
    static func writtenInBoth(_ s: String) -> Bool {
        let group = #/\(((?:\\\([^()]*\)|[^()])*)\)/#
        // The sentence itself is Korean: more Korean words than English ones outside parentheses
        // (an English summary that names a Korean folder is not written twice).
        let outside = s.replacing(group, with: " ")
        guard outside.matches(of: #/\p{Hangul}+/#).count > outside.matches(of: #/\b[A-Za-z]{2,}\b/#).count else { return false }
        for match in s.matches(of: group) {
            let inner = String(match.output.1).replacing(#/\\\([^()]*\)/#, with: " ")
            guard !hasHangul(inner), inner.first?.isUppercase == true else { continue }
            let words = inner.matches(of: #/\b[A-Za-z]{2,}\b/#).count
            if words >= 2 { return true }
        }
        return false
    }

    /// The line without a trailing or whole-line comment (string contents kept).
    static func code(_ line: String) -> String {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("//") { return "" }
        var inString = false, previous: Character = " "
        var out = ""
        for ch in line {
            if ch == "\"" && previous != "\\" { inString.toggle() }
            if !inString && ch == "/" && previous == "/" { out.removeLast(); break }
            out.append(ch)
            previous = ch
        }
        return out
    }

    /// The contents of the `"…"` literals on a line.
    static func literals(_ line: String) -> [String] {
        var result: [String] = [], current = "", inString = false, previous: Character = " "
        for ch in line {
            if ch == "\"" && previous != "\\" {
                if inString { result.append(current); current = "" }
                inString.toggle()
            } else if inString {
                current.append(ch)
            }
            previous = ch
        }
        return result
    }

    static func files(under folder: String, ending suffix: String) throws -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.path.hasSuffix(suffix) }
    }
}
