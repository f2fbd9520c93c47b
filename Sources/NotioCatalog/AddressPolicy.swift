import Foundation

/// An address a download is about to connect to: 4 or 16 bytes and a port.
public struct PeerAddress: Sendable, Hashable, CustomStringConvertible {
    public var bytes: [UInt8]
    public var port: Int

    public init(bytes: [UInt8], port: Int) { self.bytes = bytes; self.port = port }

    /// Parses an IPv4 or IPv6 literal (tests and messages).
    public init?(_ literal: String, port: Int = 0) {
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, literal, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
        self.port = port
    }

    public var description: String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") + ":\(port)" }
        return "[" + stride(from: 0, to: 16, by: 2).map { String(Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]), radix: 16) }.joined(separator: ":") + "]:\(port)"
    }

    /// What kind of network the address belongs to (RFC 6890 special-purpose registries).
    public var scope: Scope {
        bytes.count == 4 ? Self.scope(v4: bytes) : Self.scope(v6: bytes)
    }

    public enum Scope: Sendable {
        /// Reachable on the internet.
        case global
        /// Private networks: 10/8, 172.16/12, 192.168/16, fc00::/7 (an intranet catalog).
        case privateNetwork
        /// This machine: 127/8, ::1.
        case loopback
        /// Everything else no download may reach: unspecified, link-local (cloud metadata at
        /// 169.254.169.254), carrier-grade NAT, multicast, broadcast, documentation, reserved,
        /// and IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo),
        /// which would otherwise smuggle a private IPv4 address past these checks.
        case special
    }

    static func scope(v4 b: [UInt8]) -> Scope {
        let (a, c) = (b[0], b[1])
        if a == 127 { return .loopback }
        if a == 10 || (a == 172 && (16...31).contains(c)) || (a == 192 && c == 168) { return .privateNetwork }
        if a == 0 || a >= 224                              // this network; multicast, reserved, broadcast
            || (a == 169 && c == 254)                      // link-local
            || (a == 100 && (64...127).contains(c))        // carrier-grade NAT
            || (a == 192 && c == 0 && b[2] == 0)           // IETF protocol assignments
            || (a == 192 && c == 0 && b[2] == 2) || (a == 198 && c == 51 && b[2] == 100)
            || (a == 203 && c == 0 && b[2] == 113)         // documentation
            || (a == 198 && (18...19).contains(c))         // benchmarking
            || (a == 192 && c == 88 && b[2] == 99) {       // 6to4 relay anycast
            return .special
        }
        return .global
    }

    static func scope(v6 b: [UInt8]) -> Scope {
        if b[0..<15].allSatisfy({ $0 == 0 }) { return b[15] == 1 ? .loopback : .special }   // ::1, ::
        if b[0] & 0xFE == 0xFC { return .privateNetwork }                                    // fc00::/7
        if b[0] == 0xFF { return .special }                                                  // multicast
        if b[0] == 0xFE && b[1] & 0xC0 == 0x80 { return .special }                           // fe80::/10 link-local
        if b[0] == 0xFE && b[1] & 0xC0 == 0xC0 { return .special }                           // fec0::/10 site-local
        if b[0..<10].allSatisfy({ $0 == 0 }) { return .special }                             // ::ffff:0:0/96, ::/96
        if b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xFF && b[3] == 0x9B { return .special }  // 64:ff9b::/96, 64:ff9b:1::/48
        if b[0] == 0x20 && b[1] == 0x02 { return .special }                                  // 2002::/16 6to4
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x00 && b[3] == 0x00 { return .special }  // 2001::/32 Teredo
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0D && b[3] == 0xB8 { return .special }  // documentation
        if b[0] == 0x01 && b[1..<8].allSatisfy({ $0 == 0 }) { return .special }              // 100::/64 discard
        return .global
    }
}

/// Which addresses a cover download may connect to. It is checked on the very address curl
/// connects to, for every connection of every redirect hop, so a host name that resolves (or
/// later re-resolves) to this machine or a private network is refused.
public struct AddressPolicy: Sendable {
    let permits: @Sendable (PeerAddress) -> Bool

    /// Only addresses on the internet: the default.
    public static let internetOnly = AddressPolicy { $0.scope == .global }

    /// Also private networks and this machine (`NOTIO_COVERS_PRIVATE_HOSTS`, for a catalog on an
    /// intranet or the same host). Link-local, multicast and the other special ranges stay refused.
    public static let withPrivateNetworks = AddressPolicy { [.global, .privateNetwork, .loopback].contains($0.scope) }

    /// A policy of one's own: tests use it to let one fake server on 127.0.0.1 stand for a
    /// public host while every other address is judged as in production.
    public init(permits: @escaping @Sendable (PeerAddress) -> Bool) { self.permits = permits }
}
