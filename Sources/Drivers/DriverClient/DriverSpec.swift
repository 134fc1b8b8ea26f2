import Foundation
import Primitives
import ScenarioLanguage

/// A driver named by `run --driver CMD`: the command, and who it said it is when greeted once before the run.
public struct DriverSpec: Sendable {
    /// The protocol versions this runner speaks; a driver answers `hello` with one of them.
    static let protocolVersions: ClosedRange<Int64> = 1...2
    static let latestProtocol = protocolVersions.upperBound

    let command: String
    public let name: String
    public let version: String
    /// The version the driver chose.
    let protocolVersion: Int64
    let capabilities: DriverCapabilities

    /// Why a driver could not be used at all.
    public struct ProbeFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts the driver once to learn its name, version and capabilities; the message says what went wrong.
    public static func probe(_ command: String, timeout: TimeInterval) throws(ProbeFailure) -> DriverSpec {
        do throws(StepFailure) {
            let connection = try DriverConnection(command: command, timeout: timeout)
            defer { connection.close() }
            return try greet(connection)
        } catch {
            throw ProbeFailure(description: error.message)
        }
    }

    /// `hello`: the version the driver chose (one this runner speaks) and what it said it can do.
    static func greet(_ connection: DriverConnection) throws(StepFailure) -> DriverSpec {
        let offer: [JSONValue.Member] = [
            .init("protocol", .number(String(latestProtocol))),
            .init("accepts", .array(protocolVersions.map { .number(String($0)) })),
        ]
        switch try connection.request("hello", offer) {
        case .failure(let error):
            throw .error(.driverError, "driver `\(connection.command)` refused hello: \(error.description)")
        case .success(let answer):
            guard let chosen = answer["protocol"]?.integerValue, protocolVersions.contains(chosen) else {
                throw .error(
                    .driverError,
                    "driver `\(connection.command)` speaks protocol \(answer["protocol"]?.text ?? "(none)"), "
                        + "this runner speaks \(protocolVersions.map(String.init).joined(separator: " and "))")
            }
            let capabilities: DriverCapabilities
            if chosen == 1 {
                let names: [String]
                if case .array(let list)? = answer["capabilities"] {
                    names = list.compactMap(\.stringValue)
                } else {
                    names = []
                }
                capabilities = .protocol1(names)
            } else {
                do throws(DriverWire.Problem) {
                    capabilities = try .protocol2(answer["capabilities"])
                } catch {
                    throw .error(.driverError, "driver `\(connection.command)`: a malformed hello: \(error)")
                }
            }
            return DriverSpec(
                command: connection.command, name: answer["name"]?.stringValue ?? connection.command,
                version: answer["version"]?.stringValue ?? "?", protocolVersion: chosen, capabilities: capabilities)
        }
    }

    /// Why this driver cannot run `scenario`, or nil when it can; `targetFaults` says the target can carry out
    /// the scenario's faults itself.
    package func unmetCapabilities(of scenario: Scenario, targetFaults: Bool) -> String? {
        let missing = DriverNeed.needs(of: scenario).filter { !$0.isMet(by: capabilities, targetFaults: targetFaults) }
        guard !missing.isEmpty else { return nil }
        var reason = "the driver \(name) lacks \(missing.sorted().map(\.description).joined(separator: ", "))"
        if missing.contains(.faults) {
            reason += ", and the target cannot carry out faults itself (GET /internal/info lists no faults)"
        }
        return reason + " (docs/driver-protocol.md §4)"
    }

    /// The scenario as this driver is held to it: an SDK with its own wording of errors is not asked for the
    /// messages (noted in the transcript).
    package func heldTo(_ scenario: Scenario, transcript: Transcript) -> Scenario {
        guard capabilities.ownErrorWording, scenario.assertsErrorMessages else { return scenario }
        transcript.add("error messages are not asserted: the driver \(name) words errors its own way (codes are)")
        return scenario.withoutErrorMessages
    }

    /// Whether the target must carry out the scenario's faults: it has some, and the driver cannot.
    package func needsTargetFaults(_ scenario: Scenario) -> Bool {
        scenario.hasFaults && !capabilities.faults
    }
}
