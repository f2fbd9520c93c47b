import Foundation
import Testing
@testable import NotioMedia

struct StrokeTests {
    func code(_ json: String) -> String? {
        do {
            _ = try Stroke.parseList(json: json)
            return nil
        } catch let error as MediaError {
            return error.code
        } catch {
            return "\(error)"
        }
    }

    @Test func parsesTheBrowsersStrokes() throws {
        let strokes = try Stroke.parseList(json: #"[[{"x":1,"y":2},{"x":3.5,"y":4}],[],[{"x":0,"y":0,"pressure":0.5}]]"#)
        #expect(strokes == [Stroke([StrokePoint(x: 1, y: 2), StrokePoint(x: 3.5, y: 4)]), Stroke([StrokePoint(x: 0, y: 0)])])
        // And writes them back the same way, for the worker's request line.
        let encoded = String(decoding: try JSONEncoder().encode(strokes[0]), as: UTF8.self)
        #expect(try JSONDecoder().decode([StrokePoint].self, from: Data(encoded.utf8)) == strokes[0].points)
    }

    @Test func refusesWhatIsNotStrokes() {
        for json in ["", "garbage", "{}", "[1,2]", #"[{"x":1,"y":2}]"#, #"[[{"x":"1","y":2}]]"#, #"[[{"x":1}]]"#,
                     #"[[{"x":null,"y":2}]]"#, #"[[{"x":NaN,"y":2}]]"#, #"[[{"x":1e999,"y":2}]]"#, "[]", "[[],[]]",
                     #"[[{"x":1,"y":2}]"#] {
            #expect(code(json) == "bad_strokes", "\(json)")
        }
    }

    @Test func refusesTooManyStrokesOrPoints() {
        let point = #"{"x":1,"y":2}"#
        let fiftyOne = "[" + Array(repeating: "[\(point)]", count: 51).joined(separator: ",") + "]"
        #expect(code(fiftyOne) == "bad_strokes")
        let fifty = "[" + Array(repeating: "[\(point)]", count: 50).joined(separator: ",") + "]"
        #expect(code(fifty) == nil)
        let long = "[[" + Array(repeating: point, count: 10_001).joined(separator: ",") + "]]"
        #expect(code(long) == "bad_strokes")
        let huge = "[[" + String(repeating: " ", count: 2_000_000) + "]]"
        #expect(code(huge) == "bad_strokes")
    }

    @Test func strokesAreFittedToTheImage() throws {
        let inside = Stroke([StrokePoint(x: -20, y: 50), StrokePoint(x: 50, y: 50), StrokePoint(x: 130, y: 120)])
        let outside = Stroke([StrokePoint(x: 150, y: 50), StrokePoint(x: 300, y: 50)])
        let fitted = try Stroke.fitted([inside, outside], width: 100, height: 100)
        #expect(fitted == [Stroke([StrokePoint(x: 0, y: 50), StrokePoint(x: 50, y: 50), StrokePoint(x: 100, y: 100)])])
        #expect(throws: MediaError.strokesOutsideImage) { try Stroke.fitted([outside], width: 100, height: 100) }
        #expect(throws: MediaError.badStrokes("no stroke was drawn")) { try Stroke.fitted([Stroke([])], width: 100, height: 100) }
        #expect(throws: MediaError.strokesOutsideImage) {
            try UnderlineSelector.underline(OCRPage(words: [], imageWidth: 100, imageHeight: 100), strokes: [outside])
        }
    }
}
