import Foundation
import Reports
import ScenarioLanguage
import StorageAPI
import StorageSDK

/// Where scenarios run. The runner asks a target for a fresh, isolated session per scenario and then
/// talks only to the session's `Storage`: it never looks behind it.
public protocol Target: Sendable {
    /// Shown in reports: `reference`, `http://127.0.0.1:9199`.
    var name: String { get }
    /// What scenarios name in `targets:`.
    var kind: TargetKind { get }
    /// A fresh bucket (or a reset endpoint) for one scenario, signed out.
    func openSession(for scenario: Scenario) throws(TargetFailure) -> any TargetSession
    /// Checks once, before a run, that the target can be used at all: reachable, and speaking the protocol
    /// it is meant to. The message says what was found instead.
    func checkUsable() throws(TargetFailure)
    /// What the target cannot express, each with the reason a scenario that needs it is skipped.
    var lacks: [ScenarioNeed: String] { get }
}

extension Target {
    public func checkUsable() throws(TargetFailure) {}

    public var lacks: [ScenarioNeed: String] { [:] }

    /// Why the target cannot run `scenario`, or nil when it can.
    package func unmetNeeds(of scenario: Scenario) -> String? {
        let unmet = scenario.needs.sorted().compactMap { need in lacks[need].map { "needs \(need.rawValue): \($0)" } }
        return unmet.isEmpty ? nil : unmet.joined(separator: "; ")
    }
}

/// One scenario's view of a target.
public protocol TargetSession: AnyObject, Sendable {
    /// The client for the session's bucket.
    var storage: Storage { get }
    /// Stores an object under its raw name, bypassing rules and name checks where the target can; fixed
    /// stamps need a target that can set them (else `.unsupported`).
    func seed(name: String, data: Data, metadata: ObjectMetadataFields, stamps: FixedStamps) throws(TargetFailure)
    /// Applies rules to the session's bucket (on a target whose rules are global, to every bucket while the
    /// session lasts); throws `.unsupported` when the target cannot take rules.
    func applyRules(_ rules: ScenarioRules) throws(TargetFailure)
    /// Releases what the session holds.
    func close()
    /// The target's own faults for the session's bucket; nil when it cannot carry faults out.
    var faultPlan: (any TargetFaultPlan)? { get }
    /// The HTTP exchanges the session's client made for its bucket so far, redacted and cut; none when the
    /// target records none.
    var exchanges: ExchangeTrace { get }
}

extension TargetSession {
    public var faultPlan: (any TargetFaultPlan)? { nil }
    public var exchanges: ExchangeTrace { .none }
}

/// Why a target could not do what the runner asked.
public enum TargetFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The target cannot do this at all: the scenario is skipped with this reason.
    case unsupported(String)
    /// It should have worked but did not: the scenario errors with this reason.
    case failed(String)

    public var description: String {
        switch self {
        case .unsupported(let reason), .failed(let reason): reason
        }
    }
}
