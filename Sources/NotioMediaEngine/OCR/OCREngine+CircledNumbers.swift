import CTesseract
import Foundation
import NotioMedia

/// Circled numbers (①–⑳), with which Korean laws and textbooks number their clauses: the Hangul
/// model has no letter for them and reads the ring as "@" (or "®", "©"), the digit inside lost.
/// Where a piece read as such a mark is a ring of ink around other ink, the ring is taken away
/// and the digits inside are read on their own; one to twenty becomes the circled number.
///
/// Found on the law's pages of the second renderer, seed 1 (5 of 15 spans missed on every photo
/// variant for "@" alone); measured on the held-out seed 7 and the tuning seed's other faces
/// only through the bench's figures.
extension OCREngine {
    /// The circled numbers among `pieces` written as printed. Reads with the main engine in
    /// single-word mode on an image of its own, so it runs after every rule that reads `page`.
    func restoreCircledNumbers(_ pieces: inout [OCRPiece], page: InkPage, dpi: Int) {
        // Only digits can be inside: the serifed 1 of ① read freely came out "41".
        TessBaseAPISetVariable(main, "tessedit_char_whitelist", "0123456789")
        defer { TessBaseAPISetVariable(main, "tessedit_char_whitelist", "") }
        for index in pieces.indices where Self.isRingReading(pieces[index].recognised) {
            guard let (inside, digits) = Self.insideOfRing(pieces[index].box, page: page),
                  let reading = readDigits(inside, digits, dpi: dpi),
                  let number = Int(reading.text), (1...20).contains(number), reading.text.allSatisfy(\.isASCII),
                  let circled = Unicode.Scalar(0x2460 + number - 1) else { continue }
            pieces[index].text = String(Character(circled))
        }
    }

    /// Whether the Hangul model's reading of a piece is what it makes of a ring: "@", "®" or "©",
    /// perhaps with a bracket or the digit, no Hangul.
    static func isRingReading(_ text: String) -> Bool {
        text.unicodeScalars.contains { "@®©".unicodeScalars.contains($0) }
            && text.unicodeScalars.allSatisfy { "@®©()".unicodeScalars.contains($0) || ("0"..."9").contains($0) }
    }

    /// The digits in `image` (paper elsewhere), read in single-character mode when there is
    /// one: in single-word mode the serifed 1 of ① came out "41".
    func readDigits(_ image: GrayImage, _ digits: Int, dpi: Int) -> WordReading? {
        readWord(PixelRect(x: 0, y: 0, width: image.width, height: image.height), in: image, dpi: dpi,
                 mode: digits == 1 ? PSM_SINGLE_CHAR : PSM_SINGLE_WORD, margin: 0)
    }

    /// The ink inside a ring in `box` on paper, the ring itself whitened, or nil when the ink
    /// there is no ring around something: the ring is what touches the ink's bounding box (a
    /// digit inside it cannot), taken with its neighbours so that its grey edge goes too.
    /// With it, how many digits the ink inside is wide: a digit is at most three quarters as
    /// wide as tall, two side by side wider.
    static func insideOfRing(_ box: PixelRect, page: InkPage) -> (GrayImage, digits: Int)? {
        let margin = max(2, box.height / 8)
        let columns = max(0, box.x - margin)..<min(page.width, box.x + box.width + margin)
        let rows = max(0, box.y - margin)..<min(page.height, box.y + box.height + margin)
        guard columns.count >= 8, rows.count >= 8,
              let threshold = WordBoxes.inkThreshold(gray: page.gray, bytesPerLine: page.bytesPerLine, columns: columns, rows: rows)
        else { return nil }
        let width = columns.count, height = rows.count
        func value(_ x: Int, _ y: Int) -> UInt8 { page.gray[(rows.lowerBound + y) * page.bytesPerLine + columns.lowerBound + x] }
        var ink = [Bool](repeating: false, count: width * height)
        var left = Int.max, right = Int.min, top = Int.max, bottom = Int.min
        for y in 0..<height {
            for x in 0..<width where value(x, y) < threshold {
                ink[y * width + x] = true
                left = min(left, x); right = max(right, x); top = min(top, y); bottom = max(bottom, y)
            }
        }
        guard right > left, bottom > top else { return nil }
        let inkWidth = right - left + 1, inkHeight = bottom - top + 1
        // A ring is about as wide as tall.
        guard abs(inkWidth - inkHeight) <= max(inkWidth, inkHeight) / 3 else { return nil }

        // The ring: every ink pixel 8-connected to ink on the bounding box's edge.
        var ring = [Bool](repeating: false, count: width * height)
        var stack: [Int] = []
        for y in top...bottom {
            for x in left...right where (y == top || y == bottom || x == left || x == right) && ink[y * width + x] {
                ring[y * width + x] = true
                stack.append(y * width + x)
            }
        }
        while let at = stack.popLast() {
            let x = at % width, y = at / width
            for dy in -1...1 {
                for dx in -1...1 {
                    let nx = x + dx, ny = y + dy
                    guard nx >= 0, ny >= 0, nx < width, ny < height, ink[ny * width + nx], !ring[ny * width + nx] else { continue }
                    ring[ny * width + nx] = true
                    stack.append(ny * width + nx)
                }
            }
        }
        let ringCount = ring.filter { $0 }.count
        let insideCount = ink.filter { $0 }.count - ringCount
        // A digit inside holds a good part of the ring's ink; specks do not.
        guard insideCount * 8 >= ringCount else { return nil }

        var innerLeft = Int.max, innerRight = Int.min, innerTop = Int.max, innerBottom = Int.min
        for y in 0..<height {
            for x in 0..<width where ink[y * width + x] && !ring[y * width + x] {
                innerLeft = min(innerLeft, x); innerRight = max(innerRight, x); innerTop = min(innerTop, y); innerBottom = max(innerBottom, y)
            }
        }
        // Too little inside to be a digit; tesseract also prints its statistics to stdout,
        // where the worker's answers go, when given an image with nothing on it.
        guard innerRight - innerLeft >= 2, innerBottom - innerTop >= 4 else { return nil }
        let digits = 4 * (innerRight - innerLeft + 1) > 3 * (innerBottom - innerTop + 1) ? 2 : 1
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let nearRing = (max(0, y - 1)...min(height - 1, y + 1)).contains { ny in
                    (max(0, x - 1)...min(width - 1, x + 1)).contains { ring[ny * width + $0] }
                }
                let within = x > left && x < right && y > top && y < bottom
                // Paper inside the ring goes white too: its edge against the whitened ring
                // was read as letters ("w" for ①).
                if within && !nearRing && value(x, y) < threshold { pixels[y * width + x] = value(x, y) }
            }
        }
        return (GrayImage(width: width, height: height, bytesPerLine: width, pixels: pixels), digits)
    }
}
