import Foundation
/// Reading space domain values arrive with the bookshelf.
public enum ReadingSpace {}
