import Foundation
import NotioMediaEngine

// The isolated PDF and OCR worker: the server starts it per document and reads its answer.
// `notio-worker scan SOURCE FIRST LAST OUT` writes an image-only copy of some pages (for the
// OCR benchmark and tests).
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "scan" {
    exit(MediaWorker.scan(arguments: Array(arguments.dropFirst())))
}
exit(MediaWorker.main(arguments: arguments))
