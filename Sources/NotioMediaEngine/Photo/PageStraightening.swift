import CTesseract
import Foundation
import NotioMedia

/// Straightens the text lines of a page photographed at a slant, and maps points between the
/// photo and the straightened page: one transform for the image and for the reader's strokes.
///
/// A hand-held phone is rarely square to the page: at 2° a 1,700 px line drifts 60 px, most of
/// a line's height, and a stroke under its start runs through the next line's words at its end;
/// tesseract also reads slanted lines worse. A phone held off to one side makes the lines
/// converge as well (their angle changes down the page).
///
/// The lines' angle is measured by leptonica's projection-profile sweep, over the whole page
/// (`pixFindSkewSweepAndSearch`) and in ten overlapping horizontal slices fitted linearly down the
/// page (`pixGetLocalSkewAngles`). As `pixGetLocalSkewTransform` does, two lines traced along
/// that angle (near the top and the bottom) are taken to horizontal ones by a projective
/// transform: a differential vertical shear about the left edge, which removes a rotation and
/// the lines' convergence together. It does not undo the shrinking of a page's far side (letter
/// sizes still change a little along a line), which reading copes with.
struct PageStraightening {
    /// Leptonica's projective coefficients, photo → straightened and back, in the pixels of the
    /// image the angle was measured on.
    let forward: [Float]
    let backward: [Float]
    /// Full-size photo pixels per measured-image pixel (the OCR image may be scaled down).
    let scaleX: Double
    let scaleY: Double

    /// Below this drift over a line's width (in the image's pixels, per 1,000 px of width) the
    /// page counts as straight: 0.3° moves a 1,700 px line by 9 px, a sixth of its height, and
    /// leptonica measures pages photographed square at up to 0.2°; warping those would only
    /// cost time and soften the letters.
    static let straightDrift = 5.0
    /// Steeper than this the slices found something else than text lines (pictures, a table's
    /// rules); the photo is read as it is, as before. A phone in one hand turns the page up to
    /// 8°; the sweep reaches 2° past that, so that an 8° page's best angle is inside its range
    /// and not at its edge (at 7°, the law's pages turned 8° read 3/15 and 7/15 spans exactly).
    static let maxDegrees = 10.0
    /// The whole page's angle (its sweep's best score over its worst) is clear from this on, as
    /// leptonica's own deskew takes it; on a page of a few paragraphs a right angle scores from 1.7.
    static let clearConfidence: Float = 3
    static let minConfidence: Float = 1.5
    /// Degrees between the top and bottom lines' angles from which the slices are trusted to see
    /// the lines converge: a page photographed from one side measured 1.5–4°, the slices' noise
    /// on a short turned page up to 1.7°; between, a wrong guess costs less than none.
    static let minConvergence = 1.2
    /// Shorter images (a few lines, a close-up) get one angle: slices of a tenth of them would
    /// cut through their lines and fit noise as convergence.
    static let minHeightForSlices = 800

    /// The straightening of `photo`, or nil when its lines are straight already or no line
    /// direction could be measured.
    static func measure(_ photo: DecodedPhoto) -> PageStraightening? {
        let gray = photo.gray
        guard gray.width >= 64, gray.height >= 64, let pix = pix(from: gray) else { return nil }
        var source: UnsafeMutablePointer<PIX>? = pix
        defer { pixDestroy(&source) }
        // Otsu per 300 px tile: paper darkened by a lamp on one side still comes out white.
        var binary: UnsafeMutablePointer<PIX>?
        guard pixOtsuAdaptiveThreshold(pix, 300, 300, 0, 0, 0.1, nil, &binary) == 0, binary != nil else { return nil }
        defer { pixDestroy(&binary) }
        // The whole page's angle: one sweep over all its lines. On a page taken from one side
        // no single angle fits (its confidence is low); the slices below still measure it.
        var pageDegrees: Float = 0, confidence: Float = 0
        guard pixFindSkewSweepAndSearch(binary, &pageDegrees, &confidence, 4, 2, Float(maxDegrees), 1, 0.01) == 0 else { return nil }
        // Per slice, fitted linearly down the page, where the page is tall enough for each of
        // the ten slices to hold whole lines. Used where the whole page's angle is not clear
        // (a page taken from one side has none) and the slices see the lines converge; the few
        // lines of a short page give the slices only noise, and the whole page's angle is better.
        var fit: (slope: Float, intercept: Float)?
        if confidence < clearConfidence, gray.height >= minHeightForSlices {
            var a: Float = 0, b: Float = 0
            var angles = pixGetLocalSkewAngles(binary, 0, 0, 0, Float(maxDegrees), 0, 0, &a, &b, 0)
            if angles != nil {
                numaDestroy(&angles)
                // Below that convergence the slices' fit is kept only where the page's angle is
                // too unclear to use: it is the better guess then.
                if abs(a * Float(gray.height)) >= Float(minConvergence) || confidence < minConfidence { fit = (a, b) }
            }
        }
        if fit == nil, confidence >= minConfidence { fit = (0, pageDegrees) }
        guard let (slope, intercept) = fit else { return nil }

        // As `pixGetLocalSkewTransform` does: the line that meets the right edge 5% from the
        // top and the one that meets it 5% from the bottom, traced from the left edge along the
        // local angle, go to horizontal lines.
        let width = Double(gray.width), height = Double(gray.height)
        func drop(_ row: Int) -> Double { width * tan(Double(slope * Float(row) + intercept) * .pi / 180) }
        let top = (0..<gray.height).first { Double($0) - drop($0) > 0.05 * height } ?? 0
        let bottom = (1..<gray.height).reversed().first { Double($0) - drop($0) < 0.95 * height } ?? gray.height - 1
        let drift = max(abs(drop(top)), abs(drop(bottom)))
        guard drift * 1000 / width >= straightDrift, drift <= width * tan(maxDegrees * .pi / 180) else { return nil }

        var from = ptaCreate(4), to = ptaCreate(4)
        defer { ptaDestroy(&from); ptaDestroy(&to) }
        for row in [top, bottom] {
            ptaAddPt(from, 0, Float(row))
            ptaAddPt(from, Float(width - 1), Float(Double(row) - drop(row)))
            ptaAddPt(to, 0, Float(row))
            ptaAddPt(to, Float(width - 1), Float(row))
        }

        var forward: UnsafeMutablePointer<Float>?, backward: UnsafeMutablePointer<Float>?
        guard getProjectiveXformCoeffs(from, to, &forward) == 0, let forward,
              getProjectiveXformCoeffs(to, from, &backward) == 0, let backward else { return nil }
        defer { lept_free(forward); lept_free(backward) }
        return PageStraightening(forward: Array(UnsafeBufferPointer(start: forward, count: 8)),
                                 backward: Array(UnsafeBufferPointer(start: backward, count: 8)),
                                 scaleX: Double(photo.width) / width, scaleY: Double(photo.height) / Double(gray.height))
    }

