import Foundation
import Testing
import NotioCore
@testable import NotioStore

/// Jobs leased by nodes, on the engine of the run (SQLite, or PostgreSQL with SKIP LOCKED).
@Suite struct JobLeaseTests {
    func storeWithJobs(_ count: Int) throws -> (Store, String, [String]) {
        let (store, dir) = try temporaryStore()
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        _ = try store.insertUser(User(id: "u", email: "u@x.io", name: "u", createdAt: t0), passwordHash: "h", termsAgreedAt: t0)
        var ids: [String] = []
        for i in 0..<count {
            let at = t0.addingTimeInterval(Double(i))
            let note = NoteSummary(id: "n\(i)", title: "n\(i)", category: .major, favorite: false, state: .analysing, fileName: "f.pdf", createdAt: at)
            let job = Job(id: "j\(i)", ownerId: "u", kind: "analyse-note", noteId: note.id, state: .queued, stage: "upload", progress: 0, createdAt: at, updatedAt: at)
            try store.insertNote(note, ownerId: "u", titleLocked: false, job: job)
            ids.append(job.id)
        }
        return (store, dir, ids)
    }

    /// Reader u queued three jobs before reader v queued one: the queue is taken round-robin
    /// across readers (the one served longest ago first), so v's job comes second, not last; a
    /// reader whose job is running waits while another has none running; and the limit on
    /// waiting jobs is counted in the same transaction as the insert.
    @Test func theQueueIsTakenRoundRobinAcrossReaders() throws {
        let (store, dir, ids) = try storeWithJobs(3)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t0 = Date(timeIntervalSince1970: 1_700_000_100)
        _ = try store.insertUser(User(id: "v", email: "v@x.io", name: "v", createdAt: t0), passwordHash: "h", termsAgreedAt: t0)
        func queue(_ id: String, owner: String, at: Date, limit: Int? = nil) throws {
            let note = NoteSummary(id: "n-\(id)", title: id, category: .major, favorite: false, state: .analysing, fileName: "f.pdf", createdAt: at)
            let job = Job(id: id, ownerId: owner, kind: "analyse-note", noteId: note.id, state: .queued, stage: "upload", progress: 0, createdAt: at, updatedAt: at)
            try store.insertNote(note, ownerId: owner, titleLocked: false, job: job,
                                 limits: limit.map { AccountLimits(books: .max, sentences: .max, storedBytes: .max, queuedJobs: $0) } ?? .none)
        }
        try queue("v0", owner: "v", at: t0)
        #expect(throws: AccountLimitExceeded(.queuedJobs, limit: 3)) { try queue("u3", owner: "u", at: t0, limit: 3) }
        try queue("v1", owner: "v", at: t0.addingTimeInterval(1), limit: 3)
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        var order: [String] = []
        // One slot: each job finishes before the next is taken.
        while let job = try store.claimJob(node: "n", until: now.addingTimeInterval(30), at: now) {
            order.append(job.id)
            now = now.addingTimeInterval(1)
            #expect(try store.finishJob(id: job.id, node: "n", state: .done, error: nil, at: now))
        }
        #expect(order == [ids[0], "v0", ids[1], "v1", ids[2]])

        // Two slots: while u's job runs, v's newer job is taken before u's older one.
        try queue("u4", owner: "u", at: t0.addingTimeInterval(10))
        try queue("u5", owner: "u", at: t0.addingTimeInterval(11))
        try queue("v2", owner: "v", at: t0.addingTimeInterval(12))
        now = now.addingTimeInterval(100)
        let first = try #require(try store.claimJob(node: "n", until: now.addingTimeInterval(30), at: now))
        let second = try #require(try store.claimJob(node: "m", until: now.addingTimeInterval(30), at: now.addingTimeInterval(0.001)))
        #expect(Set([first.id, second.id]) == ["v2", "u4"])
    }

