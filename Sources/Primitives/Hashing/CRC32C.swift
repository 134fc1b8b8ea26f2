import Foundation

/// A streaming CRC32C (Castagnoli, reflected polynomial 0x82F63B78) checksum: feed bytes with
/// `update(_:)` as they arrive, read the value with `finalize()`.
///
/// Table-driven, sixteen bytes per step (slicing-by-16).
package struct CRC32C: Sendable {
    /// The running remainder, kept inverted as the algorithm wants it.
    private var state: UInt32 = 0xFFFF_FFFF

    package init() {}

    /// The checksum of `data`.
    package static func checksum(of data: Data) -> UInt32 {
        var hasher = CRC32C()
        hasher.update(data)
        return hasher.finalize()
    }

    /// Base64 of the checksum's four big-endian bytes, as Cloud Storage writes `crc32c` (8 characters).
    package static func base64(_ checksum: UInt32) -> String {
        let bytes: [UInt8] = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: checksum >> UInt32($0)) }
        return Base64.encode(bytes)
    }

    package mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        state = CRC32CTables.entries.withUnsafeBufferPointer { tables in
            guard let tables = tables.baseAddress, let start = bytes.baseAddress else { return state }
            return Self.update(state, start, count: bytes.count, tables: tables)
        }
    }

    private static func update(
        _ state: UInt32, _ start: UnsafeRawPointer, count: Int, tables: UnsafePointer<UInt32>
    ) -> UInt32 {
        var pointer = start
        var crc = state
        var remaining = count
        while remaining >= 16 {
            // Only the first four bytes meet the running remainder; the other twelve lookups do not
            // wait for it, which is what makes sixteen bytes a step fast.
            let low = UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self)) ^ UInt64(crc)
            let high = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            let independent =
                (lookup(tables, 7, high) ^ lookup(tables, 6, high >> 8))
                ^ (lookup(tables, 5, high >> 16) ^ lookup(tables, 4, high >> 24))
                ^ (lookup(tables, 3, high >> 32) ^ lookup(tables, 2, high >> 40))
                ^ (lookup(tables, 1, high >> 48) ^ lookup(tables, 0, high >> 56))
                ^ (lookup(tables, 11, low >> 32) ^ lookup(tables, 10, low >> 40))
                ^ (lookup(tables, 9, low >> 48) ^ lookup(tables, 8, low >> 56))
            let dependent =
                (lookup(tables, 15, low) ^ lookup(tables, 14, low >> 8))
                ^ (lookup(tables, 13, low >> 16) ^ lookup(tables, 12, low >> 24))
            crc = independent ^ dependent
            pointer += 16
            remaining -= 16
        }
        while remaining > 0 {
            let byte = pointer.load(as: UInt8.self)
            crc = tables[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
            pointer += 1
            remaining -= 1
        }
        return crc
    }

    /// The checksum of everything given so far.
    package func finalize() -> UInt32 { ~state }
}

/// Entry `word & 0xFF` of table `table`.
@inline(__always)
private func lookup(_ tables: UnsafePointer<UInt32>, _ table: Int, _ word: UInt64) -> UInt32 {
    tables[table &* 256 &+ Int(truncatingIfNeeded: word & 0xFF)]
}
