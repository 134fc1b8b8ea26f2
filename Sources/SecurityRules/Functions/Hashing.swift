import Foundation
import Primitives

/// The digests of `hashing.*`, from the package's own hashers: each as its bytes, the CRCs big-endian.
enum Hashing {
    static func crc32(_ bytes: [UInt8]) -> [UInt8] {
        var crc = CRC32()
        bytes.withUnsafeBytes { crc.update($0) }
        return bigEndian(crc.value)
    }

    static func crc32c(_ bytes: [UInt8]) -> [UInt8] { bigEndian(CRC32C.checksum(of: Data(bytes))) }

    static func md5(_ bytes: [UInt8]) -> [UInt8] { MD5.digest(of: Data(bytes)) }

    static func sha256(_ bytes: [UInt8]) -> [UInt8] { SHA256.digest(of: Data(bytes)) }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
    }
}
