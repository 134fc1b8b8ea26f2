import StorageAPI
import StorageWire

/// Where an XML API request goes (docs/xml-dialect.md): path-style `/BUCKET` and `/BUCKET/OBJECT`, the object name
/// being everything after the bucket's slash, percent-decoded once (`object_store` escapes every byte but letters
/// and digits, `/` too; a raw `/` is kept as it is).
package enum XMLRoute: Equatable {
    case bucket(String)
    case object(ObjectAddress)

    /// First path segments that are other routes of `serve`, never buckets of the XML API.
    static let otherRoutes: Set<String> = [
        "v0", "storage", "upload", "download", "internal", "retry_test", "retry_tests",
    ]

    /// Whether `path` is path-style XML: its first segment, percent-decoded, is a valid bucket name that no other
    /// route of `serve` uses (`/%69nternal/…` is not the XML bucket `internal`).
    package static func claims(_ path: String) -> Bool {
        guard let segment = firstSegment(path), let name = GCSEscaping.percentDecode(String(segment)),
            !otherRoutes.contains(name)
        else { return false }
        return (try? BucketNameRules.validate(name)) != nil
    }

    /// Nil when the path is not path-style XML; a malformed escape is a 400.
    package init?(path: String) throws(BackendError) {
        guard Self.claims(path), let segment = Self.firstSegment(path),
            let bucket = GCSEscaping.percentDecode(String(segment))
        else { return nil }
        let rest = path.dropFirst(1 + segment.count)
        guard rest.count > 1 else {
            self = .bucket(bucket)
            return
        }
        guard let name = GCSEscaping.percentDecode(String(rest.dropFirst())) else {
            throw .badRequest("The object name in \(path) has a malformed percent escape.")
        }
        self = .object(ObjectAddress(bucket: bucket, name: name))
    }

    private static func firstSegment(_ path: String) -> Substring? {
        guard path.hasPrefix("/") else { return nil }
        let segment = path.dropFirst().prefix { $0 != "/" }
        return segment.isEmpty ? nil : segment
    }
}
