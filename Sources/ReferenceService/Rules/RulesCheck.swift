import Foundation
import SecurityRules
import StorageAPI

/// One caller's request put to a bucket's rules, outside the store's lock: the program and the objects were read
/// under it (see `ReferenceBackend`, "Rules and the lock"). Without a program everything is allowed, and nothing
/// is built.
struct RulesCheck {
    let program: RulesProgram?
    let bucket: String
    let caller: Caller

    /// What production answers a request the rules refuse (recorded: listAllFailed, listSinglePageFailed).
    static let permissionDenied = "Permission denied. Could not perform this operation"

    /// Throws 403 unless the rules allow `method` on `path` for the caller; `resource` is the stored object,
    /// `incoming` the object as the write would store it (built only when there are rules to read it).
    func require(
        _ method: RulesMethod, path: String, resource: StoredObject?, incoming: () -> RulesObject? = { nil }
    ) throws(BackendError) {
        guard let decision = decide(method, path: path, resource: resource, incoming: incoming) else { return }
        guard !decision.allowed else { return }
        throw denial(of: method)
    }

    /// The decision, or nil when there are no rules (everything allowed); recorded in `RulesDecisionLog.current`.
    func decide(
        _ method: RulesMethod, path: String, resource: StoredObject?, incoming: () -> RulesObject? = { nil }
    ) -> RulesDecision? {
        guard let program else { return nil }
        let decision = program.decide(
            RulesRequest(
                method: method, bucket: bucket, path: path, auth: caller.rulesAuth,
                resource: resource?.rulesObject(bucket: bucket), incoming: incoming(), time: Date(),
                params: RulesRequestParams.current))
        RulesDecisionLog.current?.record(method, decision)
        return decision
    }

    /// Refuses a write from its head alone, before its body is read, when the rules deny it whatever the unknown
    /// fields of the incoming object turn out to be: the decision read none of the fields the head does not
    /// tell (`known`). A decision that read one (a size limit when the size is not declared) waits for the body.
    func requireFromHead(
        _ method: RulesMethod, path: String, resource: StoredObject?, incoming: RulesObject,
        known: Set<ObjectField>
    ) throws(BackendError) {
        guard let decision = decide(method, path: path, resource: resource, incoming: { incoming }),
            !decision.allowed, decision.incomingFieldsRead.isSubset(of: known.map(\.wireName))
        else { return }
        throw denial(of: method)
    }

    private func denial(of method: RulesMethod) -> BackendError {
        if method == .list, program?.version == 1 {
            return .forbidden(RulesProgram.versionOneListMessage)
        }
        return .forbidden(Self.permissionDenied)
    }
}
