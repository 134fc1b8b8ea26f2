/// The sixteen 256-entry lookup tables of slicing-by-16 CRC32C, built once and never freed.
///
/// Kept behind a raw pointer so the hot loop reads them without bounds checks; the indices used are
/// always a byte (0…255) plus a table offset, so they stay in range by construction. Unchecked Sendable: the
/// tables are written only while `shared` is initialized (once, by Swift's lazy global) and only read after.
final class CRC32CTables: @unchecked Sendable {
    static let shared = CRC32CTables()

    /// Table `k` occupies `entries[k * 256 ..< (k + 1) * 256]`: entry `i` is the remainder of byte `i`
    /// followed by `k` zero bytes.
    let entries: UnsafeMutablePointer<UInt32>

    private init() {
        entries = .allocate(capacity: 16 * 256)
        let polynomial: UInt32 = 0x82F6_3B78
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 {
                crc = (crc & 1) == 1 ? (crc >> 1) ^ polynomial : crc >> 1
            }
            entries[byte] = crc
        }
        for table in 1..<16 {
            for byte in 0..<256 {
                let previous = entries[(table - 1) * 256 + byte]
                entries[table * 256 + byte] = (previous >> 8) ^ entries[Int(previous & 0xFF)]
            }
        }
    }
}
