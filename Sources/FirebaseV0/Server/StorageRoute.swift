import StorageAPI
import StorageWire

/// Where a request goes, read from its raw path.
///
/// Bucket and object names are percent-decoded exactly once; a raw `/` in an object name is kept, so
/// `o/a//b` and `o/a%2F%2Fb` name the same object and `o/a/b` another. `+` is a literal plus in paths.
package enum StorageRoute: Equatable {
    /// `/v0` and `/v0/`.
    case serviceRoot
    /// `/v0/b/{bucket}/o`: list and uploads.
    case bucket(String)
    /// `/v0/b/{bucket}/o/{object}`; `…/o/` is the object with an empty name (which the service refuses).
    case object(bucket: String, name: String)

    /// Nil when no route has this path; a malformed escape is a 400.
    package init?(path: String) throws(BackendError) {
        if path == "/v0" || path == "/v0/" {
            self = .serviceRoot
        } else if path.utf8.starts(with: "/v0/b/".utf8) {
            let rest = path.utf8.dropFirst(6)
            guard let slash = rest.firstIndex(of: UInt8(ascii: "/")), slash > rest.startIndex else { return nil }
            let bucket = try PathSegment.decode(Substring(rest[..<slash]))
            let tail = rest[slash...]
            if tail.elementsEqual("/o".utf8) {
                self = .bucket(bucket)
            } else if tail.starts(with: "/o/".utf8) {
                self = .object(bucket: bucket, name: try PathSegment.decode(Substring(tail.dropFirst(3))))
            } else {
                return nil
            }
            try BucketNameRules.validate(bucket)
        } else {
            return nil
        }
    }

    /// The methods the route answers (`HEAD` wherever `GET` is); others get 405 with this list in `Allow`.
    package var allowedMethods: [String] {
        switch self {
        case .serviceRoot: ["GET", "HEAD"]
        case .bucket: ["GET", "HEAD", "POST", "PUT"]
        case .object: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]
        }
    }
}
