import Foundation

/// The digests of `hashing.*`, written from their specifications (RFC 1321, FIPS 180-4, and the reflected CRC-32
/// polynomials of IEEE 802.3 and Castagnoli).
enum Hashing {
    static func crc32(_ bytes: [UInt8]) -> [UInt8] { crc(bytes, table: ieeeTable) }

    static func crc32c(_ bytes: [UInt8]) -> [UInt8] { crc(bytes, table: castagnoliTable) }

    private static let ieeeTable = table(polynomial: 0xEDB8_8320)
    private static let castagnoliTable = table(polynomial: 0x82F6_3B78)

    private static func table(polynomial: UInt32) -> [UInt32] {
        (0..<256).map { index in
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ polynomial : value >> 1 }
            return value
        }
    }

    private static func crc(_ bytes: [UInt8], table: [UInt32]) -> [UInt8] {
        var value: UInt32 = 0xFFFF_FFFF
        for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        value ^= 0xFFFF_FFFF
        return [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// The message padded to whole 64-byte blocks with its bit length, little- or big-endian.
    private static func padded(_ bytes: [UInt8], bigEndian: Bool) -> [UInt8] {
        var message = bytes
        let bitLength = UInt64(bytes.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for index in 0..<8 {
            let shift = bigEndian ? UInt64(56 - 8 * index) : UInt64(8 * index)
            message.append(UInt8((bitLength >> shift) & 0xFF))
        }
        return message
    }

    static func md5(_ bytes: [UInt8]) -> [UInt8] {
        let shifts: [UInt32] = [
            7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9,
            14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10,
            15, 21, 6, 10, 15, 21,
        ]
        let constants: [UInt32] = (0..<64).map {
            UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296))
        }
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476]
        let message = padded(bytes, bigEndian: false)
        for blockStart in stride(from: 0, to: message.count, by: 64) {
            var words = [UInt32](repeating: 0, count: 16)
            for index in 0..<16 {
                for byte in 0..<4 {
                    words[index] |= UInt32(message[blockStart + index * 4 + byte]) << (8 * UInt32(byte))
                }
            }
            var (a, b, c, d) = (state[0], state[1], state[2], state[3])
            for round in 0..<64 {
                var mixed: UInt32
                var wordIndex: Int
                switch round {
                case 0..<16:
                    mixed = (b & c) | (~b & d)
                    wordIndex = round
                case 16..<32:
                    mixed = (d & b) | (~d & c)
                    wordIndex = (5 * round + 1) % 16
                case 32..<48:
                    mixed = b ^ c ^ d
                    wordIndex = (3 * round + 5) % 16
                default:
                    mixed = c ^ (b | ~d)
                    wordIndex = (7 * round) % 16
                }
                mixed = mixed &+ a &+ constants[round] &+ words[wordIndex]
                a = d
                d = c
                c = b
                b = b &+ ((mixed << shifts[round]) | (mixed >> (32 - shifts[round])))
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
        }
        return state.flatMap { word in (0..<4).map { UInt8((word >> (8 * UInt32($0))) & 0xFF) } }
    }

    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        let constants: [UInt32] = [
            0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
            0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
            0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
            0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
            0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
            0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
            0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
            0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
        ]
        var state: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ]
        func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { (value >> count) | (value << (32 - count)) }
        let message = padded(bytes, bigEndian: true)
        var words = [UInt32](repeating: 0, count: 64)
        for blockStart in stride(from: 0, to: message.count, by: 64) {
            for index in 0..<16 {
                words[index] = (0..<4).reduce(0) { $0 << 8 | UInt32(message[blockStart + index * 4 + $1]) }
            }
            for index in 16..<64 {
                let low = rotate(words[index - 15], 7) ^ rotate(words[index - 15], 18) ^ (words[index - 15] >> 3)
                let high = rotate(words[index - 2], 17) ^ rotate(words[index - 2], 19) ^ (words[index - 2] >> 10)
                words[index] = words[index - 16] &+ low &+ words[index - 7] &+ high
            }
            var work = state
            for index in 0..<64 {
                let sum1 = rotate(work[4], 6) ^ rotate(work[4], 11) ^ rotate(work[4], 25)
                let choose = (work[4] & work[5]) ^ (~work[4] & work[6])
                let first = work[7] &+ sum1 &+ choose &+ constants[index] &+ words[index]
                let sum0 = rotate(work[0], 2) ^ rotate(work[0], 13) ^ rotate(work[0], 22)
                let majority = (work[0] & work[1]) ^ (work[0] & work[2]) ^ (work[1] & work[2])
                let second = sum0 &+ majority
                work = [first &+ second, work[0], work[1], work[2], work[3] &+ first, work[4], work[5], work[6]]
            }
            for index in 0..<8 { state[index] &+= work[index] }
        }
        return state.flatMap { word in (0..<4).map { UInt8((word >> (24 - 8 * UInt32($0))) & 0xFF) } }
    }
}
