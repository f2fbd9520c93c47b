import Foundation
import NotioCore
import Testing
@testable import NotioApp

@Suite struct JSONTests {
    @Test(arguments: ["plain", "민아 \"따옴표\"", "back\\slash", "line\nbreak\ttab\r", "\u{0001}\u{001f}", "\u{2028}", "a\u{2029}b", "운영체제 — 요약 … “따옴표”", "<script>alert(1)</script>", "😀 이모지"])
    func quotedStringsReadBackTheSame(_ text: String) throws {
        let json = "[" + JSONText.quote(text) + "]"
        let back = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
        #expect(back == [text])
    }
}
