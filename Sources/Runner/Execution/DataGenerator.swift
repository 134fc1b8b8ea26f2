import Foundation
import ScenarioLanguage

/// Turns a scenario's data source into bytes.
///
/// `random` is SplitMix64 seeded with `seed`, each output word written little-endian, cut to the size:
/// the same seed and size give the same bytes on every machine, and any implementation can reproduce them.
public enum DataGenerator {
    public static func data(for source: DataSource) -> Data {
        switch source {
        case .text(let text): Data(text.utf8)
        case .base64(let bytes): Data(bytes)
        case .zeros(let size): Data(count: Int(size))
        case .empty: Data()
        case .random(let size, let seed): random(size: Int(size), seed: seed)
        }
    }

    static func random(size: Int, seed: UInt64) -> Data {
        var data = Data(count: size)
        var state = seed
        data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
            var offset = 0
            while offset < size {
                state &+= 0x9E37_79B9_7F4A_7C15
                var word = state
                word = (word ^ (word >> 30)) &* 0xBF58_476D_1CE4_E5B9
                word = (word ^ (word >> 27)) &* 0x94D0_49BB_1331_11EB
                word ^= word >> 31
                if size - offset >= 8 {
                    buffer.storeBytes(of: word.littleEndian, toByteOffset: offset, as: UInt64.self)
                    offset += 8
                } else {
                    for shift in stride(from: 0, to: 64, by: 8) where offset < size {
                        buffer[offset] = UInt8(truncatingIfNeeded: word >> UInt64(shift))
                        offset += 1
                    }
                }
            }
        }
        return data
    }
}
