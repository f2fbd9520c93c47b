import Foundation
import NotioCore

extension Store {
    private static let noteSearch = SearchIndex(table: "note_search", key: "note_id", body: "search_text", shortQueryColumns: ["n.search_text"])

    private static let noteColumns = """
        n.id, n.title, n.category, n.favorite, n.state, n.error, n.page_count, n.file_name, n.created_at,
        n.first_terms, (SELECT j.id FROM jobs j WHERE j.note_id = n.id AND j.state IN ('queued','running') LIMIT 1), n.best_rate
        """

    /// How many keywords the home list shows of a note (`notes.first_terms`).
    static let listedTerms = 8

    /// The first keywords as `notes.first_terms` keeps them: joined by U+001F (no keyword holds
    /// a control character), nil for none.
    static func firstTerms(_ terms: [String]) -> String? {
        terms.isEmpty ? nil : terms.prefix(listedTerms).joined(separator: "\u{1F}")
    }

    /// What the home list shows beside a note's own columns, made again from its keywords and
    /// attempts: after the migration that added them, a restore, a move to another database.
    func rebuildNoteListFacts(owner: String, _ c: Connection) throws {
        let notes = try c.all("SELECT id FROM notes WHERE owner_id = ?", [owner]) { $0.string(0) }
        for id in notes {
            let terms = try c.all("SELECT term FROM keywords WHERE note_id = ? ORDER BY position LIMIT ?", [id, Self.listedTerms]) { $0.string(0) }
            let rate = try c.first("""
                SELECT max(CAST(a.correct_count AS REAL) / a.total) FROM attempts a JOIN quizzes z ON z.id = a.quiz_id
                WHERE a.note_id = ? AND a.total > 0 AND z.origin = 'new'
                """, [id]) { $0.isNull(0) ? nil : $0.double(0) } ?? nil
            try c.run("UPDATE notes SET first_terms = ?, best_rate = ? WHERE id = ?", [Self.firstTerms(terms), rate, id])
        }
    }

