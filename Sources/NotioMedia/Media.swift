import Foundation
import NotioCore

/// The isolated worker: `notio worker` runs PDF and OCR work in a child process so that a crash
/// or a hang in poppler or tesseract fails one job, never the server.
public enum MediaWorker {
    /// Entry point of `notio worker`; returns the exit status.
    public static func main(arguments: [String]) -> Int32 {
        FileHandle.standardError.write(Data("worker: not built yet\n".utf8))
        return 1
    }
}
