import Foundation
import Testing
@testable import NotioMedia

/// A worker whose server went away (its end of the pipe closed) leaves quietly: Foundation's
/// `FileHandle.write(_:)` trapped there, and every stray worker of a stopped server crashed with a
/// backtrace.
@Suite struct WorkerOutputTests {
    @Test(.enabled(if: TestFiles.havePDFs && TestFiles.haveNotio))
    func aWorkerWithNobodyReadingLeavesWithoutCrashing() throws {
        // As in the server, which ignores SIGPIPE; its children inherit that.
        signal(SIGPIPE, SIG_IGN)
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        #expect(pipe(&input) == 0 && pipe(&output) == 0)
        let request = #"{"op":"extractPDF","path":"\#(TestFiles.pdf("lshort-ko.pdf"))"}"# + "\n"
        _ = request.withCString { write(input[1], $0, strlen($0)) }
        close(input[1])
        let child = try ChildProcess.spawn(TestFiles.notio, arguments: ["worker", "lshort-ko.pdf"], environment: ["OMP_THREAD_LIMIT": "1"],
                                           input: input[0], output: output[1])
        close(input[0]); close(output[1])
        close(output[0])   // the server is gone: nobody reads the progress lines
        let status = child.waitForExit()
        #expect(!ChildProcess.endedBySignal(status), "wait status \(status)")
    }
}
