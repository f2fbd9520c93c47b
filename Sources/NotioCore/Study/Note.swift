import Foundation

/// The three shelves a lecture note sits on (전공 / 교양 / 자격증).
public enum NoteCategory: String, Codable, Sendable, CaseIterable {
    case major, general, certificate

    public var label: String {
        switch self {
        case .major: "전공"
        case .general: "교양"
        case .certificate: "자격증"
        }
    }
}

/// One page of a document's text, numbered as the PDF numbers it (1-based).
public struct SourcePage: Codable, Sendable, Hashable {
    public var number: Int
    public var text: String
    /// The page's lines as the PDF draws them, with position and type style, in the order of
    /// `text`. Only pages poppler reads as text have them: OCR pages, documents stored before and
    /// documents built by hand have none, and the analysis then goes by the text alone.
    public var lines: [TextLine]?
    public init(number: Int, text: String, lines: [TextLine]? = nil) { self.number = number; self.text = text; self.lines = lines }
}

/// A line of a PDF page: its text, where it sits and how it is set. Headings are told from body
/// text by size and weight; a table row also carries its cells.
public struct TextLine: Codable, Sendable, Hashable {
    public var text: String
    /// Left edge and top, in points from the page's top-left corner; width and height of its box.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// The size most of its characters are set in (points, as the PDF states it).
    public var fontSize: Double
    /// Most of its characters are in a bold face (Bold, Black, Heavy, SemiBold, weight ≥ 600).
    public var bold: Bool
    /// The cells, left to right, when the line is a row of a table.
    public var cells: [String]?

    public init(text: String, x: Double, y: Double, width: Double, height: Double, fontSize: Double, bold: Bool, cells: [String]? = nil) {
        self.text = text; self.x = x; self.y = y; self.width = width; self.height = height
        self.fontSize = fontSize; self.bold = bold; self.cells = cells
    }
}

/// An entry of a PDF's outline (bookmarks): the best structure a PDF can offer.
public struct OutlineEntry: Codable, Sendable, Hashable {
    public var title: String
    /// 1-based page the entry points at, when the PDF says.
    public var page: Int?
    /// 0 for top-level entries.
    public var level: Int
    public init(title: String, page: Int?, level: Int) { self.title = title; self.page = page; self.level = level }
}

/// What the PDF worker hands back: text per page, the outline, metadata.
public struct ExtractedDocument: Codable, Sendable, Hashable {
    public var pages: [SourcePage]
    public var outline: [OutlineEntry]
    /// The title in the PDF's metadata, often empty or a file name.
    public var metadataTitle: String?
    /// Numbers of the pages whose text came from OCR.
    public var ocrPages: [Int]
    public init(pages: [SourcePage], outline: [OutlineEntry] = [], metadataTitle: String? = nil, ocrPages: [Int] = []) {
        self.pages = pages; self.outline = outline; self.metadataTitle = metadataTitle; self.ocrPages = ocrPages
    }
}

/// A comparison the text really makes: columns are the compared things' aspects.
public struct ComparisonTable: Codable, Sendable, Hashable {
    public var columns: [String]
    public var rows: [[String]]
    public init(columns: [String], rows: [[String]]) { self.columns = columns; self.rows = rows }
}

/// A concept card: one idea of the lecture with what the text says of it.
public struct Concept: Codable, Sendable, Hashable {
    public var id: String
    public var name: String
    /// Sentences taken from the text (extractive) or written by a model.
    public var summary: String
    public var definition: String?
    public var keyPoints: [String]
    public var comparison: ComparisonTable?
    /// Pages the concept is drawn from, ascending.
    public var pages: [Int]
    public init(id: String = UUID().uuidString.lowercased(), name: String, summary: String, definition: String? = nil,
                keyPoints: [String] = [], comparison: ComparisonTable? = nil, pages: [Int] = []) {
        self.id = id; self.name = name; self.summary = summary; self.definition = definition
        self.keyPoints = keyPoints; self.comparison = comparison; self.pages = pages
    }
}

/// A keyword that occurs in the text, with terms that go with it.
public struct Keyword: Codable, Sendable, Hashable {
    public var term: String
    public var relatedTerms: [String]
    public init(term: String, relatedTerms: [String] = []) { self.term = term; self.relatedTerms = relatedTerms }
}

/// The result of analysing a document: what a note shows.
public struct NoteAnalysis: Codable, Sendable, Hashable {
    public var title: String
    public var concepts: [Concept]
    public var keywords: [Keyword]
    public init(title: String, concepts: [Concept], keywords: [Keyword]) {
        self.title = title; self.concepts = concepts; self.keywords = keywords
    }
}
