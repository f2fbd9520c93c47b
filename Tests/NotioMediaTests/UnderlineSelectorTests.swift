import Foundation
import Testing
@testable import NotioMedia
import NotioCore

/// Selection on a synthetic page: lines of words 30 px tall every 50 px, as OCR gives them.
struct UnderlineSelectorTests {
    static let lines = [
        "그는 오래된 책을 펼쳐 첫 문장을 천천히 읽었다",
        "밑줄을 긋는 일은 생각을 붙잡는 일이다 라고 썼다",
        "The Foundation of reading is attention and patience",
        "세 번째 줄 다음에는 빈 줄이 없다",
    ]

    /// Words laid out left to right from x = 100, 22 px per character and 16 px between words;
    /// line n's bottom at 130 + `pitch` × n, shifted by `skew` px per px to the right.
    static func page(_ lines: [String] = lines, pitch: Int = 50, skew: Double = 0) -> [OCRWord] {
        var words: [OCRWord] = []
        for (line, text) in lines.enumerated() {
            var x = 100
            for word in text.split(separator: " ") {
                let width = 22 * word.count
                let bottom = 130 + pitch * line + Int((Double(x + width / 2) * skew).rounded())
                words.append(OCRWord(text: String(word), box: PixelRect(x: x, y: bottom - 30, width: width, height: 30),
                                     confidence: 90, line: line))
                x += width + 16
            }
        }
        return words
    }

    /// A stroke from `from` to `to`, a point every 4 px, with `wobble` (px) of up-and-down tremor:
    /// a wave and noise drawn from `seed`, so that a failing stroke can be drawn again.
    static func stroke(from: (Double, Double), to: (Double, Double), wobble: Double = 0, seed: UInt64 = 0) -> [StrokePoint] {
        let length = hypot(to.0 - from.0, to.1 - from.1)
        let count = max(2, Int(length / 4))
        var generator = SeededGenerator(seed: seed)
        return (0...count).map { index in
            let t = Double(index) / Double(count)
            let tremor = wobble == 0 ? 0 : wobble * sin(t * 37) + Double.random(in: -wobble / 2...wobble / 2, using: &generator)
            return StrokePoint(x: from.0 + t * (to.0 - from.0), y: from.1 + t * (to.1 - from.1) + tremor)
        }
    }

    /// The left and right edges of word `index` on `line`.
    static func span(_ words: [OCRWord], line: Int, _ index: Int) -> (Double, Double) {
        let word = words.filter { $0.line == line }[index]
        return (Double(word.box.x), Double(word.box.x + word.box.width))
    }

    func selectedText(_ words: [OCRWord], _ strokes: [[StrokePoint]]) -> String {
        UnderlineSelector.text(of: UnderlineSelector.select(words, strokes: strokes.map(Stroke.init)))
    }

    @Test func aStraightStrokeUnderWordsSelectsThem() {
        let words = Self.page()
        let start = Self.span(words, line: 0, 2).0 + 5, end = Self.span(words, line: 0, 4).1 - 5
        #expect(selectedText(words, [Self.stroke(from: (start, 136), to: (end, 136))]) == "책을 펼쳐 첫")
    }

    @Test func aStrokeThroughTheLowerHalfOfTheWordsSelectsThem() {
        let words = Self.page()
        let start = Self.span(words, line: 1, 0).0, end = Self.span(words, line: 1, 1).1
        #expect(selectedText(words, [Self.stroke(from: (start, 172), to: (end, 172))]) == "밑줄을 긋는")
    }

    @Test func aWobblyStrokeSelectsTheSameWords() {
        let words = Self.page()
        let start = Self.span(words, line: 1, 1).0 + 3, end = Self.span(words, line: 1, 3).1 - 3
        // Seeds 8976 and 25349 drew a steep zig-zag over "일은" longer than the wobbles the runs
        // used to join, and lost the word (1 stroke in about 4,000 before the fix).
        for seed in [8976, 25349] + Array(UInt64(0)..<2000) {
            let stroke = Self.stroke(from: (start, 190), to: (end, 190), wobble: 5, seed: seed)
            #expect(selectedText(words, [stroke]) == "긋는 일은 생각을", "seed \(seed)")
        }
    }

