import Foundation
import StorageAPI

/// What the server's `/internal/…` endpoints need from the service behind it, beyond `StorageBackend`:
/// rules per bucket, fixtures and a reset. `ReferenceBackend` has them all.
public protocol StorageAdministration: Sendable {
    /// Drops every object, upload session and rule.
    func reset()
    func setRules(_ rules: StorageRules, bucket: String)
    func rules(for bucket: String) -> StorageRules
    /// Stores a fixture as is: no name checks, no rules, the given stamps.
    @discardableResult
    func seed(bucket: String, name: String, data: Data, metadata: ObjectMetadataFields, stamps: FixedStamps)
        throws(BackendError) -> ObjectResource
}

extension ReferenceBackend: StorageAdministration {}
