import Foundation

/// The `ETag` of an object's bytes as production sends it on downloads: the quoted hex MD5. It changes with
/// the bytes and not with the metadata, so a download can resume with `If-Range` (recorded: fileDownload).
public enum MediaETag {
    /// `sCIP6j8equNgXkfW4ZTEQw==` → `"b0220fea3f1eaae3605e47d6e194c443"`.
    public static func of(md5Base64: String) -> String {
        guard case .success(let bytes) = Base64.decode(md5Base64) else { return "\"\(md5Base64)\"" }
        return "\"" + bytes.map { String(format: "%02x", $0) }.joined() + "\""
    }
}
