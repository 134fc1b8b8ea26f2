import Foundation
import Primitives
import TestSupport
import Testing

@Suite struct CRC32CTests {
    @Test func checkValue() {
        #expect(CRC32C.checksum(of: Data("123456789".utf8)) == 0xE306_9283)
    }

    @Test func emptyInputIsZero() {
        #expect(CRC32C.checksum(of: Data()) == 0)
        #expect(CRC32C().finalize() == 0)
        #expect(CRC32C.base64(0) == "AAAAAA==")
    }

    /// The iSCSI test patterns of RFC 3720, appendix B.4.
    @Test func rfc3720Vectors() {
        #expect(CRC32C.checksum(of: Data(repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum(of: Data(repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        #expect(CRC32C.checksum(of: Data((0..<32).map { UInt8($0) })) == 0x46DD_794E)
        #expect(CRC32C.checksum(of: Data((0..<32).reversed().map { UInt8($0) })) == 0x113F_DB5C)
    }

    @Test func base64IsBigEndian() {
        let value = CRC32C.checksum(of: Data("hello world".utf8))
        #expect(value == 3_381_945_770)
        #expect(CRC32C.base64(value) == "yZRlqg==")
        #expect(CRC32C.base64(value).count == 8)
    }

    /// Every length from 0 to 80 (all tails after 16-byte steps) against a bit-at-a-time reference.
    @Test func matchesBitwiseReferenceForEveryShortLength() {
        let data = pattern(80, seed: 3)
        for length in 0...80 {
            let slice = data.prefix(length)
            #expect(CRC32C.checksum(of: slice) == bitwiseCRC32C(slice), "length \(length)")
        }
    }

    @Test func streamingSplitAnywhereMatchesOneShot() {
        let data = pattern(1000, seed: 11)
        let whole = CRC32C.checksum(of: data)
        for split in [0, 1, 7, 8, 15, 16, 17, 500, 999, 1000] {
            var hasher = CRC32C()
            hasher.update(data.prefix(split))
            hasher.update(data.dropFirst(split))
            #expect(hasher.finalize() == whole, "split at \(split)")
        }
        #expect(whole == bitwiseCRC32C(data))
    }

    private func bitwiseCRC32C(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return ~crc
    }
}
