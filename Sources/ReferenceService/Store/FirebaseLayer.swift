import Foundation
import Primitives
import StorageAPI

/// What the Firebase v0 layer adds to a new object (`StorageLayer.firebase`); Cloud Storage's own APIs add none.
enum FirebaseLayer {
    /// `metadata` with the layer's defaults filled in: a missing `Content-Disposition` becomes
    /// `defaultDisposition(for:)`.
    static func withDefaults(_ metadata: ObjectMetadataFields, name: String) -> ObjectMetadataFields {
        var metadata = metadata
        if metadata.contentDisposition == nil { metadata.contentDisposition = defaultDisposition(for: name) }
        return metadata
    }

    /// Production's default for v0 uploads: `inline; filename*=utf-8''hello%20world.txt`, the last path segment
    /// percent-encoded as RFC 8187 allows in a value (recorded: uploadWithSpace).
    static func defaultDisposition(for name: String) -> String {
        let segment = name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? name
        let allowed = Set("!#$&+-.^_`|~".unicodeScalars)
        var encoded = ""
        for byte in segment.utf8 {
            let scalar = Unicode.Scalar(byte)
            if ASCII.isLetterOrDigit(byte) || allowed.contains(scalar) {
                encoded.unicodeScalars.append(scalar)
            } else {
                encoded += String(format: "%%%02X", byte)
            }
        }
        return "inline; filename*=utf-8''" + encoded
    }
}
