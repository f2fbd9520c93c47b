import CGdkPixbuf
import Foundation
import Testing
@testable import NotioMedia
@testable import NotioMediaEngine

/// Image cards drawn by the real renderer (pango, cairo, gdk-pixbuf, the Noto CJK fonts), read
/// back as pixels.
struct CardTests {
    static let kafka = CardContent(
        text: "책은 도끼다. 우리 안의 얼어붙은 바다를 깨뜨리는 도끼여야 한다.", title: "변신", author: "프란츠 카프카", page: 123)

    /// A long Korean sentence with long eojeol: breaking between syllables would be easy.
    static let longKorean = """
        우리가 읽는 책이 우리 머리를 주먹으로 한 대 쳐서 우리를 깨우지 않는다면 도대체 왜 우리가 그 책을 \
        읽는단 말인가 책이란 무릇 우리 안에 있는 꽁꽁 얼어붙은 바다를 깨뜨리는 도끼가 되어야 하는 법이라고 \
        나는 생각한다 그러니 오늘도 천천히 밑줄을 그으며 끝까지 읽어내려가기로 마음먹었다
        """

    @Test(arguments: [
        (CardOptions(size: .portrait), 1080, 1350),
        (CardOptions(size: .story, background: "night"), 1080, 1920),
        (CardOptions(size: .square, background: "sky"), 1080, 1080),
        (CardOptions(size: .widget, width: 400, height: 240, background: "dusk"), 400, 240),
    ])
    func thePNGHasTheAskedSize(options: CardOptions, width: Int, height: Int) throws {
        let png = try CardRenderer.render(Self.kafka, options: options, backgroundPath: nil)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let picture = try CardPicture(png: png)
        #expect((picture.width, picture.height) == (width, height))
    }

    @Test func theTextAreaIsNotEmptyAndTheMarginsAre() throws {
        let options = CardOptions(size: .portrait, background: "paper")
        let picture = try CardPicture(png: CardRenderer.render(Self.kafka, options: options, backgroundPath: nil))
        let paper = (0xF5, 0xF0, 0xE6)
        let geometry = CardGeometry(options: options)
        let box = (x: Int(geometry.marginX), y: Int(geometry.marginY),
                   width: Int(geometry.contentWidth), height: Int(geometry.contentHeight))
        let inked = picture.count(in: box) { picture.distance($0, paper) > 60 }
        let share = Double(inked) / Double(box.width * box.height)
        #expect(share > 0.01, "dark pixels in the text box: \(inked)")
        // Dark text on paper, as the preset says.
        #expect(picture.count(in: box) { picture.distance($0, (0x2B, 0x26, 0x20)) < 30 } > 1000)
        // Nothing is drawn in the margins.
        #expect(picture.count(in: (0, 0, 1080, box.y - 2)) { picture.distance($0, paper) > 6 } == 0)
        #expect(picture.count(in: (0, 0, box.x - 2, 1350)) { picture.distance($0, paper) > 6 } == 0)
    }

    @Test func aLongKoreanSentenceWrapsBetweenWordsOnly() throws {
        let words = Self.longKorean.split(separator: " ").map(String.init)
        for options in [CardOptions(size: .portrait), CardOptions(size: .story, font: .sans, textScale: 1.6, align: .left),
                        CardOptions(size: .widget, width: 360, height: 360)] {
            let lines = try CardRenderer.layoutLines(CardContent(text: Self.longKorean), options: options)
            #expect(lines.count >= 4, "\(lines)")
            // Every line is whole eojeol of the sentence, in order.
            #expect(lines.flatMap { $0.split(separator: " ").map(String.init) } == words, "\(lines)")
        }
    }

    @Test func aWordLongerThanALineStillBreaks() throws {
        let long = String(repeating: "가나다라마바사아자차", count: 6)
        let lines = try CardRenderer.layoutLines(CardContent(text: "짧은 말 \(long) 끝"),
                                                 options: CardOptions(size: .widget, width: 300, height: 600))
        // Nothing is lost, the long word takes several lines, the short words around it stay whole.
        #expect(lines.joined().replacingOccurrences(of: " ", with: "") == "짧은말\(long)끝", "\(lines)")
        #expect(lines.filter { !$0.contains(" ") && $0.allSatisfy { long.contains($0) } }.count >= 2, "\(lines)")
        #expect(lines.first?.hasPrefix("짧은 말") == true, "\(lines)")
        #expect(lines.last?.hasSuffix(" 끝") == true || lines.last == "끝", "\(lines)")
    }

