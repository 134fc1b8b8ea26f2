/// The sixteen 256-entry lookup tables of slicing-by-16 CRC32C, built once.
///
/// Table `k` occupies `entries[k * 256 ..< (k + 1) * 256]`: entry `i` is the remainder of byte `i` followed
/// by `k` zero bytes. The hot loop reads them through a buffer pointer without bounds checks; the indices it
/// uses are a byte (0…255) plus a table offset, in range by construction.
enum CRC32CTables {
    static let entries: [UInt32] = {
        var entries = [UInt32](repeating: 0, count: 16 * 256)
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
        return entries
    }()
}
