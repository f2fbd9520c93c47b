import Foundation
import NotioCore
import NotioStore

/// One finished lecture note of the demo account: the source text page by page and its analysis.
struct DemoNote: Codable, Sendable {
    var title: String
    var category: NoteCategory
    var fileName: String
    var document: ExtractedDocument
    var analysis: NoteAnalysis
}

/// Three lecture notes the demo account studies from: 운영체제, 데이터베이스, 컴퓨터 네트워크.
/// They are data, not code: `Demo/Notes/*.json` (a `DemoNote` each), shipped as the target's
/// resources and read when the demo is seeded.
///
/// The analysis is written by hand but held to the promise the app makes for analysed notes:
/// every definition, summary sentence and key point is a sentence of the source pages, every
/// keyword and related term occurs in the text, and every comparison table is printed in the
/// pages as it is shown on the concept card (DemoNotesTests checks each).
enum DemoNotes {
    /// The files, in the order the home list shows them (oldest first).
    static let files = ["operating-systems", "databases", "networks"]

    static let all: [DemoNote] = files.map { name in
        // The files are part of the program: a missing or broken one is a build mistake.
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Notes"),
              let data = try? Data(contentsOf: url) else { preconditionFailure("Demo/Notes/\(name).json is missing") }
        do { return try JSONDecoder().decode(DemoNote.self, from: data) } catch {
            preconditionFailure("Demo/Notes/\(name).json: \(error)")
        }
    }

    /// Adds the demo notes the owner does not have yet (matched by title) as ready notes.
    static func seed(store: Store, ownerId: String, now: Date) throws {
        let existing = Set(try store.notes(owner: ownerId).map(\.title))
        for (i, demo) in all.enumerated() where !existing.contains(demo.title) {
            // Older notes first, a day apart, so the home list shows them in the order of `all`.
            let created = now.addingTimeInterval(-Double(all.count - i) * 86_400)
            let noteId = UUID().uuidString.lowercased()
            let summary = NoteSummary(id: noteId, title: demo.title, category: demo.category, favorite: false, state: .analysing,
                                      fileName: demo.fileName, createdAt: created)
            let job = Job(id: UUID().uuidString.lowercased(), ownerId: ownerId, kind: "analyse-note", noteId: noteId, state: .done,
                          stage: "save", progress: 1, createdAt: created, updatedAt: created)
            try store.insertNote(summary, ownerId: ownerId, titleLocked: false, job: job)
            var analysis = demo.analysis
            analysis.title = demo.title
            // Concept ids are primary keys across all notes: scope the stable ids to the owner.
            analysis.concepts = analysis.concepts.map { c in
                var c = c
                c.id = conceptId(c.id, ownerId: ownerId)
                return c
            }
            let size = demo.document.pages.reduce(0) { $0 + $1.text.utf8.count }
            try store.completeNote(id: noteId, owner: ownerId, document: demo.document, analysis: analysis, fileSize: size, at: created)
        }
    }

    /// The id a demo concept such as "demo-os-process" is stored under for one owner.
    static func conceptId(_ base: String, ownerId: String) -> String { "\(base)-\(ownerId)" }

    /// A comparison table as the handout prints it: a caption, then one line per row, cells
    /// separated by " | ".
    static func render(_ caption: String, _ table: ComparisonTable) -> String {
        ([caption] + ([table.columns] + table.rows).map { $0.joined(separator: " | ") }).joined(separator: "\n")
    }
}