    @Test func aSlantedStrokeSelectsTheWordsItPassesUnder() {
        let words = Self.page()
        let start = Self.span(words, line: 2, 1).0 + 2, end = Self.span(words, line: 2, 4).1
        // From just under the letters to most of a line height below them.
        #expect(selectedText(words, [Self.stroke(from: (start, 232), to: (end, 252))]) == "Foundation of reading is")
    }

    @Test func aStrokeAlongTheLinesOfATiltedPhotoSelectsItsLine() {
        let skew = 0.06
        let words = Self.page(skew: skew)
        let (start, _) = Self.span(words, line: 1, 0), (_, end) = Self.span(words, line: 1, 5)
        let stroke = Self.stroke(from: (start, 186 + start * skew), to: (end, 186 + end * skew), wobble: 3)
        #expect(selectedText(words, [stroke]) == "밑줄을 긋는 일은 생각을 붙잡는 일이다")
    }

    @Test func aStrokeDrawnRightToLeftSelectsInReadingOrder() {
        let words = Self.page()
        let start = Self.span(words, line: 3, 3).1, end = Self.span(words, line: 3, 1).0
        #expect(selectedText(words, [Self.stroke(from: (start, 284), to: (end, 284))]) == "번째 줄 다음에는")
    }

    @Test func oneStrokeAcrossTwoLinesSelectsTheEndOfOneAndTheStartOfTheNext() {
        let words = Self.page()
        let lineOne = words.filter { $0.line == 0 }
        let lastStart = Double(lineOne[lineOne.count - 2].box.x) + 4
        let lineEnd = Double(lineOne[lineOne.count - 1].box.x + lineOne[lineOne.count - 1].box.width)
        let secondEnd = Self.span(words, line: 1, 1).1 - 4
        // Under the last two words, back down to the start of the next line, under two words.
        let stroke = Self.stroke(from: (lastStart, 137), to: (lineEnd, 137), wobble: 2)
            + Self.stroke(from: (lineEnd, 137), to: (95, 186))
            + Self.stroke(from: (95, 186), to: (secondEnd, 186), wobble: 2)
        #expect(selectedText(words, [stroke]) == "천천히 읽었다 밑줄을 긋는")
    }

    @Test func scribblingBackAndForthUnderWordsSelectsThem() {
        let words = Self.page()
        let (left, _) = Self.span(words, line: 1, 2), (_, right) = Self.span(words, line: 1, 3)
        let scribble = Self.stroke(from: (left, 186), to: (right, 188)) + Self.stroke(from: (right, 188), to: (left, 190))
            + Self.stroke(from: (left, 190), to: (right, 186))
        #expect(selectedText(words, [scribble]) == "일은 생각을")
    }

    @Test func aFlickOfThePenAtTheEndChangesNothing() {
        let words = Self.page()
        let (left, _) = Self.span(words, line: 0, 1), (_, right) = Self.span(words, line: 0, 3)
        // Slanted by half a word height, then a short flick back and down as the pen lifts.
        let stroke = Self.stroke(from: (left, 132), to: (right, 147)) + Self.stroke(from: (right, 147), to: (right - 14, 152))
        #expect(selectedText(words, [stroke]) == "오래된 책을 펼쳐")
    }

    @Test func twoStrokesOnTwoLinesAreJoinedInReadingOrderWhateverTheDrawingOrder() {
        let words = Self.page()
        let second = Self.stroke(from: (100, 186), to: (Self.span(words, line: 1, 0).1, 186))
        let first = Self.stroke(from: (Self.span(words, line: 0, 6).0, 136), to: (Self.span(words, line: 0, 7).1, 136))
        #expect(selectedText(words, [second, first]) == "천천히 읽었다 밑줄을")
    }

    @Test func aStrokeBetweenTwoLinesTakesOnlyTheCloserOne() {
        let words = Self.page()
        let end = Self.span(words, line: 0, 2).1
        // 10 px under line 0's bottom (130), 30 px above line 1's (180): line 0 only.
        #expect(selectedText(words, [Self.stroke(from: (100, 140), to: (end, 140))]) == "그는 오래된 책을")
        // 12 px above line 1's bottom, 38 below line 0's: line 1 only.
        #expect(selectedText(words, [Self.stroke(from: (100, 168), to: (end, 168))]) == "밑줄을 긋는 일은")

        // Tight leading (bottoms 130 and 168): 153 is near enough to both; the closer one wins.
        let tight = Self.page(pitch: 38)
        #expect(selectedText(tight, [Self.stroke(from: (100, 153), to: (end, 153))]) == "그는 오래된 책을")
        #expect(selectedText(tight, [Self.stroke(from: (100, 156), to: (end, 156))]) == "밑줄을 긋는 일은")
    }

