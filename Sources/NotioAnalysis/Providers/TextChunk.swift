import Foundation
import NotioCore

/// A run of page text sent in one request, each piece headed by its page marker "[p. 12]" so that
/// the model can say which pages a concept comes from.
struct TextChunk: Sendable, Hashable {
    struct Piece: Sendable, Hashable {
        var page: Int
        var text: String
    }
    var pieces: [Piece]

    var pageNumbers: Set<Int> { Set(pieces.map(\.page)) }
    var characterCount: Int { pieces.reduce(0) { $0 + $1.text.count } }

    var markedText: String {
        pieces.map { "[p. \($0.page)]\n\($0.text)" }.joined(separator: "\n\n")
    }

    /// Packs pages into chunks of at most `budget` characters of text; a page longer than the
    /// budget is cut at whitespace into several pieces that keep its number. Empty pages are skipped.
    static func chunks(of pages: [SourcePage], budget: Int) -> [TextChunk] {
        let budget = max(200, budget)
        var chunks: [TextChunk] = []
        var current: [Piece] = []
        var size = 0
        for page in pages {
            let text = page.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
            for part in cut(text, every: budget) {
                if size + part.count > budget, !current.isEmpty {
                    chunks.append(TextChunk(pieces: current)); current = []; size = 0
                }
                current.append(Piece(page: page.number, text: part)); size += part.count
            }
        }
        if !current.isEmpty { chunks.append(TextChunk(pieces: current)) }
        return chunks
    }

    /// Two halves of about equal text, or nil when the chunk is too small to be worth splitting.
    func halves(minimum: Int = 200) -> (TextChunk, TextChunk)? {
        guard characterCount >= minimum * 2 else { return nil }
        if pieces.count > 1 {
            var left: [Piece] = []
            var size = 0
            for piece in pieces where size < characterCount / 2 || left.isEmpty {
                left.append(piece); size += piece.text.count
            }
            if left.count == pieces.count { left.removeLast() }
            return (TextChunk(pieces: left), TextChunk(pieces: Array(pieces[left.count...])))
        }
        let piece = pieces[0]
        let parts = Self.cut(piece.text, every: (piece.text.count + 1) / 2 + 1)
        guard parts.count >= 2 else { return nil }
        let rest = parts.dropFirst().joined(separator: " ")
        return (TextChunk(pieces: [Piece(page: piece.page, text: parts[0])]), TextChunk(pieces: [Piece(page: piece.page, text: rest)]))
    }

    /// Cuts text into parts of at most `limit` characters, at the last whitespace before the limit
    /// when there is one (Korean text has spaces between words; a run without any is cut hard).
    static func cut(_ text: String, every limit: Int) -> [String] {
        guard text.count > limit else { return [text] }
        var parts: [String] = []
        var rest = Substring(text)
        while rest.count > limit {
            let hardEnd = rest.index(rest.startIndex, offsetBy: limit)
            var end = hardEnd
            if let space = rest[..<hardEnd].lastIndex(where: { $0.isWhitespace }), rest.distance(from: rest.startIndex, to: space) > limit / 2 {
                end = space
            }
            parts.append(rest[..<end].trimmingCharacters(in: .whitespacesAndNewlines))
            rest = rest[end...]
        }
        let tail = rest.trimmingCharacters(in: .whitespacesAndNewlines)
        if !tail.isEmpty { parts.append(tail) }
        return parts
    }
}
