/// Everything known about one generated image: `NAME.truth.json`.
struct PageTruth: Codable {
    var image: String
    var strokes: String
    var variant: Variant
    /// The underlined words joined by single spaces: what the OCR should return.
    var span: String
    /// Indices into `words` of the underlined words.
    var spanWords: [Int]
    var strokeKind: StrokeKind
    var font: String
    var style: PageStyle
    var photo: PhotoRecipe
    var imageWidth: Int
    var imageHeight: Int
    /// Every word on the page in reading order, boxes in the pixels of the stored image (for
    /// turned photos, the axis-aligned box around the turned ink box).
    var words: [PageWord]
    var seed: UInt64
    var page: Int
}