    @Test func nodesClaimingAtOnceEachGetADifferentJob() async throws {
        let (store, dir, ids) = try storeWithJobs(40)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let claimed = await withTaskGroup(of: [String].self) { group in
            for node in 0..<8 {
                group.addTask {
                    var mine: [String] = []
                    while let job = try? store.claimJob(node: "node-\(node)", until: now.addingTimeInterval(30), at: now) { mine.append(job.id) }
                    return mine
                }
            }
            return await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(claimed.count == 40)
        #expect(Set(claimed) == Set(ids))
    }

    @Test func aLeaseThatRunsOutIsTakenOverAndTheOldHolderCanNoLongerWrite() throws {
        let (store, dir, _) = try storeWithJobs(1)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try #require(try store.claimJob(node: "a", until: t.addingTimeInterval(30), at: t))
        #expect(first.leaseOwner == "a" && first.tries == 1 && first.state == .running)
        // Held: nobody else gets it, and renewing keeps it.
        #expect(try store.claimJob(node: "b", until: t.addingTimeInterval(40), at: t.addingTimeInterval(10)) == nil)
        #expect(try store.renewJobLease(id: first.id, node: "a", until: t.addingTimeInterval(60)) == false)
        #expect(try store.claimJob(node: "b", until: t.addingTimeInterval(70), at: t.addingTimeInterval(45)) == nil)
        // a stops renewing: after the lease, b takes it.
        let second = try #require(try store.claimJob(node: "b", until: t.addingTimeInterval(100), at: t.addingTimeInterval(61)))
        #expect(second.id == first.id && second.leaseOwner == "b" && second.tries == 2)
        // a comes back: it no longer holds the job and cannot report or finish it.
        #expect(try store.renewJobLease(id: first.id, node: "a", until: t.addingTimeInterval(120)) == nil)
        try store.updateJob(id: first.id, node: "a", stage: "ocr", progress: 0.5, page: 1, pages: 3, at: t.addingTimeInterval(62))
        #expect(try store.finishJob(id: first.id, node: "a", state: .failed, error: "stale", at: t.addingTimeInterval(62)) == false)
        #expect(try store.job(id: first.id)?.stage != "ocr")
        // b reports and finishes.
        try store.updateJob(id: first.id, node: "b", stage: "ocr", progress: 0.5, page: 2, pages: 3, at: t.addingTimeInterval(63))
        let mid = try #require(try store.job(id: first.id))
        #expect(mid.stage == "ocr" && mid.page == 2 && mid.pages == 3)
        #expect(try store.finishJob(id: first.id, node: "b", state: .done, error: nil, at: t.addingTimeInterval(64)))
        let done = try #require(try store.job(id: first.id))
        #expect(done.state == .done && done.progress == 1 && done.leaseOwner == "b" && done.page == nil)
        #expect(try store.claimJob(node: "c", until: t.addingTimeInterval(1000), at: t.addingTimeInterval(999)) == nil)
    }

    @Test func cancelIsSeenAtRenewalAndReleasedJobsGoBackToTheQueue() throws {
        let (store, dir, ids) = try storeWithJobs(2)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let t = Date(timeIntervalSince1970: 1_800_000_000)
        let a = try #require(try store.claimJob(node: "a", until: t.addingTimeInterval(30), at: t))
        #expect(try store.requestCancel(jobId: a.id, owner: "u", at: t))
        #expect(try store.renewJobLease(id: a.id, node: "a", until: t.addingTimeInterval(30)) == true)
        // The second job: its node stops and gives it back; another node takes it at once.
        let b = try #require(try store.claimJob(node: "a", until: t.addingTimeInterval(30), at: t))
        #expect(b.id == ids[1])
        try store.releaseJobs(node: "a", id: b.id, at: t)
        let released = try #require(try store.job(id: b.id))
        #expect(released.state == .queued && released.leaseOwner == nil && released.tries == 0)
        let taken = try #require(try store.claimJob(node: "b", until: t.addingTimeInterval(30), at: t.addingTimeInterval(1)))
        #expect(taken.id == b.id && taken.tries == 1)
        // A node starting again gives back whatever it held before it died; that run counts.
        try store.releaseJobs(node: "b", at: t.addingTimeInterval(2))
        let back = try #require(try store.job(id: b.id))
        #expect(back.state == .queued && back.tries == 1)
    }

    /// A note whose reading failed keeps the reason, on either engine; the health check's query answers.
    @Test func aFailedNoteKeepsItsReasonAndTheStoreAnswersPings() throws {
        let (store, dir, _) = try storeWithJobs(1)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(store.ping())
        try store.failNote(id: "n0", error: "no_text", at: Date(timeIntervalSince1970: 1_800_000_000))
        let note = try #require(try store.note(id: "n0", owner: "u"))
        #expect(note.state == .failed && note.error == "no_text")
    }
}
