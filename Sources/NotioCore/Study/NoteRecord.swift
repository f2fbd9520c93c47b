import Foundation

/// Where a note is in its life: being analysed, ready to study, or failed.
public enum NoteState: String, Codable, Sendable, CaseIterable {
    case analysing, ready, failed
}

/// A note as lists show it.
public struct NoteSummary: Codable, Sendable, Hashable {
    public var id: String
    public var title: String
    public var category: NoteCategory
    public var favorite: Bool
    public var state: NoteState
    public var error: String?
    public var pageCount: Int
    public var fileName: String
    public var keywords: [String]
    public var learningRate: Double
    public var createdAt: Date
    /// The job analysing it, while it runs.
    public var jobId: String?

    public init(id: String, title: String, category: NoteCategory, favorite: Bool, state: NoteState, error: String? = nil,
                pageCount: Int = 0, fileName: String = "", keywords: [String] = [], learningRate: Double = 0, createdAt: Date, jobId: String? = nil) {
        self.id = id; self.title = title; self.category = category; self.favorite = favorite; self.state = state; self.error = error
        self.pageCount = pageCount; self.fileName = fileName; self.keywords = keywords; self.learningRate = learningRate
        self.createdAt = createdAt; self.jobId = jobId
    }

    /// 완료 at a learning rate of 80% or more.
    public var isDone: Bool { learningRate >= 0.8 }
}

/// A note with everything its pages show.
public struct NoteDetail: Sendable, Hashable {
    public var summary: NoteSummary
    public var concepts: [Concept]
    public var keywords: [Keyword]
    /// Pages read by OCR: scanned, or with a text layer too broken to trust.
    public var ocrPages: [Int]
    public init(summary: NoteSummary, concepts: [Concept], keywords: [Keyword], ocrPages: [Int] = []) {
        self.summary = summary; self.concepts = concepts; self.keywords = keywords; self.ocrPages = ocrPages
    }
    /// What the whole document is about, from its cards (`NoteOverview`).
    public var overview: String { NoteOverview.text(of: concepts) }
}

/// Long work run in the background and watched through Server-Sent Events.
public struct Job: Codable, Sendable, Hashable {
    public enum State: String, Codable, Sendable, CaseIterable { case queued, running, done, failed, cancelled }
    public var id: String
    public var ownerId: String
    public var kind: String
    public var noteId: String?
    public var state: State
    /// What it is doing now: upload, extract, ocr, analyse, save.
    public var stage: String
    /// 0...1
    public var progress: Double
    public var error: String?
    public var cancelRequested: Bool
    public var input: String
    public var createdAt: Date
    public var updatedAt: Date
    /// Which page of how many, for stages that go page by page.
    public var page: Int?
    public var pages: Int?
    /// The node that holds the job while it runs, and how many times a node has taken it.
    public var leaseOwner: String?
    public var tries: Int

    public init(id: String, ownerId: String, kind: String, noteId: String?, state: State, stage: String, progress: Double,
                error: String? = nil, cancelRequested: Bool = false, input: String = "{}", createdAt: Date, updatedAt: Date,
                page: Int? = nil, pages: Int? = nil, leaseOwner: String? = nil, tries: Int = 0) {
        self.id = id; self.ownerId = ownerId; self.kind = kind; self.noteId = noteId; self.state = state; self.stage = stage
        self.progress = progress; self.error = error; self.cancelRequested = cancelRequested; self.input = input
        self.createdAt = createdAt; self.updatedAt = updatedAt
        self.page = page; self.pages = pages; self.leaseOwner = leaseOwner; self.tries = tries
    }

    public var isFinished: Bool { state == .done || state == .failed || state == .cancelled }
}
