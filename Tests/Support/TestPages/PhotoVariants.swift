import Foundation

/// The photo-like variants of a page. Geometric ones move word boxes and strokes with the image.
enum Variant: String, CaseIterable, Codable {
    case clean, rotate, perspective, blur, noise, jpeg, light, mild
    /// A hand-held phone photo turned 2° or 4° either way (positive: clockwise on the page's
    /// own drawing), slightly soft and noisy.
    case tiltRight2 = "tilt+2", tiltLeft2 = "tilt-2", tiltRight4 = "tilt+4", tiltLeft4 = "tilt-4"
    /// Photographed from one side: the far edge of the page 6–9% shorter than the near one, so
    /// the text lines converge, and turned up to 1.5°.
    case angled
}

/// What was done to a page to make one variant, recorded in the truth file.
struct PhotoRecipe: Codable {
    var rotationDegrees = 0.0
    /// How much one edge is narrowed, as a fraction of its length (camera not parallel to the page).
    var keystone = 0.0
    var keystoneEdge = "top"
    var blurSigma = 0.0
    var noiseSigma = 0.0
    /// Darkening across the page from one side (0 = even light) and towards the corners.
    var lightFalloff = 0.0
    var lightAngleDegrees = 0.0
    var vignette = 0.0
    var jpegQuality: Int?

    static func make(_ variant: Variant, using random: inout SeededRandom) -> PhotoRecipe {
        var r = PhotoRecipe()
        switch variant {
        case .clean:
            break
        case .rotate:
            r.rotationDegrees = random.signed(1...3)
        case .perspective:
            r.keystone = random.uniform(0.03...0.07)
            r.keystoneEdge = random.pick(["top", "bottom", "left", "right"])
        case .blur:
            r.blurSigma = random.uniform(1.0...1.8)
        case .noise:
            r.noiseSigma = random.uniform(6...12)
        case .jpeg:
            r.jpegQuality = random.int(60...80)
        case .light:
            r.lightFalloff = random.uniform(0.3...0.5)
            r.lightAngleDegrees = random.uniform(0...360)
            r.vignette = random.uniform(0.15...0.3)
        case .mild:
            // A steady phone photo in good light: a little of everything.
            r.rotationDegrees = random.signed(0.5...1.5)
            r.keystone = random.uniform(0.01...0.025)
            r.keystoneEdge = random.pick(["top", "bottom", "left", "right"])
            r.blurSigma = random.uniform(0.7...1.0)
            r.noiseSigma = random.uniform(3...5)
            r.lightFalloff = random.uniform(0.15...0.25)
            r.lightAngleDegrees = random.uniform(0...360)
            r.vignette = 0.1
            r.jpegQuality = random.int(80...90)
        case .tiltRight2, .tiltLeft2, .tiltRight4, .tiltLeft4:
            r.rotationDegrees = variant == .tiltRight2 ? 2 : variant == .tiltLeft2 ? -2 : variant == .tiltRight4 ? 4 : -4
            r.blurSigma = random.uniform(0.5...0.9)
            r.noiseSigma = random.uniform(3...5)
            r.jpegQuality = random.int(82...90)
        case .angled:
            r.keystone = random.uniform(0.06...0.09)
            r.keystoneEdge = random.pick(["left", "right"])
            r.rotationDegrees = random.uniform(-1.5...1.5)
            r.blurSigma = random.uniform(0.5...0.9)
            r.noiseSigma = random.uniform(3...5)
            r.jpegQuality = random.int(82...90)
        }
        return r
    }

    /// The page-to-photo transform and the photo's size. The canvas grows to hold the whole
    /// turned page, so no text is cut off.
    func geometry(width: Int, height: Int) -> (Homography, width: Int, height: Int) {
        let w = Double(width), h = Double(height)
        let corners = PixelRect(x: 0, y: 0, width: w, height: h).corners  // tl, tr, br, bl
        var moved = corners
        let kx = keystone * w / 2, ky = keystone * h / 2
        switch keystoneEdge {
        case "top": moved[0].x += kx; moved[1].x -= kx
        case "bottom": moved[3].x += kx; moved[2].x -= kx
        case "left": moved[0].y += ky; moved[3].y -= ky
        default: moved[1].y += ky; moved[2].y -= ky
        }
        let keystoned = keystone == 0 ? .identity : Homography.mapping(corners, to: moved)
        let turned = Homography.rotation(degrees: rotationDegrees, about: Point(x: w / 2, y: h / 2)).after(keystoned)
        let bounds = PixelRect(bounding: corners.map(turned.apply))
        let placed = Homography.translation(dx: -bounds.x, dy: -bounds.y).after(turned)
        return (placed, Int(bounds.width.rounded(.up)), Int(bounds.height.rounded(.up)))
    }

    var isGeometric: Bool { rotationDegrees != 0 || keystone != 0 }
}

