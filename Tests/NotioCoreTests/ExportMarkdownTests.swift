import Foundation
import Testing
@testable import NotioCore

struct ExportMarkdownTests {
    let created = Date(timeIntervalSince1970: 1_717_000_000)

    var detail: NoteDetail {
        let summary = NoteSummary(id: "n-1", title: "운영체제: 3강 \"프로세스\"", category: .major, favorite: false, state: .ready,
                                  createdAt: created)
        let table = ComparisonTable(columns: ["구분", "프로세스", "스레드"],
                                    rows: [["자원", "독립 | 별도", "공유\n(같은 주소)"], ["비용", "큼"]])
        let concepts = [
            Concept(id: "c1", name: "프로세스", summary: "실행 중인 프로그램이다.\n# 제목처럼 보이는 줄",
                    definition: "운영체제가 자원을 할당하는 단위", keyPoints: ["PCB로 관리된다", "상태:\n준비, 실행"],
                    comparison: table, pages: [3, 5]),
            Concept(id: "c2", name: "스레드", summary: "프로세스 안의 실행 흐름.", pages: []),
        ]
        return NoteDetail(summary: summary, concepts: concepts,
                          keywords: [Keyword(term: "문맥 교환", relatedTerms: ["PCB"]), Keyword(term: "스케줄링"), Keyword(term: "2024")])
    }

    @Test func aNoteHasFrontMatterThatParses() throws {
        let (fileName, text) = MarkdownExport.note(detail, pages: nil)
        #expect(fileName == "운영체제 3강 프로세스.md")
        let front = try #require(Self.frontMatter(text))
        #expect(front["title"] == "운영체제: 3강 \"프로세스\"")
        #expect(front["category"] == "전공")
        #expect(front["category-id"] == "major")
        #expect(front["created"] == "2024-05-29T16:26:40Z")
        #expect(front["source"] == "notio")
        #expect(front["notio-id"] == "n-1")
        #expect(text.contains("tags:\n  - \"문맥_교환\"\n  - \"스케줄링\"\ncreated:"))  // "2024" is no tag
    }

    @Test func aNoteBodyShowsConceptsTablesAndPages() {
        let text = MarkdownExport.note(detail, pages: nil).text
        #expect(text.contains("\n# 운영체제: 3강 \"프로세스\"\n"))
        #expect(text.contains("**키워드:** 문맥 교환 (PCB) · 스케줄링 · 2024"))
        #expect(text.contains("## 프로세스\n\n> 운영체제가 자원을 할당하는 단위\n\n실행 중인 프로그램이다.\n\\# 제목처럼 보이는 줄\n"))
        #expect(text.contains("- PCB로 관리된다\n- 상태: 준비, 실행\n"))
        #expect(text.contains("| 구분 | 프로세스 | 스레드 |\n| --- | --- | --- |\n| 자원 | 독립 \\| 별도 | 공유<br>(같은 주소) |\n| 비용 | 큼 |  |\n"))
        #expect(text.contains("*p. 3, 5*"))
        #expect(!text.contains("원문"))
        // Every table row has as many unescaped pipes as the header.
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") }
        #expect(Set(rows.map { $0.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count }) == [4])
    }

    @Test func sourceTextFollowsWhenAsked() {
        let text = MarkdownExport.note(detail, pages: [SourcePage(number: 1, text: "첫 쪽\n# 1장"), SourcePage(number: 2, text: "둘째 쪽")]).text
        #expect(text.hasSuffix("## 원문\n\n### p. 1\n\n첫 쪽\n\\# 1장\n\n### p. 2\n\n둘째 쪽\n"))
    }

