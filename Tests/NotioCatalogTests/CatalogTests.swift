import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import NotioTestSupport
@testable import NotioCatalog

func aladin(_ fake: FakeServices, _ queue: String, key: String = "test-ttb-key", timeout: Double = 5) -> AladinCatalog {
    AladinCatalog(baseURL: fake.baseURL(queue).appendingPathComponent("aladin/ttb/api/"), ttbKey: key,
                  session: .catalogSession(timeout: timeout))
}

func openLibrary(_ fake: FakeServices, _ queue: String, timeout: Double = 5) -> OpenLibraryCatalog {
    OpenLibraryCatalog(baseURL: fake.baseURL(queue).appendingPathComponent("openlibrary/"),
                       coversURL: URL(string: "https://covers.example.org/")!, session: .catalogSession(timeout: timeout))
}

/// Port 1 on this machine: nothing listens there, so connections are refused.
let closedURL = URL(string: "http://127.0.0.1:1/aladin/ttb/api/")!

@Suite struct AladinCatalogTests {
    @Test func searchReadsEveryItemOfTheFixture() async throws {
        let fake = try await FakeServices.shared()
        let books = try await aladin(fake, "aladin-search").search("위대한 이야기", limit: 10)
        #expect(books.count == 10)
        #expect(books[0] == CatalogBook(
            title: "위대한 이야기 - 아름다움, 선함, 진리에 대한 메타 내러티브",
            author: "제임스 브라이언 스미스",
            publisher: "비아토르",
            isbn13: "9791191851069",
            coverUrl: "https://image.aladin.co.kr/product/28125/61/cover/k642734155_1.jpg",
            genre: "종교/역학",
            publishedAt: "2021-10-11",
            description: "“기독교의 이야기는 어떤 삶을 만들어 내는가?” 인생의 중요한 질문에 답할 수 있는 큰 이야기. 신학적 통찰력과 목회적 현실 감각을 살려 우리 인생의 중요한 질문에 답을 제공하고 우리 삶을 빚어 갈 메타 내러티브를 소개한 책이다.",
            pages: nil))
        // Translators, illustrators and supervisors are not authors.
        #expect(books[1].author == "케빈 드영")
        #expect(books[2].author == "알렉시스 로젠봄")
        #expect(books[9].author == "타이-마르크 르탄")
        // "isbn" holds Aladin's own item code (K642734155) when there is no ISBN-10; isbn13 is used.
        #expect(books[3].isbn13 == "9788972888321")
        #expect(books[3].genre == "어린이")
        // Entities in plain-text fields are decoded.
        #expect(books[7].description?.hasPrefix("<세상을 바꾸는 놀라운 생각 위대한 발명 이야기>는 이렇게") == true)
        #expect(books[6].publisher == "세종(세종서적)")

        let query = try #require(try await fake.queries("aladin-search").last)
        #expect(query == ["ttbkey": "test-ttb-key", "Query": "위대한 이야기", "QueryType": "Keyword", "MaxResults": "10",
                          "start": "1", "SearchTarget": "Book", "output": "js", "Version": "20131101", "Cover": "Big"])
        #expect(try await fake.requests("aladin-search").last?["path"] as? String == "/aladin/ttb/api/ItemSearch.aspx")
    }

    @Test func aPlusInTheQueryIsSentAsAPlus() async throws {
        let fake = try await FakeServices.shared()
        _ = try await aladin(fake, "aladin-plus").search("C++ 입문", limit: 100)
        let query = try #require(try await fake.queries("aladin-plus").last)
        #expect(query["Query"] == "C++ 입문")
        #expect(query["MaxResults"] == "50")   // Aladin's most
    }

    @Test func lookupByISBN13() async throws {
        let fake = try await FakeServices.shared()
        let book = try #require(try await aladin(fake, "aladin-lookup").lookup(isbn13: "9791191851069"))
        #expect(book.title == "위대한 이야기 - 아름다움, 선함, 진리에 대한 메타 내러티브")
        #expect(book.author == "제임스 브라이언 스미스")
        #expect(book.coverUrl == "https://image.aladin.co.kr/product/28125/61/coversum/k642734155_1.jpg")
        #expect(book.pages == 304)
        #expect(book.genre == "종교/역학")
        let query = try #require(try await fake.queries("aladin-lookup").last)
        #expect(query["ItemId"] == "9791191851069")
        #expect(query["ItemIdType"] == "ISBN13")
        #expect(try await fake.requests("aladin-lookup").last?["path"] as? String == "/aladin/ttb/api/ItemLookUp.aspx")
    }

    @Test func anUnknownItemIsNotFoundRatherThanAnOutage() async throws {
        let fake = try await FakeServices.shared()
        try await fake.script([["status": 200, "body": #"{"errorCode":8,"errorMessage":"존재하지 않는 상품입니다."}"#]], queue: "aladin-unknown")
        #expect(try await aladin(fake, "aladin-unknown").lookup(isbn13: "9780000000002") == nil)
    }

    @Test func recommendationsInterleaveBestsellersAndNewSpecials() async throws {
        let fake = try await FakeServices.shared()
        let books = try await aladin(fake, "aladin-recommended").recommended(limit: 6)
        #expect(books.map(\.title) == ["좀비고등학교 코믹스 5", "가브릴 드롭 아웃 5", "82년생 김지영", "삼차원 한자학",
                                       "하이큐!! 29", "탑 크리에이티브 일러스트 (DVD 포함)"])
        // The 2018 answers write roles the older way: "조남주 지음", "이운부 지음, 하영삼 외 옮김".
        #expect(books[2] == CatalogBook(
            title: "82년생 김지영", author: "조남주", publisher: "민음사", isbn13: "9788937473135",
            coverUrl: "http://image.aladin.co.kr/product/9476/48/cover150/8937473135_1.jpg", genre: "소설/시/희곡",
            publishedAt: "2016-10-14",
            description: "오늘의 젊은 작가 13권. 조남주 장편소설. 시사 교양 프로그램에서 10년 동안 일한 방송 작가답게 서민들의 일상에서 발생하는 비극을 사실적이고 공감대 높은 스토리로 표현하는 데 특출 난 재능을 보이는 작가는 <82년생 김지영>에서 30대를 살고 있는 한국 여성들의 보편적인 일상을 완벽하게 재현한다."))
        #expect(books[0].author == "배아이")
        #expect(books[3].author == "이운부")
        #expect(books[5].author == "모럴 편집부")
        let queries = try await fake.queries("aladin-recommended")
        #expect(queries.map { $0["QueryType"] } == ["Bestseller", "ItemNewSpecial"])
        #expect(queries.allSatisfy { $0["MaxResults"] == "6" && $0["output"] == "js" })
    }

    @Test func bestsellersAlone() async throws {
        let fake = try await FakeServices.shared()
        let books = try await aladin(fake, "aladin-bestseller").list(.bestseller, limit: 50)
        #expect(books.count == 5)
        #expect(books[4].title == "아르테미스 (어나더커버 특별판, 양장)")
        #expect(books[4].author == "앤디 위어")
        #expect(books[4].publisher == "알에이치코리아(RHK)")
    }

    @Test func aTrailingSemicolonIsTolerated() async throws {
        let fake = try await FakeServices.shared()
        try await fake.script([["status": 200, "fixture": "aladin/itemlist_bestseller_js.json", "append": ";"],
                               ["status": 200, "fixture": "aladin/itemsearch_js.json", "append": "  ;\r\n"]], queue: "aladin-semicolon")
        let catalog = aladin(fake, "aladin-semicolon")
        #expect(try await catalog.list(.bestseller, limit: 5).count == 5)
        #expect(try await catalog.search("위대한 이야기", limit: 10).count == 10)
    }

    @Test func anErrorBodyIsUnavailableWithTheServersMessage() async throws {
        let fake = try await FakeServices.shared()
        try await fake.script(scenario: "aladin_bad_key", queue: "aladin-bad-key")
        let error = await #expect(throws: CatalogError.self) {
            try await aladin(fake, "aladin-bad-key", key: "wrong").search("소설", limit: 10)
        }
        #expect(error == .unavailable(message: "Aladin refused the request: 잘못된 TTBKey입니다. (error 100)",
                                      messageKo: "알라딘에서 요청을 거절했습니다: 잘못된 TTBKey입니다. (error 100)"))
        #expect(error?.status == 503)
        #expect(error?.code == "catalog_unavailable")
    }

    @Test func anUnreachableServerIsUnavailable() async throws {
        let catalog = AladinCatalog(baseURL: closedURL, ttbKey: "key", session: .catalogSession(timeout: 2))
        let error = await #expect(throws: CatalogError.self) { try await catalog.search("소설", limit: 10) }
        #expect(error == .unavailable(message: "Aladin could not be reached (127.0.0.1).", messageKo: "알라딘에 연결할 수 없습니다 (127.0.0.1)."))
    }

    @Test func malformedAnswersAreUnavailableNotACrash() async throws {
        let fake = try await FakeServices.shared()
        try await fake.script([["status": 200, "fixture": "aladin/itemsearch_js.json", "truncate": 2000],
                               ["status": 200, "body": "<!doctype html><p>점검 중입니다</p>"],
                               ["status": 200, "body": "[1, 2, 3]"],
                               ["status": 200, "body": #"{"version":"20131101"}"#]], queue: "aladin-malformed")
        let catalog = aladin(fake, "aladin-malformed")
        for _ in 0..<4 {
            let error = await #expect(throws: CatalogError.self) { try await catalog.search("소설", limit: 10) }
            #expect(error?.message == "Aladin sent an answer that could not be read.")
        }
    }

    @Test func anErrorStatusIsUnavailable() async throws {
        let fake = try await FakeServices.shared()
        try await fake.script([["status": 500, "body": "Internal Server Error"]], queue: "aladin-500")
        let error = await #expect(throws: CatalogError.self) { try await aladin(fake, "aladin-500").search("소설", limit: 10) }
        #expect(error?.message == "Aladin answered with an error (HTTP 500).")
    }

    @Test func aSlowServerTimesOut() async throws {
        let fake = try await FakeServices.shared()
        try await fake.script([["status": 200, "fixture": "aladin/itemsearch_js.json", "delay": 30]], queue: "aladin-slow")
        // The fake answers after 30 s, and that answer would be a success: an error saying the
        // server did not answer in time can only come from the 1 s timeout (no clock is read: on a
        // loaded machine even a timeout's wake-up can be late).
        let error = await #expect(throws: CatalogError.self) {
            try await aladin(fake, "aladin-slow", timeout: 1).search("소설", limit: 10)
        }
        #expect(error?.message == "Aladin did not answer within 1 s.")
    }
}

@Suite struct OpenLibraryCatalogTests {
    @Test func searchReadsTheFieldsAnswer() async throws {
        let fake = try await FakeServices.shared()
        let books = try await openLibrary(fake, "ol-search").search("dune", limit: 3)
        #expect(books == [
            CatalogBook(title: "Dune", author: "Frank Herbert", publisher: "Ace", isbn13: "9780425043769",
                        coverUrl: "https://covers.example.org/b/id/11481354-L.jpg", genre: "소설/시/희곡",
                        publishedAt: "1965", description: nil, pages: 605),
            CatalogBook(title: "Children of Dune", author: "Frank Herbert", publisher: "Orion Publishing Group, Limited",
                        isbn13: "9780425071793", coverUrl: "https://covers.example.org/b/id/6976407-L.jpg",
                        genre: "소설/시/희곡", publishedAt: "1976", description: nil, pages: 504),
            CatalogBook(title: "God Emperor of Dune", author: "Frank Herbert", publisher: "Orion Publishing Group, Limited",
                        isbn13: "9780739433911", coverUrl: "https://covers.example.org/b/id/6711531-L.jpg",
                        genre: "소설/시/희곡", publishedAt: "1981", description: nil, pages: 475),
        ])
        let query = try #require(try await fake.queries("ol-search").last)
        #expect(query["q"] == "dune")
        #expect(query["limit"] == "3")
        #expect(query["fields"] == OpenLibraryCatalog.fields)
        #expect(try await fake.requests("ol-search").last?["path"] as? String == "/openlibrary/search.json")
    }

    @Test func theOlderLayoutAndAWorkWithoutACover() async throws {
        let fake = try await FakeServices.shared()
        try await fake.script([["status": 200, "fixture": "openlibrary/search_json_2020_bookwyrm.json"]], queue: "ol-2020")
        let books = try await openLibrary(fake, "ol-2020").search("time war", limit: 10)
        #expect(books.count == 2)
        #expect(books[0].author == "Amal El-Mohtar, Max Gladstone")
        #expect(books[0].isbn13 == "9781534431003")
        #expect(books[0].publisher == "Simon and Schuster")
        #expect(books[0].genre == "소설/시/희곡")   // "science fiction"
        // No cover_i: the cover by ISBN, asking for a 404 rather than a blank image.
        #expect(books[0].coverUrl == "https://covers.example.org/b/isbn/9781534431003-L.jpg?default=false")
        #expect(books[1].coverUrl == "https://covers.example.org/b/id/8665647-L.jpg")
        #expect(books[1].isbn13 == nil)
        #expect(books[1].publishedAt == nil)
    }

    @Test func lookupAsksForTheISBNAndKeepsIt() async throws {
        let fake = try await FakeServices.shared()
        let book = try #require(try await openLibrary(fake, "ol-lookup").lookup(isbn13: "9780441172634"))
        #expect(book.title == "Dune")
        #expect(book.isbn13 == "9780441172634")
        #expect(try await fake.queries("ol-lookup").last?["q"] == "isbn:9780441172634")
    }

    @Test func noRecommendations() async throws {
        let fake = try await FakeServices.shared()
        #expect(try await openLibrary(fake, "ol-recommended").recommended(limit: 10) == [])
        #expect(try await fake.requests("ol-recommended").isEmpty)
    }

    @Test func malformedIsUnavailable() async throws {
        let fake = try await FakeServices.shared()
        try await fake.script([["status": 200, "fixture": "openlibrary/search_json_fields.json", "truncate": 500]], queue: "ol-malformed")
        let error = await #expect(throws: CatalogError.self) { try await openLibrary(fake, "ol-malformed").search("dune", limit: 3) }
        #expect(error == .unavailable(message: "Open Library sent an answer that could not be read.",
                                      messageKo: "Open Library의 응답을 읽을 수 없습니다."))
    }
}