    @Test func aStrokeTouchingNoWordSelectsNothing() throws {
        let words = Self.page()
        let farBelow = try UnderlineSelector.underline(
            OCRPage(words: words, imageWidth: 1500, imageHeight: 2000), strokes: [Stroke(Self.stroke(from: (100, 900), to: (800, 900)))])
        #expect(farBelow.text == "")
        #expect(farBelow.words.isEmpty)
        #expect(farBelow.imageWidth == 1500 && farBelow.imageHeight == 2000)
        // In the margin left of the text.
        #expect(selectedText(words, [Self.stroke(from: (10, 136), to: (90, 136))]) == "")
        // A vertical line down the page is no underline.
        #expect(selectedText(words, [Self.stroke(from: (300, 100), to: (300, 300))]) == "")
        // A tap.
        #expect(selectedText(words, [[StrokePoint(x: 300, y: 136)]]) == "")
        #expect(UnderlineSelector.select([], strokes: [Stroke(Self.stroke(from: (0, 10), to: (100, 10)))]).isEmpty)
    }

    @Test func aWordBarelyTouchedIsNotSelected() {
        let words = Self.page()
        let (left, right) = Self.span(words, line: 0, 1)
        let width = right - left
        // 20% of 오래된 under the stroke, which ends there: not selected; 40%: selected.
        #expect(selectedText(words, [Self.stroke(from: (100, 136), to: (left + 0.2 * width, 136))]) == "그는")
        #expect(selectedText(words, [Self.stroke(from: (100, 136), to: (left + 0.4 * width, 136))]) == "그는 오래된")
    }

    @Test func aDashBetweenSelectedWordsIsSelectedWhateverShareOfItTheStrokeCovers() {
        // A dash as OCR boxes it: 10 px wide, 4 px tall, halfway up the line.
        var words = Self.page(["그는 오래된 LibreOffice -", "사용자 데이터 폴더를"])
        let dash = words.firstIndex { $0.text == "-" }!
        words[dash].box = PixelRect(x: words[dash].box.x, y: 112, width: 10, height: 4)
        let (start, _) = Self.span(words, line: 0, 2)
        let touchingTheDash = Double(words[dash].box.x + 2)
        let firstLine = Self.stroke(from: (start, 136), to: (touchingTheDash, 136))
        // Ending there (2 px of its 10, under the 30% a word needs: `minimumOverlap`), the stroke leaves the dash out: a mark at the end of a span is not taken
        // for a few pixels of stroke.
        #expect(selectedText(words, [firstLine]) == "LibreOffice")
        // Going on under the start of the next line, it underlines the dash too.
        let nextLine = Self.stroke(from: (100, 186), to: (Self.span(words, line: 1, 1).1, 186))
        #expect(selectedText(words, [firstLine, nextLine]) == "LibreOffice - 사용자 데이터")
    }

    @Test func textJoinsLinesAndHyphenatedWords() {
        func word(_ text: String, line: Int, x: Int) -> OCRWord {
            OCRWord(text: text, box: PixelRect(x: x, y: 0, width: 10, height: 10), confidence: 90, line: line)
        }
        #expect(UnderlineSelector.text(of: [word("The", line: 0, x: 0), word("Foun-", line: 0, x: 20), word("dation", line: 1, x: 0),
                                            word("is", line: 1, x: 20)]) == "The Foundation is")
        // Capitalised next word: a real hyphen (a name, a compound) stays.
        #expect(UnderlineSelector.text(of: [word("Anglo-", line: 0, x: 0), word("Saxon", line: 1, x: 0)]) == "Anglo- Saxon")
        // Korean lines join with a space; a dash after Hangul is not a broken English word.
        #expect(UnderlineSelector.text(of: [word("생각을", line: 0, x: 0), word("붙잡는", line: 1, x: 0), word("일-", line: 1, x: 20),
                                            word("이다", line: 2, x: 0)]) == "생각을 붙잡는 일- 이다")
        #expect(UnderlineSelector.text(of: []) == "")
    }
}
