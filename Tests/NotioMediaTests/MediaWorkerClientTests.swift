import Foundation
import NotioCore
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

@Suite(.enabled(if: TestFiles.haveNotio, TestFiles.missingNotio))
struct MediaWorkerClientTests {
    func client(_ limits: MediaLimits = MediaLimits()) -> MediaWorkerClient {
        MediaWorkerClient(executable: TestFiles.notio, limits: limits)
    }

    /// The error the worker client throws for `data` saved as a PDF.
    func failure(of data: Data, limits: MediaLimits = MediaLimits()) async throws -> MediaError? {
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("upload.pdf").path
        try data.write(to: URL(fileURLWithPath: path))
        do {
            _ = try await client(limits).extractPDF(at: path) { _ in }
            return nil
        } catch let error as MediaError {
            return error
        }
    }

    @Test func badFilesFailWithClearErrors() async throws {
        #expect(try await failure(of: Data())?.code == "empty_file")
        #expect(try await failure(of: Data((0..<10_000).map { _ in UInt8.random(in: 0...255) }))?.code == "not_a_pdf")
        #expect(try await failure(of: TestFiles.encryptedPDF())?.code == "encrypted_pdf")
        let tooLarge = try await failure(of: Data(count: 2_000), limits: MediaLimits(maxBytes: 1_000))
        #expect(tooLarge?.code == "too_large")
        #expect(tooLarge?.message.contains("0.0 MB") == false || tooLarge?.message.isEmpty == false)
    }

    @Test(.enabled(if: TestFiles.havePDFs, TestFiles.missingPDFs))
    func truncatedAndOverlongPDFsFail() async throws {
        let whole = try #require(FileManager.default.contents(atPath: TestFiles.pdf("lshort-ko.pdf")))
        #expect(try await failure(of: whole.prefix(whole.count / 3))?.code == "damaged_pdf")
        let tooMany = try await failure(of: whole, limits: MediaLimits(maxPages: 100))
        #expect(tooMany?.code == "too_many_pages")
        #expect(tooMany?.message.contains("143") == true && tooMany?.message.contains("100") == true)
    }

    @Test(.enabled(if: TestFiles.havePDFs, TestFiles.missingPDFs))
    func extractsARealPDFWithProgress() async throws {
        let log = ProgressLog()
        let document = try await client().extractPDF(at: TestFiles.pdf("R-intro.pdf")) { log.record($0) }
        #expect(document.pages.count == 113)
        #expect(document.outline.count > 100)
        #expect(log.all.first == .extracting(page: 1, of: 113))
        #expect(log.all.last == .extracting(page: 113, of: 113))
    }

    @Test func missingFileIsNotFound() async throws {
        await #expect(throws: MediaError.self) {
            try await client().extractPDF(at: "/nonexistent/upload.pdf") { _ in }
        }
    }

    /// A stand-in worker: a shell script run as `<script> worker`.
    func script(_ body: String) throws -> (String, URL) {
        let directory = try TestFiles.temporaryDirectory()
        let path = directory.appendingPathComponent("worker.sh").path
        try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        // A process forked by a parallel test may still hold the script open for writing, and
        // exec fails with ETXTBSY until it execs too: wait until the script runs.
        for _ in 0..<50 {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: path)
            probe.arguments = ["probe"]
            probe.environment = ["PROBE": "1"]
            if (try? probe.run()) != nil {
                kill(probe.processIdentifier, SIGKILL)
                probe.waitUntilExit()
                break
            }
            usleep(20_000)
        }
        let pdf = directory.appendingPathComponent("upload.pdf")
        try Data("%PDF-1.4\n".utf8).write(to: pdf)
        return (path, pdf)
    }

    @Test func aCrashingWorkerIsReportedAsACrash() async throws {
        let (worker, pdf) = try script("kill -SEGV $$")
        defer { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }
        await #expect(throws: MediaError(code: "worker_crashed", message: "The document reader stopped unexpectedly on this file. The file may be damaged.")) {
            try await MediaWorkerClient(executable: worker, limits: MediaLimits()).extractPDF(at: pdf.path) { _ in }
        }
    }

    @Test func aHangingWorkerIsKilledAtTheTimeout() async throws {
        let (worker, pdf) = try script("echo $$ > \"$(dirname \"$0\")/pid\"; exec sleep 300")
        defer { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }
        let client = MediaWorkerClient(executable: worker, limits: MediaLimits(timeoutSeconds: 0.5))
        do {
            _ = try await client.extractPDF(at: pdf.path) { _ in }
            Issue.record("a hanging worker returned")
        } catch let error as MediaError {
            #expect(error.code == "timeout")
        }
        // The worker would sleep for five minutes: it must be dead (or a zombie awaiting its
        // reaping), not sleeping.
        let pidText = try String(contentsOf: pdf.deletingLastPathComponent().appendingPathComponent("pid"), encoding: .utf8)
        let pid = try #require(Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines)))
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "gone"
        #expect(state == "gone" || state == "Z", "worker \(pid) is still \(state)")
    }

    @Test func theChildSeesOMPThreadLimit() async throws {
        let (worker, pdf) = try script(#"printf '{"error":{"code":"env","message":"%s"}}\n' "$OMP_THREAD_LIMIT""#)
        defer { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }
        await #expect(throws: MediaError(code: "env", message: "1")) {
            try await MediaWorkerClient(executable: worker, limits: MediaLimits()).extractPDF(at: pdf.path) { _ in }
        }
    }
}
