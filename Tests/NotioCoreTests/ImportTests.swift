import Foundation
import Testing
@testable import NotioCore
import NotioCodecs

/// The importers on the real exports in Tests/Fixtures/external (see SOURCES.md there).
struct ImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/external")

    func fixture(_ name: String) throws -> Data { try Data(contentsOf: Self.fixtures.appendingPathComponent(name)) }
    func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    let hardThings = "Do the Hard Things First: How to Win Over Procrastination and Master the Habit of Doing Difficult Work (Do the Hard Things First Series Book 1)"

    // MARK: Kindle

    @Test func kindleHighlightsAndNotes() throws {
        let library = try LibraryImport.parse(try fixture("kindle/my_clippings_en_highlights_notes.txt"))
        #expect(library.format == .kindle)
        #expect(library.books == [
            ImportedBook(title: "Watership Down: A Novel (Puffin Books Book 1)", author: "Richard Adams"),
            ImportedBook(title: hardThings, author: "Scott Allan"),
        ])
        // 37 clippings: 35 highlights and 2 notes. Two highlights were extended later (219-220,
        // 242-243) and give way to the longer ones; both notes belong to a highlight.
        #expect(library.sentences.count == 33)
        #expect(library.skipped == 2)
        #expect(library.sentences.filter { $0.bookKey == library.books[0].key }.count == 3)

        let first = library.sentences[0]
        #expect(first.text == "About trauma and injustice and hope and courage")
        #expect(first.page == nil)
        #expect(first.location == "64-64")
        // Wednesday, May 31, 2023 3:45:53 PM, read in Seoul time by default.
        #expect(first.addedAt == utc("2023-05-31T06:45:53Z"))

        let paged = library.sentences[3]
        #expect(paged.text == "There is no tomorrow if there is time today.")
        #expect(paged.page == 2)
        #expect(paged.location == "153-154")
        #expect(paged.fingerprint == "80f3360e2d987253b6aebf9482f01ed9")

        #expect(!library.sentences.contains { $0.text == "“it’s not resources we are lacking, but resourcefulness.”" })
        #expect(library.sentences.contains { $0.text == "Tony Robbins always says, “it’s not resources we are lacking, but resourcefulness.”" })
        #expect(!library.sentences.contains { $0.text == "Days become weeks. Weeks become months and a year passes" })
        #expect(library.sentences.contains { $0.text == "Days become weeks. Weeks become months and a year passes by." })

        // Notes at Location 404 and 411 end the highlights at 403-404 and 409-411.
        let noted = library.sentences.filter { $0.note != nil }
        #expect(noted.map(\.location) == ["403-404", "409-411"])
        #expect(noted.map(\.note) == ["10", "Distraction"])
        #expect(noted[0].text == "Distraction.\u{A0}Engaging in unrelated behaviors to distract yourself from the task that you need to complete.")
        #expect(noted[1].page == 19)
        #expect(library.sentences.allSatisfy { !$0.isNoteOnly })
        #expect(Set(library.sentences.map(\.fingerprint)).count == 33)
    }

    @Test func kindleBookmarksGiveNothing() throws {
        // Every title line starts with its own BOM in this file.
        let library = try LibraryImport.parse(try fixture("kindle/my_clippings_en_bookmarks.txt"))
        #expect(library.format == .kindle)
        #expect(library.books.isEmpty)
        #expect(library.sentences.isEmpty)
        #expect(library.skipped == 8)
    }

    @Test func kindleTimeZoneIsTheReaders() throws {
        let options = ImportOptions(timeZone: TimeZone(identifier: "America/New_York")!)
        let library = try LibraryImport.parse(try fixture("kindle/my_clippings_en_highlights_notes.txt"), options: options)
        #expect(library.sentences[0].addedAt == utc("2023-05-31T19:45:53Z"))
    }

    @Test func kindleKoreanMetadataAndLooseNotes() throws {
        let text = """
        채식주의자 (한강)
        - 위치 105-107의 하이라이트 | 추가된 날짜: 2023년 5월 31일 수요일 오후 3:45:53

        나는 꿈을 꿨어.
        ==========
        채식주의자 (한강)
        - 위치 107의 메모 | 추가된 날짜: 2023년 5월 31일 수요일 오후 3:46:10

        첫 장면
        ==========
        채식주의자 (한강)
        - 위치 300의 메모 | 추가된 날짜: 2023년 5월 31일 수요일 오후 3:50:00

        다시 읽기
        ==========
        Old Device Book (Someone)
        - Highlight Loc. 171-72 | Added on Saturday, July 14, 2012, 07:38 PM

        An older Kindle shortens location ranges.
        ==========

        """
        let library = try LibraryImport.parse(Data(text.utf8))
        #expect(library.books.map(\.author) == ["한강", "Someone"])
        #expect(library.sentences.count == 3)
        let highlight = library.sentences[0]
        #expect(highlight.text == "나는 꿈을 꿨어.")
        #expect(highlight.location == "105-107")
        #expect(highlight.note == "첫 장면")
        #expect(highlight.addedAt == utc("2023-05-31T06:45:53Z"))
        // A note far from any highlight is kept on its own.
        #expect(library.sentences[1].text == "다시 읽기")
        #expect(library.sentences[1].isNoteOnly)
        #expect(library.sentences[2].location == "171-172")
        #expect(library.sentences[2].addedAt == utc("2012-07-14T10:38:00Z"))
    }

    @Test func kindleRepeatsAndNotesOnPages() throws {
        let entry = { (meta: String, body: String) in "A Book (Writer, Some)\r\n- \(meta)\r\n\r\n\(body)\r\n==========\r\n" }
        let text = "\u{FEFF}" + entry("Your Highlight on page 4 | Added on Friday, June 2, 2023 1:15:39 AM", "Same words.")
            + entry("Your Highlight on page 4 | Added on Friday, June 2, 2023 1:16:00 AM", "Same  words.")
            + entry("Your Note on page 4 | Added on Friday, June 2, 2023 1:17:00 AM", "a thought")
            + entry("Your Bookmark on page 9 | Added on Friday, June 2, 2023 1:18:00 AM", "")
            + entry("Your Highlight on page 10 | Added on Friday, June 2, 2023 1:19:00 AM", "")
        let library = try LibraryImport.parse(Data(text.utf8))
        #expect(library.books == [ImportedBook(title: "A Book", author: "Some Writer")])
        #expect(library.sentences.count == 1)
        #expect(library.sentences[0].note == "a thought")
        #expect(library.sentences[0].page == 4)
        #expect(library.skipped == 3)   // the repeat, the bookmark, the empty highlight
    }

    // MARK: Goodreads

    @Test func goodreadsLibrary() throws {
        let library = try LibraryImport.parse(try fixture("goodreads/goodreads_library_export.csv"))
        #expect(library.format == .goodreads)
        #expect(library.sentences.isEmpty)
        #expect(library.skipped == 0)
        #expect(library.books == [
            ImportedBook(title: "Gideon the Ninth", author: "Tamsyn Muir", isbn13: "9781250313195", publisher: "Tor",
                         status: "finished", rating: nil, addedAt: utc("2020-10-20T15:00:00Z")),
            ImportedBook(title: "Subcutanean", author: "Aaron A. Reed", isbn13: nil, publisher: nil,
                         status: "finished", rating: nil, addedAt: utc("2020-03-04T15:00:00Z")),
            ImportedBook(title: "Patisserie at Home", author: "Mélanie Dupuis", isbn13: "9780062445315", publisher: "Harper Design",
                         status: "finished", rating: 2, addedAt: utc("2019-07-07T15:00:00Z")),
        ])
        #expect(library.books[0].key == "gideon the ninth | tamsyn muir")
    }

    @Test func goodreadsShelvesAndSeries() throws {
        let csv = #"""
        Book Id,Title,Author,Author l-f,ISBN,ISBN13,My Rating,Publisher,Date Added,Exclusive Shelf
        1,"The Fellowship of the Ring (The Lord of the Rings, #1)",J.R.R. Tolkien,"Tolkien, J.R.R.","=""0618346252""","=""""",5,Houghton,2021/01/02,currently-reading
        2,Catch-22 (50th Anniversary Edition),,"Heller, Joseph",,,0,,,to-read
        3,Unread Pile,Someone,,,,,,,did-not-finish
        4,,Nobody,,,,,,,read
        1,"The Fellowship of the Ring (The Lord of the Rings, #1)",J.R.R. Tolkien,,,,,,,read
        """#
        let library = try LibraryImport.parse(Data(csv.utf8))
        #expect(library.books.map(\.title) == ["The Fellowship of the Ring", "Catch-22 (50th Anniversary Edition)", "Unread Pile"])
        #expect(library.books.map(\.status) == ["reading", "wishlist", nil])
        #expect(library.books[0].isbn13 == "9780618346257")   // from the ISBN-10 column
        #expect(library.books[0].rating == 5)
        #expect(library.books[1].author == "Joseph Heller")   // from "Author l-f"
        #expect(library.skipped == 2)                          // no title; the same book again
    }

    // MARK: Readwise

    @Test func readwiseExport() throws {
        let library = try LibraryImport.parse(try fixture("readwise/readwise_export.csv"))
        #expect(library.format == .readwise)
        // 17 rows: one tagged discard and two bare chapter headings (h1) are skipped.
        #expect(library.sentences.count == 14)
        #expect(library.skipped == 3)
        #expect(library.books.map(\.title) == [
            "The Guillotine Mystique", "Luxuriating in Privacy", "How Not to Be Wrong: The Power of Mathematical Thinking",
            "The Meditations of the Emperor Marcus Aurelius Antoninus / A new rendering based on the Foulis translation of 1742",
            "Against the Grain: A Deep History of the Earliest States", "The Autobiography of Malcolm X",
        ])
        #expect(library.books[0].author == "reason.com")
        #expect(library.books[2].isbn13 == nil)   // B00G3L6JQ4 is a Kindle id, not an ISBN

        let wrong = try #require(library.sentences.first { $0.text.hasPrefix("When you’re trying") })
        #expect(wrong.text == "When you’re trying to draw reliable inferences from improbable events, wiggle room is the enemy.")
        #expect(wrong.bookKey == "how not to be wrong: the power of mathematical thinking | jordan ellenberg")
        #expect(wrong.location == nil)   // "order" is a position in Readwise, not in the book
        #expect(wrong.addedAt == utc("2020-09-21T04:53:16Z").addingTimeInterval(0.7525))
        #expect(wrong.fingerprint == "17bf3c03fdf702ee2afd5cd63bc5cfd0")
        #expect(!library.sentences.contains { $0.text.hasPrefix("Most mathematicians") })   // discard

        // A quoted field with line breaks and doubled quotes.
        let saintJust = library.sentences[0]
        #expect(saintJust.text.hasPrefix("Saint-Just made it clear that the reach of virtuous terror would be very wide: \"There is no prosperity"))

        let grain = try #require(library.sentences.first { $0.text.hasPrefix("cereal grains") })
        #expect(grain.location == "86")
        #expect(grain.addedAt == utc("2019-04-22T12:04:14Z").addingTimeInterval(0.173998))

        let malcolm = try #require(library.sentences.first { $0.text.hasPrefix("It was a surprising thing") })
        #expect(malcolm.note == "On being discouraged by a teacher from becoming a lawyer")
        #expect(malcolm.location == "784")

        // Headings the reader wrote a note on stay, without the ".h1" tag.
        let bookFour = try #require(library.sentences.first { $0.text == "Book IV." })
        #expect(bookFour.note?.hasPrefix("Reflections on the temporary nature of all things.") == true)
        #expect(bookFour.note?.contains("\n\nBuild a place in your soul") == true)
        #expect(!library.sentences.contains { $0.text == "Book VI." || $0.text == "Book I." })
    }

    @Test func readwiseWithDocumentTags() throws {
        let library = try LibraryImport.parse(try fixture("readwise/readwise_export_with_document_tags_excerpt.csv"))
        #expect(library.format == .readwise)
        #expect(library.books == [ImportedBook(title: "Super Crunchers: Why Thinking-by-Numbers Is the New Way to Be Smart", author: "Ian Ayres")])
        #expect(library.sentences.count == 1)
        #expect(library.sentences[0].text == "“It is difficult to get a man to understand something when his salary depends on his not understanding it.”")
        #expect(library.sentences[0].location == "142")
        #expect(library.sentences[0].addedAt == utc("2019-08-24T04:56:00Z"))
    }

    // MARK: Re-import

    @Test func reimportingGivesTheSameFingerprints() throws {
        for name in ["kindle/my_clippings_en_highlights_notes.txt", "readwise/readwise_export.csv"] {
            let once = try LibraryImport.parse(try fixture(name))
            let again = try LibraryImport.parse(try fixture(name))
            #expect(once == again)
            // What an app keeps after the first import makes the second add nothing.
            let stored = Set(once.sentences.map(\.fingerprint))
            #expect(again.sentences.filter { !stored.contains($0.fingerprint) }.isEmpty)
        }
        // Spacing, width and case do not make a sentence new.
        let key = ImportedBook.key(title: "채식주의자", author: "한강")
        #expect(ImportedSentence.fingerprint(bookKey: key, text: "나는  꿈을\u{A0}꿨어.")
                == ImportedSentence.fingerprint(bookKey: key, text: "나는 꿈을 꿨어."))
        #expect(ImportedSentence.fingerprint(bookKey: key, text: "Ｄream") == ImportedSentence.fingerprint(bookKey: key, text: "dream"))
        #expect(ImportedSentence.fingerprint(bookKey: key, text: "a") != ImportedSentence.fingerprint(bookKey: key, text: "b"))
        #expect(ImportedBook.key(title: " Dune ", author: "Frank  HERBERT") == "dune | frank herbert")
    }

    @Test func sha256KnownAnswers() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(String(repeating: "a", count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    // MARK: CSV

    @Test func csvFollowsRFC4180() throws {
        let text = "\u{FEFF}a,b,c\r\n\"1, one\",\"say \"\"hi\"\"\",\"two\r\nlines\"\r\n\r\n,,\nlast,\"\",x\"y\n\"q\"tail,z,"
        let records = try CSVReader.records(text)
        #expect(records.map(\.fields) == [
            ["a", "b", "c"],
            ["1, one", "say \"hi\"", "two\nlines"],
            ["", "", ""],
            ["last", "", "x\"y"],
            ["qtail", "z", ""],
        ])
        #expect(records.map(\.line) == [1, 2, 5, 6, 7])
        let error = #expect(throws: ImportError.self) { try CSVReader.records("a,b\n1,\"never closed\n2,3\n") }
        #expect(error?.code == "malformed_csv")
        #expect(error?.line == 2)
    }

    // MARK: Bad files

    @Test func badFilesGetAClearMessage() throws {
        func failure(_ data: Data, as format: ImportFormat? = nil) -> ImportError? {
            #expect(throws: ImportError.self) { try LibraryImport.parse(data, format: format) }
        }
        #expect(failure(Data())?.code == "empty_file")
        #expect(failure(Data("\u{FEFF}  \r\n".utf8))?.code == "empty_file")
        #expect(failure(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]))?.code == "not_text")
        // Korean text saved by Excel in CP949 is not UTF-8.
        #expect(failure(Data([0xC7, 0xD1, 0xB1, 0xDB, 0x2C, 0x41]))?.code == "not_text")
        #expect(failure(Data("Just some notes\nabout books\n".utf8))?.code == "unknown_format")
        #expect(failure(Data("name,email\nA,a@example.org\n".utf8))?.code == "unknown_format")

        let missing = failure(Data("Book Id,Title,Author\n1,Dune,Frank Herbert\n".utf8))
        #expect(missing == ImportError(code: "missing_columns", message: "This Goodreads file has no Exclusive Shelf column.",
                                       messageKo: "Goodreads 파일에 Exclusive Shelf 열이 없습니다.", line: 1))
        #expect(failure(Data("name,email\n".utf8), as: .readwise)?.message == "This Readwise file has no Highlight, Book Title, Book Author columns.")

        let wrong = failure(try fixture("goodreads/goodreads_library_export.csv"), as: .kindle)
        #expect(wrong?.code == "wrong_format")
        #expect(wrong?.message == "This looks like a Goodreads file, not a Kindle one.")

        let cut = failure(Data("Highlight,Book Title,Book Author\n\"A quote that was cut off,Book,Author\n".utf8))
        #expect(cut?.code == "malformed_csv")
        #expect(cut?.line == 2)

        let garbage = failure(Data("something\nelse\n==========\nmore garbage\n==========\n".utf8))
        #expect(garbage?.code == "malformed_clippings")
        #expect(garbage?.line == 1)
        #expect(failure(Data("==========\n==========\n".utf8))?.code == "empty_file")
    }

    @Test func utf16WithABOMIsRead() throws {
        let csv = "Highlight,Book Title,Book Author\n밑줄 친 문장,책,저자\n"
        var data = Data([0xFF, 0xFE])
        data.append(csv.data(using: .utf16LittleEndian)!)
        let library = try LibraryImport.parse(data)
        #expect(library.sentences.map(\.text) == ["밑줄 친 문장"])
    }

    @Test func detection() throws {
        #expect(ImportFormat.detect(String(decoding: try fixture("readwise/readwise_export.csv"), as: UTF8.self)) == .readwise)
        #expect(ImportFormat.detect(String(decoding: try fixture("goodreads/goodreads_library_export.csv"), as: UTF8.self)) == .goodreads)
        #expect(ImportFormat.detect(String(decoding: try fixture("kindle/my_clippings_en_bookmarks.txt"), as: UTF8.self)) == .kindle)
        #expect(ImportFormat.detect("hello") == nil)
    }
}
