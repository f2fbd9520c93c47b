import Foundation
import Testing
@testable import NotioCore

/// `SearchableText` and `KoreanText.contains` search bytes where that gives Foundation's answer,
/// and hand the rest to Foundation: each answer is checked against Foundation's own.
@Suite struct SearchableTextTests {
    /// Texts of several scripts; the last ones hold combining marks and conjoining jamo, which a byte
    /// search would cut through.
    let texts = [
        "운영체제는 프로세스를 스케줄링한다 cpu 스케줄러",
        "εἰ ε π χ 확률 변수 ε는 오차항 ηθ",          // Greek (lshort-ko writes ε, π)
        "Пример 행렬 и вектор 行列 行",               // Cyrillic and Han
        "x\u{307}는 도함수 e\u{301}te 가",             // combining dot above, decomposed é
        "\u{1100}\u{1161}\u{11A8} 각 \u{1100}가",       // conjoining jamo: 각 written in jamo
        "\u{1100}, \u{1102} 순 가나다 \u{1100}",          // lone jamo (NFKC of ㄱ, ㄴ): no neighbour joins them
        "👍\u{1F3FD} 좋아요 🇰🇷 한국",                  // emoji modifier, regional indicators
    ]
    let keys = ["\u{1100}", "\u{1100},", "프로세스", "cpu", "ε", "ε는", "η", "行", "行列", "x", "e", "é", "가", "각", "👍", "🇰", "한국", "없음", "스케줄"]

    @Test func answersAsFoundationDoes() {
        for text in texts {
            let searchable = SearchableText(text)
            for key in keys {
                let foundation = text.range(of: key) != nil
                #expect(KoreanText.contains(text, key) == foundation, "contains(\(text), \(key))")
                #expect(searchable.contains(key) == foundation, "searchable(\(text)).contains(\(key))")
                #expect(searchable.occurrences(of: key) == text.components(separatedBy: key).count - 1,
                        "occurrences of \(key) in \(text)")
            }
        }
    }

    @Test func greekAndHanAreSearchedByBytesCombiningMarksAreNot() {
        #expect("εηθ확률行列".utf8.withContiguousStorageIfAvailable(KoreanText.isSimpleUTF8) == true)
        #expect("x\u{307}".utf8.withContiguousStorageIfAvailable(KoreanText.isSimpleUTF8) == false)
        #expect("\u{1100}\u{1161}".utf8.withContiguousStorageIfAvailable(KoreanText.isSimpleUTF8) == false)
        #expect("가\u{11A8}".utf8.withContiguousStorageIfAvailable(KoreanText.isSimpleUTF8) == false)
        #expect("\u{1100}, \u{1102} 순".utf8.withContiguousStorageIfAvailable(KoreanText.isSimpleUTF8) == true)
        #expect("👍\u{1F3FD}".utf8.withContiguousStorageIfAvailable(KoreanText.isSimpleUTF8) == false)
    }

    @Test func keysBesideAWordAreThoseContainsFinds() {
        let keys = ["추세선", "선형", "회귀", "ε", "x"]
        for text in texts + ["지수추세선과 선형회귀 지수선형 ε지수 aaa"] {
            let searchable = SearchableText(text)
            for word in ["지수", "선형", "ε", "a", "\u{1100}"] {
                #expect(Set(searchable.keys(keys, writtenAfter: word)) == Set(keys.filter { text.range(of: word + $0) != nil }))
                #expect(Set(searchable.keys(keys, writtenBefore: word)) == Set(keys.filter { text.range(of: $0 + word) != nil }))
            }
        }
        #expect(SearchableText("aaa").occurrences(of: "aa") == 1)
    }

    /// The digits before each occurrence of a unit, as a search from the end of the one before.
    @Test func digitsBeforeAUnitAreThoseFoundationFinds() {
        func foundation(_ text: String, _ key: String) -> [String] {
            var out: [String] = [], rest = Substring(text)
            while let range = rest.range(of: key) {
                let digits = rest[..<range.lowerBound].reversed().prefix { $0.isASCII && $0.isNumber }
                if !digits.isEmpty { out.append(String(digits.reversed())) }
                rest = rest[range.upperBound...]
            }
            return out
        }
        for text in texts + ["2바이트와 4 바이트, 16바이트바이트 x12바이트", "m22m2 2m2", "x\u{307}8바이트 3바이트"] {
            for key in ["바이트", "m2", "2", "x", "e"] {
                #expect(SearchableText(text).digits(before: key) == foundation(text, key), "digits before \(key) in \(text)")
            }
        }
        #expect(SearchableText("2바이트와 4 바이트, 16바이트").digits(before: "바이트") == ["2", "16"])
    }

    /// Compact keys glue what brackets and spaces kept apart: there a run of scalars is a match.
    @Test func aTextOfKeysMatchesRunsOfScalars() {
        let keys = SearchableText(keys: KoreanText.compact("【ㄱ】 가나다 순서, 가나다"))
        #expect(keys.contains("가나다"))
        #expect(keys.occurrences(of: "가나다") == 2)
        #expect(keys.keys(["가나다", "순서"], writtenAfter: KoreanText.compact("ㄱ")) == ["가나다"])
        #expect(!keys.contains("다나가"))
    }
}
