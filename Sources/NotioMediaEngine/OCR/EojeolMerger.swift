import Foundation
import NotioCore
import NotioMedia

/// A piece of a word as tesseract's word level gave it, possibly re-read by another model.
struct OCRPiece: Sendable, Equatable {
    /// The text to keep (after a re-read).
    var text: String
    /// What the main model read: this is what the line text is made of.
    var recognised: String
    var box: PixelRect
    var confidence: Double
    var line: Int
    /// Made by `EojeolMerger.joiningLatinRuns`: a foreign word the main model read as a mix of
    /// letters and Hangul ("F타nstein"), to be re-read as a whole.
    var isJoinedLatinRun = false
    /// Read by the Latin model as part of a whole line without Hangul
    /// (`OCREngine.rereadLatinLines`): no further re-read.
    var isLatinLine = false
    /// Symbols the Hangul model makes of Latin it cannot read (the LaTeX logo as "※×"), to be
    /// re-read like a foreign word (`OCREngine.markMisreadLatin`).
    var isMisreadLatin = false

    init(text: String, recognised: String? = nil, box: PixelRect, confidence: Double, line: Int) {
        self.text = text; self.recognised = recognised ?? text; self.box = box
        self.confidence = confidence; self.line = line
    }
}

/// Tesseract's word level often splits Korean words into syllables ("자", "신", "과" for
/// 자신과). Its line text still has spaces only between real words, so aligning the pieces
/// against the line text tells which belong together.
enum EojeolMerger {
    /// Merges `pieces` (in reading order) that have no space between them in their line's text.
    /// `lineTexts[n]` is the main model's text of line `n`.
    static func merge(_ pieces: [OCRPiece], lineTexts: [Int: String]) -> [OCRWord] {
        var merged: [OCRWord] = []
        for (piece, startsWord) in zip(pieces, wordStarts(pieces, lineTexts: lineTexts)) {
            if !startsWord, let last = merged.last, last.line == piece.line {
                let lengthBefore = Double(last.text.count), length = Double(piece.text.count)
                merged[merged.count - 1] = OCRWord(
                    text: last.text + piece.text,
                    box: last.box.union(piece.box),
                    confidence: (last.confidence * lengthBefore + piece.confidence * length) / max(1, lengthBefore + length),
                    line: piece.line)
            } else {
                merged.append(OCRWord(text: piece.text, box: piece.box, confidence: piece.confidence, line: piece.line))
            }
        }
        return merged
    }

    /// The pieces of each word (eojeol), as index ranges in reading order.
    static func words(_ pieces: [OCRPiece], lineTexts: [Int: String]) -> [Range<Int>] {
        let starts = wordStarts(pieces, lineTexts: lineTexts)
        var ranges: [Range<Int>] = []
        for index in pieces.indices {
            if starts[index] || ranges.isEmpty || pieces[index - 1].line != pieces[index].line {
                ranges.append(index..<(index + 1))
            } else {
                ranges[ranges.count - 1] = ranges[ranges.count - 1].lowerBound..<(index + 1)
            }
        }
        return ranges
    }

    /// Whether each piece begins a word: it begins its line, or the line text has a space
    /// before it, or it is a syllable set off from the foreign word before it by a word space
    /// (`isSpacedAfterLatin`). Where the line text stops matching the pieces, every piece from
    /// there on is a word of its own.
    static func wordStarts(_ pieces: [OCRPiece], lineTexts: [Int: String]) -> [Bool] {
        let offsets = lineOffsets(pieces, lineTexts: lineTexts)
        var lines: [Int: [Character]] = [:]
        let spaced = pieces.indices.map { index in
            let line = pieces[index].line
            guard index > 0, pieces[index - 1].line == line, let offset = offsets[index], offset > 0 else { return true }
            if lines[line] == nil { lines[line] = Array(lineTexts[line] ?? "") }
            return lines[line]![offset - 1].isWhitespace
        }
        var spaces: [Int: [Int]] = [:]
        for index in pieces.indices.dropFirst() where spaced[index] && pieces[index - 1].line == pieces[index].line {
            spaces[pieces[index].line, default: []].append(gap(pieces[index - 1], pieces[index]))
        }
        let wordSpaces = spaces.mapValues { $0.sorted()[$0.count / 2] }
        return pieces.indices.map { index in
            spaced[index] || isSpacedAfterLatin(pieces[index - 1], pieces[index], wordSpace: wordSpaces[pieces[index].line])
        }
    }

