import Testing
@testable import NotioCore

struct ISBNTests {
    @Test func validatesTenDigitNumbersWithAnXCheckDigit() {
        #expect(ISBN.isValidISBN10("0-306-40615-2"))
        #expect(ISBN.isValidISBN10("080442957X"))
        #expect(ISBN.isValidISBN10("080442957x"))
        #expect(ISBN.isValidISBN10("89-7288-832-X"))
        #expect(!ISBN.isValidISBN10("0306406153"))   // wrong check digit
        #expect(!ISBN.isValidISBN10("0X06406152"))   // X only as the check digit
        #expect(!ISBN.isValidISBN10("030640615"))    // nine digits
        #expect(!ISBN.isValidISBN10("K642734155"))   // Aladin's own item code, not an ISBN
    }

    @Test func validatesThirteenDigitNumbersOnlyWithTheBookPrefixes() {
        #expect(ISBN.isValidISBN13("978-0-306-40615-7"))
        #expect(ISBN.isValidISBN13("9791191851069"))
        #expect(!ISBN.isValidISBN13("9780306406158"))   // wrong check digit
        #expect(!ISBN.isValidISBN13("4006381333931"))   // a valid EAN-13, but not a book
        #expect(!ISBN.isValidISBN13("97803064061570"))  // fourteen digits
    }

    @Test func convertsBothWays() {
        #expect(ISBN.isbn13(from: "0-306-40615-2") == "9780306406157")
        #expect(ISBN.isbn13(from: "080442957X") == "9780804429573")
        #expect(ISBN.isbn13(from: "897288832X") == "9788972888321")
        #expect(ISBN.isbn13(from: "9788937473135") == "9788937473135")
        #expect(ISBN.isbn10(from: "9788932530567") == "8932530564")
        #expect(ISBN.isbn10(from: "9788972888321") == "897288832X")
        #expect(ISBN.isbn10(from: "0450035697") == "0450035697")
        // 979 numbers were never given ISBN-10s.
        #expect(ISBN.isbn10(from: "9791191851069") == nil)
        #expect(ISBN.isbn13(from: "0306406153") == nil)
        #expect(ISBN.isbn13(from: "") == nil)
    }

    @Test func normalisesWhatPeopleAndExportsWrite() {
        #expect(ISBN.normalised(" 978-89-374-7313-5 ") == "9788937473135")
        #expect(ISBN.normalised("ISBN-13: 978 89 374 7313 5") == "9788937473135")
        #expect(ISBN.normalised("ISBN 10: 0-306-40615-2") == "0306406152")
        #expect(ISBN.normalised("ISBN 0306406152") == "0306406152")
        #expect(ISBN.normalised("=\"9781250313195\"") == "9781250313195")   // Goodreads
        #expect(ISBN.normalised("９７８８９３７４７３１３５") == "9788937473135")    // full-width
        #expect(ISBN.normalised("978\u{2013}0\u{2010}306\u{2011}40615\u{2212}7") == "9780306406157")
        #expect(ISBN.isbn13(from: "ISBN-13: 978-0-306-40615-7") == "9780306406157")
        #expect(ISBN.isbn13(from: "=\"\"") == nil)
    }

    @Test func onlyWholeISBNsCountAsISBNQueries() {
        #expect(ISBN.isISBNQuery("978-89-374-7313-5"))
        #expect(ISBN.isISBNQuery("8937473135"))
        #expect(!ISBN.isISBNQuery("82년생 김지영"))
        #expect(!ISBN.isISBNQuery("9788937473135 김지영"))   // other words around it
        #expect(!ISBN.isISBNQuery("1984"))
        #expect(!ISBN.isISBNQuery("9788937473136"))         // a typo in the check digit
    }
}
