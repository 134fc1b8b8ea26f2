import Foundation
import Primitives
import StorageAPI
import StorageWire

extension GCSBucketState {
    /// The bucket fields a `PATCH` or `PUT` writes; others (`name`, `id`, `timeCreated`, …) are read-only and
    /// ignored, as GCS ignores them.
    static let writableFields: Set<String> = [
        "autoclass", "billing", "cors", "customPlacementConfig", "defaultEventBasedHold", "encryption",
        "hierarchicalNamespace", "iamConfiguration", "ipFilter", "labels", "lifecycle", "logging",
        "objectRetention", "retentionPolicy", "rpo", "softDeletePolicy", "storageClass", "versioning", "website",
    ]

    /// The longest retention period GCS takes, in seconds (100 years).
    static let longestRetention: Int64 = 3_155_760_000

    /// Applies a `PATCH` body (`replace`: a `PUT`, which removes what the body leaves out) and the query's
    /// `predefinedAcl` and `predefinedDefaultObjectAcl`, then counts a new metageneration.
    mutating func apply(_ body: Data, replace: Bool, query: QueryParameters) throws(BackendError) {
        let object =
            WireObject.isBlank(body)
            ? try WireObject(.object([]), what: "the bucket", side: .request)
            : try WireObject(parsing: body, what: "the bucket", side: .request)
        var fields = replace ? [:] : self.fields
        if replace, let locked = self.fields["retentionPolicy"], isRetentionLocked {
            fields["retentionPolicy"] = locked
        }
        for member in object.members where Self.writableFields.contains(member.key) {
            switch (member.key, member.value) {
            case ("retentionPolicy", let value):
                fields["retentionPolicy"] = try retentionPolicy(value)
            case ("labels", .object(let labels)) where !replace:
                fields["labels"] = Self.merged(fields["labels"], labels)
            case ("labels", .object), (_, .object), (_, .array), (_, .string), (_, .bool), (_, .number):
                fields[member.key] = member.value
            case (_, .null):
                fields[member.key] = nil
            }
        }
        if case .object(let labels)? = fields["labels"] {
            for label in labels where label.value.stringValue == nil {
                throw .badRequest("Invalid label \"\(label.key)\": a label's value must be a string.")
            }
        }
        if let acl = object["acl"] { self.acl = try GCSACLEntry.list(acl, onObject: false) }
        if let acl = object["defaultObjectAcl"] { defaultObjectACL = try GCSACLEntry.list(acl, onObject: true) }
        if let name = query["predefinedAcl"] { acl = try GCSACLEntry.predefined(name, onObject: false) }
        if let name = query["predefinedDefaultObjectAcl"] {
            defaultObjectACL = try GCSACLEntry.predefined(name, onObject: true)
        }
        self.fields = fields
        metageneration += 1
    }

    /// A label patch: `null` removes a key, a string sets it.
    private static func merged(_ current: JSONValue?, _ patch: [JSONValue.Member]) -> JSONValue {
        var labels: [JSONValue.Member] = []
        if case .object(let members)? = current { labels = members }
        for entry in patch {
            labels.removeAll { $0.key == entry.key }
            if case .null = entry.value { continue }
            labels.append(entry)
        }
        return .object(labels.sorted { $0.key < $1.key })
    }

    /// A new `retentionPolicy` (nil removes it): a locked one can be neither removed nor shortened (403).
    private func retentionPolicy(_ value: JSONValue) throws(BackendError) -> JSONValue? {
        let current = fields["retentionPolicy"]?["retentionPeriod"]?.integerValue
        guard case .object = value else {
            guard case .null = value else {
                throw .badRequest("retentionPolicy must be an object, not \(value.kindDescription).")
            }
            if isRetentionLocked {
                throw BackendError(status: 403, "The bucket's retention policy is locked: it cannot be removed.")
            }
            return nil
        }
        guard let period = value["retentionPeriod"]?.integerValue, (1...Self.longestRetention).contains(period)
        else {
            throw .badRequest(
                "Invalid retentionPolicy.retentionPeriod: expected a whole number of seconds from 1 to \(Self.longestRetention)."
            )
        }
        if isRetentionLocked, let current, period < current {
            throw BackendError(status: 403, "The bucket's retention policy is locked: it can only be lengthened.")
        }
        return .members([
            "retentionPeriod": .string(String(period)),
            "effectiveTime": .string(StorageDateFormat.string(from: Date())),
            "isLocked": .bool(isRetentionLocked),
        ])
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
