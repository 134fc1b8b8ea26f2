import Foundation
import Primitives
import StorageAPI

/// The checksums a stored object carries, in their wire form (base64).
struct ObjectDigests: Sendable, Equatable {
    /// Base64 of the 16-byte MD5 digest (24 characters).
    var md5Hash: String
    /// Base64 of the big-endian CRC32C (8 characters).
    var crc32c: String
    /// The quoted hex MD5 that downloads carry as `ETag` (`MediaETag`), made once rather than per read.
    var mediaETag: String

    init(md5: MD5, crc32c: CRC32C) {
        md5Hash = Base64.encode(md5.finalize())
        self.crc32c = CRC32C.base64(crc32c.finalize())
        mediaETag = MediaETag.of(md5Base64: md5Hash)
    }

    /// Digests stored before in their wire form; nil when either is not.
    init?(md5Hash: String, crc32c: String) {
        guard case .success(let md5) = Base64.decode(md5Hash), md5.count == 16,
            case .success(let crc) = Base64.decode(crc32c), crc.count == 4
        else { return nil }
        self.md5Hash = md5Hash
        self.crc32c = crc32c
        mediaETag = MediaETag.of(md5Base64: md5Hash)
    }
}
