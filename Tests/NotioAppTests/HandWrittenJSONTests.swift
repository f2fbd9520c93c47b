import Foundation
import NotioCore
import Testing
@testable import NotioApp

/// The answers written by hand for speed (the home list, the heatmap) say what JSONEncoder said.
@Suite struct HandWrittenJSONTests {
    static func object(_ text: String) throws -> NSObject {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSObject)
    }

    @Test func datesAreTheFormatStylesToTheSecond() {
        var generator = SystemRandomNumberGenerator()
        let samples = [0, 1, 59.999, 86_399.5, 951_782_400, 1_709_164_800.25, 4_102_444_799.999] + (0..<2000).map { _ in Double.random(in: 0..<4_200_000_000, using: &generator) }
        for t in samples {
            let date = Date(timeIntervalSince1970: t)
            #expect(JSON.iso8601(date) == date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: false)), "\(t)")
        }
    }

    @Test(arguments: [Language.ko, .en])
    func aNoteOfTheListIsWhatTheEncoderWrites(_ language: Language) throws {
        let full = NoteSummary(id: "n1", title: "운영체제 \"요약\"\n2장", category: .major, favorite: true, state: .failed, error: FailureReason.unreadable,
                               pageCount: 12, fileName: "os/ch2.pdf", keywords: ["스케줄링", "a\\b"], learningRate: 0.8333333333333334,
                               createdAt: Date(timeIntervalSince1970: 1_709_164_800.25), jobId: "job-1")
        let bare = NoteSummary(id: "n2", title: "빈 노트", category: .general, favorite: false, state: .ready, error: nil, pageCount: 0,
                               fileName: "", keywords: [], learningRate: 0, createdAt: Date(timeIntervalSince1970: 0), jobId: nil)
        for note in [full, bare] {
            let json = NotesAPI.NoteJSON(note, language)
            let encoded = String(decoding: try JSON.encoder.encode(json), as: UTF8.self)
            #expect(try Self.object(json.json) == Self.object(encoded))
        }
    }

    @Test func theHeatmapIsWhatTheEncoderWrites() throws {
        let calc = ReadingStatsCalculator(timeZone: TimeZone(identifier: "Asia/Seoul")!)
        let first = try #require(calc.yearDays(2026)).lowerBound
        let days = calc.heatmap(year: 2026, readingDays: [ReadingDay(day: first + 3, bookId: "b", seconds: 1800, sessions: 2)],
                                sentences: [Date(timeIntervalSince1970: 1_767_225_600 + 86_400 * 40)],
                                studyDays: [StudyDay(day: first + 200, attempts: 2, questions: 15, correct: 9)])
        #expect(days.count == 365)
        #expect(days[3].readingSeconds == 1800 && days[200].studyQuestions == 15 && days.reduce(0) { $0 + $1.sentences } == 1)
        #expect(try Self.object(HeatmapDay.json(days)) == Self.object(String(decoding: try JSON.encoder.encode(days), as: UTF8.self)))
        #expect(HeatmapDay.json([]) == "[]")
    }

    @Test(arguments: [StatsPeriod.year, .month, .week])
    func periodStatisticsAreWhatTheEncoderWrites(_ period: StatsPeriod) throws {
        let calc = ReadingStatsCalculator(timeZone: TimeZone(identifier: "Asia/Seoul")!)
        let anchor = Date(timeIntervalSince1970: 1_767_225_600 + 86_400 * 40)
        let first = calc.dayNumber(anchor)
        let books = ["b1": BookFacts(title: "책 \"하나\"", author: "저자\\", genre: "소설"), "b2": BookFacts(title: "둘", author: "", genre: nil)]
        let stats = calc.period(period, anchor: anchor, days: [ReadingDay(day: first, bookId: "b1", seconds: 600, sessions: 1),
                                                             ReadingDay(day: first - 1, bookId: "b2", seconds: 1200, sessions: 2)],
                                sentences: [(at: anchor, bookId: "b2")], books: books)
        #expect(!stats.topBooks.isEmpty && !stats.byGenre.isEmpty)
        #expect(try Self.object(stats.json) == Self.object(String(decoding: try JSON.encoder.encode(stats), as: UTF8.self)))
    }
}