/// Image effects, each a plain loop over the samples.
enum PhotoEffects {
    /// Makes the photo of `page` by `recipe`; returns it with the page-to-photo transform.
    static func apply(_ recipe: PhotoRecipe, to page: RenderedPage, using random: inout SeededRandom) -> (PixelImage, Homography) {
        var image = page.image
        var transform = Homography.identity
        if recipe.isGeometric {
            let (h, width, height) = recipe.geometry(width: image.width, height: image.height)
            // Outside the rendered area the page simply goes on: fill with paper.
            image = warp(image, by: h, width: width, height: height, fill: page.style.paper)
            transform = h
        }
        if recipe.lightFalloff > 0 || recipe.vignette > 0 {
            light(&image, falloff: recipe.lightFalloff, angleDegrees: recipe.lightAngleDegrees, vignette: recipe.vignette)
        }
        if recipe.blurSigma > 0 { image = blur(image, sigma: recipe.blurSigma) }
        if recipe.noiseSigma > 0 { noise(&image, sigma: recipe.noiseSigma, using: &random) }
        return (image, transform)
    }

    /// Inverse mapping with bilinear sampling.
    static func warp(_ source: PixelImage, by h: Homography, width: Int, height: Int, fill: [Float]) -> PixelImage {
        let inverse = h.inverse
        var out = [Float](repeating: 0, count: width * height * 3)
        let sw = source.width, sh = source.height
        source.samples.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    for x in 0..<width {
                        let p = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                        let fx = p.x - 0.5, fy = p.y - 0.5
                        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
                        let ax = Float(fx - Double(x0)), ay = Float(fy - Double(y0))
                        let o = (y * width + x) * 3
                        for c in 0..<3 {
                            func at(_ px: Int, _ py: Int) -> Float {
                                px >= 0 && py >= 0 && px < sw && py < sh ? src[(py * sw + px) * 3 + c] : fill[c]
                            }
                            let top = at(x0, y0) * (1 - ax) + at(x0 + 1, y0) * ax
                            let bottom = at(x0, y0 + 1) * (1 - ax) + at(x0 + 1, y0 + 1) * ax
                            dst[o + c] = top * (1 - ay) + bottom * ay
                        }
                    }
                }
            }
        }
        return PixelImage(width: width, height: height, samples: out)
    }

    /// A light source off to one side (linear falloff along `angle`) and a lens vignette.
    static func light(_ image: inout PixelImage, falloff: Double, angleDegrees: Double, vignette: Double) {
        let w = image.width, h = image.height
        let cx = Double(w) / 2, cy = Double(h) / 2, reach = (cx * cx + cy * cy).squareRoot()
        let dx = cos(angleDegrees * .pi / 180), dy = sin(angleDegrees * .pi / 180)
        image.samples.withUnsafeMutableBufferPointer { s in
            for y in 0..<h {
                for x in 0..<w {
                    let px = Double(x) - cx, py = Double(y) - cy
                    let along = (px * dx + py * dy) / reach  // -1...1
                    let r2 = (px * px / (cx * cx) + py * py / (cy * cy)) / 2
                    let gain = Float((1 - falloff * (along + 1) / 2) * (1 - vignette * r2))
                    let o = (y * w + x) * 3
                    s[o] *= gain; s[o + 1] *= gain; s[o + 2] *= gain
                }
            }
        }
    }

    /// Separable Gaussian, edges clamped. Both passes run along whole rows so the loops stay
    /// simple and cache-friendly.
    static func blur(_ image: PixelImage, sigma: Double) -> PixelImage {
        let radius = Int((3 * sigma).rounded(.up))
        var kernel = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let w = image.width, h = image.height, rowLength = w * 3
        var pass = [Float](repeating: 0, count: image.samples.count)
        var out = pass
        image.samples.withUnsafeBufferPointer { src in
            pass.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let row = y * rowLength
                    for x in 0..<w {
                        var r: Float = 0, g: Float = 0, b: Float = 0
                        for k in -radius...radius {
                            let i = row + min(w - 1, max(0, x + k)) * 3, weight = kernel[k + radius]
                            r += weight * src[i]; g += weight * src[i + 1]; b += weight * src[i + 2]
                        }
                        dst[row + x * 3] = r; dst[row + x * 3 + 1] = g; dst[row + x * 3 + 2] = b
                    }
                }
            }
        }
        pass.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let outRow = dst.baseAddress! + y * rowLength
                    for k in -radius...radius {
                        let inRow = src.baseAddress! + min(h - 1, max(0, y + k)) * rowLength, weight = kernel[k + radius]
                        for i in 0..<rowLength { outRow[i] += weight * inRow[i] }
                    }
                }
            }
        }
        return PixelImage(width: w, height: h, samples: out)
    }

    /// Sensor noise: mostly luminance, a little colour. Deviates come from a table indexed by
    /// random bits: Box–Muller per sample (log, sin, cos) cost more than everything else here.
    static func noise(_ image: inout PixelImage, sigma: Double, using random: inout SeededRandom) {
        var table = [Float](repeating: 0, count: 1 << 16)
        for i in stride(from: 0, to: table.count, by: 2) {
            let (a, b) = random.gaussianPair()
            table[i] = Float(a * sigma)
            table[i + 1] = Float(b * sigma)
        }
        let pixels = image.width * image.height
        table.withUnsafeBufferPointer { g in
            image.samples.withUnsafeMutableBufferPointer { s in
                for i in 0..<pixels {
                    let bits = random.next()
                    let luma = g[Int(bits & 0xFFFF)]
                    s[3 * i] += luma + g[Int((bits >> 16) & 0xFFFF)] / 3
                    s[3 * i + 1] += luma + g[Int((bits >> 32) & 0xFFFF)] / 3
                    s[3 * i + 2] += luma + g[Int(bits >> 48)] / 3
                }
            }
        }
    }
}