    /// Whether `syllable` is a word of its own after the foreign word `latin`, though the line
    /// text joins them: the Hangul model's own word split puts a lone letter together with the
    /// word after it ("W 와" read "\w와"), while a particle glued to a foreign word
    /// ("Einstein의", "LibreOffice에서") has only the letters' side bearings before it. The
    /// blank between them must be three quarters of the line's word spaces (`wordSpace`, the
    /// median gap where the line text has a space): a word space a little narrower than most
    /// (15 px among 14–27) still counts, the few pixels of a glued particle do not. A particle
    /// after a closing mark ("Inc)에서", 5 px among word spaces of 10) always belongs to it; so
    /// does one after a backslash, which the Hangul model also makes of a lone W: ko.TeX's
    /// manual writes "\이", the narrow syllable 11 px from the mark among word spaces of 14.
    static func isSpacedAfterLatin(_ latin: OCRPiece, _ syllable: OCRPiece, wordSpace: Int?) -> Bool {
        guard let wordSpace, wordSpace > 0, latin.line == syllable.line, latin.needsLatinReread,
              let first = syllable.recognised.unicodeScalars.first, OCRPiece.isHangul(first),
              let last = latin.recognised.unicodeScalars.last,
              KoreanText.isLetterOrDigit(last) else { return false }
        return 4 * gap(latin, syllable) >= 3 * wordSpace
    }

    /// The blank between two pieces of a line, in pixels (negative where their boxes overlap).
    static func gap(_ left: OCRPiece, _ right: OCRPiece) -> Int {
        right.box.x - (left.box.x + left.box.width)
    }

    /// `pieces` with `piece` put before `pieces[index]` as a word of its own, and its text put
    /// into its line's text there, between spaces.
    static func inserting(_ piece: OCRPiece, before index: Int, in pieces: [OCRPiece],
                          lineTexts: [Int: String]) -> (pieces: [OCRPiece], lineTexts: [Int: String])? {
        guard let text = lineTexts[piece.line], pieces[index].line == piece.line,
              let offset = lineOffsets(pieces, lineTexts: lineTexts)[index] else { return nil }
        var lineTexts = lineTexts
        let cut = text.index(text.startIndex, offsetBy: offset)
        lineTexts[piece.line] = text[..<cut] + " " + piece.recognised + " " + text[cut...]
        var pieces = pieces
        pieces.insert(piece, at: index)
        return (pieces, lineTexts)
    }

    /// Where each piece's text begins in its line's text (characters, spaces before it skipped),
    /// nil from where the line text stops matching the pieces.
    static func lineOffsets(_ pieces: [OCRPiece], lineTexts: [Int: String]) -> [Int?] {
        var offsets: [Int?] = []
        var currentLine = -1
        var cursor: [Character] = []
        var position = 0
        for piece in pieces {
            if piece.line != currentLine {
                currentLine = piece.line
                cursor = Array(lineTexts[piece.line] ?? "")
                position = 0
            }
            while position < cursor.count, cursor[position].isWhitespace { position += 1 }
            let recognised = Array(piece.recognised)
            if position + recognised.count <= cursor.count, Array(cursor[position..<position + recognised.count]) == recognised {
                offsets.append(position)
                position += recognised.count
            } else {
                offsets.append(nil)
                position = cursor.count
            }
        }
        return offsets
    }

    /// Within each word, the pieces from the first that needs a Latin re-read to the last one
    /// become one piece. The Hangul model often reads a foreign word as letters, jamo and a
    /// stray syllable ("F타nstein", "E1@1" + "ㅁ"), while a Korean particle comes only after it
    /// ("Einstein의"): the re-read must see the whole foreign word, and only it.
    static func joiningLatinRuns(_ pieces: [OCRPiece], lineTexts: [Int: String]) -> [OCRPiece] {
        var joined: [OCRPiece] = []
        for word in words(pieces, lineTexts: lineTexts) {
            let latin = word.filter { pieces[$0].needsLatinReread }
            guard let first = latin.first, let last = latin.last, last > first else {
                joined += pieces[word]
                continue
            }
            joined += pieces[word.lowerBound..<first]
            var run = pieces[first]
            for piece in pieces[(first + 1)...last] {
                run.text += piece.recognised
                run.recognised += piece.recognised
                run.box = run.box.union(piece.box)
                run.confidence = min(run.confidence, piece.confidence)
            }
            run.text = run.recognised
            run.isJoinedLatinRun = true
            joined.append(run)
            joined += pieces[(last + 1)..<word.upperBound]
        }
        return joined
    }

    /// The page text from words: one line per text line, words separated by one space.
    static func text(of words: [OCRWord]) -> String {
        var lines: [String] = []
        var current: [String] = []
        var line = words.first?.line ?? 0
        for word in words {
            if word.line != line {
                lines.append(current.joined(separator: " "))
                current = []
                line = word.line
            }
            current.append(word.text)
        }
        if !current.isEmpty { lines.append(current.joined(separator: " ")) }
        return lines.joined(separator: "\n")
    }
}
