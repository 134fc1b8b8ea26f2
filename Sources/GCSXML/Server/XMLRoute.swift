import StorageAPI
import StorageWire

/// Where an XML API request goes (docs/xml-dialect.md): path-style `/BUCKET` and `/BUCKET/OBJECT`, the object name
/// being everything after the bucket's slash, percent-decoded once (`object_store` escapes every byte but letters
/// and digits, `/` too; a raw `/` is kept as it is).
package enum XMLRoute: Equatable {
    case bucket(String)
    case object(ObjectAddress)

    /// Whether a path whose first segment is `segment` is path-style XML: the segment, percent-decoded, is a
    /// valid bucket name that no other route of `serve` owns (`reserved`: `/%69nternal/…` is not the XML bucket
    /// `internal`).
    package static func claims(firstSegment segment: Substring, reserved: Set<String>) -> Bool {
        guard !segment.isEmpty, let name = GCSEscaping.percentDecode(String(segment)), !reserved.contains(name)
        else { return false }
        return (try? BucketNameRules.validate(name)) != nil
    }

    /// The route of a path the route table gave the XML API; nil when it names no bucket, a 400 for a malformed
    /// escape.
    package init?(path: String) throws(BackendError) {
        guard let segment = RoutePrefix.firstSegment(of: path), !segment.isEmpty,
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
}
