import StorageModel

/// What the server's `/internal/…` endpoints need from the service behind it, beyond `StorageBackend`:
/// rules per bucket and a reset. `InMemoryBackend` has both.
public protocol StorageAdministration: Sendable {
    /// Drops every object, upload session and rule.
    func reset()
    func setRules(_ rules: StorageRules, bucket: String)
    func rules(for bucket: String) -> StorageRules
}

extension InMemoryBackend: StorageAdministration {}
