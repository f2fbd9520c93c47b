import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// `/api/v1/notes` and `/api/v1/jobs`: upload, list, read, change, delete; watch and cancel jobs.
struct NotesAPI {
    let app: AppContext

    struct NoteJSON: Encodable {
        var id: String, title: String, category: String, categoryLabel: String, favorite: Bool
        var status: String, learningRate: Double, keywords: [String], createdAt: Date
        var state: String, error: String?, pageCount: Int, fileName: String, jobId: String?
        init(_ n: NoteSummary, _ language: Language) {
            id = n.id; title = n.title; category = n.category.rawValue; categoryLabel = L10n.t("category.\(n.category.rawValue)", language)
            favorite = n.favorite
            status = n.isDone ? "done" : "in_progress"; learningRate = n.learningRate; keywords = n.keywords; createdAt = n.createdAt
            state = n.state.rawValue; error = FailureReason.text(n.error, language); pageCount = n.pageCount; fileName = n.fileName; jobId = n.jobId
        }

        /// The same object as JSONEncoder writes (keys in order, nil ones left out), written by
        /// hand: the home list is asked for on every visit, and JSONEncoder cost more than the
        /// query (as for `/api/v1/me`).
        var json: String {
            var out: [UInt8] = []
            write(to: &out)
            return String(decoding: out, as: UTF8.self)
        }

