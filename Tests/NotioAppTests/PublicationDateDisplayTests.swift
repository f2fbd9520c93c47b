import Foundation
import Testing
@testable import NotioApp

/// A book's publication date as a reader writes it, in each stored form (`PublicationDate`): a bare
/// "180" under 출간일 read like a page count (issue 14's review of 명상록's page).
@Suite struct PublicationDateDisplayTests {
    static func context(_ lang: Language) -> PageContext {
        PageContext(language: lang, csrfToken: "t", path: "/", asset: { $0 })
    }

    @Test func everyStoredFormReadsAsADate() {
        let ko = Self.context(.ko), en = Self.context(.en)
        #expect(ShortDate.published(ko, "180") == "180년")
        #expect(ShortDate.published(ko, "1943") == "1943년")
        #expect(ShortDate.published(ko, "2018-02") == "2018년 2월")
        #expect(ShortDate.published(ko, "2018-02-12") == "2018년 2월 12일")
        #expect(ShortDate.published(en, "180") == "180")
        #expect(ShortDate.published(en, "2018-02") == "Feb 2018")
        #expect(ShortDate.published(en, "2018-02-12") == "Feb 12, 2018")
    }
}
