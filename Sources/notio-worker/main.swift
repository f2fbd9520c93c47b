import Foundation
import NotioMediaEngine

// The isolated PDF and OCR worker.
// - `notio-worker worker`: one PDF job, started by the server per document.
// - `notio-worker serve-ocr`: a long-lived OCR worker of the server's OCR pool.
// - `notio-worker words IMAGE`, `underline IMAGE STROKES_JSON_FILE`, `underline-batch LIST_FILE`:
//   OCR of photos from the command line (benchmarks).
// - `notio-worker scan SOURCE FIRST LAST OUT [DPI]`: an image-only copy of some PDF pages (OCR tests);
//   `read-scan SOURCE FIRST LAST DPI [TEXT_DIR]`: such a copy read back by OCR, scored against the
//   source's text layer (benchmarks).
// - `notio-worker card [--repeat N] CONTENT_JSON OPTIONS_JSON [BACKGROUND] OUT.png`: an image card
//   (benchmarks); `test-photo WIDTH HEIGHT OUT.jpg [ORIENTATION]`: a photo-like JPEG for them.
// - `notio-worker tag-korean DICTIONARY TEXT_FILE`: MeCab's load time, memory and speed (benchmarks).
let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())
switch arguments.first {
case "scan":
    exit(MediaWorker.scan(arguments: rest))
case "read-scan":
    MediaWorker.limitOpenMPThreads()
    exit(MediaWorker.readScan(arguments: rest))
case "card":
    exit(MediaWorker.card(arguments: rest))
case "test-photo":
    exit(MediaWorker.testPhoto(arguments: rest))
case "tag-korean":
    exit(MediaWorker.tagKoreanFigures(arguments: rest))
case "serve-ocr":
    MediaWorker.limitOpenMPThreads()
    MediaWorker.exitWithParent()
    exit(MediaWorker.serveOCR())
case "words":
    MediaWorker.limitOpenMPThreads()
    exit(MediaWorker.words(arguments: rest))
case "underline":
    MediaWorker.limitOpenMPThreads()
    exit(MediaWorker.underline(arguments: rest))
case "underline-batch":
    MediaWorker.limitOpenMPThreads()
    exit(MediaWorker.underlineBatch(arguments: rest))
default:
    if arguments.first == "worker" { MediaWorker.exitWithParent() }
    exit(MediaWorker.main(arguments: arguments))
}
