import Foundation
import SecurityRules
import StorageAPI

/// What the server's `/internal/…` endpoints need from the service behind it, beyond `StorageBackend`:
/// rules, fixtures and a reset. `ReferenceBackend` has them all.
public protocol StorageAdministration: Sendable {
    /// Drops every object, upload session and bucket's own rules; the rules of every bucket stay.
    func reset()
    /// Sets the rules of one bucket; nil drops them (the bucket follows the rules of every bucket).
    func setRules(_ program: RulesProgram?, bucket: String)
    /// Sets the rules of every bucket without rules of its own; nil allows everything there.
    func setRulesForEveryBucket(_ program: RulesProgram?)
    /// The rules `bucket` is decided with; nil when everything is allowed.
    func rules(for bucket: String) -> RulesProgram?
    /// Stores a fixture as is: no name checks, no rules, the given stamps.
    @discardableResult
    func seed(bucket: String, name: String, data: Data, metadata: ObjectMetadataFields, stamps: FixedStamps)
        throws(BackendError) -> ObjectResource
}

extension ReferenceBackend: StorageAdministration {}
