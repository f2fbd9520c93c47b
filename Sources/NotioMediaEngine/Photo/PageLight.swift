import CTesseract
import Foundation
import NotioMedia

/// Evens out the light on a page photo before it is read: a lamp's gradient, a vignette, the
/// shadow of a hand or of the phone itself. The paper's brightness is estimated across the page
/// and divided out, so that paper comes out white and ink dark wherever they are; tesseract's
/// Sauvola thresholding (`OCREngine`) then sees the page as if the light were even. Only the gray
/// copy that is recognised changes; the photo a card shows stays as it was taken.
///
/// The paper's brightness is leptonica's morphological background (`pixGetBackgroundGrayMapMorph`):
/// a gray closing of the image reduced `reduction` times, with a window wider than a syllable,
/// takes each letter's ink away and leaves the paper under it. A closing needs no threshold
/// between ink and paper, which a shadow band moves: paper in a shadow is darker than ink in the
/// light.
enum PageLight {
    /// The background is measured on the image reduced this many times, with a closing this
    /// many reduced pixels wide (odd, as leptonica wants): 4 × 13 = 52 photo pixels, more than a
    /// syllable on a photo of a page read at 2,400 px on its long side (30–45 px).
    static let reduction: Int32 = 4, closing: Int32 = 13

    /// Below this ratio of the darkest paper to the brightest (5th and 95th percentiles of the
    /// background) the light counts as uneven. Above it the photo is read as it was: on the
    /// underline bench's other pages (notio-testpages' variants, its mild lamp among them, and
    /// the help pages of the second renderer) every span read the same either way, so evenly
    /// lit photos keep the confidences the band reading's choices were measured on.
    static let evenRatio = 0.85

    /// `gray` with its background divided out, or `gray` itself when the light is even already
    /// or leptonica fails.
    static func evened(_ gray: GrayImage) -> GrayImage {
        guard gray.width >= 64, gray.height >= 64, let pix = PageStraightening.pix(from: gray) else { return gray }
        var source: UnsafeMutablePointer<PIX>? = pix
        defer { pixDestroy(&source) }
        var background: UnsafeMutablePointer<PIX>?
        guard pixGetBackgroundGrayMapMorph(pix, nil, reduction, closing, &background) == 0, background != nil else { return gray }
        defer { pixDestroy(&background) }
        var dark: UInt32 = 0, bright: UInt32 = 0
        guard pixGetRankValue(background, 1, 0.05, &dark) == 0, pixGetRankValue(background, 1, 0.95, &bright) == 0,
              bright > 0, Double(dark) / Double(bright) < evenRatio else { return gray }
        // The inverse map (16-bit factors taking each tile's paper to white), smoothed over a
        // tile either side so that tiles' edges leave no steps.
        var inverse = pixGetInvBackgroundMap(background, 255, 1, 1)
        guard inverse != nil else { return gray }
        defer { pixDestroy(&inverse) }
        var evened = pixApplyInvBackgroundGrayMap(pix, inverse, reduction, reduction)
        guard evened != nil else { return gray }
        defer { pixDestroy(&evened) }
        return PageStraightening.gray(from: evened!, like: gray)
    }
}
