import CTesseract
import Foundation
import NotioMedia

/// What the letters of a foreign word do to the Hangul model's reading of its neighbours on a
/// line: the capital before small letters read as a syllable, and the Korean word after them
/// read amiss.
extension OCREngine {
    /// A word that begins with one Hangul syllable glued to a foreign word the English model read
    /// from a small letter ("나" + "breOffice") begins with a capital the Hangul model took for
    /// a syllable (L and i as 나, 니, ㄴ): a Korean word does not run on into Latin letters, and a
    /// foreign word rarely begins with a small letter after a syllable. The syllable and the
    /// letters are read again as one foreign word, and that reading is kept when it begins with a
    /// capital and ends with the letters read before.
    func readCapitalsReadAsSyllables(_ pieces: inout [OCRPiece], lineTexts: [Int: String], syllableHeights: [Int: Double],
                                     with latin: OpaquePointer, page: InkPage) {
        for word in EojeolMerger.words(pieces, lineTexts: lineTexts).reversed() where word.count >= 2 {
            let syllable = pieces[word.lowerBound], letters = pieces[word.lowerBound + 1]
            guard syllable.recognised.unicodeScalars.count == 1, syllable.recognised.unicodeScalars.allSatisfy(OCRPiece.isHangul),
                  letters.needsLatinReread, let first = letters.text.first, first.isASCII, first.isLowercase else { continue }
            var joined = letters
            joined.recognised = syllable.recognised + letters.recognised
            joined.text = joined.recognised
            joined.box = syllable.box.union(letters.box)
            joined.confidence = min(syllable.confidence, letters.confidence)
            joined.isJoinedLatinRun = true
            var trial = pieces
            trial.replaceSubrange(word.lowerBound...(word.lowerBound + 1), with: [joined])
            rereadLatin(&trial, at: word.lowerBound, in: word.lowerBound..<(word.upperBound - 1), page: page, with: latin,
                        syllableHeight: syllableHeights[letters.line] ?? Double(letters.box.height))
            let reading = trial[word.lowerBound].text
            guard reading.first?.isUppercase == true, reading.count > letters.text.count,
                  reading.hasSuffix(letters.text.dropFirst()) else { continue }
            pieces = trial
        }
    }

    /// The Hangul model reads a line as one sequence, and the letters of a foreign word throw
    /// it off for the word after it: the first syllable of "Draw 문서에" came back as 룬, 분 or
    /// "q" (confidence 0–58), and 카 of "Nikon 카메라로" as 가 (88), where the words read alone
    /// read right. A word right after a foreign word, whose first piece the model was less sure
    /// of than of a word read right (`PhotoReader.sureConfidence`) and which is syllables but for
    /// a letter or so, is read again alone in single-word mode; that reading is kept when it is
    /// Hangul syllables (and marks), as many as before or one more, and surer.
    func rereadWordsAfterLatin(_ pieces: inout [OCRPiece], lineTexts: [Int: String], syllableHeights: [Int: Double],
                               page: InkPage) {
        let words = EojeolMerger.words(pieces, lineTexts: lineTexts)
        for (previous, word) in zip(words, words.dropFirst()) {
            let first = pieces[word.lowerBound]
            guard pieces[previous.lowerBound].line == first.line,
                  pieces[previous].contains(where: { $0.needsLatinReread && $0.text.contains { $0.isASCII && $0.isLetter } }),
                  first.confidence < PhotoReader.sureConfidence, let syllableHeight = syllableHeights[first.line] else { continue }
            let recognised = pieces[word].map(\.recognised).joined().unicodeScalars
            let syllables = recognised.filter(OCRPiece.isHangul).count
            let others = recognised.filter { !OCRPiece.isHangul($0) && CharacterSet.alphanumerics.contains($0) }.count
            guard syllables > 0, others <= 1 else { continue }
            let boxes = pieces[word].map(\.box)
            // Rows of the pieces no taller than a syllable: a piece's box sometimes takes in the
            // lines above and below (서 boxed 86 px tall among syllables of 42).
            let level = boxes.filter { Double($0.height) <= 1.3 * syllableHeight }
            let rowsBox = level.dropFirst().reduce(level.first ?? first.box) { $0.union($1) }
            let rows = rowsBox.y..<(rowsBox.y + rowsBox.height)
            let left = boxes.map(\.x).min()!, right = boxes.map { $0.x + $0.width }.max()!
            // The boxes hug the ink the model recognised, which may be less than the syllables'.
            let columns = ScriptBoundary.widened(left..<right, rows: rows, extendLeft: true, extendRight: true, gray: page.gray,
                                                 bytesPerLine: page.bytesPerLine, width: page.width, height: page.height,
                                                 syllableHeight: syllableHeight)
            guard let reading = reading(in: PSM_SINGLE_WORD, with: main, {
                readWord(columns, rows: rows, margin: Self.paperMargin(rowsBox.height), with: main, page: page)
            }) else { continue }
            let read = reading.text.unicodeScalars
            let readSyllables = read.filter(OCRPiece.isHangul).count
            // As sure as the word was, its pieces weighed by their length (as `EojeolMerger.merge` does).
            let length = pieces[word].reduce(0) { $0 + $1.text.count }
            let before = pieces[word].reduce(0) { $0 + $1.confidence * Double($1.text.count) } / Double(max(1, length))
            guard (syllables...(syllables + others)).contains(readSyllables),
                  !read.contains(where: { !OCRPiece.isHangul($0) && CharacterSet.alphanumerics.contains($0) }),
                  reading.confidence > before else { continue }
            pieces[word.lowerBound].text = reading.text
            pieces[word.lowerBound].confidence = reading.confidence
            for index in word.dropFirst() { pieces[index].text = "" }
        }
    }
}
