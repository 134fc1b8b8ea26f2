import Foundation
import Primitives
import StorageAPI
import StorageWire

extension GCSBucketState {
    /// Applies an insert's, a `PATCH`'s or a `PUT`'s body field by field as `GCSBucketField.table` says
    /// (`replace`: an insert or `PUT`, which removes what the body leaves out), then the query's `predefinedAcl` and
    /// `predefinedDefaultObjectAcl`, and counts a new metageneration. Nothing changes when a check fails.
    mutating func apply(_ body: Data, replace: Bool, query: QueryParameters) throws(BackendError) {
        let object =
            WireObject.isBlank(body)
            ? try WireObject(.object([]), what: "the bucket", side: .request)
            : try WireObject(parsing: body, what: "the bucket", side: .request)
        var next = self
        if replace {
            next.fields = fields.filter { GCSBucketField.named($0.key)?.keptByReplace(self) == true }
        }
        for member in object.members {
            try GCSBucketField.named(member.key)?.write(member.value, into: &next, before: self, replace: replace)
        }
        if let name = query["predefinedAcl"] { next.acl = try GCSACLEntry.predefined(name, onObject: false) }
        if let name = query["predefinedDefaultObjectAcl"] {
            next.defaultObjectACL = try GCSACLEntry.predefined(name, onObject: true)
        }
        next.metageneration += 1
        self = next
    }

    /// `lockRetentionPolicy`: the policy is locked for good.
    mutating func lockRetention() throws(BackendError) {
        guard case .object(var members)? = fields["retentionPolicy"] else {
            throw .badRequest("The bucket has no retention policy to lock.")
        }
        members.removeAll { $0.key == "isLocked" }
        members.append(.init("isLocked", .bool(true)))
        fields["retentionPolicy"] = .object(members)
        metageneration += 1
    }
}
