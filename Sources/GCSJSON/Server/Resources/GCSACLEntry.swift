import Primitives
import StorageAPI
import StorageWire

/// One access-control entry of a bucket, a bucket's default object ACL or an object: an entity and its role
/// (docs/gcs-dialect.md §7). Only stored and answered: `serve` does not enforce ACLs.
package struct GCSACLEntry: Sendable, Equatable {
    package var entity: String
    package var role: String

    /// The project every bucket of `serve` belongs to, as ACL entities name it.
    static let projectNumber = "0"

    /// Checks the entity's form and the role: 400 for anything GCS would refuse. `WRITER` is a bucket role only.
    init(entity: String, role: String, onObject: Bool) throws(BackendError) {
        let roles = onObject ? ["OWNER", "READER"] : ["OWNER", "WRITER", "READER"]
        guard roles.contains(role) else {
            throw .badRequest("Invalid role \"\(role)\": expected one of \(roles.joined(separator: ", ")).")
        }
        guard Self.isEntity(entity) else {
            throw .badRequest(
                "Invalid entity \"\(entity)\": expected allUsers, allAuthenticatedUsers, user-EMAIL, group-EMAIL, domain-DOMAIN or project-(owners|editors|viewers)-NUMBER."
            )
        }
        self.entity = entity
        self.role = role
    }

    private init(_ entity: String, _ role: String) {
        self.entity = entity
        self.role = role
    }

    /// Reads `{"entity": …, "role": …}`.
    init(json: JSONValue, onObject: Bool) throws(BackendError) {
        let object = try WireObject(json, what: "the access control entry", side: .request)
        try self.init(
            entity: try object.requiredString("entity"), role: try object.requiredString("role"), onObject: onObject)
    }

    static func isEntity(_ entity: String) -> Bool {
        if entity == "allUsers" || entity == "allAuthenticatedUsers" { return true }
        for prefix in ["user-", "group-", "domain-"] where entity.hasPrefix(prefix) {
            return entity.count > prefix.count
        }
        for team in ["owners", "editors", "viewers"] where entity.hasPrefix("project-\(team)-") {
            let number = entity.dropFirst("project-\(team)-".count)
            return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
        }
        return false
    }

    /// A `predefinedAcl` (`predefinedDefaultObjectAcl`) by name; 400 for a name that is not one. A bucket takes the
    /// object-only names too, as storage-testbench does and python-storage's `BucketACL.save_predefined` sends them:
    /// the bucket's owner is its project's owners, so both give them `OWNER` alone (docs/gcs-dialect.md §8).
    static func predefined(_ name: String, onObject: Bool) throws(BackendError) -> [GCSACLEntry] {
        let project = projectNumber
        let owners = GCSACLEntry("project-owners-\(project)", "OWNER")
        let projectPrivate = [
            owners, GCSACLEntry("project-editors-\(project)", "OWNER"),
            GCSACLEntry("project-viewers-\(project)", "READER"),
        ]
        switch (name, onObject) {
        case ("private", _): return [owners]
        case ("projectPrivate", _): return projectPrivate
        case ("publicRead", _): return [owners, GCSACLEntry("allUsers", "READER")]
        case ("authenticatedRead", _): return [owners, GCSACLEntry("allAuthenticatedUsers", "READER")]
        case ("publicReadWrite", false): return [owners, GCSACLEntry("allUsers", "WRITER")]
        case ("bucketOwnerFullControl", _), ("bucketOwnerRead", _): return [owners]
        default:
            let names =
                onObject
                ? "authenticatedRead, bucketOwnerFullControl, bucketOwnerRead, private, projectPrivate, publicRead"
                : "authenticatedRead, bucketOwnerFullControl, bucketOwnerRead, private, projectPrivate, publicRead, publicReadWrite"
            throw .badRequest("Invalid predefined ACL \"\(name)\": expected one of \(names).")
        }
    }

    /// The entry as the JSON API answers it; `object` and `generation` for an object's.
    func json(kind: String, bucket: String, object: String? = nil, generation: Int64? = nil) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("kind", .string(kind)),
            .init(
                "id",
                .string([bucket, object, generation.map(String.init), entity].compactMap { $0 }.joined(separator: "/"))),
            .init("bucket", .string(bucket)),
        ]
        if let object { members.append(.init("object", .string(object))) }
        if let generation { members.append(.init("generation", .string(String(generation)))) }
        members.append(.init("entity", .string(entity)))
        members.append(.init("role", .string(role)))
        for prefix in ["user-", "group-"] where entity.hasPrefix(prefix) && entity.contains("@") {
            members.append(.init("email", .string(String(entity.dropFirst(prefix.count)))))
        }
        if entity.hasPrefix("domain-") { members.append(.init("domain", .string(String(entity.dropFirst(7))))) }
        members.append(.init("etag", .string("CAE=")))
        return .object(members)
    }

    /// Reads a list of entries (a PATCH body's `acl`, `defaultObjectAcl`).
    static func list(_ value: JSONValue, onObject: Bool) throws(BackendError) -> [GCSACLEntry] {
        guard case .array(let elements) = value else {
            throw .badRequest("An ACL must be a list of {entity, role} objects, not \(value.kindDescription).")
        }
        var entries: [GCSACLEntry] = []
        for element in elements { entries.append(try GCSACLEntry(json: element, onObject: onObject)) }
        return entries
    }
}