        /// Appends the object to `out` in place (one growing byte buffer for the whole list:
        /// appending to a String cost a third of the answer).
        func write(to out: inout [UInt8]) {
            func raw(_ text: StaticString) { text.withUTF8Buffer { out.append(contentsOf: $0) } }
            func string(_ key: StaticString, _ value: String) {
                raw(key)
                JSONText.append(value, to: &out)
            }
            string(#"{"id":"#, id)
            string(#","title":"#, title)
            string(#","category":"#, category)
            string(#","categoryLabel":"#, categoryLabel)
            raw(favorite ? #","favorite":true"# : #","favorite":false"#)
            string(#","status":"#, status)
            raw(#","learningRate":"#)
            out.append(contentsOf: JSON.number(learningRate).utf8)
            raw(#","keywords":["#)
            for (i, k) in keywords.enumerated() {
                if i > 0 { out.append(0x2C) }
                JSONText.append(k, to: &out)
            }
            raw(#"],"createdAt":""#)
            JSON.iso8601(createdAt, to: &out)
            out.append(0x22)
            string(#","state":"#, state)
            if let error { string(#","error":"#, error) }
            raw(#","pageCount":"#)
            out.append(contentsOf: String(pageCount).utf8)
            string(#","fileName":"#, fileName)
            if let jobId { string(#","jobId":"#, jobId) }
            out.append(0x7D)
        }
    }

    struct NoteDetailJSON: Encodable {
        var id: String, title: String, category: String, favorite: Bool, status: String, learningRate: Double
        var state: String, error: String?, pageCount: Int, createdAt: Date, jobId: String?
        var overview: String
        var concepts: [Concept]
        var keywords: [Keyword]
        var ocrPages: [Int]
        init(_ d: NoteDetail, _ language: Language) {
            let n = d.summary
            id = n.id; title = n.title; category = n.category.rawValue; favorite = n.favorite; status = n.isDone ? "done" : "in_progress"
            learningRate = n.learningRate; state = n.state.rawValue; error = FailureReason.text(n.error, language); pageCount = n.pageCount; createdAt = n.createdAt
            jobId = n.jobId; overview = d.overview; concepts = d.concepts; keywords = d.keywords; ocrPages = d.ocrPages
        }
    }

    func upload(_ request: Request, _ member: Member) throws -> Response {
        let f = request.formFields
        let (note, job) = try app.notes.accept(Self.upload(request), category: f["category"], title: f["title"], owner: member.user)
        struct Answer: Encodable { var note: NoteJSON; var job: JobProgress }
        return JSON.response(Answer(note: NoteJSON(note, Language.of(member.user)), job: JobProgress(job)), status: 202)
    }

    /// The form's `file` as the note service takes it.
    static func upload(_ request: Request) -> NoteService.Upload? {
        request.files.first { $0.fieldName == "file" }.map { NoteService.Upload(path: $0.path, fileName: $0.fileName, size: $0.size) }
    }

    func list(_ request: Request, _ member: Member) throws -> Response {
        let (query, category, favorites) = try NoteFilters.parse(request)
        let page = try Paging.request(request)
        let notes = try app.store.notes(owner: member.id, query: query, category: category, favoritesOnly: favorites, page: page)
        let language = Language.of(member.user)
        var out: [UInt8] = []
        out.reserveCapacity(128 + notes.items.count * 512)
        out.append(contentsOf: #"{"items":["#.utf8)
        for (i, note) in notes.items.enumerated() {
            if i > 0 { out.append(0x2C) }
            NoteJSON(note, language).write(to: &out)
        }
        out.append(contentsOf: #"],"nextCursor":"#.utf8)
        if let next = notes.next { JSONText.append(next.token, to: &out) } else { out.append(contentsOf: "null".utf8) }
        out.append(0x7D)
        return Response.json(Data(out))
    }

    func detail(_ request: Request, _ member: Member) throws -> Response {
        guard let d = try app.store.noteDetail(id: request[.id], owner: member.id) else { throw AppError.noteNotFound }
        return JSON.response(NoteDetailJSON(d, Language.of(member.user)))
    }

    func source(_ request: Request, _ member: Member) throws -> Response {
        guard let pages = try app.store.notePages(id: request[.id], owner: member.id) else { throw AppError.noteNotFound }
        struct Answer: Encodable { var pages: [SourcePage] }
        return JSON.response(Answer(pages: pages))
    }

    struct PatchBody: Decodable { var title: String?; var category: String?; var favorite: Bool? }

    func update(_ request: Request, _ member: Member) throws -> Response {
        let owner = member.id
        let id = try request[.id]
        guard try app.store.note(id: id, owner: owner) != nil else { throw AppError.noteNotFound }
        let body = try JSON.decode(PatchBody.self, from: request)
        var problems: [String: String] = [:]
        let title = body.title.flatMap { t in problems.collect { () throws(ValidationFailure) in try NoteRules.title(t) } }
        let category = body.category.flatMap { c in problems.collect { () throws(ValidationFailure) in try NoteRules.category(c) } }
        if !problems.isEmpty { throw HTTPError.unprocessable(problems) }
        try app.store.updateNote(id: id, owner: owner, title: title, category: category, favorite: body.favorite, at: app.now())
        guard let d = try app.store.noteDetail(id: id, owner: owner) else { throw AppError.noteNotFound }
        return JSON.response(NoteDetailJSON(d, Language.of(member.user)))
    }

    func delete(_ request: Request, _ member: Member) throws -> Response {
        guard try app.notes.delete(id: request[.id], owner: member.id) else { throw AppError.noteNotFound }
        return .noContent()
    }

    // MARK: Jobs

    func job(_ request: Request, _ member: Member) throws -> Response {
        guard let job = try app.store.job(id: request[.id], owner: member.id) else { throw AppError.jobNotFound }
        return JSON.response(app.jobs.progress(of: job).worded(Language.of(member.user)))
    }

    /// Server-Sent Events: the job's state now, then every change, until it finishes.
    func events(_ request: Request, _ member: Member) throws -> Response {
        guard let job = try app.store.job(id: request[.id], owner: member.id) else { throw AppError.jobNotFound }
        let source = EventSource()
        let runner = app.jobs
        let language = Language.of(member.user)
        let send: @Sendable (JobProgress) -> Void = { p in
            guard let data = try? JSON.encoder.encode(p.worded(language)) else { return }
            source.send(event: "job", data: String(decoding: data, as: UTF8.self))
            if p.state == .done || p.state == .failed || p.state == .cancelled { source.close() }
        }
        let token = runner.watch(job.id, send)
        // A client that left is only noticed on the next write: a comment every 15 s finds it.
        let keepAlive = Task.detached {
            while !source.isClosed {
                try? await Task.sleep(for: .seconds(15))
                source.comment("keep-alive")
            }
        }
        source.onTerminate { runner.unwatch(job.id, token); keepAlive.cancel() }
        // Read again after watching, so that a change between the first read and the watch is not lost.
        if let now = try app.store.job(id: job.id) { send(runner.progress(of: now)) }
        return .events(source)
    }

    func cancel(_ request: Request, _ member: Member) throws -> Response {
        let id = try request[.id]
        guard try app.store.requestCancel(jobId: id, owner: member.id, at: app.now()) else { throw AppError.jobNotFound }
        app.jobs.cancel(id)
        guard let job = try app.store.job(id: id, owner: member.id) else { throw AppError.jobNotFound }
        return JSON.response(app.jobs.progress(of: job).worded(Language.of(member.user)), status: 202)
    }
}

/// The list filters shared by the page and the API: `q`, `category`, `favorite=true`.
enum NoteFilters {
    static func parse(_ request: Request) throws -> (String?, NoteCategory?, Bool) {
        let q = request.query["q"].flatMap { $0.isEmpty ? nil : $0 }
        var category: NoteCategory?
        if let c = request.query["category"], !c.isEmpty, c != "all" {
            var problems: [String: String] = [:]
            guard let parsed = problems.collect({ () throws(ValidationFailure) in try NoteRules.category(c) }) else { throw HTTPError.unprocessable(problems) }
            category = parsed
        }
        let favorite = ["true", "1"].contains(request.query["favorite"] ?? "")
        return (q, category, favorite)
    }
}
