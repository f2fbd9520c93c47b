import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import NotioAnalysis

/// The fake must send the fixtures' bytes, so that tests meet real envelopes.
@Suite struct ProviderFakeServicesTests {
    func get(_ url: URL) async throws -> Data { try await URLSession.shared.data(from: url).0 }

    @Test func catalogRoutesReplayTheirFixturesVerbatim() async throws {
        let fake = try await FakeServices.start()
        let fixtures = FakeServices.fixtures
        let search = try await get(fake.root.appendingPathComponent("aladin/ttb/api/ItemSearch.aspx"))
        #expect(search == (try Data(contentsOf: fixtures.appendingPathComponent("aladin/itemsearch_js.json"))))
        let newAll = try await get(URL(string: fake.root.absoluteString + "/aladin/ttb/api/ItemList.aspx?QueryType=ItemNewAll")!)
        #expect(newAll == (try Data(contentsOf: fixtures.appendingPathComponent("aladin/itemlist_itemnewall_js.json"))))
        let openLibrary = try await get(fake.root.appendingPathComponent("openlibrary/search.json"))
        #expect(openLibrary == (try Data(contentsOf: fixtures.appendingPathComponent("openlibrary/search_json_fields.json"))))
    }

    @Test func substitutionChangesOnlyTheAnswerText() async throws {
        let fake = try await FakeServices.start()
        try await fake.script([["status": 200, "fixture": "gemini/stop_basic.json", "text": "{\"a\":\"줄\\n바꿈\"}"]], queue: "s")
        let replayed = String(decoding: try await get(fake.baseURL("s").appendingPathComponent("x")), as: UTF8.self)
        let original = try String(contentsOf: FakeServices.fixtures.appendingPathComponent("gemini/stop_basic.json"), encoding: .utf8)
        let answer = #""Google's headquarters, also known as the Googleplex, is located in **Mountain View, California**.\n""#
        #expect(replayed == original.replacingOccurrences(of: answer, with: #""{\"a\":\"줄\\n바꿈\"}""#))
    }
}