    /// `photo` with its gray image straightened (same size; what comes in from outside is paper).
    func straightened(_ photo: DecodedPhoto) -> DecodedPhoto {
        guard let pix = Self.pix(from: photo.gray) else { return photo }
        var source: UnsafeMutablePointer<PIX>? = pix
        defer { pixDestroy(&source) }
        var coefficients = backward
        // Interpolated, not sampled: sampling leaves jagged letter edges that cost accuracy.
        var warped = coefficients.withUnsafeMutableBufferPointer { pixProjectiveGray(pix, $0.baseAddress, 255) }
        guard warped != nil else { return photo }
        defer { pixDestroy(&warped) }
        var straight = photo
        straight.gray = Self.gray(from: warped!, like: photo.gray)
        return straight
    }

    /// A point of the full-size photo on the straightened page (same pixel scale).
    func straightened(_ point: StrokePoint) -> StrokePoint {
        let (x, y) = Self.apply(forward, x: point.x / scaleX, y: point.y / scaleY)
        return StrokePoint(x: x * scaleX, y: y * scaleY)
    }

    func straightened(_ strokes: [Stroke]) -> [Stroke] {
        strokes.map { Stroke($0.points.map(straightened)) }
    }

    /// A box on the straightened page (full-size pixels) back on the photo: the box around its
    /// four corners there, within `width` × `height`.
    func onPhoto(_ box: PixelRect, width: Int, height: Int) -> PixelRect {
        let corners = [(box.x, box.y), (box.x + box.width, box.y), (box.x, box.y + box.height), (box.x + box.width, box.y + box.height)]
        let moved = corners.map { corner in
            let (x, y) = Self.apply(backward, x: Double(corner.0) / scaleX, y: Double(corner.1) / scaleY)
            return (x * scaleX, y * scaleY)
        }
        let left = max(0, Int(moved.map(\.0).min()!.rounded(.down))), right = min(width, Int(moved.map(\.0).max()!.rounded(.up)))
        let top = max(0, Int(moved.map(\.1).min()!.rounded(.down))), bottom = min(height, Int(moved.map(\.1).max()!.rounded(.up)))
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// Leptonica's projective map (projective.c): x' = (c0·x + c1·y + c2) / (c6·x + c7·y + 1),
    /// y' = (c3·x + c4·y + c5) / (c6·x + c7·y + 1); evaluated here in doubles, since
    /// `projectiveXformPt` takes whole pixels.
    static func apply(_ c: [Float], x: Double, y: Double) -> (Double, Double) {
        let c = c.map(Double.init)
        let denominator = c[6] * x + c[7] * y + 1
        return ((c[0] * x + c[1] * y + c[2]) / denominator, (c[3] * x + c[4] * y + c[5]) / denominator)
    }

    /// An 8-bit leptonica image holding `gray`. Leptonica keeps pixels in 32-bit words, most
    /// significant byte first; rows are copied as bytes and the words swapped in one pass.
    static func pix(from gray: GrayImage) -> UnsafeMutablePointer<PIX>? {
        guard let pix = pixCreateNoInit(Int32(gray.width), Int32(gray.height), 8) else { return nil }
        let bytesPerRow = Int(pixGetWpl(pix)) * 4
        let data = UnsafeMutableRawPointer(pixGetData(pix)!)
        gray.pixels.withUnsafeBytes { pixels in
            for y in 0..<gray.height {
                (data + y * bytesPerRow).copyMemory(from: pixels.baseAddress! + y * gray.bytesPerLine, byteCount: gray.width)
            }
        }
        pixEndianByteSwap(pix)
        return pix
    }

    /// The pixels of an 8-bit leptonica image the size of `like`.
    static func gray(from pix: UnsafeMutablePointer<PIX>, like: GrayImage) -> GrayImage {
        pixEndianByteSwap(pix)
        let bytesPerRow = Int(pixGetWpl(pix)) * 4
        let data = UnsafeRawPointer(pixGetData(pix)!)
        var pixels = [UInt8](repeating: 255, count: like.width * like.height)
        pixels.withUnsafeMutableBytes { out in
            for y in 0..<like.height {
                (out.baseAddress! + y * like.width).copyMemory(from: data + y * bytesPerRow, byteCount: like.width)
            }
        }
        return GrayImage(width: like.width, height: like.height, bytesPerLine: like.width, pixels: pixels)
    }
}
