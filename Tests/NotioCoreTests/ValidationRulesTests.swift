import Foundation
import Testing
import NotioCore

/// The rules the API and the pages share (`ValidationFailure`), each checked where it is written.
@Suite struct ValidationRulesTests {
    @Test func publicationDatesAreAYearAMonthOrADay() throws {
        // What the catalogs give (Open Library a year, Aladin a day) and what a reader may type.
        for accepted in ["2021", "1943", "180", "2021-10", "2021-10-11", "2024-02-29", " 2018-02-12 "] {
            #expect(try PublicationDate.parse(accepted) == accepted.trimmingCharacters(in: .whitespaces))
        }
        for refused in ["", "0", "21-10-11x", "2021-13", "2021-1-1", "2023-02-29", "2021-04-31", "Oct 2021", "12345", "2021-10-11-01", "2021년"] {
            #expect(throws: ValidationFailure.publicationDate(field: "publishedAt")) { try PublicationDate.parse(refused) }
        }
        // The OpenAPI schema's pattern says the same for the forms (the day is checked by `parse`).
        let pattern = try NSRegularExpression(pattern: PublicationDate.pattern)
        func matches(_ s: String) -> Bool { pattern.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil }
        #expect(["2021", "180", "2021-10", "2021-10-11"].allSatisfy(matches))
        #expect(!["", "2021-13", "2021-1-1", "Oct 2021", "12345", "2021-10-11-01"].contains(where: matches))
        // Catalog dates keep the date when it is one, else its year.
        #expect(PublicationDate.fromCatalog("2018-02-12") == "2018-02-12")
        #expect(PublicationDate.fromCatalog("2018-2-12") == "2018")
        #expect(PublicationDate.fromCatalog("Sat, 27 Nov 2021") == nil)
        #expect(try BookRules.publishedAt(nil) == nil)
        #expect(try BookRules.publishedAt("") == nil)
    }

    @Test func noteTitlesAndQuizCounts() throws {
        #expect(try NoteRules.title("  운영체제 ") == "운영체제")
        #expect(try NoteRules.title(String(repeating: "가", count: NoteRules.maxTitle)).count == NoteRules.maxTitle)
        #expect(throws: ValidationFailure.length(field: "title", min: 1, max: 200)) { try NoteRules.title("   ") }
        #expect(throws: ValidationFailure.length(field: "title", min: 0, max: 200)) {
            try NoteRules.title(String(repeating: "가", count: 201), required: false)
        }
        #expect(try NoteRules.title(" ", required: false) == "")
        #expect(try NoteRules.category("certificate") == .certificate)
        #expect(throws: ValidationFailure.choice(field: "category", allowed: ["major", "general", "certificate"])) { try NoteRules.category("Major") }
        #expect(try QuizRules.difficulty("hard") == .hard)
        #expect(ValidationFailure.choice(field: "difficulty", allowed: Difficulty.allCases.map(\.rawValue)).problem == "must be easy, medium or hard")
        #expect(try QuizRules.answerText(String(repeating: "가", count: QuizRules.maxAnswerText)).count == QuizRules.maxAnswerText)
        #expect(throws: ValidationFailure.length(field: "answers[2].text", min: 0, max: 500)) {
            try QuizRules.answerText(String(repeating: "가", count: 501), field: "answers[2].text")
        }
        #expect(try QuizRules.count(1) == 1)
        #expect(try QuizRules.count(30) == 30)
        for refused in [nil, 0, 31, -1] as [Int?] {
            #expect(throws: ValidationFailure.range(field: "count", min: 1, max: 30)) { try QuizRules.count(refused) }
        }
    }

    @Test func failuresNameTheFieldWithTheAPIsWording() {
        var problems: [String: String] = [:]
        #expect(problems.collect { () throws(ValidationFailure) in try NoteRules.title("") } == nil)
        #expect(problems.collect { () throws(ValidationFailure) in try QuizRules.count(99) } == nil)
        #expect(problems.collect { () throws(ValidationFailure) in try BookRules.isbn("978-89-364-3411-0") } == nil)
        #expect(problems.collect { () throws(ValidationFailure) in try BookRules.status("lost") } == nil)
        #expect(problems.collect { () throws(ValidationFailure) in try SentenceRules.page(-1) } == nil)
        #expect(problems.collect { () throws(ValidationFailure) in try BookRules.isbn("89-364-3411-X") } == "9788936434113")
        #expect(problems == ["title": "must be 1 to 200 characters", "count": "must be 1 to 30",
                             "isbn13": "must be a valid ISBN-10 or ISBN-13", "status": "must be reading, finished or wishlist",
                             "page": "must be between 0 and 100000"])
        #expect(ValidationFailure.choice(field: "emotion", allowed: Emotion.allCases.map(\.rawValue)).problem.hasPrefix("must be one of moved, comfort"))
    }
}
