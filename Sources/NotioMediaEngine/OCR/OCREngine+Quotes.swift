import Foundation
import NotioMedia

/// Double quotes the Hangul model reads as single ones: on a photo turned 4° it read the opening
/// quote of `"외부에서의` as `'` (confidence 50), where its other quotes were read right. The
/// mark's own box shows which it is: a double quote is two ticks side by side, a single one is
/// one.
extension OCREngine {
    /// The double form of each single quote mark.
    static let doubleQuotes: [String: String] = ["'": "\"", "\u{2018}": "\u{201C}", "\u{2019}": "\u{201D}"]

    /// Pieces read as a single quote mark whose box holds two ticks become the double mark.
    static func restoreDoubleQuotes(_ pieces: inout [OCRPiece], page: InkPage) {
        for index in pieces.indices {
            guard let double = doubleQuotes[pieces[index].text], ticks(in: pieces[index].box, page: page) == 2 else { continue }
            pieces[index].text = double
        }
    }

    /// How many ticks the ink in `box` makes: runs of columns holding ink, apart, each reaching
    /// over half the box's height (a speck of the photo does not).
    static func ticks(in box: PixelRect, page: InkPage) -> Int {
        let columns = max(0, box.x)..<min(page.width, box.x + box.width)
        let rows = max(0, box.y)..<min(page.height, box.y + box.height)
        guard columns.count >= 3, rows.count >= 3 else { return 0 }
        // The paper is judged around the mark, whose box is nearly all ink.
        let around = max(0, box.x - box.height)..<min(page.width, box.x + box.width + box.height)
        guard let threshold = WordBoxes.inkThreshold(gray: page.gray, bytesPerLine: page.bytesPerLine, columns: around, rows: rows) else {
            return 0
        }
        var ticks = 0, tallest = 0
        for x in columns {
            let ink = rows.reduce(0) { $0 + (page.gray[$1 * page.bytesPerLine + x] < threshold ? 1 : 0) }
            if ink > 0 {
                tallest = max(tallest, ink)
            } else if tallest > 0 {
                if 2 * tallest > rows.count { ticks += 1 }
                tallest = 0
            }
        }
        if 2 * tallest > rows.count { ticks += 1 }
        return ticks
    }
}
