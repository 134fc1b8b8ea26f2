import Foundation
import Primitives
import StorageAPI
import StorageWire

extension GCSBucketField {
    /// Every bucket field `serve` knows, one row each, in the order an answer shows the computed ones. A field a
    /// write names that is not here is ignored, as GCS ignores it.
    static let table: [GCSBucketField] = [
        .init(name: "kind", writing: .outputOnly, shown: { _ in .string("storage#bucket") }),
        .init(name: "id", writing: .outputOnly, shown: { .string($0.bucket.name) }),
        .init(name: "name", writing: .outputOnly, shown: { .string($0.bucket.name) }),
        .init(
            name: "selfLink", writing: .outputOnly,
            shown: { .string($0.base + "/storage/v1/b/" + GCSEscaping.escape($0.bucket.name)) }),
        .init(name: "projectNumber", writing: .outputOnly, shown: { _ in .string(GCSACLEntry.projectNumber) }),
        .init(name: "metageneration", writing: .outputOnly, shown: { .string(String($0.state.metageneration)) }),
        .init(name: "location", writing: .outputOnly, shown: { _ in .string("US") }),
        .init(name: "locationType", writing: .outputOnly, shown: { _ in .string("multi-region") }),
        .init(name: "storageClass", writing: .replaced, kind: .string, shown: { _ in .string("STANDARD") }),
        .init(
            name: "etag", writing: .outputOnly,
            shown: { .string(Data("\($0.state.metageneration)".utf8).base64EncodedString()) }),
        .init(
            name: "timeCreated", writing: .outputOnly,
            shown: { .string(StorageDateFormat.string(from: $0.bucket.timeCreated)) }),
        .init(
            name: "updated", writing: .outputOnly,
            shown: { .string(StorageDateFormat.string(from: $0.bucket.timeCreated)) }),
        .init(name: "autoclass", writing: .replaced),
        .init(name: "billing", writing: .replaced),
        .init(name: "cors", writing: .replaced, kind: .array),
        .init(name: "customPlacementConfig", writing: .replaced),
        .init(name: "defaultEventBasedHold", writing: .replaced, kind: .bool),
        .init(name: "encryption", writing: .replaced),
        .init(name: "hierarchicalNamespace", writing: .replaced),
        .init(name: "iamConfiguration", writing: .replaced),
        .init(name: "ipFilter", writing: .replaced),
        .init(name: "labels", writing: .mergedByKey, check: checkedLabels),
        .init(name: "lifecycle", writing: .replaced),
        .init(name: "logging", writing: .replaced),
        .init(name: "objectRetention", writing: .replaced),
        .init(
            name: "retentionPolicy", writing: .replaced, check: checkedRetentionPolicy,
            keptByReplace: { $0.isRetentionLocked }),
        .init(name: "rpo", writing: .replaced, kind: .string),
        .init(name: "softDeletePolicy", writing: .replaced),
        .init(name: "versioning", writing: .replaced),
        .init(name: "website", writing: .replaced),
        .init(
            name: "acl", writing: .accessList(onObject: false), fullOnly: true,
            shown: { view in
                .array(view.state.acl.map { $0.json(kind: "storage#bucketAccessControl", bucket: view.bucket.name) })
            }),
        .init(
            name: "defaultObjectAcl", writing: .accessList(onObject: true), fullOnly: true,
            shown: { view in
                .array(
                    view.state.defaultObjectACL.map {
                        $0.json(kind: "storage#objectAccessControl", bucket: view.bucket.name)
                    })
            }),
        .init(
            name: "owner", writing: .outputOnly, fullOnly: true,
            shown: { _ in .members(["entity": .string("project-owners-\(GCSACLEntry.projectNumber)")]) }),
    ]

    /// The longest retention period GCS takes, in seconds (100 years).
    static let longestRetention: Int64 = 3_155_760_000

    /// Every label's value is a string (a `PATCH`'s `null`s are gone by now).
    private static func checkedLabels(_ value: JSONValue, _: GCSBucketState) throws(BackendError) -> JSONValue? {
        guard case .object(let labels) = value else { return nil }
        for label in labels where label.value.stringValue == nil {
            throw .badRequest("Invalid label \"\(label.key)\": a label's value must be a string.")
        }
        return value
    }

    /// A new `retentionPolicy` (nil removes it): a locked one can be neither removed nor shortened (403).
    private static func checkedRetentionPolicy(_ value: JSONValue, _ state: GCSBucketState) throws(BackendError)
        -> JSONValue?
    {
        guard case .object = value else {
            if state.isRetentionLocked {
                throw BackendError(status: 403, "The bucket's retention policy is locked: it cannot be removed.")
            }
            return nil
        }
        guard let period = value["retentionPeriod"]?.integerValue, (1...longestRetention).contains(period) else {
            throw .badRequest(
                "Invalid retentionPolicy.retentionPeriod: expected a whole number of seconds from 1 to \(longestRetention)."
            )
        }
        let current = state.fields["retentionPolicy"]?["retentionPeriod"]?.integerValue
        if state.isRetentionLocked, let current, period < current {
            throw BackendError(status: 403, "The bucket's retention policy is locked: it can only be lengthened.")
        }
        return .members([
            "retentionPeriod": .string(String(period)),
            "effectiveTime": .string(StorageDateFormat.string(from: Date())),
            "isLocked": .bool(state.isRetentionLocked),
        ])
    }
}
