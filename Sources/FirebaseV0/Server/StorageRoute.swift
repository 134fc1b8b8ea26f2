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
    /// `/internal/reset`.
    case reset
    /// `/internal/info`.
    case info
    /// `/internal/buckets/{bucket}/rules`.
    case rules(bucket: String)
    /// `/internal/buckets/{bucket}/objects/{object}`: a fixture.
    case fixture(bucket: String, name: String)

    /// The `/internal` routes: no CORS, and guarded by the `HostPolicy`.
    package var isAdministrative: Bool {
        switch self {
        case .reset, .info, .rules, .fixture: true
        case .serviceRoot, .bucket, .object: false
        }
    }

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
        } else if path == "/internal/reset" {
            self = .reset
        } else if path == "/internal/info" {
            self = .info
        } else if path.hasPrefix("/internal/buckets/"), let marker = path.range(of: "/objects/") {
            let middle = path[path.index(path.startIndex, offsetBy: "/internal/buckets/".count)..<marker.lowerBound]
            guard !middle.isEmpty, !middle.contains("/") else { return nil }
            let bucket = try PathSegment.decode(middle)
            try BucketNameRules.validate(bucket)
            self = .fixture(bucket: bucket, name: try PathSegment.decode(path[marker.upperBound...]))
        } else if path.hasPrefix("/internal/buckets/"), path.hasSuffix("/rules") {
            let middle = path.dropFirst("/internal/buckets/".count).dropLast("/rules".count)
            guard !middle.isEmpty, !middle.contains("/") else { return nil }
            let bucket = try PathSegment.decode(middle)
            try BucketNameRules.validate(bucket)
            self = .rules(bucket: bucket)
        } else {
            return nil
        }
    }

    /// The methods the route answers (`HEAD` wherever `GET` is); others get 405 with this list in `Allow`.
    package var allowedMethods: [String] {
        switch self {
        case .serviceRoot, .info: ["GET", "HEAD"]
        case .bucket: ["GET", "HEAD", "POST", "PUT"]
        case .object: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]
        case .reset: ["POST"]
        case .rules: ["GET", "HEAD", "PUT"]
        case .fixture: ["PUT"]
        }
    }
}
