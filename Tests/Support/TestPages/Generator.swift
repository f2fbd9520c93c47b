import Foundation

/// Renders a set of pages and their variants into a folder.
struct Generator {
    var outDirectory: String
    var seed: UInt64 = 1
    var count = 8
    var variants = Variant.allCases
    /// Also write `NAME.overlay.png` with word boxes and strokes drawn in, for looking at.
    var overlay = false

    /// Writes per image `NAME.png|jpg`, `NAME.strokes.json` (the OCR input) and
    /// `NAME.truth.json`, plus `underline-batch.txt` listing `IMAGE<TAB>STROKES` for
    /// `notio-worker underline-batch`. Returns the truths in list order.
    func run() throws -> [PageTruth] {
        try FileManager.default.createDirectory(atPath: outDirectory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var truths = [PageTruth](), batch = ""
        for index in 0..<count {
            var random = SeededRandom(seed: seed, stream: "page \(index)")
            let style = PageStyle.random(using: &random)
            let paragraphs = Corpus.paragraphs(count: random.int(2...3), sentencesEach: 2...4, using: &random)
            let page = try PageRenderer.render(paragraphs: paragraphs, style: style)
            // Kinds and Latin take turns, so that even a small set has every kind of stroke and
            // enough Latin for its CER (two spans in three hold a Latin word, as real ones often do).
            let kind = StrokeKind.allCases[index % StrokeKind.allCases.count]
            let underline = UnderlineMaker(page: page).make(kind: kind, latin: index % 3 != 2, using: &random)

            for variant in variants {
                var variantRandom = SeededRandom(seed: seed, stream: "page \(index) \(variant.rawValue)")
                let recipe = PhotoRecipe.make(variant, using: &variantRandom)
                let (image, transform) = PhotoEffects.apply(recipe, to: page, using: &variantRandom)
                let name = String(format: "p%03d-%@", index, variant.rawValue)
                let imageName = name + (recipe.jpegQuality == nil ? ".png" : ".jpg")
                let strokes = underline.strokes.map { $0.map(transform.apply) }
                let words = page.words.map { PageWord(text: $0.text, box: transform.apply($0.box), line: $0.line, paragraph: $0.paragraph) }
                let truth = PageTruth(
                    image: imageName, strokes: name + ".strokes.json", variant: variant,
                    span: underline.span(in: page.words), spanWords: underline.wordIndices, strokeKind: underline.kind,
                    font: style.font, style: style, photo: recipe, imageWidth: image.width, imageHeight: image.height,
                    words: words, seed: seed, page: index)

                let directory = URL(fileURLWithPath: outDirectory)
                try image.write(to: directory.appendingPathComponent(imageName).path, jpegQuality: recipe.jpegQuality)
                try encoder.encode(strokes).write(to: directory.appendingPathComponent(truth.strokes))
                try encoder.encode(truth).write(to: directory.appendingPathComponent(name + ".truth.json"))
                if overlay {
                    try Overlay.draw(on: image, truth: truth, strokes: strokes)
                        .write(to: directory.appendingPathComponent(name + ".overlay.png").path)
                }
                batch += directory.appendingPathComponent(imageName).path + "\t" + directory.appendingPathComponent(truth.strokes).path + "\n"
                truths.append(truth)
            }
        }
        try batch.write(toFile: URL(fileURLWithPath: outDirectory).appendingPathComponent("underline-batch.txt").path,
                        atomically: true, encoding: .utf8)
        return truths
    }
}
