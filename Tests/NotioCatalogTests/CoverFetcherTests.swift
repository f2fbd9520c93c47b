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

    /// The production policy refuses names that resolve to this machine, not only literals.
    @Test func loopbackNamesAndLiteralsAreRefusedByDefault() async throws {
        let fake = try await FakeServices.shared()
        let strict = CoverFetcher()
        let port = try #require(fake.root.port)
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, name.count)
        let machine = String(cString: name)
        for host in ["localhost", machine, "127.0.0.1", "127.1", "2130706433", "[::1]", "0.0.0.0", "[::ffff:127.0.0.1]"] {
            let error = await #expect(throws: CoverFetchError.self) {
                try await strict.fetch(URL(string: "http://\(host):\(port)/covers/tiny.png")!)
            }
            #expect(error == .forbiddenAddress, "\(host)")
        }
        // The same server is reachable when private hosts are allowed: the refusal is the policy's.
        let allowed = CoverFetcher(maxBytes: 5 << 20, timeout: 5, allowPrivateHosts: true)
        #expect(try await allowed.fetch(URL(string: "http://localhost:\(port)/covers/tiny.png")!).contentType == "image/png")
        #expect(try await allowed.fetch(URL(string: "http://\(machine):\(port)/covers/tiny.png")!).contentType == "image/png")
        // Cloud metadata is link-local: refused even with private hosts allowed (nothing listens there).
        let metadata = await #expect(throws: CoverFetchError.self) {
            try await allowed.fetch(URL(string: "http://169.254.169.254/latest/meta-data/")!)
        }
        #expect(metadata == .forbiddenAddress)
    }

    /// A server the test lets stand for a public host redirects to another server on 127.0.0.1:
    /// the second hop is checked like the first and refused, although it would answer an image.
    @Test func aRedirectToThisMachineIsRefused() async throws {
        let publicStandIn = try await FakeServices.shared()
        let other = try await FakeServices.start()
        let publicPort = try #require(publicStandIn.root.port), otherPort = try #require(other.root.port)
        func policy(_ alsoAllowed: Int?) -> AddressPolicy {
            AddressPolicy { peer in
                (peer == PeerAddress("127.0.0.1", port: publicPort)! || peer == alsoAllowed.flatMap { PeerAddress("127.0.0.1", port: $0) })
                    || AddressPolicy.internetOnly.permits(peer)
            }
        }
        let fetcher = CoverFetcher(maxBytes: 5 << 20, timeout: 5, policy: policy(nil))
        // The stand-in itself, and its redirect to itself, are fine.
        #expect(try await fetcher.fetch(cover(publicStandIn, "tiny.png")).contentType == "image/png")
        #expect(try await fetcher.fetch(cover(publicStandIn, "redirect-ok")).contentType == "image/png")
        let error = await #expect(throws: CoverFetchError.self) {
            try await fetcher.fetch(cover(publicStandIn, "redirect-to/\(otherPort)"))
        }
        #expect(error?.code == "cover_bad_url")
        #expect(error?.message == "The cover address redirects somewhere it may not: Covers are not fetched from this machine or a private network.")
        // The control: the same redirect, with the second server allowed too, gives the image.
        let both = CoverFetcher(maxBytes: 5 << 20, timeout: 5, policy: policy(otherPort))
        #expect(try await both.fetch(cover(publicStandIn, "redirect-to/\(otherPort)")).contentType == "image/png")
    }

    @Test func addressScopes() {
        func scope(_ literal: String) -> PeerAddress.Scope { PeerAddress(literal)!.scope }
        for global in ["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "2a00:1450:4001::200e"] {
            #expect(scope(global) == .global, "\(global)")
            #expect(AddressPolicy.internetOnly.permits(PeerAddress(global)!))
        }
        for loopback in ["127.0.0.1", "127.255.0.9", "::1"] { #expect(scope(loopback) == .loopback, "\(loopback)") }
        for privateNet in ["10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1", "fc00::1", "fd12:3456::1"] {
            #expect(scope(privateNet) == .privateNetwork, "\(privateNet)")
        }
        for special in ["0.0.0.0", "0.1.2.3", "169.254.169.254", "100.64.0.1", "100.127.255.255", "224.0.0.1", "239.1.1.1",
                        "255.255.255.255", "240.0.0.1", "192.0.2.1", "198.18.0.1", "::", "fe80::1", "fec0::1", "ff02::1",
                        "::ffff:127.0.0.1", "::ffff:8.8.8.8", "::127.0.0.1", "64:ff9b::7f00:1", "2002:7f00:1::", "2001:0:1::1", "2001:db8::1"] {
            #expect(scope(special) == .special, "\(special)")
        }
        for refused in ["127.0.0.1", "10.0.0.1", "169.254.169.254", "::ffff:10.0.0.1", "fd00::1"] {
            #expect(!AddressPolicy.internetOnly.permits(PeerAddress(refused)!), "\(refused)")
        }
        #expect(AddressPolicy.withPrivateNetworks.permits(PeerAddress("192.168.0.10")!))
        #expect(AddressPolicy.withPrivateNetworks.permits(PeerAddress("127.0.0.1")!))
        #expect(!AddressPolicy.withPrivateNetworks.permits(PeerAddress("169.254.169.254")!))
        #expect(!AddressPolicy.withPrivateNetworks.permits(PeerAddress("::ffff:192.168.0.10")!))
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