    @Test func aBookListsItsSentencesWithPageFeelingAndMemo() throws {
        let book = Book(id: "b-1", title: "어린 왕자", author: "생텍쥐페리", publisher: "열린책들", isbn13: "9788932917245",
                        genre: "프랑스 소설", status: .finished, createdAt: created)
        let sentences = [
            Sentence(bookId: "b-1", text: "가장 중요한 것은\n눈에 보이지 않아.", page: 98, emotion: .insight, memo: "다시 읽기", createdAt: created),
            Sentence(bookId: "b-1", text: "길들인다는 건 관계를 맺는다는 뜻이야.", createdAt: created),
        ]
        let (fileName, text) = MarkdownExport.book(book, sentences: sentences)
        #expect(fileName == "어린 왕자.md")
        let front = try #require(Self.frontMatter(text))
        #expect(front["author"] == "생텍쥐페리")
        #expect(front["isbn13"] == "9788932917245")
        #expect(front["status"] == "완독")
        #expect(front["notio-id"] == "b-1")
        #expect(text.contains("tags:\n  - \"book\"\n  - \"프랑스_소설\"\n"))
        #expect(text.contains("""
        # 어린 왕자

        *생텍쥐페리*

        > 가장 중요한 것은
        > 눈에 보이지 않아.

        p. 98 · 💡 깨달음

        다시 읽기

        ---

        > 길들인다는 건 관계를 맺는다는 뜻이야.

        """))
    }

    @Test func yamlValuesKeepQuotesColonsAndNewlines() throws {
        let awkward = "a: \"b\" \\ c\nd\t# e"
        #expect(MarkdownExport.yaml(awkward) == #""a: \"b\" \\ c\nd\t# e""#)
        var book = Book(title: awkward, author: "yes", createdAt: created)
        book.id = "x"
        let front = try #require(Self.frontMatter(MarkdownExport.book(book, sentences: []).text))
        #expect(front["title"] == awkward)
        #expect(front["author"] == "yes")
        #expect(!front.keys.contains("publisher"))
    }

    @Test(.enabled(if: Tool.python3 != nil && (try? Tool.run(Tool.python3!, ["-c", "import yaml"]))?.status == 0))
    func pyYAMLReadsTheFrontMatterBack() throws {
        let awkward = "제목: \"따옴표\" \\ 역슬래시\n둘째 줄 # 주석 아님\u{7}"
        var book = Book(title: awkward, author: "- yes", isbn13: "0123", genre: "null", createdAt: created)
        book.id = "b: 1"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("notio-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        try MarkdownExport.book(book, sentences: []).text.write(to: file, atomically: true, encoding: .utf8)
        let script = """
        import sys, yaml, json
        text = open(sys.argv[1], encoding="utf-8").read()
        print(json.dumps(yaml.safe_load(text.split("---\\n")[1]), ensure_ascii=False, default=str))
        """
        let result = try Tool.run(Tool.python3!, ["-c", script, file.path])
        #expect(result.status == 0, "\(result.output)")
        let values = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        #expect(values?["title"] as? String == awkward)
        #expect(values?["author"] as? String == "- yes")
        #expect(values?["isbn13"] as? String == "0123")
        #expect(values?["genre"] as? String == "null")
        #expect(values?["notio-id"] as? String == "b: 1")
        #expect(values?["tags"] as? [String] == ["book", "null"])
        #expect(values?["source"] as? String == "notio")
    }

    @Test func fileNamesAreSafeEverywhere() {
        #expect(MarkdownExport.fileName("a/b\\c:d*e?f\"g<h>i|j") == "a b c d e f g h i j.md")
        #expect(MarkdownExport.fileName("  ..숨김 파일.  ") == "숨김 파일.md")
        #expect(MarkdownExport.fileName("C# [기초] ^1") == "C 기초 1.md")
        #expect(MarkdownExport.fileName("줄\n바꿈\t탭") == "줄 바꿈 탭.md")
        #expect(MarkdownExport.fileName("???") == "제목 없음.md")
        #expect(MarkdownExport.fileName("con") == "_con.md")
        #expect(MarkdownExport.fileName("COM1") == "_COM1.md")
        #expect(MarkdownExport.fileName("console") == "console.md")
        let long = MarkdownExport.fileName(String(repeating: "가", count: 200))
        #expect(long == String(repeating: "가", count: 80) + ".md")
        #expect(long.utf8.count < 255)
        // Decomposed Hangul (as macOS file names give it) comes out composed.
        #expect(MarkdownExport.fileName("한글".decomposedStringWithCanonicalMapping) == "한글.md")
    }

    @Test func namesAreMadeUniqueIgnoringCase() {
        var used = Set<String>()
        let names = ["노트.md", "노트.md", "Note.md", "note.md", "노트.md", "노트 2.md"].map { MarkdownExport.uniqueName($0, used: &used) }
        #expect(names == ["노트.md", "노트 2.md", "Note.md", "note 2.md", "노트 3.md", "노트 2 2.md"])
        #expect(Set(names.map { $0.lowercased() }).count == names.count)
    }

    /// The `key: value` lines between the `---` fences, double-quoted values unescaped as YAML does.
    static func frontMatter(_ text: String) -> [String: String]? {
        let lines = text.components(separatedBy: "\n")
        guard lines.first == "---", let end = lines.dropFirst().firstIndex(of: "---") else { return nil }
        var values: [String: String] = [:]
        for line in lines[1..<end] where !line.hasPrefix(" ") {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let key = String(line[..<colon])
            var value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\"") {
                guard value.count >= 2, value.hasSuffix("\"") else { return nil }
                guard let data = value.data(using: .utf8),
                      let decoded = try? JSONDecoder().decode(String.self, from: data) else { return nil }
                value = decoded
            }
            values[key] = value
        }
        return values
    }
}
