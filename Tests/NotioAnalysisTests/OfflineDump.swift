import Foundation
import NotioCore
import Testing
@testable import NotioAnalysis

/// Prints an analysis and its time when NOTIO_ANALYSIS_DUMP names a fixture or an ExtractedDocument JSON file.
@Test func dumpAnalysisWhenAsked() async throws {
    guard let name = ProcessInfo.processInfo.environment["NOTIO_ANALYSIS_DUMP"] else { return }
    let document: ExtractedDocument
    if name.hasSuffix(".json"), FileManager.default.fileExists(atPath: name) {
        document = try JSONDecoder().decode(ExtractedDocument.self, from: Data(contentsOf: URL(fileURLWithPath: name)))
    } else if name.hasSuffix(".txt") {
        document = try OfflineFixtures.textDocument(name)
    } else {
        document = try OfflineFixtures.document(name)
    }
    let clock = ContinuousClock()
    let start = clock.now
    let analysis = try await OfflineFixtures.analyse(document)
    let elapsed = clock.now - start
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
    print(String(decoding: try encoder.encode(analysis), as: UTF8.self))
    print("analysed \(document.pages.count) pages in \(elapsed)")
}
