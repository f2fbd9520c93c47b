import Foundation
import NotioCore

/// The worker's answer to `tagKorean`, compact: a 300-page document has about 300,000 morphemes,
/// and as `Morpheme` objects in JSON they were some 60 bytes each. The texts themselves stay with
/// the server, which cuts the surfaces out of them (`morphemes(of:)`).
///
/// `{"tags":["NNP","NNG","JX"],"texts":[{"spans":[0,12,0, 1,6,1, 0,3,2],"readings":[],"expressions":[[0,"대한/NNG+민국/NNG"]]}]}`
package struct TaggedTexts: Codable, Sendable {
    /// Every tag the answer uses, once; spans name them by index.
    package var tags: [String]
    package var texts: [Text]

    package struct Text: Codable, Sendable, Equatable {
        /// Three numbers per morpheme: its start less the previous morpheme's end (UTF-8), its
        /// length in UTF-8, the index of its tag.
        package var spans: [Int]
        /// `[index, reading]` for the morphemes that read otherwise than they are written (hanja).
        package var readings: [Entry]
        /// `[index, "form/TAG+form/TAG"]` for compounds and fused forms.
        package var expressions: [Entry]
    }

    /// A morpheme's index and one text about it.
    package struct Entry: Codable, Sendable, Equatable {
        package var index: Int
        package var text: String

        package init(index: Int, text: String) {
            self.index = index
            self.text = text
        }

        package init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            index = try container.decode(Int.self)
            text = try container.decode(String.self)
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(index)
            try container.encode(text)
        }
    }

    /// The worker's side: the answer for the texts' morphemes.
    package init(_ texts: [[Morpheme]]) {
        var tagIndex: [String: Int] = [:]
        var tags: [String] = []
        self.tags = []
        self.texts = texts.map { morphemes in
            var text = Text(spans: [], readings: [], expressions: [])
            text.spans.reserveCapacity(morphemes.count * 3)
            var previousEnd = 0
            for (index, morpheme) in morphemes.enumerated() {
                let tag = tagIndex[morpheme.tag] ?? {
                    tags.append(morpheme.tag)
                    tagIndex[morpheme.tag] = tags.count - 1
                    return tags.count - 1
                }()
                text.spans.append(morpheme.start - previousEnd)
                text.spans.append(morpheme.end - morpheme.start)
                text.spans.append(tag)
                previousEnd = morpheme.end
                if let reading = morpheme.reading { text.readings.append(Entry(index: index, text: reading)) }
                if let parts = morpheme.parts {
                    text.expressions.append(Entry(index: index, text: parts.map { "\($0.form)/\($0.tag)" }.joined(separator: "+")))
                }
            }
            return text
        }
        self.tags = tags
    }

    /// The server's side: the morphemes of `text`, the `index`-th text of the request. Throws when
    /// the answer does not fit the text (offsets outside it or inside a character, unknown tags).
    package func morphemes(of text: String, at index: Int) throws -> [Morpheme] {
        guard texts.indices.contains(index) else { throw MediaError.taggingFailed }
        let answer = texts[index]
        guard answer.spans.count % 3 == 0 else { throw MediaError.taggingFailed }
        let utf8 = text.utf8
        let count = utf8.count
        var morphemes: [Morpheme] = []
        morphemes.reserveCapacity(answer.spans.count / 3)
        var previousEnd = 0
        var i = 0
        while i < answer.spans.count {
            let start = previousEnd + answer.spans[i], end = start + answer.spans[i + 1], tag = answer.spans[i + 2]
            guard start >= previousEnd, end > start, end <= count, tags.indices.contains(tag) else { throw MediaError.taggingFailed }
            let from = utf8.index(utf8.startIndex, offsetBy: start), to = utf8.index(utf8.startIndex, offsetBy: end)
            guard from.samePosition(in: text.unicodeScalars) != nil, to.samePosition(in: text.unicodeScalars) != nil else {
                throw MediaError.taggingFailed
            }
            morphemes.append(Morpheme(surface: String(text[from..<to]), tag: tags[tag], start: start, end: end))
            previousEnd = end
            i += 3
        }
        for entry in answer.readings {
            guard morphemes.indices.contains(entry.index) else { throw MediaError.taggingFailed }
            morphemes[entry.index].reading = entry.text
        }
        for entry in answer.expressions {
            guard morphemes.indices.contains(entry.index) else { throw MediaError.taggingFailed }
            morphemes[entry.index].parts = Morpheme.parts(ofExpression: entry.text)
        }
        return morphemes
    }
}
