import CPangoCairo
import Foundation
import NotioMedia

/// The sentence of a card set by pango: Korean breaks only between words (CSS
/// `word-break: keep-all`), the size shrinks until the sentence fits its box.
///
/// Owns a `PangoLayout`: one thread, one card.
final class CardText {
    let layout: OpaquePointer
    /// The sentence as pango sees it (quotes included; cut short with "…" when it does not fit).
    private(set) var text: String
    /// Byte ranges of the runs of non-space characters: where breaks are forbidden.
    private var words: [Range<Int>]
    private let width: Int32
    private let family: String
    private let lineHeight: Double
    private(set) var fontSize: Double = 0

    /// A layout on `cairo` for `text` in `family`, `width` pixels wide.
    init(cairo: OpaquePointer, text: String, family: String, alignment: CardAlignment, width: Double, lineHeight: Double) {
        layout = pango_cairo_create_layout(cairo)
        self.text = text
        self.width = Int32(width * Double(PANGO_SCALE))
        self.lineHeight = lineHeight
        self.family = family
        words = Self.nonSpaceRuns(text)
        pango_layout_set_text(layout, text, -1)
        pango_layout_set_width(layout, self.width)
        // WORD_CHAR: a single word wider than the box may still break between characters; the
        // attributes below keep every other word whole.
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_alignment(layout, Self.pangoAlignment(alignment))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// Sets the largest size from `fontSize` down to `minFontSize` (steps of 8%) at which the
    /// sentence is at most `height` tall; at the smallest size, the words that do not fit are
    /// left out and the last one shown is followed by "…".
    func fit(height: Double, fontSize start: Double, minFontSize: Double) {
        var size = max(start, minFontSize)
        while true {
            set(fontSize: size)
            if pixelHeight <= height || size <= minFontSize { break }
            size = max(minFontSize, (size * 0.92).rounded(.down))
        }
        guard pixelHeight > height else { return }
        // Cut after the last line that fits, then word by word until the "…" fits too.
        let fitting = max(1, Int(height / (size * lineHeight)))
        var kept = Array(text.utf8.prefix(lineEnd(fitting - 1)))
        while true {
            while let last = kept.last, last == 0x20 || last == 0x0A { kept.removeLast() }
            replaceText(String(decoding: kept, as: UTF8.self) + "…")
            set(fontSize: size)
            guard pixelHeight > height, let space = kept.lastIndex(where: { $0 == 0x20 || $0 == 0x0A }) else { return }
            kept.removeSubrange(space...)
        }
    }

    private func replaceText(_ newText: String) {
        text = newText
        words = Self.nonSpaceRuns(newText)
        pango_layout_set_text(layout, newText, -1)
    }

    /// The byte offset where line `index` (from 0) ends.
    private func lineEnd(_ index: Int) -> Int {
        guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { return text.utf8.count }
        return Int(line.pointee.start_index + line.pointee.length)
    }

    /// Lays the sentence out at `size` pixels; a word too wide for a line of its own may break
    /// between characters, every other word stays whole.
    func set(fontSize size: Double) {
        fontSize = size
        let description = pango_font_description_new()!
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)

        var breakable = Set<Int>()
        while true {
            apply(keepingWhole: words.indices.filter { !breakable.contains($0) }, size: size)
            let overflowing = wordsOnOverfullLines().subtracting(breakable)
            guard !overflowing.isEmpty else { break }
            breakable.formUnion(overflowing)
        }
    }

    /// The laid out lines' text, without the spaces pango leaves at their ends.
    var lines: [String] {
        let bytes = Array(text.utf8)
        var result: [String] = []
        var line = pango_layout_get_lines_readonly(layout)
        while let node = line {
            let current = node.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self).pointee
            let start = Int(current.start_index), end = min(bytes.count, start + Int(current.length))
            let piece = String(decoding: bytes[start..<end], as: UTF8.self)
            result.append(piece.trimmingCharacters(in: .whitespacesAndNewlines))
            line = node.pointee.next
        }
        return result
    }

    var pixelHeight: Double {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.height) / Double(PANGO_SCALE)
    }

    /// Breaks forbidden inside `kept` words; every line `lineHeight` font sizes tall, as CSS
    /// `line-height` would make it.
    private func apply(keepingWhole kept: [Int], size: Double) {
        let attributes = pango_attr_list_new()!
        defer { pango_attr_list_unref(attributes) }
        let height = pango_attr_line_height_new_absolute(Int32((size * lineHeight * Double(PANGO_SCALE)).rounded()))!
        pango_attr_list_insert(attributes, height)
        for index in kept {
            let attribute = pango_attr_allow_breaks_new(0)!
            attribute.pointee.start_index = guint(words[index].lowerBound)
            attribute.pointee.end_index = guint(words[index].upperBound)
            pango_attr_list_insert(attributes, attribute)
        }
        pango_layout_set_attributes(layout, attributes)
    }

    /// Indices of the words on lines wider than the box (a word longer than a line, kept whole).
    private func wordsOnOverfullLines() -> Set<Int> {
        var found = Set<Int>()
        var line = pango_layout_get_lines_readonly(layout)
        while let node = line {
            let current = node.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self)
            var logical = PangoRectangle()
            pango_layout_line_get_extents(current, nil, &logical)
            if logical.width > width {
                let start = Int(current.pointee.start_index), end = start + Int(current.pointee.length)
                for (index, word) in words.enumerated() where word.lowerBound < end && word.upperBound > start {
                    found.insert(index)
                }
            }
            line = node.pointee.next
        }
        return found
    }

    /// UTF-8 byte ranges of the runs of characters that are not white space.
    static func nonSpaceRuns(_ text: String) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var offset = 0, start: Int?
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if let begun = start { runs.append(begun..<offset); start = nil }
            } else if start == nil {
                start = offset
            }
            offset += scalar.utf8.count
        }
        if let begun = start { runs.append(begun..<offset) }
        return runs
    }

    static func pangoAlignment(_ alignment: CardAlignment) -> PangoAlignment {
        switch alignment {
        case .left: PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .right: PANGO_ALIGN_RIGHT
        }
    }
}
