import Foundation

/// The reverse proxies whose `X-Forwarded-For` is believed (`NOTIO_TRUSTED_PROXIES`, a list of
/// CIDR ranges). From anyone else the header is only what the client chose to write, so the
/// peer's own address is the client's. Behind a trusted proxy the client is the right-most
/// address in the header that is not itself a trusted proxy: each proxy appends the address it
/// was reached from, and everything left of the first untrusted hop was written by the client.
public struct TrustedProxies: Sendable, Equatable {
    /// An address range: the network's bytes (4 for IPv4, 16 for IPv6) and the prefix length.
    struct Range: Sendable, Equatable {
        var network: [UInt8]
        var prefix: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == network.count else { return false }
            var bits = prefix
            for (a, n) in zip(address, network) where bits > 0 {
                let mask: UInt8 = bits >= 8 ? 0xFF : ~(0xFF >> UInt8(bits))
                if a & mask != n & mask { return false }
                bits -= 8
            }
            return true
        }
    }

    let ranges: [Range]

    /// No proxy is trusted: every limit counts the peer address.
    public static let none = TrustedProxies(ranges: [])

    init(ranges: [Range]) { self.ranges = ranges }

    /// Parses `10.0.0.0/8, 127.0.0.1, ::1/128` (commas or spaces between); an address without
    /// a prefix is one host. Throws a message naming the entry that is not a range.
    public init(parsing list: String) throws {
        var ranges: [Range] = []
        for entry in list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" }).map(String.init) where !entry.isEmpty {
            let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
            guard let bytes = Self.bytes(parts[0]) else { throw TrustedProxiesError(entry: entry) }
            var prefix = bytes.count * 8
            if parts.count == 2 {
                guard let p = Int(parts[1]), (0...bytes.count * 8).contains(p) else { throw TrustedProxiesError(entry: entry) }
                prefix = p
            }
            ranges.append(Range(network: bytes, prefix: prefix))
        }
        self.ranges = ranges
    }

    public var isEmpty: Bool { ranges.isEmpty }

    /// Whether `address` (IPv4 or IPv6 text) is one of the trusted proxies.
    public func trusts(_ address: String) -> Bool {
        guard let bytes = Self.bytes(address) else { return false }
        return ranges.contains { $0.contains(bytes) }
    }

    /// The client's address for a request from `peer` carrying these `X-Forwarded-For` values.
    public func clientAddress(peer: String, forwardedFor: [String]) -> String {
        guard trusts(peer) else { return peer }
        var client = peer
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() {
            // A hop that is not an address was not written by a proxy of ours: stop at the last
            // one that was.
            guard let canonical = Self.canonical(hop) else { return client }
            client = canonical
            if !trusts(canonical) { return canonical }
        }
        return client
    }

    /// The client's address for `request`.
    public func clientAddress(_ request: Request) -> String {
        clientAddress(peer: request.remoteAddress,
                      forwardedFor: request.headers.fields.filter { $0.name.caseInsensitiveCompare("X-Forwarded-For") == .orderedSame }.map(\.value))
    }

    /// An address's bytes through `inet_pton`; an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as
    /// a dual-stack socket reports IPv4 peers) is its IPv4 address.
    static func bytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let b = withUnsafeBytes(of: &v6) { Array($0) }
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF { return Array(b[12...]) }
        return b
    }

    /// The address as `inet_ntop` writes it, so that one client has one spelling in the counts.
    static func canonical(_ text: String) -> String? {
        guard var b = bytes(text) else { return nil }
        var out = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = b.count == 4 ? AF_INET : AF_INET6
        guard inet_ntop(family, &b, &out, socklen_t(out.count)) != nil else { return nil }
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// An entry of `NOTIO_TRUSTED_PROXIES` that is not an address or a CIDR range.
public struct TrustedProxiesError: Error, CustomStringConvertible {
    public var entry: String
    public var description: String { "has \(entry), which is not an IP address or a CIDR range such as 10.0.0.0/8" }
}