    @Test func longTextShrinksToFitThenIsCut() throws {
        let options = CardOptions(size: .square)
        #expect(try CardRenderer.layoutLines(CardContent(text: "짧은 문장"), options: options) == ["짧은 문장"])
        // At its starting size (51 px, lines 82 px apart) a square holds 10 lines of 886 px:
        // twice the long sentence needs about 20, and fits only smaller, every word kept.
        let twice = String(repeating: Self.longKorean + " ", count: 2)
        let shrunk = try CardRenderer.layoutLines(CardContent(text: twice), options: options)
        #expect(shrunk.count > 10, "\(shrunk.count) lines")
        #expect(shrunk.joined(separator: " ").split(separator: " ") == twice.split(separator: " "))
        // A thousand characters do not fit even at the smallest size: the end is cut with "…".
        let long = String(String(repeating: Self.longKorean + " ", count: 6).prefix(CardContent.maxText))
        let cut = try CardRenderer.layoutLines(CardContent(text: long), options: options)
        #expect(cut.last?.hasSuffix("…") == true, "\(cut.suffix(2))")
    }

    @Test func aPortraitPhotoWithEXIFRotationComesOutUpright() throws {
        // Upright: red above, blue below (300 × 400). Stored lying on its side (400 × 300, red on
        // the left) with orientation 6: "turn 90° clockwise to show".
        let upright = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 300, 400)!
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        let stride = Int(gdk_pixbuf_get_rowstride(upright)), pixels = gdk_pixbuf_get_pixels(upright)!
        for y in 0..<400 {
            for x in 0..<300 {
                let red = y < 200
                pixels[y * stride + x * 3] = red ? 220 : 20
                pixels[y * stride + x * 3 + 1] = 20
                pixels[y * stride + x * 3 + 2] = red ? 20 : 220
            }
        }
        let lying = gdk_pixbuf_rotate_simple(upright, GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE)!
        defer { g_object_unref(UnsafeMutableRawPointer(lying)) }
        let options = CardOptions(size: .portrait, dim: 0, background: "photo")
        // Also stored upside down (3) and lying the other way (8).
        for (rotation, orientation) in [(GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE, UInt8(6)), (GDK_PIXBUF_ROTATE_UPSIDEDOWN, 3),
                                        (GDK_PIXBUF_ROTATE_CLOCKWISE, 8)] {
            let stored = gdk_pixbuf_rotate_simple(upright, rotation)!
            defer { g_object_unref(UnsafeMutableRawPointer(stored)) }
            let jpeg = PhotoFixtures.withOrientation(PhotoFixtures.encode(stored, format: "jpeg"), orientation)
            let path = try PhotoFixtures.file(jpeg, named: "stored-\(orientation).jpg")
            let picture = try CardPicture(png: CardRenderer.render(Self.kafka, options: options, backgroundPath: path))
            for x in [40, 540, 1040] {
                #expect(picture.isReddish(x: x, y: 60), "orientation \(orientation), top at x \(x): \(picture.rgb(x: x, y: 60))")
                #expect(picture.isBluish(x: x, y: 1290), "orientation \(orientation), bottom at x \(x): \(picture.rgb(x: x, y: 1290))")
            }
        }
        // The same photo without its tag lies on its side: red left, blue right.
        let plainPath = try PhotoFixtures.file(PhotoFixtures.encode(lying, format: "jpeg"), named: "plain.jpg")
        let plain = try CardPicture(png: CardRenderer.render(Self.kafka, options: options, backgroundPath: plainPath))
        #expect(plain.isReddish(x: 40, y: 60) && plain.isBluish(x: 1040, y: 60))
    }

    @Test func theOrientationIsReadBeforeDecoding() {
        let jpeg = PhotoFixtures.picture(width: 64, height: 48, format: "jpeg")
        #expect(jpeg.withUnsafeBytes(JPEGOrientation.read) == 1)
        for orientation in UInt8(1)...8 {
            #expect(PhotoFixtures.withOrientation(jpeg, orientation).withUnsafeBytes(JPEGOrientation.read) == Int(orientation))
        }
        // A portrait photo stored lying down, for a story card: libjpeg's half size covers it.
        let size = CardBackground.decodeSize(stored: (4032, 3024, "jpeg", 6), card: (1080, 1920))
        #expect(size == (2016, 1512))
        #expect(CardBackground.decodeSize(stored: (4032, 3024, "jpeg", 1), card: (1080, 1920)) == (4032, 3024))
        #expect(CardBackground.decodeSize(stored: (4032, 3024, "jpeg", 1), card: (400, 300)) == (504, 378))
    }

    @Test func aDimmedPhotoIsDarker() throws {
        let path = try PhotoFixtures.file(PhotoFixtures.picture(width: 800, height: 1000, format: "png"), named: "white.png")
        let clear = try CardPicture(png: CardRenderer.render(Self.kafka, options: CardOptions(dim: 0, background: "photo"), backgroundPath: path))
        let dimmed = try CardPicture(png: CardRenderer.render(Self.kafka, options: CardOptions(dim: 0.5, background: "photo"), backgroundPath: path))
        #expect(clear.rgb(x: 1040, y: 1300).red > 245)
        #expect((120...135).contains(dimmed.rgb(x: 1040, y: 1300).red))
    }

    @Test func presetsLookAsTheirCSSSays() throws {
        // dusk: 180deg, top to bottom.
        let options = CardOptions(size: .widget, width: 200, height: 400, background: "dusk")
        let picture = try CardPicture(png: CardRenderer.render(CardContent(text: "."), options: options, backgroundPath: nil))
        #expect(picture.distance(picture.rgb(x: 5, y: 0), (0x3A, 0x2E, 0x5C)) < 12)
        #expect(picture.distance(picture.rgb(x: 195, y: 399), (0xA8, 0x58, 0x4F)) < 12)
        for preset in CardPresets.all {
            #expect(preset.colors.allSatisfy { CardColor.components($0) != nil }, "\(preset.id)")
            for color in preset.colors {
                #expect(contrast(preset.textColor, color) >= 4.5, "\(preset.id) \(color)")
            }
        }
        #expect(Set(CardPresets.all.map(\.id)).count == CardPresets.all.count)
        #expect(CardPresets.preset(id: "rose")?.css == "linear-gradient(135deg, #F9E0E3, #F0B7C2)")
    }

    @Test func backgroundsThatAreNotPicturesAreRefused() throws {
        func failure(_ data: Data, named name: String = "background.jpg") throws -> String? {
            let path = try PhotoFixtures.file(data, named: name)
            do {
                _ = try CardRenderer.render(Self.kafka, options: CardOptions(background: "photo"), backgroundPath: path)
                return nil
            } catch let error as MediaError {
                return error.code
            }
        }
        #expect(try failure(Data("<html>not a photo</html>".utf8)) == "not_an_image")
        #expect(try failure(Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>".utf8), named: "x.svg") == "not_an_image")
        let jpeg = PhotoFixtures.picture(width: 640, height: 480, format: "jpeg")
        #expect(try failure(jpeg.prefix(jpeg.count / 2)) == "damaged_image")
        let png = PhotoFixtures.picture(width: 640, height: 480, format: "png")
        #expect(try failure(png.prefix(png.count - 20), named: "cut.png") == "damaged_image")
        #expect(try failure(PhotoFixtures.pngDeclaring(width: 8_000, height: 5_001), named: "huge.png") == "too_many_pixels")
        #expect(throws: MediaError.self) {
            _ = try CardRenderer.render(Self.kafka, options: CardOptions(background: "photo"), backgroundPath: "/nonexistent.jpg")
        }
    }

    @Test func optionsAreValidatedByField() throws {
        func problems(_ json: String) -> [String: String] {
            switch CardOptions.parse(json: Data(json.utf8)) {
            case .success: [:]
            case let .failure(problems): problems.fields
            }
        }
        let defaults = try CardOptions.parse(json: Data("{}".utf8)).get()
        #expect(defaults == CardOptions())
        #expect(defaults.pixelSize == (1080, 1350))
        #expect(try CardOptions.parse(json: Data(#"{"textScale":"large","size":"story"}"#.utf8)).get().textScale == 1.2)
        #expect(problems(#"{"size":"poster"}"#).keys.sorted() == ["size"])
        #expect(problems(#"{"font":"comic"}"#).keys.sorted() == ["font"])
        #expect(problems(#"{"textScale":"huge"}"#).keys.sorted() == ["textScale"])
        #expect(problems(#"{"dim":0.9,"textScale":2,"background":"neon"}"#).keys.sorted() == ["background", "dim", "textScale"])
        #expect(problems(#"{"size":"widget"}"#).keys.sorted() == ["height", "width"])
        #expect(problems(#"{"size":"widget","width":100,"height":1300}"#).keys.sorted() == ["height", "width"])
        #expect(problems(#"{"size":"widget","width":400,"height":300}"#).isEmpty)
        #expect(problems(#"{"dim":"dark"}"#).keys.sorted() == ["dim"])
        #expect(problems("[1]") == ["options": "must be a JSON object"])

        #expect(CardContent(text: "  ").problems.keys.sorted() == ["text"])
        #expect(CardContent(text: "문장", page: -1).problems.keys.sorted() == ["page"])
        #expect(Self.kafka.footer == "— 변신 · 프란츠 카프카 · p. 123")
        // The app passes its catalog's page format: a Korean reader's card says "123쪽", as the UI does.
        var korean = Self.kafka
        korean.pageFormat = "%@쪽"
        #expect(korean.footer == "— 변신 · 프란츠 카프카 · 123쪽")
        #expect(CardContent(text: "문장", author: "저자").footer == "— 저자")
        #expect(CardContent(text: "문장").footer == nil)

        do {
            _ = try CardRenderer.render(CardContent(text: ""), options: CardOptions(dim: 2), backgroundPath: nil)
            Issue.record("an empty card was drawn")
        } catch let error as MediaError {
            #expect(error.code == "bad_card_options")
            #expect(error.message.contains("dim") && error.message.contains("text"))
        }
    }

    /// WCAG contrast ratio of two `#RRGGBB` colours.
    func contrast(_ first: String, _ second: String) -> Double {
        let a = CardColor.averageLuminance([first]), b = CardColor.averageLuminance([second])
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

/// A decoded card: RGB pixels.
struct CardPicture {
    var width: Int
    var height: Int
    var pixels: [UInt8]
    var channels: Int
    var stride: Int

    init(png: Data) throws {
        let loader = gdk_pixbuf_loader_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        let written = png.withUnsafeBytes { raw in
            gdk_pixbuf_loader_write(loader, raw.baseAddress!.assumingMemoryBound(to: guchar.self), gsize(raw.count), nil)
        }
        guard written != 0, gdk_pixbuf_loader_close(loader, nil) != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw MediaError.damagedImage
        }
        width = Int(gdk_pixbuf_get_width(pixbuf)); height = Int(gdk_pixbuf_get_height(pixbuf))
        channels = Int(gdk_pixbuf_get_n_channels(pixbuf)); stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        pixels = Array(UnsafeBufferPointer(start: gdk_pixbuf_read_pixels(pixbuf), count: stride * (height - 1) + width * channels))
    }

    func rgb(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let index = y * stride + x * channels
        return (Int(pixels[index]), Int(pixels[index + 1]), Int(pixels[index + 2]))
    }

    func distance(_ pixel: (red: Int, green: Int, blue: Int), _ color: (Int, Int, Int)) -> Int {
        abs(pixel.red - color.0) + abs(pixel.green - color.1) + abs(pixel.blue - color.2)
    }

    func count(in box: (x: Int, y: Int, width: Int, height: Int), where test: ((red: Int, green: Int, blue: Int)) -> Bool) -> Int {
        var found = 0
        for y in box.y..<(box.y + box.height) {
            for x in box.x..<(box.x + box.width) where test(rgb(x: x, y: y)) { found += 1 }
        }
        return found
    }

    func isReddish(x: Int, y: Int) -> Bool {
        let pixel = rgb(x: x, y: y)
        return pixel.red > 150 && pixel.blue < 80
    }

    func isBluish(x: Int, y: Int) -> Bool {
        let pixel = rgb(x: x, y: y)
        return pixel.blue > 150 && pixel.red < 80
    }
}
