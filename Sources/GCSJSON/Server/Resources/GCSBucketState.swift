import Foundation
import Primitives

/// What `serve` keeps of a bucket beyond its name and creation time (docs/gcs-dialect.md §7): the metadata a
/// `PATCH`/`PUT` sets, the ACL, the default object ACL, the IAM policy and the notification configurations; kept
/// as one sidecar record beside the bucket (`record`), so a bucket made again starts afresh.
struct GCSBucketState: Sendable {
    var metageneration: Int64 = 1
    /// Writable metadata fields by name (`labels`, `versioning`, `cors`, `lifecycle`, `retentionPolicy`, …).
    var fields: [String: JSONValue] = [:]
    var acl: [GCSACLEntry]
    var defaultObjectACL: [GCSACLEntry]
    /// The IAM policy's `bindings`, and its version counter (the etag).
    var bindings: [JSONValue]
    var policyVersion: Int64 = 1
    var notifications: [(id: String, config: JSONValue)] = []
    var nextNotification = 1

    init() {
        acl = (try? GCSACLEntry.predefined("projectPrivate", onObject: false)) ?? []
        defaultObjectACL = (try? GCSACLEntry.predefined("projectPrivate", onObject: true)) ?? []
        let project = GCSACLEntry.projectNumber
        bindings = [
            Self.binding(
                "roles/storage.legacyBucketOwner", ["projectEditor:\(project)", "projectOwner:\(project)"]),
            Self.binding("roles/storage.legacyBucketReader", ["projectViewer:\(project)"]),
        ]
    }

    private static func binding(_ role: String, _ members: [String]) -> JSONValue {
        .members(["role": .string(role), "members": .array(members.map(JSONValue.string))])
    }

    /// The `retentionPolicy` is locked: it can no longer be removed or shortened.
    var isRetentionLocked: Bool {
        if case .bool(true)? = fields["retentionPolicy"]?["isLocked"] { return true }
        return false
    }
}
