import Foundation

/// Where a running extraction is.
public enum ExtractionStage: Sendable, Equatable {
    case extracting(page: Int, of: Int)
    case ocr(page: Int, of: Int)
}
