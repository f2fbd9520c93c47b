import Foundation
import Testing
import NotioCore
import NotioStore
@testable import NotioApp
import NotioTestSupport

/// The demo notes make the same promise as analysed notes: what a concept card says comes from
/// the source text, and the keywords occur in it.
@Suite struct DemoNotesTests {
    private static func collapse(_ s: String) -> String {
        s.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func text(_ note: DemoNote) -> String {
        collapse(note.document.pages.map(\.text).joined(separator: "\n"))
    }

    /// Sentences of a summary: split after ". " so "다. 다음" gives two sentences.
    private static func sentences(_ s: String) -> [String] {
        collapse(s).components(separatedBy: ". ").map { $0.hasSuffix(".") ? $0 : $0 + "." }
    }

    /// Records an issue naming the missing piece, without printing the whole source text.
    private static func expect(_ needle: String, in text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if !text.contains(collapse(needle)) { Issue.record("\(what) is not in the source text: \(needle)", sourceLocation: sourceLocation) }
    }

    @Test func thereAreThreeNotesOnTheThreeSubjects() {
        #expect(DemoNotes.all.count == 3)
        let titles = DemoNotes.all.map(\.title)
        #expect(titles[0].hasPrefix("운영체제"))
        #expect(titles[1].hasPrefix("데이터베이스"))
        #expect(titles[2].contains("네트워크"))
        #expect(Set(titles).count == 3)
        for note in DemoNotes.all {
            #expect(note.analysis.title == note.title)
            #expect(note.fileName.hasSuffix(".pdf"))
            #expect(note.document.pages.map(\.number) == Array(1...note.document.pages.count))
            #expect((8...10).contains(note.document.pages.count), "\(note.title)")
        }
    }

    @Test(arguments: DemoNotes.all.indices)
    func conceptsComeFromTheText(_ index: Int) {
        let note = DemoNotes.all[index]
        let text = Self.text(note)
        let concepts = note.analysis.concepts
        #expect((8...12).contains(concepts.count), "\(note.title): \(concepts.count) concepts")
        #expect(Set(concepts.map(\.id)).count == concepts.count)
        #expect(Set(concepts.map(\.name)).count == concepts.count)
        for c in concepts {
            #expect(c.id.hasPrefix("demo-"), "\(c.id)")
            if let d = c.definition { Self.expect(d, in: text, "definition of \(c.name)") }
            #expect(!c.summary.isEmpty)
            let summary = Self.sentences(c.summary)
            #expect((1...3).contains(summary.count), "summary of \(c.name) has \(summary.count) sentences")
            for s in summary { Self.expect(s, in: text, "summary of \(c.name)") }
            #expect((2...6).contains(c.keyPoints.count), "key points of \(c.name)")
            for k in c.keyPoints { Self.expect(k, in: text, "key point of \(c.name)") }

            // Pages exist, ascending, and the concept is on at least one of them.
            #expect(!c.pages.isEmpty)
            #expect(c.pages == c.pages.sorted() && Set(c.pages).count == c.pages.count)
            let pages = c.pages.compactMap { n in note.document.pages.first { $0.number == n } }
            #expect(pages.count == c.pages.count, "pages of \(c.name): \(c.pages)")
            let onPages = pages.map { Self.collapse($0.text) }
            let named = onPages.contains { $0.contains(c.name) } || c.definition.map { d in onPages.contains { $0.contains(Self.collapse(d)) } } == true
            #expect(named, "\(c.name) is not on its pages \(c.pages)")

            if let table = c.comparison {
                #expect(table.columns.count >= 2)
                #expect(table.rows.count >= 2, "table of \(c.name)")
                for row in table.rows { #expect(row.count == table.columns.count, "row \(row) of \(c.name)") }
                // The table is printed in the pages as the card shows it.
                for line in ([table.columns] + table.rows).map({ $0.joined(separator: " | ") }) {
                    Self.expect(line, in: onPages.joined(separator: "\n"), "table line of \(c.name)")
                }
            }
        }
        #expect(concepts.contains { $0.comparison != nil })
    }

    @Test(arguments: DemoNotes.all.indices)
    func keywordsOccurInTheText(_ index: Int) {
        let note = DemoNotes.all[index]
        let text = Self.text(note)
        let keywords = note.analysis.keywords
        #expect((12...18).contains(keywords.count), "\(note.title): \(keywords.count) keywords")
        #expect(Set(keywords.map(\.term)).count == keywords.count)
        for k in keywords {
            Self.expect(k.term, in: text, "keyword")
            #expect((2...4).contains(k.relatedTerms.count), "related terms of \(k.term)")
            #expect(!k.relatedTerms.contains(k.term))
            for r in k.relatedTerms { Self.expect(r, in: text, "related term of \(k.term)") }
        }
    }

    @Test func comparisonsAreWhereTheMaterialCompares() throws {
        func table(_ id: String) -> ComparisonTable? {
            DemoNotes.all.flatMap(\.analysis.concepts).first { $0.id == id }?.comparison
        }
        #expect(try #require(table("demo-os-thread")).columns == ["구분", "프로세스", "스레드"])
        #expect(try #require(table("demo-os-paging")).columns == ["구분", "페이징", "세그멘테이션"])
        #expect(try #require(table("demo-os-page-replacement")).rows.map { $0[0] } == ["FIFO", "LRU", "OPT"])
        #expect(try #require(table("demo-os-scheduling")).rows.map { $0[0] } == ["FCFS", "SJF", "RR", "우선순위"])
        #expect(try #require(table("demo-net-tcp-udp")).columns == ["구분", "TCP", "UDP"])
        #expect(try #require(table("demo-net-tcpip")).columns == ["구분", "OSI 7계층", "TCP/IP 4계층"])
        #expect(try #require(table("demo-db-normalization")).rows.map { $0[0] } == ["1NF", "2NF", "3NF", "BCNF"])
    }

    @Test func seedingTwiceCreatesEachNoteOnce() throws {
        let dir = NSTemporaryDirectory() + "notio-demo-notes-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = try Store(directory: dir, databaseURL: TestDatabase.url(for: dir))
        let now = Date()
        let owner = try #require(try store.insertUser(User(id: "demo-owner", email: "study@notio.io", name: "데모 학생", createdAt: now),
                                                      passwordHash: "h", termsAgreedAt: now))
        try DemoNotes.seed(store: store, ownerId: owner.id, now: now)
        try DemoNotes.seed(store: store, ownerId: owner.id, now: now.addingTimeInterval(60))

        let notes = try store.notes(owner: owner.id)
        #expect(notes.count == DemoNotes.all.count)
        // Newest first: the list reads in the reverse order of `all`.
        #expect(notes.map(\.title) == DemoNotes.all.map(\.title).reversed())
        for demo in DemoNotes.all {
            let summary = try #require(notes.first { $0.title == demo.title })
            #expect(summary.state == .ready)
            #expect(summary.category == demo.category)
            #expect(summary.fileName == demo.fileName)
            #expect(summary.pageCount == demo.document.pages.count)
            #expect(summary.jobId == nil)
            #expect(summary.keywords == Array(demo.analysis.keywords.prefix(8)).map(\.term))

            let detail = try #require(try store.noteDetail(id: summary.id, owner: owner.id))
            #expect(detail.concepts.map(\.name) == demo.analysis.concepts.map(\.name))
            #expect(detail.concepts.map(\.id) == demo.analysis.concepts.map { DemoNotes.conceptId($0.id, ownerId: owner.id) })
            #expect(detail.concepts.map(\.definition) == demo.analysis.concepts.map(\.definition))
            #expect(detail.concepts.map(\.keyPoints) == demo.analysis.concepts.map(\.keyPoints))
            #expect(detail.concepts.map(\.comparison) == demo.analysis.concepts.map(\.comparison))
            #expect(detail.concepts.map(\.pages) == demo.analysis.concepts.map(\.pages))
            #expect(detail.keywords == demo.analysis.keywords)
            #expect(try store.notePages(id: summary.id, owner: owner.id) == demo.document.pages)
        }

        // Search finds the notes by keyword and concept name.
        #expect(try store.notes(owner: owner.id, query: "세마포어").map(\.title) == [DemoNotes.all[0].title])
        #expect(try store.notes(owner: owner.id, query: "정규화").map(\.title) == [DemoNotes.all[1].title])
        #expect(try store.notes(owner: owner.id, query: "3-way handshake").map(\.title) == [DemoNotes.all[2].title])

        // A note the owner deleted comes back on the next seed; the others stay as they are.
        let os = try #require(notes.first { $0.title == DemoNotes.all[0].title })
        #expect(try store.deleteNote(id: os.id, owner: owner.id))
        try DemoNotes.seed(store: store, ownerId: owner.id, now: now)
        let again = try store.notes(owner: owner.id)
        #expect(again.count == DemoNotes.all.count)
        #expect(Set(again.map(\.id)).intersection(notes.map(\.id)).count == DemoNotes.all.count - 1)
    }

    @Test func twoOwnersCanBothHaveTheDemoNotes() throws {
        let dir = NSTemporaryDirectory() + "notio-demo-notes-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = try Store(directory: dir, databaseURL: TestDatabase.url(for: dir))
        let now = Date()
        for i in 1...2 {
            let user = try #require(try store.insertUser(User(id: "u\(i)", email: "u\(i)@notio.io", name: "u\(i)", createdAt: now),
                                                         passwordHash: "h", termsAgreedAt: now))
            try DemoNotes.seed(store: store, ownerId: user.id, now: now)
            #expect(try store.notes(owner: user.id).count == DemoNotes.all.count)
        }
    }
}
