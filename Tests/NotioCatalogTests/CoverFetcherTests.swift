import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import NotioTestSupport
@testable import NotioCatalog

@Suite struct CoverFetcherTests {
    let fetcher = CoverFetcher(maxBytes: 5 << 20, timeout: 5, allowPrivateHosts: true)

    func cover(_ fake: FakeServices, _ name: String) -> URL { fake.root.appendingPathComponent("covers/\(name)") }

    @Test func fetchesAnImageAndNamesItsType() async throws {
        let fake = try await FakeServices.shared()
        let (data, type) = try await fetcher.fetch(cover(fake, "tiny.png"))
        #expect(type == "image/png")
        #expect(data.count == 67)
        #expect(data.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        // A redirect to another http(s) address is followed.
        #expect(try await fetcher.fetch(cover(fake, "redirect-ok")).data == data)
    }

    @Test func aCoverOverTheLimitIsRefused() async throws {
        let fake = try await FakeServices.shared()
        // Declared with Content-Length, and streamed without one: both stop at the limit.
        for name in ["big.jpg", "big-unsized.jpg"] {
            let error = await #expect(throws: CoverFetchError.self) { try await fetcher.fetch(cover(fake, name)) }
            #expect(error?.code == "cover_too_large")
        }
        let small = CoverFetcher(maxBytes: 50, timeout: 5, allowPrivateHosts: true)
        let error = await #expect(throws: CoverFetchError.self) { try await small.fetch(cover(fake, "tiny.png")) }
        #expect(error?.code == "cover_too_large")
    }

    @Test func somethingThatIsNotAnImageIsRefused() async throws {
        let fake = try await FakeServices.shared()
        // Declared image/jpeg, but the bytes are HTML; and declared text/html.
        for name in ["html-as.jpg", "page.html"] {
            let error = await #expect(throws: CoverFetchError.self) { try await fetcher.fetch(cover(fake, name)) }
            #expect(error?.code == "cover_not_image")
        }
        // The declared type is refused before the body is read.
        let page = await #expect(throws: CoverFetchError.self) { try await fetcher.fetch(cover(fake, "page.html")) }
        #expect(page?.message == "The cover address holds text/html, not an image.")
        let missing = await #expect(throws: CoverFetchError.self) { try await fetcher.fetch(cover(fake, "missing.jpg")) }
        #expect(missing == CoverFetchError(code: "cover_unavailable", message: "The cover server answered HTTP 404."))
    }

    @Test func onlyHTTPAddresses() async throws {
        let fake = try await FakeServices.shared()
        let file = await #expect(throws: CoverFetchError.self) { try await fetcher.fetch(URL(fileURLWithPath: "/etc/passwd")) }
        #expect(file?.code == "cover_bad_url")
        let ftp = await #expect(throws: CoverFetchError.self) { try await fetcher.fetch(URL(string: "ftp://example.org/a.jpg")!) }
        #expect(ftp?.code == "cover_bad_url")
        // swift-corelibs-foundation turns a redirect to file:///etc/passwd into a request for
        // http://same-host/etc/passwd: no file is read, and that answer is no image.
        await #expect(throws: CoverFetchError.self) { try await fetcher.fetch(cover(fake, "redirect-file")) }
    }

    @Test func privateAddressesAreRefusedByDefault() async throws {
        let fake = try await FakeServices.shared()
        let strict = CoverFetcher()
        let error = await #expect(throws: CoverFetchError.self) { try await strict.fetch(cover(fake, "tiny.png")) }
        #expect(error?.code == "cover_bad_url")
        #expect(isPrivate(host: "127.0.0.1"))
        #expect(isPrivate(host: "192.168.0.10"))
        #expect(isPrivate(host: "172.20.1.1"))
        #expect(isPrivate(host: "[::1]"))
        #expect(isPrivate(host: "localhost"))
        #expect(!isPrivate(host: "172.32.0.1"))
        #expect(!isPrivate(host: "image.aladin.co.kr"))
        #expect(!isPrivate(host: "8.8.8.8"))
    }

    @Test func magicBytes() {
        #expect(ImageType(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0])) == .jpeg)
        #expect(ImageType(Data("GIF89a......".utf8)) == .gif)
        #expect(ImageType(Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageType(Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) == nil)
        #expect(ImageType(Data("<html>".utf8)) == nil)
        #expect(ImageType(Data()) == nil)
    }
}
