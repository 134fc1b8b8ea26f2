import StorageAPI
import StorageWire

/// Where a GCS JSON API request goes (docs/gcs-dialect.md §1), read from its raw path. Names are
/// percent-decoded once, as on the v0 routes.
package enum GCSRoute: Equatable {
    /// `/storage/v1/b`: list and create buckets.
    case buckets
    /// `/storage/v1/b/{bucket}`.
    case bucket(String)
    /// `/storage/v1/b/{bucket}/o`: list objects.
    case objects(bucket: String)
    /// `/storage/v1/b/{bucket}/o/{object}` and `/download/storage/v1/b/{bucket}/o/{object}`.
    case object(ObjectAddress, download: Bool)
    /// `/storage/v1/b/{b}/o/{o}/copyTo/b/{b2}/o/{o2}` (`rewrite` for `rewriteTo`).
    case copy(from: ObjectAddress, to: ObjectAddress, rewrite: Bool)
    /// `/upload/storage/v1/b/{bucket}/o`: media, multipart and resumable uploads, and their sessions.
    case upload(bucket: String)
    /// `/storage/v1/b/{bucket}/{sub}[/{item}]` and `/storage/v1/b/{b}/o/{o}/{sub}[/{item}]`: ACLs, IAM,
    /// notifications, `lockRetentionPolicy`, `compose` (`GCSSubresource`).
    case bucketPart(String, GCSSubresource, item: String?)
    /// An object's ACL collection (`acl`) and `compose` target.
    case objectPart(ObjectAddress, GCSSubresource, item: String?)
    /// `/storage/v1/projects/{project}/hmacKeys[/{accessId}]` and `…/serviceAccount`.
    case project(String, GCSSubresource, item: String?)
    /// A path of the JSON API that `serve` does not implement (answered 501).
    case unimplemented

    /// The paths of the GCS JSON API, as `serve`'s route table owns them for it.
    package static let prefixes: [RoutePrefix] = [
        .exactly("/storage/v1"), .under("/storage/v1"), .under("/upload/storage/v1"), .under("/download/storage/v1"),
    ]

    /// Whether `path` belongs to the GCS JSON API at all.
    static func claims(_ path: String) -> Bool {
        prefixes.contains { $0.matches(path) }
    }

    /// Nil when no route has this path; a malformed escape or bucket name is a 400.
    package init?(path: String) throws(BackendError) {
        if path.hasPrefix("/upload/storage/v1/b/") {
            let parts = path.dropFirst("/upload/storage/v1/b/".count).split(
                separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1] == "o" else { return nil }
            self = .upload(bucket: try Self.bucket(parts[0]))
            return
        }
        let download = path.hasPrefix("/download/storage/v1/")
        let rest = download ? path.dropFirst("/download".count) : Substring(path)
        if !download, let project = try Self.project(rest) {
            self = project
            return
        }
        guard rest.hasPrefix("/storage/v1/b") else {
            guard Self.claims(path) else { return nil }
            self = .unimplemented
            return
        }
        let tail = rest.dropFirst("/storage/v1/b".count)
        if tail.isEmpty || tail == "/" {
            guard !download else { return nil }
            self = .buckets
            return
        }
        guard tail.hasPrefix("/") else { return nil }
        let afterB = tail.dropFirst()
        guard let slash = afterB.firstIndex(of: "/") else {
            guard !download else { return nil }
            self = .bucket(try Self.bucket(afterB))
            return
        }
        let bucket = try Self.bucket(afterB[..<slash])
        let objectPart = afterB[slash...]
        if !download, !objectPart.hasPrefix("/o/"), objectPart != "/o" {
            self = try Self.bucketPart(bucket, objectPart.dropFirst())
            return
        }
        if objectPart == "/o" || objectPart == "/o/" {
            guard !download else { return nil }
            self = .objects(bucket: bucket)
            return
        }
        guard objectPart.hasPrefix("/o/") else { return nil }
        let encodedName = objectPart.dropFirst(3)
        // Clients escape `/` in names, so only a path with a raw one can be a copy.
        let mayBeCopy = !download && encodedName.utf8.contains(UInt8(ascii: "/"))
        if mayBeCopy, let part = try Self.objectPart(bucket, encodedName) {
            self = part
            return
        }
        for (marker, rewrite) in [("/copyTo/b/", false), ("/rewriteTo/b/", true)] where mayBeCopy {
            guard let range = encodedName.firstRange(of: marker) else { continue }
            let target = encodedName[range.upperBound...]
            guard let targetSlash = target.firstRange(of: "/o/") else { return nil }
            self = .copy(
                from: ObjectAddress(bucket: bucket, name: try PathSegment.decode(encodedName[..<range.lowerBound])),
                to: ObjectAddress(
                    bucket: try Self.bucket(target[..<targetSlash.lowerBound]),
                    name: try PathSegment.decode(target[targetSlash.upperBound...])),
                rewrite: rewrite)
            return
        }
        self = .object(ObjectAddress(bucket: bucket, name: try PathSegment.decode(encodedName)), download: download)
    }

    /// The methods the route answers (`HEAD` wherever `GET` is).
    var allowedMethods: [String] {
        switch self {
        case .buckets: ["GET", "HEAD", "POST"]
        case .bucket: ["GET", "HEAD", "PATCH", "PUT", "DELETE"]
        case .objects: ["GET", "HEAD"]
        case .object(_, let download): download ? ["GET", "HEAD"] : ["GET", "HEAD", "PATCH", "PUT", "DELETE"]
        case .copy: ["POST"]
        case .upload: ["POST", "PUT", "DELETE"]
        case .bucketPart(_, let part, let item), .objectPart(_, let part, let item), .project(_, let part, let item):
            part.allowedMethods(item: item)
        case .unimplemented: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]
        }
    }

    static func bucket(_ text: Substring) throws(BackendError) -> String {
        let name = try PathSegment.decode(text)
        try BucketNameRules.validate(name)
        return name
    }

}