    /// `notes.first_terms` split on bytes; empty pieces are left out.
    private static func terms(_ joined: String) -> [String] {
        var joined = joined
        return joined.withUTF8 { b in
            var out: [String] = []
            var start = 0
            for i in 0...b.count where i == b.count || b[i] == 0x1F {
                if i > start { out.append(String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)) }
                start = i + 1
            }
            return out
        }
    }

    private static func noteSummary(_ r: Row) -> NoteSummary {
        NoteSummary(id: r.string(0), title: r.string(1), category: NoteCategory(rawValue: r.string(2)) ?? .major, favorite: r.bool(3),
                    state: NoteState(rawValue: r.string(4)) ?? .failed, error: r.optionalString(5), pageCount: r.int(6),
                    fileName: r.string(7), keywords: r.isNull(9) ? [] : terms(r.string(9)),
                    learningRate: r.isNull(11) ? 0 : r.double(11), createdAt: r.date(8), jobId: r.optionalString(10))
    }

    /// A note being analysed, and the job that analyses it, in one transaction. The PDF's size
    /// counts in the owner's storage from now on, and the job among the owner's waiting ones;
    /// past `limits` nothing is stored (counted inside the transaction, so parallel uploads
    /// cannot slip past).
    public func insertNote(_ note: NoteSummary, ownerId: String, titleLocked: Bool, job: Job, fileSize: Int = 0, limits: AccountLimits = .none) throws {
        try database.write { c in
            try checkRoom(owner: ownerId, bytes: Int64(fileSize), queuedJobs: 1, within: limits, c)
            try c.run("""
                INSERT INTO notes (id, owner_id, title, category, favorite, state, file_name, file_size, title_locked, search_text, created_at, updated_at)
                VALUES (?,?,?,?,?,?,?,?,?,?,?,?)
                """, [note.id, ownerId, note.title, note.category.rawValue, note.favorite, note.state.rawValue, note.fileName, fileSize,
                      titleLocked, note.title, note.createdAt.millis, note.createdAt.millis])
            try c.run("INSERT INTO note_search (note_id, search_text) VALUES (?, ?)", [note.id, note.title])
            try insertJob(job, c)
        }
    }

    /// Notes of one owner, newest first, filtered by a search text (title, keywords, concept
    /// names), a category and favourites.
    public func notes(owner: String, query: String? = nil, category: NoteCategory? = nil, favoritesOnly: Bool = false) throws -> [NoteSummary] {
        try notes(owner: owner, query: query, category: category, favoritesOnly: favoritesOnly, page: nil).items
    }

    /// One page of the same list (every note when `page` is nil).
    public func notes(owner: String, query: String? = nil, category: NoteCategory? = nil, favoritesOnly: Bool = false,
                      page: PageRequest?) throws -> Page<NoteSummary> {
        let (condition, values) = noteFilter(owner: owner, query: query, category: category, favoritesOnly: favoritesOnly)
        return try self.page("SELECT \(Self.noteColumns) FROM notes n WHERE " + condition, values,
                             by: Keyset(key: "n.created_at", id: "n.id", descending: true), page,
                             cursor: { PageCursor($0.createdAt, id: $0.id) }, Self.noteSummary)
    }

    /// How many notes the same filters find.
    public func noteCount(owner: String, query: String? = nil, category: NoteCategory? = nil, favoritesOnly: Bool = false) throws -> Int {
        let (condition, values) = noteFilter(owner: owner, query: query, category: category, favoritesOnly: favoritesOnly)
        return try database.read { c in try c.first("SELECT count(*) FROM notes n WHERE " + condition, values) { $0.int(0) } ?? 0 }
    }

    private func noteFilter(owner: String, query: String?, category: NoteCategory?, favoritesOnly: Bool) -> (String, [SQLBindable]) {
        var sql = "n.owner_id = ?"
        var values: [SQLBindable] = [owner]
        if let search = searchCondition(query, rowId: "n.id", in: Self.noteSearch) { sql += search.sql; values += search.values }
        if let category { sql += " AND n.category = ?"; values.append(category.rawValue) }
        if favoritesOnly { sql += " AND n.favorite = 1" }
        return (sql, values)
    }

    public func note(id: String, owner: String) throws -> NoteSummary? {
        try database.read { c in
            try c.first("SELECT \(Self.noteColumns) FROM notes n WHERE n.id = ? AND n.owner_id = ?", [id, owner], Self.noteSummary)
        }
    }

    public func noteDetail(id: String, owner: String) throws -> NoteDetail? {
        try database.read { c in
            guard let summary = try c.first("SELECT \(Self.noteColumns) FROM notes n WHERE n.id = ? AND n.owner_id = ?", [id, owner], Self.noteSummary) else { return nil }
            let decoder = JSONDecoder()
            let concepts = try c.all("SELECT id, name, summary, definition, key_points, comparison, pages FROM concepts WHERE note_id = ? ORDER BY position", [id]) { r in
                Concept(id: r.string(0), name: r.string(1), summary: r.string(2), definition: r.optionalString(3),
                        keyPoints: (try? decoder.decode([String].self, from: Data(r.string(4).utf8))) ?? [],
                        comparison: r.optionalString(5).flatMap { try? decoder.decode(ComparisonTable.self, from: Data($0.utf8)) },
                        pages: (try? decoder.decode([Int].self, from: Data(r.string(6).utf8))) ?? [])
            }
            let keywords = try c.all("SELECT term, related FROM keywords WHERE note_id = ? ORDER BY position", [id]) { r in
                Keyword(term: r.string(0), relatedTerms: (try? decoder.decode([String].self, from: Data(r.string(1).utf8))) ?? [])
            }
            let ocrPages = try c.all("SELECT number FROM note_pages WHERE note_id = ? AND ocr = ? ORDER BY number", [id, true]) { $0.int(0) }
            return NoteDetail(summary: summary, concepts: concepts, keywords: keywords, ocrPages: ocrPages)
        }
    }

    /// The source text, page by page.
    public func notePages(id: String, owner: String) throws -> [SourcePage]? {
        try database.read { c in
            guard try c.first("SELECT 1 FROM notes WHERE id = ? AND owner_id = ?", [id, owner], { _ in true }) != nil else { return nil }
            return try c.all("SELECT number, text FROM note_pages WHERE note_id = ? ORDER BY number", [id]) { SourcePage(number: $0.int(0), text: $0.string(1)) }
        }
    }

    /// Writes the whole analysis of a note at once: pages, concepts, keywords, search text, state.
    /// Either all of it lands or none of it.
    public func completeNote(id: String, owner: String, document: ExtractedDocument, analysis: NoteAnalysis, fileSize: Int, at now: Date) throws {
        let encoder = JSONEncoder()
        func json<T: Encodable>(_ v: T) throws -> String { String(decoding: try encoder.encode(v), as: UTF8.self) }
        try database.write { c in
            guard let locked = try c.first("SELECT title_locked, title FROM notes WHERE id = ? AND owner_id = ?", [id, owner], { ($0.bool(0), $0.string(1)) }) else {
                throw DatabaseError(message: "note \(id) is gone")
            }
            let title = locked.0 ? locked.1 : analysis.title
            try c.run("DELETE FROM note_pages WHERE note_id = ?", [id])
            try c.run("DELETE FROM concepts WHERE note_id = ?", [id])
            try c.run("DELETE FROM keywords WHERE note_id = ?", [id])
            let ocr = Set(document.ocrPages)
            for page in document.pages {
                try c.run("INSERT INTO note_pages (note_id, number, text, ocr) VALUES (?,?,?,?)", [id, page.number, page.text, ocr.contains(page.number)])
            }
            for (i, concept) in analysis.concepts.enumerated() {
                try c.run("INSERT INTO concepts (id, note_id, position, name, summary, definition, key_points, comparison, pages) VALUES (?,?,?,?,?,?,?,?,?)",
                          [concept.id, id, i, concept.name, concept.summary, concept.definition, try json(concept.keyPoints),
                           try concept.comparison.map { try json($0) }, try json(concept.pages)])
            }
            for (i, keyword) in analysis.keywords.enumerated() {
                try c.run("INSERT INTO keywords (note_id, position, term, related) VALUES (?,?,?,?)", [id, i, keyword.term, try json(keyword.relatedTerms)])
            }
            let search = ([title] + analysis.keywords.map(\.term) + analysis.concepts.map(\.name)).joined(separator: "\n")
            try c.run("""
                UPDATE notes SET title = ?, state = 'ready', error = NULL, page_count = ?, file_size = ?, search_text = ?,
                    first_terms = ?, updated_at = ? WHERE id = ?
                """, [title, document.pages.count, fileSize, search, Self.firstTerms(analysis.keywords.map(\.term)), now.millis, id])
            try c.run("DELETE FROM note_search WHERE note_id = ?", [id])
            try c.run("INSERT INTO note_search (note_id, search_text) VALUES (?, ?)", [id, search])
        }
    }

    /// Gives a note the title found in its document as soon as it is known (before the analysis
    /// ends), so that the progress page, the list and the finished note show one title. A title
    /// the reader typed or changed stays.
    public func setFoundTitle(id: String, owner: String, title: String, at now: Date) throws {
        try database.write { c in
            guard let locked = try c.first("SELECT title_locked FROM notes WHERE id = ? AND owner_id = ?", [id, owner], { $0.bool(0) }), !locked else { return }
            try c.run("UPDATE notes SET title = ?, search_text = ?, updated_at = ? WHERE id = ?", [title, title, now.millis, id])
            try c.run("DELETE FROM note_search WHERE note_id = ?", [id])
            try c.run("INSERT INTO note_search (note_id, search_text) VALUES (?, ?)", [id, title])
        }
    }

    public func failNote(id: String, error: String, at now: Date) throws {
        try database.write { c in
            try c.run("UPDATE notes SET state = 'failed', error = ?, updated_at = ? WHERE id = ?", [error, now.millis, id])
        }
    }

    /// Title, category, favourite. A title set by hand is kept when analysis finishes later.
    @discardableResult
    public func updateNote(id: String, owner: String, title: String?, category: NoteCategory?, favorite: Bool?, at now: Date) throws -> Bool {
        try database.write { c in
            guard try c.first("SELECT 1 FROM notes WHERE id = ? AND owner_id = ?", [id, owner], { _ in true }) != nil else { return false }
            if let title {
                try c.run("UPDATE notes SET title = ?, title_locked = 1, updated_at = ? WHERE id = ?", [title, now.millis, id])
                let rest = try c.first("SELECT search_text FROM notes WHERE id = ?", [id], { $0.string(0) }) ?? ""
                let search = ([title] + rest.split(separator: "\n").dropFirst().map(String.init)).joined(separator: "\n")
                try c.run("UPDATE notes SET search_text = ? WHERE id = ?", [search, id])
                try c.run("DELETE FROM note_search WHERE note_id = ?", [id])
                try c.run("INSERT INTO note_search (note_id, search_text) VALUES (?, ?)", [id, search])
            }
            if let category { try c.run("UPDATE notes SET category = ?, updated_at = ? WHERE id = ?", [category.rawValue, now.millis, id]) }
            if let favorite { try c.run("UPDATE notes SET favorite = ?, updated_at = ? WHERE id = ?", [favorite, now.millis, id]) }
            return true
        }
    }

    /// Deletes a note with everything hanging on it; false when it is not the owner's.
    @discardableResult
    public func deleteNote(id: String, owner: String) throws -> Bool {
        try database.write { c in
            // Review cards name their item loosely (questions now, sentences later): remove them first.
            try c.run("""
                DELETE FROM review_cards WHERE owner_id = ? AND item_kind = 'question'
                AND item_id IN (SELECT id FROM questions WHERE note_id = ?)
                """, [owner, id])
            let n = try c.run("DELETE FROM notes WHERE id = ? AND owner_id = ?", [id, owner])
            if n > 0 { try c.run("DELETE FROM note_search WHERE note_id = ?", [id]) }
            return n > 0
        }
    }

    // MARK: Jobs
    //
    // A job is run by one node at a time, which holds a lease on it (`lease_owner`, `lease_until`)
    // and renews it while it works. Every write of a running job names the node, so a node that
    // lost its lease (it stalled, or was thought dead) cannot overwrite the node that took over.

    private static let jobColumns = "id, owner_id, kind, note_id, state, stage, progress, error, cancel_requested, input, created_at, updated_at, page, pages, lease_owner, tries"

    private static func job(_ r: Row) -> Job {
        Job(id: r.string(0), ownerId: r.string(1), kind: r.string(2), noteId: r.optionalString(3), state: Job.State(rawValue: r.string(4)) ?? .failed,
            stage: r.string(5), progress: r.double(6), error: r.optionalString(7), cancelRequested: r.bool(8), input: r.string(9),
            createdAt: r.date(10), updatedAt: r.date(11), page: r.optionalInt(12), pages: r.optionalInt(13), leaseOwner: r.optionalString(14), tries: r.int(15))
    }

    static let jobChannel = "notio_jobs"

    /// The nodes listening hear that a job changed when the transaction commits (PostgreSQL).
    private func announceJob(_ id: String, _ c: Connection) throws {
        if c.engine == .postgres { try c.run("SELECT pg_notify('\(Self.jobChannel)', ?)", [id]) }
    }

    /// Wakes this node when any node stores, reports, finishes or cancels a job; nil on SQLite.
    public func jobListener() -> Listener? { database.listener(channel: Self.jobChannel) }

    private func insertJob(_ job: Job, _ c: Connection) throws {
        try c.run("INSERT INTO jobs (id, owner_id, kind, note_id, state, stage, progress, error, cancel_requested, input, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                  [job.id, job.ownerId, job.kind, job.noteId, job.state.rawValue, job.stage, job.progress, job.error, job.cancelRequested,
                   job.input, job.createdAt.millis, job.updatedAt.millis])
        try announceJob(job.id, c)
    }

    public func job(id: String, owner: String) throws -> Job? {
        try database.read { c in try c.first("SELECT \(Self.jobColumns) FROM jobs WHERE id = ? AND owner_id = ?", [id, owner], Self.job) }
    }

    /// For the runner, which works for every owner.
    public func job(id: String) throws -> Job? {
        try database.read { c in try c.first("SELECT \(Self.jobColumns) FROM jobs WHERE id = ?", [id], Self.job) }
    }

    /// Takes the next job and leases it to `node` until `until`: first a job whose node's lease
    /// ran out (it was already started once), then the queue round-robin across owners: the owner
    /// with the fewest jobs running, then the one served longest ago, then the oldest job. So one
    /// reader's pile of big PDFs never holds another reader's note back for more than the job
    /// already running. Nodes asking at once each get a different job: PostgreSQL skips rows
    /// another node has locked; SQLite has one writer at a time.
    public func claimJob(node: String, until: Date, at now: Date) throws -> Job? {
        let lock = database.engine == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        // Every node asks every second: a plain read first, so an idle queue costs no write.
        let due = try database.read { c in
            try c.first("SELECT 1 FROM jobs WHERE state = 'queued' OR (state = 'running' AND lease_until < ?) LIMIT 1", [now.millis], { _ in true })
        }
        guard due == true else { return nil }
        return try database.write(serializable: false) { c in
            guard let id = try c.first("""
                SELECT j.id FROM jobs j WHERE j.state = 'queued' OR (j.state = 'running' AND j.lease_until < ?1)
                ORDER BY CASE WHEN j.state = 'running' THEN 0 ELSE 1 END,
                  (SELECT count(*) FROM jobs r WHERE r.owner_id = j.owner_id AND r.state = 'running' AND r.lease_until >= ?1),
                  (SELECT max(s.claimed_at) FROM jobs s WHERE s.owner_id = j.owner_id),
                  j.created_at, j.id
                LIMIT 1\(lock)
                """, [now.millis], { $0.string(0) }) else { return nil }
            try c.run("UPDATE jobs SET state = 'running', lease_owner = ?, lease_until = ?, tries = tries + 1, claimed_at = ?, updated_at = ? WHERE id = ?",
                      [node, until.millis, now.millis, now.millis, id])
            return try c.first("SELECT \(Self.jobColumns) FROM jobs WHERE id = ?", [id], Self.job)
        }
    }

    /// Extends `node`'s lease. Nil when the node no longer holds the job (another took it, or
    /// it ended); otherwise whether the owner asked to cancel it.
    public func renewJobLease(id: String, node: String, until: Date) throws -> Bool? {
        try database.write(serializable: false) { c in
            guard try c.run("UPDATE jobs SET lease_until = ? WHERE id = ? AND lease_owner = ? AND state = 'running'", [until.millis, id, node]) == 1 else { return nil }
            return try c.first("SELECT cancel_requested FROM jobs WHERE id = ?", [id], { $0.bool(0) })
        }
    }

    public func updateJob(id: String, node: String, stage: String, progress: Double, page: Int?, pages: Int?, at now: Date) throws {
        try database.write(serializable: false) { c in
            if try c.run("UPDATE jobs SET stage = ?, progress = ?, page = ?, pages = ?, updated_at = ? WHERE id = ? AND state = 'running' AND lease_owner = ?",
                         [stage, progress, page, pages, now.millis, id, node]) > 0 {
                try announceJob(id, c)
            }
        }
    }

    /// Ends a job `node` holds; false when it no longer does.
    @discardableResult
    public func finishJob(id: String, node: String, state: Job.State, error: String?, at now: Date) throws -> Bool {
        try database.write(serializable: false) { c in
            let ended = try c.run("""
                UPDATE jobs SET state = ?, error = ?, progress = CASE WHEN ? = 'done' THEN 1 ELSE progress END, page = NULL, pages = NULL, lease_until = 0,
                updated_at = ? WHERE id = ? AND lease_owner = ?
                """, [state.rawValue, error, state.rawValue, now.millis, id, node]) == 1
            if ended { try announceJob(id, c) }
            return ended
        }
    }

    /// Sets the cancel flag; a queued job is cancelled at once. False when not the owner's.
    public func requestCancel(jobId: String, owner: String, at now: Date) throws -> Bool {
        try database.write { c in
            let n = try c.run("UPDATE jobs SET cancel_requested = 1, updated_at = ? WHERE id = ? AND owner_id = ?", [now.millis, jobId, owner])
            try c.run("UPDATE jobs SET state = 'cancelled' WHERE id = ? AND state = 'queued'", [jobId])
            if n > 0 { try announceJob(jobId, c) }
            return n > 0
        }
    }

    /// Gives jobs back to the queue: one job (a node stopping cleanly: that take does not count
    /// against the job's tries), or every job leased to a node (the node starting again after it
    /// stopped without saying so: those takes count, the job may be what brought it down).
    public func releaseJobs(node: String, id: String? = nil, at now: Date) throws {
        try database.write(serializable: false) { c in
            var sql = "UPDATE jobs SET state = 'queued', stage = 'queued', progress = 0, page = NULL, pages = NULL, lease_owner = NULL, lease_until = 0, updated_at = ?"
            if id != nil { sql += ", tries = tries - 1" }
            sql += " WHERE state = 'running' AND lease_owner = ?"
            var values: [SQLBindable] = [now.millis, node]
            if let id { sql += " AND id = ?"; values.append(id) }
            if try c.run(sql, values) > 0 { try announceJob(id ?? "", c) }
        }
    }
}
