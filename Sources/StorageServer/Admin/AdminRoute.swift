import StorageAPI
import StorageWire

/// Where an `/internal/…` request goes: this server's own administration, for test harnesses.
enum AdminRoute: Equatable {
    /// `/internal/info`.
    case info
    /// `/internal/reset`.
    case reset
    /// `/internal/setRules`: the Firebase emulator's rules endpoint.
    case setRules
    /// `/internal/buckets/{bucket}/rules`.
    case rules(bucket: String)
    /// `/internal/buckets/{bucket}/faults`: the bucket's fault plan.
    case faults(bucket: String)
    /// `/internal/buckets/{bucket}/objects/{object}`: a fixture.
    case fixture(bucket: String, name: String)

    /// The paths of the administration, as the route table owns them for it.
    static let prefixes: [RoutePrefix] = [.exactly("/internal"), .under("/internal")]

    /// Nil when no route has this path; a malformed escape or bucket name is a 400.
    init?(path: String) throws(BackendError) {
        switch path {
        case "/internal/info":
            self = .info
            return
        case "/internal/reset":
            self = .reset
            return
        case "/internal/setRules":
            self = .setRules
            return
        default:
            break
        }
        let prefix = "/internal/buckets/"
        guard path.hasPrefix(prefix) else { return nil }
        let rest = path.dropFirst(prefix.count)
        guard let slash = rest.firstIndex(of: "/"), slash > rest.startIndex else { return nil }
        let bucket = try PathSegment.decode(rest[..<slash])
        try BucketNameRules.validate(bucket)
        let tail = rest[slash...]
        switch tail {
        case "/rules": self = .rules(bucket: bucket)
        case "/faults": self = .faults(bucket: bucket)
        default:
            guard tail.hasPrefix("/objects/") else { return nil }
            self = .fixture(bucket: bucket, name: try PathSegment.decode(tail.dropFirst("/objects/".count)))
        }
    }

    /// The methods the route answers (`HEAD` wherever `GET` is); others get 405 with this list in `Allow`.
    var allowedMethods: [String] {
        switch self {
        case .info: ["GET", "HEAD"]
        case .reset: ["POST"]
        case .setRules: ["PUT"]
        case .rules: ["GET", "HEAD", "PUT", "DELETE"]
        case .faults: ["GET", "HEAD", "PUT", "DELETE"]
        case .fixture: ["PUT"]
        }
    }
}
