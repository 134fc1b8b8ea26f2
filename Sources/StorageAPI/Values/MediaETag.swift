import Foundation
import Primitives

/// The `ETag` of an object's bytes as production sends it on downloads: the quoted hex MD5. It changes with
/// the bytes and not with the metadata, so a download can resume with `If-Range` (recorded: fileDownload).
public enum MediaETag {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `sCIP6j8equNgXkfW4ZTEQw==` → `"b0220fea3f1eaae3605e47d6e194c443"`.
    public static func of(md5Base64: String) -> String {
        guard case .success(let bytes) = Base64.decode(md5Base64) else { return "\"\(md5Base64)\"" }
        var text: [UInt8] = [UInt8(ascii: "\"")]
        text.reserveCapacity(2 * bytes.count + 2)
        for byte in bytes {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        text.append(UInt8(ascii: "\""))
        return String(decoding: text, as: UTF8.self)
    }
}
