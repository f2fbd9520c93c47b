import Foundation
import NotioMedia

/// What a hand-held phone does to a page's geometry, undone: the page straightened
/// (`PageStraightening`: turned, converging lines), then its lines still bending flattened
/// (`PageFlattening`: the spine's curl, what the shear leaves of a steep angle). The photo and
/// the reader's strokes go through the same steps; the words read go back through them.
struct PageGeometry {
    let straightening: PageStraightening?
    let flattening: PageFlattening?

    /// Measures `photo` and returns it with its geometry undone.
    static func undone(_ photo: DecodedPhoto) -> (page: DecodedPhoto, geometry: PageGeometry) {
        let straightening = PageStraightening.measure(photo)
        let straight = straightening.map { $0.straightened(photo) } ?? photo
        let geometry = PageGeometry(straightening: straightening, flattening: PageFlattening.measure(straight))
        return (geometry.flattening.map { $0.flattened(photo, straightening: straightening) } ?? straight, geometry)
    }

    /// Strokes drawn on the photo, on the page as it is read.
    func onPage(_ strokes: [Stroke]) -> [Stroke] {
        let straight = straightening.map { $0.straightened(strokes) } ?? strokes
        return flattening.map { $0.flattened(straight) } ?? straight
    }

    /// A box on the page as it is read, on the photo (`width` × `height`, full size).
    func onPhoto(_ box: PixelRect, width: Int, height: Int) -> PixelRect {
        let straight = flattening.map { $0.unflattened(box, height: height) } ?? box
        return straightening.map { $0.onPhoto(straight, width: width, height: height) } ?? straight
    }

    /// `page`'s words moved back onto the photo.
    func onPhoto(_ words: [OCRWord], width: Int, height: Int) -> [OCRWord] {
        words.map { word in
            var word = word
            word.box = onPhoto(word.box, width: width, height: height)
            return word
        }
    }
}
