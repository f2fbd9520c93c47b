import Testing
@testable import NotioHTTP

@Suite struct TrustedProxiesTests {
    @Test func noProxyTrustedMeansThePeerCounts() {
        #expect(TrustedProxies.none.clientAddress(peer: "127.0.0.1", forwardedFor: ["6.6.6.6"]) == "127.0.0.1")
    }

    @Test func theRightMostUntrustedHopIsTheClient() throws {
        let proxies = try TrustedProxies(parsing: "127.0.0.1/32, 10.0.0.0/8 ::1")
        // nginx on the same machine appended the address it was reached from.
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["203.0.113.7"]) == "203.0.113.7")
        // What the client wrote itself (left) is not believed; the last proxy's word is.
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["1.2.3.4, 203.0.113.7"]) == "203.0.113.7")
        // Trusted hops are skipped, also across repeated headers.
        #expect(proxies.clientAddress(peer: "::1", forwardedFor: ["198.51.100.9, 10.1.2.3", "10.0.0.5"]) == "198.51.100.9")
        // Not from a trusted proxy: the header is the client's own writing.
        #expect(proxies.clientAddress(peer: "192.0.2.1", forwardedFor: ["203.0.113.7"]) == "192.0.2.1")
        // No header, garbage in the header, only trusted hops: the last trusted address seen.
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: []) == "127.0.0.1")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["203.0.113.7, unknown"]) == "127.0.0.1")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["10.9.9.9"]) == "10.9.9.9")
        // One client, one spelling.
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["2001:DB8:0:0::1"]) == "2001:db8::1")
    }

    @Test func rangesMatchByPrefix() throws {
        let p = try TrustedProxies(parsing: "172.16.0.0/12,2001:db8::/32,192.168.1.7")
        #expect(p.trusts("172.31.255.1") && !p.trusts("172.32.0.1"))
        #expect(p.trusts("2001:db8:ffff::1") && !p.trusts("2001:db9::1"))
        #expect(p.trusts("192.168.1.7") && !p.trusts("192.168.1.8"))
        #expect(p.trusts("::ffff:172.16.0.1"), "an IPv4-mapped peer is its IPv4 address")
        #expect(try TrustedProxies(parsing: "0.0.0.0/0").trusts("8.8.8.8"))
        #expect(try TrustedProxies(parsing: "").isEmpty)
    }

    @Test(arguments: ["10.0.0.0/33", "10.0.0/8", "nginx", "::1/129", "10.0.0.0/x"])
    func badEntriesAreRefused(_ list: String) {
        #expect(throws: TrustedProxiesError.self) { try TrustedProxies(parsing: list) }
    }
}
