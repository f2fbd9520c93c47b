import CZlib
import Foundation

/// CRC-32 as zip, gzip and PNG compute it (polynomial 0xEDB88320, reflected), fed piece by
/// piece, through zlib's `crc32_z` (table-driven and fast, so checksumming never dominates
/// writing a backup).
public struct CRC32: Sendable, Hashable {
    private var state: UInt32 = 0

    public init() {}

    /// The checksum of everything fed so far.
    public var value: UInt32 { state }

    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        state = UInt32(truncatingIfNeeded: crc32_z(UInt(state), base.assumingMemoryBound(to: UInt8.self), bytes.count))
    }

    /// The checksum of one buffer.
    public static func checksum(_ data: Data) -> UInt32 {
        var crc = CRC32()
        crc.update(data)
        return crc.value
    }
}
