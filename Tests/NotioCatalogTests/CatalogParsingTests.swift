import Foundation
import Testing
import NotioTestSupport
@testable import NotioCatalog

/// Parsing rules on their own, on inputs the fixtures do not cover.
@Suite struct CatalogParsingTests {
    let aladin = CatalogName(english: "Aladin", korean: "알라딘")

    @Test func authorLines() {
        #expect(AladinAnswer.mainAuthors("홍길동 (지은이), 김철수 (옮긴이)") == "홍길동")
        #expect(AladinAnswer.mainAuthors("홍길동, 김영희 (지은이), 김철수 (옮긴이)") == "홍길동, 김영희")
        #expect(AladinAnswer.mainAuthors("앤디 위어 지음, 남명성 옮김") == "앤디 위어")
        #expect(AladinAnswer.mainAuthors("J. R. R. 톨킨 (지은이), 김보원 (옮긴이), 앨런 리 (그림)") == "J. R. R. 톨킨")
        #expect(AladinAnswer.mainAuthors("백희나 (글·그림)") == "백희나")
        #expect(AladinAnswer.mainAuthors("권재술 (감수)") == "권재술")   // nobody with an author role
        #expect(AladinAnswer.mainAuthors("편집부") == "편집부")
        #expect(AladinAnswer.mainAuthors("Tom &amp; Jerry (지은이)") == "Tom & Jerry")
        #expect(AladinAnswer.mainAuthors("") == "")
    }

    @Test func genres() {
        #expect(AladinAnswer.genre("국내도서>소설/시/희곡>한국소설>2000년대 이후 한국소설") == "소설/시/희곡")
        #expect(AladinAnswer.genre("국내도서") == nil)
        #expect(AladinAnswer.genre(nil) == nil)
        #expect(OpenLibraryGenre.genre(subjects: ["Juvenile fiction", "Dragons"]) == "어린이")
        #expect(OpenLibraryGenre.genre(subjects: ["Dune (Imaginary place)", "Science fiction"]) == "소설/시/희곡")
        #expect(OpenLibraryGenre.genre(subjects: ["Artificial intelligence", "Computers"]) == "컴퓨터/모바일")
        #expect(OpenLibraryGenre.genre(subjects: ["Party planning"]) == nil)
    }

    @Test func entities() {
        #expect(HTMLEntities.decode("&lt;82년생 김지영&gt; &amp; &quot;x&quot; &#39;y&#39; &#x263A;") == "<82년생 김지영> & \"x\" 'y' ☺")
        #expect(HTMLEntities.decode("R&D & Q&amp;A &bogus; &") == "R&D & Q&A &bogus; &")
    }

    @Test func wrappedAndXMLAnswers() throws {
        let fixture = try FakeServices.fixture("aladin/itemlist_bestseller_js.json")
        // With CallBack=x Aladin answers x(true, {…});
        let wrapped = Data("cb(true, ".utf8) + fixture + Data(");".utf8)
        #expect(try AladinAnswer.books(wrapped, name: aladin).count == 5)
        let xml = Data(#"<?xml version="1.0" encoding="utf-8"?><error xmlns="http://www.aladin.co.kr/ttb/apiguide.aspx"><errorCode>10</errorCode><errorMessage>일일 호출 한도를 초과했습니다.</errorMessage></error>"#.utf8)
        #expect(throws: CatalogError.unavailable(message: "Aladin refused the request: 일일 호출 한도를 초과했습니다. (error 10)",
                                                 messageKo: "알라딘에서 요청을 거절했습니다: 일일 호출 한도를 초과했습니다. (error 10)")) {
            try AladinAnswer.books(xml, name: aladin)
        }
    }

    @Test func hardToParseJSONIsRepaired() throws {
        // A raw tab and newline inside a string, and \' : strict JSON refuses all three.
        let body = Data("{\"item\":[{\"title\":\"탭\there\",\"author\":\"A\\'s (지은이)\",\"description\":\"줄\n바꿈\"}]};".utf8)
        let book = try #require(try AladinAnswer.books(body, name: aladin).first)
        #expect(book.title == "탭\there")
        #expect(book.author == "A's")
        #expect(book.description == "줄\n바꿈")
    }

    @Test func publishedDates() {
        #expect(publishedDate("2021-10-11") == "2021-10-11")
        #expect(publishedDate("2021-10") == "2021-10")
        #expect(publishedDate("2021") == "2021")
        #expect(publishedDate("2021-13-40") == "2021")
        #expect(publishedDate("Oct 2021") == nil)
    }

    @Test func openLibraryAuthors() {
        #expect(OpenLibraryCatalog.authors(["Frank Herbert", "Френк Герберт"]) == "Frank Herbert")
        #expect(OpenLibraryCatalog.authors(["한강", "Han Kang"]) == "한강")
        #expect(OpenLibraryCatalog.authors(["A", "B", "C", "D"]) == "A, B, C")
    }

    @Test func interleavingDropsRepeats() {
        let a = CatalogBook(title: "A", author: "x", isbn13: "9788937473135")
        let b = CatalogBook(title: "B", author: "y")
        let c = CatalogBook(title: "C", author: "z")
        #expect(interleaved([[a, b], [a, c]], limit: 10) == [a, b, c])
        #expect(interleaved([[a, b], [c]], limit: 2) == [a, c])
    }

    @Test func manualEntry() throws {
        let book = try CatalogBook.manual(title: "  채식주의자 ", author: "한강", publisher: "", isbn: "89-364-3411-X",
                                          publishedAt: "2007", coverUrl: " ")
        #expect(book == CatalogBook(title: "채식주의자", author: "한강", isbn13: "9788936434113", publishedAt: "2007"))
        #expect(throws: CatalogError.self) { try CatalogBook.manual(title: " ", author: "한강") }
        let isbn = #expect(throws: CatalogError.self) { try CatalogBook.manual(title: "책", author: "", isbn: "978-89-364-3411-0") }
        #expect(isbn?.code == "invalid_book")
        #expect(isbn?.status == 422)
        if case .invalidBook(let field, _, _) = isbn { #expect(field == "isbn13") } else { Issue.record("not invalidBook") }
        #expect(throws: CatalogError.self) { try CatalogBook.manual(title: "책", author: "", publishedAt: "2007-1-1") }
        #expect(throws: CatalogError.self) { try CatalogBook.manual(title: "책", author: "", coverUrl: "javascript:alert(1)") }
        #expect(throws: CatalogError.self) { try CatalogBook.manual(title: String(repeating: "가", count: 301), author: "") }
    }

    @Test func encodesTheAPIShape() throws {
        let book = CatalogBook(title: "82년생 김지영", author: "조남주", isbn13: "9788937473135", publishedAt: "2016-10-14")
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(book)) as? [String: Any]
        #expect(json?["title"] as? String == "82년생 김지영")
        #expect(json?["isbn13"] as? String == "9788937473135")
        #expect(json?["publishedAt"] as? String == "2016-10-14")
        #expect(json?["coverUrl"] == nil)
    }
}
