import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// Cards drawn through the pool's real `notio-worker serve-ocr` children.
@Suite(.serialized, .enabled(if: TestFiles.haveNotio, TestFiles.missingNotio))
struct CardPoolTests {
    @Test func thePoolDrawsCardsEndToEnd() async throws {
        let pool = OCRPool(executable: TestFiles.notio)
        defer { pool.shutdown() }
        let directory = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let content = CardContent(text: "밑줄 친 문장은 오래 기억에 남는다", title: "독서의 기술", author: "모티머 애들러", page: 42)

        let out = directory.appendingPathComponent("card.png").path
        let card = try await pool.renderCard(content: content, options: CardOptions(size: .story, background: "forest"),
                                             backgroundPath: nil, outputPath: out)
        #expect(card == CardResult(path: out, width: 1080, height: 1920))
        let picture = try CardPicture(png: try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect((picture.width, picture.height) == (1080, 1920))

        let photo = directory.appendingPathComponent("photo.jpg").path
        try PhotoFixtures.picture(width: 1200, height: 900, format: "jpeg").write(to: URL(fileURLWithPath: photo))
        let widget = directory.appendingPathComponent("widget.png").path
        let small = try await pool.renderCard(content: content, options: CardOptions(size: .widget, width: 400, height: 300, background: "photo"),
                                              backgroundPath: photo, outputPath: widget)
        #expect((small.width, small.height) == (400, 300))
        #expect(FileManager.default.fileExists(atPath: widget))

        let notAPicture = directory.appendingPathComponent("notes.txt").path
        try Data("just words".utf8).write(to: URL(fileURLWithPath: notAPicture))
        await #expect(throws: MediaError.notAnImage) {
            _ = try await pool.renderCard(content: content, options: CardOptions(background: "photo"),
                                          backgroundPath: notAPicture, outputPath: out)
        }
        // Refused before a worker is asked.
        do {
            _ = try await pool.renderCard(content: content, options: CardOptions(dim: 5, background: "photo"),
                                          backgroundPath: nil, outputPath: out)
            Issue.record("bad options were drawn")
        } catch let error as MediaError {
            #expect(error.code == "bad_card_options")
            #expect(error.message.contains("dim") && error.message.contains("background"))
        }
    }
}
