import StorageAPI
import StorageWire

/// What the JSON API names after a bucket, an object or a project (docs/gcs-dialect.md §7): ACL collections,
/// IAM, notifications, `lockRetentionPolicy`, `compose`, HMAC keys and the service account.
package enum GCSSubresource: String, Equatable, Sendable {
    case acl
    case defaultObjectAcl
    case iam
    case testPermissions
    case lockRetentionPolicy
    case notificationConfigs
    case compose
    case hmacKeys
    case serviceAccount

    /// Whether the path may name one item of it (`acl/{entity}`, `notificationConfigs/{id}`, `hmacKeys/{id}`).
    var hasItems: Bool {
        switch self {
        case .acl, .defaultObjectAcl, .notificationConfigs, .hmacKeys: true
        default: false
        }
    }

    func allowedMethods(item: String?) -> [String] {
        switch (self, item) {
        case (.acl, nil), (.defaultObjectAcl, nil), (.notificationConfigs, nil), (.hmacKeys, nil):
            ["GET", "HEAD", "POST"]
        case (.acl, _), (.defaultObjectAcl, _): ["GET", "HEAD", "PATCH", "PUT", "DELETE"]
        case (.notificationConfigs, _): ["GET", "HEAD", "DELETE"]
        case (.hmacKeys, _): ["GET", "HEAD", "PUT", "DELETE"]
        case (.iam, _): ["GET", "HEAD", "PUT"]
        case (.testPermissions, _), (.serviceAccount, _): ["GET", "HEAD"]
        case (.lockRetentionPolicy, _), (.compose, _): ["POST"]
        }
    }

    /// Reads `sub[/item]` (and `iam/testPermissions`) from the path's segments after the bucket, object or project.
    static func parse(_ parts: [Substring], among allowed: Set<GCSSubresource>) throws(BackendError) -> (
        GCSSubresource, String?
    )? {
        guard let first = parts.first else { return nil }
        if parts.count == 2, first == "iam", parts[1] == "testPermissions", allowed.contains(.testPermissions) {
            return (.testPermissions, nil)
        }
        guard let part = GCSSubresource(rawValue: String(first)), allowed.contains(part), part != .testPermissions
        else { return nil }
        switch parts.count {
        case 1: return (part, nil)
        case 2 where part.hasItems && !parts[1].isEmpty: return (part, try PathSegment.decode(parts[1]))
        default: return nil
        }
    }
}
