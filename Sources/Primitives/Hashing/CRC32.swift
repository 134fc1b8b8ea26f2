/// The CRC-32 of gzip and zip (IEEE, reflected polynomial 0xEDB88320): feed bytes with `update(_:)`, read the value
/// with `value`.
package struct CRC32: Sendable {
    private var state: UInt32 = 0xFFFF_FFFF

    package init() {}

    package var value: UInt32 { ~state }

    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = state
        Self.table.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        state = crc
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
}
