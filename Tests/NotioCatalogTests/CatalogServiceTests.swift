import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import NotioTestSupport
@testable import NotioCatalog

@Suite struct CatalogServiceTests {
    func settings(_ fake: FakeServices, aladinQueue: String, openLibraryQueue: String, providers: [String] = ["aladin", "openlibrary"]) -> CatalogSettings {
        var settings = CatalogSettings()
        settings.providers = providers
        settings.aladinKey = "test-ttb-key"
        settings.aladinURL = fake.baseURL(aladinQueue).appendingPathComponent("aladin/ttb/api/")
        settings.openLibraryURL = fake.baseURL(openLibraryQueue).appendingPathComponent("openlibrary/")
        settings.timeout = 5
        return settings
    }

    @Test func theFirstCatalogAnswers() async throws {
        let fake = try await FakeServices.shared()
        let service = CatalogService(settings: settings(fake, aladinQueue: "svc-first-a", openLibraryQueue: "svc-first-o"))
        let results = try await service.search("위대한 이야기")
        #expect(results.provider == "aladin")
        #expect(results.items.count == 10)
        #expect(try await fake.requests("svc-first-o").isEmpty)
    }

    @Test func aFailingAladinFallsBackToOpenLibrary() async throws {
        let fake = try await FakeServices.shared()
        try await fake.script(scenario: "aladin_bad_key", queue: "svc-fallback-a")
        let service = CatalogService(settings: settings(fake, aladinQueue: "svc-fallback-a", openLibraryQueue: "svc-fallback-o"))
        let results = try await service.search("dune")
        #expect(results.provider == "openlibrary")
        #expect(results.items.map(\.title) == ["Dune", "Children of Dune", "God Emperor of Dune"])
        #expect(try await fake.requests("svc-fallback-a").count == 1)
    }

    @Test func anUnreachableAladinFallsBackToo() async throws {
        let fake = try await FakeServices.shared()
        var settings = settings(fake, aladinQueue: "unused", openLibraryQueue: "svc-unreachable-o")
        settings.aladinURL = closedURL
        let results = try await CatalogService(settings: settings).search("dune")
        #expect(results.provider == "openlibrary")
        #expect(results.items.count == 3)
    }

    @Test func theConfiguredOrderIsKept() async throws {
        let fake = try await FakeServices.shared()
        let service = CatalogService(settings: settings(fake, aladinQueue: "svc-order-a", openLibraryQueue: "svc-order-o",
                                                        providers: ["openlibrary", "aladin"]))
        #expect(service.providerIDs == ["openlibrary", "aladin"])
        let results = try await service.search("dune")
        #expect(results.provider == "openlibrary")
        #expect(try await fake.requests("svc-order-a").isEmpty)
    }

    @Test func aladinWithoutAKeyIsLeftOut() async throws {
        let fake = try await FakeServices.shared()
        var settings = settings(fake, aladinQueue: "svc-nokey-a", openLibraryQueue: "svc-nokey-o")
        settings.aladinKey = ""
        let service = CatalogService(settings: settings)
        #expect(service.providerIDs == ["openlibrary"])
        #expect(try await service.search("dune").provider == "openlibrary")
        #expect(try await fake.requests("svc-nokey-a").isEmpty)
    }

