import Foundation
import ReferenceService
import Reports
import ScenarioLanguage
import SecurityRules
import StorageAPI
import StorageSDK

/// The bundled reference implementation, in process: every scenario gets its own `ReferenceBackend`.
public struct ReferenceTarget: Target {
    public init() {}

    public var name: String { "reference" }
    public var kind: TargetKind { .reference }

    public func openSession(for scenario: Scenario) throws(TargetFailure) -> any TargetSession {
        ReferenceSession(bucket: ScenarioBucket.name(for: scenario.id))
    }
}

/// A scenario's private in-memory service, on a virtual clock: retries back off without waiting.
final class ReferenceSession: TargetSession {
    let storage: Storage
    private let backend: ReferenceBackend

    init(bucket: String) {
        backend = ReferenceBackend()
        storage = Storage(bucket: bucket, backend: backend, clock: VirtualClock())
    }

    func seed(name: String, data: Data, metadata: ObjectMetadataFields, stamps: FixedStamps) throws(TargetFailure) {
        do {
            try backend.seed(bucket: storage.bucket, name: name, data: data, metadata: metadata, stamps: stamps)
        } catch {
            throw .failed("cannot store the fixture \(name): \(error)")
        }
    }

    func applyRules(_ rules: ScenarioRules) throws(TargetFailure) {
        do {
            backend.setRules(try RulesProgram(rules.source), bucket: storage.bucket)
        } catch {
            throw .failed("the rules do not load: \(error.description)")
        }
    }

    func close() {
        backend.reset()
    }
}

/// Bucket names for scenarios: stable per scenario id, so `$bucket` reads the same on every run.
public enum ScenarioBucket {
    /// `sc-<16 hex digits of the id's FNV-1a hash><suffix>`.
    public static func name(for scenarioID: String, suffix: String = "") -> String {
        let hex = String(StableHash.fnv1a(scenarioID), radix: 16)
        return "sc-" + String(repeating: "0", count: 16 - hex.count) + hex + suffix
    }
}