    @Test func anEmptyAnswerIsPassedOverButAnOutageIsNotHidden() async throws {
        let fake = try await FakeServices.shared()
        let empty = #"{"version":"20131101","totalResults":0,"startIndex":1,"itemsPerPage":10,"item":[]}"#
        try await fake.script([["status": 200, "body": empty], ["status": 200, "body": empty]], queue: "svc-empty-a")
        let service = CatalogService(settings: settings(fake, aladinQueue: "svc-empty-a", openLibraryQueue: "svc-empty-o"))
        // Aladin knows nothing, Open Library does.
        #expect(try await service.search("an english title").provider == "openlibrary")
        // Both answer with nothing: an empty result, not an error.
        try await fake.script([["status": 200, "body": #"{"numFound":0,"start":0,"docs":[]}"#]], queue: "svc-empty-o")
        let nothing = try await service.search("zzzz")
        #expect(nothing.items.isEmpty)

        try await fake.script(scenario: "aladin_bad_key", queue: "svc-empty-a")
        try await fake.script([["status": 200, "body": #"{"numFound":0,"start":0,"docs":[]}"#]], queue: "svc-empty-o")
        // Aladin is down and Open Library has nothing: the reader must learn that Aladin is down.
        let error = await #expect(throws: CatalogError.self) { try await service.search("82년생 김지영") }
        #expect(error?.code == "catalog_unavailable")
    }

    @Test func whenEveryCatalogFailsTheMessageSaysWhyAndOffersManualEntry() async throws {
        let fake = try await FakeServices.shared()
        try await fake.script(scenario: "aladin_bad_key", queue: "svc-allfail-a")
        try await fake.script([["status": 502, "body": "Bad Gateway"]], queue: "svc-allfail-o")
        let service = CatalogService(settings: settings(fake, aladinQueue: "svc-allfail-a", openLibraryQueue: "svc-allfail-o"))
        let error = await #expect(throws: CatalogError.self) { try await service.search("소설") }
        #expect(error == .unavailable(
            message: "Aladin refused the request: 잘못된 TTBKey입니다. (error 100) Open Library answered with an error (HTTP 502). You can enter the book by hand.",
            messageKo: "알라딘에서 요청을 거절했습니다: 잘못된 TTBKey입니다. (error 100) Open Library에서 오류로 응답했습니다 (HTTP 502). 책 정보를 직접 입력할 수 있습니다."))
        #expect(error?.status == 503)
    }

    @Test func aNamedProviderIsAskedAlone() async throws {
        let fake = try await FakeServices.shared()
        try await fake.script(scenario: "aladin_bad_key", queue: "svc-named-a")
        let service = CatalogService(settings: settings(fake, aladinQueue: "svc-named-a", openLibraryQueue: "svc-named-o"))
        await #expect(throws: CatalogError.self) { try await service.search("dune", provider: "aladin") }
        #expect(try await fake.requests("svc-named-o").isEmpty)
        #expect(try await service.search("dune", provider: "openlibrary").items.count == 3)
        await #expect(throws: CatalogError.unknownProvider("google")) { try await service.search("dune", provider: "google") }
    }

    @Test func anISBNQueryIsLookedUp() async throws {
        let fake = try await FakeServices.shared()
        let service = CatalogService(settings: settings(fake, aladinQueue: "svc-isbn-a", openLibraryQueue: "svc-isbn-o"))
        let results = try await service.search(" 979-11-91851-06-9 ")
        #expect(results.items.count == 1)
        #expect(results.items.first?.pages == 304)
        _ = try await service.search("8937473135")
        let queries = try await fake.queries("svc-isbn-a")
        #expect(queries.map { $0["ItemId"] } == ["9791191851069", "9788937473135"])
        #expect(try await fake.requests("svc-isbn-a").allSatisfy { ($0["path"] as? String)?.hasSuffix("ItemLookUp.aspx") == true })
    }

    @Test func anISBNUnknownToAladinIsLookedUpInOpenLibrary() async throws {
        let fake = try await FakeServices.shared()
        try await fake.script([["status": 200, "body": #"{"errorCode":8,"errorMessage":"존재하지 않는 상품입니다."}"#]], queue: "svc-isbn2-a")
        let service = CatalogService(settings: settings(fake, aladinQueue: "svc-isbn2-a", openLibraryQueue: "svc-isbn2-o"))
        let results = try await service.search("978-0-441-17263-4")
        #expect(results.provider == "openlibrary")
        #expect(results.items.first?.isbn13 == "9780441172634")
    }

    @Test func badQueries() async throws {
        let service = CatalogService(catalogs: [])
        await #expect(throws: CatalogError.invalidQuery) { try await service.search("   ") }
        await #expect(throws: CatalogError.invalidQuery) { try await service.search(String(repeating: "책", count: 201)) }
        await #expect(throws: CatalogError.invalidQuery) { try await service.lookup(isbn: "12345") }
        let error = await #expect(throws: CatalogError.self) { try await service.search("소설") }
        #expect(error?.code == "catalog_unavailable")
        #expect(error?.messageKo == "설정된 도서 검색 서비스가 없습니다. 책 정보를 직접 입력할 수 있습니다.")
    }

    @Test func recommendationsAreKeptForAWhile() async throws {
        let fake = try await FakeServices.shared()
        let service = CatalogService(settings: settings(fake, aladinQueue: "svc-rec-a", openLibraryQueue: "svc-rec-o"))
        let now = Date()
        let first = try await service.recommended(limit: 4, now: now)
        #expect(first.provider == "aladin")
        #expect(first.items.count == 4)
        #expect(try await service.recommended(limit: 4, now: now.addingTimeInterval(600)) == first)
        #expect(try await fake.requests("svc-rec-a").count == 2)   // Bestseller and ItemNewSpecial, once
        _ = try await service.recommended(limit: 4, now: now.addingTimeInterval(3601))
        #expect(try await fake.requests("svc-rec-a").count == 4)
    }

    @Test func openLibraryAloneRecommendsNothing() async throws {
        let fake = try await FakeServices.shared()
        let service = CatalogService(settings: settings(fake, aladinQueue: "-", openLibraryQueue: "svc-rec-ol", providers: ["openlibrary"]))
        let results = try await service.recommended(now: Date())
        #expect(results == CatalogResults(provider: "openlibrary", items: []))
    }

    @Test func providerLists() {
        #expect(CatalogSettings.providerList("aladin,openlibrary") == ["aladin", "openlibrary"])
        #expect(CatalogSettings.providerList(" OpenLibrary , aladin ,openlibrary") == ["openlibrary", "aladin"])
        #expect(CatalogSettings.providerList("none") == [])
        #expect(CatalogSettings.providerList("") == [])
        #expect(CatalogSettings.providerList("aladin,google") == nil)
        #expect(CatalogSettings.problem(providerList: "aladin,google") == "must be a comma-separated list of aladin, openlibrary, or none")
        #expect(CatalogSettings.problem(providerList: "aladin") == nil)
    }
}
